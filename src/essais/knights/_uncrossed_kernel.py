"""numba kernel of the longest-uncrossed-path search (knights.uncrossed). Private: it takes
checked arrays and never validates. Each square has 8 neighbour slots (`neighbour`, `edge`;
-1 where a move leaves the board); `crossing[crossing_start[e]:crossing_start[e + 1]]` are
the edges that cross edge e. The search is TextbookUncrossed's, with an explicit stack, in
resumable slices of a node budget."""

from numba import njit

from essais.core.limits import EXHAUSTED, PAUSED

DEPTH, ENTERING, NODES, TRIES, BACKTRACKS, BEST_JUMPS, BEST_LENGTH, STAMP = range(8)
STATE_SIZE = 8
SLOTS = 8


@njit(inline="always")
def _usable(target, edge, visited, blocked, closed, start):
    return visited[target] == 0 and blocked[edge] == 0 and (not closed or target > start)


@njit(cache=True, nogil=True)
def _bound(head, neighbour, edge, colour, visited, blocked, closed, start, stamp, mark, stack):
    """TextbookUncrossed._bound: reachable squares, alternating colours, single-way squares."""
    mark[head] = stamp
    stack[0] = head
    size = 1
    reached = 0
    other = 0
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
                reached += 1
                if colour[target] != colour[head]:
                    other += 1
    if closed:
        return reached + 1
    same = reached - other
    ends = 0
    for square in range(mark.shape[0]):
        if mark[square] != stamp or square == head:
            continue
        ways = 0
        for i in range(SLOTS):
            target = neighbour[square * SLOTS + i]
            if target >= 0 and blocked[edge[square * SLOTS + i]] == 0 and mark[target] == stamp:
                ways += 1
        if ways <= 1:
            ends += 1
    bound = reached - max(0, ends - 1)
    return min(bound, 2 * other, 2 * same + 1)


@njit(cache=True, nogil=True)
def uncrossed_slice(
    neighbour,
    edge,
    crossing_start,
    crossing,
    colour,
    first_allowed,
    closed,
    start,
    visited,
    blocked,
    path,
    path_edge,
    next_slot,
    best,
    mark,
    stack,
    state,
    node_stop,
):
    depth = state[DEPTH]
    entering = state[ENTERING]
    nodes = state[NODES]
    tries = state[TRIES]
    backtracks = state[BACKTRACKS]
    best_jumps = state[BEST_JUMPS]
    stamp = state[STAMP]
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
                if jumps > best_jumps:
                    best_jumps = jumps
                    best[:depth] = path[:depth]
                    state[BEST_LENGTH] = depth
            elif jumps + 1 > best_jumps and jumps >= 2:
                for i in range(SLOTS):
                    if neighbour[head * SLOTS + i] == start and blocked[edge[head * SLOTS + i]] == 0:
                        best_jumps = jumps + 1
                        best[:depth] = path[:depth]
                        state[BEST_LENGTH] = depth
            stamp += 1
            if (
                jumps + _bound(head, neighbour, edge, colour, visited, blocked, closed, start, stamp, mark, stack)
                <= best_jumps
            ):
                next_slot[top] = SLOTS  # cut: no child can beat the best
            else:
                next_slot[top] = 0
        i = next_slot[top]
        placed = False
        while i < SLOTS:
            target = neighbour[head * SLOTS + i]
            move = edge[head * SLOTS + i]
            i += 1
            if target < 0:
                continue
            tries += 1
            if _usable(target, move, visited, blocked, closed, start) and (jumps != 0 or first_allowed[target]):
                visited[target] = 1
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
            move = path_edge[top]
            for k in range(crossing_start[move], crossing_start[move + 1]):
                blocked[crossing[k]] -= 1
            visited[head] = 0
            backtracks += 1
            depth -= 1
    state[DEPTH] = depth
    state[ENTERING] = entering
    state[NODES] = nodes
    state[TRIES] = tries
    state[BACKTRACKS] = backtracks
    state[BEST_JUMPS] = best_jumps
    state[STAMP] = stamp
    return outcome
