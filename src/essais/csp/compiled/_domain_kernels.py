"""numba kernels of a model's domains (essais.csp): the arena that holds a model and its search,
the domains as bit sets, their narrowing with the trail and the counters, for the propagators of
essais.csp.compiled._propagation_kernels and the search of essais.csp.compiled._kernels.
Private: checked inputs only; imports numpy, numba and essais.core alone.

The model and the search's work live in one int64 array, `A` (an arena): its header (the
constants below) says where each section starts, `A[A[CVAR] + t]` being the variable of term t.
The model's sections: each variable's least value and its words in the domains (a bit set, bit
k: the value least + k, 64 to a word; a wide domain, more values than the bit-set width, has no
word: its declared values are its ranges, RSTART/RANGES, between two bounds LOW and HIGH that
move, trailed once a try each, STAMP); each constraint's kind, its variables with their
coefficients and offsets (cstart, clen), its own fields (in FIELDS; FSTART: where each
constraint's start in the arena, `fields_at`; each kind declares its fields by name, Kind.fields
in essais.csp.kinds, and its kernel file names their places <KIND>_<FIELD>), whether its
propagation is idempotent (IDEMPOTENT), whether its revision is costly (COSTLY: mac's queue
revises it after the cheap ones, Kind.costly), the least change of a variable that wakes it
(WAKES: an event, ON_DOMAIN, ON_BOUNDS or ON_FIXED, Kind.woken_by); the constraints on each
variable; the objective's relaxation (RELAX: its items' count, the capacity, then each item's
variable, weight and worth, then the objective seen through its definition:
essais.csp.model.capacity); the constraint defining each auxiliary variable (DEFS; those are the
last variables, after the N_DECISIONS the search gives values to: essais.csp.kinds.flatten); 1
for each decision solutions are not told apart by (EXISTENTIAL:
essais.csp.model.Model.existential); the search's phases (PHASE: each decision's, the count of
phases where it is in none; PHASE_ORDER: the count, 1 where the phases ascend with the
variables, then each phase's variable order; VALUE_ORDER: each decision's value order, -1 the
method's: essais.csp.kinds.phase_orders).
The search's: the values given, the stack of levels, the queue (two rings, the cheap
constraints' and the costly ones'), the variables the running propagator changed (CHANGED, in
order; IS_CHANGED: 1 for those), the trail (each word's first entry since a revision began:
BEFORE_AT, valid where BEFORE_STAMP holds the state's BEFORE: words_before), a
propagator's work (CWORK: four numbers a place of the widest constraint, Kind.places, for the
one running: all_different's Hall intervals, circuit's chains), each constraint's weight
(wdeg), the auxiliary variables given (DEFINED, with each level's mark in DMARK). The words
(`U`, uint64: the domains, the trail's old words, a scratch word set) have their sections
placed by the same header."""

import numpy as np
from numba import njit

from essais.core.bits import bit_index, leading_zeros, popcount
from essais.core.sliced import FIRST_FREE_SLOT

# constraint kinds: Σ a·x + c REL 0 (REL <=, ==, !=), all_different(a·x + b), table, circuit,
# no_overlap (its durations as the terms' offsets), increasing, global_cardinality, count (the
# count its last variable), distance (x, y, z: z = |x - y|), element (index, the items that are
# variables, the value), reified (b ↔ Σ a·x + c REL 0, b last), product (x, y, z: z = x·y), arithmetic
# (x, z or x, y, z: z = abs(x), min, max, quotients and remainders), cumulative (its durations as
# the terms' offsets, its heights a field), parity (0/1 variables, z = (Σ x) mod 2 the last); what
# their fields hold:
# essais.csp.kinds, each kind's field_values
KIND_NAMES = ("LE", "EQ", "NE", "ALL_DIFFERENT", "TABLE", "CIRCUIT", "NO_OVERLAP", "INCREASING", "CARDINALITY", "COUNT",
              "DISTANCE", "ELEMENT", "REIFIED", "PRODUCT", "ARITHMETIC", "CUMULATIVE", "PARITY")  # fmt: skip
