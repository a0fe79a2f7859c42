"""A split run on a pool of processes on this machine: the workers share the nodes spent (the
node limit), a branch and bound's best, and the main process's word to stop; each worker dies
with the process that forked it."""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
import multiprocessing
import os
import signal
import time
from collections.abc import Callable
from functools import cache
from multiprocessing.pool import Pool
from typing import Any

from essais.core.limits import STOP_STATUSES, Limits, SearchControl, SearchStopped
from essais.core.parallel.tasks import Progress, Solver, SplitRun, TaskResult
from essais.core.result import Status
from essais.core.signals import STOP_SIGNALS, holding

POLL_SECONDS = 0.1  # how often the main process looks at the clock and Ctrl-C while workers run


STOP_GRACE_SECONDS = 2.0  # how long stopped workers have to report their sub-trees so far (a slice lasts 0.05 s)


Job = tuple[Solver, list[tuple[int, Any]], int | None]  # (solve, its tasks, the node limit)


Done = tuple[int, TaskResult | None, Status | None]  # a sub-tree's index, result, and what stopped it partway


_SPENT: list[Any] = []  # in a worker of a pool: the nodes spent by every worker (a shared Value)


_BEST: list[Any] = []  # in a worker of a pool: the best shared by the sub-trees (run_split's best_of)


_STOP: list[Any] = []  # in a worker of a pool: the main process's word to stop (SearchControl.stop_flag)


def solve_in_worker(job: Job) -> list[Done]:
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
        control.announce = False  # (on_pool says when the search starts)
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


def start_worker(spent: Any = None, best: Any = None, stop: Any = None) -> None:
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
        c_library().prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    except AttributeError:  # not Linux: the pool's own clean-up only
        return
    if os.getppid() != parent:  # the parent ended before the call
        os._exit(1)


PR_SET_PDEATHSIG = 1  # <sys/prctl.h>


@cache
def c_library() -> Any:
    """The C library, or None (not found: not Linux)."""
    try:
        return ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
    except OSError:
        return None


def fork_context() -> Any:
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if "fork" in methods else None)


class _Pool(Pool):
    """The standard pool, but for two things that cost a Sudoku file a tenth of its time when
    its blocks ran on it (measured: 983,160 puzzles, two workers). Its thread that watches the
    workers also woke for every result in the pipe, and went round in a loop until the thread
    that reads results had read it (large results: thousands of wake-ups): it now wakes when a
    worker ends or the pool changes state, all it needs without `maxtasksperchild`. And the
    objects made before the workers are forked (numpy's, numba's, the kernels loaded: hundreds
    of thousands) are frozen out of the garbage collector's rounds, in the main process and the
    workers (gc.freeze, as CPython advises before a fork), and given back to them when the pool
    closes."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        gc.freeze()
        try:
            super().__init__(*args, **kwargs)
        except BaseException:
            gc.unfreeze()
            raise

    def _get_sentinels(self) -> list[Any]:
        # (CPython's adds the results' pipe, which matters only to replace workers that end
        # after `maxtasksperchild` tasks)
        return [self._change_notifier._reader]  # type: ignore[attr-defined]

    def __exit__(self, *args: Any) -> None:
        super().__exit__(*args)
        gc.unfreeze()


def process_pool(workers: int, spent: Any = None, best: Any = None, stop: Any = None) -> Pool:
    """A pool of worker processes that leave Ctrl-C to the main process (and share `spent`, a
    counter of nodes, `best`, a branch and bound's best, and `stop`, the word to stop, when
    given). Forked where the
    system can: workers inherit the compiled kernels (no import, no compilation). Create it
    before any progress display starts its thread. Ctrl-C and SIGTERM are blocked while the
    workers are forked (and for good in the pool's own threads, which fork replacements): a
    signal then waits, neither lost nor fatal to the main process with its workers left
    behind; each worker unblocks them once its handlers are set (start_worker)."""
    blocking = hasattr(signal, "pthread_sigmask")
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, STOP_SIGNALS) if blocking else None
    try:
        return _Pool(workers, start_worker, (spent, best, stop), context=fork_context())
    finally:
        if previous is not None:
            signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def on_pool(
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
    spent = fork_context().Value("q", run.nodes())
    stop_flag = fork_context().Value("b", 0)
    with process_pool(min(workers, len(jobs)), spent, best, stop_flag) as pool:
        results = pool.imap_unordered(solve_in_worker, jobs)
        control.say_started()  # (the workers, whose first nodes could say it too, do not: two lines could mix)
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
