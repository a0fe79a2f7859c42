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
Python work per puzzle. The 9×9 throughput method, bitwise, has its kernels in
sudoku._bitwise_kernels, and a file's text (lines read in, solutions written out) is
sudoku._text_kernels's.
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
BATCH_SLICE_NODES = 1 << 10  # a batch's nodes between two looks at its word to stop: milliseconds
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
def solve_batch(puzzles, peers, units, cell_units, full, box, wanted, solutions, found, counters, stop):
    """Solve every row of `puzzles` (cells, 0 = empty) up to its `wanted`-th solution:
    `found[i]` is the number of solutions found, `solutions[i]` the first; `counters[i]` the
    puzzle's nodes, tries and backtracks. Once `stop[0]` is set (another thread's word: it is
    read every BATCH_SLICE_NODES nodes) it returns, the puzzles left as they are."""
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
            outcome = PAUSED
            while outcome == PAUSED:
                if stop[0]:
                    return
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
                    state[NODES] + BATCH_SLICE_NODES,
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