(LE, EQ, NE, ALL_DIFFERENT, TABLE, CIRCUIT, NO_OVERLAP, INCREASING, CARDINALITY, COUNT, DISTANCE, ELEMENT,
 REIFIED, PRODUCT, ARITHMETIC, CUMULATIVE, PARITY) = range(len(KIND_NAMES))  # fmt: skip
# STAR in a table's row: any value there (XCSP3's *)
STAR = -(1 << 62)
BASIC, FORWARD, MAC = range(3)
INPUT, MRV, WDEG, SMALLEST, LARGEST, DOM = range(6)  # the variable orders
# the value orders: min, max, lcv, split, reverse-split (those from SPLIT_LOW halve a domain)
ASCENDING, DESCENDING, LCV, SPLIT_LOW, SPLIT_HIGH = range(5)
# The arena's header, declared here once: where each section starts (the model's, the search's,
# the words' in U: slot k for the k-th section), then the model's sizes. engine.py builds the
# sections keyed by these slots (in_slot_order) and a test holds the slots to 0 … HEADER - 1.
MODEL = (LEAST, WOFF, NW, KIND, CSTART, CLEN, CVAR, CCOEF, COFF, FSTART, FIELDS, ONSTART, ONLIST, DISTINCT, RELAX,
         DEFS, IDEMPOTENT, COSTLY, WAKES, RSTART, RANGES, EXISTENTIAL, PHASE, PHASE_ORDER,
         VALUE_ORDER) = tuple(range(25))  # fmt: skip
WORK = (GIVEN, VALUE, FREE, VAR_AT, VSTART, VCOUNT, VPOS, MARK, VBUF, QUEUE, QUEUED, CHANGED, IS_CHANGED, ROWS,
        IMAGES, SCORES, TRAIL, TRAIL_VAR, SIZE, CWORK, WEIGHTS, DEFINED, DMARK, LOW, HIGH,
        STAMP, ENTAILED, BEFORE_STAMP, BEFORE_AT) = tuple(range(25, 54))  # fmt: skip
WORDS = (DOM, TRAIL_OLD, SCRATCH) = (54, 55, 56)
N_VARIABLES, N_CONSTRAINTS, N_DECISIONS = 57, 58, 59
HEADER = 60
# A propagator's outcome (a kind's REVISE request): it failed (a domain emptied), it holds, or it
# holds whatever values are left (entailed: mac's queue skips it until the search backs up past
# the revision that said so, its trail entry ENTAILED_CODE - c)
FAILED, HOLDS, ENTAILS = 0, 1, 2
# A variable's change (essais.csp.kinds.base, where a test holds these to its own): a value
# gone, its least or greatest gone, one value left; each a case of the one before
ON_DOMAIN, ON_BOUNDS, ON_FIXED = 1, 2, 3
ENTAILED_CODE = -(1 << 50)
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
# restarts (TextbookCsp.solutions): run RUN stops after luby(RUN) · RESTART_BACKTRACKS backtracks
RESTARTING = FIRST_FREE_SLOT + 17  # 1: restarts on
RESTARTS = FIRST_FREE_SLOT + 18
RUN = FIRST_FREE_SLOT + 19
RUN_START = FIRST_FREE_SLOT + 20  # the backtracks counted when the run began
N_DEFINED = FIRST_FREE_SLOT + 21  # the auxiliary variables given so far (DEFINED: which, in order)
DEFINED_VALUE = FIRST_FREE_SLOT + 22  # the value a kind's DEFINE request found
LEVEL_MARK = FIRST_FREE_SLOT + 23  # the trail's top when the last try (or lcv's look) began: a wide bound's stamp
# set from outside while the kernel runs (a time limit's timer, engine.CompiledCsp): the propagation
# stops at its next revision, and the slice with it (one node's propagation may be long: x < y and
# y < x over 0..10⁹ take 10⁹ revisions)
STOP = FIRST_FREE_SLOT + 24
PROJECTING = FIRST_FREE_SLOT + 25  # 1: some decisions are existential (EXISTENTIAL; TextbookCsp.existential)
HALVING = FIRST_FREE_SLOT + 26  # 1: some decision's value order halves its domain (levels are not one a variable)
# the trail's room a node may need (CspArrays.trail_room): a node is entered only with that much
# left, else the slice pauses and engine.CompiledCsp grows the trail
TRAIL_ROOM = FIRST_FREE_SLOT + 27
# the levels below it have had the bound improved under them since their domains were propagated
# (mac propagates it there before their next value: TextbookCsp._rebound)
REBOUND = FIRST_FREE_SLOT + 28
# 1: the bound may be lowered from outside between slices (a split optimisation's shared best),
# where no level's domains are known to have seen it (_kernels._settled)
SHARED_BOUND = FIRST_FREE_SLOT + 29
# lc (TextbookCsp._tried): 1 on; the variable whose value failed last while none of its values
# has held since (-1: none)
FOLLOWING = FIRST_FREE_SLOT + 30
CONFLICTED = FIRST_FREE_SLOT + 31
BEFORE = FIRST_FREE_SLOT + 32  # the stamp of the last words_before
STATE_SIZE = FIRST_FREE_SLOT + 33
RESTART_BACKTRACKS = 100

