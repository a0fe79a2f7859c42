"""numba kernel of the longest-uncrossed-path search (essais.uncrossed). Private: it takes
checked arrays and never validates.

`graph` = (neighbour, edge, crossing_start, crossing, colour, edge_ends): each square has 8
neighbour slots (`neighbour`, `edge`; -1 where a move leaves the board);
`crossing[crossing_start[e]:crossing_start[e + 1]]` are the edges that cross edge e;
`edge_ends[2e], edge_ends[2e + 1]` its squares. `work` = (visited, blocked, path, path_edge,
next_slot, best, mark, stack): the search's own arrays. The search is TextbookUncrossed's, with
an explicit stack, in resumable slices of a node budget. Four kernels, one body (_search), four
forms of the bound, all of the same value, so that the search and its counters are the same in
every kernel:
- boards of at most 64 squares (bits_slice, _bound_bits): bit sets of one word, by knight
  direction. The uncrossed moves of each node are on a stack (open_toward[depth, d]: the
  squares whose move in direction d is open): a move takes out at once every move it crosses,
  in each direction (crossing_toward[move, d]), and its backtrack has nothing to undo.
- 65 to 128 squares, each move a step under 64 (pair_slice, _bound_pair): the same in two words.
- the other boards of up to 256 squares (words_slice, _bound_words): bit sets of two to four
  words, square by square, with the crossed edges as a bit set (blocked_bits, and each move's
  newly_blocked at its depth, undone at its backtrack).
- larger boards (uncrossed_slice, _bound): arrays, each edge's crossings counted in `blocked`.
`bits` = (open_toward, allowed_bits, colour_bits, end_bits, crossing_bits, blocked_bits,
newly_blocked, step, slot_direction, crossing_toward), whose parts each kernel uses, and the
`words` of the last two bit-set kernels (see _bound_words, _bound_pair) are built by
uncrossed.compiled.CompiledUncrossed.
"""

import numpy as np
from numba import njit

from essais.core.bits import bit_index, next_random, popcount
from essais.core.limits import EXHAUSTED, PAUSED
from essais.core.sliced import FIRST_FREE_SLOT, NODES, load_counters, store_counters

BEST_JUMPS, BEST_LENGTH, STAMP, PROBES, RANDOM = range(FIRST_FREE_SLOT, FIRST_FREE_SLOT + 5)
STATE_SIZE = FIRST_FREE_SLOT + 5
SLOTS = 8
ONE = np.uint64(1)
ZERO = np.uint64(0)


@njit(inline="always")
def _usable(target, edge, visited, blocked, closed, start):
    return visited[target] == 0 and blocked[edge] == 0 and (not closed or target > start)


@njit(cache=True, nogil=True)
def _bound(head, graph, work, closed, start, ends, stamp):
    """TextbookUncrossed._bound on arrays: reachable squares, alternating colours, dead ends
    (squares with a single way in or out), squares the path may end on."""
    neighbour, edge, _, _, colour, _ = graph
    visited, blocked, _, _, _, _, mark, stack = work
    mark[head] = stamp
    stack[0] = head
    size = 1
    while size > 0:
        size -= 1
        square = stack[size]
        for i in range(SLOTS):
            target = neighbour[square * SLOTS + i]
            if (
                target >= 0
                and mark[target] != stamp
                and _usable(target, edge[square * SLOTS + i], visited, blocked, closed, start)
            ):
                mark[target] = stamp
                stack[size] = target
                size += 1
    reached = 0
    other = 0
    dead_ends = 0
    can_end = False
    for square in range(mark.shape[0]):
        if mark[square] != stamp or square == head:
            continue
        if not closed:
            ways = 0
            for i in range(SLOTS):
                target = neighbour[square * SLOTS + i]
                if target >= 0 and blocked[edge[square * SLOTS + i]] == 0 and mark[target] == stamp:
                    ways += 1
            if ways <= 1:
                if not ends[square]:
                    continue  # a dead end the path may not end on: never visited
                dead_ends += 1
            can_end = can_end or ends[square] != 0
        reached += 1
        if colour[square] != colour[head]:
            other += 1
    if closed:
        return reached + 1
    if not can_end:
        return 0 if ends[head] else -mark.shape[0]
    return min(reached - max(0, dead_ends - 1), 2 * other, 2 * (reached - other) + 1)


