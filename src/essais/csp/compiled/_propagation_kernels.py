"""numba kernels of constraint propagation (essais.csp): each constraint's propagator and the
queue that runs them to a fixed point, over the domains of essais.csp.compiled._domain_kernels, for the
search of essais.csp.compiled._kernels. Private: checked inputs only; imports numpy, numba, essais.core
and the domain kernels beside it.

Every propagator keeps the python engine's order of work where it shows (which variables lose
values first, hence the queue's order); where it does not, it takes a shorter road to the same
domains (a linear relation's values kept as an interval, not tested one by one; the images an
all_different takes, shifted as a word)."""

import numpy as np
from numba import carray

from essais.core.addresses import call_on_arrays
from essais.core.bits import bit_index
from essais.csp.compiled._domain_kernels import (
    BOUND,
    BOUND_ON,
    CCOEF,
    CHANGED,
    CHECK,
    CLEN,
    COFF,
    COSTLY,
    COUNTING,
    CSTART,
    CVAR,
    CWORK,
    DOM,
    ENTAILED,
    ENTAILS,
    EQ,
    FAILED,
    GIVEN,
    HIGH,
    HOLDS,
    IDEMPOTENT,
    IMAGES,
    IS_CHANGED,
    KIND,
    LE,
    LEAST,
    LOW,
    MAC,
    N_CHANGED,
    N_CONSTRAINTS,
    NE,
    NONE_ABOVE,
    NONE_BELOW,
    NW,
    ON_BOUNDS,
    ON_DOMAIN,
    ON_FIXED,
    ONLIST,
    ONSTART,
    QUEUE,
    QUEUED,
    RELAX,
    REVISE,
    REVISIONS,
    ROWS,
    SCRATCH,
    SIZE,
    STAR,
    STOP,
    TRAIL_TOP,
    VALUE,
    WAKES,
    WEIGHTS,
    WOFF,
    ZERO,
    all_given,
    bit_of,
    bound_wide,
    bounds_moved,
    ceil_div,
    defined,
    drop_bit,
    entail,
    fields_at,
    fixed_bit,
    forget_changes,
    has_bit,
    in_domain,
    inner,
    is_empty,
    is_wide,
    keep_between,
    keep_scratch,
    listed_from,
    span_mask,
    store_word,
    term_span,
    words_before,
)

# The fields of its kinds' constraints, at fields_at(A, c) + the name: each kind's `fields` in
# essais.csp.kinds, in that order (tests/csp/test_kinds.py holds them in step).
LINEAR_CONSTANT = 0  # Σ a·x + CONSTANT REL 0
ALL_DIFFERENT_HALL = 0  # 1: its Hall intervals under mac
TABLE_CONFLICTS, TABLE_COUNT, TABLE_ROWS = range(3)  # 1: its rows are conflicts; how many; the rows


# the propagators (each kind's revise in essais.csp.kinds)
@inner
def _least_sum(A, U, c):
    """The constant of a linear relation plus the least of each term over its domain."""
    total = A[fields_at(A, c) + LINEAR_CONSTANT]
    for t in range(A[A[CSTART] + c], A[A[CSTART] + c] + A[A[CLEN] + c]):
        low, _ = term_span(A, U, A[A[CVAR] + t], A[A[CCOEF] + t])
        total += low
    return total


@inner
def _seen_sum(A, U, c, t):
    """The least of the bound c's sum, seen through the objective's definition where the
    relaxation holds one at t (its terms' count, its shift, each term's variable and coefficient)."""
    if A[t] == 0:
        return _least_sum(A, U, c)
    total = A[fields_at(A, c) + LINEAR_CONSTANT] + A[t + 1]
    for i in range(A[t]):
        low, _ = term_span(A, U, A[t + 2 + 2 * i], A[t + 3 + 2 * i])
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
    total, room = _seen_sum(A, U, c, r + 2 + 3 * n), -A[r + 1]
    for i in range(n):
        var, w, s = A[r + 2 + 3 * i], A[r + 3 + 3 * i], A[r + 4 + 3 * i]
        low, high = term_span(A, U, var, np.int64(1))
        total += s * (low - high)
        room -= w * low
    if room < 0:
        return False
    for i in range(n):
        var, w, s = A[r + 2 + 3 * i], A[r + 3 + 3 * i], A[r + 4 + 3 * i]
        low, high = term_span(A, U, var, np.int64(1))
        if w * (high - low) <= room:
            room -= w * (high - low)
            total += s * (high - low)
        else:
            total -= (-s * room) // w
            break
    return total <= 0


