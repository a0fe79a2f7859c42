"""numba kernels of constraint search (essais.csp). Private: checked inputs only; imports numpy,
numba, essais.core and the domain and propagation kernels beside it.

`csp_slice` is essais.csp.textbook.TextbookCsp with an explicit stack, over a model passed as
arrays (one kernel for every model: a new model compiles nothing; the arena and its words are
described in essais.csp.compiled._domain_kernels), in resumable slices of a node budget: the same
solutions in the same order and the same counters (pruned and revisions included)."""

import numpy as np

from essais.core.addresses import call_on_arrays
from essais.core.bits import bit_index
from essais.core.limits import EXHAUSTED, FRONTIER, PAUSED, SOLUTION
from essais.core.sliced import load_counters, store_counters
from essais.csp.compiled._domain_kernels import (
    BASE,
    BASIC,
    BEST,
    BOUND,
    BOUND_ON,
    CCOEF,
    CHECK,
    CLEN,
    CONFLICTED,
    COUNTING,
    CSTART,
    CVAR,
    DEFINE,
    DEFINED,
    DEFINED_VALUE,
    DEFS,
    DESCENDING,
    DISTINCT,
    DMARK,
    DOM,
    EXISTENTIAL,
    FAILED,
    FOLLOWING,
    FORWARD,
    FREE,
    GIVEN,
    HALVING,
    IMPROVEMENTS,
    INPUT,
    KIND,
    LARGEST,
    LCV,
    LEAST,
    LEVEL_MARK,
    LOOKING,
    MAC,
    MARK,
    MRV,
    N_CONSTRAINTS,
    N_DECISIONS,
    N_DEFINED,
    N_VARIABLES,
    NW,
    ONLIST,
    ONSTART,
    PHASE,
    PHASE_ORDER,
    PROJECTING,
    REBOUND,
    REMOVED,
    RESTART_BACKTRACKS,
    RESTARTING,
    RESTARTS,
    REVISIONS,
    ROOT_FALSE,
    RUN,
    RUN_START,
    SCORES,
    SHARED_BOUND,
    SMALLEST,
    SOLUTIONS,
    SPLIT,
    SPLIT_LOW,
    STARTED,
    STOP,
    TIGHTEN,
    TRAIL,
    TRAIL_ROOM,
    TRAIL_TOP,
    TRAIL_VAR,
    VALUE,
    VALUE_ORDER,
    VAR_AT,
    VBUF,
    VCOUNT,
    VPOS,
    VSTART,
    WDEG,
    WEIGHTS,
    WOFF,
    choose_between,
    entry,
    fields_at,
    fixed_bit,
    forget_changes,
    give,
    in_domain,
    inlined,
    inner,
    inputs_given,
    is_empty,
    listed_from,
    own_from,
    size_of,
    term_span,
    undo,
)
from essais.csp.compiled._propagation_kernels import (
    LINEAR_CONSTANT,
    bound_holds,
    propagate,
    revise,
)

REFUSED, KEPT, STEP = range(3)  # what a split's half leaves to do (_halve)
HALTED = -1  # csp_slice's outcome when STOP ended a propagation


@inner
def _compatible(A, U, state, method, var, settled, entries):
    """The value just given to var holds, and so do those its auxiliary variables then take
    (TextbookCsp._compatible, then _define): var's step (but under mac where var is `settled`:
    _settled), then each auxiliary variable's (but under mac, whose propagation fixed them),
    one call site of the step for all (a second one would be compiled again: 3 s of the first
    compilation)."""
    current, k = var, np.int64(0)
    while True:
        if ((current == var and not settled) or method != MAC) and not _step(A, U, state, method, current, entries):
            return False
        current, k = _next_defined(A, U, state, k, entries)
        if current < 0:
            return current == -1


