"""numba kernels of the tour searches. Private: they take checked arrays and never validate.

Layout: squares are numbered 0..n-1 in reading order; `board` has n+1 entries, the last a
sentinel that is never free, and `target[s * m + i]` is the square the i-th move leads to from
s (the sentinel when it leaves the board). `board[s]` is 0 for a free square, else its step
number (1..n). So the promising test is one comparison, for every method.

The kernels keep an explicit stack (`path`, `next_move`) and all their state in arrays, so a
call can stop after any number of nodes and the next call resumes exactly there. A slice
stops when it is about to enter a node and the node counter has reached `node_stop`: both
engines therefore stop a limited search at the same node with the same counters.
`state` holds DEPTH, ENTERING (the top square is placed but its node not yet counted),
NODES, TRIES, BACKTRACKS, SOLUTIONS, START_FREE (method prune: free squares next to the start),
ONE_WAY (method prune, open tours: free squares with a single way in or out).
"""

import numpy as np
from numba import njit

from essais.core.limits import EXHAUSTED, PAUSED, SOLUTION
from essais.core.sliced import DEPTH, FIRST_FREE_SLOT, NODES, TRIES, load_counters, store_counters

SOLUTIONS, START_FREE, ATTEMPTS, BEST, ONE_WAY = range(FIRST_FREE_SLOT, FIRST_FREE_SLOT + 5)
STATE_SIZE = FIRST_FREE_SLOT + 5


@njit(inline="always")
def _leaves_a_way(candidate, head, remaining, target, board, ports, closes, closed, start_free, one_way):
    """Method prune's extra promising test: once the head moves on to `candidate`, can every
    free square still be visited? `ports[u]` counts u's neighbours that are free or the head
    (the move set is symmetric, so they are also the squares u can be reached from).

    Why the cuts are sound: in a tour that goes on from here, every free square u is entered
    once and, unless it is the tour's last square, left once, by two different moves between u
    and a square that is free now or the head (a closed tour's last square leaves to the
    start). So u needs two such ways, one if it is the last square. An open tour has one last
    square: no free square may be left with no way, and at most one with a single way. A
    closed one has none: each free square needs two ways, the start counting for the squares
    next to it (and a free square must stay next to the start, for the last one). When the
    head moves from `head` to `candidate`, only the neighbours of `head` lose a way (the head
    itself), and `candidate` stops being free; `one_way` counts the free squares with a single
    way now, so the test sees every such square on the board, not only those next to the head."""
    if remaining == 0:
        return True
    if ports[candidate] - 1 < 1:  # the candidate must go on to a free square
        return False
    if closed and start_free - closes[candidate] < 1:  # a free square must remain next to the start
        return False
    m = target.shape[0] // (board.shape[0] - 1)  # board has one entry per square plus the sentinel
    ends = one_way - (1 if ports[candidate] == 1 else 0)
    base = head * m
    for i in range(m):
        square = target[base + i]
        if square != candidate and board[square] == 0:
            left = ports[square] - 1  # the old head is no longer a way in
            if closed:
                if left + closes[square] < 2:
                    return False
            elif left < 1:
                return False
            elif left == 1:
                ends += 1
    return closed or ends <= 1


