"""numba kernels of logic: reified linear relations (essais.csp.kinds.reified), b ↔ Σ a·x + c REL 0,
or b → Σ a·x + c REL 0 when half, over the domains of essais.csp.compiled._domain_kernels and with
the linear relations' bounds of essais.csp.compiled._propagation_kernels; and parity
(essais.csp.kinds.parity), z = (Σ x) mod 2. Private: checked inputs only; imports numpy, numba,
essais.core and the kernels beside it.

A constraint's variables are the relation's, then b; its terms the relation's coefficients, then
b's (1). The work keeps ReifiedKind.revise's order, so that the same values go in the same order."""

import numpy as np
from numba import carray

from essais.csp.compiled._domain_kernels import (
    CCOEF,
    CHECK,
    CLEN,
    CSTART,
    CVAR,
    DOM,
    ENTAILS,
    EQ,
    FAILED,
    HOLDS,
    LE,
    LEAST,
    NE,
    NW,
    REVISE,
    VALUE,
    WOFF,
    all_given,
    defined,
    fields_at,
    fixed_bit,
    in_domain,
    inner,
    is_wide,
    keep_between,
    last_value,
    seen_word,
    term_span,
)
from essais.csp.compiled._propagation_kernels import linear_bounds

# Its constraints' fields, at fields_at(A, c) + the name: ReifiedKind.fields, in that order
# (tests/csp/test_kernels_checked.py holds them in step): c; REL (LE, EQ or NE); 1 when half.
REIFIED_CONSTANT, REIFIED_RELATION, REIFIED_HALF = range(3)


@inner
def _entailment(least, greatest, relation):
    """1: the relation holds for every sum between least and greatest; 0: for none; -1: not
    known yet (essais.csp.kinds.reified.entailment)."""
    if relation == LE:
        return 1 if greatest <= 0 else 0 if least > 0 else -1
    if least == 0 and greatest == 0:
        return 1 if relation == EQ else 0
    if least > 0 or greatest < 0:
        return 0 if relation == EQ else 1
    return -1


@inner
def reified(A, U, state, method, c):
    """What the relation's bounds decide; then b fixed: the relation (1) or its negation (0,
    when not half), b free: its value once decided (ReifiedKind.revise)."""
    fields = fields_at(A, c)
    start, size = A[A[CSTART] + c], A[A[CLEN] + c] - 1
    constant, relation = A[fields + REIFIED_CONSTANT], A[fields + REIFIED_RELATION]
    b = A[A[CVAR] + start + size]
    origin = A[A[LEAST] + b]
    if not keep_between(A, U, state, b, max(-origin, 0), 1 - origin):
        return FAILED
    least, greatest = constant, constant
    for t in range(start, start + size):
        low, high = term_span(A, U, A[A[CVAR] + t], A[A[CCOEF] + t])
        least += low
        greatest += high
    decided, bit, half = _entailment(least, greatest, relation), fixed_bit(A, U, b), A[fields + REIFIED_HALF]
    if decided == -1 and relation != LE and size <= 2:
        decided = _values_decide(A, U, start, size, constant, relation)
    if bit >= 0 and origin + bit == 1:
        if decided == 0:
            return FAILED
        return linear_bounds(A, U, state, start, size, constant, relation, np.int64(1))
    if bit >= 0:
        if half:
            return ENTAILS
        if decided == 1:
            return FAILED
        if relation == LE:  # (Σ a·x + c >= 1: Σ -a·x + 1 - c <= 0)
            return linear_bounds(A, U, state, start, size, 1 - constant, relation, np.int64(-1))
        return linear_bounds(A, U, state, start, size, constant, NE if relation == EQ else EQ, np.int64(1))
    if decided == 0 or (decided == 1 and not half):
        return ENTAILS if keep_between(A, U, state, b, decided - origin, decided - origin) else FAILED
    return ENTAILS if decided == 1 else HOLDS  # (half, and the relation holds: b may be either)


