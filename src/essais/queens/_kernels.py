"""numba kernels for N queens (essais.queens). Private: checked inputs only; imports numpy,
numba and essais.core alone.

`textbook_slice` is queens.textbook.TextbookQueens with an explicit stack (`columns`, `next_column`), in
resumable slices of a node budget: the same solutions in the same order, the same counters.
The bitmask count splits the search at its start constellations (the method of the Q27
project and of NQueensFAF): the queens of the first and last rows and columns, one
constellation per orbit under the 8 symmetries of the square (listed with numpy by
queens.compiled.constellation_table). `image_to_search` picks the image of one to search;
`constellation_slice` counts its completions with bit sets of the used columns and
diagonals, and, for a constellation that a rotation maps onto itself, the completions that
rotation fixes (which the distinct count needs, by Burnside's lemma)."""

import numpy as np
from numba import njit

from essais.core.bits import bit_index, popcount
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
FIXED_BY_HALF_TURN = FIRST_FREE_SLOT + 1
FIXED_BY_QUARTER_TURN = FIRST_FREE_SLOT + 2
STATE_SIZE = FIRST_FREE_SLOT + 3


@njit(cache=True, nogil=True)
def textbook_slice(n, columns, next_column, attacked, state, stop_at_solution, node_stop):
    """`attacked` flags: n columns, then 2n-1 diagonals (row + col), then 2n-1 anti-diagonals
    (row - col + n - 1): the same answer as checking every queen above, in one look."""
    diagonals = n  # flags n .. 3n-2
    anti = 4 * n - 2  # flags 3n-1 .. 5n-3 (row - col runs from -(n-1) to n-1)
    depth, entering, nodes, tries, backtracks = load_counters(state)
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
    store_counters(state, depth, entering, nodes, tries, backtracks)
    state[SOLUTIONS] = solutions
    return outcome


@njit(inline="always")
def _border_queens(n, code):
    """The queens of a start constellation coded ((a*n + b)*n + c)*n + d: the queen of row 0 in
    column a, of the last row in column b, of column 0 in row c, of the last column in row d
    (a corner queen is one queen on two borders). Returns rows, cols and how many distinct.
    (Plain loops and arithmetic: divmod, lists and np.array of a list would each make the first
    run compile one more of numba's implementations.)"""
    rows = np.empty(4, dtype=np.int64)
    cols = np.empty(4, dtype=np.int64)
    rows[0], cols[0] = 0, code // (n * n * n)
    rows[1], cols[1] = n - 1, code // (n * n) % n
    rows[2], cols[2] = code // n % n, 0
    rows[3], cols[3] = code % n, n - 1
    kept = 0
    for i in range(4):
        seen = False
        for j in range(kept):
            if rows[j] == rows[i] and cols[j] == cols[i]:
                seen = True
        if not seen:
            rows[kept], cols[kept] = rows[i], cols[i]
            kept += 1
    return rows, cols, kept


@njit(cache=True, nogil=True)
def border_masks(n, code):
    """The border queens as bit sets: occupied columns, diagonals (bit row + col) and
    anti-diagonals (bit col - row + n - 1); their columns by row (-1: a free row); the free
    rows, top to bottom."""
    rows, cols, kept = _border_queens(n, code)
    used, diagonals, anti = 0, 0, 0
    columns = np.empty(n, dtype=np.int64)
    for row in range(n):
        columns[row] = -1
    for i in range(kept):
        used |= 1 << cols[i]
        diagonals |= 1 << (rows[i] + cols[i])
        anti |= 1 << (cols[i] - rows[i] + n - 1)
        columns[rows[i]] = cols[i]
    order = np.empty(n - kept, dtype=np.int64)
    free_rows = 0
    for row in range(n):
        if columns[row] < 0:
            order[free_rows] = row
            free_rows += 1
    return used, diagonals, anti, columns, order


@njit(inline="always")
def _free(n, row, used, diagonals, anti):
    """The columns of `row` that no queen attacks."""
    return ~(used | (diagonals >> row) | (anti >> (n - 1 - row))) & ((1 << n) - 1)


@njit(cache=True, nogil=True)
def _top_of_tree(n, code, rows_deep):
    """How many placements the first `rows_deep` free rows allow: a cheap guess of how large the
    constellation's search tree is, to pick the image of an orbit that prunes soonest."""
    used, diagonals, anti, _, order = border_masks(n, code)
    depth_limit = min(rows_deep, len(order))
    if depth_limit == 0:
        return 0
    free = np.empty(depth_limit, dtype=np.int64)  # (each depth written before it is read)
    used_at = np.empty(depth_limit, dtype=np.int64)
    diagonals_at = np.empty(depth_limit, dtype=np.int64)
    anti_at = np.empty(depth_limit, dtype=np.int64)
    used_at[0], diagonals_at[0], anti_at[0] = used, diagonals, anti
    free[0] = _free(n, order[0], used, diagonals, anti)
    depth = placements = 0
    while True:
        options = free[depth]
        if options == 0:
            if depth == 0:
                return placements
            depth -= 1
            continue
        bit = options & -options
        free[depth] = options ^ bit
        placements += 1
        if depth + 1 < depth_limit:
            row = order[depth]
            u = used_at[depth] | bit
            dg = diagonals_at[depth] | (bit << row)
            an = anti_at[depth] | (bit << (n - 1 - row))
            depth += 1
            used_at[depth], diagonals_at[depth], anti_at[depth] = u, dg, an
            free[depth] = _free(n, order[depth], u, dg, an)