@njit(inline="always")
def _depth_first(target, closes, board, path, next_move, ports, state, stop_at_solution, node_stop, prune, closed):
    """The body of the three depth-first kernels below (depth_first_slice, pruned_open_slice,
    pruned_closed_slice). It is inlined into each with `prune` and `closed` as constants, so the
    textbook kernel carries none of method prune's work."""
    n = path.shape[0]
    m = target.shape[0] // n
    depth, entering, nodes, tries, backtracks = load_counters(state)
    solutions = state[SOLUTIONS]
    start_free = state[START_FREE]
    one_way = state[ONE_WAY]
    outcome = PAUSED
    while True:
        top = depth - 1
        if entering:
            if nodes >= node_stop:
                break
            nodes += 1
            entering = 0
            if depth == n:  # the final call: it examines no move
                next_move[top] = m
                if closes[path[top]]:
                    solutions += 1
                    if stop_at_solution:
                        outcome = SOLUTION
                        break
            else:
                next_move[top] = 0
        square = path[top]
        i = next_move[top]
        base = square * m
        placed = False
        while i < m:
            candidate = target[np.uint64(base + i)]  # (unsigned: no test for a negative index)
            i += 1
            tries += 1
            if board[np.uint64(candidate)] == 0:
                if prune:
                    remaining = n - depth - 1
                    if not _leaves_a_way(
                        candidate, square, remaining, target, board, ports, closes, closed, start_free, one_way
                    ):
                        continue
                    for j in range(m):  # the head leaves `square`: it is no longer a way in
                        neighbour = target[base + j]
                        ports[neighbour] -= 1
                        if board[neighbour] == 0:
                            one_way += int(ports[neighbour] == 1) - int(ports[neighbour] == 0)
                    if ports[candidate] == 1:  # the candidate is no longer free
                        one_way -= 1
                    if closed:
                        start_free -= closes[candidate]
                board[np.uint64(candidate)] = depth + 1
                path[depth] = candidate
                placed = True
                break
        next_move[top] = i
        if placed:
            depth += 1
            entering = 1
        else:  # every move tried: leave this square
            if depth == 1:
                outcome = EXHAUSTED
                break
            board[np.uint64(square)] = 0
            if prune:
                if ports[square] == 1:  # free again
                    one_way += 1
                parent = path[top - 1] * m
                for j in range(m):
                    neighbour = target[parent + j]
                    ports[neighbour] += 1
                    if board[neighbour] == 0:
                        one_way += int(ports[neighbour] == 1) - int(ports[neighbour] == 2)
                if closed:
                    start_free += closes[square]
            backtracks += 1
            depth -= 1
    state[START_FREE] = start_free
    state[ONE_WAY] = one_way
    store_counters(state, depth, entering, nodes, tries, backtracks)
    state[SOLUTIONS] = solutions
    return outcome


@njit(cache=True, nogil=True)
def depth_first_slice(target, closes, board, path, next_move, ports, state, stop_at_solution, node_stop):
    """000 §3.8 / §5.1 with an explicit stack: moves tried in order at every square.

    `closes[s]` is 1 when a tour may end on s (always for open tours; for closed tours, when
    s attacks the start). With `stop_at_solution` the kernel returns SOLUTION at each tour
    (the tour is `path`); without, it only counts them in state[SOLUTIONS].
    """
    return _depth_first(target, closes, board, path, next_move, ports, state, stop_at_solution, node_stop, False, False)


@njit(cache=True, nogil=True)
def pruned_open_slice(target, closes, board, path, next_move, ports, state, stop_at_solution, node_stop):
    """Method prune for open tours: depth_first_slice with `_leaves_a_way` in the promising test."""
    return _depth_first(target, closes, board, path, next_move, ports, state, stop_at_solution, node_stop, True, False)


@njit(cache=True, nogil=True)
def pruned_closed_slice(target, closes, board, path, next_move, ports, state, stop_at_solution, node_stop):
    """Method prune for closed tours."""
    return _depth_first(target, closes, board, path, next_move, ports, state, stop_at_solution, node_stop, True, True)


