"""Counting in parallel (SPEC §3): a count split into independent sub-trees, run here, on a
process pool or on a Dask cluster, with an optional checkpoint file to resume from.

A problem describes its split as a list of picklable tasks and a module-level function
`solve(task, control) -> TaskResult` (pickled by reference, so worker processes import it).
`run_split` runs the tasks not yet finished and gives back every finished task's result; the
problem adds them up. Results come back in any order, so a problem's total must not depend on
it (a sum of counts does not).

In this process (`workers=1`, no scheduler) the limits bite inside a sub-tree, at the exact
node. On a pool the workers add their nodes to one shared counter as they go, so the node limit
stops them all within a slice each, and the main process checks the time and Ctrl-C ten times a
second; on a Dask cluster the limits are checked as each sub-tree comes back. When the search
stops, the sub-trees in flight in this process or on the pool report what they did so far
(`SplitRun.partial`: their counts so far and their counters, exact), the pool's workers told to
stop by a shared flag and given STOP_GRACE_SECONDS to answer; on a Dask cluster they are
dropped. With a checkpoint every finished sub-tree is committed at once (partial ones are not):
an interrupted count (Ctrl-C, a limit, even kill -9) resumes where it stopped and ends with
exactly the same total.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import hashlib
import json
import multiprocessing
import os
import signal
import sqlite3
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import suppress
from dataclasses import dataclass, field
from itertools import islice
from multiprocessing.pool import Pool
from pathlib import Path
from typing import Any, NoReturn

from essais.core.errors import InvalidInput
from essais.core.limits import STOP_STATUSES, Limits, SearchControl, SearchStopped
from essais.core.result import Stats, Status
from essais.core.signals import STOP_SIGNALS, holding

POLL_SECONDS = 0.1  # how often the main process looks at the clock and Ctrl-C while workers run
DASK_CONNECT_SECONDS = 10  # how long to try to reach a Dask scheduler
STOP_GRACE_SECONDS = 2.0  # how long stopped workers have to report their sub-trees so far (a slice lasts 0.05 s)


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


Progress = Callable[[int, int], None]  # (finished sub-trees, all sub-trees)


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
    best_of: Callable[[TaskResult], tuple[int, ...]] | None = None,
    best_size: int = 1,
) -> SplitRun:
    """Run every task not finished yet; `problem` (JSON-able) names the count in the checkpoint.

    With `best_of`, a branch and bound's best in a result (its value, then what has it, in at
    most `best_size` numbers), the sub-trees of this machine share the best reached so far:
    `control.shared_best`, a multiprocessing.Array of `best_size` numbers, starts as the best
    of the results resumed; a solver reads its value (slot 0) to prune, and writes its own best
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
            best = _fork_context().Array("q", best_size)
            resumed = max((best_of(result) for result in run.results.values()), default=(0,))
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
                status = _on_dask(scheduler, workers, todo, solve, finished, control)
            elif workers > 1 and len(todo) > 1:
                _load_kernels(solve, todo[0][1])
                status = _on_pool(workers, todo, solve, finished, control, progress, run, best)
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


Job = tuple[Solver, list[tuple[int, Any]], int | None]  # (solve, its tasks, the node limit)
Done = tuple[int, TaskResult | None, Status | None]  # a sub-tree's index, result, and what stopped it partway
_SPENT: list[Any] = []  # in a worker of a pool: the nodes spent by every worker (a shared Value)
_BEST: list[Any] = []  # in a worker of a pool: the best shared by the sub-trees (run_split's best_of)
_STOP: list[Any] = []  # in a worker of a pool: the main process's word to stop (SearchControl.stop_flag)


def _solve_in_worker(job: Job) -> list[Done]:
    """A worker runs whole sub-trees (a few at a time, fewer messages): the main process
    watches the time and Ctrl-C, and sets the stop flag to end the workers' sub-trees. The node
    limit is shared: every worker adds its nodes to one counter as it goes. A sub-tree stopped
    partway comes back with what it did so far (None where its solver cannot say) and why."""
    solve, tasks, node_limit = job
    spent = _SPENT[0] if _SPENT else None
    stop_flag = _STOP[0] if _STOP else None
    done: list[Done] = []
    for index, task in tasks:
        if stop_flag is not None and stop_flag.value:  # stopped before this sub-tree began
            return done
        control = SearchControl(Limits(nodes=node_limit), shared=spent if node_limit is not None else None)
        control.shared_best = _BEST[0] if _BEST else None
        control.stop_flag = stop_flag
        try:
            result = solve(task, control)
        except SearchStopped as stop:
            return [*done, (index, stop.partial, stop.status)]
        if spent is not None:
            with holding(spent):
                spent.value += result.stats.nodes - control.nodes_shared
        done.append((index, result, None))
    return done


