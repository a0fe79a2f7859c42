"""numba kernels of the global constraints' propagators (essais.csp): circuit, no_overlap,
increasing, global_cardinality, count and distance, over the domains of essais.csp.compiled._domain_kernels, run by
essais.csp.compiled._propagation_kernels's queue. Private: checked inputs only; imports numpy, numba,
essais.core and the domain kernels beside it.

Each keeps the python engine's order of work (each kind's module in essais.csp.kinds): the same variables lose
the same values in the same order, so that the queue and the counters are the same."""

import numpy as np
from numba import carray

from essais.core.bits import bit_index
from essais.csp.compiled._domain_kernels import (
    CHECK,
    CLEN,
    COFF,
    CSTART,
    CVAR,
    CWORK,
    DOM,
    IS_CHANGED,
    LEAST,
    NONE_ABOVE,
    NW,
    REVISE,
    SCRATCH,
    VALUE,
    WOFF,
    ZERO,
    all_given,
    bit_of,
    defined,
    drop_bit,
    fields_at,
    fixed_bit,
    has_bit,
    in_domain,
    inner,
    is_empty,
    is_wide,
    keep_between,
    keep_scratch,
    keep_values,
    last_value,
    seen_word,
    size_of,
    store_word,
    term_span,
)

# The fields of its kinds' constraints, at fields_at(A, c) + the name: each kind's `fields` in
# essais.csp.kinds, in that order (tests/csp/test_kinds.py holds them in step).
CIRCUIT_LOOPS = 0  # 1: a subcircuit (a node may point to itself)
INCREASING_STEP = 0  # each variable at least the one before plus the step (1: strict)
CARDINALITY_VALUES, CARDINALITY_PAIRS = range(2)  # how many values it counts; each (value, count)
COUNT_VALUE, COUNT_PLACES = range(2)  # the value; each counted variable's (word, bit) of it (-1, 0: none)
# the capacity; the tasks' number; each task's height (-1 - t: the variable of term t, after the starts)
CUMULATIVE_CAPACITY, CUMULATIVE_TASKS, CUMULATIVE_HEIGHTS = range(3)


@inner
def circuit(A, U, state, method, c):
    """Each node keeps the successors 0 … n-1 but itself (a subcircuit's, its constant 1: and
    itself); a fixed successor is taken from the others; then the chains of fixed successors
    (essais.csp.kinds.circuit: CircuitKind.revise, _chains)."""
    start, n, loops = A[A[CSTART] + c], A[A[CLEN] + c], A[fields_at(A, c) + CIRCUIT_LOOPS]
    after, flags = A[CWORK], A[CWORK] + n
    for k in range(n):
        var = A[A[CVAR] + start + k]
        origin = A[A[LEAST] + var]
        if not keep_between(A, U, state, var, max(-origin, 0), min(n - 1 - origin, 64 * A[A[NW] + var] - 1)):
            return False
        if n > 1 and not loops:
            drop_bit(A, U, state, var, k - origin)
            if is_empty(A, U, var):
                return False
    if _pointed(A, U, c, flags) < 0:
        return False
    for k in range(n):
        if A[after + k] >= 0:
            continue
        var = A[A[CVAR] + start + k]
        for node in range(n):
            if A[flags + node]:
                drop_bit(A, U, state, var, node - A[A[LEAST] + var])
        if A[A[IS_CHANGED] + var] and is_empty(A, U, var):
            return False
    return _chains(A, U, state, c)


@inner
def _pointed(A, U, c, flags):
    """The fixed successors at CWORK (_snapshot) and, at `flags`, 1 for each node one points to:
    how many are fixed, -1 when two point to one node."""
    _snapshot(A, U, c)
    n, after, fixed = A[A[CLEN] + c], A[CWORK], 0
    for node in range(n):
        A[flags + node] = 0
    for k in range(n):
        node = A[after + k]
        if node >= 0:
            if A[flags + node]:
                return -1
            A[flags + node] = 1
            fixed += 1
    return fixed


