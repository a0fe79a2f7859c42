"""numba kernels for graph colouring (essais.coloring). Private: checked inputs only; imports
numpy, numba and essais.core alone.

`textbook_slice` is coloring.textbook.TextbookColoring with an explicit stack: `colors[v]` (-1: none yet) and
`next_color[v]`, adjacency in CSR form (`start[v]:start[v + 1]` into `adjacent`), resumable
slices of a node budget; the same colouring and the same counters."""

import numpy as np
from numba import njit

from essais.core.bits import popcount
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


MASK_COLORS = 62  # colours a bit set of int64 holds (the clique cut needs no more)

# method dsatur: extra state slots
COLORS_USED, BEST, FLOOR = FIRST_FREE_SLOT, FIRST_FREE_SLOT + 1, FIRST_FREE_SLOT + 2
DSATUR_STATE_SIZE = FIRST_FREE_SLOT + 3


@njit(cache=True, nogil=True)
def _positions(colors, forbidden, members, first, last, color):
    """The uncoloured vertices of the clique `members[first:last]` that `color` may go to."""
    count = 0
    for i in range(first, last):
        v = members[i]
        if colors[v] < 0 and not forbidden[v] >> color & 1:
            count += 1
    return count


@njit(cache=True, nogil=True)
def _tightest_clique(colors, forbidden, clique_start, members, colors_left, used, fewest):
    """Among the cliques of exactly `colors_left` vertices (each of those colours must appear
    in them once), the clique and colour with the fewest places for it, if fewer than `fewest`:
    (clique, colour, places), else (-1, -1, fewest). Colours not used yet are interchangeable:
    `used`, the first of them, stands for them all."""
    chosen, chosen_color = -1, -1
    for q in range(clique_start.shape[0] - 1):
        first, last = clique_start[q], clique_start[q + 1]
        if last - first != colors_left:
            continue
        present = 0
        for i in range(first, last):
            if colors[members[i]] >= 0:
                present |= 1 << colors[members[i]]
        for color in range(min(used + 1, colors_left)):
            if present >> color & 1:
                continue
            places = _positions(colors, forbidden, members, first, last, color)
            if places < fewest:
                chosen, chosen_color, fewest = q, color, places
                if places == 0:
                    return chosen, chosen_color, 0
    return chosen, chosen_color, fewest


@njit(cache=True, nogil=True)
def dsatur_slice(
    start, adjacent, colors, seen, saturation, forbidden, clique_start, members, order, branch, next_color, best,
    state, bound, node_stop,
):  # fmt: skip
    """DSATUR branch and bound: colour next the uncoloured vertex whose neighbours show the most
    colours (its saturation; ties: the larger degree, then the smaller number), trying the
    colours already used, then one new colour, while fewer than `state[BEST]` colours are in use.
    `seen[v * bound + c]` counts v's neighbours of colour c. Each full colouring with fewer
    colours than the best is kept in `best` and reported (SOLUTION); calling again looks for a
    better one; EXHAUSTED when none is left.

    Cliques (`members[clique_start[q]:clique_start[q + 1]]`) of exactly as many vertices as
    colours are left must show every colour once: where such a clique has fewer places for one
    of its missing colours than the DSATUR vertex has colours, the node branches on the places
    of that colour instead (`branch[depth]` = clique * 64 + colour; -1 for a vertex), and a
    colour with no place left cuts the node. `forbidden[v]`: the colours of v's neighbours as
    bits (kept while bound ≤ MASK_COLORS; the cliques are used only then). `order[depth]`: the
    vertex coloured at that depth."""
    n = colors.shape[0]
    depth, entering, nodes, tries, backtracks = load_counters(state)
    used = state[COLORS_USED]
    masks = bound <= MASK_COLORS
    outcome = PAUSED
    while True:
        if entering:
            if nodes >= node_stop:
                break
            nodes += 1
            entering = 0
            branch[depth] = -1
            if used >= state[BEST]:  # already as many colours as the best: cut
                next_color[depth] = bound
            elif depth == n:  # every vertex coloured, with fewer colours than the best so far
                state[BEST] = used
                for v in range(n):
                    best[v] = colors[v]
                outcome = SOLUTION
                break
            else:
                vertex = _most_saturated(colors, saturation, start)
                order[depth] = vertex
                next_color[depth] = 0
                if masks:
                    colors_left = min(state[BEST] - 1, bound)
                    tried = (1 << (min(used, colors_left - 1) + 1)) - 1  # the colours the vertex may take
                    fewest = popcount(tried & ~forbidden[vertex])
                    q, color, places = _tightest_clique(
                        colors, forbidden, clique_start, members, colors_left, used, fewest
                    )
                    if q >= 0 and places == 0:
                        next_color[depth] = bound  # a colour has no place left in a clique: cut
                    elif q >= 0:
                        branch[depth] = q * 64 + color
                        next_color[depth] = clique_start[q]
        vertex, color = -1, -1
        if depth < n and branch[depth] < 0:  # the vertex order[depth], each colour in turn
            candidate = next_color[depth]
            while candidate <= used and candidate + 1 < state[BEST] and candidate < bound:
                tries += 1
                candidate += 1
                if seen[order[depth] * bound + candidate - 1] == 0:
                    vertex, color = order[depth], candidate - 1
                    break
            next_color[depth] = candidate
        elif depth < n:  # a clique's missing colour, each of its places in turn
            q, wanted = branch[depth] >> 6, branch[depth] & 63
            place = next_color[depth]
            while place < clique_start[q + 1] and wanted <= used and wanted + 1 < state[BEST]:
                place += 1
                v = members[place - 1]
                if colors[v] < 0:
                    tries += 1
                    if seen[v * bound + wanted] == 0:
                        vertex, color = v, wanted
                        break
            next_color[depth] = place
        if vertex >= 0:
            order[depth] = vertex
            colors[vertex] = color
            if color == used:
                used += 1
            for i in range(start[vertex], start[vertex + 1]):
                w = adjacent[i]
                seen[w * bound + color] += 1
                if seen[w * bound + color] == 1:
                    saturation[w] += 1
                    if masks:
                        forbidden[w] |= 1 << color
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
                    if masks:
                        forbidden[w] &= ~(1 << color)
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
