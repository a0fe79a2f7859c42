"""numba kernels of constraint propagation (essais.csp): a model's domains, their narrowing with
the trail and the counters, and the propagators, for the search of essais.csp._kernels. Private:
checked inputs only; imports numpy, numba and essais.core alone.

Every propagator keeps the python engine's order of work where it shows (which variables lose
values first, hence the queue's order); where it does not, it takes a shorter road to the same
domains (a linear relation's values kept as an interval, not tested one by one; the images an
all_different takes, shifted as a word).

The model and the search's work live in one int64 array, `A` (an arena): its header (the
constants below) says where each section starts, `A[A[CVAR] + t]` being the variable of term t.
The model's sections: each variable's least value and its words in the domains (a bit set, bit k:
the value least + k, 64 to a word); each constraint's kind, its variables with their
coefficients and offsets (cstart, clen), its constant (an all_different's: 1 when it looks for
Hall intervals), its table rows; the constraints on each variable; the objective's relaxation
(RELAX: its items' count, the capacity, then each item's variable, weight and worth;
essais.csp.model.Relaxation). The search's: the values given, the stack of levels, the queue,
the trail, the Hall intervals' bounds and orders. The words (`U`, uint64: the domains, the
trail's old words, a scratch word set) have their sections placed by the same header."""

import numpy as np
from numba import njit

from essais.core.bits import bit_index, leading_zeros, popcount
from essais.core.sliced import FIRST_FREE_SLOT

# constraint kinds: Σ a·x + c REL 0 (REL <=, ==, !=), all_different(a·x + b), table
LE, EQ, NE, ALL_DIFFERENT, TABLE = range(5)
BASIC, FORWARD, MAC = range(3)
# The arena's header, declared here once: where each section starts (the model's, the search's,
# the words' in U: slot k for the k-th section), then the model's sizes. compiled.py builds the
# sections keyed by these slots (in_slot_order) and a test holds the slots to 0 … HEADER - 1.
MODEL = (LEAST, WOFF, NW, KIND, CSTART, CLEN, CCONST, CVAR, CCOEF, COFF, TSTART, TROWS, TAB, ONSTART, ONLIST,
         DISTINCT, RELAX) = tuple(range(17))  # fmt: skip
WORK = (GIVEN, VALUE, FREE, VAR_AT, VSTART, VCOUNT, VPOS, MARK, VBUF, QUEUE, QUEUED, CHANGED, IS_CHANGED, ROWS,
        IMAGES, SCORES, TRAIL, TRAIL_VAR, SIZE, HALL) = tuple(range(17, 37))  # fmt: skip
WORDS = (DOM, TRAIL_OLD, SCRATCH) = (37, 38, 39)
N_VARIABLES, N_CONSTRAINTS = 40, 41
HEADER = 42
# state slots beyond the shared ones
SOLUTIONS = FIRST_FREE_SLOT
PRUNED = FIRST_FREE_SLOT + 1
REVISIONS = FIRST_FREE_SLOT + 2
TRAIL_TOP = FIRST_FREE_SLOT + 3
N_CHANGED = FIRST_FREE_SLOT + 4
COUNTING = FIRST_FREE_SLOT + 5  # 0 while lcv looks ahead or a split's sub-tree replays its path
LOOKING = FIRST_FREE_SLOT + 6  # the variable lcv looks ahead from (-1: none)
REMOVED = FIRST_FREE_SLOT + 7  # values lcv's look-ahead removed from the other variables
BASE = FIRST_FREE_SLOT + 8  # the level the search started at: leaving it ends the search
SPLIT = FIRST_FREE_SLOT + 9  # the level whose nodes are reported as FRONTIER (-1: none)
STARTED = FIRST_FREE_SLOT + 10  # the root's checks and propagation done
ROOT_FALSE = FIRST_FREE_SLOT + 11  # a constraint without variables is false
# branch and bound (TextbookCsp.bound_by): the objective's bound is the last constraint, first
# on its variables' lists; it prunes once BOUND_ON, and each solution lowers it while TIGHTEN
BOUND = FIRST_FREE_SLOT + 12  # the bound's constraint (-1: the model has no objective)
BOUND_ON = FIRST_FREE_SLOT + 13
TIGHTEN = FIRST_FREE_SLOT + 14
BEST = FIRST_FREE_SLOT + 15  # the signed objective of the best solution found
IMPROVEMENTS = FIRST_FREE_SLOT + 16
STATE_SIZE = FIRST_FREE_SLOT + 17

