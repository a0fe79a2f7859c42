"""A problem of one's own (000 §3.3): where it starts, which moves lead where, which states are
goals and which promising; a solution (the states and the moves between them); the result of a
search, and the counters every strategy keeps."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from essais.core.engine import PythonCounters, run_search
from essais.core.limits import Limits, SearchControl
from essais.core.recording import states_being_recorded
from essais.core.result import Result, Stats, Status, plural

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


class Counter(PythonCounters):
    """The counters of a general search (core.engine.PythonCounters, with its nodes per depth)
    and the depth limit; it is the engine that core.engine runs."""

    __slots__ = ("max_depth", "record")

    def __init__(self, control: SearchControl, max_depth: int | None = None) -> None:
        super().__init__(control)
        self.max_depth = max_depth
        self.record = states_being_recorded()  # a search being watched (essais.watch), if any
        if self.record is not None:
            self.record.counters = self

    def tell(self, kind: int, state: object, parent: object | None, depth: int) -> None:
        """An event of the search (StateLog's kinds), told to the log of a watched search."""
        if self.record is not None:
            self.record(kind, state, parent, depth)


def run_strategy(
    method: str,
    search: Callable[[Counter], Solution[S, A] | None],
    limits: Limits | None,
    max_depth: int | None = None,
) -> SearchResult[S, A]:
    run = run_search(limits, lambda control: Counter(control, max_depth), search)
    status = run.status
    return SearchResult(status, run.value, run.stats, method)


def rebuild(parent: dict[S, tuple[S, A] | None], state: S) -> Solution[S, A]:
    states, actions = [state], []
    link = parent[state]
    while link is not None:
        state, action = link
        states.append(state)
        actions.append(action)
        link = parent[state]
    return Solution(states[::-1], actions[::-1])