@inner
def _snapshot(A, U, c):
    """Each node's fixed successor (-1: not fixed), at CWORK."""
    start, n = A[A[CSTART] + c], A[A[CLEN] + c]
    for k in range(n):
        var = A[A[CVAR] + start + k]
        bit = fixed_bit(A, U, var)
        A[A[CWORK] + k] = A[A[LEAST] + var] + bit if bit >= 0 else -1


@inner
def _chains(A, U, state, c):
    """The chains of fixed successors, over those fixed when it begins; a subcircuit's loops
    left out (essais.csp.kinds.circuit._chains): `reached` holds each node's chain (its first node + 1)."""
    start, n, loops = A[A[CSTART] + c], A[A[CLEN] + c], A[fields_at(A, c) + CIRCUIT_LOOPS]
    after, pointed, reached = A[CWORK], A[CWORK] + n, A[CWORK] + 2 * n
    fixed = _pointed(A, U, c, pointed)
    if fixed < 0:
        return False
    for node in range(n):
        A[reached + node] = 0
    if fixed == n:
        return _one_cycle(A, c)
    for first in range(n):
        if A[pointed + first]:
            continue
        last, length = first, 1
        A[reached + first] = first + 1
        while A[after + last] >= 0:
            last = A[after + last]
            length += 1
            A[reached + last] = first + 1
        closes = length == n or (loops and (length == 1 or _all_out_but(A, U, c, first + 1)))
        if not closes:
            var = A[A[CVAR] + start + last]
            drop_bit(A, U, state, var, first - A[A[LEAST] + var])
            if is_empty(A, U, var):
                return False
    on_cycle = 0  # fixed nodes on no chain (a subcircuit's loops aside): on a cycle of fixed nodes
    for k in range(n):
        on_cycle += A[after + k] >= 0 and not A[reached + k] and (A[after + k] != k or not loops)
    if on_cycle == 0:
        return True
    if not loops:
        return False
    for k in range(n):  # (a subcircuit's one cycle: every other node left out)
        if A[after + k] >= 0 and not A[reached + k] and A[after + k] != k:
            continue
        var = A[A[CVAR] + start + k]
        if not keep_between(A, U, state, var, k - A[A[LEAST] + var], k - A[A[LEAST] + var]):
            return False
    return True


@inner
def _one_cycle(A, c):
    """Every successor fixed (at CWORK): those that are not a subcircuit's loops make one cycle
    (of two nodes or more in a subcircuit)."""
    n, loops, after = A[A[CLEN] + c], A[fields_at(A, c) + CIRCUIT_LOOPS], A[CWORK]
    first, inside = -1, 0
    for k in range(n):
        if A[after + k] != k or not loops:
            inside += 1
            if first < 0:
                first = k
    if inside < (2 if loops else 1):
        return False
    node = first
    for step in range(1, n + 1):
        node = A[after + node]
        if node == first:
            return step == inside
    return False


@inner
def _all_out_but(A, U, c, chain):
    """Every node but those of `chain` (their mark at CWORK + 2n) may be its own successor."""
    start, n = A[A[CSTART] + c], A[A[CLEN] + c]
    for k in range(n):
        var = A[A[CVAR] + start + k]
        if A[A[CWORK] + 2 * n + k] != chain and not has_bit(A, U, var, k - A[A[LEAST] + var]):
            return False
    return True


@inner
def circuit_holds(A, c):
    """basic: once every node's successor is given, they make one cycle through all (those
    that are not a subcircuit's loops)."""
    start, n = A[A[CSTART] + c], A[A[CLEN] + c]
    if not all_given(A, c):
        return True
    for k in range(n):
        successor = A[A[VALUE] + A[A[CVAR] + start + k]]
        if not 0 <= successor < n:
            return False
        A[A[CWORK] + k] = successor
    return _one_cycle(A, c)