# Measured on 12 queens' count: without reference counting (nothing here allocates) a call
# costs no atomic count per array, 28 s -> 1.0 s with the model as tuples of arrays; one arena
# instead of 36 arrays makes each call pass 3 arrays, not 36 (0.44 s -> 0.35 s). Without the
# wrappers that let Python call them, the first compilation 20 s -> 10 s.
inner = njit(_nrt=False, no_cpython_wrapper=True, no_cfunc_wrapper=True)  # type: ignore[call-overload]
entry = njit(cache=True, nogil=True, _nrt=False)  # type: ignore[call-overload]

ONES = np.uint64(0xFFFFFFFFFFFFFFFF)
ZERO = np.uint64(0)


@inner
def _span_mask(a, b):
    """Bits a..b of a word (0 <= a <= b <= 63)."""
    return (ONES >> np.uint64(63 - b)) & (ONES << np.uint64(a))


@inner
def _bit(k):
    return np.uint64(1) << np.uint64(k & 63)


# a variable's domain
@inner
def size_of(A, U, var):
    """The values left in var's domain (kept up to date as its words change)."""
    return A[A[SIZE] + var]


@inner
def _lowest(A, U, var):
    """The least value's bit, -1 when the domain is empty."""
    w0 = A[A[WOFF] + var]
    for w in range(A[A[NW] + var]):
        word = U[A[DOM] + w0 + w]
        if word:
            return 64 * w + bit_index(word)
    return -1


@inner
def _highest(A, U, var):
    w0 = A[A[WOFF] + var]
    for w in range(A[A[NW] + var] - 1, -1, -1):
        word = U[A[DOM] + w0 + w]
        if word:
            return 64 * w + 63 - leading_zeros(word)
    return -1


@inner
def _fixed(A, U, var):
    """The bit of the one value left, -1 when there are more (or none)."""
    if A[A[SIZE] + var] != 1:
        return -1
    w0 = A[A[WOFF] + var]
    w = 0
    while not U[A[DOM] + w0 + w]:
        w += 1
    return 64 * w + bit_index(U[A[DOM] + w0 + w])


@inner
def _has(A, U, var, k):
    """Bit k (a value's offset from the least) is in var's domain (False outside its words)."""
    if k < 0 or k >= 64 * A[A[NW] + var]:
        return False
    return (U[A[DOM] + A[A[WOFF] + var] + (k >> 6)] & _bit(k)) != ZERO


# where a variable's constraints begin (TextbookCsp._listed, _own)
@inner
def _leads(A, state, var):
    """1 when var's constraints begin with the objective's bound, else 0."""
    start = A[A[ONSTART] + var]
    return 1 if state[BOUND] >= 0 and start < A[A[ONSTART] + var + 1] and A[A[ONLIST] + start] == state[BOUND] else 0


@inner
def listed_from(A, state, var):
    """The first of var's constraints that prune now (past the bound while it rests)."""
    return A[A[ONSTART] + var] + (0 if state[BOUND_ON] else _leads(A, state, var))


@inner
def own_from(A, state, var):
    """The first of var's constraints but the bound."""
    return A[A[ONSTART] + var] + _leads(A, state, var)