@njit(cache=True, nogil=True)
def warnsdorff_slice(target, closes, board, free_count, path, next_move, best, best_count, state, node_stop):
    """000 §7.2 with an explicit stack: at each square, the free neighbours with the fewest
    free neighbours (`best[top * m:]`, in move order) are tried one after the other.

    `free_count[s]` is the number of free neighbours of s (000 §10), kept up to date as
    squares are numbered and un-numbered. Returns at the first tour (SOLUTION).
    """
    n = path.shape[0]
    m = target.shape[0] // n
    depth, entering, nodes, tries, backtracks = load_counters(state)
    outcome = PAUSED
    while True:
        top = depth - 1
        if entering:
            if nodes >= node_stop:
                break
            nodes += 1
            entering = 0
            next_move[top] = 0
            best_count[top] = 0
            square = path[top]
            base = square * m
            if depth == n:
                if closes[square]:
                    outcome = SOLUTION
                    break
            else:
                # trouver_meilleurs_voisins_libres: the smallest count, then every square with it
                fewest = m + 1
                for i in range(m):
                    tries += 1
                    candidate = target[base + i]
                    if board[candidate] == 0 and free_count[candidate] < fewest:
                        fewest = free_count[candidate]
                found = 0
                for i in range(m):
                    candidate = target[base + i]
                    if board[candidate] == 0 and free_count[candidate] == fewest:
                        best[top * m + found] = candidate
                        found += 1
                best_count[top] = found
        j = next_move[top]
        if j < best_count[top]:
            next_move[top] = j + 1
            chosen = best[top * m + j]
            board[chosen] = depth + 1
            path[depth] = chosen
            base = chosen * m
            for i in range(m):  # mise_a_jour_voisins
                neighbour = target[base + i]
                if board[neighbour] == 0 and free_count[neighbour] > 0:
                    free_count[neighbour] -= 1
            depth += 1
            entering = 1
        else:  # no tied best square left: leave this square
            if depth == 1:
                outcome = EXHAUSTED
                break
            square = path[top]
            board[square] = 0
            base = square * m
            for i in range(m):  # remise_a_jour_voisins
                neighbour = target[base + i]
                if board[neighbour] == 0:
                    free_count[neighbour] += 1
            backtracks += 1
            depth -= 1
    store_counters(state, depth, entering, nodes, tries, backtracks)
    return outcome


@njit(cache=True, nogil=True)
def accessibility_slice(target, accessibility, board, path, state, lookahead, node_stop):
    """001 §4.1 (and with `lookahead`, §4.3): the greedy walk of TextbookTour.accessibility.

    `accessibility[s]` starts as the number of moves leading to s; standing on a square
    decrements its unvisited neighbours. Returns EXHAUSTED when the walk is stuck (it may be a
    full tour); `path[:state[DEPTH]]` is the walk so far and `path[state[DEPTH]]` the square
    to number next.
    """
    n = path.shape[0]
    m = target.shape[0] // n
    null_access = m + 1
    depth = state[DEPTH]
    nodes = state[NODES]
    tries = state[TRIES]
    outcome = PAUSED
    while True:
        if nodes >= node_stop:
            break
        nodes += 1
        square = path[depth]
        depth += 1
        board[square] = depth
        accessibility[square] = null_access
        base = square * m
        fewest = null_access
        chosen = square
        for i in range(m):
            candidate = target[base + i]
            tries += 1
            if board[candidate] == 0:
                accessibility[candidate] -= 1
                if accessibility[candidate] < fewest:
                    fewest = accessibility[candidate]
                    chosen = candidate
        if fewest == null_access:
            outcome = EXHAUSTED
            break
        if lookahead:
            tied = 0
            for i in range(m):
                candidate = target[base + i]
                if board[candidate] == 0 and accessibility[candidate] == fewest:
                    tied += 1
            if tied > 1:
                best_reach = null_access + 1
                for i in range(m):
                    candidate = target[base + i]
                    if board[candidate] == 0 and accessibility[candidate] == fewest:
                        reach = null_access
                        after_base = candidate * m
                        for j in range(m):
                            after = target[after_base + j]
                            tries += 1
                            if board[after] == 0 and accessibility[after] - 1 < reach:
                                reach = accessibility[after] - 1
                        if reach < best_reach:
                            best_reach = reach
                            chosen = candidate
        path[depth] = chosen
    state[DEPTH] = depth
    state[NODES] = nodes
    state[TRIES] = tries
    return outcome


@njit(cache=True)
def seed_random(seed):
    """Seed numba's own generator (it is not Python's nor numpy's)."""
    np.random.seed(seed)


