"""The numba engine of exact covering (over core.cover._kernels): one search from the top, the
sub-trees of a split count listed at a level, and one sub-tree counted in a worker."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from essais.core.cover._kernels import (
    BASE,
    SOLUTIONS,
    SPLIT,
    STATE_SIZE,
    TOP,
    UPDATES,
    cover_slice,
    replay,
)
from essais.core.cover.links import Links, link, options_of_nodes
from essais.core.cover.problem import CoverArrays
from essais.core.limits import BUDGET_SPENT, SOLUTION, SearchControl
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
        self.nd = np.stack([links.top, links.ulink, links.dlink, links.color], axis=1).ravel()  # (_kernels' TOP… COLOR)
        self.it = np.stack([links.llink, links.rlink], axis=1).ravel()
        self.items = np.zeros(links.depth + 1, dtype=np.int32)
        self.choices = np.zeros(links.depth + 1, dtype=np.int32)
        self.state[SPLIT] = -1
        self.option_at: np.ndarray | None = None  # each node's option (made at the first solution)
        if prefix:
            replay(np.array(prefix, dtype=np.int32), self.nd, self.it, self.items, self.choices)
            self.state[DEPTH] = self.state[BASE] = len(prefix)

    def stats(self) -> Stats:
        stats = super().stats()
        stats.own = {"updates": int(self.state[UPDATES])}
        return stats

    def step(self, stop_at_solution: bool, node_stop: int) -> int:
        return int(cover_slice(self.nd, self.it, self.items, self.choices, self.fewest, self.state, stop_at_solution,
                               node_stop))  # fmt: skip

    def solutions(self) -> Iterator[list[int]]:
        """Every solution, as its options' indices in the order they were chosen."""
        while self.run(True) == SOLUTION:
            yield self._chosen()

    def first_within(self, budget: int) -> list[int] | None | bool:
        """The first solution (its options' indices), None when there is none, or False when
        `budget` nodes were spent first."""

        outcome = self.slices_within(lambda node_stop: self.step(True, node_stop), budget)
        if outcome == BUDGET_SPENT:
            return False
        if outcome != SOLUTION:
            return None
        return self._chosen()

    def _chosen(self) -> list[int]:
        """The options of the solution found (their indices, in the order they were chosen)."""
        if self.option_at is None:
            self.option_at = options_of_nodes(self.nd[TOP::4], len(self.it) // 2 - 2)
        return self.option_at[self.choices[: self.state[DEPTH]]].tolist()

    def root(self, level: int) -> tuple[int, ...]:
        """A sub-tree's root: the option nodes that lead there."""
        return tuple(self.choices[:level].tolist())


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
