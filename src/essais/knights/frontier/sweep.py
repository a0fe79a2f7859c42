"""Method frontier's sweep (see knights.frontier): the tables of states step after step, on one
thread or several, grown as they fill, within the memory allowed, or through the disk past it
(knights.frontier.spill); a checkpoint (knights.frontier.checkpoint) kept as it goes."""

from __future__ import annotations

import math
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np

from essais.core.engine import available_memory, check_memory, loading_compiled
from essais.core.errors import InvalidInput, MemoryRefused
from essais.core.limits import EXHAUSTED, PAUSED, SearchControl, SearchStopped, run_slices
from essais.core.result import Status, SweepStats
from essais.knights.frontier.checkpoint import States, SweepCheckpoint
from essais.knights.frontier.plan import FrontierPlan, join_residues
from essais.knights.frontier.spill import (
    SPILL_CHUNK,
    BucketExpander,
    BucketFiles,
    SpilledStates,
    SpillFolder,
    bucket_count,
    hash_shift,
    merge_bucket,
    spill_table,
)

THREAD_CHUNK = 1 << 16  # rows of the old table a threaded step expands between two looks at the limits
MIN_TABLE = 1024  # a table's fewest slots (its free third holds a batch of the kernel's new states)


StepHook = Callable[[int, list[int], SweepStats], None]  # (step finished, states per step, counters)


def add_residues(total: Any, add: Any, moduli: tuple[int, ...]) -> bool:
    """Add the counts `add` to `total` (modulo each modulus; 0: a 64-bit word): False if a
    64-bit count passed 2**64."""
    fits = True
    for k, modulus in enumerate(moduli):
        value = int(total[k]) + int(add[k])
        fits &= modulus != 0 or value < 1 << 64
        total[k] = value % modulus if modulus else value % (1 << 64)
    return fits


class CountWrapped(Exception):
    """A count kept in 64-bit words passed 2**64 (at the step given): count again modulo primes."""