# Measured on 12 queens' count: without reference counting (nothing here allocates) a call
# costs no atomic count per array, 28 s -> 1.0 s with the model as tuples of arrays; one arena
# instead of 36 arrays makes each call pass 3 arrays, not 36 (0.44 s -> 0.35 s). Without the
# wrappers that let Python call them, the first compilation 20 s -> 10 s.
# A literal argument (or a variable set first to a literal, then changed) compiles a function a
# second time for that literal: such arguments are written np.int64(…) (the first compilation
# 17.1 s -> 15.5 s, a 3-variable solve_csp).
inner = njit(_nrt=False, no_cpython_wrapper=True, no_cfunc_wrapper=True)  # type: ignore[call-overload]
# A function of one call site whose callees are large, inlined into its caller by numba: compiled
# apart, it would optimise its callees' code once more (numba optimises each function's module
# with its callees' linked in): _step, _ruled_out and _list_values so, the first compilation
# 19.2 s -> 16.7 s (a 3-variable solve_csp, measured).
inlined = njit(inline="always", _nrt=False, no_cpython_wrapper=True, no_cfunc_wrapper=True)  # type: ignore[call-overload]
entry = njit(cache=True, nogil=True, _nrt=False)  # type: ignore[call-overload]
# What the search asks of a kind, through its entry by address (essais.core.addresses): its
# `_at` function, compiled as a C function with the kind's kernels inside, on its own and only
# when a model uses the kind (essais.csp.compiled.engine.entries), so that the search compiles
# once for every set of kinds and no kind is compiled into it. REVISE (x: the method): its
# propagator; CHECK (x: the variable just given): basic's check; DEFINE: the value of the
# auxiliary variable it defines, its inputs all given (1 with the value in DEFINED_VALUE, 2 when
# it has none there).
REVISE, CHECK, DEFINE = range(3)

NONE_ABOVE, NONE_BELOW = 1 << 62, -(1 << 62)  # no declared value there
ONES = np.uint64(0xFFFFFFFFFFFFFFFF)
ZERO = np.uint64(0)


@inner
def fields_at(A, c):
    """Where constraint c's own fields start in the arena: field f of its kind at fields_at(A, c) + f
    (FSTART holds where in the arena, not in FIELDS: one lookup less each time a propagator reads
    a field, as it read a shared CCONST before)."""
    return A[A[FSTART] + c]


@inner
def span_mask(a, b):
    """Bits a..b of a word (0 <= a <= b <= 63)."""
    return (ONES >> np.uint64(63 - b)) & (ONES << np.uint64(a))


@inner
def bit_of(k):
    return np.uint64(1) << np.uint64(k & 63)


# a variable's domain
@inner
def size_of(A, U, var):
    """The values left in var's domain (kept up to date as its words change)."""
    return A[A[SIZE] + var]


