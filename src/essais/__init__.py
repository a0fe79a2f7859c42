"""essais: backtracking and state-space search, with the counters to study it.

The problem packages (essais.knights, essais.uncrossed, essais.queens, essais.sudoku,
essais.coloring, essais.cover), essais.swap and essais.maze offer every option; essais.core is what they share.
Importing essais loads no compiled code: the numba engines compile (or load from their cache)
on first use.

Examples
--------
Each problem in two lines:

>>> import essais
>>> essais.count_queens(8).count
92
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from essais.api import (
        chromatic_number,
        color_graph,
        count_queens,
        count_tours,
        estimate_tour_count,
        estimate_uncrossed,
        find_tour,
        longest_uncrossed,
        solve_sudoku,
    )
    from essais.comparison import Comparison, compare
    from essais.core.board import Board
    from essais.core.errors import EssaisError, InvalidInput
    from essais.core.limits import Limits
    from essais.core.result import CountResult, Result, Stats, Status
    from essais.cover.api import count_covers, solve_cover
    from essais.csp.api import count_csp, solve_csp
    from essais.csp.model import Model
    from essais.warming import warm_up
    from essais.watching import watch

# Loaded on first use (PEP 562), so that `import essais.cli` costs nothing before the command
# line has taken charge of Ctrl-C.
_WHERE = {
    "Board": "essais.core.board",
    "Comparison": "essais.comparison",
    "CountResult": "essais.core.result",
    "EssaisError": "essais.core.errors",
    "InvalidInput": "essais.core.errors",
    "Model": "essais.csp.model",
    "Limits": "essais.core.limits",
    "Result": "essais.core.result",
    "Stats": "essais.core.result",
    "Status": "essais.core.result",
    "chromatic_number": "essais.api",
    "color_graph": "essais.api",
    "compare": "essais.comparison",
    "watch": "essais.watching",
    "count_covers": "essais.cover.api",
    "count_csp": "essais.csp.api",
    "count_queens": "essais.api",
    "count_tours": "essais.api",
    "estimate_tour_count": "essais.api",
    "estimate_uncrossed": "essais.api",
    "find_tour": "essais.api",
    "longest_uncrossed": "essais.api",
    "solve_cover": "essais.cover.api",
    "solve_csp": "essais.csp.api",
    "solve_sudoku": "essais.api",
    "warm_up": "essais.warming",
}
__all__ = [
    "Board",
    "Comparison",
    "CountResult",
    "EssaisError",
    "InvalidInput",
    "Limits",
    "Model",
    "Result",
    "Stats",
    "Status",
    "chromatic_number",
    "color_graph",
    "compare",
    "count_covers",
    "count_csp",
    "count_queens",
    "count_tours",
    "estimate_tour_count",
    "estimate_uncrossed",
    "find_tour",
    "longest_uncrossed",
    "solve_cover",
    "solve_csp",
    "solve_sudoku",
    "warm_up",
    "watch",
]


def __getattr__(name: str) -> Any:
    if name not in _WHERE:
        raise AttributeError(f"module 'essais' has no attribute {name!r}")
    value = getattr(importlib.import_module(_WHERE[name]), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_WHERE])


__version__ = "0.1.0"
