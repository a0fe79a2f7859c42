"""numba kernels of the N queens count by joined quarter boards (method join). Private: checked
inputs only; imports numpy, numba and essais.core alone.

The board is cut into four quarters: rows [0, h) north and [h, n) south, columns [0, w) west
and [w, n) east (h = w = n // 2). In a solution each row has one queen, in the west half or in
the east half, and the east half's n - w columns hold n - w queens: a solution is a set E of
n - w rows (those whose queen stands east), a west half board (the other rows, every west
column once) and an east half board (the rows of E, every east column once) whose queens share
no diagonal. `quarter_boards` lists, once, every placement of non-attacking queens in a quarter
(at most one a row and a column), grouped by the rows and columns it fills. For one E,
`half_boards` pairs a north placement with each south placement of the same half that fills the
other rows and columns (no diagonal shared) and keeps of the half board only the diagonals that
cross to the other half (n - 1 of each direction, one 64-bit key); `count_disjoint` counts the
pairs of west and east keys with no bit in common, the keys of the longer list cut into bit
planes (one bit set per key bit, over the list: the keys that leave that diagonal free) so that
a key of the shorter list is tested against 64 keys at once, one AND per diagonal it holds.
(The idea is Kluev's N-Queens-Count-Sol's; this code and its layout are essais's own.)

A quarter's placement is kept as one word: its diagonals row - col + (columns - 1) in the low 32
bits, row + col in the high 32, in the quarter's own rows and columns; `layout` says, for each
quarter, where its groups and placements start and how far to shift them onto the board."""

import numpy as np
from numba import njit

from essais.core.bits import bit_index, popcount
from essais.core.limits import EXHAUSTED, PAUSED
from essais.core.sliced import FIRST_FREE_SLOT, load_counters, store_counters

NEXT_ROW_SET = FIRST_FREE_SLOT  # the kernel's own slots of the house's state
SOLUTIONS = FIRST_FREE_SLOT + 1
HALF_BOARDS = FIRST_FREE_SLOT + 2
PAIRS = FIRST_FREE_SLOT + 3
SPACE_NEEDED = FIRST_FREE_SLOT + 4  # with the outcome MORE_SPACE: the keys a half board of the next row set needs
STATE_SIZE = FIRST_FREE_SLOT + 5
MORE_SPACE = 3  # outcome: the key buffers are too short for the next row set

# layout rows, one per quarter (NORTH_WEST, NORTH_EAST, SOUTH_WEST, SOUTH_EAST)
FIRST_ROW, ROWS, FIRST_COLUMN, COLUMNS, STARTS_AT, KEYS_AT = range(6)
LAYOUT_WIDTH = 6
NORTH_WEST, NORTH_EAST, SOUTH_WEST, SOUTH_EAST = range(4)

LOW32 = np.uint64(0xFFFFFFFF)
ONES = np.uint64(0xFFFFFFFFFFFFFFFF)


@njit(cache=True, nogil=True)
def quarter_boards(n, first_row, rows, first_column, columns, first_choice, starts, keys, fill):
    """Every placement in a quarter whose first row holds `first_choice` (-1: no queen; else its
    column), depth first. Without `fill`: adds each placement to its group's count,
    starts[group + 1] (group = rows filled << columns | columns filled, as bit sets); with
    `fill`: writes its word at keys[starts[group]] and advances starts[group]. Returns how
    many placements (a quarter is listed first-row choice by first-row choice, so that a stop
    is heard between them)."""
    if rows == 0 and first_choice >= 0:
        return 0  # a quarter without rows has one placement, the empty one: listed once, with choice -1
    choice = np.full(rows + 1, -2, dtype=np.int64)  # the column tried at each row (-1: no queen)
    filled_rows = np.zeros(rows + 1, dtype=np.int64)
    filled_columns = np.zeros(rows + 1, dtype=np.int64)
    main = np.zeros(rows + 1, dtype=np.int64)  # row - col + columns - 1, as a bit set
    anti = np.zeros(rows + 1, dtype=np.int64)  # row + col
    count = 0
    depth = 0
    choice[0] = first_choice - 1
    while depth >= 0:
        if depth == rows:
            group = (filled_rows[depth] << columns) | filled_columns[depth]
            if fill:
                keys[starts[group]] = np.uint64(main[depth]) | (np.uint64(anti[depth]) << np.uint64(32))
                starts[group] += 1
            else:
                starts[group + 1] += 1
            count += 1
            depth -= 1
            continue
        col = choice[depth] + 1
        last = columns - 1 if depth > 0 else first_choice
        placed = False
        while col <= last:
            if col < 0:  # no queen in this row
                filled_rows[depth + 1], filled_columns[depth + 1] = filled_rows[depth], filled_columns[depth]
                main[depth + 1], anti[depth + 1] = main[depth], anti[depth]
                placed = True
                break
            m, a = 1 << (depth - col + columns - 1), 1 << (depth + col)
            if not ((filled_columns[depth] >> col) & 1 or main[depth] & m or anti[depth] & a):
                filled_rows[depth + 1] = filled_rows[depth] | (1 << depth)
                filled_columns[depth + 1] = filled_columns[depth] | (1 << col)
                main[depth + 1], anti[depth + 1] = main[depth] | m, anti[depth] | a
                placed = True
                break
            col += 1
        if placed:
            choice[depth] = col
            depth += 1
            if depth < rows:
                choice[depth] = -2
        else:
            depth -= 1
    return count