@inner
def is_wide(A, var):
    """var's domain is wide: its bounds and declared ranges, no words."""
    return A[A[NW] + var] == 0


@inner
def _lowest(A, U, var):
    """The least value's bit, -1 when the domain is empty."""
    if A[A[NW] + var] == 0:
        return A[A[LOW] + var] - A[A[LEAST] + var] if A[A[SIZE] + var] else -1
    w0 = A[A[WOFF] + var]
    for w in range(A[A[NW] + var]):
        word = U[A[DOM] + w0 + w]
        if word:
            return 64 * w + bit_index(word)
    return -1


@inner
def _highest(A, U, var):
    if A[A[NW] + var] == 0:
        return A[A[HIGH] + var] - A[A[LEAST] + var] if A[A[SIZE] + var] else -1
    w0 = A[A[WOFF] + var]
    for w in range(A[A[NW] + var] - 1, -1, -1):
        word = U[A[DOM] + w0 + w]
        if word:
            return 64 * w + 63 - leading_zeros(word)
    return -1


@inner
def fixed_bit(A, U, var):
    """The bit of the one value left, -1 when there are more (or none)."""
    if A[A[SIZE] + var] != 1:
        return -1
    if A[A[NW] + var] == 0:
        return A[A[LOW] + var] - A[A[LEAST] + var]
    w0 = A[A[WOFF] + var]
    w = 0
    while not U[A[DOM] + w0 + w]:
        w += 1
    return 64 * w + bit_index(U[A[DOM] + w0 + w])


@inner
def has_bit(A, U, var, k):
    """Bit k (a value's offset from the least) is in var's bit set (False outside its words: a
    wide domain's values are in_domain's). Kept this small: a test of a wide domain here made
    numba's compiled code around it slower, Golomb 10 by 15 % (measured)."""
    if k < 0 or k >= 64 * A[A[NW] + var]:
        return False
    return (U[A[DOM] + A[A[WOFF] + var] + (k >> 6)] & bit_of(k)) != ZERO


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
@inlined
def _set_word(A, U, state, var, w, new):
    """Word w of the domains (var's) becomes `new`, its old word trailed."""
    top = state[TRAIL_TOP]
    A[A[TRAIL] + top], A[A[TRAIL_VAR] + top] = w, var
    U[A[TRAIL_OLD] + top] = U[A[DOM] + w]
    state[TRAIL_TOP] = top + 1
    U[A[DOM] + w] = new


@inner
def store_word(A, U, state, var, w, new):
    """Word w of the domains becomes `new` (a subset of it): trailed, counted, var changed."""
    old = U[A[DOM] + w]
    if old == new:
        return
    _set_word(A, U, state, var, w, new)
    removed = popcount(old & ~new)
    A[A[SIZE] + var] -= removed
    _pruned(A, state, var, removed)


@inlined
def _pruned(A, state, var, removed):
    """A propagator removed `removed` values of var: counted (pruned, or lcv's look-ahead's), var changed."""
    if state[COUNTING]:
        state[PRUNED] += removed
    elif var != state[LOOKING]:
        state[REMOVED] += removed
    if not A[A[IS_CHANGED] + var]:
        A[A[IS_CHANGED] + var] = 1
        A[A[CHANGED] + state[N_CHANGED]] = var
        state[N_CHANGED] += 1


@inner
def keep_between(A, U, state, var, a, b):
    """var keeps the values whose bits lie in a..b (b beyond its words: all up from a); False
    when none is left."""
    if A[A[NW] + var] == 0:
        least = A[A[LEAST] + var]
        return bound_wide(A, state, var, least + a, least + b, True)
    w0, nw = A[A[WOFF] + var], A[A[NW] + var]
    left = False
    for w in range(nw):
        lo, hi = max(a - 64 * w, 0), min(b - 64 * w, 63)
        old = U[A[DOM] + w0 + w]
        new = old & span_mask(lo, hi) if lo <= hi else ZERO
        store_word(A, U, state, var, w0 + w, new)
        left = left or new != ZERO
    return left


