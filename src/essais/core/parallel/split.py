"""run_split: every sub-tree not finished yet, in this process, on a pool or on a Dask cluster,
with an optional checkpoint."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from contextlib import suppress
from dataclasses import replace
from pathlib import Path
from typing import Any

from essais.core.errors import InvalidInput
from essais.core.limits import Limits, SearchControl, SearchStopped
from essais.core.parallel.checkpoint import Checkpoint
from essais.core.parallel.cluster import on_dask
from essais.core.parallel.pool import fork_context, on_pool
from essais.core.parallel.tasks import Progress, Solver, SplitRun, TaskResult
from essais.core.result import Status

ALONE_SECONDS = 0.05  # a split's first sub-trees run in this process this long before a pool starts
# A pool starts only for more work than this (seconds of one process, as the first sub-trees
# foretell): on 2026-12-01's Intel machine two processes ran at 1.95 times one's pace and a
# pool's start and messages cost some 0.03 s, so it pays from some 0.07 s of work left (12
# queens' count: 0.187 s on one process, 0.151 s with the 0.14 s left after the first 50 ms on a
# pool; 11 queens ends within the first 50 ms). Less work is finished here.
POOL_WORTH_SECONDS = 0.1


def run_split(
    problem: Mapping[str, Any],
    tasks: Sequence[Any],
    solve: Solver,
    *,
    control: SearchControl,
    workers: int = 1,
    scheduler: str | None = None,
    checkpoint: str | Path | None = None,
    progress: Progress | None = None,
    best_of: Callable[[TaskResult], tuple[int, ...] | None] | None = None,
    best_size: int = 1,
    best_start: tuple[int, ...] = (0,),
    minimise: bool = False,
) -> SplitRun:
    """Run every task not finished yet; `problem` (JSON-able) names the count in the checkpoint.

    With `best_of`, a branch and bound's best in a result (its value, then what has it, in at
    most `best_size` numbers; None: the result has none), the sub-trees of this machine share
    the best reached so far: `control.shared_best`, a multiprocessing.Array of `best_size`
    numbers, starts as `best_start` or the best of the results resumed (the greatest value, the
    least with `minimise`); a solver reads its value (slot 0) to prune, and writes its own best
    there, under the array's lock, when it is better. The results then depend on the timing,
    not the answer (on a Dask cluster each sub-tree prunes with its own best alone). The shared
    best at the end is `SplitRun.best`: a run stopped by a limit has it from unfinished
    sub-trees too."""
    if workers < 1:
        raise InvalidInput(f"workers: {workers} must be at least 1")
    store = Checkpoint(Path(checkpoint), {**problem, "subtrees": len(tasks)}) if checkpoint else None
    run = SplitRun(Status.COMPLETE, len(tasks))
    try:
        if store is not None:
            run.results = store.finished()
            run.resumed = len(run.results)
        todo = [(index, task) for index, task in enumerate(tasks) if index not in run.results]
        best = None
        if best_of is not None:
            best = fork_context().Array("q", best_size)
            kept = [found for result in run.results.values() if (found := best_of(result)) is not None]
            resumed = (min if minimise else max)(kept, key=lambda found: found[0], default=best_start)
            best[: len(resumed)] = resumed

        spent = [run.nodes()]  # nodes of every finished sub-tree, kept up to date

        def finished(index: int, result: TaskResult) -> Status | None:
            run.results[index] = result
            spent[0] += result.stats.nodes
            if store is not None:
                store.record(index, result)
            if progress is not None:
                progress(len(run.results), len(tasks))
            return control.stop_reason(spent[0])

        status = control.stop_reason(run.nodes())  # (a set-up that took the time already)
        if status is None:
            if scheduler is not None:
                status = on_dask(scheduler, workers, todo, solve, finished, control)
            elif workers > 1 and len(todo) > 1:
                status = _first_here(todo, solve, finished, control, progress, run, best)
                todo = [(index, task) for index, task in todo if index not in run.results]
                if status is None and todo:
                    _load_kernels(solve, todo[0][1])
                    status = on_pool(workers, todo, solve, finished, control, progress, run, best)
            else:
                control.shared_best = best
                status = _here(todo, solve, finished, control, progress, run)
        run.status = status or Status.COMPLETE
        if best is not None:
            run.best = tuple(best)
    finally:
        if store is not None:
            store.close()
    return run


def _first_here(
    todo: list[tuple[int, Any]],
    solve: Solver,
    finished: Callable[[int, TaskResult], Status | None],
    control: SearchControl,
    progress: Progress | None,
    run: SplitRun,
    best: Any,
) -> Status | None:
    """The first sub-trees in this process for ALONE_SECONDS, before a pool starts; when those
    foretell less than POOL_WORTH_SECONDS of work left (the time they took, by the sub-trees left
    over those done), the rest here too, for twice that at most: a small count ends here, never
    slower than one search for a pool's start and messages. A sub-tree that such a time stops
    partway is counted again on the pool (its partial counters dropped)."""

    def alone(seconds: float, tasks: list[tuple[int, Any]]) -> Status | None:
        """_here for `seconds` at most (a time limit of its own, unless the run's comes first):
        None when that time stopped it."""
        own = control.limits
        until = control.limit_elapsed() + seconds
        control.limits = replace(own, time=until if own.time is None else min(own.time, until))
        control.shared_best = best
        try:
            status = _here(tasks, solve, finished, control, progress, run)
        finally:
            control.limits, control.shared_best = own, None
        if status == Status.LIMIT and control.stop_reason(run.nodes()) is None:  # (this time, not the run's limit)
            run.partial.clear()
            return None
        return status

    started, before = control.limit_elapsed(), len(run.results)
    status = alone(ALONE_SECONDS, todo)
    done = len(run.results) - before
    if status is not None or done == 0:
        return status
    foretold = (control.limit_elapsed() - started) * (len(todo) - done) / done
    if foretold >= POOL_WORTH_SECONDS:
        return None
    return alone(2 * foretold + ALONE_SECONDS, [(index, task) for index, task in todo if index not in run.results])


def _load_kernels(solve: Solver, task: Any) -> None:
    """Run `task` in this process, stopped at its first node: the kernels it calls compile
    (or load from numba's cache) here, once, and the workers forked afterwards inherit them."""
    control = SearchControl(Limits(nodes=1))
    control.announce = False  # (the count proper says when it starts)
    with suppress(SearchStopped):
        solve(task, control)


def _here(
    todo: list[tuple[int, Any]],
    solve: Solver,
    finished: Callable[[int, TaskResult], Status | None],
    control: SearchControl,
    progress: Progress | None,
    run: SplitRun,
) -> Status | None:
    """One sub-tree after the other in this process: the node limit counts every sub-tree's
    nodes and stops the search at exactly that node."""
    if progress is not None:
        progress(len(run.results), run.total)
    spent = run.nodes()
    for index, task in todo:
        reason = control.stop_reason(spent)
        if reason is not None:
            return reason
        control.nodes_before = spent
        try:
            result = solve(task, control)
        except SearchStopped as stop:
            if stop.partial is not None:
                run.partial[index] = stop.partial
            return stop.status
        finally:
            control.nodes_before = 0
        spent += result.stats.nodes
        finished(index, result)
    return None
