"""The numba engines of N queens: the textbook search over `textbook_slice`, and one start
constellation's sub-tree of the split counts, over `constellation_slice` (method bitmask) or
`fewest_slice` (method mrv) (queens._kernels)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator

import numpy as np

from essais.core.board import Board
from essais.core.limits import SOLUTION, SearchControl
from essais.core.parallel import TaskResult, solve_subtree
from essais.core.sliced import SlicedSearch
from essais.queens._kernels import (
    FIXED_BY_HALF_TURN,
    FIXED_BY_QUARTER_TURN,
    SOLUTIONS,
    STATE_SIZE,
    border_masks,
    constellation_slice,
    fewest_slice,
    image_to_search,
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


class ConstellationSearch(SlicedSearch, ABC):
    """One start constellation's sub-tree, counted by a kernel slice after slice (`step`)."""

    def __init__(self, n: int, symmetric: bool, control: SearchControl) -> None:
        super().__init__(control, STATE_SIZE)
        self.n, self.symmetric = n, symmetric
        # a level per free row, and level 0 for the border queens
        self.free, self.used, self.diagonals, self.anti = (np.zeros(n + 1, dtype=np.int64) for _ in range(4))

    @abstractmethod
    def step(self, node_stop: int) -> int:
        """One slice of the kernel, up to `node_stop` nodes in all."""

    def run(self) -> tuple[int, int, int]:
        """(completions, those fixed by the half turn, those fixed by the quarter turn)."""
        self.slices(self.step)
        return self.so_far()

    def so_far(self) -> tuple[int, int, int]:
        """run's three counts, of the completions found so far."""
        return int(self.state[SOLUTIONS]), int(self.state[FIXED_BY_HALF_TURN]), int(self.state[FIXED_BY_QUARTER_TURN])


class BitmaskSearch(ConstellationSearch):
    """Method bitmask: the free rows top to bottom, by `constellation_slice`."""

    def __init__(self, n: int, images: tuple[int, ...], symmetric: bool, control: SearchControl) -> None:
        """The constellation whose 8 images are `images`, searched from the one image_to_search picks."""
        super().__init__(n, symmetric, control)
        chosen = image_to_search(n, np.array(images, dtype=np.int64), rows_to_look_ahead(n))
        used, diagonals, anti, self.columns, self.order = chosen
        self.used[0], self.diagonals[0], self.anti[0] = used, diagonals, anti

    def step(self, node_stop: int) -> int:
        return int(
            constellation_slice(
                self.n, self.order, self.symmetric, self.free, self.used, self.diagonals, self.anti,
                self.columns, self.state, node_stop,
            )
        )  # fmt: skip


class FewestSearch(ConstellationSearch):
    """Method mrv: the free row with the fewest free squares first, by `fewest_slice`."""

    def __init__(self, n: int, images: tuple[int, ...], symmetric: bool, control: SearchControl) -> None:
        """The constellation whose 8 images are `images`, searched from the first (any image
        counts the same; the choice of rows at each node leaves little to gain from picking)."""
        super().__init__(n, symmetric, control)
        used, diagonals, anti, self.columns, order = border_masks(n, images[0])
        self.used[0], self.diagonals[0], self.anti[0] = used, diagonals, anti
        self.left, self.rows = np.zeros(n + 1, dtype=np.int64), np.zeros(n + 1, dtype=np.int64)
        self.left[0] = sum(1 << int(row) for row in order)

    def step(self, node_stop: int) -> int:
        return int(
            fewest_slice(
                self.n, self.symmetric, self.free, self.used, self.diagonals, self.anti, self.left, self.rows,
                self.columns, self.state, node_stop,
            )
        )  # fmt: skip


SEARCHES: dict[str, type[BitmaskSearch] | type[FewestSearch]] = {"bitmask": BitmaskSearch, "mrv": FewestSearch}


def count_start_constellation(task: tuple[int, tuple[int, ...], bool, str], control: SearchControl) -> TaskResult:
    """A sub-tree of the split count (essais.core.parallel): task = (n, the codes of the
    constellation's 8 images, whether its stabiliser holds a rotation, so that symmetric
    solutions must be counted, the method). The worker picks the image to search (for bitmask,
    a few hundred placements' look-ahead, run in parallel)."""
    n, images, symmetric, method = task
    search = SEARCHES[method](n, images, symmetric, control)
    return solve_subtree(search.run, search.so_far, search.stats)


