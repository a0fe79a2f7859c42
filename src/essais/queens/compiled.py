"""The numba engines of N queens: the textbook search over `textbook_slice`, one start
constellation's sub-tree of the split counts, over `constellation_slice` (method bitmask) or
`fewest_slice` (method mrv) (queens._kernels), and the row sets of method join over
`join_slice` (queens._join_kernels), with the quarter boards they join."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator

import numpy as np

from essais.core.board import Board
from essais.core.engine import check_memory
from essais.core.limits import SOLUTION, Limits, SearchControl
from essais.core.parallel import TaskResult, solve_subtree
from essais.core.result import Stats
from essais.core.sliced import SlicedSearch
from essais.queens._join_kernels import (
    COLUMNS,
    FIRST_COLUMN,
    FIRST_ROW,
    HALF_BOARDS,
    KEYS_AT,
    LAYOUT_WIDTH,
    MORE_SPACE,
    PAIRS,
    ROWS,
    SPACE_NEEDED,
    STARTS_AT,
    join_slice,
    quarter_boards,
    table_words,
)
from essais.queens._join_kernels import SOLUTIONS as JOIN_SOLUTIONS
from essais.queens._join_kernels import STATE_SIZE as JOIN_STATE_SIZE
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


class JoinedSearch(SlicedSearch):
    """Method join: the row sets of one task (those whose north rows in the east are `north`),
    counted by `join_slice` over the quarter boards of this process (join_tables)."""

    slice_nodes = 1 << 12  # a node is a whole row set: thousands of half boards paired

    def __init__(self, n: int, north: int, control: SearchControl) -> None:
        super().__init__(control, JOIN_STATE_SIZE)
        self.n = n
        self.starts, self.keys, self.layout = join_tables(n, control.check_setup, control.limits)
        self.row_sets, self.weights = row_sets(n, north)
        self.east = self.west = self.tables = np.empty(0, dtype=np.uint64)

    def run(self) -> tuple[int]:
        """(the solutions of the task's row sets, each times its weight)."""
        while self.slices(self.step) == MORE_SPACE:
            self._make_room(int(self.state[SPACE_NEEDED]))
        return self.so_far()

    def step(self, node_stop: int) -> int:
        return int(
            join_slice(
                self.n, self.starts, self.keys, self.layout, self.row_sets, self.weights, self.state, node_stop,
                self.east, self.west, self.tables,
            )
        )  # fmt: skip

    def so_far(self) -> tuple[int]:
        return (int(self.state[JOIN_SOLUTIONS]),)

    def stats(self) -> Stats:
        stats = super().stats()
        stats.own = {"half_boards": int(self.state[HALF_BOARDS]), "pairs": int(self.state[PAIRS])}
        return stats

    def _make_room(self, keys: int) -> None:
        """Key buffers for `keys` half boards a side (at least twice the old), and the lookup
        tables of as many keys."""
        keys = max(keys, 2 * len(self.east), 1024)
        tables = int(table_words(keys, 2 * (self.n - 1) + self.n % 2))
        check_memory(8 * (2 * keys + tables), f"the half boards of {self.n} queens", self.control.limits)
        self.east, self.west = np.empty(keys, dtype=np.uint64), np.empty(keys, dtype=np.uint64)
        self.tables = np.empty(tables, dtype=np.uint64)


def count_joined_rows(task: tuple[int, int], control: SearchControl) -> TaskResult:
    """A sub-tree of method join (essais.core.parallel): task = (n, the north rows of the east
    half, a bit set), every row set that extends it counted once for its orbit."""
    n, north = task
    search = JoinedSearch(n, north, control)
    return solve_subtree(search.run, search.so_far, search.stats)


def join_tasks(n: int) -> list[tuple[int, int]]:
    """The tasks of method join: one per set of north rows whose queen stands east that some
    counted row set extends, those with the most row sets first (the pool ends sooner)."""
    sizes = [(len(row_sets(n, north)[0]), north) for north in range(1 << (n // 2))]
    return [(n, north) for size, north in sorted(sizes, key=lambda pair: -pair[0]) if size]


def row_sets(n: int, north: int) -> tuple[np.ndarray, np.ndarray]:
    """The row sets of method join whose north rows are `north` (bit r: row r's queen stands in
    the east half, n - n // 2 rows in all), one per orbit under the reflections that keep the
    halves (top to bottom, and for even n left to right, which swaps them): the smallest of its
    images stands for them all. With each, its weights (_join_kernels._pair_weights): that of a
    solution with no queen on a long diagonal (the orbit's size); that of a solution whose
    queens there stand in the west half (the row sets top to bottom: left to right keeps no half
    free of them); and for even n that of one whose queens there stand in the east half, which
    left to right turns into a solution of the other rows with them in its west half (the row
    sets of those, unless the first turned upside down is one of them: then 0)."""
    h = n // 2
    south = np.arange(1 << (n - h), dtype=np.int64)
    south = south[np.bitwise_count(south) == n - n // 2 - int(north).bit_count()]
    sets = north | (south << h)
    turned = _reversed_rows(sets, n)
    images = [sets, turned]
    if n % 2 == 0:
        every_row = (1 << n) - 1
        images += [every_row ^ sets, every_row ^ turned]
    stacked = np.stack(images, axis=1)
    least = stacked.min(axis=1) == sets
    sets, turned, stacked = sets[least], turned[least], np.sort(stacked[least], axis=1)
    orbit = 1 + (stacked[:, 1:] != stacked[:, :-1]).sum(axis=1)
    upside_down = 1 + (turned != sets)  # the row sets of the orbit that keep the halves
    mirrored = upside_down * (turned != (1 << n) - 1 - sets) if n % 2 == 0 else np.zeros_like(sets)
    return sets, np.stack([orbit, upside_down, mirrored], axis=1)


def _reversed_rows(sets: np.ndarray, n: int) -> np.ndarray:
    """Each row set turned upside down (row r becomes row n - 1 - r)."""
    turned = np.zeros_like(sets)
    for row in range(n):
        turned |= ((sets >> row) & 1) << (n - 1 - row)
    return turned


# the quarter boards of method join, for one n at a time, kept for the process's counts (the
# workers forked from the process that lists them inherit them)
_QUARTERS: dict[int, tuple[np.ndarray, np.ndarray, np.ndarray]] = {}


def join_tables(
    n: int, check: Callable[[], None] = lambda: None, limits: Limits | None = None
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every placement of each quarter board (_join_kernels.quarter_boards), grouped: the group
    starts of the four quarters one after the other, their placements' words, and the layout
    (a row per quarter). The memory is estimated before each part is allocated; `check()`
    between a quarter's first-row choices may stop it."""
    if n in _QUARTERS:
        return _QUARTERS[n]
    layout = _quarter_layout(n)
    groups = [1 << int(rows + columns) for _, rows, _, columns, _, _ in layout]
    check_memory(8 * (sum(groups) + 4), f"the quarter boards of {n} queens (their groups)", limits)
    starts = np.zeros(sum(groups) + 4, dtype=np.int64)
    empty = np.empty(0, dtype=np.uint64)
    # a quarter's placements are in its own rows and columns: quarters of one shape (all four
    # for an even n) have the same, listed once and copied (n = 18: 0.37 s -> 0.13 s)
    same = [next(q for q in range(4) if (layout[q, ROWS], layout[q, COLUMNS]) == (rows, columns))
            for _, rows, _, columns, _, _ in layout]  # fmt: skip
    for quarter, (first_row, rows, first_column, columns, at, _) in enumerate(layout):
        block = starts[at : at + groups[quarter] + 1]
        if same[quarter] != quarter:
            block[:] = starts[layout[same[quarter], STARTS_AT] :][: len(block)]
        else:
            for first_choice in range(-1, int(columns)):
                check()
                quarter_boards(n, first_row, rows, first_column, columns, first_choice, block, empty, False)
            np.cumsum(block, out=block)
        layout[quarter + 1 :, KEYS_AT] += block[-1]
    check_memory(8 * int(layout[-1, KEYS_AT] + block[-1]), f"the quarter boards of {n} queens", limits)
    keys = np.empty(int(layout[-1, KEYS_AT] + block[-1]), dtype=np.uint64)
    for quarter, (first_row, rows, first_column, columns, at, keys_at) in enumerate(layout):
        size = int(starts[at + groups[quarter]])
        if same[quarter] != quarter:
            first_at = layout[same[quarter], KEYS_AT]
            keys[keys_at : keys_at + size] = keys[first_at : first_at + size]
            continue
        places = starts[at : at + groups[quarter]].copy()
        for first_choice in range(-1, int(columns)):
            check()
            quarter_boards(n, first_row, rows, first_column, columns, first_choice, places, keys[keys_at:], True)
    _QUARTERS.clear()
    _QUARTERS[n] = starts, keys, layout
    return starts, keys, layout


def _quarter_layout(n: int) -> np.ndarray:
    """The four quarters (NORTH_WEST, NORTH_EAST, SOUTH_WEST, SOUTH_EAST): first row, rows, first
    column, columns, where their group starts begin (KEYS_AT filled in by join_tables)."""
    h = w = n // 2
    layout = np.zeros((4, LAYOUT_WIDTH), dtype=np.int64)
    quarters = [(0, h, 0, w), (0, h, w, n - w), (h, n - h, 0, w), (h, n - h, w, n - w)]
    at = 0
    for quarter, (first_row, rows, first_column, columns) in enumerate(quarters):
        layout[quarter, [FIRST_ROW, ROWS, FIRST_COLUMN, COLUMNS]] = first_row, rows, first_column, columns
        layout[quarter, STARTS_AT] = at
        at += (1 << (rows + columns)) + 1
    return layout