@njit(cache=True, nogil=True)
def random_walks_slice(
    target, closes, board, path, best_path, lengths, state, start, until_found, attempts_stop, node_stop
):
    """001 §5: walks from `start` that take a random legal move (each free neighbour equally
    likely) until none is left. Tallies `lengths[k]` (walks that numbered k squares), the
    longest walk (`best_path`, the first to reach that length), the walks in state[ATTEMPTS]
    and the full tours in state[SOLUTIONS]; with `until_found` returns SOLUTION at the first
    full tour (in `path`). Limits are checked between walks; EXHAUSTED when `attempts_stop`
    walks are done."""
    n = path.shape[0]
    m = target.shape[0] // n
    free = np.empty(m, dtype=np.int64)
    attempts = state[ATTEMPTS]
    nodes = state[NODES]
    tries = state[TRIES]
    best = state[BEST]
    full = state[SOLUTIONS]
    outcome = PAUSED
    while True:
        if attempts >= attempts_stop:
            outcome = EXHAUSTED
            break
        if nodes >= node_stop:
            break
        attempts += 1
        square = start
        depth = 0
        while True:
            nodes += 1
            path[depth] = square
            depth += 1
            board[square] = depth
            count = 0
            base = square * m
            for i in range(m):
                candidate = target[base + i]
                tries += 1
                if board[candidate] == 0:
                    free[count] = candidate
                    count += 1
            if count == 0:
                break
            square = free[np.random.randint(0, count)]
        lengths[depth] += 1
        if depth > best:
            best = depth
            for j in range(depth):
                best_path[j] = path[j]
        for j in range(depth):
            board[path[j]] = 0
        if depth == n and closes[path[n - 1]]:
            full += 1
            if until_found:
                outcome = SOLUTION
                break
    state[ATTEMPTS] = attempts
    state[NODES] = nodes
    state[TRIES] = tries
    state[BEST] = best
    state[SOLUTIONS] = full
    return outcome


# -- method linear: Warnsdorff with Roth's tie-break, and the block construction ------------------
KNIGHT_ROWS = np.array([1, 1, -1, -1, 2, 2, -2, -2], dtype=np.int64)
KNIGHT_COLS = np.array([2, -2, 2, -2, 1, -1, 1, -1], dtype=np.int64)
VISITED = 9  # a degree no square has: the square is on the path


@njit(cache=True, nogil=True)
def roth_walk(rows, cols, start_row, start_col, seed, path):
    """Warnsdorff's rule on the knight's moves computed from the coordinates (no move table, so
    any board fits): go to the free neighbour with the fewest free neighbours, ties to the one
    farthest from the centre (Roth's rule), then to the first in move order; or, with a `seed`
    of 0 or more, ties drawn at random. No backtracking. Writes the squares into `path` and
    returns how many it placed (rows * cols for a tour)."""
    if seed >= 0:
        np.random.seed(seed)
    n = rows * cols
    degree = np.zeros(n, dtype=np.int8)
    for r in range(rows):
        for c in range(cols):
            count = 0
            for i in range(8):
                nr, nc = r + KNIGHT_ROWS[i], c + KNIGHT_COLS[i]
                if 0 <= nr < rows and 0 <= nc < cols:
                    count += 1
            degree[r * cols + c] = count
    r, c = start_row, start_col
    for placed in range(n):
        path[placed, 0], path[placed, 1] = r, c
        degree[r * cols + c] = VISITED
        best_r, best_c, best_degree, best_distance, ties = -1, -1, VISITED, -1, 0
        for i in range(8):
            nr, nc = r + KNIGHT_ROWS[i], c + KNIGHT_COLS[i]
            if 0 <= nr < rows and 0 <= nc < cols and degree[nr * cols + nc] != VISITED:
                degree[nr * cols + nc] -= 1  # the knight leaves: one way in fewer
                d = degree[nr * cols + nc]
                if seed >= 0:  # a tie replaces the best so far with probability 1 / ties: uniform
                    ties = 1 if d < best_degree else ties + 1 if d == best_degree else ties
                    if d < best_degree or (d == best_degree and np.random.randint(0, ties) == 0):
                        best_r, best_c, best_degree = nr, nc, d
                    continue
                distance = (2 * nr - rows + 1) ** 2 + (2 * nc - cols + 1) ** 2
                if d < best_degree or (d == best_degree and distance > best_distance):
                    best_r, best_c, best_degree, best_distance = nr, nc, d, distance
        if best_r < 0:
            return placed + 1
        r, c = best_r, best_c
    return n


