"""The numba engine of exact covering (over core.cover._kernels): one search from the top, the
sub-trees of a split count listed at a level, and one sub-tree counted in a worker."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from essais.core.cover._kernels import (
    BASE,
    FIELDS,
    LISTED,
    LLINK,
    RLINK,
    SOLUTIONS,
    SPLIT,
    STATE_SIZE,
    UPDATES,
    cover_slice_in_cache,
    cover_slice_out_of_cache,
    replay,
)
from essais.core.cover.links import Links, link, options_of_nodes
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

    def __init__(self, links: Links, method: str, control: SearchControl, prefix: tuple[int, ...] = ()) -> None:
        super().__init__(control, STATE_SIZE)
        self.fewest = method == "dlx"
        self.top = links.top  # (which option a node is in, read at the first solution)
        self.nd, self.it = _packed(links)
        in_cache = self.nd.nbytes <= RING_UNHIDE_BYTES  # (how _kernels._unhide walks an option)
        self.kernel = cover_slice_in_cache if in_cache else cover_slice_out_of_cache
        offsets = self.nd.dtype  # (what holds the nodes' offsets)
        self.items = np.zeros(links.depth + 1, dtype=offsets)
        self.choices = np.zeros(links.depth + 1, dtype=offsets)
        self.nothing = np.zeros((0, links.depth + 1), dtype=offsets)  # (a count lists no solution)
        self.found = np.zeros((1, links.depth + 1), dtype=offsets)  # the solutions listed, a row each
        self.state[SPLIT] = -1
        self.option_at: np.ndarray | None = None  # each node's option (made at the first solution)
        if prefix:
            replay(np.array(prefix, dtype=offsets) * FIELDS, self.nd, self.it, self.items, self.choices)
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
        if self.option_at is None:
            self.option_at = options_of_nodes(self.top, len(self.it) // FIELDS - 2)
        nodes = self.found[: self.state[LISTED]]
        self.state[LISTED] = 0
        held = np.logical_and.accumulate(nodes >= 0, axis=1)  # (past a solution's -1: an older one's nodes)
        return np.where(held, self.option_at[np.where(held, nodes // FIELDS, 0)], -1)

    def root(self, level: int) -> tuple[int, ...]:
        """A sub-tree's root: the option nodes that lead there."""
        return tuple((self.choices[:level] // FIELDS).tolist())


# Links up to this size are unhidden along their options' rings, larger ones backwards (the
# processor's cache: 2 MB of L2 a core on this Intel Xeon, 0.5-1 MB on AMD EPYCs, more of L3)
RING_UNHIDE_BYTES = 4 * 2**20
_LINKS: dict[str, Links] = {}  # in a worker: the links of the problems it has counted, by digest


def count_subtree(task: tuple[CoverArrays, str, tuple[int, ...]], control: SearchControl) -> TaskResult:
    """One sub-tree of a split count (essais.core.parallel): task = (the problem's arrays, the
    method, the option nodes that lead to the sub-tree's root); values: (its solutions,)."""
    arrays, method, prefix = task
    links = _LINKS.get(arrays.digest)
    if links is None:
        _LINKS.clear()  # (one problem at a time: a long-lived process keeps no more)
        links = _LINKS[arrays.digest] = link(arrays)
    return counted(CompiledCover(links, method, control, prefix))


def _packed(links: Links) -> tuple[np.ndarray, np.ndarray]:
    """The kernel's `nd` and `it` (core.cover._kernels): each node's fields side by side, TOP
    to NEXT, each item's links at its header's offset; links as offsets (int32, or int64 past
    429 million nodes: the kernel is compiled for either)."""
    items, size = len(links.llink) - 2, len(links.top) * FIELDS
    offsets = np.dtype(np.int32 if size <= np.iinfo(np.int32).max else np.int64)
    top = links.top.astype(offsets)
    top[items + 1 :][top[items + 1 :] > 0] *= FIELDS  # (an option node's item; not LEN, nor a spacer's -k)
    fields = [top, links.ulink.astype(offsets) * FIELDS, links.dlink.astype(offsets) * FIELDS, links.color,
              _ring(links).astype(offsets) * FIELDS]  # fmt: skip
    it = np.zeros((items + 2, FIELDS), dtype=offsets)
    it[:, LLINK], it[:, RLINK] = links.llink * FIELDS, links.rlink * FIELDS
    return np.stack(fields, axis=1, dtype=offsets).ravel(), it.ravel()


def _ring(links: Links) -> np.ndarray:
    """Each option's nodes in a ring (NEXT: the node after, the first after the last), so that
    the kernel walks an option without stepping on its spacers; 0 for the other nodes."""
    items = len(links.llink) - 2
    following = np.arange(1, len(links.top) + 1, dtype=np.int32)
    spacers = items + 1 + np.flatnonzero(links.top[items + 1 :] <= 0)
    following[spacers[1:] - 1] = links.ulink[spacers[1:]]  # (an option's last node: its first, the spacer's ULINK)
    following[: items + 1] = following[spacers] = 0
    return following