@njit(inline="always")
def _on_board(layout, quarter, word, n):
    """A placement's word as the bit sets of its board diagonals (row - col + n - 1, row + col)."""
    r0, c0, cols = layout[quarter, FIRST_ROW], layout[quarter, FIRST_COLUMN], layout[quarter, COLUMNS]
    main = (word & LOW32) << np.uint64(r0 - c0 - cols + n)  # (r0 - c0 - (cols - 1) + n - 1 >= 0)
    anti = (word >> np.uint64(32)) << np.uint64(r0 + c0)
    return main, anti


@njit(inline="always")
def _group_start(starts, layout, quarter, group):
    return starts[layout[quarter, STARTS_AT] + group]


@njit(cache=True, nogil=True)
def half_board_bound(starts, layout, north, south, north_rows, south_rows):
    """How many north-south pairs the half board of these rows tries: the space its keys may need."""
    columns = layout[north, COLUMNS]
    every_column = (1 << columns) - 1
    bound = 0
    for filled in range(1 << columns):
        group = (north_rows << columns) | filled
        above = _group_start(starts, layout, north, group + 1) - _group_start(starts, layout, north, group)
        if above:
            other = (south_rows << columns) | (every_column ^ filled)
            below = _group_start(starts, layout, south, other + 1) - _group_start(starts, layout, south, other)
            bound += above * below
    return bound


@njit(cache=True, nogil=True)
def half_boards(n, starts, keys, layout, north, south, north_rows, south_rows, out):
    """The half boards of quarters `north` and `south` whose queens stand in these rows (bit
    sets of each quarter's own rows) and fill every column of the half: each a north placement
    and a south one on the other columns, with no diagonal in common. Writes the key of each
    (its diagonals crossing to the other half: n - 1 bits of row - col, then n - 1 of row + col)
    to `out` and returns how many."""
    w = n // 2
    crossing = np.uint64((1 << (n - 1)) - 1)
    columns = layout[north, COLUMNS]
    every_column = (1 << columns) - 1
    north_keys, south_keys = layout[north, KEYS_AT], layout[south, KEYS_AT]
    made = 0
    for filled in range(1 << columns):
        group = (north_rows << columns) | filled
        a0, a1 = _group_start(starts, layout, north, group), _group_start(starts, layout, north, group + 1)
        if a0 == a1:
            continue
        other = (south_rows << columns) | (every_column ^ filled)
        b0, b1 = _group_start(starts, layout, south, other), _group_start(starts, layout, south, other + 1)
        for a in range(a0, a1):
            north_main, north_anti = _on_board(layout, north, keys[north_keys + a], n)
            for b in range(b0, b1):
                south_main, south_anti = _on_board(layout, south, keys[south_keys + b], n)
                if not (north_main & south_main or north_anti & south_anti):
                    main, anti = north_main | south_main, north_anti | south_anti
                    out[made] = ((main >> np.uint64(n - w)) & crossing) | (
                        ((anti >> np.uint64(w)) & crossing) << np.uint64(n - 1)
                    )
                    made += 1
    return made


