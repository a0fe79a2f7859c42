"""numba kernels of products (essais.csp.kinds.product): z = x · y by bounds, signs and zero
included, over the domains of essais.csp.compiled._domain_kernels. Private: checked inputs only;
imports numpy, numba, essais.core and the kernels beside it.

A constraint's variables are x, y, z. The work keeps ProductKind.revise's order."""

import numpy as np
from numba import carray

from essais.csp.compiled._domain_kernels import (
    CHECK,
    CSTART,
    CVAR,
    NONE_ABOVE,
    NONE_BELOW,
    REVISE,
    VALUE,
    all_given,
    ceil_div,
    defined,
    inner,
    keep_values,
    term_span,
)


@inner
def product(A, U, state, method, c):
    """z within the least and greatest of the corners' products, then x within z / y, then y
    within z / x (ProductKind.revise)."""
    start = A[A[CSTART] + c]
    x, y, z = A[A[CVAR] + start], A[A[CVAR] + start + 1], A[A[CVAR] + start + 2]
    low_x, high_x = term_span(A, U, x, np.int64(1))
    low_y, high_y = term_span(A, U, y, np.int64(1))
    a, b, d, e = low_x * low_y, low_x * high_y, high_x * low_y, high_x * high_y
    if not keep_values(A, U, state, z, min(min(a, b), min(d, e)), max(max(a, b), max(d, e))):
        return False
    return _quotient(A, U, state, x, y, z) and _quotient(A, U, state, y, x, z)


@inner
def _quotient(A, U, state, target, divisor, z):
    """target within the quotients z / divisor over their bounds, the divisor's values on each
    side of 0 apart (essais.csp.kinds.product.quotient)."""
    low_z, high_z = term_span(A, U, z, np.int64(1))
    low_d, high_d = term_span(A, U, divisor, np.int64(1))
    if low_d <= 0 <= high_d and low_z <= 0 <= high_z:
        return True
    low, high = NONE_ABOVE, NONE_BELOW
    for side in range(2):
        a, b = (low_d, min(high_d, -1)) if side == 0 else (max(low_d, 1), high_d)
        if a > b:
            continue
        for q in (low_z, high_z):
            for r in (a, b):
                low, high = min(low, ceil_div(q, r)), max(high, q // r)
    if low > high:  # (the divisor is 0 alone, z not 0)
        return keep_values(A, U, state, target, np.int64(1), np.int64(0))
    return keep_values(A, U, state, target, low, high)


@inner
def _value(A, c):
    """x · y of the values given."""
    start = A[A[CSTART] + c]
    return A[A[VALUE] + A[A[CVAR] + start]] * A[A[VALUE] + A[A[CVAR] + start + 1]]


def product_at(a, na, u, nu, s, ns, request, x, c):
    """A product's entry by address (essais.core.addresses)."""
    A, U, state = carray(a, na), carray(u, nu), carray(s, ns)
    if request == REVISE:
        return product(A, U, state, x, c)
    if request == CHECK:
        return not all_given(A, c) or _value(A, c) == A[A[VALUE] + A[A[CVAR] + A[A[CSTART] + c] + 2]]
    return defined(state, _value(A, c))
