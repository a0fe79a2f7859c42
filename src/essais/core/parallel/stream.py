"""A stream of jobs for compiled code that lets go of the GIL, on threads, in the jobs' order
and with flat memory (a file of Sudokus, block after block)."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager
from typing import Any

import numpy as np

from essais.core.parallel.pool import c_library

M_TRIM_THRESHOLD, M_MMAP_THRESHOLD = -1, -3  # <malloc.h>
KEPT_BYTES = 64 << 20  # freed memory a stream of jobs keeps for the next job (see memory_kept)
GLIBC_DEFAULT_BYTES = 128 << 10  # both thresholds, as glibc starts


def map_in_order(
    function: Callable[[Any, np.ndarray], Any], jobs: Iterable[Any], workers: int, ahead: int = 2
) -> Iterator[Any]:
    """`function(job, stop)` for each job, in the jobs' order, on `workers` threads, with at most
    `ahead` jobs a thread handed out at a time: the jobs are drawn as the work goes, so that a
    stream of any length takes flat memory. For functions that spend their time in compiled
    code that lets go of the GIL (numba's nogil): the threads then run side by side, and no job
    or result is copied from one process to another (on forked processes a Sudoku file spent a
    tenth of its processor time in pickles and pipes: measured). `stop` is an array of one value
    that the compiled code reads between short slices of its work: when the map ends early
    (Ctrl-C, an error, or its caller stops reading) it is set, the jobs not begun are dropped,
    and those running end at their next slice: this thread only waits, so it sees Ctrl-C at
    once. Load the kernels before (their first call, on no data, in this thread): loading is
    then counted and shielded as such (core.engine.loading_compiled)."""
    stop = np.zeros(1, dtype=np.int64)
    with memory_kept(), ThreadPoolExecutor(workers, thread_name_prefix="essais-worker") as pool:
        pending: deque[Future[Any]] = deque()
        try:
            for job in jobs:
                pending.append(pool.submit(function, job, stop))
                if len(pending) >= workers * ahead:
                    yield pending.popleft().result()
            while pending:
                yield pending.popleft().result()
        finally:
            stop[0] = 1  # (after the last job, no one reads it)
            for future in pending:
                future.cancel()


@contextmanager
def memory_kept() -> Iterator[None]:
    """Within (and in the threads started within), the C library's allocator keeps what is
    freed (up to KEPT_BYTES) for what is allocated next, instead of giving each large array back
    to the system and asking again for the next job's: a Sudoku file's blocks then touch the
    same pages again (983,160 puzzles: 160,000 page faults → 40,000, 0.2 s of 3.1 s, measured).
    glibc's defaults come back after (its own adjustment of them does not)."""
    libc = c_library()
    mallopt = getattr(libc, "mallopt", None)  # (glibc's)
    if mallopt is None:
        yield
        return
    mallopt(M_MMAP_THRESHOLD, KEPT_BYTES // 4)
    mallopt(M_TRIM_THRESHOLD, KEPT_BYTES)
    try:
        yield
    finally:
        mallopt(M_MMAP_THRESHOLD, GLIBC_DEFAULT_BYTES)
        mallopt(M_TRIM_THRESHOLD, GLIBC_DEFAULT_BYTES)