@njit(cache=True, nogil=True)
def image_to_search(n, images, rows_deep):
    """Of a constellation's 8 images (their codes, queens.compiled.constellation_table), the one
    whose first `rows_deep` free rows allow the fewest placements (ties: the smaller code; the
    orbit's count is the same from any image, its search is not), as its border_masks. (Its
    helpers are kernels of their own: inlined, each was compiled twice at a first run.)"""
    best, best_size = images[0], -1
    for g in range(8):
        size = _top_of_tree(n, images[g], rows_deep)
        if best_size < 0 or size < best_size or (size == best_size and images[g] < best):
            best, best_size = images[g], size
    return border_masks(n, best)


@njit(inline="always")
def _count_symmetric(n, columns, state, symmetric):
    """Count a solution fixed by the half turn (row r's queen mirrors row n-1-r's) or by the
    quarter turn (the queen of row columns[r] stands in column n-1-r)."""
    if not symmetric:
        return
    half = quarter = True
    for row in range(n):
        half = half and columns[n - 1 - row] == n - 1 - columns[row]
        quarter = quarter and columns[columns[row]] == n - 1 - row
    state[FIXED_BY_HALF_TURN] += half
    state[FIXED_BY_QUARTER_TURN] += quarter


@njit(cache=True, nogil=True)
def constellation_slice(n, order_in, symmetric, free_kept, used_kept, diagonals_kept, anti_kept, columns, state, stop):
    """Count the completions of one start constellation: the free rows in `order`, each row's
    free columns from the bit sets of used columns and diagonals at its depth (`used[0]` etc.
    hold the border queens). With `symmetric`, `columns` keeps each row's queen and the kernel
    also counts completions fixed by the half turn and by the quarter turn."""
    # local copies: the compiler knows they alias nothing, which keeps the loop ~30% faster
    free, used, diagonals, anti = free_kept.copy(), used_kept.copy(), diagonals_kept.copy(), anti_kept.copy()
    order = order_in.copy()
    # an unsigned depth spares numba's check for negative indices at every access (~25% faster)
    depth = np.uint64(state[DEPTH])
    nodes = state[NODES]
    tries = state[TRIES]
    backtracks = state[BACKTRACKS]
    solutions = state[SOLUTIONS]
    last = np.uint64(len(order) - 1)
    outcome = PAUSED
    if state[ENTERING]:  # the root: the border queens alone
        if nodes >= stop:
            return PAUSED
        state[ENTERING] = 0
        nodes += 1
        if len(order) == 0:
            solutions += 1
            _count_symmetric(n, columns, state, symmetric)
            free[0] = 0
        else:
            free[0] = _free(n, order[0], used[0], diagonals[0], anti[0])
    last_row = order[last] if len(order) > 0 else 0
    row_before_last = order[last - np.uint64(1)] if len(order) > 1 else 0
    while True:
        options = free[depth]
        if options == 0:
            if depth == 0:
                outcome = EXHAUSTED
                break
            depth -= np.uint64(1)
            backtracks += 1
            continue
        if nodes >= stop:
            break
        bit = options & -options
        free[depth] = options ^ bit
        tries += 1
        nodes += 1
        row = order[depth]
        if symmetric:
            columns[row] = bit_index(bit)
        if depth == last:
            solutions += 1
            _count_symmetric(n, columns, state, symmetric)
            backtracks += 1  # the last queen is taken back at once
            continue
        u = used[depth] | bit
        dg = diagonals[depth] | (bit << row)
        an = anti[depth] | (bit << (n - 1 - row))
        if depth + np.uint64(1) < last and (
            _free(n, last_row, u, dg, an) == 0
            or (depth + np.uint64(2) < last and _free(n, row_before_last, u, dg, an) == 0)
        ):
            backtracks += 1  # one of the last two free rows has no square left: take the queen back
            continue
        depth += np.uint64(1)
        used[depth], diagonals[depth], anti[depth] = u, dg, an
        free[depth] = _free(n, order[depth], u, dg, an)
    state[DEPTH] = depth
    state[NODES] = nodes
    state[TRIES] = tries
    state[BACKTRACKS] = backtracks
    state[SOLUTIONS] = solutions
    for i in range(len(free)):
        free_kept[i], used_kept[i], diagonals_kept[i], anti_kept[i] = free[i], used[i], diagonals[i], anti[i]
    return outcome


