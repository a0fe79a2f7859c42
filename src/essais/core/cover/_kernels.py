"""numba kernels of exact covering by dancing links (essais.core.cover). Private: checked
inputs only; imports numpy, numba and essais.core alone.

`_cover_slice` is core.cover.textbook.TextbookCover with an explicit stack (`items`, `choices`:
the item chosen and the option node tried at each level, as their offsets) and the links
packed in two flat arrays (`nd`, `it`, see below; `pack` fills them), in resumable slices of a
node budget: the same solutions in the same order, the same counters (updates included). It
can start from a level `base` whose options `replay` chose (a sub-tree of a split count), and
report each node of level `split` as FRONTIER instead of searching it (listing the sub-trees;
such a node is counted by its sub-tree, not here). One body, four kernels (COVER_SLICES, made
by `cover_slice`): for nodes with or without a COLOR field, and for either walk of unhide."""

import numpy as np
from numba import njit

from essais.core.limits import EXHAUSTED, FRONTIER, PAUSED, SOLUTION
from essais.core.sliced import FIRST_FREE_SLOT, load_counters, store_counters

UPDATES = FIRST_FREE_SLOT
SOLUTIONS = FIRST_FREE_SLOT + 1
BASE = FIRST_FREE_SLOT + 2  # the level the search started at: leaving it ends the search
SPLIT = FIRST_FREE_SLOT + 3  # the level whose nodes are reported as FRONTIER (-1: none)
LISTED = FIRST_FREE_SLOT + 4  # the rows of `found` filled (the solutions listed since it was emptied)
STATE_SIZE = FIRST_FREE_SLOT + 5
# The fields of a node in `nd`, side by side as Knuth's C programs keep them (one cache line a
# node rather than one a field), and of an item in `it` (its list links). Every link in them,
# and an option node's TOP, is the offset of a node's fields in `nd` (node k's at `fields` * k),
# or of an item's links in `it` (item i's at `fields` * i, as its header's): the kernel reads a
# field without multiplying (numba multiplied each index by the node's size, three times an
# update). NEXT makes each option a ring (the first node after the last): walking it steps on
# no spacer. A problem in which no option gives a colour has no COLOR field: 16-byte nodes, a
# fifth less memory to sweep and four to a cache line. Indexed unsigned (_at), numba leaves out
# its test for negative indices. The 6x10 pentominoes' search: 8.9 s with four arrays, 8.5 s
# packed, 6.4 s packed and unsigned (2026-11, AMD); 5.55 s -> 4.4 s with offsets and rings
# (2026-12, Intel).
TOP, ULINK, DLINK, NEXT, COLOR = 0, 1, 2, 3, 4
COLOURED, COLOURLESS = 5, 4  # the fields a node has, with COLOR and without
LLINK, RLINK = 0, 1


@njit(inline="always")
def _at(offset, field):
    """Where a field of the node (or item) at `offset` is, as an unsigned index (numba then
    leaves out the test for negative indices)."""
    return np.uint64(offset) + np.uint64(field)


@njit(inline="always")
def _colour(q, nd, fields):
    """Node q's COLOR (-1: purified away); 0 in a layout without that field. `fields` is a
    constant of each compiled kernel (see cover_slice), so the test goes at compile time."""
    return nd[_at(q, COLOR)] if fields > COLOR else 0


@njit(inline="always")
def _hide(p, nd, fields):
    """The other nodes of p's option out of their items' lists; the updates made."""
    updates = 0
    q = nd[_at(p, NEXT)]
    while q != p:
        if _colour(q, nd, fields) >= 0:
            u, d = nd[_at(q, ULINK)], nd[_at(q, DLINK)]
            nd[_at(u, DLINK)] = d
            nd[_at(d, ULINK)] = u
            nd[_at(nd[_at(q, TOP)], TOP)] -= 1
            updates += 1
        q = nd[_at(q, NEXT)]
    return updates


@njit(inline="always")
def _unhide(p, nd, fields, ring):
    """The other nodes of p's option back in their items' lists. Each is in a list of its own
    (an option names an item once), so they go back in any order. With `ring` (links that fit
    in the processor's cache) along the ring, as `_hide` took them out: no spacer to step on
    (the 6x10 pentominoes' search 5 % faster); else backwards over the spacer as Knuth's
    unhide, so that uncover sweeps the memory downwards, which the processor's prefetching
    follows (queen:14's covers of 62 MB of links 12 % faster so)."""
    if ring:
        q = nd[_at(p, NEXT)]
        while q != p:
            if _colour(q, nd, fields) >= 0:
                nd[_at(nd[_at(q, ULINK)], DLINK)] = q
                nd[_at(nd[_at(q, DLINK)], ULINK)] = q
                nd[_at(nd[_at(q, TOP)], TOP)] += 1
            q = nd[_at(q, NEXT)]
        return
    q = p - fields
    while q != p:
        x = nd[_at(q, TOP)]
        if x <= 0:
            q = nd[_at(q, DLINK)]
        elif _colour(q, nd, fields) < 0:
            q -= fields
        else:
            nd[_at(nd[_at(q, ULINK)], DLINK)] = q
            nd[_at(nd[_at(q, DLINK)], ULINK)] = q
            nd[_at(x, TOP)] += 1
            q -= fields


