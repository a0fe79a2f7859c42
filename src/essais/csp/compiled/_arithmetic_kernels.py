"""numba kernels of arithmetic (essais.csp.kinds.arithmetic): z = abs(x), min, max, and the
quotients and remainders rounded down or toward zero, by bounds, over the domains of
essais.csp.compiled._domain_kernels. Private: checked inputs only; imports numpy, numba,
essais.core and the kernels beside it.

A constraint's variables are x, z (abs) or x, y, z. The work keeps ArithmeticKind.revise's order
(its functions' names are those of essais.csp.kinds.arithmetic)."""

import numpy as np
from numba import carray

from essais.csp.compiled._domain_kernels import (
    CHECK,
    CLEN,
    CSTART,
    CVAR,
    NONE_ABOVE,
    NONE_BELOW,
    REVISE,
    VALUE,
    all_given,
    defined,
    fields_at,
    inner,
    keep_values,
    term_span,
)

# Its constraints' fields, at fields_at(A, c) + the name: ArithmeticKind.fields (tests/csp/
# test_kernels_checked.py holds them in step): the operator, numbered as arithmetic.OPERATORS.
(ARITHMETIC_OPERATOR,) = range(1)
ABS, MINIMUM, MAXIMUM, FLOOR_QUOTIENT, FLOOR_REMAINDER, QUOTIENT, REMAINDER = range(7)
ONE = np.int64(1)


@inner
def arithmetic(A, U, state, c):
    """The operator's propagation (ArithmeticKind.revise)."""
    start, operator = A[A[CSTART] + c], A[fields_at(A, c) + ARITHMETIC_OPERATOR]
    x, y, z = A[A[CVAR] + start], A[A[CVAR] + start + 1], A[A[CVAR] + start + A[A[CLEN] + c] - 1]
    if operator == ABS:
        return _absolute(A, U, state, x, z)
    if operator in (MINIMUM, MAXIMUM):
        return _extreme(A, U, state, x, y, z, -ONE if operator == MAXIMUM else ONE)
    return _division(A, U, state, x, y, z, operator)


@inner
def _absolute(A, U, state, x, z):
    """z within |x|'s bounds, x within -z..z and on the side of 0 that reaches z's least."""
    low, high = term_span(A, U, x, ONE)
    least = low if low >= 0 else -high if high <= 0 else np.int64(0)
    if not keep_values(A, U, state, z, least, max(-low, high)):
        return False
    low_z, high_z = term_span(A, U, z, ONE)
    if not keep_values(A, U, state, x, -high_z, high_z):
        return False
    low, high = term_span(A, U, x, ONE)
    if low > -low_z:
        return keep_values(A, U, state, x, low_z, high)
    if high < low_z:
        return keep_values(A, U, state, x, low, -low_z)
    return True


@inner
def _extreme(A, U, state, x, y, z, sign):
    """z = min(x, y) (sign 1) or max(x, y) (sign -1: min turned round), bounds both ways."""
    low_x, high_x = term_span(A, U, x, sign)
    low_y, high_y = term_span(A, U, y, sign)
    if not _keep(A, U, state, z, min(low_x, low_y), min(high_x, high_y), sign):
        return False
    low_z, high_z = term_span(A, U, z, sign)
    if not (_keep(A, U, state, x, low_z, high_x, sign) and _keep(A, U, state, y, low_z, high_y, sign)):
        return False
    low_x, high_x = term_span(A, U, x, sign)
    low_y, high_y = term_span(A, U, y, sign)
    if low_y > high_z and not _keep(A, U, state, x, low_x, high_z, sign):
        return False
    return not (low_x > high_z and not _keep(A, U, state, y, low_y, high_z, sign))


@inner
def _keep(A, U, state, var, low, high, sign):
    """var's values v with sign·v within low..high."""
    return keep_values(A, U, state, var, low, high) if sign > 0 else keep_values(A, U, state, var, -high, -low)


