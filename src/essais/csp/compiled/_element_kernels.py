"""numba kernels of element (essais.csp.kinds.element): z = items[index], each item a variable or
a number, over the domains of essais.csp.compiled._domain_kernels. Private: checked inputs only;
imports numpy, numba, essais.core and the domain kernels beside it.

A constraint's variables are the index, the items that are variables, then the value; its rows,
one an item, hold (the item's variable's place among them, 0) or (-1, its number). The work
keeps ElementKind.revise's order, so that the same values go in the same order."""

import numpy as np
from numba import carray

from essais.csp.compiled._domain_kernels import (
    CHECK,
    CLEN,
    CSTART,
    CVAR,
    DOM,
    LEAST,
    NONE_ABOVE,
    NONE_BELOW,
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
    keep_scratch,
    keep_values,
    last_value,
    seen_word,
    term_span,
)

# Its constraints' fields, at fields_at(A, c) + the name: ElementKind.fields, in that order
# (tests/csp/test_kinds.py holds them in step): how many items; a row of two each.
ELEMENT_ITEMS, ELEMENT_ROWS = range(2)


@inner
def _row(A, c, k):
    """Where item k's row starts."""
    return fields_at(A, c) + ELEMENT_ROWS + 2 * k


@inner
def _item_word(A, U, c, k, target, w):
    """Word w of item k's values, seen as target's bits (the same values)."""
    row = _row(A, c, k)
    if A[row] < 0:
        bit = A[row + 1] - A[A[LEAST] + target]
        return bit_of(bit) if bit >= 0 and bit >> 6 == w else ZERO
    item = A[A[CVAR] + A[A[CSTART] + c] + A[row]]
    return seen_word(A, U, item, w, A[A[LEAST] + target] - A[A[LEAST] + item])


@inner
def _meets(A, U, c, k, value):
    """Item k can still take one of the value's values."""
    w0 = A[DOM] + A[A[WOFF] + value]
    for w in range(A[A[NW] + value]):  # noqa: SIM110  (a loop: numba compiles no generator here)
        if U[w0 + w] & _item_word(A, U, c, k, value, w):
            return True
    return False


@inner
def element(A, U, state, method, c):
    """The index keeps the positions whose item meets the value, the value the union of those
    items' values, and, the index fixed, its item the value's values (ElementKind.revise). Only
    the items at the index's positions are read (rel2onto: 80 items of 47 words each, its
    index most often one position or a few), and each word of the value's only until they
    cover it."""
    start, n = A[A[CSTART] + c], A[fields_at(A, c) + ELEMENT_ITEMS]
    index, value = A[A[CVAR] + start], A[A[CVAR] + start + A[A[CLEN] + c] - 1]
    for t in range(start, start + A[A[CLEN] + c]):
        if is_wide(A, A[A[CVAR] + t]):
            return _by_bounds(A, U, state, c, index, value, n)
    least = A[A[LEAST] + index]
    for w in range(A[A[NW] + index]):
        U[A[SCRATCH] + w] = ZERO
    for k in range(n):
        bit = k - least
        if has_bit(A, U, index, bit) and _meets(A, U, c, k, value):
            U[A[SCRATCH] + (bit >> 6)] |= bit_of(bit)
    if not keep_scratch(A, U, state, index):
        return False
    w0 = A[DOM] + A[A[WOFF] + value]
    for w in range(A[A[NW] + value]):
        word, k = ZERO, 0
        while U[w0 + w] & ~word != ZERO and k < n:
            if has_bit(A, U, index, k - least):
                word |= _item_word(A, U, c, k, value, w)
            k += 1
        U[A[SCRATCH] + w] = word
    if not keep_scratch(A, U, state, value):
        return False
    bit = fixed_bit(A, U, index)
    if bit < 0 or A[_row(A, c, least + bit)] < 0:
        return True
    item = A[A[CVAR] + start + A[_row(A, c, least + bit)]]
    for w in range(A[A[NW] + item]):
        U[A[SCRATCH] + w] = seen_word(A, U, value, w, A[A[LEAST] + item] - A[A[LEAST] + value])
    return keep_scratch(A, U, state, item)


@inner
def _by_bounds(A, U, state, c, index, value, n):
    """element where a domain is wide, by bounds (essais.csp.kinds.element._by_bounds)."""
    if not keep_values(A, U, state, index, np.int64(0), n - 1):
        return False
    low, high = term_span(A, U, value, np.int64(1))
    origin = A[A[LEAST] + index]
    for k in range(n):
        if in_domain(A, U, index, k - origin) and not _meets_span(A, U, c, k, value, low, high):
            drop_bit(A, U, state, index, k - origin)
            if is_empty(A, U, index):
                return False
    least, greatest = NONE_ABOVE, NONE_BELOW
    for k in range(n):
        if in_domain(A, U, index, k - origin):
            item_low, item_high = _item_span(A, U, c, k)
            least, greatest = min(least, item_low), max(greatest, item_high)
    if not keep_values(A, U, state, value, least, greatest):
        return False
    bit = fixed_bit(A, U, index)
    if bit < 0 or A[_row(A, c, origin + bit)] < 0:
        return True
    low, high = term_span(A, U, value, np.int64(1))
    return keep_values(A, U, state, A[A[CVAR] + A[A[CSTART] + c] + A[_row(A, c, origin + bit)]], low, high)


@inner
def _item_span(A, U, c, k):
    """Item k's least and greatest."""
    row = _row(A, c, k)
    if A[row] < 0:
        return A[row + 1], A[row + 1]
    return term_span(A, U, A[A[CVAR] + A[A[CSTART] + c] + A[row]], np.int64(1))


@inner
def _meets_span(A, U, c, k, value, low, high):
    """Item k may equal the value of least..greatest low..high (a number: is among its values)."""
    row = _row(A, c, k)
    if A[row] < 0:
        return in_domain(A, U, value, A[row + 1] - A[A[LEAST] + value])
    item_low, item_high = _item_span(A, U, c, k)
    return item_low <= high and item_high >= low


@inner
def element_given(A, c):
    """(1, items[index]) of the values given, (0, 0) when the index falls beyond the list."""
    start = A[A[CSTART] + c]
    k = A[A[VALUE] + A[A[CVAR] + start]]
    if k < 0 or k >= A[fields_at(A, c) + ELEMENT_ITEMS]:
        return 0, 0
    row = _row(A, c, k)
    return 1, A[row + 1] if A[row] < 0 else A[A[VALUE] + A[A[CVAR] + start + A[row]]]


@inner
def element_holds(A, c):
    """Every variable given: the value is the item at the index."""
    found, item = element_given(A, c)
    value = last_value(A, c)
    return found == 1 and item == value


def element_at(a, na, u, nu, s, ns, request, x, c):
    """element's entry by address (essais.core.addresses)."""
    A, U, state = carray(a, na), carray(u, nu), carray(s, ns)
    if request == REVISE:
        return element(A, U, state, x, c)
    if request == CHECK:
        return not all_given(A, c) or element_holds(A, c)
    found, item = element_given(A, c)
    return defined(state, item) if found else 2
