"""numba kernels for graph colouring (essais.coloring). Private: checked inputs only; imports
numpy, numba and essais.core alone.

`textbook_slice` is coloring.textbook.TextbookColoring with an explicit stack: `colors[v]` (-1: none yet) and
`next_color[v]`, adjacency in CSR form (`start[v]:start[v + 1]` into `adjacent`), resumable
slices of a node budget; the same colouring and the same counters."""

import numpy as np
from numba import njit

from essais.core.limits import EXHAUSTED, PAUSED, SOLUTION
from essais.core.sliced import FIRST_FREE_SLOT, load_counters, store_counters

STATE_SIZE = FIRST_FREE_SLOT


@njit(cache=True, nogil=True)
def textbook_slice(k, start, adjacent, colors, next_color, state, node_stop):
    n = colors.shape[0]
    # depth: vertices coloured so far, the node of vertex `depth`
    depth, entering, nodes, tries, backtracks = load_counters(state)
    outcome = PAUSED
    while True:
        vertex = depth
        if entering:
            if nodes >= node_stop:
                break
            nodes += 1
            entering = 0
            if vertex == n:
                outcome = SOLUTION
                break
            next_color[vertex] = 0
        color = next_color[vertex]
        placed = False
        while color < k:
            tries += 1
            clash = False
            for i in range(start[vertex], start[vertex + 1]):
                if colors[adjacent[i]] == color:
                    clash = True
                    break
            color += 1
            if not clash:
                colors[vertex] = color - 1
                placed = True
                break
        next_color[vertex] = color
        if placed:
            depth += 1
            entering = 1
        else:
            if vertex == 0:
                outcome = EXHAUSTED
                break
            depth -= 1
            colors[depth] = -1
            backtracks += 1
    store_counters(state, depth, entering, nodes, tries, backtracks)
    return outcome


@njit(cache=True, nogil=True)
def _most_saturated(colors, saturation, start):
    """The uncoloured vertex with the most colours among its neighbours; ties: the larger
    degree, then the smaller number."""
    chosen = -1
    for v in range(colors.shape[0]):
        if colors[v] >= 0:
            continue
        if (
            chosen < 0
            or saturation[v] > saturation[chosen]
            or saturation[v] == saturation[chosen]
            and start[v + 1] - start[v] > start[chosen + 1] - start[chosen]
        ):
            chosen = v
    return chosen


# method dsatur: extra state slots
COLORS_USED, BEST, FLOOR = FIRST_FREE_SLOT, FIRST_FREE_SLOT + 1, FIRST_FREE_SLOT + 2
DSATUR_STATE_SIZE = FIRST_FREE_SLOT + 3


@njit(cache=True, nogil=True)
def dsatur_slice(start, adjacent, colors, seen, saturation, order, next_color, best, state, bound, node_stop):
    """DSATUR branch and bound: colour next the uncoloured vertex whose neighbours show the most
    colours (its saturation; ties: the larger degree, then the smaller number), trying the
    colours already used, then one new colour, while fewer than `state[BEST]` colours are in use.
    `seen[v * bound + c]` counts v's neighbours of colour c. Each full colouring with fewer
    colours than the best is kept in `best` and reported (SOLUTION); calling again looks for a
    better one; EXHAUSTED when none is left."""
    n = colors.shape[0]
    depth, entering, nodes, tries, backtracks = load_counters(state)
    used = state[COLORS_USED]
    outcome = PAUSED
    while True:
        if entering:
            if nodes >= node_stop:
                break
            nodes += 1
            entering = 0
            if used >= state[BEST]:  # already as many colours as the best: cut
                next_color[depth] = bound
            elif depth == n:  # every vertex coloured, with fewer colours than the best so far
                state[BEST] = used
                for v in range(n):
                    best[v] = colors[v]
                outcome = SOLUTION
                break
            else:
                order[depth] = _most_saturated(colors, saturation, start)
                next_color[depth] = 0
        vertex = order[depth] if depth < n else -1
        color = next_color[depth]
        placed = False
        # colours 0..used-1, then `used` itself (a new colour) if that stays below the best
        while depth < n and color <= used and color + 1 < state[BEST] and color < bound:
            tries += 1
            if seen[vertex * bound + color] == 0:
                colors[vertex] = color
                if color == used:
                    used += 1
                for i in range(start[vertex], start[vertex + 1]):
                    w = adjacent[i]
                    seen[w * bound + color] += 1
                    if seen[w * bound + color] == 1:
                        saturation[w] += 1
                placed = True
                color += 1
                break
            color += 1
        if depth < n:
            next_color[depth] = color
        if placed:
            depth += 1
            entering = 1
        else:
            if depth == state[FLOOR]:  # the precoloured vertices are never taken back
                outcome = EXHAUSTED
                break
            depth -= 1
            vertex = order[depth]
            color = colors[vertex]
            for i in range(start[vertex], start[vertex + 1]):
                w = adjacent[i]
                seen[w * bound + color] -= 1
                if seen[w * bound + color] == 0:
                    saturation[w] -= 1
            colors[vertex] = -1
            if color == used - 1:
                still = False
                for v in range(n):
                    if colors[v] == color:
                        still = True
                        break
                if not still:
                    used -= 1
            backtracks += 1
    store_counters(state, depth, entering, nodes, tries, backtracks)
    state[COLORS_USED] = used
    return outcome


