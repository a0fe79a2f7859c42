"""Method frontier's steps through the disk (see knights.frontier.sweep): when a step's tables
would not fit in the memory allowed, its new states are written, as they are made, to bucket
files chosen by the top bits of their hash; then each bucket is summed by key on its own, in a
table a fraction of the step's size, and kept as a part file of rows (key, counts) that the
next step reads in chunks. Memory then holds a bucket or two, the disk the step: the programs
that counted the tours of 8×n boards around 2011 streamed their states through disk buckets
in the same spirit."""

from __future__ import annotations

import math
import shutil
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO

import numpy as np

from essais.core.engine import check_memory
from essais.core.errors import InvalidInput
from essais.core.limits import Limits
from essais.core.result import format_bytes
from essais.knights.frontier.plan import FrontierPlan

EMPTY_KEY = (1 << 64) - 1  # a free slot of a table (the kernels' EMPTY)
BUCKET_BYTES = 256 << 20  # the table of one bucket aims at this size
MIN_BUCKETS = 16
MAX_BUCKETS = 1 << 12
SPILL_CHUNK = 1 << 14  # the old states a spilled step expands at a time


@dataclass
class SpilledStates:
    """A step's states on disk: part files of rows (key, counts), as np.save writes them, `rows`
    in all. `owned`: the sweep's own files, removed once the next step has read them (the
    files of a checkpoint are not)."""

    parts: list[Path]
    rows: int
    width: int
    owned: bool = True

    @property
    def nbytes(self) -> int:
        """The bytes the states take once read into memory."""
        return self.rows * self.width * 8

    def chunks(self, size: int) -> Iterator[np.ndarray]:
        """The rows, `size` at a time, read from the files as they are asked for."""
        for path in self.parts:
            rows = np.load(path, mmap_mode="r")
            for first in range(0, rows.shape[0], size):
                yield np.array(rows[first : first + size])

    def load(self) -> np.ndarray:
        """Every row in one array (for a step that fits in memory)."""
        if not self.parts:
            return np.zeros((0, self.width), dtype=np.uint64)
        return np.concatenate([np.load(path) for path in self.parts])

    def remove(self) -> None:
        if self.owned:
            for path in self.parts:
                path.unlink(missing_ok=True)


class SpillFolder:
    """Where a sweep spills: a folder made in `parent` (None: the system's temporary folder) at
    the first step that needs it, removed with its files when the sweep ends."""

    def __init__(self, parent: str | Path | None) -> None:
        self.parent = Path(parent) if parent is not None else Path(tempfile.gettempdir())
        self.folder: Path | None = None

    def path(self, name: str) -> Path:
        if self.folder is None:
            try:
                self.parent.mkdir(parents=True, exist_ok=True)
                self.folder = Path(tempfile.mkdtemp(prefix="essais-frontier-", dir=self.parent))
            except OSError as error:
                raise InvalidInput(f"spill: cannot make a folder in {self.parent} ({error.strerror})") from None
        return self.folder / name

    def check_space(self, needed: int, what: str) -> None:
        """Refuse a step whose files would not fit on the disk, before it writes them."""
        free = shutil.disk_usage(self.path(".").parent).free
        if needed > free:
            raise InvalidInput(
                f"disk: {what} needs about {format_bytes(needed)} in {self.parent}, which has "
                f"{format_bytes(free)} free; name a folder on a larger disk (spill)"
            )

    def close(self) -> None:
        if self.folder is not None:
            shutil.rmtree(self.folder, ignore_errors=True)
            self.folder = None


