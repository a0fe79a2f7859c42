"""Arithmetic by bounds (essais.csp.kinds.arithmetic): abs, minimum, maximum, quotients and
remainders rounded down (`//`, `%`) or toward zero (`div`, `mod`, with a variable divisor that may
be 0) — forced on where a table would do (TABLED_ARITHMETIC empty), on bit sets and on domains
made wide, both engines alike and against a brute force; and on the wide domains where no table
fits."""

from unittest.mock import patch

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from csp.test_terms import term_models
from csp.test_wide import WIDE_METHODS, wide_engines_agree_with_brute_force
from essais.core.result import Status
from essais.csp import CspStream, Model, count_csp, csp_error, maximum, minimum, solve_csp
from essais.csp.kinds import Arithmetic, flatten, flattened
from essais.csp.model.expressions import Term

WIDTHS = st.sampled_from([1, 3, 4096])


@st.composite
def arithmetic_models(draw):
    """Two or three small variables (a divisor's domain may hold 0) under one or two relations
    of arithmetic terms: abs, minimum, maximum, //, %, div, mod."""
    m = Model()
    variables = []
    for k in range(draw(st.integers(2, 3))):
        low = draw(st.integers(-6, 2))
        variables.append(m.int_var(low, low + draw(st.integers(0, 6)), f"v{k}"))
    pick = st.sampled_from(variables)
    term = st.one_of(
        st.builds(abs, pick),
        st.builds(lambda a, b: minimum(a, b), pick, pick | st.integers(-3, 3)),
        st.builds(lambda a, b: maximum(a, b), pick, pick | st.integers(-3, 3)),
        st.builds(lambda a, k: a // k, pick, st.sampled_from([-3, -2, 2, 5])),
        st.builds(lambda a, k: a % k, pick, st.sampled_from([-3, -2, 2, 5])),
        st.builds(
            lambda a, b, op: Term(op, [a, b]), pick, pick | st.sampled_from([-3, 2]), st.sampled_from(["div", "mod"])
        ),  # fmt: skip
    )
    for _ in range(draw(st.integers(1, 2))):
        left, right = draw(term), draw(pick | term)
        m.add(left == right if draw(st.booleans()) else left <= right)
    return m


@settings(max_examples=250, deadline=None)
@given(arithmetic_models(), st.sampled_from(WIDE_METHODS), WIDTHS)
def test_arithmetic_by_bounds_against_a_brute_force(model, method, width):
    with patch.object(flatten, "TABLED_ARITHMETIC", ()):
        assert any(isinstance(c, Arithmetic) for c in flattened(model).constraints)
        wide_engines_agree_with_brute_force(model, method, width)


@settings(max_examples=100, deadline=None)
@given(term_models(), st.sampled_from(WIDE_METHODS), WIDTHS)
def test_every_term_with_arithmetic_by_bounds(model, method, width):
    """Arithmetic inside every other term (sums, products, logic, element, count)."""
    with patch.object(flatten, "TABLED_ARITHMETIC", ()):
        wide_engines_agree_with_brute_force(model, method, width)


def test_a_small_remainder_stays_a_table_and_the_rest_is_arithmetic():
    m = Model()
    x, y = m.int_var(-50, 50, "x"), m.int_var(0, 10**6, "y")
    m.add(abs(x) == 7)
    m.add(x % 7 == 3)
    m.add(y % 1000 == 3)
    kinds = [type(c).__name__ for c in flattened(m).constraints]
    assert kinds.count("Table") == 1 and kinds.count("Arithmetic") == 2


def test_quotients_and_remainders_over_two_million_values():
    """|x| + |y| = 1,000,500 and x // 7 = y % 1000 + 5 over -10⁶..10⁶: x // 7 is then 5..1004,
    so x is 35..7034 (the brute force's range): 13 solutions."""
    m = Model()
    x, y = m.int_var(-(10**6), 10**6, "x"), m.int_var(-(10**6), 10**6, "y")
    m.add(abs(x) + abs(y) == 1_000_500)
    m.add(x // 7 == y % 1000 + 5)
    expected = sorted((a, b) for a in range(35, 7035) for b in (1_000_500 - a, a - 1_000_500)
                      if abs(b) <= 10**6 and b % 1000 + 5 == a // 7)  # fmt: skip
    assert len(expected) == 13
    for engine in ("python", "numba"):
        found = sorted((d["x"], d["y"]) for d in CspStream(m, engine=engine))
        assert found == expected
        assert all(csp_error(m, {"x": a, "y": b}) is None for a, b in found)


def test_minimum_maximum_and_truncated_division_on_wide_domains():
    """max(x, y) - min(x, y) = 10⁸ and div(x, y) = -3 over -10⁹..10⁹ with y at most 10: the
    bounds alone reach the solutions' neighbourhood; each found is checked."""
    m = Model()
    x, y = m.int_var(-(10**9), 10**9, "x"), m.int_var(-(10**9), 10, "y")
    m.add(maximum(x, y) - minimum(x, y) == 10**8)
    m.add(Term("div", [x, y]) == -3)  # type: ignore[arg-type]
    for engine in ("python", "numba"):
        found = solve_csp(m, engine=engine, time_limit=20)
        assert found.status is Status.FOUND and csp_error(m, found.values) is None
        a, b = found.values["x"], found.values["y"]
        assert abs(a - b) == 10**8 and int(a / b) == -3


@pytest.mark.parametrize("engine", ["python", "numba"])
def test_a_divisor_that_can_only_be_0_leaves_no_solution(engine):
    m = Model()
    x, y, z = m.int_var(0, 10**6, "x"), m.int_var(0, 0, "y"), m.int_var(-5, 5, "z")
    m.add(Term("mod", [x, y]) == z)  # type: ignore[arg-type]
    assert count_csp(m, engine=engine).count == 0