@njit(cache=True, nogil=True)
def count_disjoint(longer, many, shorter, few, bits, planes):
    """How many pairs of a key among longer[:many] and one among shorter[:few] share no bit
    (keys of `bits` bits). planes[b * words + i] holds bit j of word i set when key 64 i + j
    of the longer list leaves bit b clear."""
    words = (many + 63) >> 6
    width = np.uint64(words)
    for i in range(bits * words):
        planes[i] = ONES
    for i in range(many):
        key, word, bit = longer[i], i >> 6, np.uint64(1) << np.uint64(i & 63)
        while key:
            low = key & (~key + np.uint64(1))
            planes[bit_index(low) * words + word] &= ~bit
            key ^= low
    if many & 63:  # the last word's places past the list count no key
        past = (np.uint64(1) << np.uint64(many & 63)) - np.uint64(1)
        for b in range(bits):
            planes[b * words + words - 1] &= past
    offsets = np.empty(64, dtype=np.uint64)
    running = np.empty(words, dtype=np.uint64)
    total = 0
    for k in range(few):
        key, held = shorter[k], 0
        while key:
            low = key & (~key + np.uint64(1))
            offsets[held] = np.uint64(bit_index(low)) * width
            held += 1
            key ^= low
        total += many if held == 0 else _free_of(planes, offsets, held, width, running)
    return total


@njit(inline="always")
def _free_of(planes, offsets, held, width, running):
    """How many keys leave clear every bit whose plane starts at offsets[:held]: the planes
    ANDed two or three at a time, so that the running AND is read and written less often
    (unsigned indices: numba then tests no index for a negative value)."""
    count = 0
    first = offsets[0]
    if held == 1:
        for j in range(width):
            count += popcount(planes[first + j])
        return count
    second = offsets[1]
    if held == 2:
        for j in range(width):
            count += popcount(planes[first + j] & planes[second + j])
        return count
    for j in range(width):
        running[j] = planes[first + j] & planes[second + j]
    t = 2
    while held - t > 3:
        p, q, r = offsets[t], offsets[t + 1], offsets[t + 2]
        for j in range(width):
            running[j] &= planes[p + j] & planes[q + j] & planes[r + j]
        t += 3
    p, q, r = offsets[t], offsets[min(t + 1, held - 1)], offsets[held - 1]  # the last one to three
    for j in range(width):
        count += popcount(running[j] & planes[p + j] & planes[q + j] & planes[r + j])
    return count


@njit(cache=True, nogil=True)
def join_slice(n, starts, keys, layout, row_sets, weights, state, node_stop, east, west, planes):
    """Count the solutions of the row sets row_sets[state[NEXT_ROW_SET]:] (bit sets of the rows
    whose queen stands east), each weighted by weights[i] (the row sets its symmetries give),
    one row set a node. Stops before a row set when `node_stop` nodes are spent (PAUSED), or when
    `east` or `west` is too short for its half boards (MORE_SPACE, with the length needed in
    state[SPACE_NEEDED])."""
    depth, entering, nodes, tries, backtracks = load_counters(state)
    h = n // 2
    top = (1 << h) - 1
    every_row = (1 << n) - 1
    bits = 2 * (n - 1)
    outcome = EXHAUSTED
    i = state[NEXT_ROW_SET]
    while i < len(row_sets):
        if nodes >= node_stop:
            outcome = PAUSED
            break
        east_rows = row_sets[i]
        west_rows = every_row ^ east_rows
        needed = max(
            half_board_bound(starts, layout, NORTH_EAST, SOUTH_EAST, east_rows & top, east_rows >> h),
            half_board_bound(starts, layout, NORTH_WEST, SOUTH_WEST, west_rows & top, west_rows >> h),
        )
        if needed > len(east) or needed > len(west) or (needed + 63) // 64 * bits > len(planes):
            state[SPACE_NEEDED] = needed
            outcome = MORE_SPACE
            break
        made_east = half_boards(n, starts, keys, layout, NORTH_EAST, SOUTH_EAST, east_rows & top, east_rows >> h, east)
        made_west = half_boards(n, starts, keys, layout, NORTH_WEST, SOUTH_WEST, west_rows & top, west_rows >> h, west)
        if made_east >= made_west:
            joined = count_disjoint(east, made_east, west, made_west, bits, planes)
        else:
            joined = count_disjoint(west, made_west, east, made_east, bits, planes)
        state[SOLUTIONS] += weights[i] * joined
        state[HALF_BOARDS] += made_east + made_west
        state[PAIRS] += made_east * made_west
        nodes += 1
        i += 1
    state[NEXT_ROW_SET] = i
    store_counters(state, depth, entering, nodes, tries, backtracks)
    return outcome
