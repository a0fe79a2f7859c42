"""Depth first (000 §3.4, §5): the first solution, or every solution lazily; recursive as the
course notes write it, or with an explicit stack for deep searches."""

from __future__ import annotations

from collections.abc import Iterator

from essais.core.engine import MAX_PYTHON_DEPTH, SolutionStream, recursion_room
from essais.core.limits import Limits, limits_from
from essais.core.recording import StateLog
from essais.core.result import CountResult, Status
from essais.core.search.problem import A, Counter, S, SearchProblem, SearchResult, Solution, run_strategy


# -- depth first (000 §3.4, §5) -----------------------------------------------------------------
def _depth_first_recursive(problem: SearchProblem[S, A], counter: Counter) -> Iterator[Solution[S, A]]:
    """000 §3.4 AES, recursive, yielding every solution (000 §5: "simulate a failure")."""
    states: list[S] = [problem.initial()]
    actions: list[A] = []

    def aes(state: S) -> Iterator[Solution[S, A]]:
        depth = len(actions)
        counter.enter_node_at(depth)
        if problem.is_goal(state):
            counter.solution_found()
            counter.tell(StateLog.GOAL, state, states[-2] if depth else None, depth)
            yield Solution(list(states), list(actions))
            counter.leave_node()
            return
        if counter.max_depth is not None and depth >= counter.max_depth:
            counter.leave_node()
            return
        for action, successor in problem.successors(state):
            counter.tries += 1
            if problem.promising(successor, states):
                states.append(successor)
                actions.append(action)
                counter.tell(StateLog.ENTER, successor, state, depth + 1)
                yield from aes(successor)
                states.pop()
                actions.pop()
                counter.tell(StateLog.LEAVE, successor, state, depth + 1)
                counter.backtracks += 1
            else:
                counter.tell(StateLog.REFUSED, successor, state, depth + 1)
        counter.leave_node()

    with recursion_room(counter.max_depth or MAX_PYTHON_DEPTH // 2, "move"):
        counter.tell(StateLog.ENTER, states[0], None, 0)
        yield from aes(states[0])


def _depth_first_stack(problem: SearchProblem[S, A], counter: Counter) -> Iterator[Solution[S, A]]:
    """The same search with an explicit stack of successor iterators (001 §3.2's form): the
    same solutions in the same order and the same counters, with no recursion limit."""
    states: list[S] = [problem.initial()]
    actions: list[A] = []
    counter.tell(StateLog.ENTER, states[0], None, 0)
    counter.enter_node_at(0)
    if problem.is_goal(states[0]):
        counter.solution_found()
        counter.tell(StateLog.GOAL, states[0], None, 0)
        yield Solution(list(states), [])
        return
    pending = [iter(problem.successors(states[0]))]
    while pending:
        step = next(pending[-1], None)
        if step is None:  # every successor tried: leave this state
            pending.pop()
            counter.leave_node()
            if len(states) > 1:
                left = states.pop()
                actions.pop()
                counter.tell(StateLog.LEAVE, left, states[-1], len(states))
                counter.backtracks += 1
            continue
        action, successor = step
        counter.tries += 1
        if not problem.promising(successor, states):
            counter.tell(StateLog.REFUSED, successor, states[-1], len(states))
            continue
        counter.tell(StateLog.ENTER, successor, states[-1], len(states))
        states.append(successor)
        actions.append(action)
        counter.enter_node_at(len(actions))
        if problem.is_goal(successor):
            counter.solution_found()
            counter.tell(StateLog.GOAL, successor, states[-2], len(actions))
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
    return run_strategy("depth-first", lambda counter: next(strategy(problem, counter), None), limits, max_depth)


class AllSolutions(SolutionStream[Counter, Solution[S, A]]):
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
            lambda control: Counter(control, max_depth),
            lambda counter: strategy(problem, counter),
            CountResult(Status.COMPLETE, 0, method="depth-first", engine="python"),
        )

    @property
    def count(self) -> int:
        return self.result.count