@njit(inline="always")
def _last_two_rows(free_a, free_b, distance):
    """How many ways the last two rows, `distance` apart, take their queens: each free square of
    the first leaves the second a square that neither its column nor its diagonals take."""
    ways = 0
    while free_a:
        bit = free_a & -free_a
        free_a ^= bit
        ways += (free_b & ~(bit | (bit << distance) | (bit >> distance))) != 0
    return ways


@njit(cache=True, nogil=True)
def fewest_slice(
    n, symmetric, free_kept, used_kept, diagonals_kept, anti_kept, left_kept, row_kept, columns, state, stop
):
    """Count one start constellation's completions, choosing at each node the free row with the
    fewest free squares (ties: the row nearest the middle of the board), or a column that only
    one row can still take (its queen is forced). A node is a dead end when a row or a column has
    no square left. Level d (1, 2, …) keeps the node that chose row `row_kept[d]` (its columns
    still to try in `free_kept[d]`, its rows still empty in `left_kept[d]`); level 0 holds the
    border queens. Without `symmetric`, the last two rows are counted, not searched."""
    free, used, diagonals, anti = free_kept.copy(), used_kept.copy(), diagonals_kept.copy(), anti_kept.copy()
    left, rows = left_kept.copy(), row_kept.copy()
    board = (1 << n) - 1
    depth = np.uint64(state[DEPTH])
    nodes, tries, backtracks = state[NODES], state[TRIES], state[BACKTRACKS]
    solutions = state[SOLUTIONS]
    tie = np.empty(n, dtype=np.int64)  # (a table: the same key with abs() in the loop cost 10%)
    for row in range(n):
        tie[row] = (abs(2 * row - n + 1) << 6) | row
    counted_from = 0 if symmetric else 2  # rows left when the search counts instead of placing
    outcome = PAUSED
    entering = state[ENTERING]
    if entering:
        if nodes >= stop:
            return PAUSED
        state[ENTERING] = 0
        nodes += 1
        u, dg, an, rows_left = used[0], diagonals[0], anti[0], left[0]
    while True:
        if entering:  # the node just made: count it, prune it, or choose its row
            entering = 0
            rows_to_place = popcount(rows_left)
            tries += rows_to_place
            open_columns = ~u & board  # (each row's squares below are _free's with this part hoisted: 5% faster)
            best, seen, seen_twice = 1 << 40, 0, 0
            rest = rows_left
            while rest:
                row = bit_index(rest)
                rest &= rest - 1
                squares = open_columns & ~((dg >> row) | (an >> (n - 1 - row)))
                # fewest squares first, then nearest the middle: one packed key, no branch
                best = min(best, (popcount(squares) << 12) | tie[row])
                seen_twice |= seen & squares
                seen |= squares
            fewest = best >> 12  # (no row left: best and fewest stay large, seen and open_columns 0)
            if fewest == 0 or seen != open_columns:
                backtracks += 1  # a row or a column has no square left
            elif rows_to_place > counted_from:
                row = best & 63
                squares = open_columns & ~((dg >> row) | (an >> (n - 1 - row)))
                forced = open_columns & ~seen_twice  # columns that one row alone can take
                if forced and fewest > 1 and rows_to_place > 2:
                    squares = forced & -forced
                    rest = rows_left
                    while rest:
                        row = bit_index(rest)
                        rest &= rest - 1
                        if ~((dg >> row) | (an >> (n - 1 - row))) & squares:
                            break
                depth += np.uint64(1)
                free[depth], used[depth], diagonals[depth], anti[depth] = squares, u, dg, an
                left[depth], rows[depth] = rows_left & ~(1 << row), row
            elif rows_to_place == 0:
                solutions += 1
                _count_symmetric(n, columns, state, symmetric)
            elif rows_to_place == 1:
                solutions += 1
                nodes += 1
            else:
                row = best & 63
                squares = open_columns & ~((dg >> row) | (an >> (n - 1 - row)))
                other = bit_index(rows_left & ~(1 << row))
                other_squares = open_columns & ~((dg >> other) | (an >> (n - 1 - other)))
                ways = _last_two_rows(squares, other_squares, abs(other - row))
                placed = popcount(squares)
                solutions += ways
                nodes += placed + ways
                tries += placed
                backtracks += placed - ways
        if depth == 0:
            outcome = EXHAUSTED
            break
        options = free[depth]
        if options == 0:
            depth -= np.uint64(1)
            continue
        if nodes >= stop:
            break
        bit = options & -options
        free[depth] = options ^ bit
        nodes += 1
        row = rows[depth]
        if symmetric:
            columns[row] = bit_index(bit)
        u, dg, an = used[depth] | bit, diagonals[depth] | (bit << row), anti[depth] | (bit << (n - 1 - row))
        rows_left = left[depth]
        entering = 1
    state[DEPTH], state[NODES], state[TRIES], state[BACKTRACKS] = depth, nodes, tries, backtracks
    state[SOLUTIONS] = solutions
    for i in range(len(free)):
        free_kept[i], used_kept[i], diagonals_kept[i], anti_kept[i] = free[i], used[i], diagonals[i], anti[i]
        left_kept[i], row_kept[i] = left[i], rows[i]
    return outcome