@inner
def _bounds(A, U, state, c):
    """A linear relation by bounds."""
    start, size, constant = A[A[CSTART] + c], A[A[CLEN] + c], A[fields_at(A, c) + LINEAR_CONSTANT]
    return linear_bounds(A, U, state, start, size, constant, A[A[KIND] + c], np.int64(1))


@inner
def linear_bounds(A, U, state, start, size, constant, relation, sign):
    """Σ sign·a·x + constant REL 0 over terms start … start + size - 1 (REL: LE, EQ or NE) by
    bounds, one variable after the other (essais.csp.kinds.linear.bounds)."""
    if relation == NE:
        free, free_var, free_a, rest = 0, A[A[CVAR] + start], 1, constant
        for t in range(start, start + size):
            var, a = A[A[CVAR] + t], sign * A[A[CCOEF] + t]
            k = fixed_bit(A, U, var)
            if k < 0:
                free += 1
                free_var, free_a = var, a
            else:
                rest += a * (A[A[LEAST] + var] + k)
        if free == 0:
            return ENTAILS if rest != 0 else FAILED
        if free == 1 and rest % free_a == 0:
            k = -rest // free_a - A[A[LEAST] + free_var]
            drop_bit(A, U, state, free_var, k)
            if is_empty(A, U, free_var):
                return FAILED
            return HOLDS if in_domain(A, U, free_var, k) else ENTAILS  # (a wide domain keeps a value inside)
        return ENTAILS if free == 1 else HOLDS
    spans = A[CWORK]  # (each term's least and greatest, found once)
    low_sum, high_sum = 0, 0
    for t in range(size):
        low, high = term_span(A, U, A[A[CVAR] + start + t], sign * A[A[CCOEF] + start + t])
        A[spans + 2 * t], A[spans + 2 * t + 1] = low, high
        low_sum += low
        high_sum += high
    for t in range(size):
        var, a = A[A[CVAR] + start + t], sign * A[A[CCOEF] + start + t]
        low, high = A[spans + 2 * t], A[spans + 2 * t + 1]
        least = constant + low_sum - low
        greatest = constant + high_sum - high
        if high + least <= 0 and (relation != EQ or low + greatest >= 0):
            continue  # (every value left meets it: nothing to narrow, its words not read again)
        # a·v + least <= 0 and, for ==, a·v + greatest >= 0: an interval of values v
        if a > 0:
            top, bottom = (-least) // a, ceil_div(-greatest, a) if relation == EQ else -(1 << 62)
        else:
            bottom, top = ceil_div(-least, a), (-greatest) // a if relation == EQ else 1 << 62
        origin = A[A[LEAST] + var]
        if not keep_between(A, U, state, var, max(bottom - origin, 0), top - origin):
            return FAILED
        if A[A[IS_CHANGED] + var]:
            new_low, new_high = term_span(A, U, var, a)
            low_sum += new_low - low
            high_sum += new_high - high
    return _bounds_outcome(constant + low_sum, constant + high_sum, relation)


@inner
def _bounds_outcome(least, greatest, relation):
    """A revision that held, from the sum's least and greatest left (LE or EQ): ENTAILS where
    every value left meets it (<=: the greatest at most 0; ==: every term fixed), else HOLDS
    (essais.csp.kinds.linear.entailed)."""
    if relation == LE:
        return ENTAILS if greatest <= 0 else HOLDS
    return ENTAILS if least == greatest else HOLDS