@inner
def _values_decide(A, U, start, size, constant, relation):
    """a·x + c == 0 (or NE) on one variable once the value it asks of x has left x's domain, and
    x - y + c == 0 (or NE) once no value of x has its match in y's bit set: 0 for EQ, 1 for NE
    (-1: not decided; essais.csp.kinds.reified._values_decide)."""
    x, a = A[A[CVAR] + start], A[A[CCOEF] + start]
    if size == 1:
        meet = constant % a == 0 and in_domain(A, U, x, -constant // a - A[A[LEAST] + x])
    else:
        y = A[A[CVAR] + start + 1]
        if a != -A[A[CCOEF] + start + 1] or abs(a) != 1 or is_wide(A, x) or is_wide(A, y):
            return -1
        shift = A[A[LEAST] + y] - A[A[LEAST] + x] - constant * a  # (y's bit k is x's bit k + shift)
        meet, w0 = False, A[DOM] + A[A[WOFF] + y]
        for w in range(A[A[NW] + y]):
            if U[w0 + w] & seen_word(A, U, x, w, shift):
                meet = True
                break
    if meet:
        return -1
    return 1 if relation == NE else 0


@inner
def _truth(A, c):
    """The relation holds for its variables' values (all given)."""
    fields = fields_at(A, c)
    start, size = A[A[CSTART] + c], A[A[CLEN] + c] - 1
    total, relation = A[fields + REIFIED_CONSTANT], A[fields + REIFIED_RELATION]
    for t in range(start, start + size):
        total += A[A[CCOEF] + t] * A[A[VALUE] + A[A[CVAR] + t]]
    return total <= 0 if relation == LE else total == 0 if relation == EQ else total != 0


@inner
def reified_holds(A, c):
    """basic: once every variable is given, b is the relation's truth (half: b → it)."""
    if not all_given(A, c):
        return True
    b = last_value(A, c)
    truth = _truth(A, c)
    return (b == 1 and truth) or (b == 0 and (A[fields_at(A, c) + REIFIED_HALF] == 1 or not truth))


def reified_at(a, na, u, nu, s, ns, request, x, c):
    """A reified relation's entry by address (essais.core.addresses)."""
    A, U, state = carray(a, na), carray(u, nu), carray(s, ns)
    if request == REVISE:
        return reified(A, U, state, x, c)
    if request == CHECK:
        return reified_holds(A, c)
    return defined(state, np.int64(_truth(A, c)))


@inner
def parity(A, U, state, method, c):
    """Nothing while two variables are free; one free takes the value that makes the sum of
    them all even (ParityKind.revise)."""
    start = A[A[CSTART] + c]
    free, free_var, odd = 0, np.int64(-1), np.int64(0)
    for t in range(start, start + A[A[CLEN] + c]):
        var = A[A[CVAR] + t]
        k = fixed_bit(A, U, var)
        if k < 0:
            free, free_var = free + 1, var
            if free > 1:
                return HOLDS
        else:
            odd ^= (A[A[LEAST] + var] + k) & 1
    if free == 0:
        return ENTAILS if odd == 0 else FAILED
    k = odd - A[A[LEAST] + free_var]
    return ENTAILS if keep_between(A, U, state, free_var, k, k) else FAILED


@inner
def _inputs_parity(A, c):
    """The parity of parity c's variables but the last (all given)."""
    start, total = A[A[CSTART] + c], 0
    for t in range(start, start + A[A[CLEN] + c] - 1):
        total += A[A[VALUE] + A[A[CVAR] + t]]
    return total % 2


def parity_at(a, na, u, nu, s, ns, request, x, c):
    """A parity's entry by address (essais.core.addresses)."""
    A, U, state = carray(a, na), carray(u, nu), carray(s, ns)
    if request == REVISE:
        return parity(A, U, state, x, c)
    if request == CHECK:
        return not all_given(A, c) or _inputs_parity(A, c) == last_value(A, c)
    return defined(state, _inputs_parity(A, c))