def _start_worker(spent: Any = None, best: Any = None, stop: Any = None) -> None:
    """Ctrl-C reaches every process of the terminal's group: only the main process handles it.
    SIGTERM, which the main process sends to stop its workers, ends a worker at once. The two
    were blocked while the worker was forked (process_pool): a signal that came since is
    handled now, as these handlers say."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    _die_with_parent()
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, STOP_SIGNALS)
    _SPENT[:] = [spent] if spent is not None else []
    _BEST[:] = [best] if best is not None else []
    _STOP[:] = [stop] if stop is not None else []


def _die_with_parent() -> None:
    """On Linux, a worker is killed when the process that forked it ends, however it ends (kill
    -9 included): orphans would go on with their sub-trees for hours."""
    forked_by = multiprocessing.parent_process()
    parent = forked_by.pid if forked_by is not None else os.getppid()
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    except (OSError, AttributeError):  # not Linux: the pool's own clean-up only
        return
    if os.getppid() != parent:  # the parent ended before the call
        os._exit(1)


PR_SET_PDEATHSIG = 1  # <sys/prctl.h>


def _fork_context() -> Any:
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if "fork" in methods else None)


def process_pool(workers: int, spent: Any = None, best: Any = None, stop: Any = None) -> Pool:
    """A pool of worker processes that leave Ctrl-C to the main process (and share `spent`, a
    counter of nodes, `best`, a branch and bound's best, and `stop`, the word to stop, when
    given). Forked where the
    system can: workers inherit the compiled kernels (no import, no compilation). Create it
    before any progress display starts its thread. Ctrl-C and SIGTERM are blocked while the
    workers are forked (and for good in the pool's own threads, which fork replacements): a
    signal then waits, neither lost nor fatal to the main process with its workers left
    behind; each worker unblocks them once its handlers are set (_start_worker)."""
    blocking = hasattr(signal, "pthread_sigmask")
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, STOP_SIGNALS) if blocking else None
    try:
        return _fork_context().Pool(workers, initializer=_start_worker, initargs=(spent, best, stop))
    finally:
        if previous is not None:
            signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def map_in_order(function: Callable[[Any], Any], jobs: Iterable[Any], workers: int, ahead: int = 2) -> Iterator[Any]:
    """`function(job)` for each job, in the jobs' order, on `workers` forked processes (in this
    one for a single worker), with at most `ahead` jobs a worker handed out at a time: the jobs
    are drawn as the work goes, so that a stream of any length takes flat memory. `function`
    must be a module's function (the workers receive it by name)."""
    if workers == 1:
        yield from map(function, jobs)
        return
    jobs = iter(jobs)
    # the first job here: its kernels compile (or load from numba's cache) once, in this
    # process, and the workers forked next inherit them (it is given once they are forked)
    first = [function(job) for job in islice(jobs, 1)]
    with process_pool(workers) as pool:
        yield from first
        pending: deque[Any] = deque()
        for job in jobs:
            pending.append(pool.apply_async(function, (job,)))
            if len(pending) >= workers * ahead:
                yield pending.popleft().get()
        while pending:
            yield pending.popleft().get()


