"""numba kernels for Sudoku (essais.sudoku). Private: checked inputs only; imports numpy,
numba and essais.core alone.

`textbook_slice` is sudoku.textbook.TextbookSudoku with an explicit stack (the cell and the
value of each depth), in resumable slices: the same solutions in the same order, the same
counters and depth histogram. `propagate_slice` keeps a bit set of candidates per cell (bit v-1
for value v), one copy per depth, and propagates naked singles (a cell with one candidate
removes it from its peers) and hidden singles (a value with one place left in a unit goes
there), and from 16×16 on locked candidates and alldifferent on every unit, before it branches
on the open cell with the fewest candidates per weight of its units (dom/wdeg: a unit gains
weight each time a contradiction shows in it), ties to the first cell or, for restarts, to one
drawn at random. `solve_batch` runs the propagating solver on many puzzles in one call, with no
Python work per puzzle. `bitwise_slice` and `bitwise_batch` are the 9×9 throughput method: the
same depth-first search over propagated grids, with less per grid (no weights, no restarts,
singles and locked candidates by word operations on a grid held digit by digit, 30 words).
"""

import numpy as np
from numba import njit

from essais.core.bits import bit_index, next_random, popcount
from essais.core.limits import EXHAUSTED, PAUSED, SOLUTION
from essais.core.sliced import (
    BACKTRACKS,
    DEPTH,
    ENTERING,
    FIRST_FREE_SLOT,
    NODES,
    TRIES,
    load_counters,
    store_counters,
)

SOLUTIONS = FIRST_FREE_SLOT
RANDOM = FIRST_FREE_SLOT + 1  # the propagating search's random state (0: ties go to the first cell)
STATE_SIZE = FIRST_FREE_SLOT + 2
RESTART = 3  # what a propagating slice reports when its run's node budget is spent


@njit(cache=True, nogil=True)
def textbook_slice(n, grid, peers, cell_at, value_at, depths, state, node_stop):
    """002's solve: `cell_at[d]` is the empty cell of the call at depth d (-1: the grid is
    full), `value_at[d]` the value it placed last."""
    cells = len(grid)
    depth, entering, nodes, tries, backtracks = load_counters(state)
    outcome = PAUSED
    while True:
        if entering:
            if nodes >= node_stop:
                break
            nodes += 1
            depths[depth] += 1
            entering = 0
            start = cell_at[depth - 1] + 1 if depth > 0 else 0
            cell = start
            while cell < cells and grid[cell] != 0:
                cell += 1
            if cell == cells:  # a full grid: a solution; the call returns to its parent
                state[SOLUTIONS] += 1
                cell_at[depth] = cells
                depth -= 1
                outcome = SOLUTION
                break
            cell_at[depth] = cell
            value_at[depth] = 0
        if depth < 0:  # resumed after the solution of a grid that was full from the start
            outcome = EXHAUSTED
            break
        cell = cell_at[depth]
        value = value_at[depth] + 1
        placed = False
        while value <= n:
            tries += 1
            grid[cell] = value
            clash = False
            for peer in peers[cell]:
                if grid[peer] == value:
                    clash = True
                    break
            if not clash:
                placed = True
                break
            value += 1
        if placed:
            value_at[depth] = value
            depth += 1
            entering = 1
        else:
            grid[cell] = 0
            backtracks += 1
            if depth == 0:
                outcome = EXHAUSTED
                break
            depth -= 1
    store_counters(state, depth, entering, nodes, tries, backtracks)
    return outcome


@njit(cache=True, nogil=True)
def _singles(candidates, settled, peers, units, cell_units, weights, full):
    """Naked and hidden singles until nothing changes. False on a contradiction (a cell with no
    candidate, a value with no place in a unit, two values with one place), after adding 1 to
    the weight of the units where it showed. `settled[i]` marks a single already removed from
    the peers of cell i."""
    changed = True
    while changed:
        changed = False
        for cell in range(len(candidates)):
            bit = candidates[cell]
            if bit == 0:
                _blame(cell_units[cell], weights)
                return False
            if settled[cell] or bit & (bit - 1):
                continue
            settled[cell] = 1
            for peer in peers[cell]:
                if candidates[peer] & bit:
                    candidates[peer] ^= bit
                    if candidates[peer] == 0:
                        _blame(cell_units[peer], weights)
                        return False
                    changed = True
        for u in range(len(units)):
            once = 0
            twice = 0
            for cell in units[u]:
                twice |= once & candidates[cell]
                once |= candidates[cell]
            if once != full:  # a value with no place left in this unit
                weights[u] += 1
                return False
            hidden = once & ~twice
            if hidden == 0:
                continue
            for cell in units[u]:
                mine = candidates[cell] & hidden
                if mine and candidates[cell] != mine:
                    if mine & (mine - 1):  # two values whose only place is this cell
                        weights[u] += 1
                        return False
                    candidates[cell] = mine
                    changed = True
    return True