@inner
def no_overlap(A, U, state, method, c):
    """Each pair of tasks of positive durations, in order, by their bounds as they are then
    (essais.csp.kinds.no_overlap)."""
    start, n = A[A[CSTART] + c], A[A[CLEN] + c]
    for i in range(n):
        a, da = A[A[CVAR] + start + i], A[A[COFF] + start + i]
        if da == 0:
            continue
        for j in range(i + 1, n):
            b, db = A[A[CVAR] + start + j], A[A[COFF] + start + j]
            if db == 0:
                continue
            lo_a, hi_a = term_span(A, U, a, np.int64(1))
            lo_b, hi_b = term_span(A, U, b, np.int64(1))
            a_first, b_first = lo_a + da <= hi_b, lo_b + db <= hi_a
            if not a_first and not b_first:
                return False
            if a_first != b_first:
                if a_first:
                    early, d_early, lo_early, late, hi_late = a, da, lo_a, b, hi_b
                else:
                    early, d_early, lo_early, late, hi_late = b, db, lo_b, a, hi_a
                if not _at_least(A, U, state, late, lo_early + d_early):
                    return False
                if not _at_most(A, U, state, early, hi_late - d_early):
                    return False
    return True


@inner
def _at_least(A, U, state, var, value):
    return keep_between(A, U, state, var, max(value - A[A[LEAST] + var], 0), NONE_ABOVE)


@inner
def _at_most(A, U, state, var, value):
    return keep_between(A, U, state, var, np.int64(0), value - A[A[LEAST] + var])


@inner
def no_overlap_holds(A, c):
    """basic: once every start is given, no two tasks of positive durations overlap."""
    start, n = A[A[CSTART] + c], A[A[CLEN] + c]
    if not all_given(A, c):
        return True
    for i in range(n):
        a, da = A[A[VALUE] + A[A[CVAR] + start + i]], A[A[COFF] + start + i]
        for j in range(i + 1, n):
            b, db = A[A[VALUE] + A[A[CVAR] + start + j]], A[A[COFF] + start + j]
            if da and db and a + da > b and b + db > a:
                return False
    return True


@inner
def cumulative(A, U, state, method, c):
    """The compulsory parts' profile, each at its task's least height, then task after task its
    earliest start pushed past the segments where it does not fit, ascending, its latest end
    before them, descending, and a variable height lowered to what the segments within its
    task's part leave (essais.csp.kinds.cumulative). CWORK holds each task's part (begin at k, end
    at n + k; an empty part 0, 0), the times from 2n, the segments (begin, end, height) from 4n,
    each task's least height from 10n, its start's bounds from 11n and 12n (read once, not again
    where the start has not moved since: smelt's nine cumulatives of ten tasks with 16-word
    domains, revised 14 M times, spent most of their time finding bounds)."""
    start, fields = A[A[CSTART] + c], fields_at(A, c)
    n, capacity, work = A[fields + CUMULATIVE_TASKS], A[fields + CUMULATIVE_CAPACITY], A[CWORK]
    times, segments, least, bounds = work + 2 * n, work + 4 * n, work + 10 * n, work + 11 * n
    for k in range(n):  # (a height is never negative)
        coded = A[fields + CUMULATIVE_HEIGHTS + k]
        if coded < 0 and not _at_least(A, U, state, A[A[CVAR] + start - 1 - coded], 0):
            return False
    n_times = 0
    for k in range(n):
        var, d, coded = A[A[CVAR] + start + k], A[A[COFF] + start + k], A[fields + CUMULATIVE_HEIGHTS + k]
        h = coded if coded >= 0 else term_span(A, U, A[A[CVAR] + start - 1 - coded], np.int64(1))[0]
        A[work + k], A[work + n + k], A[least + k] = 0, 0, h
        if d == 0 or coded == 0:
            continue
        if h > capacity:
            return False
        low, high = term_span(A, U, var, np.int64(1))
        A[bounds + k], A[bounds + n + k] = low, high
        if high < low + d:
            A[work + k], A[work + n + k] = high, low + d
            n_times = _add_time(A, times, n_times, high)
            n_times = _add_time(A, times, n_times, low + d)
    n_segments = 0
    for t in range(n_times - 1):
        begin, end = A[times + t], A[times + t + 1]
        height = 0
        for k in range(n):
            if A[work + k] <= begin < A[work + n + k]:
                height += A[least + k]
        if height > capacity:
            return False
        if height:
            at = segments + 3 * n_segments
            A[at], A[at + 1], A[at + 2] = begin, end, height
            n_segments += 1
    for k in range(n):
        d, coded, h = A[A[COFF] + start + k], A[fields + CUMULATIVE_HEIGHTS + k], A[least + k]
        if d == 0 or coded == 0:
            continue
        if h and not _pushed(A, U, state, A[A[CVAR] + start + k], d, h, capacity, A[work + k], A[work + n + k],
                             segments, n_segments, A[bounds + k], A[bounds + n + k]):  # fmt: skip
            return False
        if coded < 0:
            room = _room(A, segments, n_segments, h, capacity, A[work + k], A[work + n + k])
            if not _at_most(A, U, state, A[A[CVAR] + start - 1 - coded], room):
                return False
    return True


