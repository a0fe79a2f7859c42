"""numba kernels of the 9×9 throughput method, bitwise (essais.sudoku): the same depth-first
search over propagated grids as propagate_slice (sudoku._kernels), with less per grid (no
weights, no restarts; singles and locked candidates by word operations on a grid held digit by
digit, 30 words). Private: checked inputs only; imports numpy, numba and essais.core alone (and
its sibling's slots of the search state).

A grid is held digit by digit: for each digit d and band b (rows 3b to 3b+2), a 27-bit set of
the band's cells where d may still go (bit 9k + c: row 3b + k, column c), slot 9b + d (a band's
nine digits side by side: placing a digit walks them); then, in slots UNSOLVED to UNSOLVED + 2,
each band's cells whose digit is not placed yet. A placed cell keeps its own digit's bit alone.
A row of a band is 9 bits of a word and a box 3 × 3 bits.

A digit's rules come down to 3 × 3 matrices of bits. In a band: may row k hold the digit in box j
(bit 3k + j)? In a stack of three columns: may band b hold it in the stack's column c (bit 3b + c)?
The digit fills each row and each box of a band once, each band and each column of a stack once,
so only the entries that lie on a permutation inside the matrix can stay (ON_PERMUTATION; none:
a contradiction). For 3 × 3 matrices that is exactly what locked candidates leave, pointing and
claiming, rows and columns (checked on all 512 matrices by the tests). After them a box or a
column where the digit has one cell left shows as a row of one cell, so hidden singles are
found on rows alone. Naked singles come from two bitwise sums over a band's nine digits.
"""

import numpy as np
from numba import njit

from essais.core.bits import bit_index
from essais.core.limits import EXHAUSTED, PAUSED, SOLUTION
from essais.core.sliced import (
    ALLOCATES_NOTHING,
    BACKTRACKS,
    DEPTH,
    ENTERING,
    NODES,
    TRIES,
    load_counters,
    store_counters,
)
from essais.sudoku._kernels import BATCH_SLICE_NODES, SOLUTIONS, STATE_SIZE

UNSOLVED = 27
GRID9 = 30  # the slots of a grid
ROW_BITS = (1 << 9) - 1
BAND_BITS = (1 << 27) - 1
STACK0 = 0b111_000000_111_000000_111  # the columns of the first stack, in each row of a band
ALL_DIGITS = (1 << 9) - 1
PERMUTATIONS3 = [(a, b, c) for a in range(3) for b in range(3) for c in range(3) if len({a, b, c}) == 3]


def on_permutation(matrix: int) -> int:
    """The entries of a 3 × 3 matrix of bits (bit 3r + c) that lie on a permutation inside it."""
    kept = 0
    for first, second, third in PERMUTATIONS3:
        entries = 1 << first | 1 << (3 + second) | 1 << (6 + third)
        if matrix & entries == entries:
            kept |= entries
    return kept