@njit(cache=True, nogil=True)
def _blame(units_of_cell, weights):
    for u in units_of_cell:
        weights[u] += 1


@njit(cache=True, nogil=True)
def _cell(n, line, position, transpose):
    return position * n + line if transpose else line * n + position


@njit(cache=True, nogil=True)
def _locked(candidates, n, box, transpose, segments):
    """Locked candidates along rows (or, transposed, columns): a value whose places in a box
    all lie on one line leaves the rest of that line, and a value whose places on a line all lie
    in one box leaves the rest of that box. `segments[line, k]` is the union of the candidates
    where the line crosses the k-th box. True when a candidate was removed."""
    removed = False
    for line in range(n):
        for k in range(box):
            union = 0
            for j in range(box):
                union |= candidates[_cell(n, line, k * box + j, transpose)]
            segments[line, k] = union
    for line in range(n):
        band = line - line % box
        for k in range(box):
            elsewhere_on_line = 0
            elsewhere_in_box = 0
            for other in range(box):
                if other != k:
                    elsewhere_on_line |= segments[line, other]
                if band + other != line:
                    elsewhere_in_box |= segments[band + other, k]
            claiming = segments[line, k] & ~elsewhere_on_line  # only in this box on this line
            pointing = segments[line, k] & ~elsewhere_in_box  # only on this line in this box
            if claiming:
                for other_line in range(band, band + box):
                    if other_line != line:
                        for j in range(box):
                            cell = _cell(n, other_line, k * box + j, transpose)
                            if candidates[cell] & claiming:
                                candidates[cell] &= ~claiming
                                removed = True
            if pointing:
                for position in range(n):
                    if position // box != k:
                        cell = _cell(n, line, position, transpose)
                        if candidates[cell] & pointing:
                            candidates[cell] &= ~pointing
                            removed = True
    return removed


@njit(cache=True, nogil=True)
def _match(candidates, unit, start, owner, match, came_from, queue):
    """Extend the matching of the unit's cells to values by one augmenting path from position
    `start` (breadth first). False when none exists: the unit cannot hold every value."""
    head, tail = 0, 1
    queue[0] = start
    seen = 0
    while head < tail:
        position = queue[head]
        head += 1
        fresh = candidates[unit[position]] & ~seen
        while fresh:
            bit = fresh & -fresh
            fresh ^= bit
            seen |= bit
            value = bit_index(bit)
            came_from[value] = position
            if owner[value] < 0:  # a free value: flip the path back to start
                while True:
                    position = came_from[value]
                    previous = match[position]
                    match[position], owner[value] = value, position
                    if position == start:
                        return True
                    value = previous
            queue[tail] = owner[value]
            tail += 1
    return False


@njit(cache=True, nogil=True)
def _all_different(candidates, unit, owner, match, came_from, queue, reach):
    """Domain consistency for one unit (Régin's alldifferent; here every value must be used):
    with a perfect matching of cells to values, a candidate v of cell i outside the matching
    survives only if it lies on an alternating cycle, i.e. the cell matched to v can reach i
    in the graph "cell i → the cell matched to each other candidate of i". Returns -1 on a
    contradiction, else 1 if a candidate was removed, 0 if none."""
    n = len(unit)
    owner[:] = -1
    match[:] = -1
    for position in range(n):
        if not _match(candidates, unit, position, owner, match, came_from, queue):
            return -1
    for i in range(n):
        others = candidates[unit[i]] & ~(1 << match[i])
        reach[i] = 1 << i
        while others:
            bit = others & -others
            others ^= bit
            reach[i] |= 1 << owner[bit_index(bit)]
    for k in range(n):  # transitive closure on at most 36 cells, a bit set per row
        for i in range(n):
            if reach[i] >> k & 1:
                reach[i] |= reach[k]
    removed = 0
    for i in range(n):
        kept = 1 << match[i]
        others = candidates[unit[i]] & ~kept
        while others:
            bit = others & -others
            others ^= bit
            if reach[owner[bit_index(bit)]] >> i & 1:
                kept |= bit
        if kept != candidates[unit[i]]:
            candidates[unit[i]] = kept
            removed = 1
    return removed


