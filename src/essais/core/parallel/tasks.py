"""What a split search is made of: a task's result (its numbers and counters), how one sub-tree
is solved so that a stop reports what it did so far, and how a split run ended."""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, Protocol

from essais.core.engine import CountingSearch
from essais.core.errors import InvalidInput
from essais.core.limits import SearchControl, SearchStopped
from essais.core.result import Stats, Status


@dataclass(frozen=True)
class TaskResult:
    """What one sub-tree gave: the problem's numbers (a count, …) and the counters."""

    values: tuple[int, ...]
    stats: Stats


Solver = Callable[[Any, SearchControl], TaskResult]


def solve_subtree(
    search: Callable[[], tuple[int, ...]], so_far: Callable[[], tuple[int, ...]], counters: Callable[[], Stats]
) -> TaskResult:
    """One sub-tree, for a problem's solver: `search()` gives its values, `counters()` its
    counters (timed here). Stopped partway by a limit or a signal, the SearchStopped raised
    carries what it did so far (`so_far()`, counters) as its `partial` result."""
    started = time.perf_counter()

    def timed() -> Stats:
        stats = counters()
        stats.seconds = time.perf_counter() - started
        return stats

    try:
        values = search()
    except SearchStopped as stop:
        stop.partial = TaskResult(so_far(), timed())
        raise
    return TaskResult(values, timed())


def count_subtree(search: CountingSearch) -> TaskResult:
    """A sub-tree counted by a counting search built at its root: values (its solutions,)."""
    return solve_subtree(lambda: (search.count(),), lambda: (search.so_far(),), search.stats)


class Progress(Protocol):
    """A display told how far work has got: (done, total), e.g. finished sub-trees of all of
    them, or a sweep's steps; `note` a few words on the work under way (states, memory)."""

    def __call__(self, done: int, total: int, note: str = "") -> None: ...


@dataclass
class SplitRun:
    """The outcome of `run_split`: how it ended and every finished sub-tree's result."""

    status: Status
    total: int  # sub-trees in the split
    results: dict[int, TaskResult] = field(default_factory=dict)
    resumed: int = 0  # sub-trees read back from the checkpoint
    best: tuple[int, ...] = ()  # with run_split's best_of: the best shared at the end (a stopped run's too)
    partial: dict[int, TaskResult] = field(default_factory=dict)  # a stopped run: sub-trees stopped partway

    def nodes(self) -> int:
        return sum(result.stats.nodes for result in self.results.values())

    def every_result(self) -> Iterator[tuple[int, TaskResult]]:
        """The finished sub-trees' results, then those of the sub-trees a stop caught partway."""
        yield from self.results.items()
        yield from self.partial.items()

    def stats(self, seconds: float) -> Stats:
        """The counters of every sub-tree, finished (resumed ones included) or stopped partway,
        with this run's time."""
        summed = sum((result.stats for _, result in self.every_result()), Stats())
        summed.seconds = seconds
        return summed

    def to_dict(self) -> dict[str, int]:
        return {"done": len(self.results), "total": self.total, "resumed": self.resumed}


def workers_for(workers: int | None, engine: str) -> int:
    """The processes a count runs on: `workers` checked (a whole number, at least 1), or when
    None one per core for the numba engine (its counts split) and one for the python engine."""
    if workers is None:
        return default_workers() if engine == "numba" else 1
    if not isinstance(workers, int) or isinstance(workers, bool) or workers < 1:
        raise InvalidInput(f"workers: {workers!r} must be at least 1")
    return workers


def default_workers() -> int:
    """The cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1
