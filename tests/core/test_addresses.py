"""essais.core.addresses: a compiled search calls C functions by their address, given three
arrays (their data and lengths), what is asked and two numbers."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from numba import carray, cfunc, njit

from essais.core.addresses import ARRAYS_CALL, call_on_arrays


def _weighted(a, na, b, nb, c, nc, request, x, y):
    """request 0: a[x] + b[y] (b's words read as int64), and c[0] counts the calls; 1: the
    lengths, as one number."""
    first, second, third = carray(a, na), carray(b, nb), carray(c, nc)
    third[0] += 1
    if request == 0:
        return first[x] + np.int64(second[y])
    return na * 10_000 + nb * 100 + nc


def _negated(a, na, b, nb, c, nc, request, x, y):
    return -carray(a, na)[x]


WEIGHTED = cfunc(ARRAYS_CALL)(_weighted)
NEGATED = cfunc(ARRAYS_CALL)(_negated)


@njit
def _calls(table, which, a, b, c, request, x, y):
    return call_on_arrays(table[which], a, b, c, request, x, y)


@settings(max_examples=50, deadline=None)
@given(st.lists(st.integers(-(10**12), 10**12), min_size=1, max_size=9), st.data())
def test_a_call_by_address_reads_and_writes_the_callers_arrays(values, data):
    a = np.array(values, dtype=np.int64)
    b = np.arange(3, dtype=np.uint64) * np.uint64(7)
    c = np.zeros(2, dtype=np.int64)
    table = np.array([WEIGHTED.address, NEGATED.address], dtype=np.int64)
    x, y = data.draw(st.integers(0, len(values) - 1)), data.draw(st.integers(0, 2))
    assert _calls(table, 0, a, b, c, 0, x, y) == values[x] + 7 * y
    assert _calls(table, 0, a, b, c, 1, x, y) == len(values) * 10_000 + 3 * 100 + 2
    assert c[0] == 2  # (the callee wrote into the caller's array)
    assert _calls(table, 1, a, b, c, 0, x, y) == -values[x]


def test_only_one_dimensional_arrays_are_passed():
    @njit
    def with_a_matrix(table, a):
        return call_on_arrays(table[0], a, a, a, 0, 0, 0)

    with pytest.raises(Exception, match="call_on_arrays"):
        with_a_matrix(np.zeros(1, dtype=np.int64), np.zeros((2, 2), dtype=np.int64))