@inlined
def _settled(A, U, state, method, var):
    """mac: var has one value left before it is given it: the propagation that left it one
    reached its fixed point, the bound's too, so giving it changes no domain and var's
    constraints are not revised again (TextbookCsp._settled; ship-schedule's 2,663 decisions,
    all but six fixed so, at each of its 302 solutions). Not where the bound may have been
    lowered from outside since (SHARED_BOUND): each try propagates it then."""
    return method == MAC and not state[SHARED_BOUND] and size_of(A, U, var) == 1


@inlined
def _step(A, U, state, method, var, entries):
    """The value just given to var holds, by the method's means (TextbookCsp._compatible): the
    bound first once it prunes, then var's own constraints."""
    first, last = own_from(A, state, var), A[A[ONSTART] + var + 1]
    ok = True
    if method == BASIC:
        if state[BOUND_ON] and not bound_holds(A, U, state[BOUND]):
            _refused(A, state, state[BOUND])
            return False
        for j in range(first, last):
            if not call_on_arrays(entries[A[A[KIND] + A[A[ONLIST] + j]]], A, U, state, CHECK, var, A[A[ONLIST] + j]):
                _refused(A, state, A[A[ONLIST] + j])
                ok = False
                break
        return ok
    if method == FORWARD:
        if state[BOUND_ON]:
            state[REVISIONS] += 1
            ok = revise(A, U, state, method, state[BOUND], entries) != FAILED
            if not ok:
                _refused(A, state, state[BOUND])
        for j in range(first, last if ok else first):
            state[REVISIONS] += 1
            if revise(A, U, state, method, A[A[ONLIST] + j], entries) == FAILED:
                _refused(A, state, A[A[ONLIST] + j])
                ok = False
                break
        forget_changes(A, state)
        return ok
    return propagate(A, U, state, method, first, last - first, entries)


# the orders (TextbookCsp._choose, _ordered)
@inner
def _degree(A, state, var):
    """The constraints on var with another free variable."""
    degree = 0
    for j in range(own_from(A, state, var), A[A[ONSTART] + var + 1]):
        if A[A[FREE] + A[A[ONLIST] + j]] >= 2:
            degree += 1
    return degree


@inner
def _weight(A, state, var):
    """wdeg's weight of var: the weights of its constraints with another free variable."""
    weight = 0
    for j in range(own_from(A, state, var), A[A[ONSTART] + var + 1]):
        if A[A[FREE] + A[A[ONLIST] + j]] >= 2:
            weight += A[A[WEIGHTS] + A[A[ONLIST] + j]]
    return weight


@inner
def _choose(A, U, state, order, start):
    """The next decision variable (-1: none is free), the existential ones after the others
    (TextbookCsp._choose), from decision `start` on (_first_free); with lc the last conflict's
    where it is free and of those chosen from."""
    var = _choose_among(A, U, state, order, np.int64(0), start)
    if var < 0 and state[PROJECTING]:
        var = _choose_among(A, U, state, order, np.int64(1), np.int64(0))
    last = state[CONFLICTED]
    if var < 0 or last < 0 or A[A[GIVEN] + last] or A[A[PHASE] + last] != A[A[PHASE] + var]:
        return var
    return last if A[A[EXISTENTIAL] + last] == A[A[EXISTENTIAL] + var] or not state[PROJECTING] else var


@inner
def _tried(state, var, held):
    """lc: a value of var held (var no longer the last conflict) or failed (var the last
    conflict, unless one is there already) (TextbookCsp._tried)."""
    if held and var == state[CONFLICTED]:
        state[CONFLICTED] = -1
    elif not held and state[FOLLOWING] and state[CONFLICTED] < 0:
        state[CONFLICTED] = var


@inner
def _in_input_order(A, state, order):
    """Every decision is chosen by input order, the phases ascending with the variables and none
    existential: the next is the first free one."""
    if order != INPUT or not A[A[PHASE_ORDER] + 1] or state[PROJECTING]:
        return False
    for phase in range(A[A[PHASE_ORDER]]):  # noqa: SIM110  (a loop: numba compiles no generator)
        if A[A[PHASE_ORDER] + 2 + phase] != INPUT:
            return False
    return True