# narrowing, with the trail, the counters and the variables changed
@inner
def _store(A, U, state, var, w, new):
    """Word w of the domains becomes `new` (a subset of it): trailed, counted, var changed."""
    old = U[A[DOM] + w]
    if old == new:
        return
    top = state[TRAIL_TOP]
    A[A[TRAIL] + top], A[A[TRAIL_VAR] + top] = w, var
    U[A[TRAIL_OLD] + top] = old
    state[TRAIL_TOP] = top + 1
    U[A[DOM] + w] = new
    removed = popcount(old & ~new)
    A[A[SIZE] + var] -= removed
    if state[COUNTING]:
        state[PRUNED] += removed
    elif var != state[LOOKING]:
        state[REMOVED] += removed
    if not A[A[IS_CHANGED] + var]:
        A[A[IS_CHANGED] + var] = 1
        A[A[CHANGED] + state[N_CHANGED]] = var
        state[N_CHANGED] += 1


@inner
def _keep_between(A, U, state, var, a, b):
    """var keeps the values whose bits lie in a..b; False when none is left."""
    w0, nw = A[A[WOFF] + var], A[A[NW] + var]
    left = False
    for w in range(nw):
        lo, hi = max(a - 64 * w, 0), min(b - 64 * w, 63)
        old = U[A[DOM] + w0 + w]
        new = old & _span_mask(lo, hi) if lo <= hi else ZERO
        _store(A, U, state, var, w0 + w, new)
        left = left or new != ZERO
    return left


@inner
def _keep_scratch(A, U, state, var):
    """var keeps the values of the scratch words; False when none is left."""
    w0 = A[A[WOFF] + var]
    left = False
    for w in range(A[A[NW] + var]):
        new = U[A[DOM] + w0 + w] & U[A[SCRATCH] + w]
        _store(A, U, state, var, w0 + w, new)
        left = left or new != ZERO
    return left


@inner
def _drop(A, U, state, var, k):
    """Bit k out of var's domain (if it is there)."""
    if _has(A, U, var, k):
        w = A[A[WOFF] + var] + (k >> 6)
        _store(A, U, state, var, w, U[A[DOM] + w] & ~_bit(k))


@inner
def is_empty(A, U, var):
    w0 = A[A[WOFF] + var]
    left = ZERO
    for w in range(w0, w0 + A[A[NW] + var]):
        left |= U[A[DOM] + w]
    return left == ZERO


@inner
def give(A, U, state, var, value):
    """var's domain becomes `value` alone (a choice: trailed, not counted as pruned)."""
    k = value - A[A[LEAST] + var]
    w0 = A[A[WOFF] + var]
    for w in range(A[A[NW] + var]):
        new = _bit(k) if w == k >> 6 else ZERO
        if U[A[DOM] + w0 + w] != new:
            top = state[TRAIL_TOP]
            A[A[TRAIL] + top], A[A[TRAIL_VAR] + top] = w0 + w, var
            U[A[TRAIL_OLD] + top] = U[A[DOM] + w0 + w]
            state[TRAIL_TOP] = top + 1
            U[A[DOM] + w0 + w] = new
    A[A[SIZE] + var] = 1


@inner
def undo(A, U, state, mark):
    top = state[TRAIL_TOP]
    while top > mark:
        top -= 1
        w, old = A[A[TRAIL] + top], U[A[TRAIL_OLD] + top]
        A[A[SIZE] + A[A[TRAIL_VAR] + top]] += popcount(old) - popcount(U[A[DOM] + w])
        U[A[DOM] + w] = old
    state[TRAIL_TOP] = top


@inner
def forget_changes(A, state):
    for i in range(state[N_CHANGED]):
        A[A[IS_CHANGED] + A[A[CHANGED] + i]] = 0
    state[N_CHANGED] = 0


# the propagators (TextbookCsp._revise and the methods it calls)
@inner
def _term_span(A, U, var, a):
    """(least, greatest) of a·var over its domain."""
    least = A[A[LEAST] + var]
    low, high = a * (least + _lowest(A, U, var)), a * (least + _highest(A, U, var))
    return (low, high) if a > 0 else (high, low)