@njit(cache=True, nogil=True)
def propagate(candidates, settled, peers, units, cell_units, weights, full, box, work):
    """Singles, then (for boxes of 4 and more, where it pays) locked candidates and
    alldifferent on every unit, until nothing changes. False on a contradiction."""
    n = box * box
    segments = work[: n * box].reshape((n, box))
    scratch = work[n * box :]
    owner, match, came_from = scratch[:n], scratch[n : 2 * n], scratch[2 * n : 3 * n]
    queue, reach = scratch[3 * n : 4 * n], scratch[4 * n : 5 * n]
    while True:
        if not _singles(candidates, settled, peers, units, cell_units, weights, full):
            return False
        if box < 4:
            return True
        along_rows = _locked(candidates, n, box, False, segments)
        along_columns = _locked(candidates, n, box, True, segments)
        if along_rows or along_columns:
            continue
        changed = False
        for u in range(len(units)):
            outcome = _all_different(candidates, units[u], owner, match, came_from, queue, reach)
            if outcome < 0:
                weights[u] += 1
                return False
            changed = changed or outcome > 0
        if not changed:
            return True


@njit(cache=True, nogil=True)
def _choose(candidates, cell_units, weights, random_state):
    """The open cell with the fewest candidates per unit of weight (dom/wdeg: units where
    contradictions showed weigh more), or -1 when every cell has one candidate. Ties go to the
    first such cell, or with a random state (`random_state[0] != 0`) to one drawn at random."""
    best, best_count, best_weight, ties = -1, 1, 0, 0
    for cell in range(len(candidates)):
        count = popcount(candidates[cell])
        if count > 1:
            weight = weights[cell_units[cell, 0]] + weights[cell_units[cell, 1]] + weights[cell_units[cell, 2]]
            if best < 0 or count * best_weight < best_count * weight:
                best, best_count, best_weight, ties = cell, count, weight, 1
            elif random_state[0] != 0 and count * best_weight == best_count * weight:
                ties += 1  # keep each of the tied cells with the same chance
                if next_random(random_state) % ties == 0:
                    best = cell
    return best


@njit(cache=True, nogil=True)
def propagate_slice(
    candidates, settled, branch_cell, branch_rest, peers, units, cell_units, weights, full, box, state, node_stop
):
    """Depth-first search over propagated grids. `candidates[d]` / `settled[d]` are the grid
    at depth d, `branch_cell[d]` the cell it branches on and `branch_rest[d]` the candidates of
    that cell still to try. On SOLUTION, `candidates[state[DEPTH]]` holds the solution."""
    depth, entering, nodes, tries, backtracks = load_counters(state)
    work = np.zeros(box * box * (box + 5), dtype=np.int64)  # _propagate's scratch arrays
    outcome = PAUSED
    while True:
        if entering:
            if nodes >= node_stop:
                break
            nodes += 1
            entering = 0
            branch_rest[depth] = 0
            if not propagate(candidates[depth], settled[depth], peers, units, cell_units, weights, full, box, work):
                backtracks += 1
            else:
                best = _choose(candidates[depth], cell_units, weights, state[RANDOM : RANDOM + 1])
                if best < 0:  # every cell has one candidate: a solution
                    state[SOLUTIONS] += 1
                    outcome = SOLUTION
                    break
                branch_cell[depth] = best
                branch_rest[depth] = candidates[depth, best]
        rest = branch_rest[depth]
        if rest:
            bit = rest & -rest
            branch_rest[depth] = rest ^ bit
            tries += 1
            for cell in range(candidates.shape[1]):
                candidates[depth + 1, cell] = candidates[depth, cell]
                settled[depth + 1, cell] = settled[depth, cell]
            candidates[depth + 1, branch_cell[depth]] = bit
            depth += 1
            entering = 1
        else:
            if depth == 0:
                outcome = EXHAUSTED
                break
            depth -= 1
    store_counters(state, depth, entering, nodes, tries, backtracks)
    return outcome