@njit(cache=True, nogil=True)
def _bound_bits(head, bits, depth, visited_bits, closed):
    """_bound on bit sets (at most 64 squares), the same value: the squares one knight move
    further, and the squares' ways, found for every square at once, direction by direction
    (`open_toward[depth, d]`: the squares whose move in direction d is on the board and
    uncrossed at this depth. The directions come in opposite pairs: direction j < 4 shifts a
    square's bit up by step[j], direction j + 4 down by as much, one shift with no register
    spent on a second amount)."""
    open_toward, allowed_bits, colour_bits, end_bits, _, _, _, step, _, _ = bits
    head_bit = ONE << np.uint64(head)
    free = ~visited_bits & allowed_bits
    region = ZERO
    frontier = head_bit
    while frontier:  # one move further from the head each pass
        further = ZERO
        for j in range(SLOTS // 2):
            further |= (frontier & open_toward[depth, j]) << step[j]
            further |= (frontier & open_toward[depth, j + 4]) >> step[j]
        frontier = further & free & ~region
        region |= frontier
    if closed:
        return popcount(region) + 1
    # the squares with two ways or more to a free square or the head (the others are dead
    # ends), counted in bit slices: `one` has the squares with a way so far, `two` with two
    scope = free | head_bit
    one = two = ZERO
    for j in range(SLOTS // 2):
        for way in (open_toward[depth, j] & (scope >> step[j]), open_toward[depth, j + 4] & (scope << step[j])):
            two |= one & way
            one |= way
    dead = region & ~two
    region &= ~(dead & ~end_bits)  # dead ends the path may not end on: never visited
    if region & end_bits == ZERO:
        return 0 if (end_bits >> np.uint64(head)) & ONE else -64
    reached = popcount(region)
    other_colour = ~colour_bits if (colour_bits >> np.uint64(head)) & ONE else colour_bits
    other = popcount(region & other_colour)
    dead_ends = popcount(dead & end_bits)
    return min(reached - max(0, dead_ends - 1), 2 * other, 2 * (reached - other) + 1)


@njit(cache=True, nogil=True)
def _bound_pair(head, pair, depth, visited_low, visited_high, closed):
    """_bound_bits on boards of 65 to 128 squares, each bit set in two words (low: squares 0 to
    63; high: 64 to 127) and each step less than 64, the same value: `pair` = (open_toward
    (n + 1, 8, 2), allowed, colour, ends (two words each), step, visited, slot_direction,
    crossing_toward (edges, 8, 2))."""
    open_toward, allowed, colour, end_bits, step, _, _, _ = pair
    head_low = ONE << np.uint64(head) if head < 64 else ZERO
    head_high = ONE << np.uint64(head - 64) if head >= 64 else ZERO
    free_low, free_high = ~visited_low & allowed[0], ~visited_high & allowed[1]
    region_low = region_high = ZERO
    frontier_low, frontier_high = head_low, head_high
    while frontier_low | frontier_high:  # one move further from the head each pass
        low = high = ZERO
        for j in range(SLOTS // 2):
            up, back = step[j], np.uint64(64) - step[j]
            a_low, a_high = frontier_low & open_toward[depth, j, 0], frontier_high & open_toward[depth, j, 1]
            b_low, b_high = frontier_low & open_toward[depth, j + 4, 0], frontier_high & open_toward[depth, j + 4, 1]
            low |= (a_low << up) | (b_low >> up) | (b_high << back)
            high |= (a_high << up) | (a_low >> back) | (b_high >> up)
        frontier_low, frontier_high = low & free_low & ~region_low, high & free_high & ~region_high
        region_low |= frontier_low
        region_high |= frontier_high
    if closed:
        return popcount(region_low) + popcount(region_high) + 1
    # the squares with two ways or more to a free square or the head (see _bound_bits)
    scope_low, scope_high = free_low | head_low, free_high | head_high
    one_low = one_high = two_low = two_high = ZERO
    for j in range(SLOTS // 2):
        up, back = step[j], np.uint64(64) - step[j]
        # the squares whose move up (down) lands in the scope: the scope moved down (up)
        down_low, down_high = (scope_low >> up) | (scope_high << back), scope_high >> up
        up_low, up_high = scope_low << up, (scope_high << up) | (scope_low >> back)
        for way_low, way_high in (
            (open_toward[depth, j, 0] & down_low, open_toward[depth, j, 1] & down_high),
            (open_toward[depth, j + 4, 0] & up_low, open_toward[depth, j + 4, 1] & up_high),
        ):
            two_low |= one_low & way_low
            two_high |= one_high & way_high
            one_low |= way_low
            one_high |= way_high
    dead_low, dead_high = region_low & ~two_low, region_high & ~two_high
    region_low &= ~(dead_low & ~end_bits[0])  # dead ends the path may not end on: never visited
    region_high &= ~(dead_high & ~end_bits[1])
    if (region_low & end_bits[0]) | (region_high & end_bits[1]) == ZERO:
        return 0 if (end_bits[0] & head_low) | (end_bits[1] & head_high) != ZERO else -128
    reached = popcount(region_low) + popcount(region_high)
    head_colour = (colour[0] & head_low) | (colour[1] & head_high) != ZERO
    other_low, other_high = (~colour[0], ~colour[1]) if head_colour else (colour[0], colour[1])
    other = popcount(region_low & other_low) + popcount(region_high & other_high)
    dead_ends = popcount(dead_low & end_bits[0]) + popcount(dead_high & end_bits[1])
    return min(reached - max(0, dead_ends - 1), 2 * other, 2 * (reached - other) + 1)


@njit(cache=True, nogil=True)
def _bound_words(head, words, visited, closed):
    """_bound on boards of 65 to 256 squares, on bit sets of W words (square s: bit s % 64 of
    word s // 64), square by square: `words` = (open_moves (n, W): the squares one uncrossed
    move from each square, allowed, colour, ends, scratch (4, W), and the search's visited
    squares, which `visited` is). The same value as _bound."""
    open_moves, allowed, colour, end_bits, scratch, _ = words
    free, region, dead, frontier = scratch[0], scratch[1], scratch[2], scratch[3]
    count = open_moves.shape[1]
    for w in range(count):
        free[w] = ~visited[w] & allowed[w]
        region[w] = dead[w] = frontier[w] = ZERO
    head_word, head_bit = head >> 6, ONE << np.uint64(head & 63)
    frontier[head_word] = head_bit
    while True:
        w = 0
        while w < count and frontier[w] == ZERO:  # (a square found may sit in a word before w)
            w += 1
        if w == count:
            break
        square = w * 64 + bit_index(frontier[w])
        frontier[w] &= frontier[w] - ONE
        ways = 0
        for v in range(count):
            moves = open_moves[square, v]
            new = moves & free[v] & ~region[v]
            region[v] |= new
            frontier[v] |= new
            ways += popcount(moves & (free[v] | (head_bit if v == head_word else ZERO)))
        if not closed and square != head and ways <= 1:
            dead[w] |= ONE << np.uint64(square & 63)
    reached = other = dead_ends = can_end = 0
    head_colour = (colour[head_word] >> np.uint64(head & 63)) & ONE
    for w in range(count):
        if not closed:
            region[w] &= ~(dead[w] & ~end_bits[w])  # dead ends the path may not end on: never visited
            can_end += popcount(region[w] & end_bits[w])
            dead_ends += popcount(dead[w] & end_bits[w])
        reached += popcount(region[w])
        other += popcount(region[w] & (~colour[w] if head_colour else colour[w]))
    if closed:
        return reached + 1
    if can_end == 0:
        return 0 if (end_bits[head_word] & head_bit) != ZERO else -64 * count
    return min(reached - max(0, dead_ends - 1), 2 * other, 2 * (reached - other) + 1)


@njit(cache=True, nogil=True)
def _set_open_words(open_moves, edge_ends, move, is_open):
    """_set_open on words (see _bound_words)."""
    a = edge_ends[2 * move]
    b = edge_ends[2 * move + 1]
    if is_open:
        open_moves[a, b >> 6] |= ONE << np.uint64(b & 63)
        open_moves[b, a >> 6] |= ONE << np.uint64(a & 63)
    else:
        open_moves[a, b >> 6] &= ~(ONE << np.uint64(b & 63))
        open_moves[b, a >> 6] &= ~(ONE << np.uint64(a & 63))


@njit(inline="always")
def _block_words(bits, open_words, depth, move, edge_ends):
    """The several-word kernel's crossings: a path move at `depth` blocks the edges it crosses
    that were open (kept in newly_blocked[depth] for its undoing), and each of them leaves
    open_words."""
    crossing_bits, blocked_bits, newly_blocked = bits[4], bits[5], bits[6]
    for w in range(blocked_bits.shape[0]):
        fresh = crossing_bits[move, w] & ~blocked_bits[w]
        newly_blocked[depth, w] = fresh
        blocked_bits[w] |= fresh
        while fresh:
            _set_open_words(open_words, edge_ends, w * 64 + bit_index(fresh), False)
            fresh &= fresh - ONE


@njit(inline="always")
def _unblock_words(bits, open_words, depth, edge_ends):
    """_block_words undone."""
    blocked_bits, newly_blocked = bits[5], bits[6]
    for w in range(blocked_bits.shape[0]):
        fresh = newly_blocked[depth, w]
        blocked_bits[w] &= ~fresh
        while fresh:
            _set_open_words(open_words, edge_ends, w * 64 + bit_index(fresh), True)
            fresh &= fresh - ONE


@njit(cache=True, nogil=True)
def uncrossed_slice(graph, work, state, start, first_allowed, ends, closed, bits, node_stop):
    """Search from `start` (already visited, path[0]) until `node_stop` nodes or the end.
    `first_allowed[s]`: the first moves to try; `ends[s]`: where the path may end (symmetry).
    `bits` (see the module's text) is unused: this kernel runs on arrays alone."""
    return _search(graph, work, state, start, first_allowed, ends, closed, bits, None, node_stop, False, False)


@njit(cache=True, nogil=True)
def bits_slice(graph, work, state, start, first_allowed, ends, closed, bits, node_stop):
    """uncrossed_slice for boards of at most 64 squares: the bound on bit sets. Four kernels, the
    body inlined into each with `use_bits`, `use_words` and `use_pair` constants: numba drops the
    branches of the others before it compiles, so that each compiles its own bound only."""
    return _search(graph, work, state, start, first_allowed, ends, closed, bits, None, node_stop, True, False)


@njit(cache=True, nogil=True)
def words_slice(graph, work, state, start, first_allowed, ends, closed, bits, words, node_stop):
    """uncrossed_slice for boards of 65 to 256 squares: the bound on bit sets of several words
    (`words`: see _bound_words)."""
    return _search(graph, work, state, start, first_allowed, ends, closed, bits, words, node_stop, False, True)


@njit(cache=True, nogil=True)
def pair_slice(graph, work, state, start, first_allowed, ends, closed, bits, pair, node_stop):
    """uncrossed_slice for boards of 65 to 128 squares whose moves are steps of less than 64:
    the bound on bit sets of two words by direction (`pair`: see _bound_pair)."""
    return _search(graph, work, state, start, first_allowed, ends, closed, bits, pair, node_stop, False, False, True)


@njit(inline="always")
def _search(
    graph, work, state, start, first_allowed, ends, closed, bits, words, node_stop, use_bits, use_words, use_pair=False
):
    """The body of uncrossed_slice, bits_slice, words_slice and pair_slice (`words` is read only
    in the branches of `use_words` and `use_pair`)."""
    neighbour, edge, crossing_start, crossing, _, edge_ends = graph
    visited, blocked, path, path_edge, next_slot, best, _, _ = work
    open_toward, allowed_bits, blocked_bits = bits[0], bits[1], bits[5]
    slot_direction, crossing_toward = bits[8], bits[9]
    depth, entering, nodes, tries, backtracks = load_counters(state)
    best_jumps = state[BEST_JUMPS]
    stamp = state[STAMP]
    visited_bits = ZERO
    if use_bits:
        for square in range(visited.shape[0]):
            if visited[square]:
                visited_bits |= ONE << np.uint64(square)
    if use_words or use_pair:  # (`words` is the pair's arrays with use_pair)
        open_words, allowed_words, visited_words = words[0], words[1], words[5]
        for w in range(visited_words.shape[0]):
            visited_words[w] = ZERO
        for square in range(visited.shape[0]):
            visited_words[square >> 6] |= np.uint64(visited[square]) << np.uint64(square & 63)
    outcome = PAUSED
    while True:
        top = depth - 1
        head = path[top]
        jumps = depth - 1
        if entering:
            if nodes >= node_stop:
                break
            nodes += 1
            entering = 0
            # _record: keep the path if it beats the best
            if not closed:
                if jumps > best_jumps and ends[head]:
                    best_jumps = jumps
                    for i in range(depth):
                        best[i] = path[i]
                    state[BEST_LENGTH] = depth
            elif jumps + 1 > best_jumps and jumps >= 2:
                for i in range(SLOTS):
                    if use_bits:
                        d = slot_direction[head * SLOTS + i]
                        is_open = (open_toward[depth, d] >> np.uint64(head)) & ONE != ZERO
                    elif use_pair:
                        d = words[6][head * SLOTS + i]
                        is_open = (open_words[depth, d, head >> 6] >> np.uint64(head & 63)) & ONE != ZERO
                    elif use_words:
                        e = edge[head * SLOTS + i]
                        is_open = (blocked_bits[e >> 6] >> np.uint64(e & 63)) & ONE == ZERO
                    else:
                        is_open = blocked[edge[head * SLOTS + i]] == 0
                    if neighbour[head * SLOTS + i] == start and is_open:
                        best_jumps = jumps + 1
                        for j in range(depth):
                            best[j] = path[j]
                        state[BEST_LENGTH] = depth
            if use_bits:
                bound = _bound_bits(head, bits, depth, visited_bits, closed)
            elif use_pair:
                bound = _bound_pair(head, words, depth, visited_words[0], visited_words[1], closed)
            elif use_words:
                bound = _bound_words(head, words, visited_words, closed)
            else:
                stamp += 1
                bound = _bound(head, graph, work, closed, start, ends, stamp)
            # cut when no child can beat the best
            next_slot[top] = SLOTS if jumps + bound <= best_jumps else 0
        i = next_slot[top]
        placed = False
        if use_bits:
            free = ~visited_bits & allowed_bits
        while i < SLOTS:
            target = neighbour[head * SLOTS + i]
            move = edge[head * SLOTS + i]
            i += 1
            if target < 0:
                continue
            tries += 1
            if use_bits:  # the move uncrossed, to a free square
                d = slot_direction[head * SLOTS + i - 1]
                can_go = (open_toward[depth, d] >> np.uint64(head)) & (free >> np.uint64(target)) & ONE != ZERO
            elif use_pair:
                d = words[6][head * SLOTS + i - 1]
                w = target >> 6
                open_bit = open_words[depth, d, head >> 6] >> np.uint64(head & 63)
                free_bit = (~visited_words[w] & allowed_words[w]) >> np.uint64(target & 63)
                can_go = open_bit & free_bit & ONE != ZERO
            elif use_words:
                w = target >> 6
                usable = open_words[head, w] & ~visited_words[w] & allowed_words[w]
                can_go = (usable >> np.uint64(target & 63)) & ONE != ZERO
            else:
                can_go = _usable(target, move, visited, blocked, closed, start)
            if can_go and (jumps != 0 or first_allowed[target]):
                visited[target] = 1
                if use_bits:
                    visited_bits |= ONE << np.uint64(target)
                if use_words or use_pair:
                    visited_words[target >> 6] |= ONE << np.uint64(target & 63)
                if use_bits:  # the child's uncrossed moves
                    for d in range(SLOTS):
                        open_toward[depth + 1, d] = open_toward[depth, d] & ~crossing_toward[move, d]
                elif use_pair:
                    crossing_pair = words[7]
                    for d in range(SLOTS):
                        open_words[depth + 1, d, 0] = open_words[depth, d, 0] & ~crossing_pair[move, d, 0]
                        open_words[depth + 1, d, 1] = open_words[depth, d, 1] & ~crossing_pair[move, d, 1]
                elif use_words:
                    _block_words(bits, open_words, depth, move, edge_ends)
                else:
                    for k in range(crossing_start[move], crossing_start[move + 1]):
                        blocked[crossing[k]] += 1
                path[depth] = target
                path_edge[depth] = move
                placed = True
                break
        next_slot[top] = i
        if placed:
            depth += 1
            entering = 1
        else:
            if depth == 1:
                outcome = EXHAUSTED
                break
            if use_words:
                _unblock_words(bits, open_words, top, edge_ends)
            elif not (use_bits or use_pair):
                move = path_edge[top]
                for k in range(crossing_start[move], crossing_start[move + 1]):
                    blocked[crossing[k]] -= 1
            visited[head] = 0
            if use_bits:
                visited_bits &= ~(ONE << np.uint64(head))
            if use_words or use_pair:
                visited_words[head >> 6] &= ~(ONE << np.uint64(head & 63))
            backtracks += 1
            depth -= 1
    store_counters(state, depth, entering, nodes, tries, backtracks)
    state[BEST_JUMPS] = best_jumps
    state[STAMP] = stamp
    return outcome


@njit(cache=True, nogil=True)
def probe_slice(graph, work, state, start, first_allowed, ends, closed, beat, probes, moments, node_stop):
    """Knuth's estimate of the size of the tree uncrossed_slice searches from `start` when it
    holds a path of `beat` jumps from its first node (the tree that proves none is longer): a
    probe walks from the root to a leaf, taking one child of each node at random (the moves
    the search would try, the bound cutting where it would), and estimates[p] is 1 + d1 +
    d1·d2 + … (dk: the children of the walk's k-th node), whose mean over probes is the tree's
    node count. Probes until state[PROBES] (the probes made) reaches `probes` (EXHAUSTED) or,
    between two probes, until their nodes reach `node_stop` (PAUSED). `moments`: the mean of
    the estimates and the sum of their squared deviations from it, updated probe after probe
    (Welford's method: no estimate is kept). state[RANDOM]: the generator's state (nonzero)."""
    neighbour, edge, crossing_start, crossing, _, _ = graph
    visited, blocked, path, path_edge, _, _, _, _ = work
    children = np.empty(SLOTS, dtype=np.int64)
    random_state = state[RANDOM : RANDOM + 1]
    nodes = state[NODES]
    stamp = state[STAMP]
    outcome = EXHAUSTED
    while state[PROBES] < probes:
        if nodes >= node_stop:
            outcome = PAUSED
            break
        visited[start] = 1
        path[0] = start
        depth = 1
        weight = 1.0
        total = 0.0
        while True:
            total += weight
            nodes += 1
            head = path[depth - 1]
            jumps = depth - 1
            stamp += 1
            if jumps + _bound(head, graph, work, closed, start, ends, stamp) <= beat:
                break
            count = 0
            for i in range(SLOTS):
                target = neighbour[head * SLOTS + i]
                move = edge[head * SLOTS + i]
                usable = target >= 0 and _usable(target, move, visited, blocked, closed, start)
                if usable and (jumps != 0 or first_allowed[target]):
                    children[count] = i
                    count += 1
            if count == 0:
                break
            weight *= count
            slot = children[next_random(random_state) % count]
            target = neighbour[head * SLOTS + slot]
            move = edge[head * SLOTS + slot]
            visited[target] = 1
            for k in range(crossing_start[move], crossing_start[move + 1]):
                blocked[crossing[k]] += 1
            path[depth] = target
            path_edge[depth] = move
            depth += 1
        while depth > 1:  # the walk taken back: the arrays as they were
            depth -= 1
            move = path_edge[depth]
            for k in range(crossing_start[move], crossing_start[move + 1]):
                blocked[crossing[k]] -= 1
            visited[path[depth]] = 0
        visited[start] = 0
        state[PROBES] += 1
        deviation = total - moments[0]
        moments[0] += deviation / state[PROBES]
        moments[1] += deviation * (total - moments[0])
    state[NODES] = nodes
    state[STAMP] = stamp
    return outcome
