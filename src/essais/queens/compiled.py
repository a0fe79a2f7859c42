"""The numba engines of N queens: the textbook search over `textbook_slice`, and one start
constellation's sub-tree of the bitmask count over `constellation_slice` (queens._kernels)."""

from __future__ import annotations

import time
from collections.abc import Iterator

import numpy as np

from essais.core.limits import SOLUTION, SearchControl
from essais.core.parallel import TaskResult
from essais.core.sliced import SlicedSearch
from essais.queens._kernels import (
    FIXED_BY_HALF_TURN,
    FIXED_BY_QUARTER_TURN,
    SOLUTIONS,
    STATE_SIZE,
    border_masks,
    constellation_slice,
    image_to_search,
    start_constellations,
    textbook_slice,
)


class CompiledQueens(SlicedSearch):
    """The numba engine of the textbook search."""

    def __init__(self, n: int, control: SearchControl) -> None:
        super().__init__(control, STATE_SIZE)
        self.n = n

    def solutions(self) -> Iterator[list[int]]:
        n = self.n
        columns = np.zeros(n + 1, dtype=np.int64)
        next_column = np.zeros(n + 1, dtype=np.int64)
        attacked = np.zeros(5 * n, dtype=np.uint8)

        def step(node_stop: int) -> int:
            return int(textbook_slice(n, columns, next_column, attacked, self.state, True, node_stop))

        while self.slices(step) == SOLUTION:
            yield [int(c) for c in columns[:n]]


class ConstellationSearch(SlicedSearch):
    """One start constellation's sub-tree, counted by `constellation_slice`."""

    def __init__(self, n: int, code: int, symmetric: bool, control: SearchControl) -> None:
        super().__init__(control, STATE_SIZE)
        used, diagonals, anti, self.columns, self.order = border_masks(n, code)
        self.n, self.symmetric = n, symmetric
        self.free, self.used, self.diagonals, self.anti = (np.zeros(n + 1, dtype=np.int64) for _ in range(4))
        self.used[0], self.diagonals[0], self.anti[0] = used, diagonals, anti

    def step(self, node_stop: int) -> int:
        return int(
            constellation_slice(
                self.n, self.order, self.symmetric, self.free, self.used, self.diagonals, self.anti,
                self.columns, self.state, node_stop,
            )
        )  # fmt: skip

    def run(self) -> tuple[int, int, int]:
        """(completions, those fixed by the half turn, those fixed by the quarter turn)."""
        self.slices(self.step)
        return int(self.state[SOLUTIONS]), int(self.state[FIXED_BY_HALF_TURN]), int(self.state[FIXED_BY_QUARTER_TURN])


def count_start_constellation(task: tuple[int, int, bool], control: SearchControl) -> TaskResult:
    """A sub-tree of the split count (essais.core.parallel): task = (n, constellation code,
    whether its stabiliser holds a rotation, so that symmetric solutions must be counted). The
    worker picks the image to search (a few hundred placements' look-ahead, run in parallel)."""
    n, code, symmetric = task
    started = time.perf_counter()
    search = ConstellationSearch(n, int(image_to_search(n, code, rows_to_look_ahead(n))), symmetric, control)
    values = search.run()
    stats = search.stats()
    stats.seconds = time.perf_counter() - started
    return TaskResult(values, stats)


def rows_to_look_ahead(n: int) -> int:
    """How many free rows `image_to_search` explores: deeper finds smaller trees but costs time
    of its own, which pays from n = 17 (n = 18: 5 rows, 8% fewer nodes than 3, 4% faster)."""
    return 3 if n <= 16 else 5


def constellation_table(n: int) -> list[tuple[int, int, int, int, int]]:
    """One row per orbit of start constellations: (code, orbit size, stabiliser size, whether
    the stabiliser holds the half turn, whether it holds the quarter turns)."""
    return [tuple(int(value) for value in row) for row in start_constellations(n)]  # type: ignore[misc]


def _warm_up() -> None:
    """numba spends ~10 ms on a kernel's first call in a process: pay it at import, so that
    `seconds` measures the search alone."""
    queens = CompiledQueens(1, SearchControl())
    next(queens.solutions())
    for row in start_constellations(5):
        count_start_constellation((5, int(row[0]), True), SearchControl())


_warm_up()
