"""A count split at a level of the search tree: the roots of the sub-trees listed by one search
from the top (the nodes above them counted there), then each sub-tree counted apart by
run_split, for the same count and counters as one search (exact covers, models)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from essais.core.engine import Engine
from essais.core.limits import SearchControl, SearchStopped
from essais.core.parallel.settings import Settings
from essais.core.parallel.tasks import Solver
from essais.core.result import Stats, Status

SPLIT_TARGET = 1_000  # sub-trees enough to balance a cluster, or to resume from a checkpoint
PER_WORKER = 32  # sub-trees enough per process of this machine (each costs some 50 µs to set up:
# 12 queens' count on two processes 0.21 s in 3,734 sub-trees, 0.11 s in 110, 0.18 s on one)
MAX_SUBTREES = 50_000  # a level with more is not listed (the level above is split instead)


class FrontierSearch(Engine, Protocol):
    """A search from the top that lists the roots of a level's sub-trees (compiled engines)."""

    def frontier(self, level: int) -> Iterator[Any]: ...
    def so_far(self) -> int: ...
    def stats(self) -> Stats: ...


@dataclass
class SplitCount:
    """How a split count ended, the solutions counted, the counters, and the sub-trees done
    (core.parallel.SplitRun.to_dict; None when the listing itself stopped)."""

    status: Status
    count: int
    stats: Stats
    split: dict[str, int] | None


def split_count(
    problem: Mapping[str, Any],
    from_top: Callable[[SearchControl], FrontierSearch],
    task_of: Callable[[Any], Any],
    solve: Solver,
    *,
    nothing: Stats,
    settings: Settings,
    admits: Callable[[list[Any]], bool] | None = None,
) -> SplitCount:
    """Every solution counted: the roots listed by `from_top(control)` (at a level `admits`),
    each made a task by `task_of(root)` and counted by `solve` (run_split, as `settings` say);
    `nothing`: the counters of no search (the method's own counters at 0)."""
    with SearchControl(settings.limits) as control:
        level, roots, above, stopped = subtree_roots(lambda: from_top(control), nothing, split_target(settings),
                                                     admits)  # fmt: skip
        if stopped is not None:
            above[1].seconds = control.elapsed()
            return SplitCount(stopped, above[0], above[1], None)
        run = settings.run_split({**problem, "split": f"level {level}"}, [task_of(root) for root in roots], solve,
                                 control)  # fmt: skip
        counted = above[0] + sum(result.values[0] for _, result in run.every_result())
        stats = above[1] + run.stats(0.0)
        stats.seconds = control.elapsed()
        return SplitCount(run.status, counted, stats, run.to_dict())


def split_target(settings: Settings) -> int:
    """The sub-trees a split wants: PER_WORKER a process on this machine, SPLIT_TARGET on a
    cluster or with a checkpoint."""
    if settings.scheduler is not None or settings.checkpoint is not None:
        return SPLIT_TARGET
    return PER_WORKER * settings.workers


def subtree_roots(
    from_top: Callable[[], FrontierSearch], nothing: Stats, target: int = SPLIT_TARGET,
    admits: Callable[[list[Any]], bool] | None = None,
) -> tuple[int, list[Any], tuple[int, Stats], Status | None]:  # fmt: skip
    """The shallowest level with at least `target` nodes (or the deepest one, when no
    level has that many), with fewer than MAX_SUBTREES and whose nodes `admits` (None: any): the
    level, its nodes (as the search names them), the solutions and counters of the nodes above
    it, and what stopped the listing (None: nothing; then the solutions and counters are those
    seen so far)."""
    level, roots, above = 0, [()], (0, nothing)
    while len(roots) < target:
        search = from_top()
        deeper: list[Any] = []
        try:
            for root in search.frontier(level + 1):
                deeper.append(root)
                if len(deeper) > MAX_SUBTREES:
                    break
        except SearchStopped as stop:
            return level, roots, (search.so_far(), search.stats()), stop.status
        if not deeper or len(deeper) > MAX_SUBTREES or (admits is not None and not admits(deeper)):
            break
        level, roots, above = level + 1, deeper, (search.so_far(), search.stats())
    return level, roots, above, None
