"""The uncrossed search's engines, built for the engine asked for, and the result made from the
best path a search found."""

from __future__ import annotations

from typing import TYPE_CHECKING

from essais.core.board import Board, SquarePath
from essais.core.engine import loading_compiled
from essais.core.limits import SearchControl
from essais.core.result import Stats, Status
from essais.uncrossed.model import (
    KnightGraph,
    Plan,
    UncrossedResult,
    UncrossedSearch,
)
from essais.uncrossed.textbook import TextbookUncrossed

if TYPE_CHECKING:
    from essais.uncrossed.compiled import CompiledUncrossed


def best_path_result(
    board: Board, closed: bool, plan: Plan, status: Status, best: list[int], stats: Stats, beat: int | None,
    split: dict[str, int] | None = None,
) -> UncrossedResult:  # fmt: skip
    """The search's best path as squares. With no path: the start alone (0 jumps), or with
    `beat`, none (a finished search then proved that no path has more than `beat` jumps)."""
    path = [board.square(index) for index in best]
    if not path and beat is None:
        path = [board.square(plan.squares[0])]
    if not path and status == Status.FOUND:
        status = Status.NONE
    return UncrossedResult(status, board, closed, SquarePath(path), stats, split, beat)


def make_search(graph: KnightGraph, closed: bool, engine: str, control: SearchControl, beat: int) -> UncrossedSearch:
    """The engine asked for; compiled code loads only then."""
    if engine == "numba":
        return compiled_search(graph, closed, control, beat)
    return TextbookUncrossed(graph, closed, control, beat)


def compiled_search(graph: KnightGraph, closed: bool, control: SearchControl, beat: int) -> CompiledUncrossed:
    """The numba engine (its compiled code loads only when asked for)."""
    with loading_compiled("uncrossed"):
        from essais.uncrossed.compiled import CompiledUncrossed

    return CompiledUncrossed(graph, closed, control, beat)
