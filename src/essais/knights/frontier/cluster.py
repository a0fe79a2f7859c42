"""Method frontier on a Dask cluster (the `dask` extra): a step is "expand every state, then sum
the counts by key", so each step runs as two rounds of tasks. The states live in the workers as
partitions of rows (key, counts); a task expands one partition into rows grouped by bucket (the
top bits of a hash of the key, as on disk: knights.frontier.spill), and a task a bucket sums the
rows that every partition made for it by key, which makes the next step's partitions. Only the
counters and the closed cycles' counts come back to this process; Dask moves the rows between
workers and spills them to its workers' disks past their memory thresholds."""

from __future__ import annotations

from typing import Any

import numpy as np

from essais.core.limits import Limits, SearchControl, SearchStopped
from essais.core.parallel.cluster import dask_client
from essais.core.result import SweepStats
from essais.knights.frontier.plan import FrontierPlan, join_residues
from essais.knights.frontier.spill import SPILL_CHUNK, BucketExpander, merge_bucket
from essais.knights.frontier.sweep import CountWrapped, StepHook, add_residues, frontier_kernels

ROWS_PER_PARTITION = 1 << 21  # the states a partition aims at (32 MB of rows in 64-bit words)
WAIT_SECONDS = 0.2  # how often the limits and Ctrl-C are looked at while a step runs


def expand_partition(plan: FrontierPlan, v: int, rows: np.ndarray, buckets: int) -> tuple[Any, ...]:
    """(A task.) Step v's successors of a partition's rows, grouped by bucket: (the list of each
    bucket's rows, the closed cycles' counts, the tries, True if a count wrapped)."""
    kernels = frontier_kernels()
    expander = BucketExpander(kernels, plan, v, SPILL_CHUNK, buckets)
    pieces: list[list[np.ndarray]] = [[] for _ in range(buckets)]
    for first in range(0, len(rows), SPILL_CHUNK):
        expander.expand(rows, first, min(first + SPILL_CHUNK, len(rows)))
        for b in range(buckets):
            pieces[b].append(expander.bucket(b).copy())
    width = 1 + len(plan.moduli)
    joined = [np.concatenate(piece) if piece else np.zeros((0, width), dtype=np.uint64) for piece in pieces]
    return joined, expander.totals, expander.tries(), expander.wrapped()


def bucket_of(expanded: tuple[Any, ...], b: int) -> np.ndarray:
    """(A task.) Bucket b's rows of an expanded partition."""
    rows: np.ndarray = expanded[0][b]
    return rows


def counters_of(expanded: tuple[Any, ...]) -> tuple[Any, ...]:
    """(A task.) What an expanded partition tells the driver: (totals, tries, wrapped)."""
    return expanded[1:]


def merge_partition(plan: FrontierPlan, *pieces: np.ndarray) -> tuple[np.ndarray, bool]:
    """(A task.) A bucket's rows from every partition summed by key: (a partition of the states
    made, True if a count wrapped past 2**64)."""
    kernels = frontier_kernels()
    raw = np.concatenate(pieces) if pieces else np.zeros((0, 1 + len(plan.moduli)), dtype=np.uint64)
    state = np.zeros(kernels.STATE_SIZE, dtype=np.int64)
    moduli = np.array(plan.moduli, dtype=np.uint64)
    what = "a bucket of the frontier count"
    rows, _ = merge_bucket(kernels, raw, moduli, state, max(len(raw) // 2, 1), Limits(), what)
    return rows, bool(state[kernels.WRAPPED])


def rows_of(merged: tuple[np.ndarray, bool]) -> np.ndarray:
    """(A task.) The states of a merged bucket."""
    return merged[0]


def size_of(merged: tuple[np.ndarray, bool]) -> tuple[int, bool]:
    """(A task.) What a merged bucket tells the driver: (its states, True if a count wrapped)."""
    return len(merged[0]), merged[1]


class DaskSweep:
    """A sweep of a plan on a Dask cluster: `run()` returns the number of cycles, or raises
    SearchStopped (a time or node limit, Ctrl-C, looked at while each step runs); `stats` and
    `layers` as FrontierSweep's, with the same counts and counters but `peak_bytes`, which is
    the largest step's states in the cluster."""

    def __init__(
        self, plan: FrontierPlan, control: SearchControl, scheduler: str, workers: int, on_step: StepHook | None
    ) -> None:
        self.plan, self.control, self.scheduler, self.workers, self.on_step = plan, control, scheduler, workers, on_step
        self.stats = SweepStats(of_steps=plan.steps)
        self.layers: list[int] = []
        self.total = [0] * len(plan.moduli)
        self.checkpoint = None  # (the states stay in the cluster)

    def run(self) -> int:
        plan, stats = self.plan, self.stats
        width = 1 + len(plan.moduli)
        with dask_client(self.scheduler, self.workers) as client:
            shared = client.scatter(plan, broadcast=True)
            first = np.ones((1, width), dtype=np.uint64)
            first[0, 0] = 0  # one state (every square untouched), one way
            partitions = [client.scatter(first)]
            for v in range(plan.steps):
                expected = max(self.layers[-1] if self.layers else 1, 1) * 4
                buckets = max(2 * self.workers, 1 << max(0, (expected // ROWS_PER_PARTITION).bit_length()))
                expanded = [
                    client.submit(expand_partition, shared, v, part, buckets, pure=False) for part in partitions
                ]
                counters = [client.submit(counters_of, e, pure=False) for e in expanded]
                merged = []
                for b in range(buckets):
                    pieces = [client.submit(bucket_of, e, b, pure=False) for e in expanded]
                    merged.append(client.submit(merge_partition, shared, *pieces, pure=False))
                partitions = [client.submit(rows_of, m, pure=False) for m in merged]
                sizes = [client.submit(size_of, m, pure=False) for m in merged]
                made, wrapped = self.finish_step(v, client, counters, sizes, partitions)
                if wrapped:
                    raise CountWrapped(v)
                self.layers.append(made)
                stats.steps = v + 1
                stats.peak_states = max(stats.peak_states, made)
                stats.peak_bytes = max(stats.peak_bytes, made * width * 8)
                if self.on_step is not None:
                    self.on_step(v, self.layers, stats)
        return join_residues(self.total, plan.moduli)

    def finish_step(
        self, v: int, client: Any, counters: list[Any], sizes: list[Any], work: list[Any]
    ) -> tuple[int, bool]:
        """Wait for step v's tasks, looking at the limits and Ctrl-C as they run (a stop cancels
        them); then add the step's counters: (the states made, True if a count wrapped)."""
        from dask.distributed import wait  # (installed: dask_client said so)

        pending = counters + sizes + work
        while True:
            reason = self.control.stop_reason(self.stats.nodes)
            if reason is not None:
                client.cancel(pending)
                self.stats.seconds = self.control.elapsed()
                raise SearchStopped(reason)
            try:
                wait(pending, timeout=WAIT_SECONDS)
                break
            except TimeoutError:
                continue
        wrapped = False
        for totals, tries, wrap in client.gather(counters):
            self.stats.tries += int(tries)
            wrapped |= wrap or not add_residues(self.total, totals, self.plan.moduli)
        made = 0
        for rows, wrap in client.gather(sizes):
            made += rows
            wrapped |= wrap
        self.stats.nodes += made
        self.stats.seconds = self.control.elapsed()
        return made, wrapped
