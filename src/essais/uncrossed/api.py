"""The longest uncrossed knight's path (SPEC §2.3): found and proved optimal by branch and bound.

>>> from essais.core.board import Board
>>> result = longest_uncrossed(Board(5, 5), engine="python")
>>> result.jumps, result.optimal
(10, True)
"""

from __future__ import annotations

from essais.core.board import Board
from essais.core.engine import check_memory, loading_compiled, run_search
from essais.core.errors import InvalidInput
from essais.core.limits import Limits, SearchControl
from essais.core.result import Status
from essais.uncrossed.model import (
    BYTES_PER_SQUARE,
    MAX_SQUARES,
    METHODS,
    KnightGraph,
    Uncrossed,
    UncrossedSearch,
    closed_plan,
    search_plan,
)
from essais.uncrossed.textbook import TextbookUncrossed


def longest_uncrossed(
    board: Board,
    *,
    closed: bool = False,
    engine: str | None = None,
    limits: Limits | None = None,
) -> Uncrossed:
    """The longest uncrossed knight's path on the board, proved optimal unless a limit or
    Ctrl-C stops the search first (then the best path so far, `optimal` false)."""
    _, engine = METHODS.resolve(None, engine)
    if not isinstance(board, Board):
        raise InvalidInput(f"board: {board!r} is not a Board (use Board(rows, cols) or Board.parse('8'))")
    if board.n_squares > MAX_SQUARES:
        raise InvalidInput(
            f"board: {board} has {board.n_squares:,} squares; the search takes boards of at most {MAX_SQUARES:,}"
        )
    check_memory(BYTES_PER_SQUARE * board.n_squares, f"the uncrossed paths of the {board} board", limits)
    plan = closed_plan(board) if closed else search_plan(board)
    run = run_search(
        limits, lambda control: _make_search(board, closed, engine, control), lambda search: search.run(plan)
    )
    best = run.engine.best if run.engine is not None else []  # (no engine: stopped while it was made)
    path = [board.square(index) for index in best] or [board.square(plan.squares[0])]
    return Uncrossed(run.stopped or Status.FOUND, board, closed, path, run.stats)


def _make_search(board: Board, closed: bool, engine: str, control: SearchControl) -> UncrossedSearch:
    """The engine, its graph made under the limits; compiled code loads only when asked for."""
    graph = KnightGraph.of(board, control.check_setup)
    if engine == "numba":
        with loading_compiled("uncrossed"):
            from essais.uncrossed.compiled import CompiledUncrossed

        return CompiledUncrossed(graph, closed, control)
    return TextbookUncrossed(graph, closed, control)