@inner
def _first_free(A, level, input_order):
    """Where the search for level's variable may start: in input order, at the variable of the
    level above (those before it were given above it; it may be still free, halved by a split),
    not at the first decision (ship-schedule: 2,663 decisions deep at each of its 302
    solutions: a scan from the first at each level took 0.7 s of its 1.5 s search)."""
    return A[A[VAR_AT] + level - 1] if input_order and level > 0 else np.int64(0)


@inner
def _choose_among(A, U, state, order, existential, start):
    """Among the free decisions (those `existential` or not, where some are), those of the first
    phase that has one (PHASE; the method's after the model's), by that phase's variable order:
    the first (input); with mrv the one with the fewest values left, ties by the most
    constraints with other free variables, then the first; with dom the fewest values left, ties
    by the first; with wdeg the least values left per
    weight, |D(x)|·w(y) < |D(y)|·w(x), ties by the first; with smallest the least least value,
    with largest the greatest greatest value, ties by the first (TextbookCsp._choose)."""
    phases, ascending = A[A[PHASE_ORDER]], A[A[PHASE_ORDER] + 1]
    best, best_phase, best_size, best_degree = np.int64(-1), phases + 1, 0, -1
    projecting = state[PROJECTING]
    for var in range(start, A[N_DECISIONS]):
        if A[A[GIVEN] + var]:
            continue
        if projecting and A[A[EXISTENTIAL] + var] != existential:
            continue
        phase = A[A[PHASE] + var]
        if phase > best_phase:
            if ascending:  # (the phases ascend with the variables: no later one is of an earlier phase)
                break
            continue
        if phase < best_phase:
            best, best_phase = np.int64(-1), phase
        var_order = order if phase == phases else A[A[PHASE_ORDER] + 2 + phase]
        if var_order == INPUT:
            if best < 0:
                best = var
                if phase == 0 or ascending:  # (no free decision of an earlier phase comes after it)
                    return var
            continue
        if var_order == SMALLEST or var_order == LARGEST:  # noqa: SIM109  (two comparisons: plain for numba)
            low, high = term_span(A, U, var, np.int64(1))
            key = low if var_order == SMALLEST else -high
            if best < 0 or key < best_size:
                best, best_size = var, key
            continue
        size = size_of(A, U, var)
        if var_order == WDEG:
            weight = _weight(A, state, var)
            if best < 0 or size * best_degree < best_size * weight:
                best, best_size, best_degree = var, size, weight
        elif best < 0 or size < best_size:
            best, best_size, best_degree = var, size, -1
        elif size == best_size and var_order == MRV:
            if best_degree < 0:
                best_degree = _degree(A, state, best)
            degree = _degree(A, state, var)
            if degree > best_degree:
                best, best_degree = var, degree
    return best


@inner
def _value_order_of(A, var, value_order):
    """var's value order: its phase's (VALUE_ORDER), else the method's `value_order`."""
    own = A[A[VALUE_ORDER] + var] if var < A[N_DECISIONS] else -1
    return value_order if own < 0 else own


@inner
def _refused(A, state, c):
    """Constraint c emptied a domain or failed basic's test: wdeg's weight of it grows (not
    while lcv looks ahead nor while a split's sub-tree replays its path)."""
    if state[COUNTING]:
        A[A[WEIGHTS] + c] += 1


@inlined
def _ruled_out(A, U, state, method, var, value, entries):
    """How many values of the others one pass of var's constraints removes once var has
    `value` (lcv's look-ahead: counts nothing, leaves the domains as they were)."""
    mark, level_mark = state[TRAIL_TOP], state[LEVEL_MARK]
    counting = state[COUNTING]
    state[COUNTING], state[LOOKING], state[REMOVED], state[LEVEL_MARK] = 0, var, 0, mark
    give(A, U, state, var, value)
    for j in range(listed_from(A, state, var), A[A[ONSTART] + var + 1]):
        if revise(A, U, state, method, A[A[ONLIST] + j], entries) == FAILED:
            break
    undo(A, U, state, mark)
    forget_changes(A, state)
    state[COUNTING], state[LOOKING], state[LEVEL_MARK] = counting, -1, level_mark
    return state[REMOVED]


