"""numba kernels of the frontier count (knights.frontier). Private: they take the plan's
checked arrays and never validate.

A state is the frontier's labels packed into one uint64 key, slot i holding the label of the
plan's i-th frontier square: 0 untouched, 1 done (two edges chosen), 2.. an end of a path
piece, the two ends of a piece sharing a label, labels numbered in order of first appearance
so that equal frontiers have equal keys. Keys pack in base `radix` (4 bits a slot when the
radix is a power of two). A step's states live in an open-addressing hash table, one row a
slot (so that a state and its counts share a cache line): `table[slot, 0]` the key (EMPTY
where free), `table[slot, 1 + k]` the number of ways to reach the state modulo `moduli[k]` (a modulus 0:
the number itself, in a 64-bit word, a wrap past 2**64 flagged in state[WRAPPED]).

`state` holds the step's cursor (the next slot of the old table to expand), the new table's
fill, and the counters NODES (states made), TRIES (choices of edges tried).
"""

import numpy as np
from numba import njit

from essais.core.limits import PAUSED
from essais.core.sliced import NODES, TRIES

EMPTY = np.uint64(0xFFFFFFFFFFFFFFFF)  # a free slot of a table (a packed key stays below 2**63)
CURSOR, FILL, SEEN, WRAPPED = 5, 6, 7, 8  # slots of `state` after the shared counters (SEEN: see _flush;
# WRAPPED: a count kept in 64-bit words, modulus 0, passed 2**64)
STATE_SIZE = 9
BATCH = 1024  # states made before they are added to the table together
DONE = 1
FULL = 1  # expand_slice's outcome when the new table must grow before it goes on
STEP_DONE = 2  # ... when every state of the old table was expanded (PAUSED, core.limits's: the node budget ran out)
HASH_MULTIPLIER = np.uint64(0x9E3779B97F4A7C15)  # Fibonacci hashing: the key's top bits, well mixed
BUCKET_MULTIPLIER = np.uint64(0xC2B2AE3D27D4EB4F)  # another odd multiplier: a bucket's keys keep
# their spread of homes in the bucket's own table (the same top bits would share a few homes)


@njit(inline="always")
def _home(key, shift):
    return (key * HASH_MULTIPLIER) >> shift


@njit(inline="always")
def _bucket(key, shift):
    return (key * BUCKET_MULTIPLIER) >> shift


@njit(inline="always")
def _decode(key, slots, radix, bits, labels):
    """The labels of a packed state: by shifts when the radix is a power of two (bits > 0)."""
    if bits > 0:
        mask = radix - np.uint64(1)
        for i in range(slots):
            labels[i] = key & mask
            key >>= np.uint64(bits)
    else:
        for i in range(slots):
            labels[i] = key % radix
            key //= radix


@njit(inline="always")
def _sum(a, b, modulus):
    """a + b modulo `modulus` (below 2**62, so that the sum does not wrap), or, for the modulus
    0, in 64-bit words: (the sum, True if it wrapped past 2**64)."""
    total = a + b
    if modulus == 0:
        return total, total < a
    return (total - modulus if total >= modulus else total), False


@njit(inline="always")
def _next_in_part(slot, part_mask):
    """The slot after `slot` in its part (a power-of-two range of slots), wrapping inside it."""
    return (slot & ~part_mask) | ((slot + np.uint64(1)) & part_mask)


@njit(inline="always")
def _add_to(table, slot, key, add, moduli, part_mask):
    """Add the counts `add` to the state `key` of the table, looking from `slot` (its home) on
    inside its part (`part_mask`: the part's slots less one; the whole table's for one part):
    (True when the state is new, True when a count wrapped)."""
    while True:
        here = table[slot, 0]
        if here == key:
            wrapped = False
            for k in range(moduli.shape[0]):
                table[slot, 1 + k], wrap = _sum(table[slot, 1 + k], add[k], moduli[k])
                wrapped |= wrap
            return False, wrapped
        if here == EMPTY:
            table[slot, 0] = key
            for k in range(moduli.shape[0]):
                table[slot, 1 + k] = add[k]
            return True, False
        slot = _next_in_part(slot, part_mask)