def rows_to_look_ahead(n: int) -> int:
    """How many free rows `image_to_search` explores: deeper finds smaller trees but costs time
    of its own, which pays from n = 17 (n = 18: 5 rows, 8% fewer nodes than 3, 4% faster)."""
    return 3 if n <= 16 else 5


# Board.symmetries' maps of the square, in their order: 3 is the half turn, 5 and 6 the quarter
# turns; the others are reflections, which fix no solution for n > 1.
HALF_TURN, QUARTER_TURN = 3, 5
CODES_A_STEP = 1 << 16  # start constellations looked at together (n = 27 has 531,441 codes)


def constellation_table_bytes(n: int) -> int:
    """About the most memory constellation_table(n) holds: its rows (about n⁴/12 orbits, each a
    row and a task of some 700 bytes of Python objects: measured 690 at n = 32, more below) and
    numpy's arrays for CODES_A_STEP codes at a time (some 300 bytes a code)."""
    return n**4 // 12 * 1024 + CODES_A_STEP * 320


def constellation_table(
    n: int, check: Callable[[], None] = lambda: None
) -> list[tuple[int, int, int, int, int, tuple[int, ...]]]:
    """One row per orbit of start constellations, the one with the smallest code (see
    _kernels._border_queens), by increasing code: (code, orbit size, stabiliser size, whether
    the stabiliser holds the half turn, whether it holds the quarter turns, the codes of its 8
    images in Board.symmetries' order). numpy over the n⁴ codes, CODES_A_STEP at a time;
    `check()` between them may stop it (a limit or a signal: SearchControl.check_setup)."""
    rows_of_table: list[tuple[int, int, int, int, int, tuple[int, ...]]] = []
    for first in range(0, n**4, CODES_A_STEP):
        check()
        code = np.arange(first, min(first + CODES_A_STEP, n**4), dtype=np.int64)
        rows, cols = _border_queens(n, code)
        valid = _is_constellation(n, rows, cols)
        code, rows, cols = code[valid], rows[valid], cols[valid]
        # (Board.symmetries' maps work on arrays of rows and columns too)
        images = np.stack([_code(n, *symmetry(rows, cols)) for symmetry in Board(n, n).symmetries()], axis=1)  # type: ignore[arg-type]
        least = images.min(axis=1) == code
        code, images = code[least], images[least]
        ordered = np.sort(images, axis=1)
        orbit = 1 + (ordered[:, 1:] != ordered[:, :-1]).sum(axis=1)
        stabiliser = (images == code[:, None]).sum(axis=1)
        half, quarter = images[:, HALF_TURN] == code, images[:, QUARTER_TURN] == code
        columns = (code, orbit, stabiliser, half * 1, quarter * 1)
        rows_of_table += zip(*(column.tolist() for column in columns), map(tuple, images.tolist()), strict=True)
    return rows_of_table


def _border_queens(n: int, code: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The rows and columns of the 4 border queens of each code, as (codes, 4) arrays: in row 0,
    the last row, column 0, the last column (a corner queen appears twice)."""
    a, b, c, d = code // n**3, code // n**2 % n, code // n % n, code % n
    zero, last = np.zeros_like(code), np.full_like(code, n - 1)
    return np.stack([zero, last, c, d], axis=1), np.stack([a, b, zero, last], axis=1)


def _is_constellation(n: int, rows: np.ndarray, cols: np.ndarray) -> np.ndarray:
    """Each border line holds exactly one of the queens (a corner queen counts once), and no
    two of them attack."""
    valid = np.ones(len(rows), dtype=bool)
    distinct = np.ones(rows.shape, dtype=bool)
    for i in range(4):
        for j in range(i):
            same_row, same_col = rows[:, i] == rows[:, j], cols[:, i] == cols[:, j]
            same_diagonal = np.abs(rows[:, i] - rows[:, j]) == np.abs(cols[:, i] - cols[:, j])
            valid &= (same_row & same_col) | ~(same_row | same_col | same_diagonal)
            distinct[:, i] &= ~(same_row & same_col)
    for line in (rows == 0, rows == n - 1, cols == 0, cols == n - 1):
        valid &= (line & distinct).sum(axis=1) == 1
    return valid


def _code(n: int, rows: np.ndarray, cols: np.ndarray) -> np.ndarray:
    """The code of each row's border queens (exactly one queen on each border line)."""

    def on(line: np.ndarray, other: np.ndarray) -> np.ndarray:  # the other coordinate of the line's queen
        return np.where(line, other, 0).max(axis=1)

    last = n - 1
    return ((on(rows == 0, cols) * n + on(rows == last, cols)) * n + on(cols == 0, rows)) * n + on(cols == last, rows)