def bucket_count(expected_states: int, bytes_per_state: int, threads: int, memory: int) -> int:
    """The buckets of a spilled step (a power of two): enough for the threads' bucket tables
    (each may double once as it fills) to stay within `memory` and near BUCKET_BYTES each, and
    at least MIN_BUCKETS so that the threads share them evenly."""
    bucket_bytes = max(1 << 16, min(BUCKET_BYTES, memory // (3 * threads)))
    wanted = expected_states * bytes_per_state * 3 // 2 // bucket_bytes + 1
    return min(MAX_BUCKETS, max(MIN_BUCKETS, threads * 4, 1 << math.ceil(math.log2(wanted))))


class BucketExpander:
    """Buffers that expand states of step v, up to `rows` at a time (kernels expand_rows), into
    rows (key, counts) grouped by bucket (kernels group_rows): bucket b's rows are
    grouped[offsets[b]:offsets[b + 1]]. The closed cycles' counts add up in `totals`."""

    def __init__(self, kernels: Any, plan: FrontierPlan, v: int, rows: int, buckets: int) -> None:
        size = rows * plan.successors_at_most(v)
        width = 1 + len(plan.moduli)
        self.kernels, self.arguments, self.buckets = kernels, plan.kernel_arguments(v), buckets
        self.shift = np.uint64(hash_shift(buckets))
        self.keys = np.empty((1, size), dtype=np.uint64)
        self.sources = np.empty((1, size), dtype=np.int64)
        self.counts = np.zeros(1, dtype=np.int64)
        self.grouped = np.empty((size, width), dtype=np.uint64)
        self.offsets = np.zeros(buckets + 1, dtype=np.int64)
        self.totals = np.zeros(len(plan.moduli), dtype=np.uint64)
        self.state = np.zeros(kernels.STATE_SIZE, dtype=np.int64)

    @staticmethod
    def bytes_for(plan: FrontierPlan, v: int, rows: int) -> int:
        return rows * plan.successors_at_most(v) * (16 + (1 + len(plan.moduli)) * 8)

    def expand(self, chunk: np.ndarray, low: int, high: int) -> None:
        """Expand the rows [low, high) of `chunk` (no more than `rows` of them)."""
        kernels = self.kernels
        self.counts[0] = 0
        kernels.expand_rows(chunk, low, high, *self.arguments, self.totals, self.state, np.uint64(64), self.keys,
                            self.sources, self.counts)  # fmt: skip
        kernels.group_rows(self.keys[0], self.sources[0], self.counts[0], chunk, self.shift, self.buckets,
                           self.grouped, self.offsets)  # fmt: skip

    def bucket(self, b: int) -> np.ndarray:
        return self.grouped[self.offsets[b] : self.offsets[b + 1]]

    def tries(self) -> int:
        return int(self.state[self.kernels.TRIES])

    def wrapped(self) -> bool:
        return bool(self.state[self.kernels.WRAPPED])


class BucketFiles:
    """The raw rows (key, counts, not yet summed) of a spilled step, one file a bucket."""

    def __init__(self, spill: SpillFolder, step: int, buckets: int, width: int) -> None:
        self.paths = [spill.path(f"raw-{step}-{b}.bin") for b in range(buckets)]
        self.rows = [0] * buckets
        self.width = width
        self.files: list[BinaryIO] = [open(path, "wb") for path in self.paths]  # noqa: SIM115 (closed in close)

    def write(self, expanders: list[BucketExpander]) -> None:
        """Append the rows each expander holds to their buckets' files."""
        for b, file in enumerate(self.files):
            for expander in expanders:
                rows = expander.bucket(b)
                if len(rows):
                    file.write(rows.data)
                    self.rows[b] += len(rows)

    def close(self) -> None:
        for file in self.files:
            file.close()

    def remove(self) -> None:
        self.close()
        for path in self.paths:
            path.unlink(missing_ok=True)

    def remove_bucket(self, b: int) -> None:
        self.paths[b].unlink(missing_ok=True)

    def read(self, b: int) -> np.ndarray:
        if self.rows[b] == 0:
            return np.zeros((0, self.width), dtype=np.uint64)
        return np.asarray(np.memmap(self.paths[b], dtype=np.uint64, mode="r").reshape(-1, self.width))


def merge_bucket(
    kernels: Any, raw: np.ndarray, moduli: np.ndarray, state: np.ndarray, guess: int, limits: Limits, what: str
) -> tuple[np.ndarray, int]:
    """The rows of one bucket summed by key (kernels.merge_rows), in a table first sized for
    `guess` states and doubled as it fills: its states as compact rows, and the table's bytes."""
    capacity = 1 << math.ceil(math.log2(max(guess, 512) * 3 / 2))
    table = new_table(capacity, raw.shape[1], limits, what)
    state[:] = 0
    row = 0
    while True:
        row = kernels.merge_rows(table, np.uint64(hash_shift(table.shape[0])), raw, row, moduli, state)
        if row == raw.shape[0]:
            return np.ascontiguousarray(table[table[:, 0] != EMPTY_KEY]), table.nbytes
        larger = new_table(2 * table.shape[0], raw.shape[1], limits, what)
        kernels.rehash(table, larger, np.uint64(hash_shift(larger.shape[0])), 0)
        table = larger


def spill_table(table: np.ndarray, rows: int, path: Path) -> SpilledStates:
    """Write the `rows` states of a table in memory to one part file (a slice at a time, so
    that no copy of the table is made), and return them as spilled states."""
    part = np.lib.format.open_memmap(path, mode="w+", dtype=np.uint64, shape=(rows, table.shape[1]))
    at = 0
    for first in range(0, table.shape[0], SPILL_CHUNK):
        some = table[first : first + SPILL_CHUNK]
        some = some[some[:, 0] != EMPTY_KEY]
        part[at : at + len(some)] = some
        at += len(some)
    part.flush()
    del part
    return SpilledStates([path], rows, table.shape[1])


def hash_shift(capacity: int) -> int:
    """The shift that takes a hash's top bits as a slot of a table of `capacity` (a power of two)."""
    return 64 - (capacity.bit_length() - 1)


def new_table(capacity: int, width: int, limits: Limits, what: str) -> np.ndarray:
    check_memory(capacity * width * 8, what, limits)
    table = np.zeros((capacity, width), dtype=np.uint64)
    table[:, 0] = EMPTY_KEY
    return table