@njit(inline="always")
def _flush(table, shift, pending, sources, homes, n_pending, old_table, moduli, add):
    """Add the pending states (each with the counts of its source row of the old table) to the
    table: (the number of new ones, the xor of the keys first seen, True when a count wrapped).
    The homes are looked up first, in a loop of independent loads, so that the processor waits
    for many cache misses at once, not one after another."""
    touched = np.uint64(0)
    for p in range(n_pending):
        home = _home(pending[p], shift)
        homes[p] = home
        touched ^= table[home, 0]
    made, wrapped = 0, False
    for p in range(n_pending):
        for k in range(moduli.shape[0]):
            add[k] = old_table[sources[p], 1 + k]
        new, wrap = _add_to(table, homes[p], pending[p], add, moduli, np.uint64(table.shape[0] - 1))
        if new:
            made += 1
        wrapped |= wrap
    return made, touched, wrapped


@njit(inline="always")
def _encode(work, keep, n_keep, radix, relabel):
    """The key of the frontier kept after the step: the kept squares' labels, the piece labels
    renumbered 2, 3, ... in order of first appearance."""
    for i in range(relabel.shape[0]):
        relabel[i] = 0
    next_label = 2
    key = np.uint64(0)
    power = np.uint64(1)  # radix ** j
    for j in range(n_keep):
        label = work[keep[j]]
        if label > DONE:
            if relabel[label] == 0:
                relabel[label] = next_label
                next_label += 1
            label = relabel[label]
        key += np.uint64(label) * power
        power *= radix
    return key


@njit(inline="always")
def _join(work, size, u, v, last):
    """Choose the edge (u, v) in `work` (v is the square being placed). -1: the edge is not
    allowed; 1: it closes the cycle; 0 otherwise."""
    a, b = work[u], work[v]
    if a == DONE:
        return -1
    fresh = work.shape[0] - 1  # a label no piece has: the top of the label range
    if a == 0 and b == 0:
        work[u] = work[v] = fresh
    elif a == 0:
        work[u], work[v] = b, DONE
    elif b == 0:
        work[u], work[v] = DONE, a
    elif a == b:  # u is the other end of v's piece: the edge closes a cycle
        if not last:
            return -1
        work[u] = work[v] = DONE
        return 1
    else:  # two pieces become one: the far end of u's piece takes v's label
        work[u] = work[v] = DONE
        for i in range(size):
            if work[i] == a:
                work[i] = b
    return 0


@njit(inline="always")
def _needs(label):
    """The edges a square still needs: 2 untouched, 1 at a piece's end, 0 done."""
    return 2 if label == 0 else (0 if label == DONE else 1)


@njit(inline="always")
def _others_alive(labels, old_slots, touched, room):
    """Can every square of the frontier that this step's edges do not touch still get its two
    edges? `room` counts its neighbours not placed yet (0 for the squares that leave the
    frontier now). A choice of edges changes no such square's needs (a merge renames a piece's
    far end, which stays an end), so this holds for every choice or for none."""
    alive = True
    for i in range(old_slots):  # (numba compiles no generator in all())
        if not touched[i] and _needs(labels[i]) > room[i]:
            alive = False
            break
    return alive


@njit(inline="always")
def _touched_alive(work, back, n_back, v, room):
    """The same for the squares the step's edges may touch: v and its earlier neighbours."""
    alive = _needs(work[v]) <= room[v]
    for b in range(n_back):
        if _needs(work[back[b]]) > room[back[b]]:
            alive = False
            break
    return alive


@njit(inline="always")
def _expand_state(
    labels, work, relabel, size, back, n_back, forced, room, keep, n_keep, radix, last, moduli, total, state,
    old_table, row, out, n_out,
):  # fmt: skip
    """The successors of one state (its labels decoded; `row` its row in `old_table`):
    every choice of 0, 1 or 2 edges from the square being placed (working position size - 1)
    back to the frontier positions `back` (the one at `forced`, if not -1, always chosen), their
    keys written to `out` from `n_out` on; a cycle closed on the last step adds the state's
    counts to `total`. Returns (the new end of `out`, the choices tried)."""
    v = size - 1
    old_slots = v
    tries = 0
    # the choices: no edge, one edge (i), two edges (i < j)
    for i in range(-1, n_back):
        if i != -1 and labels[back[i]] == DONE:  # (a square with its two edges takes no more)
            continue
        for j in range(i, n_back):
            if j == i and i != -1:
                continue
            if forced != -1 and i != forced and j != forced:
                continue
            if j != -1 and labels[back[j]] == DONE:
                continue
            for s in range(old_slots):
                work[s] = labels[s]
            work[v] = 0
            closes = 0
            ok = True
            for u in (i, j):
                if u == -1:
                    continue
                joined = _join(work, size, back[u], v, last)
                if joined < 0:
                    ok = False
                    break
                closes += joined
            if not ok:
                continue
            tries += 1
            alive = _touched_alive(work, back, n_back, v, room)
            if closes:
                if alive:  # every square done (none has room left on the last step): a Hamiltonian cycle
                    for k in range(moduli.shape[0]):
                        total[k], wrap = _sum(total[k], old_table[row, 1 + k], moduli[k])
                        if wrap:
                            state[WRAPPED] = 1
                continue
            if not alive:
                continue
            out[n_out] = _encode(work, keep, n_keep, radix, relabel)
            n_out += 1
    return n_out, tries


