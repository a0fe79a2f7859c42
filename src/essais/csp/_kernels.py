"""numba kernels of constraint search (essais.csp). Private: checked inputs only; imports numpy,
numba and essais.core alone.

`csp_slice` is essais.csp.textbook.TextbookCsp with an explicit stack, over a model passed as
arrays (one kernel for every model: a new model compiles nothing), in resumable slices of a
node budget: the same solutions in the same order and the same counters (pruned and
revisions included). Every propagator keeps the python engine's order of work where it shows
(which variables lose values first, hence the queue's order); where it does not, it takes a
shorter road to the same domains (a linear relation's values kept as an interval, not tested
one by one).

The model (`M`, int64 arrays, indexed by the constants below): each variable's least value and
its words in `dom` (a bit set, bit k: the value least + k, 64 to a word); each constraint's kind,
its variables with their coefficients and offsets (cstart, clen), its constant, its table rows;
the constraints on each variable. The work arrays (`W`, int64) and the words (`U`, uint64: the
domains, the trail's old words, a scratch word set) are the search's."""

import numpy as np
from numba import njit

from essais.core.bits import bit_index, leading_zeros, popcount
from essais.core.limits import EXHAUSTED, PAUSED, SOLUTION
from essais.core.sliced import FIRST_FREE_SLOT, load_counters, store_counters

# constraint kinds: Σ a·x + c REL 0 (REL <=, ==, !=), all_different(a·x + b), table
LE, EQ, NE, ALL_DIFFERENT, TABLE = range(5)
BASIC, FORWARD, MAC = range(3)
# M: the model
LEAST, WOFF, NW, KIND, CSTART, CLEN, CCONST, CVAR, CCOEF, COFF, TSTART, TROWS, TAB, ONSTART, ONLIST, DISTINCT = range(
    16
)
# W: the search's int64 arrays
GIVEN, VALUE, FREE, VAR_AT, VSTART, VCOUNT, VPOS, MARK, VBUF, QUEUE, QUEUED, CHANGED, IS_CHANGED, ROWS, IMAGES = range(
    15
)
SCORES, TRAIL = 15, 16
# U: the words
DOM, TRAIL_OLD, SCRATCH = range(3)
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
STATE_SIZE = FIRST_FREE_SLOT + 12
FRONTIER = 3  # the kernel stopped at a node of level SPLIT; call again to go on past it

# The helpers take the model and the work arrays as tuples. Without reference counting (nothing
# here allocates) a call costs no atomic count per array: 12 queens' count 28 s -> 1.0 s
# (measured); without the wrappers that let Python call them, the first compilation 20 s -> 10 s.
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
def _size(M, U, var):
    total = 0
    w0 = M[WOFF][var]
    for w in range(w0, w0 + M[NW][var]):
        total += popcount(U[DOM][w])
    return total


@inner
def _lowest(M, U, var):
    """The least value's bit, -1 when the domain is empty."""
    w0 = M[WOFF][var]
    for w in range(M[NW][var]):
        word = U[DOM][w0 + w]
        if word:
            return 64 * w + bit_index(word)
    return -1


@inner
def _highest(M, U, var):
    w0 = M[WOFF][var]
    for w in range(M[NW][var] - 1, -1, -1):
        word = U[DOM][w0 + w]
        if word:
            return 64 * w + 63 - leading_zeros(word)
    return -1


@inner
def _fixed(M, U, var):
    """The bit of the one value left, -1 when there are more (or none)."""
    w0 = M[WOFF][var]
    found = -1
    for w in range(M[NW][var]):
        word = U[DOM][w0 + w]
        if word:
            if found >= 0 or word & (word - np.uint64(1)):
                return -1
            found = 64 * w + bit_index(word)
    return found


@inner
def _has(M, U, var, k):
    """Bit k (a value's offset from the least) is in var's domain (False outside its words)."""
    if k < 0 or k >= 64 * M[NW][var]:
        return False
    return (U[DOM][M[WOFF][var] + (k >> 6)] & _bit(k)) != ZERO


