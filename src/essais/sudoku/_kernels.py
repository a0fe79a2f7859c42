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
singles and locked candidates by bitwise operations, a grid of 82 small integers).
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
# A grid is 81 cells of 9 candidate bits (bit v-1 for value v) plus PLACED once the cell's value
# has been taken out of its peers; slot PLACED_COUNT counts those cells. One copy of the grid per
# guess (copy-on-guess: 82 small integers), no weights, no restarts: puzzles of a file are many
# and mostly easy, so the work per propagation is what counts.
PLACED = 1 << 9
ALL9 = (1 << 9) - 1
PLACED_COUNT = 81
GRID9 = 82  # the slots of a grid


# the row, column and box of each cell as bits of a set of units (rows 0-8, columns 9-17, boxes
# 18-26, the order of model.units): a constant array, one load where arithmetic took ten steps
UNITS_OF_CELL = np.array(
    [(1 << row) | (1 << (9 + col)) | (1 << (18 + row // 3 * 3 + col // 3)) for row in range(9) for col in range(9)]
)


@njit(cache=True, nogil=True, inline="always")
def _place_queued(grid, queue, queued, peers):
    """Place every queued cell (one candidate left): take its value out of its 20 peers, and
    queue a peer left with one candidate. The units where a cell changed (as bits), or -1 on a
    contradiction (a peer left with none)."""
    changed = 0
    while queued:
        queued -= 1
        cell = queue[queued]
        mask = grid[cell]
        if mask & PLACED:
            continue
        grid[cell] = mask | PLACED
        grid[PLACED_COUNT] += 1
        changed |= UNITS_OF_CELL[cell]
        for k in range(20):
            peer = peers[cell, k]
            other = grid[peer]
            if other & mask:
                if other & PLACED:
                    return -1
                other &= ~mask
                grid[peer] = other
                changed |= UNITS_OF_CELL[peer]
                if other & (other - 1) == 0:
                    if other == 0:
                        return -1
                    queue[queued] = peer
                    queued += 1
    return changed


@njit(cache=True, nogil=True)
def _hidden_singles(grid, units, queue, changed):
    """In each unit where a cell changed (`changed`: bits of units), the values with one place
    left go there: bitwise, from the values seen once and seen twice or more in the unit. The
    cells so fixed are queued; their number, or -1 on a contradiction (a value with no place,
    or a cell that must take two values). A unit where nothing changed holds no new single."""
    queued = 0
    while changed:
        u = bit_index(changed & -changed)
        changed &= changed - 1
        once = 0
        twice = 0
        placed = 0
        for k in range(9):
            mask = grid[units[u, k]]
            if mask & PLACED:
                placed |= mask
            mask &= ALL9
            twice |= once & mask
            once |= mask
        if once != ALL9:
            return -1
        alone = once & ~twice & ~placed  # (a placed value is alone in its unit: nothing new)
        if alone == 0:
            continue
        for k in range(9):
            cell = units[u, k]
            mask = grid[cell]
            hidden = mask & alone
            if hidden == 0 or mask & PLACED:
                continue
            if hidden & (hidden - 1):
                return -1  # the cell would take two values
            if hidden == mask:
                continue
            grid[cell] = hidden
            queue[queued] = cell
            queued += 1
    return queued


def _segment_tables():
    """The 54 segments of the grid, three cells where a line crosses a box: a row's in each box
    (0-26: row r, box column j is 3r + j), then a column's (27-53: column c, box row i is
    27 + 3c + i). Their cells, and for each the other two segments of its box along the same
    direction (box mates) and the other two of its line (line mates)."""
    cells, box_mates, line_mates = [], [], []
    for columns in (False, True):
        for line in range(9):
            for part in range(3):
                squares = [(line, 3 * part + k) for k in range(3)]
                cells.append([c * 9 + r if columns else r * 9 + c for r, c in squares])
                first = 27 * columns
                box_mates.append([first + 3 * other + part for other in range(line // 3 * 3, line // 3 * 3 + 3)
                                  if other != line])  # fmt: skip
                line_mates.append([first + 3 * line + other for other in range(3) if other != part])
    return np.array(cells, dtype=np.uint8), np.array(box_mates, dtype=np.uint8), np.array(line_mates, dtype=np.uint8)


SEGMENT_CELLS, BOX_MATES, LINE_MATES = _segment_tables()
SEGMENTS = 54


@njit(cache=True, nogil=True)
def _take_out9(grid, segments, segment, values, queue):
    """Take `values` out of a segment's open cells (and out of its slot of `segments`): the
    units that changed (as bits), the cells left with one candidate queued after the
    queue[95] cells there already (queue[95] counts them), or -1 when a cell is left with
    none."""
    segments[segment] &= ~values
    changed = 0
    queued = queue[95]
    for k in range(3):
        cell = SEGMENT_CELLS[segment, k]
        mask = grid[cell]
        if mask & values and not mask & PLACED:
            mask &= ~values
            if mask == 0:
                return -1
            grid[cell] = mask
            changed |= UNITS_OF_CELL[cell]
            if mask & (mask - 1) == 0:
                queue[queued] = cell
                queued += 1
    queue[95] = queued
    return changed


@njit(cache=True, nogil=True)
def _locked9(grid, queue, segments):
    """Locked candidates: a value of a box whose open cells lie in one segment (one line of the
    box) leaves the rest of that line (pointing), and a value of a line whose open cells lie
    in one segment leaves the rest of that box (claiming). The units that changed, the cells
    left with one candidate queued (their number in queue[95]), or -1 on a contradiction.
    `segments`: 54 slots of scratch, the candidates of each segment's open cells. (A slot
    that still holds values taken out of a cell since only makes a rule find less, and the
    rules run again until nothing changes.)"""
    for segment in range(SEGMENTS):
        union = 0
        for k in range(3):
            mask = grid[SEGMENT_CELLS[segment, k]]
            if not mask & PLACED:
                union |= mask
        segments[segment] = union
    changed = 0
    queue[95] = 0
    for segment in range(SEGMENTS):
        own = segments[segment]
        pointing = own & ~(segments[BOX_MATES[segment, 0]] | segments[BOX_MATES[segment, 1]])
        claiming = own & ~(segments[LINE_MATES[segment, 0]] | segments[LINE_MATES[segment, 1]])
        for k in range(4):
            other = LINE_MATES[segment, k] if k < 2 else BOX_MATES[segment, k - 2]
            values = (pointing if k < 2 else claiming) & segments[other]
            if values:  # (the test here, not in _take_out9: a call costs the arrays' reference counts)
                outcome = _take_out9(grid, segments, other, values, queue)
                if outcome < 0:
                    return -1
                changed |= outcome
    return changed


@njit(cache=True, nogil=True)
def _propagate9(grid, queue, queued, peers, units, segments):
    """Naked singles, hidden singles in the units that changed, and when neither is left,
    locked candidates, until nothing changes the grid. False on a contradiction. (The rules
    only take candidates out, and each stays true as more go: whatever their order, they end
    on the same grid, so the search and its counters do not depend on it.)"""
    changed = 0
    while True:
        placed = _place_queued(grid, queue, queued, peers)
        if placed < 0:
            return False
        if grid[PLACED_COUNT] == 81:
            return True
        queued = _hidden_singles(grid, units, queue, changed | placed)
        if queued < 0:
            return False
        changed = 0
        if queued:
            continue
        changed = _locked9(grid, queue, segments)
        if changed < 0:
            return False
        if not changed:
            return True
        queued = queue[95]


@njit(cache=True, nogil=True)
def _fewest_candidates(grid):
    """The open cell with the fewest candidates (the first of them), -1 when every cell is placed."""
    best, fewest = -1, 10
    for cell in range(81):
        mask = grid[cell]
        if mask & PLACED:
            continue
        count = popcount(mask)
        if count < fewest:
            best, fewest = cell, count
            if count == 2:
                break
    return best


@njit(cache=True, nogil=True)
def start_bitwise(cells, stack):
    """The root grid of the bitwise search: a given is its one candidate, not yet placed."""
    root = stack[0]
    for cell in range(81):
        root[cell] = ALL9 if cells[cell] == 0 else 1 << (cells[cell] - 1)
    root[PLACED_COUNT] = 0


@njit(cache=True, nogil=True)
def bitwise_slice(stack, guess_cell, guess_rest, queue, segments, peers, units, state, node_stop):
    """Depth-first search over propagated 9×9 grids (`stack[d]`: the grid at depth d, made by
    the guess of depth d - 1): each grid propagated (_propagate9), then a guess on
    the first open cell with the fewest candidates, lowest value first, the other values
    (`guess_rest[d]`) tried on the way back. Counters as propagate_slice's: `nodes` the grids
    propagated, `tries` the guesses, `backtracks` the contradictions. On SOLUTION,
    `stack[state[DEPTH]]` holds the solution."""
    depth, entering, nodes, tries, backtracks = load_counters(state)
    outcome = PAUSED
    while True:
        if entering:
            if nodes >= node_stop:
                break
            nodes += 1
            entering = 0
            guess_rest[depth] = 0
            grid = stack[depth]
            queued = 0
            if depth == 0:  # the givens
                for cell in range(81):
                    if grid[cell] & (grid[cell] - 1) == 0:
                        queue[queued] = cell
                        queued += 1
            else:
                queue[0] = guess_cell[depth - 1]
                queued = 1
            if not _propagate9(grid, queue, queued, peers, units, segments):
                backtracks += 1
            else:
                cell = _fewest_candidates(grid)
                if cell < 0:  # every cell placed: a solution
                    state[SOLUTIONS] += 1
                    outcome = SOLUTION
                    break
                guess_cell[depth] = cell
                guess_rest[depth] = grid[cell]
        rest = guess_rest[depth]
        if rest:
            bit = rest & -rest
            guess_rest[depth] = rest ^ bit
            tries += 1
            for slot in range(stack.shape[1]):
                stack[depth + 1, slot] = stack[depth, slot]
            stack[depth + 1, guess_cell[depth]] = bit
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
    """The values of a solved grid of the bitwise search."""
    for cell in range(81):
        out[cell] = bit_index(grid[cell] & ALL9) + 1


@njit(cache=True, nogil=True)
def bitwise_batch(puzzles, wanted, peers, units, solutions, found, counters):
    """The bitwise search on every row of `puzzles` (81 values, 0 = empty) up to its `wanted`-th
    solution: `found[i]` solutions found, `solutions[i]` the first, `counters[i]` the puzzle's
    nodes, tries and backtracks."""
    stack = np.zeros((82, GRID9), dtype=np.int32)
    guess_cell = np.zeros(82, dtype=np.uint8)
    guess_rest = np.zeros(82, dtype=np.int32)
    queue = np.zeros(96, dtype=np.uint8)
    segments = np.zeros(SEGMENTS, dtype=np.int64)
    state = np.zeros(STATE_SIZE, dtype=np.int64)
    for i in range(puzzles.shape[0]):
        start_bitwise(puzzles[i], stack)
        state[:] = 0
        state[ENTERING] = 1
        while found[i] < wanted:
            if bitwise_slice(stack, guess_cell, guess_rest, queue, segments, peers, units, state, 1 << 62) != SOLUTION:
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