@njit(cache=True, nogil=True)
def expand_slice(
    old_table, new_table, shift, old_slots, radix, bits, back, n_back, forced, room, keep, n_keep,
    last, moduli, total, state, node_stop,
):  # fmt: skip
    """Expand the states of the old table from `state[CURSOR]` on: for each, every choice of 0,
    1 or 2 edges from the square being placed (working position `old_slots`) back to the
    frontier positions `back` (the one at `forced`, if not -1, always chosen), into the new
    table. Cycles closed on the last step add their counts to `total`. Returns STEP_DONE,
    PAUSED (NODES reached node_stop) or FULL (the new table is over two thirds full)."""
    size = old_slots + 1  # the working frontier: the old one, then the square placed
    limit_fill = new_table.shape[0] * 2 // 3
    labels = np.zeros(max(old_slots, 1), dtype=np.int64)
    work = np.zeros(size + 1, dtype=np.int64)  # one spare entry: its index is the fresh label
    relabel = np.zeros(size + 1, dtype=np.int64)
    add = np.zeros(moduli.shape[0], dtype=np.uint64)
    touched = np.zeros(size, dtype=np.bool_)
    for b in range(n_back):
        touched[back[b]] = True
    most = 1 + n_back + n_back * (n_back - 1) // 2  # successors of one state at most
    batch = min(BATCH, (new_table.shape[0] - limit_fill) // 2)  # (so that a batch always fits)
    pending = np.empty(batch + most, dtype=np.uint64)
    sources = np.empty(batch + most, dtype=np.int64)
    homes = np.empty(batch + most, dtype=np.uint64)
    n_pending = 0
    cursor, fill, nodes, tries = state[CURSOR], state[FILL], state[NODES], state[TRIES]
    outcome = STEP_DONE
    while True:
        end = cursor >= old_table.shape[0]
        if end or n_pending + most > batch or nodes + n_pending >= node_stop or fill + n_pending >= limit_fill:
            made, seen, wrapped = _flush(new_table, shift, pending, sources, homes, n_pending, old_table, moduli, add)
            fill, nodes, n_pending = fill + made, nodes + made, 0
            if wrapped:
                state[WRAPPED] = 1
            if seen == EMPTY:  # (a use of the loads, which the compiler would otherwise drop)
                state[SEEN] += 1
            if end:
                break
            if nodes >= node_stop:
                outcome = PAUSED
                break
            if fill >= limit_fill:
                outcome = FULL
                break
        key = old_table[cursor, 0]
        if key == EMPTY:
            cursor += 1
            continue
        _decode(key, old_slots, radix, bits, labels)
        if not _others_alive(labels, old_slots, touched, room):
            cursor += 1
            continue
        n_new, tried = _expand_state(
            labels, work, relabel, size, back, n_back, forced, room, keep, n_keep, radix, last, moduli, total,
            state, old_table, cursor, pending, n_pending,
        )  # fmt: skip
        tries += tried
        for q in range(n_pending, n_new):
            sources[q] = cursor
        n_pending = n_new
        cursor += 1
    state[CURSOR], state[FILL], state[NODES], state[TRIES] = cursor, fill, nodes, tries
    return outcome


@njit(cache=True, nogil=True)
def expand_rows(
    old_table, row_from, row_to, old_slots, radix, bits, back, n_back, forced, room, keep, n_keep, last, moduli,
    total, state, part_shift, part_keys, part_sources, part_counts,
):  # fmt: skip
    """Expand the states of rows [row_from, row_to) of the old table (as expand_slice does) into
    the buffers of their parts: `part_keys[p, :part_counts[p]]`, with their source rows (parts
    by the top bits of the key's hash; `part_shift` 64: all in part 0). The buffers hold every
    successor of the rows (the caller sizes them); TRIES counts in `state`."""
    size = old_slots + 1
    labels = np.zeros(max(old_slots, 1), dtype=np.int64)
    work = np.zeros(size + 1, dtype=np.int64)
    relabel = np.zeros(size + 1, dtype=np.int64)
    touched = np.zeros(size, dtype=np.bool_)
    for b in range(n_back):
        touched[back[b]] = True
    most = 1 + n_back + n_back * (n_back - 1) // 2
    successors = np.empty(most, dtype=np.uint64)
    tries = 0
    for row in range(row_from, row_to):
        key = old_table[row, 0]
        if key == EMPTY:
            continue
        _decode(key, old_slots, radix, bits, labels)
        if not _others_alive(labels, old_slots, touched, room):
            continue
        n_new, tried = _expand_state(
            labels, work, relabel, size, back, n_back, forced, room, keep, n_keep, radix, last, moduli, total,
            state, old_table, row, successors, 0,
        )  # fmt: skip
        tries += tried
        for q in range(n_new):
            part = _home(successors[q], part_shift) if part_shift < np.uint64(64) else np.uint64(0)  # (64: one part)
            at = part_counts[part]
            part_keys[part, at] = successors[q]
            part_sources[part, at] = row
            part_counts[part] = at + 1
    state[TRIES] += tries


@njit(cache=True, nogil=True)
def insert_part(table, shift, part, part_bits, part_keys, part_sources, part_counts, old_table, moduli, made, wrapped):
    """Add the states that every thread's buffers hold for `part` (with the counts of their
    source rows) to the table; the new ones counted in made[part], a wrap flagged in
    wrapped[part]."""
    part_mask = np.uint64((table.shape[0] >> part_bits) - 1)
    add = np.zeros(moduli.shape[0], dtype=np.uint64)
    new = 0
    for thread in range(part_keys.shape[0]):
        for at in range(part_counts[thread, part]):
            key = part_keys[thread, part, at]
            for k in range(moduli.shape[0]):
                add[k] = old_table[part_sources[thread, part, at], 1 + k]
            added, wrap = _add_to(table, _home(key, shift), key, add, moduli, part_mask)
            if added:
                new += 1
            if wrap:
                wrapped[part] = 1
    made[part] += new


@njit(cache=True, nogil=True)
def rehash(old_table, new_table, shift, part_bits):
    """Move every state of a table into a larger (empty) one, probing inside its parts (2 **
    part_bits of them; 0: the whole table is one part)."""
    part_mask = np.uint64((new_table.shape[0] >> part_bits) - 1)
    for slot in range(old_table.shape[0]):
        key = old_table[slot, 0]
        if key == EMPTY:
            continue
        home = _home(key, shift)
        while new_table[home, 0] != EMPTY:
            home = _next_in_part(home, part_mask)
        for k in range(old_table.shape[1]):
            new_table[home, k] = old_table[slot, k]


@njit(cache=True, nogil=True)
def group_rows(keys, sources, n, old_table, bucket_shift, buckets, out, offsets):
    """Write the rows (key, the counts of its source row) of `n` successors to `out` grouped by
    bucket (the top bits of another hash than the tables'), bucket b's rows at out[offsets[b]:offsets[b + 1]]."""
    offsets[:] = 0
    for q in range(n):
        offsets[_bucket(keys[q], bucket_shift) + 1] += 1
    for b in range(buckets):
        offsets[b + 1] += offsets[b]
    at = offsets[:buckets].copy()
    for q in range(n):
        b = _bucket(keys[q], bucket_shift)
        out[at[b], 0] = keys[q]
        for k in range(1, out.shape[1]):
            out[at[b], k] = old_table[sources[q], k]
        at[b] += 1


@njit(cache=True, nogil=True)
def merge_rows(table, shift, rows, first, moduli, state):
    """Add the rows (key, counts) from `first` on to the table, summing the counts of equal
    keys, until every row is in or the table is two thirds full: the next row to add. The new
    states are counted in state[FILL], a wrap flagged in state[WRAPPED]."""
    limit_fill = table.shape[0] * 2 // 3
    mask = np.uint64(table.shape[0] - 1)
    add = np.zeros(moduli.shape[0], dtype=np.uint64)
    fill = state[FILL]
    row = first
    while row < rows.shape[0] and fill < limit_fill:
        key = rows[row, 0]
        for k in range(moduli.shape[0]):
            add[k] = rows[row, 1 + k]
        new, wrap = _add_to(table, _home(key, shift), key, add, moduli, mask)
        if new:
            fill += 1
        if wrap:
            state[WRAPPED] = 1
        row += 1
    state[FILL] = fill
    return row