# narrowing, with the trail, the counters and the variables changed
@inner
def _store(M, W, U, state, var, w, new):
    """Word w of the domains becomes `new` (a subset of it): trailed, counted, var changed."""
    old = U[DOM][w]
    if old == new:
        return
    top = state[TRAIL_TOP]
    W[TRAIL][top] = w
    U[TRAIL_OLD][top] = old
    state[TRAIL_TOP] = top + 1
    U[DOM][w] = new
    removed = popcount(old & ~new)
    if state[COUNTING]:
        state[PRUNED] += removed
    elif var != state[LOOKING]:
        state[REMOVED] += removed
    if not W[IS_CHANGED][var]:
        W[IS_CHANGED][var] = 1
        W[CHANGED][state[N_CHANGED]] = var
        state[N_CHANGED] += 1


@inner
def _keep_between(M, W, U, state, var, a, b):
    """var keeps the values whose bits lie in a..b; False when none is left."""
    w0, nw = M[WOFF][var], M[NW][var]
    left = False
    for w in range(nw):
        lo, hi = max(a - 64 * w, 0), min(b - 64 * w, 63)
        old = U[DOM][w0 + w]
        new = old & _span_mask(lo, hi) if lo <= hi else ZERO
        _store(M, W, U, state, var, w0 + w, new)
        left = left or new != ZERO
    return left


@inner
def _keep_scratch(M, W, U, state, var):
    """var keeps the values of the scratch words; False when none is left."""
    w0 = M[WOFF][var]
    left = False
    for w in range(M[NW][var]):
        new = U[DOM][w0 + w] & U[SCRATCH][w]
        _store(M, W, U, state, var, w0 + w, new)
        left = left or new != ZERO
    return left


@inner
def _drop(M, W, U, state, var, k):
    """Bit k out of var's domain (if it is there)."""
    if _has(M, U, var, k):
        w = M[WOFF][var] + (k >> 6)
        _store(M, W, U, state, var, w, U[DOM][w] & ~_bit(k))


@inner
def _empty(M, U, var):
    w0 = M[WOFF][var]
    left = ZERO
    for w in range(w0, w0 + M[NW][var]):
        left |= U[DOM][w]
    return left == ZERO


@inner
def _give(M, W, U, state, var, value):
    """var's domain becomes `value` alone (a choice: trailed, not counted as pruned)."""
    k = value - M[LEAST][var]
    w0 = M[WOFF][var]
    for w in range(M[NW][var]):
        new = _bit(k) if w == k >> 6 else ZERO
        if U[DOM][w0 + w] != new:
            top = state[TRAIL_TOP]
            W[TRAIL][top] = w0 + w
            U[TRAIL_OLD][top] = U[DOM][w0 + w]
            state[TRAIL_TOP] = top + 1
            U[DOM][w0 + w] = new


@inner
def _undo(W, U, state, mark):
    top = state[TRAIL_TOP]
    while top > mark:
        top -= 1
        U[DOM][W[TRAIL][top]] = U[TRAIL_OLD][top]
    state[TRAIL_TOP] = top


@inner
def _forget_changes(W, state):
    for i in range(state[N_CHANGED]):
        W[IS_CHANGED][W[CHANGED][i]] = 0
    state[N_CHANGED] = 0


# the propagators (TextbookCsp._revise and the methods it calls)
@inner
def _term_span(M, U, var, a):
    """(least, greatest) of a·var over its domain."""
    least = M[LEAST][var]
    low, high = a * (least + _lowest(M, U, var)), a * (least + _highest(M, U, var))
    return (low, high) if a > 0 else (high, low)


