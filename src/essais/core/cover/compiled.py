"""The numba engine of exact covering (over core.cover._kernels): one search from the top, the
sub-trees of a split count listed at a level, and one sub-tree counted in a worker."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from essais.core.cover._kernels import (
    BASE,
    COLOURED,
    COLOURLESS,
    COVER_SLICES,
    LISTED,
    SOLUTIONS,
    SPLIT,
    STATE_SIZE,
    UPDATES,
    pack,
    replay,
)
from essais.core.cover.problem import CoverArrays
from essais.core.limits import BUDGET_SPENT, SOLUTION, SearchControl, SearchStopped
from essais.core.parallel import TaskResult
from essais.core.parallel import count_subtree as counted
from essais.core.result import Stats
from essais.core.sliced import DEPTH, SplitSearch


class CompiledCover(SplitSearch):
    """Algorithm C by `cover_slice`, from the top or (`prefix`: the option nodes chosen at the
    levels above) from a sub-tree's root."""

    solutions_slot, split_slot = SOLUTIONS, SPLIT

    def __init__(self, arrays: CoverArrays, method: str, control: SearchControl, prefix: tuple[int, ...] = ()) -> None:
        super().__init__(control, STATE_SIZE)
        self.fewest = method == "dlx"
        self.fields = COLOURED if arrays.colors.any() else COLOURLESS  # (a node's size in the kernel's layout)
        self.nd, self.it = _packed(arrays, self.fields)
        in_cache = self.nd.nbytes <= RING_UNHIDE_BYTES  # (how _kernels._unhide walks an option)
        self.kernel = COVER_SLICES[self.fields, in_cache]
        # (a node's option: the spacer before it says)
        self.spacers = arrays.n_items + 1 + arrays.starts + np.arange(len(arrays.starts))
        offsets = self.nd.dtype  # (what holds the nodes' offsets)
        depth = arrays.primary  # (the most options a solution holds: one a primary item)
        self.items = np.zeros(depth + 1, dtype=offsets)
        self.choices = np.zeros(depth + 1, dtype=offsets)
        self.nothing = np.zeros((0, depth + 1), dtype=offsets)  # (a count lists no solution)
        self.found = np.zeros((1, depth + 1), dtype=offsets)  # the solutions listed, a row each
        self.state[SPLIT] = -1
        if prefix:
            replay(np.array(prefix, dtype=offsets) * self.fields, self.nd, self.it, self.items, self.choices,
                   self.fields)  # fmt: skip
            self.state[DEPTH] = self.state[BASE] = len(prefix)

    def stats(self) -> Stats:
        stats = super().stats()
        stats.own = {"updates": int(self.state[UPDATES])}
        return stats

    def step(self, stop_at_solution: bool, node_stop: int) -> int:
        found = self.found if stop_at_solution else self.nothing
        return int(self.kernel(self.nd, self.it, self.items, self.choices, self.fewest, self.state, found, node_stop))

    def solutions(self) -> Iterator[list[int]]:
        """Every solution, as its options' indices in the order they were chosen."""
        for block in self.solution_blocks(1):
            yield block[0][block[0] >= 0].tolist()

    def solution_blocks(self, rows: int) -> Iterator[np.ndarray]:
        """Every solution, listed `rows` at a time by the kernel (a caller that wants them all
        saves a call a solution): blocks of rows of their options' indices in the order they
        were chosen, -1 after them. A limit or Ctrl-C hands on the solutions listed first."""
        self.found = np.zeros((rows, len(self.choices)), dtype=self.nd.dtype)
        outcome = SOLUTION
        while outcome == SOLUTION:
            try:
                outcome = self.run(True)
            except SearchStopped:
                if self.state[LISTED]:
                    yield self._listed()
                raise
            if self.state[LISTED]:
                yield self._listed()

    def first_within(self, budget: int) -> list[int] | None | bool:
        """The first solution (its options' indices), None when there is none, or False when
        `budget` nodes were spent first."""

        self.found = self.found[:1]
        outcome = self.slices_within(lambda node_stop: self.step(True, node_stop), budget)
        if outcome == BUDGET_SPENT:
            return False
        if outcome != SOLUTION:
            return None
        row = self._listed()[0]
        return row[row >= 0].tolist()

    def _listed(self) -> np.ndarray:
        """The solutions the kernel listed since the last call (their options' indices, -1 after
        them), taken out of `found`."""
        nodes = self.found[: self.state[LISTED]]
        self.state[LISTED] = 0
        held = np.logical_and.accumulate(nodes >= 0, axis=1)  # (past a solution's -1: an older one's nodes)
        options = np.searchsorted(self.spacers, np.where(held, nodes // self.fields, 0), side="right") - 1
        return np.where(held, options, -1)

    def root(self, level: int) -> tuple[int, ...]:
        """A sub-tree's root: the option nodes that lead there."""
        return tuple((self.choices[:level] // self.fields).tolist())


# Links up to this size are unhidden along their options' rings, larger ones backwards (the
# processor's cache: 2 MB of L2 a core on this Intel Xeon, 0.5-1 MB on AMD EPYCs, more of L3)
RING_UNHIDE_BYTES = 4 * 2**20


def count_subtree(task: tuple[CoverArrays, str, tuple[int, ...]], control: SearchControl) -> TaskResult:
    """One sub-tree of a split count (essais.core.parallel): task = (the problem's arrays, the
    method, the option nodes that lead to the sub-tree's root); values: (its solutions,)."""
    arrays, method, prefix = task
    return counted(CompiledCover(arrays, method, control, prefix))


def _packed(arrays: CoverArrays, fields: int) -> tuple[np.ndarray, np.ndarray]:
    """The kernel's `nd` and `it` (core.cover._kernels.pack): each node's `fields` side by
    side, TOP to NEXT and COLOR if COLOURED, each item's links at its header's offset; links
    as offsets (int32, or int64 past 429 million nodes: the kernel is compiled for either).
    Made by a kernel in one pass: numpy's sorts and scatters (core.cover.links.link, then
    a copy) took 0.45 s for the 5 million nodes of a symmetric cover of queen:14, the kernel
    takes 0.03 s (2026-12, Intel)."""
    size = arrays.node_count() * fields
    offsets = np.dtype(np.int32 if size <= np.iinfo(np.int32).max else np.int64)
    nd, it = np.zeros(size, dtype=offsets), np.zeros((arrays.n_items + 2) * fields, dtype=offsets)
    pack(arrays.starts, arrays.items, arrays.colors, arrays.n_items, arrays.primary, nd, it)
    return nd, it