@inner
def _pushed(A, U, state, var, d, h, capacity, own_begin, own_end, segments, n_segments, low, high):
    """A task's earliest start pushed past the segments where it does not fit (its own part
    [own_begin, own_end) aside), ascending, then its latest end before them, descending; its
    start's bounds low..high as the profile read them, read again where it has moved since."""
    if A[A[IS_CHANGED] + var]:
        low, high = term_span(A, U, var, np.int64(1))
    earliest = low
    for s in range(n_segments):
        at = segments + 3 * s
        if A[at] >= earliest + d:
            break
        load = A[at + 2] - h * (own_begin <= A[at] and A[at + 1] <= own_end and own_begin < own_end)
        if A[at + 1] > earliest and load + h > capacity:
            earliest = A[at + 1]
    if earliest > low:
        if not _at_least(A, U, state, var, earliest):
            return False
        low, high = term_span(A, U, var, np.int64(1))
    latest = high + d
    for s in range(n_segments - 1, -1, -1):
        at = segments + 3 * s
        if A[at + 1] <= latest - d:
            break
        load = A[at + 2] - h * (own_begin <= A[at] and A[at + 1] <= own_end and own_begin < own_end)
        if A[at] < latest and load + h > capacity:
            latest = A[at]
    return latest - d >= high or _at_most(A, U, state, var, latest - d)


@inner
def _room(A, segments, n_segments, h, capacity, own_begin, own_end):
    """The most a task's height can be: the capacity, less the others' load within its part."""
    if own_begin >= own_end:
        return capacity
    most = 0
    for s in range(n_segments):
        at = segments + 3 * s
        if own_begin <= A[at] and A[at + 1] <= own_end:
            most = max(most, A[at + 2] - h)
    return capacity - most


@inner
def _add_time(A, times, n_times, t):
    """t among the times (ascending, each once); their number after."""
    at = n_times
    while at > 0 and A[times + at - 1] > t:
        at -= 1
    if at > 0 and A[times + at - 1] == t:
        return n_times
    for i in range(n_times, at, -1):
        A[times + i] = A[times + i - 1]
    A[times + at] = t
    return n_times + 1


@inner
def cumulative_holds(A, c):
    """basic: once every start and height is given, no height is negative and the load at each
    task's start is within the capacity."""
    start = A[A[CSTART] + c]
    if not all_given(A, c):
        return True
    fields = fields_at(A, c)
    n = A[fields + CUMULATIVE_TASKS]
    for i in range(n):
        at, di, hi = A[A[VALUE] + A[A[CVAR] + start + i]], A[A[COFF] + start + i], _given_height(A, start, fields, i)
        if hi < 0:
            return False
        if di == 0 or hi == 0:
            continue
        load = 0
        for j in range(n):
            b, dj = A[A[VALUE] + A[A[CVAR] + start + j]], A[A[COFF] + start + j]
            if dj and b <= at < b + dj:
                load += _given_height(A, start, fields, j)
        if load > A[fields + CUMULATIVE_CAPACITY]:
            return False
    return True


@inner
def _given_height(A, start, fields, k):
    coded = A[fields + CUMULATIVE_HEIGHTS + k]
    return coded if coded >= 0 else A[A[VALUE] + A[A[CVAR] + start - 1 - coded]]