# a wide domain: its declared ranges, its bounds
@inner
def in_domain(A, U, var, k):
    """Bit k (a value's offset from the least) is in var's domain, a bit set or a wide one (whose
    bounds and declared ranges hold the value least + k)."""
    if A[A[NW] + var] != 0:
        return has_bit(A, U, var, k)
    value = A[A[LEAST] + var] + k
    return A[A[LOW] + var] <= value <= A[A[HIGH] + var] and _declared_from(A, var, value) == value


@inner
def _declared_between(A, var, low, high):
    """How many of var's declared values lie in low..high."""
    total = 0
    for r in range(A[A[RSTART] + var], A[A[RSTART] + var + 1]):
        a, b = max(A[A[RANGES] + 2 * r], low), min(A[A[RANGES] + 2 * r + 1], high)
        if a <= b:
            total += b - a + 1
    return total


@inner
def _declared_from(A, var, value):
    """var's least declared value from `value` up (NONE_ABOVE: none)."""
    for r in range(A[A[RSTART] + var], A[A[RSTART] + var + 1]):
        if A[A[RANGES] + 2 * r + 1] >= value:
            return max(A[A[RANGES] + 2 * r], value)
    return NONE_ABOVE


@inner
def _declared_to(A, var, value):
    """var's greatest declared value up to `value` (NONE_BELOW: none)."""
    for r in range(A[A[RSTART] + var + 1] - 1, A[A[RSTART] + var] - 1, -1):
        if A[A[RANGES] + 2 * r] <= value:
            return min(A[A[RANGES] + 2 * r + 1], value)
    return NONE_BELOW


@inner
def _save_bound(A, state, var, side):
    """A wide domain's bound (side 0: LOW, 1: HIGH) trailed, once since the last try began
    (LEVEL_MARK): its stamp is where it was last trailed, still its entry on the trail."""
    code = -1 - (2 * var + side)
    stamp = A[A[STAMP] + 2 * var + side]
    if state[LEVEL_MARK] <= stamp < state[TRAIL_TOP] and A[A[TRAIL_VAR] + stamp] == code:
        return
    top = state[TRAIL_TOP]
    A[A[TRAIL] + top], A[A[TRAIL_VAR] + top] = A[A[LOW if side == 0 else HIGH] + var], code
    A[A[STAMP] + 2 * var + side] = top
    state[TRAIL_TOP] = top + 1


@inner
def bound_wide(A, state, var, low, high, pruning):
    """A wide domain's bounds become low..high (within them), each moved onto a declared value,
    trailed; `pruning`: a propagator's (its values counted, var changed), else a choice's
    (TextbookCsp._bounded). False when none is left (its bounds then 1..0)."""
    old_low, old_high = A[A[LOW] + var], A[A[HIGH] + var]
    if low <= old_low and high >= old_high:  # (nothing to cut: most revisions)
        return old_low <= old_high
    first = _declared_from(A, var, max(low, old_low))
    last = _declared_to(A, var, min(high, old_high))
    if first > last:
        first, last = 1, 0
    if first == old_low and last == old_high:
        return first <= last
    removed = A[A[SIZE] + var]
    if first != old_low:
        _save_bound(A, state, var, 0)
        A[A[LOW] + var] = first
    if last != old_high:
        _save_bound(A, state, var, 1)
        A[A[HIGH] + var] = last
    A[A[SIZE] + var] = _declared_between(A, var, first, last) if first <= last else 0
    if pruning:
        _pruned(A, state, var, removed - A[A[SIZE] + var])
    return first <= last


@inner
def keep_values(A, U, state, var, low, high):
    """var keeps its values in low..high (TextbookCsp.keep_range); False when none is left."""
    least = A[A[LEAST] + var]
    return keep_between(A, U, state, var, max(low - least, 0), high - least)


@inner
def keep_scratch(A, U, state, var):
    """var keeps the values of the scratch words; False when none is left."""
    w0 = A[A[WOFF] + var]
    left = False
    for w in range(A[A[NW] + var]):
        new = U[A[DOM] + w0 + w] & U[A[SCRATCH] + w]
        store_word(A, U, state, var, w0 + w, new)
        left = left or new != ZERO
    return left