# the tabu search's state: the move reached, the conflicts now and at best, whether it started
TABU_MOVE, TABU_CONFLICTS, TABU_BEST, TABU_STARTED = range(4)
TABU_STATE_SIZE = 4


@njit(cache=True, nogil=True)
def tabu_slice(start, adjacent, k, colors, seen, tabu, state, max_moves, seed, move_stop):
    """A k-colouring by tabu search (TabuCol): from a random colouring, repeatedly recolour one
    vertex in conflict with the move that removes the most conflicts, a recently undone
    (vertex, colour) pair being forbidden for a while unless it beats the best so far.
    `seen[v * k + c]` counts v's neighbours coloured c; `tabu[v * k + c]` is the move at which
    (v, c) is allowed again. Resumable: it returns PAUSED at move `move_stop` (call again to go
    on: numba's generator keeps its sequence between calls), SOLUTION when `colors` holds a
    proper colouring, EXHAUSTED after `max_moves` moves."""
    n = colors.shape[0]
    if state[TABU_STARTED] == 0:
        np.random.seed(seed)
        for v in range(n):
            colors[v] = np.random.randint(0, k)
        conflicts = 0
        for v in range(n):
            for i in range(start[v], start[v + 1]):
                seen[v * k + colors[adjacent[i]]] += 1
            conflicts += seen[v * k + colors[v]]
        state[TABU_CONFLICTS] = conflicts // 2
        state[TABU_BEST] = conflicts // 2
        state[TABU_STARTED] = 1
    move, conflicts, best = state[TABU_MOVE], state[TABU_CONFLICTS], state[TABU_BEST]
    outcome = PAUSED
    while True:
        if conflicts == 0:
            outcome = SOLUTION
            break
        if move >= max_moves:
            outcome = EXHAUSTED
            break
        if move >= move_stop:
            break
        chosen, new_color, chosen_delta, ties = -1, -1, 1 << 40, 0
        for v in range(n):
            own = seen[v * k + colors[v]]
            if own == 0:
                continue
            for c in range(k):
                if c == colors[v]:
                    continue
                delta = seen[v * k + c] - own
                if tabu[v * k + c] > move and conflicts + delta >= best:
                    continue  # tabu, and not good enough to override
                if delta < chosen_delta:
                    chosen, new_color, chosen_delta, ties = v, c, delta, 1
                elif delta == chosen_delta:
                    ties += 1
                    if np.random.randint(0, ties) == 0:  # a random one among equals
                        chosen, new_color = v, c
        if chosen >= 0:
            old = colors[chosen]
            colors[chosen] = new_color
            for i in range(start[chosen], start[chosen + 1]):
                w = adjacent[i]
                seen[w * k + old] -= 1
                seen[w * k + new_color] += 1
            conflicts += chosen_delta
            tabu[chosen * k + old] = move + int(0.6 * conflicts) + np.random.randint(0, 10)
            if conflicts < best:
                best = conflicts
        move += 1
    state[TABU_MOVE], state[TABU_CONFLICTS], state[TABU_BEST] = move, conflicts, best
    return outcome