@njit(cache=True, nogil=True)
def _follows(position, start, length, first, second):
    """In the tour that begins at `start`, does `second` come right after `first`?"""
    a, b = position[start + first], position[start + second]
    return b == a + 1 or (a == length - 1 and b == 0)


@njit(cache=True, nogil=True)
def assemble_tour(cols, row_parts, col_parts, flat, position, start, tour_of, successor):
    """knights.construction: every block's base tour written into `successor` (the square after
    each square; -1 after the last square of an open tour), each block joined to the block on
    its left, or in the first column to the block above. A block's tour runs the way that makes
    its join keep one direction along the whole tour."""
    top = 0
    flip_first_column = False
    for i in range(row_parts.shape[0]):
        h = row_parts[i]
        left = 0
        flip_left = False
        for j in range(col_parts.shape[0]):
            w = col_parts[j]
            kind = 1 if j == 0 and i > 0 else 0
            tour = tour_of[kind, h, w]
            s, n = start[tour], h * w
            flip, a_to_b = False, False
            ph, pw, parent_top, parent_left, a, b, c, d = 0, 1, 0, 0, 0, 0, 0, 0
            if i > 0 or j > 0:
                if j > 0:  # join the block on the left: its corner move, this block's (1,1)-(3,0)
                    ph, pw = h, col_parts[j - 1]
                    parent_top, parent_left, parent_flip = top, left - pw, flip_left
                    parent = tour_of[1 if j == 1 and i > 0 else 0, ph, pw]
                    a, b, c, d = pw - 1, 2 * pw + pw - 2, 1 * w + 1, 3 * w
                else:  # join the block above: its corner move, this block's (1,1)-(0,3)
                    ph, pw = row_parts[i - 1], w
                    parent_top, parent_left, parent_flip = top - ph, left, flip_first_column
                    parent = tour_of[1 if i > 1 else 0, ph, pw]
                    a, b, c, d = (ph - 1) * pw, (ph - 2) * pw + 2, 1 * w + 1, 3
                a_to_b = _follows(position, start[parent], ph * pw, a, b) != parent_flip
                c_to_d = _follows(position, s, n, c, d)
                flip = c_to_d if a_to_b else not c_to_d  # a -> b needs d -> c, and b -> a needs c -> d
            open_tour = (h % 2 == 1) and (w % 2 == 1)
            for k in range(n):
                u = flat[s + k]
                gu = (top + u // w) * cols + left + u % w
                if k == n - 1 and open_tour:
                    successor[gu] = -1
                    break
                v = flat[s + (k + 1) % n]
                gv = (top + v // w) * cols + left + v % w
                if flip:
                    successor[gv] = gu
                else:
                    successor[gu] = gv
            if i > 0 or j > 0:
                ga = (parent_top + a // pw) * cols + parent_left + a % pw
                gb = (parent_top + b // pw) * cols + parent_left + b % pw
                gc = (top + c // w) * cols + left + c % w
                gd = (top + d // w) * cols + left + d % w
                if a_to_b:
                    successor[ga], successor[gd] = gc, gb
                else:
                    successor[gb], successor[gc] = gd, ga
            if j == 0:
                flip_first_column = flip
            flip_left = flip
            left += w
        top += h


@njit(cache=True, nogil=True)
def walk_successors(successor, first, cols, path):
    """The squares of the tour from `first`, following `successor`, as (row, col) rows of `path`."""
    square = first
    for k in range(path.shape[0]):
        path[k, 0] = square // cols
        path[k, 1] = square % cols
        square = successor[square]