@inlined
def _list_values(A, U, state, method, value_order, level, var, entries):
    """var's values at `level`, in the order they are tried, in VBUF from VSTART[level]; with a
    split order and more than one value, its two halves (_halve), none in VBUF."""
    start = A[A[VSTART] + level]
    count = 0
    value_order = _value_order_of(A, var, value_order)
    if value_order >= SPLIT_LOW and size_of(A, U, var) > 1:
        A[A[VCOUNT] + level], A[A[VPOS] + level] = 2, 0
        A[A[VSTART] + level + 1] = start
        return
    w0, origin, nw = A[A[WOFF] + var], A[A[LEAST] + var], A[A[NW] + var]
    for w in range(nw):
        word = U[A[DOM] + w0 + w]
        while word:
            A[A[VBUF] + start + count] = origin + 64 * w + bit_index(word)
            word &= word - np.uint64(1)
            count += 1
    if nw == 0:  # (a wide domain, no words, is listed only with one value left: TextbookCsp._choices)
        A[A[VBUF] + start] = origin + fixed_bit(A, U, var)
        count = 1
    A[A[VCOUNT] + level], A[A[VPOS] + level] = count, 0
    A[A[VSTART] + level + 1] = start + count
    if value_order == DESCENDING:
        for i in range(count // 2):
            low, high = A[VBUF] + start + i, A[VBUF] + start + count - 1 - i
            A[low], A[high] = A[high], A[low]
    if value_order == LCV and count > 1:
        scores = A[SCORES]
        for i in range(count):
            A[scores + i] = _ruled_out(A, U, state, method, var, A[A[VBUF] + start + i], entries)
        for i in range(1, count):  # insertion sort by (removed, value): the values are ascending already
            j = i
            while j > 0 and A[scores + j - 1] > A[scores + j]:
                A[scores + j - 1], A[scores + j] = A[scores + j], A[scores + j - 1]
                A[A[VBUF] + start + j - 1], A[A[VBUF] + start + j] = A[A[VBUF] + start + j], A[A[VBUF] + start + j - 1]
                j -= 1


@inner
def _rebound(A, U, state, method, level, var, entries):
    """mac: the bound, improved in a sub-tree, propagated on the level's own domains before its
    next value (TextbookCsp._rebound): False when that empties a domain; else the values of var
    listed at `level` and not tried yet keep those left in its domain."""
    if method != MAC:
        return True
    state[LEVEL_MARK] = state[TRAIL_TOP]  # (a wide bound changed from here is trailed: as a try's _mark)
    if not propagate(A, U, state, method, np.int64(0), np.int64(0), entries):
        return False
    start, kept = A[A[VSTART] + level], A[A[VPOS] + level]
    for i in range(kept, A[A[VCOUNT] + level]):
        value = A[A[VBUF] + start + i]
        if in_domain(A, U, var, value - A[A[LEAST] + var]):
            A[A[VBUF] + start + kept] = value
            kept += 1
    A[A[VCOUNT] + level] = kept
    return True


@inner
def _take(A, U, state, var, value):
    """var is given `value` (the search's step)."""
    _placed(A, var, value)
    give(A, U, state, var, value)


@inner
def _placed(A, var, value):
    """var has `value` (freeing counts kept for mrv's degree)."""
    A[A[GIVEN] + var], A[A[VALUE] + var] = 1, value
    for j in range(A[A[ONSTART] + var], A[A[ONSTART] + var + 1]):
        A[A[FREE] + A[A[ONLIST] + j]] -= 1


@inlined
def _kept_half(A, U, state, var, pos, value_order):
    """var keeps the values up to m = ⌊(least + greatest) / 2⌋ or those above (try `pos`: split
    tries the lower half first), given the value left once one is: True then."""
    low, high = term_span(A, U, var, np.int64(1))
    middle, least = (low + high) // 2, A[A[LEAST] + var]
    if (pos == 1) == (value_order == SPLIT_LOW):
        choose_between(A, U, state, var, middle + 1 - least, high - least)
    else:
        choose_between(A, U, state, var, low - least, middle - least)
    bit = fixed_bit(A, U, var)
    if bit >= 0:
        _placed(A, var, least + bit)
    return bit >= 0


@inner
def _halve(A, U, state, method, var, pos, value_order):
    """A split order's try `pos` at var (TextbookCsp._choices, _chosen): var keeps the values up
    to m = ⌊(least + greatest) / 2⌋ or those above (split: the lower half first), given the value
    left once one is. STEP: the method's step is to follow (its one call site is the search's:
    a second one made numba compile it apart, Golomb 10 1.3 s -> 2.0 s); else basic, with values
    left, has checked only the bound: KEPT, or REFUSED."""
    if not _kept_half(A, U, state, var, pos, value_order) and method == BASIC:
        if state[BOUND_ON] and not bound_holds(A, U, state[BOUND]):
            _refused(A, state, state[BOUND])
            return REFUSED
        return KEPT
    return STEP


@inner
def _free(A, var):
    A[A[GIVEN] + var] = 0
    for j in range(A[A[ONSTART] + var], A[A[ONSTART] + var + 1]):
        A[A[FREE] + A[A[ONLIST] + j]] += 1


@inner
def _mark(A, state, level):
    """Where the trail and the auxiliary variables given stand before level's value."""
    A[A[MARK] + level], A[A[DMARK] + level] = state[TRAIL_TOP], state[N_DEFINED]
    state[LEVEL_MARK] = state[TRAIL_TOP]  # (a wide bound is trailed once from here: _domain_kernels._save_bound)


@inner
def _untake(A, U, state, var, level):
    """var's value at `level` taken back, with the auxiliary variables given since (TextbookCsp._undefine)."""
    while state[N_DEFINED] > A[A[DMARK] + level]:
        state[N_DEFINED] -= 1
        _free(A, A[A[DEFINED] + state[N_DEFINED]])
    if A[A[GIVEN] + var]:  # (a split's half may leave more than one value: var not given)
        _free(A, var)
    undo(A, U, state, A[A[MARK] + level])


@inner
def _next_defined(A, U, state, k, entries):
    """The next auxiliary variable, from the k-th, whose inputs are all given, given its value
    (TextbookCsp._define): (it, the next k); (-1, k) when there is none, (-2, k) when its value
    is not in its domain (its definition refuses)."""
    decisions = A[N_DECISIONS]
    while k < A[N_VARIABLES] - decisions:
        aux = decisions + k
        k += 1
        if A[A[GIVEN] + aux]:
            continue
        c = A[A[DEFS] + k - 1]
        if not inputs_given(A, c):
            continue
        found = call_on_arrays(entries[A[A[KIND] + c]], A, U, state, DEFINE, np.int64(0), c)
        value = state[DEFINED_VALUE]
        if found != 1 or not in_domain(A, U, aux, value - A[A[LEAST] + aux]):
            _refused(A, state, c)
            return -2, k
        A[A[DEFINED] + state[N_DEFINED]] = aux
        state[N_DEFINED] += 1
        _take(A, U, state, aux, value)
        return aux, k
    return -1, k


@inner
def _start(A, U, state, method, entries):
    """The root's work: False when a domain is empty, a constant constraint false, (forward) a
    constraint on one variable empties it, or (mac) the first propagation empties a domain
    (TextbookCsp._root)."""
    state[STARTED] = 1
    if state[ROOT_FALSE]:
        return False
    for var in range(A[N_VARIABLES]):
        if is_empty(A, U, var):
            return False
    if method == FORWARD:
        return _unary(A, U, state, method, entries)
    return method != MAC or propagate(A, U, state, method, np.int64(0), np.int64(-1), entries)


@inner
def _unary(A, U, state, method, entries):
    """forward at the root: each constraint on one variable (the bound aside) narrows it once."""
    ok = True
    for c in range(A[N_CONSTRAINTS] - (state[BOUND] >= 0)):
        if A[A[DISTINCT] + c] == 1:
            state[REVISIONS] += 1
            if revise(A, U, state, method, c, entries) == FAILED:
                _refused(A, state, c)
                ok = False
                break
    forget_changes(A, state)
    return ok


@inner
def _improved(A, state):
    """A solution found with the objective tightening: the best so far, the bound below it
    (TextbookCsp._improved)."""
    c = state[BOUND]
    best = 0
    for t in range(A[A[CSTART] + c], A[A[CSTART] + c] + A[A[CLEN] + c]):
        best += A[A[CCOEF] + t] * A[A[VALUE] + A[A[CVAR] + t]]
    state[BEST] = best
    state[IMPROVEMENTS] += 1
    A[fields_at(A, c) + LINEAR_CONSTANT] = 1 - best
    state[BOUND_ON] = 1


@entry
def replay(A, U, state, method, value_order, path_vars, path_values, entries):
    """The root's work and the tries of a sub-tree's path given as the search made them (a
    value, or under a split order the half kept where the domain had more than one value: 0 the
    first tried, 1 the second), counting nothing: the domains as the search had them at level
    len(path_vars)."""
    state[COUNTING] = 0
    revisions = state[REVISIONS]
    _start(A, U, state, method, entries)
    for level in range(len(path_vars)):
        var, value = path_vars[level], path_values[level]
        A[A[VAR_AT] + level] = var
        _mark(A, state, level)
        own_order = _value_order_of(A, var, value_order)
        settled = False  # (a variable, not a literal: one compilation of _compatible)
        if own_order >= SPLIT_LOW and size_of(A, U, var) > 1:
            if _kept_half(A, U, state, var, value, own_order) or method != BASIC:
                _compatible(A, U, state, method, var, settled, entries)
        else:
            settled = _settled(A, U, state, method, var)
            _take(A, U, state, var, value)
            _compatible(A, U, state, method, var, settled, entries)
    state[COUNTING], state[REVISIONS] = 1, revisions


@inner
def _told(A, base, level):
    """A solution found: the existential decisions on its path try no other value (their other
    choices would tell no new solution apart: TextbookCsp.told)."""
    for at in range(base, level):
        if A[A[EXISTENTIAL] + A[A[VAR_AT] + at]]:
            A[A[VPOS] + at] = A[A[VCOUNT] + at]


@inner
def _luby(n):
    """The n-th term of Luby's sequence (textbook.luby)."""
    while True:
        k = 0
        while (1 << k) <= n:
            k += 1
        if n == (1 << k) - 1:
            return 1 << (k - 1)
        n -= (1 << (k - 1)) - 1


@inner
def _restart(A, U, state, level, backtracks):
    """A run ends: the levels above the root undone (counting nothing), the root's domains as
    they were before its work, the next run counted; the level to enter again (the root's)."""
    while level > 0:
        level -= 1
        _untake(A, U, state, A[A[VAR_AT] + level], level)
    undo(A, U, state, np.int64(0))
    state[LEVEL_MARK] = 0
    forget_changes(A, state)
    state[RESTARTS] += 1
    state[RUN] += 1
    state[RUN_START] = backtracks
    return level


@entry
def csp_slice(A, U, state, method, order, value_order, stop_at_solution, node_stop, entries):
    """The search until `node_stop` nodes (PAUSED), a solution (SOLUTION: the values in
    VALUE), a node of level SPLIT (FRONTIER: its path in VAR_AT and VALUE) or the end
    (EXHAUSTED). ENTERING set: the node of level DEPTH is to be entered; clear: the search goes
    back up from it."""
    level, entering, nodes, tries, backtracks = load_counters(state)
    base, split, n = state[BASE], state[SPLIT], A[N_DECISIONS]
    input_order = _in_input_order(A, state, order) and not state[FOLLOWING]  # (lc leaves the input order)
    outcome = PAUSED
    if not state[STARTED]:
        if nodes >= node_stop:
            return PAUSED
        if not _start(A, U, state, method, entries):
            if state[STOP]:
                return PAUSED
            store_counters(state, level, 0, nodes + 1, tries, backtracks)
            return EXHAUSTED
    while True:
        trying = False
        if entering:
            if level == split:
                outcome = FRONTIER
                entering = 0
                break
            if nodes >= node_stop or state[TRAIL_TOP] + state[TRAIL_ROOM] > A[TRAIL_VAR] - A[TRAIL]:
                break
            nodes += 1
            entering = 0
            # (a split order's levels are not one a variable: the solution is where none is left)
            var = _choose(A, U, state, order, _first_free(A, level, input_order)) if level < n or state[HALVING] else -1
            if var < 0:
                state[SOLUTIONS] += 1
                if state[PROJECTING]:
                    _told(A, base, level)
                if state[BOUND] >= 0 and state[TIGHTEN]:
                    _improved(A, state)
                    state[REBOUND] = level
                if stop_at_solution:
                    outcome = SOLUTION
                    break
            else:
                A[A[VAR_AT] + level] = var
                state[REBOUND] = min(state[REBOUND], level)  # (a new node: its domains see the bound)
                _list_values(A, U, state, method, value_order, level, var, entries)
                trying = True
        while True:
            if trying:
                var = A[A[VAR_AT] + level]
                own_order = _value_order_of(A, var, value_order)
                descended = False
                while A[A[VPOS] + level] < A[A[VCOUNT] + level]:
                    pos = A[A[VPOS] + level]
                    if own_order < SPLIT_LOW and level < state[REBOUND]:
                        state[REBOUND] = level
                        if not _rebound(A, U, state, method, level, var, entries):
                            break
                        continue  # (the values left to try may be fewer now)
                    A[A[VPOS] + level] += 1
                    tries += 1
                    _mark(A, state, level)
                    settled = False
                    if own_order >= SPLIT_LOW and size_of(A, U, var) > 1:  # (the level's domain, undone)
                        left = _halve(A, U, state, method, var, pos, own_order)
                    else:
                        settled = _settled(A, U, state, method, var)
                        _take(A, U, state, var, A[A[VBUF] + A[A[VSTART] + level] + pos])
                        left = STEP
                    held = _compatible(A, U, state, method, var, settled, entries) if left == STEP else left == KEPT
                    _tried(state, var, held)
                    if held:
                        descended = True
                        break
                    _untake(A, U, state, var, level)
                    if state[STOP]:
                        break
                if descended:
                    level += 1
                    entering = 1
                    break
                if state[STOP]:  # (a time limit or a signal stopped the propagation: the slice ends, never resumed)
                    outcome = HALTED
                    break
            if level == base:
                outcome = EXHAUSTED
                break
            level -= 1
            backtracks += 1
            _untake(A, U, state, A[A[VAR_AT] + level], level)
            trying = True
            if state[RESTARTING] and backtracks - state[RUN_START] >= _luby(state[RUN]) * RESTART_BACKTRACKS:
                level = _restart(A, U, state, level, backtracks)
                if not _start(A, U, state, method, entries):
                    nodes += 1
                    outcome = HALTED if state[STOP] else EXHAUSTED
                    break
                entering = 1
                break
        if outcome == EXHAUSTED or outcome == HALTED:  # noqa: SIM109  (two comparisons: plain for numba)
            break
    if outcome == HALTED:
        outcome = PAUSED  # (the caller sees the time limit spent: run_slices)
    store_counters(state, level, entering, nodes, tries, backtracks)
    return outcome