@njit(cache=True, nogil=True)
def values_of(candidates, out):
    for cell in range(len(candidates)):
        out[cell] = bit_index(candidates[cell]) + 1


@njit(cache=True, nogil=True)
def start_candidates(cells, candidates, settled, full):
    """Depth 0 of the propagating search: a given is its one candidate, an empty cell has all."""
    for cell in range(len(cells)):
        candidates[0, cell] = full if cells[cell] == 0 else 1 << (cells[cell] - 1)
        settled[0, cell] = 0


@njit(cache=True, nogil=True)
def solve_batch(puzzles, peers, units, cell_units, full, box, wanted, solutions, found, counters):
    """Solve every row of `puzzles` (cells, 0 = empty) up to its `wanted`-th solution:
    `found[i]` is the number of solutions found, `solutions[i]` the first; `counters[i]` the
    puzzle's nodes, tries and backtracks."""
    cells = puzzles.shape[1]
    candidates = np.zeros((cells + 1, cells), dtype=np.int64)
    settled = np.zeros((cells + 1, cells), dtype=np.int8)
    branch_cell = np.zeros(cells + 1, dtype=np.int64)
    branch_rest = np.zeros(cells + 1, dtype=np.int64)
    state = np.zeros(STATE_SIZE, dtype=np.int64)
    weights = np.ones(len(units), dtype=np.int64)
    for i in range(puzzles.shape[0]):
        start_candidates(puzzles[i], candidates, settled, full)
        weights[:] = 1
        state[:] = 0
        state[ENTERING] = 1
        while found[i] < wanted:
            outcome = propagate_slice(
                candidates,
                settled,
                branch_cell,
                branch_rest,
                peers,
                units,
                cell_units,
                weights,
                full,
                box,
                state,
                1 << 62,
            )
            if outcome != SOLUTION:
                break
            if found[i] == 0:
                values_of(candidates[state[DEPTH]], solutions[i])
            found[i] += 1
            if state[DEPTH] == 0:
                break  # solved by propagation alone: nothing to branch on
            state[DEPTH] -= 1  # resume with the next candidate of the branch above
        counters[i, 0] = state[NODES]
        counters[i, 1] = state[TRIES]
        counters[i, 2] = state[BACKTRACKS]


@njit(cache=True, nogil=True)
def decode_lines(raw, starts, lines, byte_values, cell_units, unit_count, cells):
    """For each of `lines`: row `line` of `cells` read from raw's bytes from starts[line] on, a
    cell a byte, through `byte_values` (byte -> value, 0 an empty cell, -1 no symbol); True when
    every byte is a symbol and no value is given twice in a unit (`cell_units`: each cell's)."""
    good = np.ones(len(lines), dtype=np.bool_)
    seen = np.zeros(unit_count, dtype=np.uint64)  # the values given so far in each unit, as bits
    for i in range(len(lines)):
        line = lines[i]
        for u in range(unit_count):
            seen[u] = 0
        for cell in range(cells.shape[1]):
            value = byte_values[raw[starts[line] + cell]]
            if value < 0:
                good[i] = False
                break
            cells[line, cell] = value
            if value:
                bit = np.uint64(1) << np.uint64(value - 1)
                for k in range(3):
                    unit = cell_units[cell, k]
                    if seen[unit] & bit:
                        good[i] = False
                    seen[unit] |= bit
                if not good[i]:
                    break
    return good