ON_PERMUTATION = np.array([on_permutation(m) for m in range(512)], dtype=np.int32)
# a row's 9 bits -> the boxes it has cells in (bit j: box j)
ROW_BOXES = np.array([sum(1 << j for j in range(3) if row >> (3 * j) & 7) for row in range(512)], dtype=np.int32)
# a band's matrix -> the band's cells it allows (entry 3k + j: row k's three cells in box j)
MATRIX_CELLS = np.array(
    [sum(7 << (9 * (e // 3) + 3 * (e % 3)) for e in range(9) if m >> e & 1) for m in range(512)], dtype=np.int32
)


# What a digit's rules keep, in one lookup (a lookup fewer on the chain each pass waits on: 5% of
# the batch's time): a band's matrix -> the band's cells on its permutations (0: a
# contradiction); a stack's matrix -> the stack's columns on its permutations, bands side by
# side (_stack_matrix's inverse)
BAND_KEEP = MATRIX_CELLS[ON_PERMUTATION]
STACK_KEEP = np.array([(m | m << 6 | m << 12) & STACK0 for m in ON_PERMUTATION.tolist()], dtype=np.int32)


def _not_peers() -> np.ndarray:
    """For each cell and band, the band's cells that are not the cell's peers (the cell
    itself among them): one AND takes a placed digit out of the cell's row, column and box."""
    keep = np.zeros((81, 3), dtype=np.int32)
    for cell in range(81):
        row, col = divmod(cell, 9)
        for band in range(3):
            peers_here = 0
            for k in range(3):
                other_row = 3 * band + k
                for other_col in range(9):
                    same_box = other_row // 3 == row // 3 and other_col // 3 == col // 3
                    if (other_row == row or other_col == col or same_box) and (other_row, other_col) != (row, col):
                        peers_here |= 1 << (9 * k + other_col)
            keep[cell, band] = ~peers_here & BAND_BITS
    return keep


NOT_PEERS = _not_peers()


@njit(cache=True, nogil=True, inline="always")
def _place(grid, digit, band, bit):
    """Place `digit` in the cell `bit` of `band`: out of the cell's peers, the other digits out
    of the cell. The digits that had the cell, as a set (bit d for digit d)."""
    cell = 27 * band + bit_index(bit)
    for other_band in range(3):
        grid[9 * other_band + digit] &= NOT_PEERS[cell, other_band]
    had = 0
    for other in range(9):  # (no branch: which digits had the cell is not foreseeable)
        cells = grid[9 * band + other]
        had |= ((cells & bit) != 0) << other
        grid[9 * band + other] = cells & ~bit
    grid[9 * band + digit] |= bit
    grid[UNSOLVED + band] &= ~bit
    return had


# The small helpers below are left to LLVM to inline (it does: the same speed), where numba's own
# inlining ("always") would only add to their callers' compilation (0.25 s of a first run).
@njit(cache=True, nogil=True)
def _spread(columns):
    """A set of 9 columns as the band's cells in them."""
    return columns | columns << 9 | columns << 18


@njit(cache=True, nogil=True)
def _band_matrix(cells):
    """A band's matrix for a digit: bit 3k + j when row k has cells in box j."""
    # (indices made unsigned: numba then leaves out the test for a negative index, 5% of the time)
    return (
        ROW_BOXES[np.uint32(cells & ROW_BITS)]
        | ROW_BOXES[np.uint32(cells >> 9 & ROW_BITS)] << 3
        | ROW_BOXES[np.uint32(cells >> 18 & ROW_BITS)] << 6
    )


@njit(cache=True, nogil=True)
def _stack_matrix(columns):
    """The first stack's matrix from a digit's columns (bit 9b + c: band b has cells in column c):
    the product's terms put the 3-bit groups at bits 0, 9 and 18 side by side at bits 12 to 20,
    where no other term falls."""
    return ((columns & STACK0) * 0x1041) >> 12 & ROW_BITS


@njit(cache=True, nogil=True)
def _alone_in_row(cells):
    """The band's cells that are the only ones of their row."""
    row0, row1, row2 = cells & ROW_BITS, cells & ROW_BITS << 9, cells & ROW_BITS << 18
    return (
        (row0 if row0 & (row0 - 1) == 0 else 0)
        | (row1 if row1 & (row1 - 1) == 0 else 0)
        | (row2 if row2 & (row2 - 1) == 0 else 0)
    )


@njit(cache=True, nogil=True)
def _columns_of(cells):
    return (cells | cells >> 9 | cells >> 18) & ROW_BITS


@njit(cache=True, nogil=True)
def _digit_columns(cells0, cells1, cells2):
    """The columns a digit's cells are in, band by band (bit 9b + c: band b, column c)."""
    return _columns_of(cells0) | _columns_of(cells1) << 9 | _columns_of(cells2) << 18


@njit(cache=True, nogil=True, inline="always")
def _digit_pass(grid, digit):
    """One round of a digit's rules on its words (slots digit, 9 + digit, 18 + digit): (False,
    ...) on a contradiction, else (True, each band's cells kept, each band's hidden singles, the
    columns the stacks' rules kept, as _digit_columns)."""
    before0, before1, before2 = grid[digit], grid[9 + digit], grid[18 + digit]
    columns = _digit_columns(before0, before1, before2)
    kept = 0
    for stack in range(3):
        keep = STACK_KEEP[np.uint32(_stack_matrix(columns >> 3 * stack))]
        if keep == 0:
            return False, 0, 0, 0, 0, 0, 0, 0
        kept |= keep << 3 * stack
    cells0 = before0 & _spread(kept & ROW_BITS)
    cells1 = before1 & _spread(kept >> 9 & ROW_BITS)
    cells2 = before2 & _spread(kept >> 18)
    keep0 = BAND_KEEP[np.uint32(_band_matrix(cells0))]
    keep1 = BAND_KEEP[np.uint32(_band_matrix(cells1))]
    keep2 = BAND_KEEP[np.uint32(_band_matrix(cells2))]
    if keep0 == 0 or keep1 == 0 or keep2 == 0:
        return False, 0, 0, 0, 0, 0, 0, 0
    cells0 &= keep0
    cells1 &= keep1
    cells2 &= keep2
    singles0 = _alone_in_row(cells0) & grid[UNSOLVED]
    singles1 = _alone_in_row(cells1) & grid[UNSOLVED + 1]
    singles2 = _alone_in_row(cells2) & grid[UNSOLVED + 2]
    return True, cells0, cells1, cells2, singles0, singles1, singles2, kept


@njit(cache=True, nogil=True, inline="always")
def _digit_rules(grid, digit):
    """Locked candidates and hidden singles for one digit, until they change nothing: the other
    digits that lost a cell to the digits placed, as a set (-1: a contradiction)."""
    lost = 0
    while True:
        ok, cells0, cells1, cells2, singles0, singles1, singles2, kept = _digit_pass(grid, digit)
        if not ok:
            return -1
        changed = (grid[digit] & ~cells0) | (grid[9 + digit] & ~cells1) | (grid[18 + digit] & ~cells2)
        if not changed | singles0 | singles1 | singles2:
            return lost & ~(1 << digit)
        grid[digit], grid[9 + digit], grid[18 + digit] = cells0, cells1, cells2
        if not singles0 | singles1 | singles2 and _digit_columns(cells0, cells1, cells2) == kept:
            # Nothing placed, and the bands' rules took no column from the stacks' matrices: a
            # round more would find the same matrices (what lies on their permutations stays
            # so), so change nothing (4 rounds in 78 a puzzle of 17_clue.txt, 1-3 % of the time)
            return lost & ~(1 << digit)
        for band in range(3):
            singles = singles0 if band == 0 else singles1 if band == 1 else singles2
            while singles:
                bit = singles & -singles
                singles ^= bit
                if grid[9 * band + digit] & bit:  # (else a single placed just before took it: the next round says why)
                    lost |= _place(grid, digit, band, bit)


@njit(cache=True, nogil=True, **ALLOCATES_NOTHING)
def _naked_singles(grid):
    """Place every open cell left with one digit: the digits placed, as a set, or -1 on a
    contradiction (an open cell with no digit left)."""
    placed = 0
    for band in range(3):
        once = twice = 0  # the band's cells with at least one digit, with two or more
        for digit in range(9):
            cells = grid[9 * band + digit]
            twice |= once & cells
            once |= cells
        open_cells = grid[UNSOLVED + band]
        if open_cells & ~once:
            return -1
        singles = open_cells & ~twice
        while singles:
            bit = singles & -singles
            singles ^= bit
            digit = 0
            while digit < 9 and not grid[9 * band + digit] & bit:
                digit += 1
            if digit == 9:
                return -1  # a single placed just before took this cell's last digit
            _place(grid, digit, band, bit)
            placed |= 1 << digit
    return placed


@njit(cache=True, nogil=True, **ALLOCATES_NOTHING)
def _propagate9(grid, digits):
    """Each digit's rules (`digits`: those whose cells changed since the grid was last
    propagated, as a set), again for each digit that loses a cell, then naked singles, until
    nothing changes the grid. False on a contradiction. (The rules only take candidates out,
    and each stays true as more go: whatever their order, they end on the same grid.)"""
    while True:
        while digits:
            lost = _digit_rules(grid, bit_index(digits))
            if lost < 0:
                return False
            digits = (digits & (digits - 1)) | lost
        digits = _naked_singles(grid)
        if digits <= 0:
            return digits == 0


@njit(cache=True, nogil=True, **ALLOCATES_NOTHING)
def _fewest_candidates(grid):
    """The first open cell with the fewest digits (a cell of two found bitwise, band by band)
    and its digits as a set (bit d for digit d + 1); (-1, 0) when every cell is placed."""
    best_band, best_bit = -1, 0
    for band in range(3):
        once = twice = thrice = 0
        for digit in range(9):
            cells = grid[9 * band + digit]
            thrice |= twice & cells
            twice |= once & cells
            once |= cells
        pairs = twice & ~thrice & grid[UNSOLVED + band]
        if pairs:
            best_band, best_bit = band, pairs & -pairs
            break
    if best_band < 0:
        fewest = 10
        for band in range(3):
            open_cells = grid[UNSOLVED + band]
            while open_cells:
                bit = open_cells & -open_cells
                open_cells ^= bit
                count = 0
                for digit in range(9):
                    count += (grid[9 * band + digit] & bit) != 0
                if count < fewest:
                    fewest, best_band, best_bit = count, band, bit
        if best_band < 0:
            return -1, 0
    digits = 0
    for digit in range(9):
        if grid[9 * best_band + digit] & best_bit:
            digits |= 1 << digit
    return 27 * best_band + bit_index(best_bit), digits


@njit(cache=True, nogil=True, **ALLOCATES_NOTHING)
def start_bitwise(cells, stack, changed):
    """The root grid of the bitwise search, every given placed (a given that a given before it
    forbids leaves its cell open with no digit: the root's propagation fails); every digit's
    rules to apply."""
    root = stack[0]
    changed[0] = ALL_DIGITS
    for slot in range(GRID9):  # every digit everywhere, every cell open
        root[slot] = BAND_BITS
    for band in range(3):
        givens = 0  # the band's given cells, found without a branch (which cells are given is not foreseeable)
        for k in range(27):
            givens |= (cells[27 * band + k] != 0) << k
        while givens:
            bit = givens & -givens
            givens ^= bit
            digit = cells[27 * band + bit_index(bit)] - 1
            if root[9 * band + digit] & bit and root[UNSOLVED + band] & bit:
                _place(root, digit, band, bit)
            else:
                for other in range(9):
                    root[9 * band + other] &= ~bit
                root[UNSOLVED + band] |= bit


@njit(cache=True, nogil=True, **ALLOCATES_NOTHING)
def bitwise_slice(stack, changed, guess_cell, guess_rest, state, node_stop):
    """Depth-first search over propagated 9×9 grids (`stack[d]`: the grid at depth d, made by
    the guess of depth d - 1, which changed the cells of the digits `changed[d]`): each grid
    propagated (_propagate9), then a guess on the first
    open cell with the fewest digits, lowest digit first, the others (`guess_rest[d]`) tried
    on the way back. Counters as propagate_slice's: `nodes` the grids propagated, `tries` the
    guesses, `backtracks` the contradictions. On SOLUTION, `stack[state[DEPTH]]` holds it."""
    depth, entering, nodes, tries, backtracks = load_counters(state)
    outcome = PAUSED
    while True:
        if entering:
            if nodes >= node_stop:
                break
            nodes += 1
            entering = 0
            guess_rest[depth] = 0
            if not _propagate9(stack[depth], changed[depth]):
                backtracks += 1
            else:
                cell, digits = _fewest_candidates(stack[depth])
                if cell < 0:  # every cell placed: a solution
                    state[SOLUTIONS] += 1
                    outcome = SOLUTION
                    break
                guess_cell[depth] = cell
                guess_rest[depth] = digits
        rest = guess_rest[depth]
        if rest:
            bit = rest & -rest
            guess_rest[depth] = rest ^ bit
            tries += 1
            child = stack[depth + 1]
            for slot in range(GRID9):
                child[slot] = stack[depth, slot]
            cell = guess_cell[depth]
            changed[depth + 1] = _place(child, bit_index(bit), cell // 27, 1 << (cell % 27))
            depth += 1
            entering = 1
        else:
            if depth == 0:
                outcome = EXHAUSTED
                break
            depth -= 1
    store_counters(state, depth, entering, nodes, tries, backtracks)
    return outcome


@njit(cache=True, nogil=True, **ALLOCATES_NOTHING)
def solution9(grid, out):
    """The values of a solved grid of the bitwise search, read digit by digit off its words (a
    test of every digit in every cell mispredicted its branch so often that it took a fifth of
    the batch's time: measured)."""
    for digit in range(9):
        for band in range(3):
            cells = grid[9 * band + digit]
            while cells:
                bit = cells & -cells
                cells ^= bit
                out[27 * band + bit_index(bit)] = digit + 1


@njit(cache=True, nogil=True)
def bitwise_batch(puzzles, wanted, solutions, found, counters, stop):
    """The bitwise search on every row of `puzzles` (81 values, 0 = empty) up to its `wanted`-th
    solution: `found[i]` solutions found, `solutions[i]` the first, `counters[i]` the puzzle's
    nodes, tries and backtracks. Once `stop[0]` is set (another thread's word: it is read every
    BATCH_SLICE_NODES nodes) it returns, the puzzles left as they are."""
    stack = np.zeros((82, GRID9), dtype=np.int32)
    guess_cell = np.zeros(82, dtype=np.int64)
    guess_rest = np.zeros(82, dtype=np.int64)
    changed = np.zeros(82, dtype=np.int64)
    state = np.zeros(STATE_SIZE, dtype=np.int64)
    for i in range(puzzles.shape[0]):
        start_bitwise(puzzles[i], stack, changed)
        state[:] = 0
        state[ENTERING] = 1
        while found[i] < wanted:
            outcome = PAUSED
            while outcome == PAUSED:
                if stop[0]:
                    return
                outcome = bitwise_slice(stack, changed, guess_cell, guess_rest, state, state[NODES] + BATCH_SLICE_NODES)
            if outcome != SOLUTION:
                break
            if found[i] == 0:
                solution9(stack[state[DEPTH]], solutions[i])
            found[i] += 1
            if state[DEPTH] == 0:
                break  # solved by propagation alone: nothing to branch on
            state[DEPTH] -= 1  # resume with the next value of the guess above
        counters[i, 0] = state[NODES]
        counters[i, 1] = state[TRIES]
        counters[i, 2] = state[BACKTRACKS]
