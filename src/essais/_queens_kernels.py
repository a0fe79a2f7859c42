"""numba kernels for N queens (essais.queens). Private: checked inputs only.

`textbook_slice` is TextbookQueens with an explicit stack (`columns`, `next_column`), in
resumable slices of a node budget: the same solutions in the same order, the same counters.
`bitmask_slice` counts with bit sets of the attacked columns and diagonals; `first_row` limits
the first queen (the mirror symmetry); with `distinct` a solution counts only if it is the
smallest of its 8 images under the symmetries of the square."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
from numba import njit

from essais.core.limits import EXHAUSTED, PAUSED, SOLUTION, SearchControl
from essais.core.sliced import BACKTRACKS, DEPTH, ENTERING, FIRST_FREE_SLOT, NODES, TRIES, SlicedSearch

SOLUTIONS = FIRST_FREE_SLOT
STATE_SIZE = FIRST_FREE_SLOT + 1


@njit("int64(int64, int64[::1], int64[::1], uint8[::1], int64[::1], boolean, int64)", cache=True, nogil=True)
def textbook_slice(n, columns, next_column, attacked, state, stop_at_solution, node_stop):
    """`attacked` flags: n columns, then 2n-1 diagonals (row + col), then 2n-1 anti-diagonals
    (row - col + n - 1): the same answer as checking every queen above, in one look."""
    diagonals = n  # flags n .. 3n-2
    anti = 4 * n - 2  # flags 3n-1 .. 5n-3 (row - col runs from -(n-1) to n-1)
    depth = state[DEPTH]
    entering = state[ENTERING]
    nodes = state[NODES]
    tries = state[TRIES]
    backtracks = state[BACKTRACKS]
    solutions = state[SOLUTIONS]
    outcome = PAUSED
    while True:
        row = depth  # queens placed so far: the node of this row
        if entering:
            if nodes >= node_stop:
                break
            nodes += 1
            entering = 0
            next_column[row] = 0
            if row == n:
                next_column[row] = n  # the final call tries no column
                solutions += 1
                if stop_at_solution:
                    outcome = SOLUTION
                    break
        col = next_column[row]
        placed = False
        while col < n:
            tries += 1
            if not (attacked[col] or attacked[diagonals + row + col] or attacked[anti + row - col]):
                attacked[col] = 1
                attacked[diagonals + row + col] = 1
                attacked[anti + row - col] = 1
                columns[row] = col
                placed = True
                col += 1
                break
            col += 1
        next_column[row] = col
        if placed:
            depth += 1
            entering = 1
        else:
            if row == 0:
                outcome = EXHAUSTED
                break
            depth -= 1  # remove the queen of the row above
            above = columns[depth]
            attacked[above] = 0
            attacked[diagonals + depth + above] = 0
            attacked[anti + depth - above] = 0
            backtracks += 1
    state[DEPTH] = depth
    state[ENTERING] = entering
    state[NODES] = nodes
    state[TRIES] = tries
    state[BACKTRACKS] = backtracks
    state[SOLUTIONS] = solutions
    return outcome


@njit(cache=True, nogil=True)
def _is_canonical(columns, n, image):
    """Is the solution the smallest (as a column tuple) of its 8 images?"""
    for g in range(1, 8):
        for row in range(n):
            col = columns[row]
            r, c = row, col
            if g == 1:
                c = n - 1 - col
            elif g == 2:
                r = n - 1 - row
            elif g == 3:
                r, c = n - 1 - row, n - 1 - col
            elif g == 4:
                r, c = col, row
            elif g == 5:
                r, c = col, n - 1 - row
            elif g == 6:
                r, c = n - 1 - col, row
            elif g == 7:
                r, c = n - 1 - col, n - 1 - row
            image[r] = c
        for row in range(n):
            if image[row] != columns[row]:
                if image[row] < columns[row]:
                    return False
                break
    return True


@njit(
    "int64(int64, int64, boolean, int64[::1], int64[::1], int64[::1], int64[::1], int64[::1], int64[::1],"
    " int64[::1], int64)",
    cache=True,
    nogil=True,
)
def bitmask_slice(n, first_row, distinct, free, down, left, right, columns, image, state, node_stop):
    """Count solutions whose first queen is in `first_row` (a bit set). Per depth d: `free[d]`
    the columns still to try, `down/left/right[d]` the attacked columns and diagonals."""
    full = (1 << n) - 1
    depth = state[DEPTH]
    entering = state[ENTERING]
    nodes = state[NODES]
    tries = state[TRIES]
    backtracks = state[BACKTRACKS]
    solutions = state[SOLUTIONS]
    outcome = PAUSED
    while True:
        if entering:
            if nodes >= node_stop:
                break
            nodes += 1
            entering = 0
            if depth == n:
                if not distinct or _is_canonical(columns, n, image):
                    solutions += 1
                free[depth] = 0
            else:
                options = ~(down[depth] | left[depth] | right[depth]) & full
                free[depth] = options & first_row if depth == 0 else options
        options = free[depth]
        if options:
            bit = options & -options
            free[depth] = options ^ bit
            tries += 1
            if distinct:  # the canonical test needs the columns themselves
                col = 0
                while (bit >> col) != 1:
                    col += 1
                columns[depth] = col
            down[depth + 1] = down[depth] | bit
            left[depth + 1] = ((left[depth] | bit) << 1) & full
            right[depth + 1] = (right[depth] | bit) >> 1
            depth += 1
            entering = 1
        else:
            if depth == 0:
                outcome = EXHAUSTED
                break
            depth -= 1
            backtracks += 1
    state[DEPTH] = depth
    state[ENTERING] = entering
    state[NODES] = nodes
    state[TRIES] = tries
    state[BACKTRACKS] = backtracks
    state[SOLUTIONS] = solutions
    return outcome


class CompiledQueens(SlicedSearch):
    """The numba engine: the textbook search and the bitmask count."""

    def __init__(self, n: int, control: SearchControl) -> None:
        super().__init__(control, STATE_SIZE)
        self.n = n
        self.counted = 0  # solutions counted so far by count_bitmask

    def solutions(self) -> Iterator[list[int]]:
        n = self.n
        columns = np.zeros(n + 1, dtype=np.int64)
        next_column = np.zeros(n + 1, dtype=np.int64)
        attacked = np.zeros(5 * n, dtype=np.uint8)

        def step(node_stop: int) -> int:
            return int(textbook_slice(n, columns, next_column, attacked, self.state, True, node_stop))

        while self.slices(step) == SOLUTION:
            yield [int(c) for c in columns[:n]]

    def count_bitmask(self, distinct: bool) -> int:
        """Mirror symmetry: a solution with its first queen in the left half has its mirror
        image in the right half, so count the left half twice and, for odd n, the middle once."""
        n = self.n
        halves = [((1 << (n // 2)) - 1, 1 if distinct else 2)]
        if n % 2:
            halves.append((1 << (n // 2), 1))
        total = 0
        free, down, left, right, columns, image = (np.zeros(n + 1, dtype=np.int64) for _ in range(6))
        for first_row, weight in halves:
            self.state[DEPTH], self.state[ENTERING], self.state[SOLUTIONS] = 0, 1, 0

            def step(node_stop: int, first_row: int = first_row) -> int:
                return int(
                    bitmask_slice(
                        n, first_row, distinct, free, down, left, right, columns, image, self.state, node_stop
                    )
                )

            try:
                self.slices(step)
            finally:
                self.counted = total + weight * int(self.state[SOLUTIONS])
            total = self.counted
        return total


def _warm_up() -> None:
    """numba spends ~10 ms on a kernel's first call in a process: pay it at import, so that
    `seconds` measures the search alone."""
    queens = CompiledQueens(1, SearchControl())
    next(queens.solutions())
    CompiledQueens(1, SearchControl()).count_bitmask(distinct=True)


_warm_up()