@inner
def drop_bit(A, U, state, var, k):
    """Bit k out of var's domain (if it is there); of a wide domain only at a bound, which then
    moves to the next value (a value inside stays)."""
    if A[A[NW] + var] == 0:
        value, low, high = A[A[LEAST] + var] + k, A[A[LOW] + var], A[A[HIGH] + var]
        if value == low and low <= high:
            bound_wide(A, state, var, value + 1, high, True)
        elif value == high and low <= high:
            bound_wide(A, state, var, low, value - 1, True)
        return
    if has_bit(A, U, var, k):
        w = A[A[WOFF] + var] + (k >> 6)
        store_word(A, U, state, var, w, U[A[DOM] + w] & ~bit_of(k))


@inner
def seen_word(A, U, var, k, shift):
    """Word k of var's bits seen from `shift` bits on: its bit b is var's bit 64k + b + shift
    (none outside var's words)."""
    first = 64 * k + shift
    w, r = first >> 6, first & 63
    nw, w0 = A[A[NW] + var], A[DOM] + A[A[WOFF] + var]
    low = U[w0 + w] if 0 <= w < nw else ZERO
    if r == 0:
        return low
    high = U[w0 + w + 1] if 0 <= w + 1 < nw else ZERO
    return (low >> np.uint64(r)) | (high << np.uint64(64 - r))


@inner
def all_given(A, c):
    """Every variable of constraint c has its value (basic checks most kinds then)."""
    start, free = A[A[CSTART] + c], 0
    for t in range(start, start + A[A[CLEN] + c]):
        free += A[A[GIVEN] + A[A[CVAR] + t]] == 0
    return free == 0


@inner
def inputs_given(A, c):
    """Every variable of constraint c but the last (the one it defines) has its value."""
    start = A[A[CSTART] + c]
    for t in range(start, start + A[A[CLEN] + c] - 1):  # noqa: SIM110  (a loop: numba compiles no generator here)
        if not A[A[GIVEN] + A[A[CVAR] + t]]:
            return False
    return True


@inner
def last_value(A, c):
    """The value given to constraint c's last variable (a count's total, an element's value, a
    reified relation's b)."""
    return A[A[VALUE] + A[A[CVAR] + A[A[CSTART] + c] + A[A[CLEN] + c] - 1]]


@inner
def defined(state, value):
    """A DEFINE request's answer: the value found (1), kept in DEFINED_VALUE."""
    state[DEFINED_VALUE] = value
    return 1


@inner
def is_empty(A, U, var):
    w0 = A[A[WOFF] + var]
    left = ZERO
    for w in range(w0, w0 + A[A[NW] + var]):
        left |= U[A[DOM] + w]
    return left == ZERO and (A[A[NW] + var] != 0 or A[A[SIZE] + var] == 0)  # (a wide domain has no words)


@inner
def give(A, U, state, var, value):
    """var's domain becomes `value` alone (a choice: trailed, not counted as pruned)."""
    if A[A[NW] + var] == 0:
        bound_wide(A, state, var, value, value, False)
        return
    k = value - A[A[LEAST] + var]
    w0 = A[A[WOFF] + var]
    for w in range(A[A[NW] + var]):
        new = bit_of(k) if w == k >> 6 else ZERO
        if U[A[DOM] + w0 + w] != new:
            _set_word(A, U, state, var, w0 + w, new)
    A[A[SIZE] + var] = 1


@inner
def choose_between(A, U, state, var, a, b):
    """var keeps the values whose bits lie in a..b (a split's choice: trailed, not counted as
    pruned, var not listed as changed)."""
    if A[A[NW] + var] == 0:
        least = A[A[LEAST] + var]
        bound_wide(A, state, var, least + a, least + b, False)
        return
    w0, size = A[A[WOFF] + var], 0
    for w in range(A[A[NW] + var]):
        lo, hi = max(a - 64 * w, 0), min(b - 64 * w, 63)
        new = U[A[DOM] + w0 + w] & span_mask(lo, hi) if lo <= hi else ZERO
        if U[A[DOM] + w0 + w] != new:
            _set_word(A, U, state, var, w0 + w, new)
        size += popcount(new)
    A[A[SIZE] + var] = size