@inner
def _ceil_div(x, a):
    return -((-x) // a)


@inner
def _bounds(M, W, U, state, c):
    """Σ a·x + c REL 0 by bounds, one variable after the other (TextbookCsp._bounds)."""
    start, size, constant = M[CSTART][c], M[CLEN][c], M[CCONST][c]
    if M[KIND][c] == NE:
        free, free_var, free_a, rest = 0, M[CVAR][start], 1, constant
        for t in range(start, start + size):
            var, a = M[CVAR][t], M[CCOEF][t]
            k = _fixed(M, U, var)
            if k < 0:
                free += 1
                free_var, free_a = var, a
            else:
                rest += a * (M[LEAST][var] + k)
        if free == 0:
            return rest != 0
        if free == 1 and rest % free_a == 0:
            _drop(M, W, U, state, free_var, -rest // free_a - M[LEAST][free_var])
            return not _empty(M, U, free_var)
        return True
    low_sum, high_sum = 0, 0
    for t in range(start, start + size):
        low, high = _term_span(M, U, M[CVAR][t], M[CCOEF][t])
        low_sum += low
        high_sum += high
    for t in range(start, start + size):
        var, a = M[CVAR][t], M[CCOEF][t]
        low, high = _term_span(M, U, var, a)
        least = constant + low_sum - low
        greatest = constant + high_sum - high
        # a·v + least <= 0 and, for ==, a·v + greatest >= 0: an interval of values v
        if a > 0:
            top, bottom = (-least) // a, _ceil_div(-greatest, a) if M[KIND][c] == EQ else -(1 << 62)
        else:
            bottom, top = _ceil_div(-least, a), (-greatest) // a if M[KIND][c] == EQ else 1 << 62
        origin = M[LEAST][var]
        if not _keep_between(M, W, U, state, var, max(bottom - origin, 0), min(top - origin, 64 * M[NW][var] - 1)):
            return False
        if W[IS_CHANGED][var]:
            new_low, new_high = _term_span(M, U, var, a)
            low_sum += new_low - low
            high_sum += new_high - high
    return True


@inner
def _supports(M, W, U, state, c):
    """mac on a relation of two variables: each keeps the values that some value of the other
    satisfies (TextbookCsp._supports), both ways."""
    start, constant, kind = M[CSTART][c], M[CCONST][c], M[KIND][c]
    for side in range(2):
        var, mine = M[CVAR][start + side], M[CCOEF][start + side]
        other, theirs = M[CVAR][start + 1 - side], M[CCOEF][start + 1 - side]
        origin = M[LEAST][var]
        if kind == LE:  # some w with mine·v + c + theirs·w <= 0: the other's least term
            low, _ = _term_span(M, U, other, theirs)
            bound = -(constant + low)
            if mine > 0:
                a, b = 0, bound // mine - origin
            else:
                a, b = _ceil_div(bound, mine) - origin, 64 * M[NW][var] - 1
            if not _keep_between(M, W, U, state, var, max(a, 0), min(b, 64 * M[NW][var] - 1)):
                return False
        elif kind == NE:  # two values of the other leave every v a support; one value rules out one v
            k = _fixed(M, U, other)
            if k >= 0:
                total = constant + theirs * (M[LEAST][other] + k)
                if total % mine == 0:
                    _drop(M, W, U, state, var, -total // mine - origin)
            if _empty(M, U, var):
                return False
        else:  # some w of the other's domain with theirs·w = -(mine·v + c)
            w0 = M[WOFF][var]
            for w in range(M[NW][var]):
                U[SCRATCH][w] = ZERO
                word = U[DOM][w0 + w]
                while word:
                    k = 64 * w + bit_index(word)
                    word &= word - np.uint64(1)
                    need = -(mine * (origin + k) + constant)
                    if need % theirs == 0 and _has(M, U, other, need // theirs - M[LEAST][other]):
                        U[SCRATCH][w] |= _bit(k)
            if not _keep_scratch(M, W, U, state, var):
                return False
    return True


@inner
def _all_different(M, W, U, state, c):
    """A variable with one value left takes that value's image from the others
    (TextbookCsp._all_different)."""
    start, size = M[CSTART][c], M[CLEN][c]
    rows, images = W[ROWS], W[IMAGES]
    fixed = 0  # the positions with one value left (rows[:fixed]), their images (images[:fixed]) distinct
    for t in range(start, start + size):
        var = M[CVAR][t]
        k = _fixed(M, U, var)
        if k >= 0:
            image = M[CCOEF][t] * (M[LEAST][var] + k) + M[COFF][t]
            for f in range(fixed):
                if images[f] == image:
                    return False
            rows[fixed], images[fixed] = t, image
            fixed += 1
    if fixed == 0:
        return True
    next_fixed = 0
    for t in range(start, start + size):
        if next_fixed < fixed and rows[next_fixed] == t:  # (its one value's image is its own: nothing to take)
            next_fixed += 1
            continue
        var, a, b = M[CVAR][t], M[CCOEF][t], M[COFF][t]
        origin = M[LEAST][var]
        for f in range(fixed):
            if a == 1:
                _drop(M, W, U, state, var, images[f] - b - origin)
            elif (images[f] - b) % a == 0:
                _drop(M, W, U, state, var, (images[f] - b) // a - origin)
        if W[IS_CHANGED][var] and _empty(M, U, var):
            return False
    return True


@inner
def _table(M, W, U, state, c):
    """The rows still possible; each variable keeps the values some of them use
    (TextbookCsp._table)."""
    start, size = M[CSTART][c], M[CLEN][c]
    first, count = M[TSTART][c], M[TROWS][c]
    rows, tab = W[ROWS], M[TAB]
    possible = 0
    for r in range(count):
        row = first + r * size
        ok = True
        for j in range(size):
            var = M[CVAR][start + j]
            if not _has(M, U, var, tab[row + j] - M[LEAST][var]):
                ok = False
                break
        if ok:
            rows[possible] = row
            possible += 1
    for j in range(size):
        var = M[CVAR][start + j]
        for w in range(M[NW][var]):
            U[SCRATCH][w] = ZERO
        for p in range(possible):
            k = tab[rows[p] + j] - M[LEAST][var]
            U[SCRATCH][k >> 6] |= _bit(k)
        if not _keep_scratch(M, W, U, state, var):
            return False
    return True


@inner
def _revise(M, W, U, state, method, c):
    kind = M[KIND][c]
    if kind == ALL_DIFFERENT:
        return _all_different(M, W, U, state, c)
    if kind == TABLE:
        return _table(M, W, U, state, c)
    if method == MAC and M[CLEN][c] == 2:
        return _supports(M, W, U, state, c)
    return _bounds(M, W, U, state, c)


@inner
def _propagate(M, W, U, state, method, first, count):
    """mac: the constraints M[ONLIST][first:first + count] (or, count -1, every constraint),
    then those on every variable that loses values, first in first out, to a fixed point
    (TextbookCsp._propagate); False at an empty domain."""
    queue, queued = W[QUEUE], W[QUEUED]
    capacity = len(queue)
    head, size = 0, 0
    total = len(M[KIND]) if count < 0 else count
    for i in range(total):
        c = i if count < 0 else M[ONLIST][first + i]
        queue[size] = c
        queued[c] = 1
        size += 1
    ok = True
    while size:
        c = queue[head]
        head = head + 1 if head + 1 < capacity else 0
        size -= 1
        queued[c] = 0
        _forget_changes(W, state)
        state[REVISIONS] += 1
        if not _revise(M, W, U, state, method, c):
            ok = False
            break
        for i in range(state[N_CHANGED]):
            var = W[CHANGED][i]
            for j in range(M[ONSTART][var], M[ONSTART][var + 1]):
                other = M[ONLIST][j]
                if not queued[other]:
                    tail = head + size
                    queue[tail if tail < capacity else tail - capacity] = other
                    queued[other] = 1
                    size += 1
    while size:  # (a failure leaves the queue as the python engine's is dropped: empty)
        queued[queue[head]] = 0
        head = head + 1 if head + 1 < capacity else 0
        size -= 1
    _forget_changes(W, state)
    return ok


# basic: the checks against the variables given so far (TextbookCsp._checks)
@inner
def _checks(M, W, c, var):
    start, size, kind = M[CSTART][c], M[CLEN][c], M[KIND][c]
    given, value = W[GIVEN], W[VALUE]
    if kind == ALL_DIFFERENT:
        for t in range(start, start + size):
            if M[CVAR][t] != var:
                continue
            image = M[CCOEF][t] * value[var] + M[COFF][t]
            for s in range(start, start + size):
                other = M[CVAR][s]
                # the other positions of var (each pair once) and those of the variables given
                mine_or_given = (other == var and s > t) or (other != var and given[other])
                if mine_or_given and M[CCOEF][s] * value[other] + M[COFF][s] == image:
                    return False
        return True
    for t in range(start, start + size):
        if not given[M[CVAR][t]]:
            return True
    if kind == TABLE:
        tab = M[TAB]
        for r in range(M[TROWS][c]):
            row = M[TSTART][c] + r * size
            match = True
            for j in range(size):
                if tab[row + j] != value[M[CVAR][start + j]]:
                    match = False
                    break
            if match:
                return True
        return False
    total = M[CCONST][c]
    for t in range(start, start + size):
        total += M[CCOEF][t] * value[M[CVAR][t]]
    return total <= 0 if kind == LE else total == 0 if kind == EQ else total != 0


@inner
def _compatible(M, W, U, state, method, var):
    """The value just given to var holds, by the method's means (TextbookCsp._compatible)."""
    first, last = M[ONSTART][var], M[ONSTART][var + 1]
    ok = True
    if method == BASIC:
        for j in range(first, last):
            if not _checks(M, W, M[ONLIST][j], var):
                ok = False
                break
        return ok
    if method == FORWARD:
        for j in range(first, last):
            state[REVISIONS] += 1
            if not _revise(M, W, U, state, method, M[ONLIST][j]):
                ok = False
                break
        _forget_changes(W, state)
        return ok
    return _propagate(M, W, U, state, method, first, last - first)


# the orders (TextbookCsp._choose, _ordered)
@inner
def _degree(M, W, var):
    """The constraints on var with another free variable."""
    degree = 0
    for j in range(M[ONSTART][var], M[ONSTART][var + 1]):
        if W[FREE][M[ONLIST][j]] >= 2:
            degree += 1
    return degree


@inner
def _choose(M, W, U, mrv):
    """The first free variable, or with mrv the one with the fewest values left, ties by the
    most constraints with other free variables, then the first."""
    best, best_size, best_degree = -1, 0, -1
    for var in range(len(W[GIVEN])):
        if W[GIVEN][var]:
            continue
        if not mrv:
            return var
        size = _size(M, U, var)
        if best < 0 or size < best_size:
            best, best_size, best_degree = var, size, -1
        elif size == best_size:
            if best_degree < 0:
                best_degree = _degree(M, W, best)
            degree = _degree(M, W, var)
            if degree > best_degree:
                best, best_degree = var, degree
    return best


@inner
def _ruled_out(M, W, U, state, method, var, value):
    """How many values of the others one pass of var's constraints removes once var has
    `value` (lcv's look-ahead: counts nothing, leaves the domains as they were)."""
    mark = state[TRAIL_TOP]
    counting = state[COUNTING]
    state[COUNTING], state[LOOKING], state[REMOVED] = 0, var, 0
    _give(M, W, U, state, var, value)
    for j in range(M[ONSTART][var], M[ONSTART][var + 1]):
        if not _revise(M, W, U, state, method, M[ONLIST][j]):
            break
    _undo(W, U, state, mark)
    _forget_changes(W, state)
    state[COUNTING], state[LOOKING] = counting, -1
    return state[REMOVED]


@inner
def _list_values(M, W, U, state, method, lcv, level, var):
    """var's values at `level`, in the order they are tried, in VBUF from VSTART[level]."""
    start = W[VSTART][level]
    count = 0
    w0, origin = M[WOFF][var], M[LEAST][var]
    for w in range(M[NW][var]):
        word = U[DOM][w0 + w]
        while word:
            W[VBUF][start + count] = origin + 64 * w + bit_index(word)
            word &= word - np.uint64(1)
            count += 1
    W[VCOUNT][level], W[VPOS][level] = count, 0
    W[VSTART][level + 1] = start + count
    if lcv and count > 1:
        scores = W[SCORES]
        for i in range(count):
            scores[i] = _ruled_out(M, W, U, state, method, var, W[VBUF][start + i])
        for i in range(1, count):  # insertion sort by (removed, value): the values are ascending already
            j = i
            while j > 0 and scores[j - 1] > scores[j]:
                scores[j - 1], scores[j] = scores[j], scores[j - 1]
                W[VBUF][start + j - 1], W[VBUF][start + j] = W[VBUF][start + j], W[VBUF][start + j - 1]
                j -= 1


@inner
def _take(M, W, U, state, var, value):
    """var is given `value` (the search's step: freeing counts kept for mrv's degree)."""
    W[GIVEN][var], W[VALUE][var] = 1, value
    for j in range(M[ONSTART][var], M[ONSTART][var + 1]):
        W[FREE][M[ONLIST][j]] -= 1
    _give(M, W, U, state, var, value)


@inner
def _untake(M, W, U, state, var, mark):
    W[GIVEN][var] = 0
    for j in range(M[ONSTART][var], M[ONSTART][var + 1]):
        W[FREE][M[ONLIST][j]] += 1
    _undo(W, U, state, mark)


@inner
def _start(M, W, U, state, method):
    """The root's work: False when a domain is empty, a constant constraint false, or (mac)
    the first propagation empties a domain."""
    state[STARTED] = 1
    if state[ROOT_FALSE]:
        return False
    for var in range(len(W[GIVEN])):
        if _empty(M, U, var):
            return False
    return method != MAC or _propagate(M, W, U, state, method, np.int64(0), np.int64(-1))


@entry
def replay(M, W, U, state, method, path_vars, path_values):
    """The root's work and the values of a sub-tree's path given as the search gave them,
    counting nothing: the domains as the search had them at level len(path_vars)."""
    state[COUNTING] = 0
    revisions = state[REVISIONS]
    _start(M, W, U, state, method)
    for level in range(len(path_vars)):
        var, value = path_vars[level], path_values[level]
        W[VAR_AT][level] = var
        W[MARK][level] = state[TRAIL_TOP]
        _take(M, W, U, state, var, value)
        _compatible(M, W, U, state, method, var)
    state[COUNTING], state[REVISIONS] = 1, revisions


@entry
def csp_slice(M, W, U, state, method, mrv, lcv, stop_at_solution, node_stop):
    """The search until `node_stop` nodes (PAUSED), a solution (SOLUTION: the values in
    VALUE), a node of level SPLIT (FRONTIER: its path in VAR_AT and VALUE) or the end
    (EXHAUSTED). ENTERING set: the node of level DEPTH is to be entered; clear: the search goes
    back up from it."""
    level, entering, nodes, tries, backtracks = load_counters(state)
    base, split, n = state[BASE], state[SPLIT], len(W[GIVEN])
    outcome = PAUSED
    if not state[STARTED]:
        if nodes >= node_stop:
            return PAUSED
        if not _start(M, W, U, state, method):
            store_counters(state, level, 0, nodes + 1, tries, backtracks)
            return EXHAUSTED
    while True:
        trying = False
        if entering:
            if level == split:
                outcome = FRONTIER
                entering = 0
                break
            if nodes >= node_stop:
                break
            nodes += 1
            entering = 0
            if level == n:
                state[SOLUTIONS] += 1
                if stop_at_solution:
                    outcome = SOLUTION
                    break
            else:
                var = _choose(M, W, U, mrv)
                W[VAR_AT][level] = var
                _list_values(M, W, U, state, method, lcv, level, var)
                trying = True
        while True:
            if trying:
                var = W[VAR_AT][level]
                descended = False
                while W[VPOS][level] < W[VCOUNT][level]:
                    value = W[VBUF][W[VSTART][level] + W[VPOS][level]]
                    W[VPOS][level] += 1
                    tries += 1
                    W[MARK][level] = state[TRAIL_TOP]
                    _take(M, W, U, state, var, value)
                    if _compatible(M, W, U, state, method, var):
                        descended = True
                        break
                    _untake(M, W, U, state, var, W[MARK][level])
                if descended:
                    level += 1
                    entering = 1
                    break
            if level == base:
                outcome = EXHAUSTED
                break
            level -= 1
            backtracks += 1
            _untake(M, W, U, state, W[VAR_AT][level], W[MARK][level])
            trying = True
        if outcome == EXHAUSTED:
            break
    store_counters(state, level, entering, nodes, tries, backtracks)
    return outcome