@inner
def _least_sum(A, U, c):
    """The constant of a linear relation plus the least of each term over its domain."""
    total = A[A[CCONST] + c]
    for t in range(A[A[CSTART] + c], A[A[CSTART] + c] + A[A[CLEN] + c]):
        low, _ = _term_span(A, U, A[A[CVAR] + t], A[A[CCOEF] + t])
        total += low
    return total


@inner
def bound_holds(A, U, c):
    """basic's test of the bound: the least the signed objective can be is within it, also
    seen through the capacity."""
    return _least_sum(A, U, c) <= 0 and relaxed_holds(A, U, c)


@inner
def relaxed_holds(A, U, c):
    """The bound c seen through the objective's capacity (TextbookCsp._relaxed): the least the
    signed sum can be when the capacity's items start at their least and rise, best worth per
    weight first, as far as its room allows (the last one a fraction of a step)."""
    r = A[RELAX]
    n = A[r]
    if n == 0:
        return True
    total, room = _least_sum(A, U, c), -A[r + 1]
    for i in range(n):
        var, w, s = A[r + 2 + 3 * i], A[r + 3 + 3 * i], A[r + 4 + 3 * i]
        low, high = _term_span(A, U, var, 1)
        total += s * (low - high)
        room -= w * low
    if room < 0:
        return False
    for i in range(n):
        var, w, s = A[r + 2 + 3 * i], A[r + 3 + 3 * i], A[r + 4 + 3 * i]
        low, high = _term_span(A, U, var, 1)
        if w * (high - low) <= room:
            room -= w * (high - low)
            total += s * (high - low)
        else:
            total -= (-s * room) // w
            break
    return total <= 0