@inner
def entail(A, state, c):
    """Constraint c holds whatever values are left: flagged (ENTAILED) and the flag trailed."""
    top = state[TRAIL_TOP]
    A[A[TRAIL] + top], A[A[TRAIL_VAR] + top] = 0, ENTAILED_CODE - c
    state[TRAIL_TOP] = top + 1
    A[A[ENTAILED] + c] = 1


@inner
def undo(A, U, state, mark):
    top = state[TRAIL_TOP]
    while top > mark:
        top -= 1
        if A[A[TRAIL_VAR] + top] <= ENTAILED_CODE:  # (a constraint entailed: _propagation_kernels.propagate)
            A[A[ENTAILED] + ENTAILED_CODE - A[A[TRAIL_VAR] + top]] = 0
            continue
        if A[A[TRAIL_VAR] + top] < 0:  # (a wide domain's bound: -1 - (2·var + side), the old bound)
            side = -1 - A[A[TRAIL_VAR] + top]
            var = side >> 1
            A[A[LOW if side & 1 == 0 else HIGH] + var] = A[A[TRAIL] + top]
            A[A[SIZE] + var] = _declared_between(A, var, A[A[LOW] + var], A[A[HIGH] + var])
            continue
        w, old = A[A[TRAIL] + top], U[A[TRAIL_OLD] + top]
        A[A[SIZE] + A[A[TRAIL_VAR] + top]] += popcount(old) - popcount(U[A[DOM] + w])
        U[A[DOM] + w] = old
    state[TRAIL_TOP] = top


# a revision's events (propagate): what a variable's change since the trail's mark did
@inner
def words_before(A, state, mark):
    """Each word changed since the trail was at `mark` stamped (BEFORE_STAMP) with its first
    trail entry since (BEFORE_AT), which holds the word as it was then."""
    state[BEFORE] += 1
    for i in range(state[TRAIL_TOP] - 1, mark - 1, -1):  # (backwards: the first entry stays)
        if A[A[TRAIL_VAR] + i] >= 0:  # (a bit set's word; a wide bound's entry or an entailment's is below 0)
            w = A[A[TRAIL] + i]
            A[A[BEFORE_STAMP] + w], A[A[BEFORE_AT] + w] = state[BEFORE], i


@inner
def _word_before(A, U, state, w):
    """Word w of the domains as it was at words_before's mark."""
    if A[A[BEFORE_STAMP] + w] == state[BEFORE]:
        return U[A[TRAIL_OLD] + A[A[BEFORE_AT] + w]]
    return U[A[DOM] + w]


@inner
def bounds_moved(A, U, state, var):
    """var's bit set lost its least or greatest value since words_before's mark (a value still
    there is still the least: the domain only shrank)."""
    first, last = A[A[WOFF] + var], A[A[WOFF] + var] + A[A[NW] + var] - 1
    for w in range(first, last + 1):
        old = _word_before(A, U, state, w)
        if old != ZERO:
            if not U[A[DOM] + w] & bit_of(bit_index(old)):
                return True
            break
    for w in range(last, first - 1, -1):
        old = _word_before(A, U, state, w)
        if old != ZERO:
            return not U[A[DOM] + w] & bit_of(63 - leading_zeros(old))
    return False


@inner
def forget_changes(A, state):
    for i in range(state[N_CHANGED]):
        A[A[IS_CHANGED] + A[A[CHANGED] + i]] = 0
    state[N_CHANGED] = 0


@inner
def term_span(A, U, var, a):
    """(least, greatest) of a·var over its domain."""
    least = A[A[LEAST] + var]
    low, high = a * (least + _lowest(A, U, var)), a * (least + _highest(A, U, var))
    return (low, high) if a > 0 else (high, low)


@inner
def ceil_div(x, a):
    return -((-x) // a)
