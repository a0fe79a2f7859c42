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
pairs of west and east keys with no bit in common. The keys of the longer list are cut into bit
planes (for each key bit, over 64 keys: those that leave that diagonal free), and the planes
into lookup tables: the key bits in six chunks, each value of a chunk's bits the AND of its
planes. A key of the shorter list is then tested against 512 keys at once with six lookups of
eight words each, whatever the number of diagonals it holds (13 for 18 queens: 13 ANDs a word
with the planes alone). And both lists are sorted into cells by a few diagonals that both halves
hold often (the cut bits): a pair of cells that hold the same one is passed over whole. (The
ideas of the planes, the chunks and the cuts are Kluev's N-Queens-Count-Sol's; this code and its
layout are essais's own.)

The two long diagonals (row = col, row + col = n - 1) cut the work once more. The reflection in
one of them keeps that diagonal's queen where it is and moves the other's to the other half
(the centre square's queen, for odd n, stays: it counts as on neither). Of the four solutions
these reflections carry into one another, which hold k queens on the long diagonals, 4 / 2^k
have none of them in their east half: counting those alone, 2^k times each, counts all four.
About three quarters of the east half boards hold such a queen: their pairs are not tested.

A quarter's placement is kept as one word: its diagonals row - col + (columns - 1) in the low 32
bits, row + col in the high 32, in the quarter's own rows and columns; `layout` says, for each
quarter, where its groups and placements start and how far to shift them onto the board."""

import numpy as np
from numba import njit

from essais.core.bits import popcount
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
def half_boards(n, starts, keys, layout, north, south, north_rows, south_rows, center, out):
    """The half boards of quarters `north` and `south` whose queens stand in these rows (bit
    sets of each quarter's own rows) and fill every column of the half: each a north placement
    and a south one on the other columns, with no diagonal in common. Writes the key of each
    (its diagonals crossing to the other half: n - 1 bits of row - col, then n - 1 of row + col)
    to `out` and returns how many. With `center` (odd n, the east half): the key of a half board
    whose south quarter holds a queen on its first row's first square, the centre, has that bit too."""
    columns = layout[north, COLUMNS]
    every_column = (1 << columns) - 1
    north_keys, south_keys = layout[north, KEYS_AT], layout[south, KEYS_AT]
    longest = 0  # the most south placements a north one meets
    for filled in range(1 << columns):
        other = (south_rows << columns) | (every_column ^ filled)
        b0, b1 = _group_start(starts, layout, south, other), _group_start(starts, layout, south, other + 1)
        longest = max(longest, b1 - b0)
    south_main = np.empty(longest, dtype=np.uint64)
    south_anti = np.empty(longest, dtype=np.uint64)
    south_crossing = np.empty(longest, dtype=np.uint64)
    made = 0
    for filled in range(1 << columns):
        group = (north_rows << columns) | filled
        a0, a1 = _group_start(starts, layout, north, group), _group_start(starts, layout, north, group + 1)
        if a0 == a1:
            continue
        other = (south_rows << columns) | (every_column ^ filled)
        b0, b1 = _group_start(starts, layout, south, other), _group_start(starts, layout, south, other + 1)
        below = b1 - b0
        for b in range(below):  # the south group's diagonals on the board, once
            word = keys[south_keys + b0 + b]
            main, anti = _on_board(layout, south, word, n)
            corner = center if (word >> np.uint64(32)) & np.uint64(1) else np.uint64(0)  # (row + col = 0)
            south_main[b], south_anti[b], south_crossing[b] = main, anti, _crossing(main, anti, n) | corner
        for a in range(a0, a1):
            main, anti = _on_board(layout, north, keys[north_keys + a], n)
            crossing = _crossing(main, anti, n)
            for b in range(below):  # (written whether it fits or not, kept when it does: no branch)
                out[made] = crossing | south_crossing[b]
                made += ((main & south_main[b]) | (anti & south_anti[b])) == 0
    return made


@njit(inline="always")
def _crossing(main, anti, n):
    """The key of a half board's diagonals: those that cross to the other half, n - 1 bits of
    row - col then n - 1 of row + col."""
    w = n // 2
    bits = np.uint64((1 << (n - 1)) - 1)
    return ((main >> np.uint64(n - w)) & bits) | (((anti >> np.uint64(w)) & bits) << np.uint64(n - 1))


CHUNKS = 6  # table lookups a walked key makes: its bits cut into 6 chunks (6 bits each for 18 queens;
# 5 chunks: 18 queens 5 % faster, 19 queens 10 % slower, as their tables outgrow the L1 cache)
GROUP = 8  # words of sliced keys (512 keys) matched at once (_free's r0..r7): their tables stay in
# the L1 cache (24 KB for 18 queens)
U_GROUP = np.uint64(GROUP)
U1, U2, U3, U4, U5, U6, U7 = (np.uint64(i) for i in range(1, 8))  # a group's words past its first
KEYS_A_GROUP = 64 * GROUP
MOST_CUTS = 3  # key bits that sort the keys into cells (count_disjoint), at most


@njit(cache=True, nogil=True)
def chunk_width(bits):
    """The bits of a key each table looks up."""
    return max(1, (bits + CHUNKS - 1) // CHUNKS)


@njit(cache=True, nogil=True)
def table_words(keys, bits):
    """The words of count_disjoint's tables for `keys` sliced keys of `bits` bits (each cell
    from a new group)."""
    groups = (keys + KEYS_A_GROUP - 1) // KEYS_A_GROUP + (3 << MOST_CUTS)
    return groups * CHUNKS * (1 << chunk_width(bits)) * GROUP


@njit(cache=True, nogil=True)
def count_disjoint(sliced, many, walked, few, bits, tables, long_diagonals, center, cuts, weights):
    """The pairs of a key of sliced[:many] and one of walked[:few] that share no bit (keys of
    `bits` bits), weighted, and how many pairs were tested: a pair whose walked key holds i of
    the `long_diagonals` bits and whose sliced key holds j weighs weights[i, j] (0: the pair is
    not tested; a key with the `center` bit holds none). The keys are sorted into cells by the
    long diagonals they hold and by their bits at `cuts` (k <= MOST_CUTS bit positions, 3 << k
    cells): a pair of cells whose keys share a cut bit is passed over whole (its pairs count as
    tested: the index tested them, and none counts). The sliced keys of each cell are laid out
    512 to a group and each group's lookup tables made (_lookup_tables); a walked key is cut into
    CHUNKS chunks of bits, each a table entry (the group's keys that leave those bits clear): it
    ANDs CHUNKS entries and counts the bits."""
    width = chunk_width(bits)
    cell_of, cells = _cells(sliced, many, long_diagonals, center, cuts)
    first_group = np.zeros(len(cells), dtype=np.int64)  # where each cell's groups start, and where the last ends
    for cell in range(len(cells) - 1):
        groups = (cells[cell + 1] - cells[cell] + KEYS_A_GROUP - 1) // KEYS_A_GROUP
        first_group[cell + 1] = first_group[cell] + groups
    _lookup_tables(sliced, many, width, tables, _places(cell_of, first_group * KEYS_A_GROUP), cells, first_group)
    walked_cell_of, walking = _cells(walked, few, long_diagonals, center, cuts)
    entries = _entries(walked, few, width, _places(walked_cell_of, walking))
    total = tested = 0
    for walked_cell in range(len(cells) - 1):
        keys = walking[walked_cell + 1] - walking[walked_cell]
        for cell in range(len(cells) - 1):
            weight = weights[walked_cell % 3, cell % 3]
            if weight and keys:
                tested += keys * (cells[cell + 1] - cells[cell])
                if (walked_cell // 3) & (cell // 3) == 0:
                    free = _free(tables, entries, width, walking[walked_cell], walking[walked_cell + 1],
                                 first_group[cell], first_group[cell + 1])  # fmt: skip
                    total += weight * free
    return total, tested


@njit(inline="always")
def _cell(key, long_diagonals, center, cuts):
    """A key's cell: how many long diagonals it holds, then 3 times its bits at `cuts`."""
    cut = 0
    for i in range(len(cuts)):
        cut |= ((key >> np.uint64(cuts[i])) & np.uint64(1)) << np.uint64(i)
    return _long_held(key, long_diagonals, center) + 3 * cut


@njit(inline="always")
def _cells(keys, count, long_diagonals, center, cuts):
    """The cell of each of keys[:count], and where each cell would start if they were put
    in order of their cells, and where the last would end (3 << len(cuts) cells, one number more)."""
    cell_of = np.empty(count, dtype=np.int64)
    starts = np.zeros((3 << len(cuts)) + 1, dtype=np.int64)
    for i in range(count):
        cell_of[i] = _cell(keys[i], long_diagonals, center, cuts)
        starts[cell_of[i] + 1] += 1
    for cell in range(len(starts) - 1):
        starts[cell + 1] += starts[cell]
    return cell_of, starts


@njit(inline="always")
def _places(cell_of, first):
    """Where each key goes when the keys are put in order of their cells, cell c's from
    first[c] on, in the order they come."""
    places = np.empty(len(cell_of), dtype=np.int64)
    place = first[: len(first) - 1].copy()
    for i in range(len(cell_of)):
        places[i] = place[cell_of[i]]
        place[cell_of[i]] += 1
    return places


@njit(inline="always")
def _entries(walked, few, width, places):
    """The walked keys at their `places`, each as its CHUNKS table entries (where, in a
    group's tables, the entry of the value of its bits in that chunk starts)."""
    entries = np.empty(few * CHUNKS, dtype=np.uint64)
    mask = np.uint64((1 << width) - 1)
    for k in range(few):
        key = walked[k]
        at = places[k] * CHUNKS
        for c in range(CHUNKS):
            value = (key >> np.uint64(width * c)) & mask
            entries[at + c] = (np.uint64(c << width) + value) * U_GROUP
    return entries


@njit(inline="always")
def _free(tables, entries, width, first_key, last_key, first_group, last_group):
    """The pairs of walked keys first_key..last_key (their table entries) and the sliced keys of
    groups first_group..last_group that share no bit: a group at a time, its tables read by every
    walked key in turn, its GROUP = 8 words held in eight registers (numba leaves LLVM's SLP
    vectorizer off, so they stay scalars; unsigned indices: numba then tests none for < 0)."""
    free = 0
    size = np.uint64(CHUNKS * GROUP << width)
    step = np.uint64(CHUNKS)
    for base in range(np.uint64(first_group) * size, np.uint64(last_group) * size, size):
        for k in range(np.uint64(first_key) * step, np.uint64(last_key) * step, step):
            e = entries[k] + base
            r0, r1, r2, r3 = tables[e], tables[e + U1], tables[e + U2], tables[e + U3]
            r4, r5, r6, r7 = tables[e + U4], tables[e + U5], tables[e + U6], tables[e + U7]
            for c in range(1, CHUNKS):
                e = entries[k + np.uint64(c)] + base
                r0 &= tables[e]
                r1 &= tables[e + U1]
                r2 &= tables[e + U2]
                r3 &= tables[e + U3]
                r4 &= tables[e + U4]
                r5 &= tables[e + U5]
                r6 &= tables[e + U6]
                r7 &= tables[e + U7]
            free += popcount(r0) + popcount(r1) + popcount(r2) + popcount(r3)
            free += popcount(r4) + popcount(r5) + popcount(r6) + popcount(r7)
            if free < 0:  # never: a loop that may end early is not vectorized (LLVM would gather, 1.7 times slower)
                break
    return free


@njit(inline="always")
def _lookup_tables(sliced, many, width, tables, places, cells, first_group):
    """count_disjoint's tables: the sliced keys put at their `places`, 64 to a word (a
    place past a cell's last key holds no key), each word's keys turned into bit planes (a
    64 x 64 bit matrix transposed: plane b has bit i set when key i leaves bit b clear), then
    for each chunk c and each value v of its bits the entry of the word's keys that leave
    clear every bit v sets there, the AND of those planes (v = 0: the word's keys), at
    tables[(((group * CHUNKS + c) << width) + v) * GROUP + the word's place in its group]."""
    groups = first_group[-1]
    ordered = np.full(groups * KEYS_A_GROUP, ONES, dtype=np.uint64)  # (in each word, key i at 63 - i)
    for i in range(many):
        ordered[places[i] ^ 63] = sliced[i]
    for cell in range(len(cells) - 1):
        last_place = first_group[cell] * KEYS_A_GROUP + cells[cell + 1] - cells[cell]
        for group in range(first_group[cell], first_group[cell + 1]):
            first_word = group * GROUP
            for word in range(first_word, first_word + GROUP):
                _transposed(ordered[64 * word : 64 * word + 64])
            for c in range(CHUNKS):
                at = ((group * CHUNKS + c) << width) * GROUP
                for j in range(GROUP):  # value 0: the word's keys
                    keys = min(max(last_place - 64 * (first_word + j), 0), 64)
                    tables[at + j] = ONES if keys == 64 else (np.uint64(1) << np.uint64(keys)) - np.uint64(1)
                for i in range(min(width, 64 - width * c)):  # (bits past 63: no key holds them)
                    plane = 64 * first_word + 63 - width * c - i  # (word j's plane of this bit: ~ordered[plane + 64 j])
                    for value in range(1 << i):
                        below, above = at + value * GROUP, at + (value + (1 << i)) * GROUP
                        for j in range(GROUP):
                            tables[above + j] = tables[below + j] & ~ordered[plane + 64 * j]


@njit(inline="always")
def _long_held(key, long_diagonals, center):
    """How many long diagonals a half board's key holds a queen on, the centre's aside (odd n:
    the queen on the centre square holds both, and no reflection moves it)."""
    return 0 if key & center else popcount(key & long_diagonals)


@njit(inline="always")
def _transposed(matrix):
    """A 64 x 64 bit matrix (word r: row r, its bit 63 - c: column c) transposed in place:
    blocks of 32, 16, ... 1 bits swapped across the diagonal (Hacker's Delight, 7-3)."""
    width = np.uint64(32)
    mask = np.uint64(0x00000000FFFFFFFF)
    while width != 0:
        k = np.uint64(0)
        while k < 64:
            swapped = (matrix[k] ^ (matrix[k + width] >> width)) & mask
            matrix[k] ^= swapped
            matrix[k + width] ^= swapped << width
            k = (k + width + np.uint64(1)) & ~width
        width >>= np.uint64(1)
        mask ^= mask << width


@njit(inline="always")
def _pair_weights(free_weight, held_weight, mirrored_weight):
    """The weight of a pair of half boards by how many long diagonals each holds (the east
    half's, the west half's): see join_slice. A pair whose east half holds none counts for its
    row set (and the one upside down); one whose west half holds none and east half some, for
    the row set of the other rows, whose half boards are these mirrored (east to west)."""
    weights = np.zeros((3, 3), dtype=np.int64)
    weights[0, 0] = free_weight
    for held in (1, 2):
        weights[0, held] = held_weight << held
        weights[held, 0] = mirrored_weight << held
    return weights


@njit(cache=True, nogil=True)
def join_slice(n, starts, keys, layout, row_sets, weights, state, node_stop, east, west, tables):
    """Count the solutions of the row sets row_sets[state[NEXT_ROW_SET]:] (bit sets of the rows
    whose queen stands east), one row set a node, each pair of half boards weighted by
    _pair_weights(*weights[i]) (queens.compiled.row_sets says why). Stops before a row set when
    `node_stop` nodes are spent (PAUSED), or when `east` or `west` is too short for its half
    boards (MORE_SPACE, with the length needed in state[SPACE_NEEDED])."""
    depth, entering, nodes, tries, backtracks = load_counters(state)
    h = n // 2
    top = (1 << h) - 1
    every_row = (1 << n) - 1
    bits = 2 * (n - 1) + n % 2  # (odd n: a bit for the centre square's queen, in east keys alone)
    long_diagonals = center = np.uint64(0)
    if n >= 4:  # row - col = 0 and row + col = n - 1, as bits of the keys (half_boards)
        long_diagonals = np.uint64((1 << (h - 1)) | (1 << (n - 1 + n - 1 - h)))
        center = np.uint64((n % 2) << (2 * (n - 1)))
    # the cut bits: the anti-diagonals row + col = n, n + 1 (, n + 2), next to the long one,
    # which both halves hold most often; two cuts for 18 queens (14 % faster than none, 6 %
    # than three), three from 19 on (19 queens 22 % faster than none, 20 queens 43 %)
    cuts = np.arange(1, (2 if n < 19 else 3) + 1) + (n - 1 + n - 1 - h)
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
        if needed > len(east) or needed > len(west) or table_words(needed, bits) > len(tables):
            state[SPACE_NEEDED] = needed
            outcome = MORE_SPACE
            break
        made_east = half_boards(
            n, starts, keys, layout, NORTH_EAST, SOUTH_EAST, east_rows & top, east_rows >> h, center, east
        )
        made_west = half_boards(
            n, starts, keys, layout, NORTH_WEST, SOUTH_WEST, west_rows & top, west_rows >> h, np.uint64(0), west
        )
        pair_weights = _pair_weights(weights[i, 0], weights[i, 1], weights[i, 2])
        if made_west >= made_east:  # (the longer list cut into planes: fewer keys walked)
            joined, tested = count_disjoint(
                west, made_west, east, made_east, bits, tables, long_diagonals, center, cuts, pair_weights
            )
        else:
            joined, tested = count_disjoint(
                east, made_east, west, made_west, bits, tables, long_diagonals, center, cuts, pair_weights.T.copy()
            )
        state[SOLUTIONS] += joined
        state[HALF_BOARDS] += made_east + made_west
        state[PAIRS] += tested
        nodes += 1
        i += 1
    state[NEXT_ROW_SET] = i
    store_counters(state, depth, entering, nodes, tries, backtracks)
    return outcome