@njit
def _cover(i, nd, it, fields):
    updates = 1  # i unlinked from its list
    p = nd[_at(i, DLINK)]
    while p != i:
        updates += _hide(p, nd, fields)
        p = nd[_at(p, DLINK)]
    left, right = it[_at(i, LLINK)], it[_at(i, RLINK)]
    it[_at(left, RLINK)] = right
    it[_at(right, LLINK)] = left
    return updates


@njit
def _uncover(i, nd, it, fields, ring):
    it[_at(it[_at(i, LLINK)], RLINK)] = i
    it[_at(it[_at(i, RLINK)], LLINK)] = i
    p = nd[_at(i, ULINK)]
    while p != i:
        _unhide(p, nd, fields, ring)
        p = nd[_at(p, ULINK)]


@njit
def _purify(p, nd, fields):
    updates = 0
    c, i = _colour(p, nd, fields), nd[_at(p, TOP)]
    q = nd[_at(i, DLINK)]
    while q != i:
        if _colour(q, nd, fields) == c:
            if q != p:
                nd[_at(q, COLOR)] = -1
        else:
            updates += _hide(q, nd, fields)
        q = nd[_at(q, DLINK)]
    return updates


@njit
def _unpurify(p, nd, fields, ring):
    c, i = _colour(p, nd, fields), nd[_at(p, TOP)]
    q = nd[_at(i, ULINK)]
    while q != i:
        if _colour(q, nd, fields) < 0:
            nd[_at(q, COLOR)] = c
        elif q != p:
            _unhide(q, nd, fields, ring)
        q = nd[_at(q, ULINK)]


@njit
def _commit_others(x, nd, it, fields):
    updates = 0
    p = nd[_at(x, NEXT)]
    while p != x:
        c = _colour(p, nd, fields)
        if c == 0:
            updates += _cover(nd[_at(p, TOP)], nd, it, fields)
        elif c > 0:
            updates += _purify(p, nd, fields)
        p = nd[_at(p, NEXT)]
    return updates


@njit
def _uncommit_others(x, nd, it, fields, ring):
    p = x - fields
    while p != x:
        j = nd[_at(p, TOP)]
        if j <= 0:
            p = nd[_at(p, DLINK)]
        else:
            c = _colour(p, nd, fields)
            if c == 0:
                _uncover(j, nd, it, fields, ring)
            elif c > 0:
                _unpurify(p, nd, fields, ring)
            p -= fields


@njit(inline="always")
def _choose(fewest, nd, it):
    """The first primary item left, or with `fewest` the one with the fewest options (LEN is
    TOP of its header), the first of them in the items' order."""
    best = it[_at(0, RLINK)]
    if not fewest:
        return best
    least = nd[_at(best, TOP)]
    p = it[_at(best, RLINK)]
    while p != 0 and least > 0:
        if nd[_at(p, TOP)] < least:
            best, least = p, nd[_at(p, TOP)]
        p = it[_at(p, RLINK)]
    return best


@njit(cache=True, nogil=True)
def pack(starts, items, colors, n_items, primary, nd, it):
    """Fill `nd` and `it` (zeros, len(it) // (n_items + 2) fields a node) with the links of
    the problem (core.cover.problem.CoverArrays' fields) as Algorithm C's step C1 sets them
    up, Knuth's layout of core.cover.links.link as offsets: header i is node i (TOP its LEN),
    spacer k node n_items + 1 + starts[k] + k (TOP -k, ULINK the first node of the option
    before, DLINK the last of the option after), option k's nodes after it (TOP their item's
    offset, NEXT the ring). One pass over the entries, each appended to its item's list."""
    fields = len(it) // (n_items + 2)
    last = np.arange(n_items + 1) * fields  # the last node of each item's list (its header at first)
    for k in range(len(starts) - 1):
        spacer = (n_items + 1 + starts[k] + k) * fields
        first, after = spacer + fields, spacer + (starts[k + 1] - starts[k] + 1) * fields
        nd[_at(spacer, TOP)] = -k
        nd[_at(spacer, DLINK)] = after - fields
        nd[_at(after, ULINK)] = first
        for e in range(starts[k], starts[k + 1]):
            x, i = first + (e - starts[k]) * fields, items[e] + 1
            nd[_at(x, TOP)] = i * fields
            nd[_at(x, ULINK)] = last[i]
            nd[_at(last[i], DLINK)] = x
            nd[_at(x, NEXT)] = x + fields if x + fields < after else first
            if fields > COLOR:
                nd[_at(x, COLOR)] = colors[e]
            nd[_at(i * fields, TOP)] += 1
            last[i] = x
    nd[_at((n_items + 1 + starts[-1] + len(starts) - 1) * fields, TOP)] = 1 - len(starts)  # the last spacer
    for i in range(1, n_items + 1):
        nd[_at(last[i], DLINK)] = i * fields
        nd[_at(i * fields, ULINK)] = last[i]
    for head, low, high in ((0, 1, primary), (n_items + 1, primary + 1, n_items)):  # the items' two lists
        before = head
        for i in range(low, high + 1):
            it[_at(before * fields, RLINK)] = i * fields
            it[_at(i * fields, LLINK)] = before * fields
            before = i
        it[_at(before * fields, RLINK)] = head * fields
        it[_at(head * fields, LLINK)] = before * fields


