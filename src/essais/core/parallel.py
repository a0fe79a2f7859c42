"""Counting in parallel (SPEC §3): a count split into independent sub-trees, run here, on a
process pool or on a Dask cluster, with an optional checkpoint file to resume from.

A problem describes its split as a list of picklable tasks and a module-level function
`solve(task, control) -> TaskResult` (pickled by reference, so worker processes import it).
`run_split` runs the tasks not yet finished and gives back every finished task's result; the
problem adds them up. Results come back in any order, so a problem's total must not depend on
it (a sum of counts does not).

In this process (`workers=1`, no scheduler) the limits bite inside a sub-tree, at the exact
node; on a pool or a cluster they are checked as each sub-tree comes back, and the sub-trees in
flight when the search stops are dropped. Either way only finished sub-trees count, and with a
checkpoint every finished sub-tree is committed at once: an interrupted count (Ctrl-C, a limit,
even kill -9) resumes where it stopped and ends with exactly the same total.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import signal
import sqlite3
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from multiprocessing.pool import Pool
from pathlib import Path
from typing import Any

from essais.core.errors import InvalidInput
from essais.core.limits import SearchControl, SearchStopped
from essais.core.result import Stats, Status

POLL_SECONDS = 0.1  # how often the main process looks at the clock and Ctrl-C while workers run
DASK_CONNECT_SECONDS = 10  # how long to try to reach a Dask scheduler


@dataclass(frozen=True)
class TaskResult:
    """What one sub-tree gave: the problem's numbers (a count, …) and the counters."""

    values: tuple[int, ...]
    stats: Stats


Solver = Callable[[Any, SearchControl], TaskResult]
Progress = Callable[[int, int], None]  # (finished sub-trees, all sub-trees)


@dataclass
class SplitRun:
    """The outcome of `run_split`: how it ended and every finished sub-tree's result."""

    status: Status
    total: int  # sub-trees in the split
    results: dict[int, TaskResult] = field(default_factory=dict)
    resumed: int = 0  # sub-trees read back from the checkpoint

    def nodes(self) -> int:
        return sum(result.stats.nodes for result in self.results.values())

    def stats(self, seconds: float) -> Stats:
        """The counters of every finished sub-tree (resumed ones included), with this run's time."""
        summed = sum((result.stats for result in self.results.values()), Stats())
        return Stats(summed.nodes, summed.tries, summed.backtracks, seconds)

    def to_dict(self) -> dict[str, int]:
        return {"done": len(self.results), "total": self.total, "resumed": self.resumed}


def default_workers() -> int:
    """The cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


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
) -> SplitRun:
    """Run every task not finished yet; `problem` (JSON-able) names the count in the checkpoint."""
    if workers < 1:
        raise InvalidInput(f"workers: {workers} must be at least 1")
    store = Checkpoint(Path(checkpoint), {**problem, "subtrees": len(tasks)}) if checkpoint else None
    run = SplitRun(Status.COMPLETE, len(tasks))
    try:
        if store is not None:
            run.results = store.finished()
            run.resumed = len(run.results)
        todo = [(index, task) for index, task in enumerate(tasks) if index not in run.results]

        spent = [run.nodes()]  # nodes of every finished sub-tree, kept up to date

        def finished(index: int, result: TaskResult) -> Status | None:
            run.results[index] = result
            spent[0] += result.stats.nodes
            if store is not None:
                store.record(index, result)
            if progress is not None:
                progress(len(run.results), len(tasks))
            return control.stop_reason(spent[0])

        if scheduler is not None:
            status = _on_dask(scheduler, workers, todo, solve, finished, control)
        elif workers > 1 and len(todo) > 1:
            status = _on_pool(workers, todo, solve, finished, control, progress, run)
        else:
            status = _here(todo, solve, finished, control, progress, run)
        run.status = status or Status.COMPLETE
    finally:
        if store is not None:
            store.close()
    return run


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
            return stop.status
        finally:
            control.nodes_before = 0
        spent += result.stats.nodes
        finished(index, result)
    return None


def _solve_in_worker(job: tuple[Solver, list[tuple[int, Any]]]) -> list[tuple[int, TaskResult]]:
    """A worker runs whole sub-trees (a few at a time, fewer messages): the main process
    watches the limits."""
    solve, tasks = job
    return [(index, solve(task, SearchControl())) for index, task in tasks]


def _ignore_ctrl_c() -> None:
    """Ctrl-C reaches every process of the terminal's group: only the main process handles it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def process_pool(workers: int) -> Pool:
    """A pool of worker processes that leave Ctrl-C to the main process. Forked where the
    system can: workers inherit the compiled kernels (no import, no compilation). Create it
    before any progress display starts its thread."""
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else None)
    return context.Pool(workers, initializer=_ignore_ctrl_c)