@inner
def increasing(A, U, state, method, c):
    """Each least value raised to the one before's (plus 1 when strict), first to last; then each
    greatest lowered to the one after's (less 1), last to first (essais.csp.kinds.increasing)."""
    start, n, step = A[A[CSTART] + c], A[A[CLEN] + c], A[fields_at(A, c) + INCREASING_STEP]
    for k in range(1, n):
        least, _ = term_span(A, U, A[A[CVAR] + start + k - 1], np.int64(1))
        if not _at_least(A, U, state, A[A[CVAR] + start + k], least + step):
            return False
    for k in range(n - 2, -1, -1):
        _, greatest = term_span(A, U, A[A[CVAR] + start + k + 1], np.int64(1))
        if not _at_most(A, U, state, A[A[CVAR] + start + k], greatest - step):
            return False
    return True


@inner
def increasing_holds(A, c):
    """basic: once every variable is given, none below the one before (strict: above it)."""
    start, n, step = A[A[CSTART] + c], A[A[CLEN] + c], A[fields_at(A, c) + INCREASING_STEP]
    if not all_given(A, c):
        return True
    for k in range(1, n):
        if A[A[VALUE] + A[A[CVAR] + start + k - 1]] + step > A[A[VALUE] + A[A[CVAR] + start + k]]:
            return False
    return True


@inner
def cardinality(A, U, state, method, c):
    """Value after value: too many fixed to it or too few able to take it fails; as many fixed
    as its count, the others lose it; as few able as its count, they all take it
    (essais.csp.kinds.cardinality)."""
    start, n = A[A[CSTART] + c], A[A[CLEN] + c]
    fields = fields_at(A, c)
    pairs = fields + CARDINALITY_PAIRS
    for p in range(A[fields + CARDINALITY_VALUES]):
        value, count = A[pairs + 2 * p], A[pairs + 2 * p + 1]
        able, fixed = 0, 0
        for k in range(n):
            var = A[A[CVAR] + start + k]
            if in_domain(A, U, var, value - A[A[LEAST] + var]):
                able += 1
                fixed += size_of(A, U, var) == 1
        if fixed > count or able < count:
            return False
        for k in range(n):
            var = A[A[CVAR] + start + k]
            bit = value - A[A[LEAST] + var]
            if not in_domain(A, U, var, bit):
                continue
            if fixed == count and size_of(A, U, var) != 1:
                drop_bit(A, U, state, var, bit)
            elif able == count and fixed < count:
                keep_between(A, U, state, var, bit, bit)
    return True


@inner
def count(A, U, state, method, c):
    """The count (the last variable) between those fixed to the value and those that can take
    it; at its greatest as many as are fixed, the others lose the value; at its least as many as
    can take it, they all take it (GlobalPropagators._count)."""
    fields = fields_at(A, c)
    start, n, value = A[A[CSTART] + c], A[A[CLEN] + c] - 1, A[fields + COUNT_VALUE]
    total, places = A[A[CVAR] + start + n], fields + COUNT_PLACES
    able, fixed = 0, 0
    for k in range(n):  # (each variable's word and bit of the value, in its fields: fewer lookups than has_bit's)
        word = A[places + 2 * k]
        if (word >= 0 and (U[A[DOM] + word] & bit_of(A[places + 2 * k + 1])) != ZERO) or (
            word == -2 and _wide_holds(A, U, A[A[CVAR] + start + k], value)
        ):
            able += 1
            fixed += size_of(A, U, A[A[CVAR] + start + k]) == 1
    if not (_at_least(A, U, state, total, fixed) and _at_most(A, U, state, total, able)):
        return False
    low, high = term_span(A, U, total, np.int64(1))
    if high != fixed and low != able:  # (the loop below would change nothing)
        return True
    for k in range(n):
        var = A[A[CVAR] + start + k]
        bit = value - A[A[LEAST] + var]
        if not in_domain(A, U, var, bit):
            continue
        if high == fixed and size_of(A, U, var) != 1:
            drop_bit(A, U, state, var, bit)
        elif low == able:
            keep_between(A, U, state, var, bit, bit)
    return True


@inner
def _wide_holds(A, U, var, value):
    """A wide domain holds `value` (count's variables of no words)."""
    return in_domain(A, U, var, value - A[A[LEAST] + var])


