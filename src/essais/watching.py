"""Watch a search: `essais.watch("queens", 8)` runs the textbook search of a problem in the
python engine, recording each step placed, taken back or refused (the page that replays them)
and its search tree, and returns a `Watch` (`result`, `events`, `save(path)`, `to_html()`,
`tree_svg()`; a notebook shows the player inline). A search of one's own is watched too.

Examples
--------
>>> replay = watch("queens", 4)
>>> replay.result.columns, len(replay.events), len(replay.tree)
([1, 3, 0, 2], 39, 9)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from essais import api
from essais.coloring import watch_coloring
from essais.core.board import Move
from essais.core.errors import InvalidInput
from essais.core.recording import DEFAULT_EVENTS, StateLog, recording_states
from essais.core.search import SearchProblem, best_first, breadth_first, depth_first
from essais.core.tree import with_tree
from essais.cover import langford, polyomino
from essais.cover.watch import watch_cover
from essais.csp.draw import watch_csp
from essais.draw.player import Replay, Watch
from essais.draw.state_player import StateReplay
from essais.knights import watch_tour
from essais.queens import watch_queens
from essais.sudoku import watch_sudoku
from essais.swap import SwapPuzzle, knight_swap_004, load_puzzle, watch_study
from essais.uncrossed import watch_uncrossed


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


def _polyomino(board: str = "6x10", pieces: str = "pentominoes", *, fixed: bool = False, distinct: bool = False,
               **options: Any) -> Replay:  # fmt: skip
    return watch_cover(polyomino(board, pieces, fixed=fixed, distinct=distinct), **options)


def _langford(n: int, **options: Any) -> Replay:
    return watch_cover(langford(n), **options)


def _swap(puzzle: SwapPuzzle | str | None = None, goals: str | None = None, **options: Any) -> StateReplay:
    """004's study of a puzzle (004's knights by default, or a puzzle file) watched."""
    if puzzle is None:
        puzzle = knight_swap_004()
    elif not isinstance(puzzle, SwapPuzzle):
        puzzle = load_puzzle(puzzle)
    return watch_study(puzzle if goals is None else puzzle.with_goals(goals), **options)


WATCHED: dict[str, Callable[..., Replay]] = {
    "tour": _tour,
    "queens": _queens,
    "sudoku": watch_sudoku,
    "color": watch_coloring,
    "uncrossed": watch_uncrossed,
    "polyomino": _polyomino,
    "langford": _langford,
    "csp": watch_csp,
}


STRATEGIES: dict[str, Callable[..., Any]] = {
    "depth-first": depth_first,
    "breadth-first": breadth_first,
    "best-first": best_first,
}


def watch(
    problem: str | SearchProblem[Any, Any], *args: Any, max_events: int = DEFAULT_EVENTS, **options: Any
) -> Watch:
    """Run a search in the python engine, recording at most `max_events` events and, up to
    5,000 calls, its tree (depth first); the answers and counters are those of the search
    unwatched. `problem` is a command's name with the arguments of its top-level function
    (`watch("tour", 5, method="basic")`, `watch("queens", 8, count=True)`,
    `watch("sudoku", grid)`, `watch("color", "petersen", 3)`, `watch("uncrossed", 5)`, `watch("polyomino",
    "3x20")`, `watch("langford", 7, count=True)`, `watch("csp", model)` (an essais.csp.Model), `watch("swap")`
    for 004's knights or `watch("swap", "puzzle.toml")`), or a SearchProblem of one's own
    (`watch(Jugs(), strategy="breadth-first", draw=picture)`: see `watch_search`)."""
    if isinstance(problem, SearchProblem):
        return watch_search(problem, *args, max_events=max_events, **options)
    if problem == "swap":  # (a breadth-first study: its tree is drawn from its events)
        return _swap(*args, max_events=max_events, **options)
    if problem not in WATCHED:
        raise InvalidInput(
            f"problem: {problem!r} cannot be watched yet; essais.watch takes {', '.join(map(repr, WATCHED))}, "
            "'swap' or a SearchProblem of one's own"
        )
    replay, tree = with_tree(lambda: WATCHED[problem](*args, max_events=max_events, **options), strict=False)
    replay.tree = tree  # (incomplete past 5,000 calls: tree_svg then says so)
    return replay


def watch_search(
    problem: SearchProblem[Any, Any],
    strategy: str = "depth-first",
    *,
    draw: Callable[[Any], str] | None = None,
    max_events: int = DEFAULT_EVENTS,
    **options: Any,
) -> StateReplay:
    """A search of one's own (essais.core.search) watched: `strategy` (depth-first,
    breadth-first or best-first, with that function's `options`: limits, `max_depth`...)
    records each state put on the path, taken back or refused (depth first), or discovered and
    expanded (breadth and best first); the page draws each state with `draw(state)` (SVG or
    text; by default the state's text)."""
    if strategy not in STRATEGIES:
        raise InvalidInput(f"strategy: {strategy!r} is not one of {', '.join(STRATEGIES)}")
    if draw is not None and not callable(draw):
        raise InvalidInput(f"draw: {draw!r} is not a function of a state")
    log = StateLog(max_events)
    tree = None
    with recording_states(log):
        if strategy == "depth-first":
            result, tree = with_tree(lambda: depth_first(problem, **options), strict=False)
        else:
            result = STRATEGIES[strategy](problem, **options)
    title = f"essais: {type(problem).__name__}, {strategy}"
    return StateReplay(result, log, title, strategy, draw, tree, method=strategy)