# -- bitwise: the 9×9 solver built for throughput -------------------------------------------------
# A grid is held digit by digit: for each digit d and band b (rows 3b to 3b+2), a 27-bit set of
# the band's cells where d may still go (bit 9k + c: row 3b + k, column c), slot 3d + b; then, in
# slots UNSOLVED to UNSOLVED + 2, each band's cells whose digit is not placed yet. A placed cell
# keeps its own digit's bit alone. A row of a band is 9 bits of a word and a box 3 × 3 bits.
#
# A digit's rules come down to 3 × 3 matrices of bits. In a band: may row k hold the digit in box j
# (bit 3k + j)? In a stack of three columns: may band b hold it in the stack's column c (bit 3b + c)?
# The digit fills each row and each box of a band once, each band and each column of a stack once,
# so only the entries that lie on a permutation inside the matrix can stay (ON_PERMUTATION; none:
# a contradiction). For 3 × 3 matrices that is exactly what locked candidates leave, pointing and
# claiming, rows and columns (checked on all 512 matrices by the tests). After them a box or a
# column where the digit has one cell left shows as a row of one cell, so hidden singles are
# found on rows alone. Naked singles come from two bitwise sums over a band's nine digits.
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
        grid[3 * digit + other_band] &= NOT_PEERS[cell, other_band]
    had = 0
    for other in range(9):  # (no branch: which digits had the cell is not foreseeable)
        cells = grid[3 * other + band]
        had |= ((cells & bit) != 0) << other
        grid[3 * other + band] = cells & ~bit
    grid[3 * digit + band] |= bit
    grid[UNSOLVED + band] &= ~bit
    return had


@njit(cache=True, nogil=True, inline="always")
def _spread(columns):
    """A set of 9 columns as the band's cells in them."""
    return columns | columns << 9 | columns << 18


@njit(cache=True, nogil=True, inline="always")
def _band_matrix(cells):
    """A band's matrix for a digit: bit 3k + j when row k has cells in box j."""
    # (indices made unsigned: numba then leaves out the test for a negative index, 5% of the time)
    return (
        ROW_BOXES[np.uint32(cells & ROW_BITS)]
        | ROW_BOXES[np.uint32(cells >> 9 & ROW_BITS)] << 3
        | ROW_BOXES[np.uint32(cells >> 18 & ROW_BITS)] << 6
    )


@njit(cache=True, nogil=True, inline="always")
def _stack_matrix(columns):
    """The first stack's matrix from a digit's columns (bit 9b + c: band b has cells in column c):
    the product's terms put the 3-bit groups at bits 0, 9 and 18 side by side at bits 12 to 20,
    where no other term falls."""
    return ((columns & STACK0) * 0x1041) >> 12 & ROW_BITS


@njit(cache=True, nogil=True, inline="always")
def _alone_in_row(cells):
    """The band's cells that are the only ones of their row."""
    row0, row1, row2 = cells & ROW_BITS, cells & ROW_BITS << 9, cells & ROW_BITS << 18
    return (
        (row0 if row0 & (row0 - 1) == 0 else 0)
        | (row1 if row1 & (row1 - 1) == 0 else 0)
        | (row2 if row2 & (row2 - 1) == 0 else 0)
    )


@njit(cache=True, nogil=True, inline="always")
def _columns_of(cells):
    return (cells | cells >> 9 | cells >> 18) & ROW_BITS


@njit(cache=True, nogil=True, inline="always")
def _digit_pass(grid, first):
    """One round of a digit's rules on its words grid[first:first + 3]: (False, ...) on a
    contradiction, else (True, each band's cells kept, each band's hidden singles)."""
    before0, before1, before2 = grid[first], grid[first + 1], grid[first + 2]
    columns = _columns_of(before0) | _columns_of(before1) << 9 | _columns_of(before2) << 18
    kept = 0
    for stack in range(3):
        keep = STACK_KEEP[np.uint32(_stack_matrix(columns >> 3 * stack))]
        if keep == 0:
            return False, 0, 0, 0, 0, 0, 0
        kept |= keep << 3 * stack
    cells0 = before0 & _spread(kept & ROW_BITS)
    cells1 = before1 & _spread(kept >> 9 & ROW_BITS)
    cells2 = before2 & _spread(kept >> 18)
    keep0 = BAND_KEEP[np.uint32(_band_matrix(cells0))]
    keep1 = BAND_KEEP[np.uint32(_band_matrix(cells1))]
    keep2 = BAND_KEEP[np.uint32(_band_matrix(cells2))]
    if keep0 == 0 or keep1 == 0 or keep2 == 0:
        return False, 0, 0, 0, 0, 0, 0
    cells0 &= keep0
    cells1 &= keep1
    cells2 &= keep2
    singles0 = _alone_in_row(cells0) & grid[UNSOLVED]
    singles1 = _alone_in_row(cells1) & grid[UNSOLVED + 1]
    singles2 = _alone_in_row(cells2) & grid[UNSOLVED + 2]
    return True, cells0, cells1, cells2, singles0, singles1, singles2