@njit(cache=True, nogil=True)
def replay(prefix, nd, it, items, choices, fields):
    """Choose the options of `prefix` (their nodes' offsets, one a level from level 0) as the
    search did, counting nothing: the links as the search had them at level len(prefix)."""
    for level in range(len(prefix)):
        x = prefix[level]
        items[level] = nd[_at(x, TOP)]
        choices[level] = x
        _cover(nd[_at(x, TOP)], nd, it, fields)
        _commit_others(x, nd, it, fields)


def cover_slice(fields, ring):
    """`_cover_slice` compiled for one layout (`fields`: COLOURED or COLOURLESS) and one walk of
    unhide (`ring`: for links that fit in the processor's cache), both constants of the kernel
    made (numba passes a constant on as a literal: each callee is compiled for it, its tests
    gone). Read at run time, the `ring` test alone cost small covers 8-10 % (Langford 13's
    search 0.97-1.01 s against 0.88-0.94 s, 2026-12, Intel). A closure over constants only:
    numba's cache keeps one compiled kernel for each."""

    @njit(cache=True, nogil=True)
    def kernel(nd, it, items, choices, fewest, state, found, node_stop):
        return _cover_slice(nd, it, items, choices, fewest, fields, ring, state, found, node_stop)

    return kernel


@njit(nogil=True)
def _cover_slice(nd, it, items, choices, fewest, fields, ring, state, found, node_stop):
    """Algorithm C until `node_stop` nodes (PAUSED), `found` full (SOLUTION: each row a
    solution's option nodes, -1 after them; the last one's in choices[:depth] too), a node of
    level SPLIT (FRONTIER, its options in choices[:depth]) or the end (EXHAUSTED). A count
    passes a `found` of no rows: nothing is listed. ENTERING set: the node of level DEPTH is to
    be entered; clear: the search goes back up from it (C8)."""
    level, entering, nodes, tries, backtracks = load_counters(state)
    updates, solutions, base, split = state[UPDATES], state[SOLUTIONS], state[BASE], state[SPLIT]
    outcome = PAUSED
    while True:
        trying = False
        x = 0
        if entering:  # C2
            if level == split:
                outcome = FRONTIER
                entering = 0
                break
            if nodes >= node_stop:
                break
            nodes += 1
            entering = 0
            if it[_at(0, RLINK)] == 0:
                solutions += 1
                if len(found):
                    row = state[LISTED]
                    for k in range(level):
                        found[row, k] = choices[k]
                    found[row, level] = -1
                    state[LISTED] = row + 1
                    if row + 1 == len(found):
                        outcome = SOLUTION
                        break
            else:
                i = _choose(fewest, nd, it)  # C3
                updates += _cover(i, nd, it, fields)  # C4
                items[level] = i
                x = nd[_at(i, DLINK)]
                trying = True
        while True:
            if trying:  # C5
                i = items[level]
                if x != i:
                    tries += 1
                    choices[level] = x
                    updates += _commit_others(x, nd, it, fields)
                    level += 1
                    entering = 1
                    break
                _uncover(i, nd, it, fields, ring)  # C7
            if level == base:  # C8
                outcome = EXHAUSTED
                break
            level -= 1
            x = choices[level]  # C6
            _uncommit_others(x, nd, it, fields, ring)
            backtracks += 1
            x = nd[_at(x, DLINK)]
            trying = True
        if outcome == EXHAUSTED:
            break
    store_counters(state, level, entering, nodes, tries, backtracks)
    state[UPDATES], state[SOLUTIONS] = updates, solutions
    return outcome


# The kernel for each layout and walk, by (fields, ring): compiled at its first call, cached.
COVER_SLICES = {(fields, ring): cover_slice(fields, ring) for fields in (COLOURED, COLOURLESS)
                for ring in (True, False)}  # fmt: skip