@inner
def cardinality_holds(A, c):
    """basic: once every variable is given, each value listed taken by its count of them."""
    if not all_given(A, c):
        return True
    start, n = A[A[CSTART] + c], A[A[CLEN] + c]
    fields = fields_at(A, c)
    pairs = fields + CARDINALITY_PAIRS
    for p in range(A[fields + CARDINALITY_VALUES]):
        taken = 0
        for k in range(n):
            taken += A[A[VALUE] + A[A[CVAR] + start + k]] == A[pairs + 2 * p]
        if taken != A[pairs + 2 * p + 1]:
            return False
    return True


@inner
def _near_scratch(A, U, var, other, shift, z):
    """The scratch words: the bits k of var with bit k + shift ± d of `other` for some d of z."""
    least, w0 = A[A[LEAST] + z], A[DOM] + A[A[WOFF] + z]
    for w in range(A[A[NW] + var]):
        U[A[SCRATCH] + w] = ZERO
    for wz in range(A[A[NW] + z]):
        word = U[w0 + wz]
        while word:
            d = least + 64 * wz + bit_index(word)
            word &= word - np.uint64(1)
            for w in range(A[A[NW] + var]):
                U[A[SCRATCH] + w] |= seen_word(A, U, other, w, shift + d) | seen_word(A, U, other, w, shift - d)


@inner
def distance(A, U, state, method, c):
    """z = |x - y| on the words, as a table of the three would narrow them: x keeps the values
    with a value of y at a distance of z, then y those with one of x, then z the distances some
    value of x and one of y still have (GlobalPropagators._distance)."""
    start = A[A[CSTART] + c]
    x, y, z = A[A[CVAR] + start], A[A[CVAR] + start + 1], A[A[CVAR] + start + 2]
    shift = A[A[LEAST] + x] - A[A[LEAST] + y]  # (x's bit k and y's bit k + shift: the same value)
    if A[A[NW] + x] == 1 and A[A[NW] + y] == 1 and A[A[NW] + z] == 1:
        return _one_word_distance(A, U, state, x, y, z, shift)
    if is_wide(A, x) or is_wide(A, y) or is_wide(A, z):
        return _distance_bounds(A, U, state, x, y, z)
    _near_scratch(A, U, x, y, shift, z)
    if not keep_scratch(A, U, state, x):
        return False
    _near_scratch(A, U, y, x, -shift, z)
    if not keep_scratch(A, U, state, y):
        return False
    least, w0, wx = A[A[LEAST] + z], A[DOM] + A[A[WOFF] + z], A[DOM] + A[A[WOFF] + x]
    for wz in range(A[A[NW] + z]):
        word, kept = U[w0 + wz], U[w0 + wz]
        while word:
            b = bit_index(word)
            word &= word - np.uint64(1)
            d, met = least + 64 * wz + b, ZERO
            for w in range(A[A[NW] + x]):
                met |= U[wx + w] & (seen_word(A, U, y, w, shift + d) | seen_word(A, U, y, w, shift - d))
            if not met:
                kept &= ~bit_of(b)
        U[A[SCRATCH] + wz] = kept
    return keep_scratch(A, U, state, z)


@inner
def _distance_bounds(A, U, state, x, y, z):
    """z = |x - y| where a domain is wide, by bounds (essais.csp.kinds.distance._by_bounds)."""
    low_y, high_y = term_span(A, U, y, np.int64(1))
    _, high_z = term_span(A, U, z, np.int64(1))
    if not keep_values(A, U, state, x, low_y - high_z, high_y + high_z):
        return False
    low_x, high_x = term_span(A, U, x, np.int64(1))
    if not keep_values(A, U, state, y, low_x - high_z, high_x + high_z):
        return False
    low_y, high_y = term_span(A, U, y, np.int64(1))
    return keep_values(A, U, state, z, max(0, low_x - high_y, low_y - high_x), max(high_x - low_y, high_y - low_x))