class FrontierSweep:
    """One sweep of a plan under a SearchControl: the states before the step under way and the
    table it makes, grown as it fills; a step whose tables would not fit in the memory allowed
    goes through the disk when a `spill` folder is given (knights.frontier.spill). `run()`
    returns the number of cycles, or raises SearchStopped (a limit or Ctrl-C); `stats` and
    `layers` (the states of each step finished) tell how far it got either way."""

    def __init__(
        self,
        plan: FrontierPlan,
        control: SearchControl,
        on_step: StepHook | None = None,
        checkpoint: SweepCheckpoint | None = None,
        threads: int = 1,
        spill: SpillFolder | None = None,
    ) -> None:
        self.plan, self.control, self.on_step, self.checkpoint = plan, control, on_step, checkpoint
        self.threads = 1 << (max(threads, 1).bit_length() - 1)  # a power of two: one part of the tables each
        self.spill = spill
        self.kernels = frontier_kernels()
        self.state = np.zeros(self.kernels.STATE_SIZE, dtype=np.int64)
        self.total = np.zeros(len(plan.moduli), dtype=np.uint64)
        self.moduli = np.array(plan.moduli, dtype=np.uint64)
        self.width = 1 + len(plan.moduli)  # a row: the key, then its counts
        self.stats = SweepStats(of_steps=plan.steps)
        self.layers: list[int] = []
        self.finished = (0, 0)  # the node and try counters at the end of the last step finished
        self.states: States = np.ones((1, self.width), dtype=np.uint64)
        self.states[0, 0] = 0  # before the first step: one state (every square untouched), one way
        self.no_table = np.zeros((0, self.width), dtype=np.uint64)
        self.grown = self.no_table  # the table the step under way fills, in memory
        self.made: States = self.states  # the states the last step made
        self.step_bytes = self.step_disk = 0  # the memory and the disk the last step took
        self.raw_per_state = 4.0  # the rows a spilled step writes for each state it keeps (measured as it goes)

    def nodes(self) -> int:
        return int(self.state[self.kernels.NODES])

    def table(self, capacity: int) -> np.ndarray:
        """An empty table of `capacity` slots (a power of two), refused beyond the memory limit
        (MemoryRefused): with --memory-limit, the tables held (the step's states, and the table
        being grown, if any) count too; else the new table alone must fit in the memory still
        available (which the tables held have already taken)."""
        held = 0
        if self.control.limits.memory is not None:
            held = self.states.nbytes + self.grown.nbytes
        what = f"step {len(self.layers) + 1} of {self.plan.steps} of the frontier count"
        check_memory(held + capacity * self.plan.bytes_per_state, what, self.control.limits)
        table = np.zeros((capacity, self.width), dtype=np.uint64)
        table[:, 0] = self.kernels.EMPTY
        return table

    def expected_states(self) -> int:
        """The states the next step makes, as the last step's growth predicts them."""
        layers = self.layers
        old = layers[-1] if layers else 1
        growth = layers[-1] / max(layers[-2], 1) if len(layers) >= 2 else 4.0
        return int(old * min(max(growth, 0.5), 4.0))

    def first_capacity(self) -> int:
        """The next table's slots: the fewest (a power of two) that hold the expected states at
        most two thirds full. A table that fills doubles, so a low guess costs a rehash; a high
        one, memory for nothing."""
        return 1 << math.ceil(math.log2(max(MIN_TABLE, self.expected_states()) * 3 / 2))

    def fits_in_memory(self) -> bool:
        """Can the next step's tables be held in memory: the states before it (read in, if they
        are on disk), the new table as the last step's growth predicts it, and the one twice as
        large it may have to grow into?"""
        new = 3 * self.first_capacity() * self.plan.bytes_per_state
        if self.control.limits.memory is not None:
            return self.states.nbytes + new <= self.control.limits.memory
        on_disk = self.states.nbytes if isinstance(self.states, SpilledStates) else 0
        return on_disk + new <= available_memory()

    def run(self) -> int:
        plan, stats = self.plan, self.stats
        first = self.resume()
        if first == plan.steps:
            return join_residues([int(r) for r in self.total], plan.moduli)
        for v in range(first, plan.steps):
            outcome = self.step(v)
            stats.nodes, stats.tries = self.nodes(), int(self.state[self.kernels.TRIES])
            stats.seconds = self.control.elapsed()
            if isinstance(outcome, Status):
                if self.checkpoint is not None and v > first:  # keep the last step finished, its counters
                    finished = replace(stats, nodes=self.finished[0], tries=self.finished[1])
                    self.checkpoint.save(self.states, self.layers, finished, [int(r) for r in self.total])
                raise SearchStopped(outcome)
            if self.state[self.kernels.WRAPPED]:
                raise CountWrapped(v)
            if isinstance(self.states, SpilledStates):
                self.states.remove()
            self.states, self.grown = self.made, self.no_table
            self.finished = (stats.nodes, stats.tries)
            self.layers.append(int(self.state[self.kernels.FILL]))
            stats.steps = v + 1
            stats.peak_states = max(stats.peak_states, self.layers[-1])
            stats.peak_bytes = max(stats.peak_bytes, self.step_bytes)
            stats.peak_disk = max(stats.peak_disk, self.step_disk)
            if self.on_step is not None:
                self.on_step(v, self.layers, stats)
            if self.checkpoint is not None and v < plan.steps - 1 and self.checkpoint.due():
                self.checkpoint.save(self.states, self.layers, stats, [int(r) for r in self.total])
        if self.checkpoint is not None:
            self.checkpoint.save(None, self.layers, stats, [int(r) for r in self.total])
        return join_residues([int(r) for r in self.total], plan.moduli)

    def step(self, v: int) -> int | Status:
        """Step v, in memory when its tables fit, else through the disk (with a spill folder);
        a step whose table outgrows the memory on the way starts again through the disk.
        EXHAUSTED, or the Status that stopped it."""
        kernels = self.kernels
        self.state[kernels.CURSOR] = self.state[kernels.FILL] = 0
        self.grown, self.step_disk = self.no_table, 0
        if self.spill is not None and not self.fits_in_memory():
            return self.spilled_step(v)
        total_before = self.total.copy()
        try:
            if isinstance(self.states, SpilledStates):
                check_memory(self.states.nbytes, "the states read back from the disk", self.control.limits)
                spilled, self.states = self.states, self.states.load()
                spilled.remove()
            self.grown = self.table(self.first_capacity())
            if self.threads > 1:
                outcome = self.threaded_step(v)
            else:
                outcome = run_slices(self.step_function(v), self.nodes, self.control)
            self.made, self.step_bytes = self.grown, self.states.nbytes + self.grown.nbytes
            return outcome
        except MemoryRefused:
            if self.spill is None:
                raise
        self.grown = self.no_table  # the table grown so far is dropped: the step starts again
        self.state[kernels.NODES], self.state[kernels.TRIES] = self.finished
        self.state[kernels.CURSOR] = self.state[kernels.FILL] = 0
        self.total[:] = total_before
        return self.spilled_step(v)

    def spilled_step(self, v: int) -> int | Status:
        """Step v through the disk (knights.frontier.spill): the old states expanded chunk by
        chunk (the limits and Ctrl-C looked at between chunks), each thread its share, the
        states made written to bucket files by the top bits of their hash; then the threads sum
        the buckets by key, one bucket each, into the part files of the states made. EXHAUSTED,
        or the Status that stopped it."""
        plan, kernels, threads = self.plan, self.kernels, self.threads
        assert self.spill is not None
        what = f"step {v + 1} of {plan.steps} of the frontier count"
        expected = max(self.expected_states(), 1)
        # the disk the step adds: its raw rows (each bucket's file removed once summed) and, a
        # bucket at a time, the part files of the states it makes (a tenth more for the guess)
        self.spill.check_space(int(expected * max(self.raw_per_state, 1.0) * 1.1) * self.width * 8, what)
        if isinstance(self.states, np.ndarray):
            self.states = spill_table(self.states, self.layers[-1], self.spill.path(f"states-{v}-0.npy"))
        share = -(-SPILL_CHUNK // threads)
        buffers = threads * BucketExpander.bytes_for(plan, v, share)
        memory = self.control.limits.memory or available_memory()
        buckets = bucket_count(expected, plan.bytes_per_state, threads, memory - buffers)
        bucket_table = 1 << math.ceil(math.log2(max(expected // buckets, 512) * 3 / 2))
        check_memory(buffers + threads * 3 * bucket_table * plan.bytes_per_state, what, self.control.limits)
        expanders = [BucketExpander(kernels, plan, v, share, buckets) for _ in range(threads)]
        files = BucketFiles(self.spill, v, buckets, self.width)
        try:
            with ThreadPoolExecutor(threads) as pool:
                for chunk in self.states.chunks(SPILL_CHUNK):
                    reason = self.control.stop_reason(self.nodes())
                    if reason is not None:
                        return reason

                    def expand(t: int, chunk: np.ndarray = chunk) -> None:
                        expanders[t].expand(chunk, min(t * share, len(chunk)), min((t + 1) * share, len(chunk)))

                    list(pool.map(expand, range(threads)))
                    files.write(expanders)
                files.close()
                self.state[kernels.TRIES] += sum(e.tries() for e in expanders)
                totals = np.array([e.totals for e in expanders])
                if any(e.wrapped() for e in expanders) or not self.add_totals(totals):
                    self.state[kernels.WRAPPED] = 1
                return self.merge_buckets(v, files, expected // buckets, pool, buffers)
        except OSError as error:
            raise InvalidInput(f"disk: {what} could not write to {self.spill.parent} ({error.strerror})") from None
        finally:
            files.remove()

    def merge_buckets(
        self, v: int, files: BucketFiles, guess: int, pool: ThreadPoolExecutor, buffers: int
    ) -> int | Status:
        """Sum each bucket of a spilled step by key into a part file of the states it made (the
        threads one bucket each); the limits and Ctrl-C looked at before each bucket."""
        kernels, spill = self.kernels, self.spill
        assert spill is not None
        what = f"step {v + 1} of {self.plan.steps} of the frontier count"
        lock = threading.Lock()
        largest = [0]

        def merge(b: int) -> tuple[Path, int] | None:
            if self.control.stop_reason(self.nodes()) is not None:
                return None
            state = np.zeros(kernels.STATE_SIZE, dtype=np.int64)
            raw = files.read(b)
            rows, table_bytes = merge_bucket(kernels, raw, self.moduli, state, max(guess, 1), self.control.limits, what)
            path = spill.path(f"states-{v + 1}-{b}.npy")
            np.save(path, rows)
            files.remove_bucket(b)  # (its raw rows summed: the disk they took is free again)
            with lock:
                self.state[kernels.NODES] += len(rows)
                self.state[kernels.WRAPPED] |= state[kernels.WRAPPED]
                largest[0] = max(largest[0], table_bytes + raw.nbytes)
            return path, len(rows)

        merged = list(pool.map(merge, range(len(files.paths))))
        parts = [part for part in merged if part is not None]
        made = SpilledStates([path for path, _ in parts], sum(rows for _, rows in parts), self.width)
        if len(parts) < len(merged):
            made.remove()
            reason = self.control.stop_reason(self.nodes())
            return reason if reason is not None else Status.INTERRUPTED
        self.made = made
        self.state[kernels.FILL] = made.rows
        self.raw_per_state = max(1.0, sum(files.rows) / max(made.rows, 1))
        self.step_bytes = buffers + self.threads * largest[0]
        self.step_disk = sum(files.rows) * self.width * 8 + made.nbytes
        return EXHAUSTED

    def in_memory(self) -> np.ndarray:
        """The states before the step under way, which an in-memory step holds in memory."""
        assert isinstance(self.states, np.ndarray)
        return self.states

    def threaded_step(self, v: int) -> int | Status:
        """Step v on `threads` threads (the kernels run without the GIL), chunk by chunk: each
        thread expands its share of a chunk of the old table into buffers by part of the new
        table, then each thread adds one part's states; the limits and Ctrl-C are looked at
        between chunks. EXHAUSTED, or the Status that stopped it."""
        plan, kernels, threads = self.plan, self.kernels, self.threads
        part_bits = threads.bit_length() - 1
        part_shift = np.uint64(64 - part_bits)
        most = plan.successors_at_most(v)
        share = -(-THREAD_CHUNK // threads)
        keys = np.empty((threads, threads, share * most), dtype=np.uint64)
        sources = np.empty((threads, threads, share * most), dtype=np.int64)
        counts = np.zeros((threads, threads), dtype=np.int64)
        totals = np.zeros((threads, len(plan.moduli)), dtype=np.uint64)
        states = np.zeros((threads, kernels.STATE_SIZE), dtype=np.int64)
        made, wrapped = np.zeros(threads, dtype=np.int64), np.zeros(threads, dtype=np.int64)
        arguments = plan.kernel_arguments(v)
        old, base_nodes = self.in_memory(), self.nodes()
        with ThreadPoolExecutor(threads) as pool:
            for first in range(0, old.shape[0], THREAD_CHUNK):
                reason = self.control.stop_reason(self.nodes())
                if reason is not None:
                    return reason
                last = min(first + THREAD_CHUNK, old.shape[0])
                counts[:] = 0

                def expand(t: int, first: int = first, last: int = last) -> None:
                    low, high = min(first + t * share, last), min(first + (t + 1) * share, last)
                    kernels.expand_rows(old, low, high, *arguments, totals[t], states[t], part_shift, keys[t],
                                        sources[t], counts[t])  # fmt: skip

                list(pool.map(expand, range(threads)))
                self.make_room(counts.sum(axis=0), made, part_bits)

                def insert(part: int, table: np.ndarray = self.grown) -> None:
                    shift = np.uint64(hash_shift(table.shape[0]))
                    kernels.insert_part(table, shift, part, part_bits, keys, sources, counts, old, self.moduli, made,
                                        wrapped)  # fmt: skip

                list(pool.map(insert, range(threads)))
                self.state[kernels.NODES] = base_nodes + int(made.sum())
        self.state[kernels.FILL] = int(made.sum())
        self.state[kernels.TRIES] += int(states[:, kernels.TRIES].sum())
        if wrapped.any() or states[:, kernels.WRAPPED].any() or not self.add_totals(totals):
            self.state[kernels.WRAPPED] = 1
        return EXHAUSTED

    def make_room(self, incoming: np.ndarray, filled: np.ndarray, part_bits: int) -> None:
        """Grow the table being made (doubling it) until each part can take its incoming states
        and stay at most two thirds full."""
        while True:
            part_size = self.grown.shape[0] >> part_bits
            if all(filled[p] + incoming[p] <= part_size * 2 // 3 for p in range(len(incoming))):
                return
            larger = self.table(2 * self.grown.shape[0])
            self.kernels.rehash(self.grown, larger, np.uint64(hash_shift(larger.shape[0])), part_bits)
            self.grown = larger

    def add_totals(self, totals: np.ndarray) -> bool:
        """Add the threads' counts of closed cycles to the total; False if a 64-bit count wraps."""
        return all([add_residues(self.total, row, self.plan.moduli) for row in totals])

    def resume(self) -> int:
        """The first step to run: after the checkpoint's last step, whose table, counters and
        residues it restores; 0 without one."""
        record = self.checkpoint.load() if self.checkpoint is not None else None
        if record is None:
            return 0
        saved = record["stats"]
        stats = self.stats
        stats.nodes, stats.tries, stats.steps = saved["nodes"], saved["tries"], record["steps"]
        stats.peak_states, stats.peak_bytes, stats.resumed_steps = (
            saved["peak_states"],
            saved["peak_bytes"],
            record["steps"],
        )
        self.state[self.kernels.NODES], self.state[self.kernels.TRIES] = stats.nodes, stats.tries
        self.finished = (stats.nodes, stats.tries)
        self.layers = list(record["layers"])
        self.total[:] = record["residues"]
        self.states = record["states"]
        return int(record["steps"])

    def step_function(self, v: int) -> Callable[[int], int]:
        """Step v's slice function for run_slices; the new table, grown as needed, is `grown`."""
        plan, kernels = self.plan, self.kernels
        last = v == plan.steps - 1

        def step(node_stop: int) -> int:
            while True:
                table = self.grown
                outcome = kernels.expand_slice(
                    self.in_memory(), table, np.uint64(hash_shift(table.shape[0])), int(plan.old_slots[v]),
                    np.uint64(plan.radix), plan.bits, plan.back[v], int(plan.n_back[v]), int(plan.forced[v]),
                    plan.room[v], plan.keep[v], int(plan.n_keep[v]), last, self.moduli, self.total, self.state,
                    node_stop,
                )  # fmt: skip
                if outcome != kernels.FULL:
                    return EXHAUSTED if outcome == kernels.STEP_DONE else PAUSED
                larger = self.table(2 * table.shape[0])
                kernels.rehash(table, larger, np.uint64(hash_shift(larger.shape[0])), 0)
                self.grown = larger

        return step


def frontier_kernels():  # type: ignore[no-untyped-def]
    """The compiled kernels, loaded at the first count (numba loads with them)."""
    with loading_compiled("knights"):
        from essais.knights.frontier import _kernels

    return _kernels