@inner
def _division(A, U, state, x, y, z, operator):
    """y not 0; z within what each side of 0 of y gives; a quotient's x within z·y's corners,
    widened by the greatest remainder."""
    if not _not_zero(A, U, state, y):
        return False
    low_x, high_x = term_span(A, U, x, ONE)
    low_y, high_y = term_span(A, U, y, ONE)
    low, high = NONE_ABOVE, NONE_BELOW
    for side in range(2):
        a, b = (low_y, min(high_y, -1)) if side == 0 else (max(low_y, 1), high_y)
        if a <= b:
            least, greatest = _results(low_x, high_x, a, b, operator)
            low, high = min(low, least), max(high, greatest)
    if low > high or not keep_values(A, U, state, z, low, high):
        return False
    if operator != FLOOR_QUOTIENT and operator != QUOTIENT:
        return True
    low_z, high_z = term_span(A, U, z, ONE)
    low_y, high_y = term_span(A, U, y, ONE)
    a, b, d, e = low_z * low_y, low_z * high_y, high_z * low_y, high_z * high_y
    remainder = max(-low_y, high_y) - 1
    return keep_values(A, U, state, x, min(min(a, b), min(d, e)) - remainder, max(max(a, b), max(d, e)) + remainder)


@inner
def _not_zero(A, U, state, y):
    """y's bounds moved off 0."""
    low, high = term_span(A, U, y, ONE)
    if low == 0 and not keep_values(A, U, state, y, ONE, high):
        return False
    low, high = term_span(A, U, y, ONE)
    return high != 0 or keep_values(A, U, state, y, low, -ONE)


@inner
def _results(low_x, high_x, a, b, operator):
    """The least and greatest of x operator y for x in low_x..high_x and y in a..b (one side of 0)."""
    if operator in (FLOOR_QUOTIENT, QUOTIENT):
        p, q = _divided(low_x, a, operator), _divided(low_x, b, operator)
        r, s = _divided(high_x, a, operator), _divided(high_x, b, operator)
        return min(min(p, q), min(r, s)), max(max(p, q), max(r, s))
    if a == b and _divided(low_x, a, operator) == _divided(high_x, a, operator):  # (x less one multiple of y)
        multiple = a * _divided(low_x, a, operator)
        return low_x - multiple, high_x - multiple
    if operator == FLOOR_REMAINDER:
        if a > 0:
            return np.int64(0), (min(b - 1, high_x) if low_x >= 0 else b - 1)
        return (max(a + 1, low_x) if high_x <= 0 else a + 1), np.int64(0)
    most = max(-a, b) - 1  # (mod: the dividend's sign, less than the divisor in size)
    return max(min(low_x, 0), -most), min(max(high_x, 0), most)


@inner
def _divided(p, q, operator):
    """p / q rounded down (// and %) or toward zero (div and mod); q is not 0."""
    if operator in (FLOOR_QUOTIENT, FLOOR_REMAINDER):
        return p // q
    quotient = abs(p) // abs(q)
    return quotient if (p < 0) == (q < 0) else -quotient


@inner
def _result(A, c):
    """z from the values given (found: 1, or 0 for a divisor 0)."""
    start, operator = A[A[CSTART] + c], A[fields_at(A, c) + ARITHMETIC_OPERATOR]
    x, y = A[A[VALUE] + A[A[CVAR] + start]], A[A[VALUE] + A[A[CVAR] + start + 1]]
    if operator == ABS:
        return 1, abs(x)
    if operator in (MINIMUM, MAXIMUM):
        return 1, (max(x, y) if operator == MAXIMUM else min(x, y))
    if y == 0:
        return 0, np.int64(0)
    quotient = _divided(x, y, operator)
    return 1, (quotient if operator in (FLOOR_QUOTIENT, QUOTIENT) else x - quotient * y)


def arithmetic_at(a, na, u, nu, s, ns, request, x, c):
    """An arithmetic constraint's entry by address (essais.core.addresses)."""
    A, U, state = carray(a, na), carray(u, nu), carray(s, ns)
    if request == REVISE:
        return arithmetic(A, U, state, c)
    found, value = _result(A, c)
    if request == CHECK:
        z = A[A[VALUE] + A[A[CVAR] + A[A[CSTART] + c] + A[A[CLEN] + c] - 1]]
        return not all_given(A, c) or (found == 1 and value == z)
    return defined(state, value) if found else 2