@inner
def _supports(A, U, state, c):
    """mac on a relation of two variables: each keeps the values that some value of the other
    satisfies (essais.csp.kinds.linear._supports), both ways."""
    start, constant, kind = A[A[CSTART] + c], A[fields_at(A, c) + LINEAR_CONSTANT], A[A[KIND] + c]
    for side in range(2):
        var, mine = A[A[CVAR] + start + side], A[A[CCOEF] + start + side]
        other, theirs = A[A[CVAR] + start + 1 - side], A[A[CCOEF] + start + 1 - side]
        origin = A[A[LEAST] + var]
        if kind == LE:  # some w with mine·v + c + theirs·w <= 0: the other's least term
            low, _ = term_span(A, U, other, theirs)
            bound = -(constant + low)
            if mine > 0:
                a, b = 0, bound // mine - origin
            else:
                a, b = ceil_div(bound, mine) - origin, 64 * A[A[NW] + var] - 1
            if not keep_between(A, U, state, var, max(a, 0), min(b, 64 * A[A[NW] + var] - 1)):
                return False
        elif kind == NE:  # two values of the other leave every v a support; one value rules out one v
            k = fixed_bit(A, U, other)
            if k >= 0:
                total = constant + theirs * (A[A[LEAST] + other] + k)
                if total % mine == 0:
                    drop_bit(A, U, state, var, -total // mine - origin)
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
                    if need % theirs == 0 and has_bit(A, U, other, need // theirs - A[A[LEAST] + other]):
                        U[A[SCRATCH] + w] |= bit_of(k)
            if not keep_scratch(A, U, state, var):
                return False
    return True


@inner
def _all_different(A, U, state, method, c):
    """A variable with one value left takes that value's image from the others; under mac, when
    the constraint asks for it (its constant 1), the Hall intervals then take theirs
    (AllDifferentKind.revise)."""
    hall = A[fields_at(A, c) + ALL_DIFFERENT_HALL] == 1 and method == MAC
    return _fixed_images(A, U, state, c) and (not hall or _hall_intervals(A, U, state, c))


@inner
def _fixed_images(A, U, state, c):
    """A variable with one value left takes that value's image from the others
    (essais.csp.kinds.all_different._fixed_images)."""
    start, size = A[A[CSTART] + c], A[A[CLEN] + c]
    rows, images = A[ROWS], A[IMAGES]
    fixed = 0  # the positions with one value left (at rows), their images (at images)
    low, high = 0, 0
    for t in range(start, start + size):
        var = A[A[CVAR] + t]
        k = fixed_bit(A, U, var)
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
            if taken & bit_of(image - low):
                return False
            taken |= bit_of(image - low)
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
        origin, nw = A[A[LEAST] + var], A[A[NW] + var]
        if window and a == 1 and nw == 1:
            shift = origin + b - low  # bit k of var's word: the image origin + k + b, bit k + shift of `taken`
            if -64 < shift < 64:
                lost = taken >> np.uint64(shift) if shift >= 0 else taken << np.uint64(-shift)
                w = A[A[WOFF] + var]
                new = U[A[DOM] + w] & ~lost
                store_word(A, U, state, var, w, new)
                if new == ZERO:
                    return False
            continue
        if nw == 0:  # (a wide domain)
            if not _bounds_past(A, U, state, var, a, b, images, fixed):
                return False
            continue
        for f in range(fixed):
            if a == 1:
                drop_bit(A, U, state, var, A[images + f] - b - origin)
            elif (A[images + f] - b) % a == 0:
                drop_bit(A, U, state, var, (A[images + f] - b) // a - origin)
        if A[A[IS_CHANGED] + var] and is_empty(A, U, var):
            return False
    return True


@inner
def _bounds_past(A, U, state, var, a, b, images, fixed):
    """A wide domain's bounds moved past the values whose images are among the `fixed` at
    `images` (essais.csp.kinds.all_different._bounds_past); False when none is left."""
    while True:
        low, high = term_span(A, U, var, np.int64(1))
        if is_empty(A, U, var):
            return False
        low_taken, high_taken = False, False
        for f in range(fixed):
            low_taken = low_taken or a * low + b == A[images + f]
            high_taken = high_taken or a * high + b == A[images + f]
        if low_taken:
            drop_bit(A, U, state, var, low - A[A[LEAST] + var])
        elif high_taken:
            drop_bit(A, U, state, var, high - A[A[LEAST] + var])
        else:
            return True


@inner
def _hall_intervals(A, U, state, c):
    """The Hall intervals' images taken from the other positions, in one pass over the bounds
    at its start (essais.csp.kinds.all_different._hall_intervals, in its order)."""
    start, n = A[A[CSTART] + c], A[A[CLEN] + c]
    low, high, narrow, starts = A[CWORK], A[CWORK] + n, A[CWORK] + 2 * n, A[CWORK] + 3 * n
    count = np.int64(0)
    for k in range(n):
        least, greatest = term_span(A, U, A[A[CVAR] + start + k], A[A[CCOEF] + start + k])
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
            if inside == last - first + 1 and free > 0 and inside < n:  # (see kinds.all_different._hall_intervals)
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
    False when none is left (essais.csp.kinds.all_different._drop_images)."""
    var, a, b = A[A[CVAR] + t], A[A[CCOEF] + t], A[A[COFF] + t]
    if a > 0:
        lo, hi = ceil_div(first - b, a), (last - b) // a
    else:
        lo, hi = ceil_div(b - last, -a), (b - first) // -a
    if is_wide(A, var):  # (its bounds move out of lo..hi: no hole made)
        low, high = term_span(A, U, var, np.int64(1))
        return bound_wide(A, state, var, hi + 1 if lo <= low <= hi else low, lo - 1 if lo <= high <= hi else high,
                          True)  # fmt: skip
    lo, hi = max(lo - A[A[LEAST] + var], 0), min(hi - A[A[LEAST] + var], 64 * A[A[NW] + var] - 1)
    if lo > hi:
        return True
    w0, left = A[A[WOFF] + var], ZERO
    for w in range(A[A[NW] + var]):
        a_bit, b_bit = max(lo - 64 * w, 0), min(hi - 64 * w, 63)
        new = U[A[DOM] + w0 + w] & ~span_mask(a_bit, b_bit) if a_bit <= b_bit else U[A[DOM] + w0 + w]
        store_word(A, U, state, var, w0 + w, new)
        left |= new
    return left != ZERO


@inner
def _table(A, U, state, c):
    """The rows still possible; each variable keeps the values some of them use, all its own
    where one has STAR (TableKind.revise); a conflicts table: _conflicts. Column after column:
    the rows left are those whose value in each column so far is in its variable's domain (each
    variable's words looked up once a column, not once a row: the all-interval series of 11
    counted in 0.62 s, not 0.95 s)."""
    fields = fields_at(A, c)
    if A[fields + TABLE_CONFLICTS]:
        return _conflicts(A, U, state, c)
    start, size = A[A[CSTART] + c], A[A[CLEN] + c]
    first, count = fields + TABLE_ROWS, A[fields + TABLE_COUNT]
    rows, dom = A[ROWS], A[DOM]
    possible = count
    for j in range(size):
        var = A[A[CVAR] + start + j]
        least, words, w0 = A[A[LEAST] + var], 64 * A[A[NW] + var], dom + A[A[WOFF] + var]
        kept = 0
        for p in range(possible):
            row = first + p * size if j == 0 else A[rows + p]
            k = A[row + j] - least
            if (
                A[row + j] == STAR
                or (0 <= k < words and (U[w0 + (k >> 6)] & bit_of(k)) != ZERO)
                or (words == 0 and in_domain(A, U, var, k))  # (a wide domain: no words)
            ):
                A[rows + kept] = row
                kept += 1
        possible = kept
    for j in range(size):
        var = A[A[CVAR] + start + j]
        least = A[A[LEAST] + var]
        if is_wide(A, var):
            if not _keep_column_span(A, U, state, var, j, size, possible):
                return False
            continue
        for w in range(A[A[NW] + var]):
            U[A[SCRATCH] + w] = ZERO
        for p in range(possible):
            if A[A[rows + p] + j] == STAR:
                for w in range(A[A[NW] + var]):
                    U[A[SCRATCH] + w] = ~ZERO
                break
            k = A[A[rows + p] + j] - least
            U[A[SCRATCH] + (k >> 6)] |= bit_of(k)
        if not keep_scratch(A, U, state, var):
            return False
    return True


@inner
def _keep_column_span(A, U, state, var, j, size, possible):
    """A wide domain in a table's column j keeps the least..greatest of the values the possible
    rows (at ROWS) have there, all its own where one has STAR (TableKind.revise)."""
    low, high = NONE_ABOVE, NONE_BELOW
    for p in range(possible):
        value = A[A[A[ROWS] + p] + j]
        if value == STAR:
            return True
        low, high = min(low, value), max(high, value)
    least = A[A[LEAST] + var]
    return (
        keep_between(A, U, state, var, low - least, high - least)
        if possible
        else keep_between(A, U, state, var, np.int64(1), np.int64(0))
    )


@inner
def _conflicts(A, U, state, c):
    """Row after row of a conflicts table: one whose places are all taken (fixed to its values,
    or STAR) fails; one with a single place left takes its value from that variable
    (essais.csp.kinds.table._conflicts)."""
    start, size, fields = A[A[CSTART] + c], A[A[CLEN] + c], fields_at(A, c)
    for r in range(A[fields + TABLE_COUNT]):
        row, left = fields + TABLE_ROWS + r * size, -1
        for j in range(size):
            value, var = A[row + j], A[A[CVAR] + start + j]
            bit = fixed_bit(A, U, var)
            if value == STAR or (bit >= 0 and A[A[LEAST] + var] + bit == value):
                continue
            if bit >= 0 or not in_domain(A, U, var, value - A[A[LEAST] + var]) or left >= 0:
                left = -2
                break
            left = j
        if left == -1:
            return False
        if left >= 0:
            var = A[A[CVAR] + start + left]
            drop_bit(A, U, state, var, A[row + left] - A[A[LEAST] + var])
    return True


@inner
def _wide_pair(A, state, c, start, x, y):
    """a·x + b·y + k <= 0 (its terms from `start`) over two wide domains not empty (a precedence,
    most often): the steps of linear_bounds, x's then y's, read from their bounds."""
    a, b, k = A[A[CCOEF] + start], A[A[CCOEF] + start + 1], A[fields_at(A, c) + LINEAR_CONSTANT]
    for turn in range(2):
        var, mine, other, theirs = (x, a, y, b) if turn == 0 else (y, b, x, a)
        least = k + theirs * A[A[(LOW if theirs > 0 else HIGH)] + other]  # (k + the other term's least)
        if mine > 0:
            top = (-least) // mine
            if top < A[A[HIGH] + var] and not bound_wide(A, state, var, A[A[LOW] + var], top, True):
                return FAILED
        else:
            bottom = ceil_div(-least, mine)
            if bottom > A[A[LOW] + var] and not bound_wide(A, state, var, bottom, A[A[HIGH] + var], True):
                return FAILED
    greatest = k + a * A[A[(HIGH if a > 0 else LOW)] + x] + b * A[A[(HIGH if b > 0 else LOW)] + y]
    return ENTAILS if greatest <= 0 else HOLDS


@inner
def linear(A, U, state, method, c):
    """A linear relation: by supports under mac with two variables (AC-3), else by bounds (`<=`
    on two wide domains by _wide_pair, the same steps read straight from their bounds)."""
    start = A[A[CSTART] + c]
    if A[A[CLEN] + c] == 2 and A[A[KIND] + c] == LE:
        x, y = A[A[CVAR] + start], A[A[CVAR] + start + 1]
        if is_wide(A, x) and is_wide(A, y) and A[A[SIZE] + x] and A[A[SIZE] + y]:
            return _wide_pair(A, state, c, start, x, y)
    if method != MAC or A[A[CLEN] + c] != 2:
        return _bounds(A, U, state, c)
    if is_wide(A, A[A[CVAR] + start]) or is_wide(A, A[A[CVAR] + start + 1]):  # (a wide domain by its bounds)
        return _bounds(A, U, state, c)
    if not _supports(A, U, state, c):
        return FAILED
    kind, x, y = A[A[KIND] + c], A[A[CVAR] + start], A[A[CVAR] + start + 1]
    if kind == NE:  # (one of the two fixed: the other has lost the one value that would break it)
        return ENTAILS if fixed_bit(A, U, x) >= 0 or fixed_bit(A, U, y) >= 0 else HOLDS
    x_low, x_high = term_span(A, U, x, A[A[CCOEF] + start])
    y_low, y_high = term_span(A, U, y, A[A[CCOEF] + start + 1])
    constant = A[fields_at(A, c) + LINEAR_CONSTANT]
    return _bounds_outcome(constant + x_low + y_low, constant + x_high + y_high, kind)


@inner
def all_different(A, U, state, method, c):
    return _all_different(A, U, state, method, c)


@inner
def table(A, U, state, method, c):
    return _table(A, U, state, c)


# basic's checks and the values defined (TextbookCsp._checks, _defined_value)
@inner
def _linear_total(A, c, last):
    """Σ a·x + c of a linear relation's first `last` terms (their variables given)."""
    total = A[fields_at(A, c) + LINEAR_CONSTANT]
    for t in range(A[A[CSTART] + c], A[A[CSTART] + c] + last):
        total += A[A[CCOEF] + t] * A[A[VALUE] + A[A[CVAR] + t]]
    return total


@inner
def linear_holds(A, c):
    if not all_given(A, c):
        return True
    total, kind = _linear_total(A, c, A[A[CLEN] + c]), A[A[KIND] + c]
    return total <= 0 if kind == LE else total == 0 if kind == EQ else total != 0


@inner
def all_different_holds(A, c, var):
    """var's images differ from each other and from those of the variables given."""
    start, size, given, value = A[A[CSTART] + c], A[A[CLEN] + c], A[GIVEN], A[VALUE]
    for t in range(start, start + size):
        if A[A[CVAR] + t] != var:
            continue
        image = A[A[CCOEF] + t] * A[value + var] + A[A[COFF] + t]
        for s in range(start, start + size):
            other = A[A[CVAR] + s]
            # the other positions of var (each pair once) and those of the variables given
            mine_or_given = (other == var and s > t) or (other != var and A[given + other])
            if mine_or_given and A[A[CCOEF] + s] * A[value + other] + A[A[COFF] + s] == image:
                return False
    return True


@inner
def _matching_row(A, c, columns):
    """Where the first row of table c starts whose first `columns` places hold the variables'
    values (STAR matching any), -1 when none does."""
    start, size, fields = A[A[CSTART] + c], A[A[CLEN] + c], fields_at(A, c)
    for r in range(A[fields + TABLE_COUNT]):
        row = fields + TABLE_ROWS + r * size
        match = True
        for j in range(columns):
            if A[row + j] != STAR and A[row + j] != A[A[VALUE] + A[A[CVAR] + start + j]]:
                match = False
                break
        if match:
            return row
    return -1


@inner
def table_holds(A, c):
    """One row matches (a table of conflicts: none)."""
    if not all_given(A, c):
        return True
    return (_matching_row(A, c, A[A[CLEN] + c]) >= 0) == (A[fields_at(A, c) + TABLE_CONFLICTS] == 0)


# each kind's entry by address (essais.core.addresses): a C function each, rebuilding its arrays
def linear_at(a, na, u, nu, s, ns, request, x, c):
    A, U, state = carray(a, na), carray(u, nu), carray(s, ns)
    if request == REVISE:
        return linear(A, U, state, x, c)
    if request == CHECK:
        return linear_holds(A, c)
    return defined(state, _linear_total(A, c, A[A[CLEN] + c] - 1))  # (z = Σ a·x + c: its last term, -z)


def all_different_at(a, na, u, nu, s, ns, request, x, c):
    A, U, state = carray(a, na), carray(u, nu), carray(s, ns)
    if request == REVISE:
        return all_different(A, U, state, x, c)
    return all_different_holds(A, c, x)


def table_at(a, na, u, nu, s, ns, request, x, c):
    A, U, state = carray(a, na), carray(u, nu), carray(s, ns)
    if request == REVISE:
        return table(A, U, state, x, c)
    if request == CHECK:
        return table_holds(A, c)
    row = _matching_row(A, c, A[A[CLEN] + c] - 1)
    return defined(state, A[row + A[A[CLEN] + c] - 1]) if row >= 0 else 2


def unused_at(a, na, u, nu, s, ns, request, x, c):
    """The entry of a kind the model does not use (never called)."""
    return 1


le_at = eq_at = ne_at = linear_at  # (a kind's entry is named after it: engine.entries)


@inner
def revise(A, U, state, method, c, entries):
    """Constraint c's propagator, asked of its kind's entry (at its address in `entries`); the
    objective's bound also through its capacity."""
    outcome = call_on_arrays(entries[A[A[KIND] + c]], A, U, state, REVISE, method, c)
    if outcome == FAILED or (c == state[BOUND] and not relaxed_holds(A, U, c)):
        return FAILED
    return HOLDS if c == state[BOUND] else outcome  # (the bound is never entailed: it tightens)


@inner
def _queued(A, queue, capacity, head, size, costly_head, costly_size, c):
    """c queued at the back of its cost class's ring (the cheap constraints' from `queue`, the
    costly ones' `capacity` places on: Kind.costly): the two rings' sizes after."""
    A[A[QUEUED] + c] = 1
    if A[A[COSTLY] + c]:
        tail = costly_head + costly_size
        A[queue + capacity + (tail if tail < capacity else tail - capacity)] = c
        return size, costly_size + 1
    tail = head + size
    A[queue + (tail if tail < capacity else tail - capacity)] = c
    return size + 1, costly_size


@inner
def propagate(A, U, state, method, first, count, entries):
    """mac: the bound once it prunes, then the constraints listed at ONLIST from `first`,
    `count` of them (or, count -1, every constraint but the bound), then those on every variable
    that loses values whose change wakes them (WAKES), first in first out, the cheap before the
    costly, to a fixed point (TextbookCsp._propagate), those entailed on the way down left out;
    False at an empty domain."""
    queue, queued, onlist, wakes = A[QUEUE], A[QUEUED], A[ONLIST], A[WAKES]  # (held here: the loop writes A)
    capacity = max(A[N_CONSTRAINTS], 1)
    head, size, costly_head, costly_size = 0, 0, 0, 0
    if state[BOUND_ON]:
        size, costly_size = _queued(A, queue, capacity, head, size, costly_head, costly_size, state[BOUND])
    entailed = A[ENTAILED]
    forget_changes(A, state)
    total = A[N_CONSTRAINTS] - (state[BOUND] >= 0) if count < 0 else count
    for i in range(total):
        c = i if count < 0 else A[A[ONLIST] + first + i]
        if A[entailed + c]:
            continue
        size, costly_size = _queued(A, queue, capacity, head, size, costly_head, costly_size, c)
    ok = True
    while size or costly_size:
        if state[STOP]:  # (a time limit or a stop signal, from outside: engine.CompiledCsp.step)
            ok = False
            break
        if size:
            c = A[queue + head]
            head = head + 1 if head + 1 < capacity else 0
            size -= 1
        else:
            c = A[queue + capacity + costly_head]
            costly_head = costly_head + 1 if costly_head + 1 < capacity else 0
            costly_size -= 1
        A[queued + c] = 0
        state[REVISIONS] += 1
        # (a constraint whose propagation reaches its own fixed point is not queued again by its
        # narrowings: its kind says so, Kind.idempotent)
        idempotent = A[A[IDEMPOTENT] + c]
        mark = state[TRAIL_TOP]
        outcome = revise(A, U, state, method, c, entries)
        if outcome == FAILED:
            if state[COUNTING]:  # (wdeg's weight: _kernels._refused)
                A[A[WEIGHTS] + c] += 1
            ok = False
            break
        if outcome == ENTAILS:  # (it holds whatever is left: no more revisions below this node)
            entail(A, state, c)
        mapped = False  # (the words as they were before the revision: words_before, once asked)
        for i in range(state[N_CHANGED]):
            var = A[A[CHANGED] + i]
            A[A[IS_CHANGED] + var] = 0  # (its changes seen: forget_changes, as the queue goes)
            # its event: one value left, or a wide domain's bound moved, known at once; a bit
            # set's least or greatest gone asked of the trail only when a constraint waits on it
            change = ON_FIXED if A[A[SIZE] + var] == 1 else ON_DOMAIN if A[A[NW] + var] else ON_BOUNDS
            known = change != ON_DOMAIN
            for j in range(listed_from(A, state, var), A[A[ONSTART] + var + 1]):
                other = A[onlist + j]
                if A[queued + other] or A[entailed + other] or (other == c and idempotent):
                    continue
                if A[wakes + other] == ON_BOUNDS and not known:
                    if not mapped:
                        words_before(A, state, mark)
                        mapped = True
                    change, known = ON_BOUNDS if bounds_moved(A, U, state, var) else ON_DOMAIN, True
                if change >= A[wakes + other]:
                    size, costly_size = _queued(A, queue, capacity, head, size, costly_head, costly_size, other)
        state[N_CHANGED] = 0
    for ring, first_at, left in ((0, head, size), (capacity, costly_head, costly_size)):
        for i in range(left):  # (a failure leaves the queue as the python engine's is dropped: empty)
            at = first_at + i
            A[queued + A[queue + ring + (at if at < capacity else at - capacity)]] = 0
    forget_changes(A, state)
    return ok
