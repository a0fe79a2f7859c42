"""numba kernel of the cover by stable sets (essais.coloring.stable_cover). Private: checked
inputs only; imports numpy, numba and essais.core alone.

`cover_slice` chooses k disjoint stable sets that cover every vertex, each set a row of `sets`
(its vertices as bits, 64 a word; `members`: its vertices listed). At depth d (d sets chosen,
`covered[d]` their vertices) the candidates are the sets of depth d - 1 disjoint from the one
chosen there; a clique with more uncovered vertices than colours left fails the node (each
set holds at most one of them), and a clique with exactly as many keeps only the sets that
meet it; then the uncovered vertex in the fewest candidates is covered by each of its
candidates in turn. Candidates of depth d are `listed[first[d]:last[d]]`. Resumable slices of
a node budget."""

import numpy as np
from numba import njit

from essais.core.bits import bit_index, popcount
from essais.core.limits import EXHAUSTED, PAUSED, SOLUTION
from essais.core.sliced import FIRST_FREE_SLOT, load_counters, store_counters

STATE_SIZE = FIRST_FREE_SLOT
LISTED = FIRST_FREE_SLOT  # stable_slice's: the rows of `found` filled
STABLE_STATE_SIZE = FIRST_FREE_SLOT + 1


@njit(cache=True, nogil=True)
def _has(bits, vertex):
    return (bits[vertex >> 6] >> np.uint64(vertex & 63)) & np.uint64(1)


@njit(cache=True, nogil=True)
def _tight_cliques(cliques, covered, left, tight):
    """The uncovered part of each clique with exactly `left` uncovered vertices, into `tight`:
    how many (-1 when a clique has more uncovered vertices than `left`)."""
    words = covered.shape[0]
    count = 0
    for c in range(cliques.shape[0]):
        uncovered = 0
        for w in range(words):
            uncovered += popcount(cliques[c, w] & ~covered[w])
        if uncovered > left:
            return -1
        if uncovered == left and uncovered > 0:
            for w in range(words):
                tight[count, w] = cliques[c, w] & ~covered[w]
            count += 1
    return count


@njit(cache=True, nogil=True)
def _keeps(row, covered, tight, tight_count):
    """Is the set `row` disjoint from `covered` and does it meet every tight clique?"""
    for w in range(covered.shape[0]):
        if row[w] & covered[w]:
            return False
    for t in range(tight_count):
        meets = False
        for w in range(covered.shape[0]):
            if row[w] & tight[t, w]:
                meets = True
                break
        if not meets:
            return False
    return True


@njit(cache=True, nogil=True)
def _fewest(members, listed, begin, end, covered, counts):
    """The uncovered vertex in the fewest candidates (the first of them), and how many."""
    counts[:] = 0
    for j in range(begin, end):
        for vertex in members[listed[j]]:
            counts[vertex] += 1
    best, fewest = -1, 1 << 62
    for vertex in range(counts.shape[0]):
        if not _has(covered, vertex) and counts[vertex] < fewest:
            best, fewest = vertex, counts[vertex]
    return best, fewest


@njit(cache=True, nogil=True)
def cover_slice(sets, members, cliques, k, listed, first, last, next_at, vertex_at, covered, tight, counts, chosen,
                state, node_stop):  # fmt: skip
    depth, entering, nodes, tries, backtracks = load_counters(state)
    outcome = PAUSED
    while True:
        if entering:
            if nodes >= node_stop:
                break
            nodes += 1
            entering = 0
            left = k - depth
            if left == 0:
                outcome = SOLUTION
                break
            begin = last[depth - 1] if depth > 0 else sets.shape[0]
            first[depth] = last[depth] = next_at[depth] = begin
            tight_count = _tight_cliques(cliques, covered[depth], left, tight)
            if tight_count >= 0:
                parent_begin = first[depth - 1] if depth > 0 else 0
                out = begin
                for j in range(parent_begin, begin):
                    if _keeps(sets[listed[j]], covered[depth], tight, tight_count):
                        listed[out] = listed[j]
                        out += 1
                last[depth] = out
                vertex, fewest = _fewest(members, listed, begin, out, covered[depth], counts)
                vertex_at[depth] = vertex
                if fewest == 0:
                    last[depth] = begin
            if last[depth] == begin:
                backtracks += 1
        placed = False
        vertex = vertex_at[depth]
        while next_at[depth] < last[depth]:
            row = listed[next_at[depth]]
            next_at[depth] += 1
            if _has(sets[row], vertex):
                tries += 1
                chosen[depth] = row
                for w in range(covered.shape[1]):
                    covered[depth + 1, w] = covered[depth, w] | sets[row, w]
                depth += 1
                entering = 1
                placed = True
                break
        if not placed:
            if depth == 0:
                outcome = EXHAUSTED
                break
            depth -= 1
    store_counters(state, depth, entering, nodes, tries, backtracks)
    return outcome


@njit(cache=True, nogil=True)
def stable_slice(parts, conflicts, allowed, left, part_at, open_parts, chosen, state, found, node_stop):
    """Every set of one vertex in each part (`parts`, rows of bits) none of whose vertices is
    in another's `conflicts` row, listed in `found` (a row each, its vertices in the order
    chosen) until `node_stop` nodes (PAUSED), `found` full (SOLUTION) or the end (EXHAUSTED).
    At depth d (`allowed[d]`: the vertices still possible) the open part with the fewest of
    them comes first (the first such part), its vertices in increasing order (`left[d]`: those
    not yet tried): as Algorithm X over the parts (primary items) and the conflicts (secondary
    ones) chooses and lists its options, vertex v being option v, in the same order."""
    depth, entering, nodes, tries, backtracks = load_counters(state)
    count, words = parts.shape
    outcome = PAUSED
    while True:
        if entering:
            if nodes >= node_stop:
                break
            nodes += 1
            entering = 0
            if depth == count:
                row = state[LISTED]
                for k in range(count):
                    found[row, k] = chosen[k]
                state[LISTED] = row + 1
                if row + 1 == len(found):
                    outcome = SOLUTION
                    break
            else:
                best, least = -1, words * 64 + 1
                for part in range(count):
                    if open_parts[part] and least > 0:
                        held = 0
                        for w in range(words):
                            held += popcount(parts[part, w] & allowed[depth, w])
                        if held < least:
                            best, least = part, held
                part_at[depth] = best
                open_parts[best] = False
                for w in range(words):
                    left[depth, w] = parts[best, w] & allowed[depth, w]
        while True:  # the next vertex at this depth, or back up
            w = 0
            while depth < count and w < words and left[depth, w] == 0:
                w += 1
            if depth < count and w < words:
                word = left[depth, w]
                left[depth, w] = word & (word - np.uint64(1))
                vertex = w * 64 + bit_index(word)
                chosen[depth] = vertex
                for x in range(words):
                    allowed[depth + 1, x] = allowed[depth, x] & ~conflicts[vertex, x]
                tries += 1
                depth += 1
                entering = 1
                break
            if depth < count:
                open_parts[part_at[depth]] = True
            if depth == 0:
                outcome = EXHAUSTED
                break
            depth -= 1
            backtracks += 1
        if outcome == EXHAUSTED:
            break
    store_counters(state, depth, entering, nodes, tries, backtracks)
    return outcome
