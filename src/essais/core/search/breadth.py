"""Breadth first by layers (004): the states reached at each depth, new and seen before, and the
goals; the shortest solution; and the search from both ends at once (bidirectional)."""

from __future__ import annotations

from collections.abc import Generator, Iterator, Sequence
from dataclasses import dataclass
from typing import Generic

from essais.core.limits import Limits, SearchControl, SearchStopped, limits_from
from essais.core.recording import StateLog
from essais.core.result import Stats, Status
from essais.core.search.problem import A, Counter, S, SearchProblem, SearchResult, Solution, rebuild, run_strategy


# -- breadth first by layers (004) ----------------------------------------------------------------
@dataclass
class Layer(Generic[S]):
    """004's line for one depth: states reached in fewer moves, states new at this depth, and
    the goal states among the new ones."""

    depth: int
    seen_before: int
    new: list[S]
    goals: list[S]


class BreadthFirst(Generic[S, A]):
    """Breadth-first search by layers (004's `gen`): iterate to get one Layer per depth, in
    order, until no new state appears. Every state is reached by a shortest sequence of moves,
    which `solution(state)` rebuilds."""

    def __init__(
        self, problem: SearchProblem[S, A], limits: Limits | None = None, max_depth: int | None = None
    ) -> None:
        self.problem, self.limits, self.max_depth = problem, limits, max_depth
        self.parent: dict[S, tuple[S, A] | None] = {}
        self.stats = Stats(depths=[])
        self.status = Status.COMPLETE

    def __iter__(self) -> Iterator[Layer[S]]:
        return self.layers()

    def layers(self) -> Generator[Layer[S], None, None]:
        """The layers, one per depth (closing the generator ends the search)."""
        problem = self.problem
        with SearchControl(self.limits) as control:
            counter = Counter(control)
            control.counters = counter.stats
            start = problem.initial()
            self.parent = {start: None}
            counter.tell(StateLog.DISCOVERED, start, None, 0)
            layer = [start]
            depth = 0
            try:
                while layer:
                    goals = [state for state in layer if problem.is_goal(state)]
                    for goal in goals:
                        link = self.parent[goal]
                        counter.tell(StateLog.GOAL, goal, None if link is None else link[0], depth)
                    yield Layer(depth, len(self.parent) - len(layer), layer, goals)
                    if depth == self.max_depth:
                        break
                    following = []
                    for state in layer:
                        counter.enter_node_at(depth)
                        link = self.parent[state]
                        counter.tell(StateLog.EXPANDED, state, None if link is None else link[0], depth)
                        for action, successor in problem.successors(state):
                            counter.tries += 1
                            if successor not in self.parent:
                                self.parent[successor] = (state, action)
                                following.append(successor)
                                counter.tell(StateLog.DISCOVERED, successor, state, depth + 1)
                    layer, depth = following, depth + 1
            except SearchStopped as stop:
                self.status = stop.status
            finally:
                self.stats = counter.stats()

    def solution(self, state: S) -> Solution[S, A]:
        """The shortest sequence of moves from the initial state to `state` (reached already)."""
        states, actions = [state], []
        link = self.parent[state]
        while link is not None:
            previous, action = link
            states.append(previous)
            actions.append(action)
            link = self.parent[previous]
        return Solution(states[::-1], actions[::-1])


def breadth_first(
    problem: SearchProblem[S, A],
    *,
    max_depth: int | None = None,
    limits: Limits | None = None,
    time_limit: float | None = None,
    node_limit: int | None = None,
    memory_limit: int | str | None = None,
) -> SearchResult[S, A]:
    """The shortest solution: the first goal in breadth-first order (at most `max_depth` moves
    away), or none."""
    limits = limits_from(limits, time_limit, node_limit, memory_limit)
    search = BreadthFirst(problem, limits, max_depth)
    layers = search.layers()
    for layer in layers:
        if layer.goals:
            layers.close()  # ends the search, which records its counters
            return SearchResult(Status.FOUND, search.solution(layer.goals[0]), search.stats, "breadth-first")
    status = Status.NONE if search.status == Status.COMPLETE else search.status
    return SearchResult(status, None, search.stats, "breadth-first")


# -- bidirectional -------------------------------------------------------------------------------
@dataclass
class Side:
    """One layer grown by the bidirectional search: which side, its depth there, the new states."""

    forward: bool
    depth: int
    new: int


def bidirectional(
    problem: SearchProblem[S, A],
    goals: Sequence[S],
    *,
    limits: Limits | None = None,
    time_limit: float | None = None,
    node_limit: int | None = None,
    memory_limit: int | str | None = None,
    trace: list[Side] | None = None,
) -> SearchResult[S, A]:
    """Breadth first from the initial state and backwards from the goal states (through
    `predecessors`) at once, a whole layer at a time on the smaller side, until the two meet:
    a shortest solution, found with far fewer states than a one-sided search. `trace`, if
    given, receives one Side per layer grown (004's gen2 table)."""

    limits = limits_from(limits, time_limit, node_limit, memory_limit)

    def search(counter: Counter) -> Solution[S, A] | None:
        start = problem.initial()
        forward: dict[S, tuple[S, A] | None] = {start: None}
        backward: dict[S, tuple[S, A] | None] = dict.fromkeys(goals)
        if start in backward:
            return Solution([start], [])
        ahead, behind = [start], list(backward)
        depths = {True: 0, False: 0}
        while ahead and behind:
            grow_forward = len(ahead) <= len(behind)
            depths[grow_forward] += 1
            depth = depths[grow_forward]
            layer = ahead if grow_forward else behind
            seen, other = (forward, backward) if grow_forward else (backward, forward)
            following = []
            meeting = None
            for state in layer:
                counter.enter_node_at(depth)
                steps = problem.successors(state) if grow_forward else problem.predecessors(state)
                for action, neighbour in steps:
                    counter.tries += 1
                    if neighbour not in seen:
                        seen[neighbour] = (state, action)
                        following.append(neighbour)
                        if meeting is None and neighbour in other:
                            meeting = neighbour
            if trace is not None:
                trace.append(Side(grow_forward, depth, len(following)))
            if meeting is not None:
                head = rebuild(forward, meeting)
                tail = rebuild(backward, meeting)  # from a goal back to the meeting state
                return Solution(head.states + tail.states[::-1][1:], head.actions + tail.actions[::-1])
            if grow_forward:
                ahead = following
            else:
                behind = following
        return None

    return run_strategy("bidirectional", search, limits)