@inner
def _shifted(word, shift):
    """The word's bit k + shift at bit k (none beyond the word)."""
    if 0 <= shift < 64:
        return word >> np.uint64(shift)
    if -64 < shift < 0:
        return word << np.uint64(-shift)
    return ZERO


@inner
def _near_word(other, distances, least, shift):
    """The bits k with bit k + shift ± d of the word `other`, for some d of the word `distances`
    (its bit b: the distance least + b)."""
    near, word = ZERO, distances
    while word:
        d = least + bit_index(word)
        word &= word - np.uint64(1)
        near |= _shifted(other, shift + d) | _shifted(other, shift - d)
    return near


@inner
def _one_word_distance(A, U, state, x, y, z, shift):
    """distance when each domain is one word: the same narrowings, the words held in registers."""
    ox, oy, oz = A[A[WOFF] + x], A[A[WOFF] + y], A[A[WOFF] + z]
    wx, wy, wz, least = U[A[DOM] + ox], U[A[DOM] + oy], U[A[DOM] + oz], A[A[LEAST] + z]
    wx &= _near_word(wy, wz, least, shift)
    store_word(A, U, state, x, ox, wx)
    if wx == ZERO:
        return False
    wy &= _near_word(wx, wz, least, -shift)
    store_word(A, U, state, y, oy, wy)
    if wy == ZERO:
        return False
    kept, word = wz, wz
    while word:
        b = bit_index(word)
        word &= word - np.uint64(1)
        if not wx & (_shifted(wy, shift + least + b) | _shifted(wy, shift - least - b)):
            kept &= ~bit_of(b)
    store_word(A, U, state, z, oz, kept)
    return kept != ZERO


@inner
def _counted(A, c):
    """How many of count c's variables but the last have its value (all given)."""
    start, taken = A[A[CSTART] + c], 0
    for t in range(start, start + A[A[CLEN] + c] - 1):
        taken += A[A[VALUE] + A[A[CVAR] + t]] == A[fields_at(A, c) + COUNT_VALUE]
    return taken


@inner
def _distance_given(A, c):
    """|x - y| of distance c's first two variables (given)."""
    start, value = A[A[CSTART] + c], A[VALUE]
    return abs(A[value + A[A[CVAR] + start]] - A[value + A[A[CVAR] + start + 1]])


# each kind's entry by address (essais.core.addresses): a C function each, rebuilding its arrays
def circuit_at(a, na, u, nu, s, ns, request, x, c):
    A = carray(a, na)
    return circuit(A, carray(u, nu), carray(s, ns), x, c) if request == REVISE else circuit_holds(A, c)


def no_overlap_at(a, na, u, nu, s, ns, request, x, c):
    A = carray(a, na)
    return no_overlap(A, carray(u, nu), carray(s, ns), x, c) if request == REVISE else no_overlap_holds(A, c)


def cumulative_at(a, na, u, nu, s, ns, request, x, c):
    A = carray(a, na)
    return cumulative(A, carray(u, nu), carray(s, ns), x, c) if request == REVISE else cumulative_holds(A, c)


def increasing_at(a, na, u, nu, s, ns, request, x, c):
    A = carray(a, na)
    return increasing(A, carray(u, nu), carray(s, ns), x, c) if request == REVISE else increasing_holds(A, c)


def cardinality_at(a, na, u, nu, s, ns, request, x, c):
    A = carray(a, na)
    return cardinality(A, carray(u, nu), carray(s, ns), x, c) if request == REVISE else cardinality_holds(A, c)


def count_at(a, na, u, nu, s, ns, request, x, c):
    A, U, state = carray(a, na), carray(u, nu), carray(s, ns)
    if request == REVISE:
        return count(A, U, state, x, c)
    if request == CHECK:
        return not all_given(A, c) or _counted(A, c) == last_value(A, c)
    return defined(state, _counted(A, c))


def distance_at(a, na, u, nu, s, ns, request, x, c):
    A, U, state = carray(a, na), carray(u, nu), carray(s, ns)
    if request == REVISE:
        return distance(A, U, state, x, c)
    if request == CHECK:
        return not all_given(A, c) or _distance_given(A, c) == last_value(A, c)
    return defined(state, _distance_given(A, c))
