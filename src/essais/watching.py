"""Watch a search: `essais.watch("queens", 8)` runs the textbook search of a problem in the
python engine, recording each step placed and taken back (the page that replays them) and its
search tree, and returns a `Replay` (`result`, `events`, `save(path)`, `to_html()`,
`tree_svg()`; a notebook shows the player inline).

>>> replay = watch("queens", 4)
>>> replay.result.columns, len(replay.events), len(replay.tree)
([1, 3, 0, 2], 12, 9)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from essais import api
from essais.coloring import watch_coloring
from essais.core.board import Move
from essais.core.errors import InvalidInput
from essais.core.recording import DEFAULT_EVENTS, with_tree
from essais.draw.player import Replay
from essais.knights import watch_tour
from essais.queens import watch_queens
from essais.sudoku import watch_sudoku


def _tour(
    size: Any,
    start: Any = None,
    *,
    closed: bool = False,
    moves: Sequence[Move] | None = None,
    method: str | None = None,
    **options: Any,
) -> Replay:
    return watch_tour(api.tour_problem(size, start, closed, moves), method=method, **options)


def _queens(n: Any, **options: Any) -> Replay:
    return watch_queens(n, **options)


WATCHED: dict[str, Callable[..., Replay]] = {
    "tour": _tour,
    "queens": _queens,
    "sudoku": watch_sudoku,
    "color": watch_coloring,
}


def watch(problem: str, *args: Any, max_events: int = DEFAULT_EVENTS, **options: Any) -> Replay:
    """Run `problem`'s search (`tour`, `queens`, `sudoku` or `color`, with the arguments of its
    top-level function: `watch("tour", 5, method="basic")`, `watch("queens", 8, count=True)`,
    `watch("sudoku", grid)`, `watch("color", "petersen", 3)`) in the python engine, recording
    at most `max_events` events and, up to 5,000 calls, its tree. The answers and counters are
    those of the search unwatched."""
    if problem not in WATCHED:
        raise InvalidInput(
            f"problem: {problem!r} cannot be watched yet; essais.watch takes {', '.join(map(repr, WATCHED))}"
        )
    replay, tree = with_tree(lambda: WATCHED[problem](*args, max_events=max_events, **options), strict=False)
    replay.tree = tree  # (incomplete past 5,000 calls: tree_svg then says so)
    return replay
