"""004's study of a puzzle: the breadth-first layers, the reachable states and the farthest, the
shortest sequence of moves to a goal, and the search from both ends."""

from __future__ import annotations

from essais.core.limits import Limits, limits_from
from essais.core.result import Status
from essais.core.search import BreadthFirst, bidirectional
from essais.swap.model import SwapPuzzle, SwapResult


def study(
    puzzle: SwapPuzzle,
    *,
    bidirectional_too: bool = False,
    limits: Limits | None = None,
    time_limit: float | None = None,
    node_limit: int | None = None,
    memory_limit: int | str | None = None,
) -> SwapResult:
    """004's table for `puzzle`, every state reachable, the farthest ones and a shortest
    sequence of moves to a goal (status found; none when no goal can be reached; limit or
    interrupted when the search was stopped first); with `bidirectional_too`, also the search
    from both ends at once."""
    limits = limits_from(limits, time_limit, node_limit, memory_limit)
    search = BreadthFirst(puzzle, limits)
    layers = list(search)
    first_goal = next((layer.goals[0] for layer in layers if layer.goals), None)
    shortest = search.solution(first_goal) if first_goal is not None else None
    status = search.status if search.status != Status.COMPLETE else Status.FOUND if shortest else Status.NONE
    result = SwapResult(status, puzzle, layers, len(search.parent), shortest, search.stats)
    if bidirectional_too:
        result.meeting = bidirectional(puzzle, puzzle.goals, limits=limits, trace=result.meeting_layers)
    return result