def _on_pool(
    workers: int,
    todo: list[tuple[int, Any]],
    solve: Solver,
    finished: Callable[[int, TaskResult], Status | None],
    control: SearchControl,
    progress: Progress | None,
    run: SplitRun,
) -> Status | None:
    """A process pool on this machine."""
    size = max(1, len(todo) // (workers * 64))  # still fine-grained enough to balance the load
    jobs = [(solve, todo[start : start + size]) for start in range(0, len(todo), size)]
    with process_pool(min(workers, len(jobs))) as pool:
        results = pool.imap_unordered(_solve_in_worker, jobs)
        if progress is not None:
            progress(len(run.results), run.total)
        while True:
            try:
                done = results.next(timeout=POLL_SECONDS)
            except multiprocessing.TimeoutError:
                reason = control.stop_reason(0)
                if reason is not None:
                    return reason  # leaving the `with` terminates the workers
                continue
            except StopIteration:
                return None
            for index, result in done:
                reason = finished(index, result)
                if reason is not None:
                    return reason


def _on_dask(
    scheduler: str,
    workers: int,
    todo: list[tuple[int, Any]],
    solve: Solver,
    finished: Callable[[int, TaskResult], Status | None],
    control: SearchControl,
) -> Status | None:
    """A Dask cluster: `scheduler` is its address (tcp://host:8786), or `local` for a cluster of
    `workers` processes on this machine. Its workers must have essais installed."""
    try:
        from dask.distributed import Client, LocalCluster, as_completed
    except ImportError:
        raise InvalidInput("--scheduler: Dask is not installed (pip install 'essais[dask]')") from None
    cluster = None
    try:
        if scheduler == "local":
            cluster = LocalCluster(n_workers=workers, threads_per_worker=1, dashboard_address=None)
            client = Client(cluster)
        else:
            client = Client(scheduler, timeout=DASK_CONNECT_SECONDS)
    except (OSError, TimeoutError, ValueError) as error:
        if cluster is not None:
            cluster.close()
        raise InvalidInput(f"--scheduler {scheduler}: cannot connect ({error})") from None
    try:
        futures = client.map(_solve_in_worker, [(solve, [item]) for item in todo], pure=False)
        for future in as_completed(futures):
            [(index, result)] = future.result()
            reason = finished(index, result)
            if reason is not None:
                client.cancel(futures)
                return reason
        return None
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


class Checkpoint:
    """An SQLite file (standard library) of finished sub-trees. Each is committed on its own,
    so a crash loses only the sub-trees in flight. The file records the count it belongs to and
    refuses to resume another."""

    def __init__(self, path: Path, problem: Mapping[str, Any]) -> None:
        self.path = path
        recorded_as = json.dumps(dict(problem), sort_keys=True)
        try:
            # autocommit: every INSERT is its own transaction
            self.connection = sqlite3.connect(path, isolation_level=None)
            self.connection.execute("CREATE TABLE IF NOT EXISTS count_ (problem TEXT NOT NULL)")
            self.connection.execute(
                "CREATE TABLE IF NOT EXISTS subtree (id INTEGER PRIMARY KEY, result_values TEXT NOT NULL,"
                " nodes INTEGER, tries INTEGER, backtracks INTEGER, seconds REAL)"
            )
            row = self.connection.execute("SELECT problem FROM count_").fetchone()
            if row is None:
                self.connection.execute("INSERT INTO count_ VALUES (?)", (recorded_as,))
        except sqlite3.Error as error:
            raise InvalidInput(f"checkpoint {path}: not a usable checkpoint file ({error})") from None
        if row is not None and row[0] != recorded_as:
            self.close()
            theirs, ours = _describe(json.loads(row[0])), _describe(problem)
            raise InvalidInput(f"checkpoint {path}: it records another count ({theirs}), not this one ({ours})")

    def finished(self) -> dict[int, TaskResult]:
        rows: Iterable[tuple[int, str, int, int, int, float]] = self.connection.execute(
            "SELECT id, result_values, nodes, tries, backtracks, seconds FROM subtree"
        )
        return {
            index: TaskResult(tuple(json.loads(values)), Stats(nodes, tries, backtracks, seconds))
            for index, values, nodes, tries, backtracks, seconds in rows
        }

    def record(self, index: int, result: TaskResult) -> None:
        stats = result.stats
        self.connection.execute(
            "INSERT OR REPLACE INTO subtree VALUES (?, ?, ?, ?, ?, ?)",
            (index, json.dumps(list(result.values)), stats.nodes, stats.tries, stats.backtracks, stats.seconds),
        )

    def close(self) -> None:
        self.connection.close()


def _describe(problem: Mapping[str, Any]) -> str:
    return " ".join(f"{key}={value}" for key, value in problem.items())