@inner
def _ceil_div(x, a):
    return -((-x) // a)


@inner
def _bounds(A, U, state, c):
    """Σ a·x + c REL 0 by bounds, one variable after the other (TextbookCsp._bounds)."""
    start, size, constant = A[A[CSTART] + c], A[A[CLEN] + c], A[A[CCONST] + c]
    if A[A[KIND] + c] == NE:
        free, free_var, free_a, rest = 0, A[A[CVAR] + start], 1, constant
        for t in range(start, start + size):
            var, a = A[A[CVAR] + t], A[A[CCOEF] + t]
            k = _fixed(A, U, var)
            if k < 0:
                free += 1
                free_var, free_a = var, a
            else:
                rest += a * (A[A[LEAST] + var] + k)
        if free == 0:
            return rest != 0
        if free == 1 and rest % free_a == 0:
            _drop(A, U, state, free_var, -rest // free_a - A[A[LEAST] + free_var])
            return not is_empty(A, U, free_var)
        return True
    low_sum, high_sum = 0, 0
    for t in range(start, start + size):
        low, high = _term_span(A, U, A[A[CVAR] + t], A[A[CCOEF] + t])
        low_sum += low
        high_sum += high
    for t in range(start, start + size):
        var, a = A[A[CVAR] + t], A[A[CCOEF] + t]
        low, high = _term_span(A, U, var, a)
        least = constant + low_sum - low
        greatest = constant + high_sum - high
        # a·v + least <= 0 and, for ==, a·v + greatest >= 0: an interval of values v
        if a > 0:
            top, bottom = (-least) // a, _ceil_div(-greatest, a) if A[A[KIND] + c] == EQ else -(1 << 62)
        else:
            bottom, top = _ceil_div(-least, a), (-greatest) // a if A[A[KIND] + c] == EQ else 1 << 62
        origin = A[A[LEAST] + var]
        if not _keep_between(A, U, state, var, max(bottom - origin, 0), min(top - origin, 64 * A[A[NW] + var] - 1)):
            return False
        if A[A[IS_CHANGED] + var]:
            new_low, new_high = _term_span(A, U, var, a)
            low_sum += new_low - low
            high_sum += new_high - high
    return True


@inner
def _supports(A, U, state, c):
    """mac on a relation of two variables: each keeps the values that some value of the other
    satisfies (TextbookCsp._supports), both ways."""
    start, constant, kind = A[A[CSTART] + c], A[A[CCONST] + c], A[A[KIND] + c]
    for side in range(2):
        var, mine = A[A[CVAR] + start + side], A[A[CCOEF] + start + side]
        other, theirs = A[A[CVAR] + start + 1 - side], A[A[CCOEF] + start + 1 - side]
        origin = A[A[LEAST] + var]
        if kind == LE:  # some w with mine·v + c + theirs·w <= 0: the other's least term
            low, _ = _term_span(A, U, other, theirs)
            bound = -(constant + low)
            if mine > 0:
                a, b = 0, bound // mine - origin
            else:
                a, b = _ceil_div(bound, mine) - origin, 64 * A[A[NW] + var] - 1
            if not _keep_between(A, U, state, var, max(a, 0), min(b, 64 * A[A[NW] + var] - 1)):
                return False
        elif kind == NE:  # two values of the other leave every v a support; one value rules out one v
            k = _fixed(A, U, other)
            if k >= 0:
                total = constant + theirs * (A[A[LEAST] + other] + k)
                if total % mine == 0:
                    _drop(A, U, state, var, -total // mine - origin)
            if is_empty(A, U, var):
                return False
        else:  # some w of the other's domain with theirs·w = -(mine·v + c)
            w0 = A[A[WOFF] + var]
            for w in range(A[A[NW] + var]):
                U[A[SCRATCH] + w] = ZERO
                word = U[A[DOM] + w0 + w]
                while word:
                    k = 64 * w + bit_index(word)
                    word &= word - np.uint64(1)
                    need = -(mine * (origin + k) + constant)
                    if need % theirs == 0 and _has(A, U, other, need // theirs - A[A[LEAST] + other]):
                        U[A[SCRATCH] + w] |= _bit(k)
            if not _keep_scratch(A, U, state, var):
                return False
    return True


@inner
def _all_different(A, U, state, method, c):
    """A variable with one value left takes that value's image from the others; under mac, when
    the constraint asks for it (its constant 1), the Hall intervals then take theirs
    (TextbookCsp._all_different)."""
    hall = A[A[CCONST] + c] == 1 and method == MAC
    return _fixed_images(A, U, state, c) and (not hall or _hall_intervals(A, U, state, c))


@inner
def _fixed_images(A, U, state, c):
    """A variable with one value left takes that value's image from the others
    (TextbookCsp._fixed_images)."""
    start, size = A[A[CSTART] + c], A[A[CLEN] + c]
    rows, images = A[ROWS], A[IMAGES]
    fixed = 0  # the positions with one value left (at rows), their images (at images)
    low, high = 0, 0
    for t in range(start, start + size):
        var = A[A[CVAR] + t]
        k = _fixed(A, U, var)
        if k >= 0:
            image = A[A[CCOEF] + t] * (A[A[LEAST] + var] + k) + A[A[COFF] + t]
            A[rows + fixed], A[images + fixed] = t, image
            low, high = (image, image) if fixed == 0 else (min(low, image), max(high, image))
            fixed += 1
    if fixed == 0:
        return True
    # The images taken, as a word when they fit in one (bit i: the image low + i): two fixed
    # positions of one image are found by a bit test, and a position of coefficient 1 and a
    # one-word domain loses the images by a shift of that word, not value by value (12 queens:
    # 0.44 s -> 0.29 s, measured).
    window = high - low < 64
    taken = ZERO
    for f in range(fixed):
        image = A[images + f]
        if window:
            if taken & _bit(image - low):
                return False
            taken |= _bit(image - low)
        else:
            for g in range(f):
                if A[images + g] == image:
                    return False
    next_fixed = 0
    for t in range(start, start + size):
        if next_fixed < fixed and A[rows + next_fixed] == t:  # (its one value's image is its own: nothing to take)
            next_fixed += 1
            continue
        var, a, b = A[A[CVAR] + t], A[A[CCOEF] + t], A[A[COFF] + t]
        origin = A[A[LEAST] + var]
        if window and a == 1 and A[A[NW] + var] == 1:
            shift = origin + b - low  # bit k of var's word: the image origin + k + b, bit k + shift of `taken`
            if -64 < shift < 64:
                lost = taken >> np.uint64(shift) if shift >= 0 else taken << np.uint64(-shift)
                w = A[A[WOFF] + var]
                new = U[A[DOM] + w] & ~lost
                _store(A, U, state, var, w, new)
                if new == ZERO:
                    return False
            continue
        for f in range(fixed):
            if a == 1:
                _drop(A, U, state, var, A[images + f] - b - origin)
            elif (A[images + f] - b) % a == 0:
                _drop(A, U, state, var, (A[images + f] - b) // a - origin)
        if A[A[IS_CHANGED] + var] and is_empty(A, U, var):
            return False
    return True


@inner
def _hall_intervals(A, U, state, c):
    """The Hall intervals' images taken from the other positions, in one pass over the bounds
    at its start (TextbookCsp._hall_intervals, in its order)."""
    start, n = A[A[CSTART] + c], A[A[CLEN] + c]
    low, high, narrow, starts = A[HALL], A[HALL] + n, A[HALL] + 2 * n, A[HALL] + 3 * n
    count = 0
    for k in range(n):
        least, greatest = _term_span(A, U, A[A[CVAR] + start + k], A[A[CCOEF] + start + k])
        A[low + k], A[high + k] = least + A[A[COFF] + start + k], greatest + A[A[COFF] + start + k]
        if A[high + k] - A[low + k] < n:
            A[narrow + count] = k
            count += 1
    _sort_by(A, narrow, high, count)
    for i in range(count):
        A[starts + i] = A[low + A[narrow + i]]
    _sort_values(A, starts, count)
    for i in range(count):
        first = A[starts + i]
        if i > 0 and first == A[starts + i - 1]:
            continue  # (each least image once)
        inside, free = 0, 0
        for h in range(count):
            k = A[narrow + h]
            if A[low + k] < first:
                continue
            last = A[high + k]
            if last - first >= count - i:
                break  # (fewer positions start at or above `first` than this interval holds images)
            inside += 1
            free += A[high + k] > A[low + k]
            if inside > last - first + 1:
                return False
            if inside == last - first + 1 and free > 0 and inside < n:  # (see TextbookCsp._hall_intervals)
                for j in range(n):
                    least, greatest = A[low + j], A[high + j]
                    crosses, within = least <= last and greatest >= first, least >= first and greatest <= last
                    if crosses and not within and not _drop_images(A, U, state, start + j, first, last):
                        return False
    return True


@inner
def _sort_by(A, order, key, n):
    """The n positions at order, by key (ties kept in order: an insertion sort)."""
    for i in range(1, n):
        item, j = A[order + i], i
        while j > 0 and A[key + A[order + j - 1]] > A[key + item]:
            A[order + j] = A[order + j - 1]
            j -= 1
        A[order + j] = item


@inner
def _sort_values(A, at, n):
    """The n values at `at`, ascending (an insertion sort)."""
    for i in range(1, n):
        item, j = A[at + i], i
        while j > 0 and A[at + j - 1] > item:
            A[at + j] = A[at + j - 1]
            j -= 1
        A[at + j] = item


@inner
def _drop_images(A, U, state, t, first, last):
    """Term t's variable loses the values whose images lie in first..last (a run of values);
    False when none is left (TextbookCsp._drop_images)."""
    var, a, b = A[A[CVAR] + t], A[A[CCOEF] + t], A[A[COFF] + t]
    if a > 0:
        lo, hi = _ceil_div(first - b, a), (last - b) // a
    else:
        lo, hi = _ceil_div(b - last, -a), (b - first) // -a
    lo, hi = max(lo - A[A[LEAST] + var], 0), min(hi - A[A[LEAST] + var], 64 * A[A[NW] + var] - 1)
    if lo > hi:
        return True
    w0, left = A[A[WOFF] + var], ZERO
    for w in range(A[A[NW] + var]):
        a_bit, b_bit = max(lo - 64 * w, 0), min(hi - 64 * w, 63)
        new = U[A[DOM] + w0 + w] & ~_span_mask(a_bit, b_bit) if a_bit <= b_bit else U[A[DOM] + w0 + w]
        _store(A, U, state, var, w0 + w, new)
        left |= new
    return left != ZERO


@inner
def _table(A, U, state, c):
    """The rows still possible; each variable keeps the values some of them use
    (TextbookCsp._table)."""
    start, size = A[A[CSTART] + c], A[A[CLEN] + c]
    first, count = A[A[TSTART] + c], A[A[TROWS] + c]
    rows, tab = A[ROWS], A[TAB]
    possible = 0
    for r in range(count):
        row = first + r * size
        ok = True
        for j in range(size):
            var = A[A[CVAR] + start + j]
            if not _has(A, U, var, A[tab + row + j] - A[A[LEAST] + var]):
                ok = False
                break
        if ok:
            A[rows + possible] = row
            possible += 1
    for j in range(size):
        var = A[A[CVAR] + start + j]
        for w in range(A[A[NW] + var]):
            U[A[SCRATCH] + w] = ZERO
        for p in range(possible):
            k = A[tab + A[rows + p] + j] - A[A[LEAST] + var]
            U[A[SCRATCH] + (k >> 6)] |= _bit(k)
        if not _keep_scratch(A, U, state, var):
            return False
    return True


@inner
def revise(A, U, state, method, c):
    """Constraint c's propagator (the objective's bound also through its capacity)."""
    if c == state[BOUND]:
        return _revise(A, U, state, method, c) and relaxed_holds(A, U, c)
    return _revise(A, U, state, method, c)


@inner
def _revise(A, U, state, method, c):
    kind = A[A[KIND] + c]
    if kind == ALL_DIFFERENT:
        return _all_different(A, U, state, method, c)
    if kind == TABLE:
        return _table(A, U, state, c)
    if method == MAC and A[A[CLEN] + c] == 2:
        return _supports(A, U, state, c)
    return _bounds(A, U, state, c)


@inner
def propagate(A, U, state, method, first, count):
    """mac: the bound once it prunes, then the constraints listed at ONLIST from `first`,
    `count` of them (or, count -1, every constraint but the bound), then those on every variable
    that loses values, first in first out, to a fixed point (TextbookCsp._propagate); False at an
    empty domain."""
    queue, queued = A[QUEUE], A[QUEUED]
    capacity = max(A[N_CONSTRAINTS], 1)
    head, size = 0, 0
    if state[BOUND_ON]:
        A[queue] = state[BOUND]
        A[queued + state[BOUND]] = 1
        size = 1
    total = A[N_CONSTRAINTS] - (state[BOUND] >= 0) if count < 0 else count
    for i in range(total):
        c = i if count < 0 else A[A[ONLIST] + first + i]
        A[queue + size] = c
        A[queued + c] = 1
        size += 1
    ok = True
    while size:
        c = A[queue + head]
        head = head + 1 if head + 1 < capacity else 0
        size -= 1
        A[queued + c] = 0
        forget_changes(A, state)
        state[REVISIONS] += 1
        if not revise(A, U, state, method, c):
            ok = False
            break
        for i in range(state[N_CHANGED]):
            var = A[A[CHANGED] + i]
            for j in range(listed_from(A, state, var), A[A[ONSTART] + var + 1]):
                other = A[A[ONLIST] + j]
                if not A[queued + other]:
                    tail = head + size
                    A[queue + (tail if tail < capacity else tail - capacity)] = other
                    A[queued + other] = 1
                    size += 1
    while size:  # (a failure leaves the queue as the python engine's is dropped: empty)
        A[queued + A[queue + head]] = 0
        head = head + 1 if head + 1 < capacity else 0
        size -= 1
    forget_changes(A, state)
    return ok