def _on_pool(
    workers: int,
    todo: list[tuple[int, Any]],
    solve: Solver,
    finished: Callable[[int, TaskResult], Status | None],
    control: SearchControl,
    progress: Progress | None,
    run: SplitRun,
    best: Any,
) -> Status | None:
    """A process pool on this machine; the workers share one count of the nodes spent (the
    finished sub-trees' to begin with), which the node limit bites on, and `best` if given.
    When the count must stop, the workers are told so and their sub-trees in flight report what
    they did so far (`run.partial`) before the pool ends."""
    size = max(1, len(todo) // (workers * 64))  # still fine-grained enough to balance the load
    node_limit = control.limits.nodes
    jobs: list[Job] = [(solve, todo[start : start + size], node_limit) for start in range(0, len(todo), size)]
    spent = _fork_context().Value("q", run.nodes())
    stop_flag = _fork_context().Value("b", 0)
    with process_pool(min(workers, len(jobs)), spent, best, stop_flag) as pool:
        results = pool.imap_unordered(_solve_in_worker, jobs)
        if progress is not None:
            progress(len(run.results), run.total)
        reason: Status | None = None
        deadline = None  # once stopped: until when the workers' last reports are awaited
        while deadline is None or time.perf_counter() < deadline:
            try:
                done = results.next(timeout=POLL_SECONDS)
            except multiprocessing.TimeoutError:
                if reason is None and (reason := control.stop_reason(int(spent.value))) is not None:
                    deadline = _stop_workers(stop_flag, reason)
                continue
            except StopIteration:
                break
            for index, result, stopped in done:
                if stopped is not None:  # a limit or the stop flag caught this sub-tree partway
                    if result is not None:
                        run.partial[index] = result
                    if reason is None:
                        reason, deadline = stopped, _stop_workers(stop_flag, stopped)
                else:  # (finished after the stop too: it counts in full, and is saved)
                    stop = finished(index, result)  # type: ignore[arg-type]
                    if reason is None and stop is not None:
                        reason, deadline = stop, _stop_workers(stop_flag, stop)
        return reason  # leaving the `with` terminates the workers


def _stop_workers(stop_flag: Any, reason: Status) -> float:
    """Tell the workers to stop their sub-trees (at their next slice) and report; the time by
    which their reports are awaited."""
    stop_flag.value = next(code for code, status in STOP_STATUSES.items() if status == reason)
    return time.perf_counter() + STOP_GRACE_SECONDS


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
        raise InvalidInput("scheduler: Dask is not installed (pip install 'essais[dask]')") from None
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
        raise InvalidInput(f"scheduler: {scheduler}: cannot connect ({error})") from None
    try:
        # on a cluster the node limit is read as each sub-tree comes back (best effort)
        futures = client.map(_solve_in_worker, [(solve, [item], None) for item in todo], pure=False)
        for future in as_completed(futures):
            [(index, result, _)] = future.result()
            assert result is not None  # (no limit in the workers: a stop cancels the sub-trees in flight)
            reason = finished(index, result)
            if reason is not None:
                client.cancel(futures)
                return reason
        return None
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


CHECKPOINT_FORMAT = 2  # 2: each row carries a checksum of its count, its sub-tree and its numbers


class Checkpoint:
    """An SQLite file (standard library) of finished sub-trees. Each is committed on its own,
    so a crash loses only the sub-trees in flight. The file records the count it belongs to and
    refuses to resume another; each row carries a checksum of that count, its sub-tree, its
    numbers and counters, so that a damaged or edited row is refused, not added to a total.
    (It guards against accidents, not against forgery.)"""

    def __init__(self, path: Path, problem: Mapping[str, Any]) -> None:
        self.path = path
        self.problem = problem
        self.recorded_as = json.dumps(dict(problem), sort_keys=True)
        try:
            # autocommit: every INSERT is its own transaction
            self.connection = sqlite3.connect(path, isolation_level=None)
            tables = {row[0] for row in self.connection.execute("SELECT name FROM sqlite_master WHERE type='table'")}
            if tables and tables != {"count_", "subtree"}:
                self._refuse("it is not an essais checkpoint")
            self.connection.execute(
                "CREATE TABLE IF NOT EXISTS count_ (problem TEXT NOT NULL, format INTEGER NOT NULL)"
            )
            self.connection.execute(
                "CREATE TABLE IF NOT EXISTS subtree (id INTEGER PRIMARY KEY, result_values TEXT NOT NULL,"
                " nodes INTEGER, tries INTEGER, backtracks INTEGER, seconds REAL, checksum TEXT NOT NULL)"
            )
            rows = self.connection.execute("SELECT problem, format FROM count_").fetchall()
            if not rows:
                self.connection.execute("INSERT INTO count_ VALUES (?, ?)", (self.recorded_as, CHECKPOINT_FORMAT))
        except sqlite3.Error as error:
            self._refuse(f"not a usable checkpoint file ({error})")
        if len(rows) > 1 or (rows and rows[0][1] != CHECKPOINT_FORMAT):
            self._refuse("it was written by another version of essais; start a new checkpoint file")
        if rows and rows[0][0] != self.recorded_as:
            try:
                theirs = _describe(json.loads(rows[0][0]))
            except (ValueError, AttributeError):
                self._refuse("its record of the count is damaged")
            self._refuse(f"it records another split search ({theirs}), not this one ({_describe(problem)})")

    def _refuse(self, why: str) -> NoReturn:
        if hasattr(self, "connection"):
            self.connection.close()
        raise InvalidInput(f"checkpoint {self.path}: {why}")

    def _checksum(self, index: int, values: str, stats: tuple[Any, ...]) -> str:
        text = json.dumps([self.recorded_as, index, values, *stats])
        return hashlib.sha256(text.encode()).hexdigest()

    def finished(self) -> dict[int, TaskResult]:
        """The finished sub-trees, each verified."""
        try:
            rows = self.connection.execute(
                "SELECT id, result_values, nodes, tries, backtracks, seconds, checksum FROM subtree"
            ).fetchall()
        except sqlite3.Error as error:
            self._refuse(f"not a usable checkpoint file ({error})")
        results = {}
        for index, values, nodes, tries, backtracks, seconds, checksum in rows:
            counters = (nodes, tries, backtracks, seconds)
            if not (isinstance(index, int) and 0 <= index < self.problem["subtrees"]) or not isinstance(values, str):
                self._refuse(f"sub-tree {index!r} is not one of this count's {self.problem['subtrees']:,}")
            if checksum != self._checksum(index, values, counters):
                self._refuse(f"the row of sub-tree {index} does not match its checksum (damaged or edited)")
            numbers = json.loads(values)
            results[index] = TaskResult(tuple(numbers), Stats(nodes, tries, backtracks, seconds))
        return results

    def record(self, index: int, result: TaskResult) -> None:
        stats = result.stats
        values = json.dumps(list(result.values))
        counters = (stats.nodes, stats.tries, stats.backtracks, stats.seconds)
        self.connection.execute(
            "INSERT OR REPLACE INTO subtree VALUES (?, ?, ?, ?, ?, ?, ?)",
            (index, values, *counters, self._checksum(index, values, counters)),
        )

    def close(self) -> None:
        self.connection.close()


def _describe(problem: Mapping[str, Any]) -> str:
    return " ".join(f"{key}={value}" for key, value in problem.items())