@njit(cache=True, nogil=True, inline="always")
def _digit_rules(grid, digit):
    """Locked candidates and hidden singles for one digit, until they change nothing: the other
    digits that lost a cell to the digits placed, as a set (-1: a contradiction)."""
    first = 3 * digit
    lost = 0
    while True:
        ok, cells0, cells1, cells2, singles0, singles1, singles2 = _digit_pass(grid, first)
        if not ok:
            return -1
        changed = (grid[first] & ~cells0) | (grid[first + 1] & ~cells1) | (grid[first + 2] & ~cells2)
        if not changed | singles0 | singles1 | singles2:
            return lost & ~(1 << digit)
        grid[first], grid[first + 1], grid[first + 2] = cells0, cells1, cells2
        for band in range(3):
            singles = singles0 if band == 0 else singles1 if band == 1 else singles2
            while singles:
                bit = singles & -singles
                singles ^= bit
                if grid[first + band] & bit:  # (else a single placed just before took it: the next round says why)
                    lost |= _place(grid, digit, band, bit)


@njit(cache=True, nogil=True)
def _naked_singles(grid):
    """Place every open cell left with one digit: the digits placed, as a set, or -1 on a
    contradiction (an open cell with no digit left)."""
    placed = 0
    for band in range(3):
        once = twice = 0  # the band's cells with at least one digit, with two or more
        for digit in range(9):
            cells = grid[3 * digit + band]
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
            while digit < 9 and not grid[3 * digit + band] & bit:
                digit += 1
            if digit == 9:
                return -1  # a single placed just before took this cell's last digit
            _place(grid, digit, band, bit)
            placed |= 1 << digit
    return placed


@njit(cache=True, nogil=True)
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


@njit(cache=True, nogil=True)
def _fewest_candidates(grid):
    """The first open cell with the fewest digits (a cell of two found bitwise, band by band)
    and its digits as a set (bit d for digit d + 1); (-1, 0) when every cell is placed."""
    best_band, best_bit = -1, 0
    for band in range(3):
        once = twice = thrice = 0
        for digit in range(9):
            cells = grid[3 * digit + band]
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
                    count += (grid[3 * digit + band] & bit) != 0
                if count < fewest:
                    fewest, best_band, best_bit = count, band, bit
        if best_band < 0:
            return -1, 0
    digits = 0
    for digit in range(9):
        if grid[3 * digit + best_band] & best_bit:
            digits |= 1 << digit
    return 27 * best_band + bit_index(best_bit), digits


@njit(cache=True, nogil=True)
def start_bitwise(cells, stack, changed):
    """The root grid of the bitwise search, every given placed (a given that a given before it
    forbids leaves its cell open with no digit: the root's propagation fails); every digit's
    rules to apply."""
    root = stack[0]
    changed[0] = ALL_DIGITS
    for slot in range(GRID9):  # every digit everywhere, every cell open
        root[slot] = BAND_BITS
    for cell in range(81):
        if cells[cell]:
            digit, band, bit = cells[cell] - 1, cell // 27, 1 << (cell % 27)
            if root[3 * digit + band] & bit and root[UNSOLVED + band] & bit:
                _place(root, digit, band, bit)
            else:
                for other in range(9):
                    root[3 * other + band] &= ~bit
                root[UNSOLVED + band] |= bit


@njit(cache=True, nogil=True)
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


@njit(cache=True, nogil=True)
def solution9(grid, out):
    """The values of a solved grid of the bitwise search, read digit by digit off its words (a
    test of every digit in every cell mispredicted its branch so often that it took a fifth of
    the batch's time: measured)."""
    for digit in range(9):
        for band in range(3):
            cells = grid[3 * digit + band]
            while cells:
                bit = cells & -cells
                cells ^= bit
                out[27 * band + bit_index(bit)] = digit + 1


@njit(cache=True, nogil=True)
def bitwise_batch(puzzles, wanted, solutions, found, counters):
    """The bitwise search on every row of `puzzles` (81 values, 0 = empty) up to its `wanted`-th
    solution: `found[i]` solutions found, `solutions[i]` the first, `counters[i]` the puzzle's
    nodes, tries and backtracks."""
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
            if bitwise_slice(stack, changed, guess_cell, guess_rest, state, 1 << 62) != SOLUTION:
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
