"""essais: backtracking and state-space search, with the counters to study it.

Each problem in two lines:

>>> import essais
>>> essais.count_queens(8).count
92

The problem packages (essais.knights, essais.uncrossed, essais.queens, essais.sudoku,
essais.coloring), essais.swap and essais.maze offer every option; essais.core is what they share.
Importing essais loads no compiled code: the numba engines compile (or load from their cache)
on first use.
"""

from essais.api import (
    chromatic_number,
    color_graph,
    count_queens,
    count_tours,
    find_tour,
    longest_uncrossed,
    solve_sudoku,
)
from essais.core.board import Board
from essais.core.errors import EssaisError, InvalidInput
from essais.core.limits import Limits
from essais.core.result import CountResult, Result, Stats, Status

__all__ = [
    "Board",
    "CountResult",
    "EssaisError",
    "InvalidInput",
    "Limits",
    "Result",
    "Stats",
    "Status",
    "chromatic_number",
    "color_graph",
    "count_queens",
    "count_tours",
    "find_tour",
    "longest_uncrossed",
    "solve_sudoku",
]
__version__ = "0.1.0"
