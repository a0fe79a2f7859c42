"""The general scheme of 000 §3.3–3.4 as a library: a problem says where it starts, which moves
lead where, which states are goals and (optionally) which are promising; a strategy searches it
and returns the usual result, with the counters of SPEC §1.2 and the solution as a sequence of
states and moves.

>>> class Count(SearchProblem[int, str]):
...     "From 1, reach 10 by doubling or adding one."
...     def initial(self): return 1
...     def successors(self, n): return [("double", 2 * n), ("add one", n + 1)] if n < 10 else []
...     def is_goal(self, n): return n == 10
>>> breadth_first(Count()).solution.actions
['double', 'double', 'add one', 'double']
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Callable, Generator, Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from essais.core.engine import MAX_PYTHON_DEPTH, PythonCounters, SolutionStream, recursion_room, run_search
from essais.core.limits import Limits, SearchControl, SearchStopped, limits_from
from essais.core.result import CountResult, Result, Stats, Status, plural

S = TypeVar("S", bound=Hashable)  # a state
A = TypeVar("A")  # a move (action)


class SearchProblem(Generic[S, A]):
    """Override `initial`, `successors` and `is_goal`; `promising` and `priority` have defaults.

    Successors come as (move, state) pairs, in the order the search should try them."""

    def initial(self) -> S:
        raise NotImplementedError

    def successors(self, state: S) -> Iterable[tuple[A, S]]:
        raise NotImplementedError

    def is_goal(self, state: S) -> bool:
        raise NotImplementedError

    def promising(self, state: S, path: Sequence[S]) -> bool:
        """000's `prometteur`: may the search go on to `state` from the end of `path`? By
        default, when the state is not already on the path (no cycles)."""
        return state not in path

    def priority(self, state: S) -> float:
        """Best-first search expands the smallest priority first (first-fail: the most
        constrained state). By default every state ranks the same."""
        return 0.0

    def predecessors(self, state: S) -> Iterable[tuple[A, S]]:
        """For bidirectional search: (move, earlier state) pairs such that the move leads from the
        earlier state to `state`. By default, for reversible moves: each successor of `state`,
        with the move that leads from it back to `state`."""
        for _, earlier in self.successors(state):
            for action, after in self.successors(earlier):
                if after == state:
                    yield action, earlier
                    break


@dataclass
class Solution(Generic[S, A]):
    """A solution: the states from the initial one to a goal, and the moves between them."""

    states: list[S]
    actions: list[A]

    @property
    def length(self) -> int:
        return len(self.actions)


@dataclass(eq=False, repr=False)
class SearchResult(Result, Generic[S, A]):
    """How a search ended, its solution (None when there is none) and its counters."""

    status: Status
    solution: Solution[S, A] | None
    stats: Stats = field(default_factory=Stats)
    method: str | None = None
    engine: str | None = "python"

    def headline(self) -> str:
        length = self.solution.length if self.solution is not None else 0
        return self.ended(f"solved in {plural(length, 'move')}")

    def brief(self) -> str:
        return plural(self.solution.length, "move") if self.solution is not None else "no solution"

    @property
    def states(self) -> list[S] | None:
        return self.solution.states if self.solution is not None else None

    def text(self) -> str:
        if self.solution is None:
            return ""
        moves = " → ".join(str(action) for action in self.solution.actions)
        return f"{self.solution.length} moves: {moves}" if moves else "the initial state is a goal"

    def to_dict(self) -> dict[str, Any]:
        solution = self.solution
        return {
            "status": str(self.status),
            "found": self.found,
            "states": None if solution is None else [repr(state) for state in solution.states],
            "actions": None if solution is None else [str(action) for action in solution.actions],
            **self.ran_keys(),
            "stats": self.stats.to_dict(),
        }


class _Counter(PythonCounters):
    """The counters of a general search (core.engine.PythonCounters), with the nodes per depth
    and the depth limit; it is the engine that core.engine runs."""

    __slots__ = ("depths", "max_depth")

    def __init__(self, control: SearchControl, max_depth: int | None = None) -> None:
        super().__init__(control)
        self.depths: list[int] = []
        self.max_depth = max_depth

    def node(self, depth: int) -> None:
        self.enter_node()
        while len(self.depths) <= depth:
            self.depths.append(0)
        self.depths[depth] += 1

    def stats(self, depths: list[int] | None = None) -> Stats:
        return super().stats(list(self.depths) if depths is None else depths)


def _run(
    method: str,
    search: Callable[[_Counter], Solution[S, A] | None],
    limits: Limits | None,
    max_depth: int | None = None,
) -> SearchResult[S, A]:
    run = run_search(limits, lambda control: _Counter(control, max_depth), search)
    status = run.stopped or (Status.FOUND if run.value is not None else Status.NONE)
    return SearchResult(status, run.value, run.stats, method)


# -- depth first (000 §3.4, §5) -----------------------------------------------------------------
def _depth_first_recursive(problem: SearchProblem[S, A], counter: _Counter) -> Iterator[Solution[S, A]]:
    """000 §3.4 AES, recursive, yielding every solution (000 §5: "simulate a failure")."""
    states: list[S] = [problem.initial()]
    actions: list[A] = []

    def aes(state: S) -> Iterator[Solution[S, A]]:
        counter.node(len(actions))
        if problem.is_goal(state):
            yield Solution(list(states), list(actions))
            return
        if counter.max_depth is not None and len(actions) >= counter.max_depth:
            return
        for action, successor in problem.successors(state):
            counter.tries += 1
            if problem.promising(successor, states):
                states.append(successor)
                actions.append(action)
                yield from aes(successor)
                states.pop()
                actions.pop()
                counter.backtracks += 1

    with recursion_room(counter.max_depth or MAX_PYTHON_DEPTH // 2, "move"):
        yield from aes(states[0])


def _depth_first_stack(problem: SearchProblem[S, A], counter: _Counter) -> Iterator[Solution[S, A]]:
    """The same search with an explicit stack of successor iterators (001 §3.2's form): the
    same solutions in the same order and the same counters, with no recursion limit."""
    states: list[S] = [problem.initial()]
    actions: list[A] = []
    counter.node(0)
    if problem.is_goal(states[0]):
        yield Solution(list(states), [])
        return
    pending = [iter(problem.successors(states[0]))]
    while pending:
        step = next(pending[-1], None)
        if step is None:  # every successor tried: leave this state
            pending.pop()
            if len(states) > 1:
                states.pop()
                actions.pop()
                counter.backtracks += 1
            continue
        action, successor = step
        counter.tries += 1
        if not problem.promising(successor, states):
            continue
        states.append(successor)
        actions.append(action)
        counter.node(len(actions))
        if problem.is_goal(successor):
            yield Solution(list(states), list(actions))
            pending.append(iter(()))  # a goal is a leaf: leave it next
        elif counter.max_depth is not None and len(actions) >= counter.max_depth:
            pending.append(iter(()))
        else:
            pending.append(iter(problem.successors(successor)))


def depth_first(
    problem: SearchProblem[S, A],
    *,
    recursive: bool = True,
    max_depth: int | None = None,
    limits: Limits | None = None,
    time_limit: float | None = None,
    node_limit: int | None = None,
    memory_limit: int | str | None = None,
) -> SearchResult[S, A]:
    """The first solution in depth-first order (000 §3.4), or none."""
    limits = limits_from(limits, time_limit, node_limit, memory_limit)
    strategy = _depth_first_recursive if recursive else _depth_first_stack
    return _run("depth-first", lambda counter: next(strategy(problem, counter), None), limits, max_depth)


class AllSolutions(SolutionStream[_Counter, Solution[S, A]]):
    """Every solution in depth-first order (000 §5), lazily: iterate and stop whenever you
    like; `result` then holds the status (complete, found when stopped early, limit,
    interrupted), the number of solutions and the counters."""

    def __init__(
        self,
        problem: SearchProblem[S, A],
        *,
        recursive: bool = True,
        max_depth: int | None = None,
        limits: Limits | None = None,
        time_limit: float | None = None,
        node_limit: int | None = None,
        memory_limit: int | str | None = None,
    ) -> None:
        limits = limits_from(limits, time_limit, node_limit, memory_limit)
        strategy = _depth_first_recursive if recursive else _depth_first_stack
        super().__init__(
            limits,
            lambda control: _Counter(control, max_depth),
            lambda counter: strategy(problem, counter),
            CountResult(Status.COMPLETE, 0, method="depth-first", engine="python"),
        )

    @property
    def count(self) -> int:
        return self.result.count


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
            counter = _Counter(control)
            control.counters = counter.stats
            start = problem.initial()
            self.parent = {start: None}
            layer = [start]
            depth = 0
            try:
                while layer:
                    goals = [state for state in layer if problem.is_goal(state)]
                    yield Layer(depth, len(self.parent) - len(layer), layer, goals)
                    if depth == self.max_depth:
                        break
                    following = []
                    for state in layer:
                        counter.node(depth)
                        for action, successor in problem.successors(state):
                            counter.tries += 1
                            if successor not in self.parent:
                                self.parent[successor] = (state, action)
                                following.append(successor)
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


# -- best first ----------------------------------------------------------------------------------
def best_first(
    problem: SearchProblem[S, A],
    *,
    limits: Limits | None = None,
    time_limit: float | None = None,
    node_limit: int | None = None,
    memory_limit: int | str | None = None,
) -> SearchResult[S, A]:
    """Expand the state with the smallest `priority` first (ties in the order reached); the
    first goal expanded is the solution. Each state is expanded once."""
    limits = limits_from(limits, time_limit, node_limit, memory_limit)

    def search(counter: _Counter) -> Solution[S, A] | None:
        start = problem.initial()
        parent: dict[S, tuple[S, A] | None] = {start: None}
        depth = {start: 0}
        order = itertools.count()
        frontier = [(problem.priority(start), next(order), start)]
        while frontier:
            _, _, state = heapq.heappop(frontier)
            counter.node(depth[state])
            if problem.is_goal(state):
                return _rebuild(parent, state)
            for action, successor in problem.successors(state):
                counter.tries += 1
                if successor not in parent:
                    parent[successor] = (state, action)
                    depth[successor] = depth[state] + 1
                    heapq.heappush(frontier, (problem.priority(successor), next(order), successor))
        return None

    return _run("best-first", search, limits)


def _rebuild(parent: dict[S, tuple[S, A] | None], state: S) -> Solution[S, A]:
    states, actions = [state], []
    link = parent[state]
    while link is not None:
        state, action = link
        states.append(state)
        actions.append(action)
        link = parent[state]
    return Solution(states[::-1], actions[::-1])


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

    def search(counter: _Counter) -> Solution[S, A] | None:
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
                counter.node(depth)
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
                head = _rebuild(forward, meeting)
                tail = _rebuild(backward, meeting)  # from a goal back to the meeting state
                return Solution(head.states + tail.states[::-1][1:], head.actions + tail.actions[::-1])
            if grow_forward:
                ahead = following
            else:
                behind = following
        return None

    return _run("bidirectional", search, limits)
