"""Terms in a model's expressions (essais.csp.model.expressions): each against a brute force on
hypothesis-made models, in both engines alike with every method, and the published counts of
the models that need them (Costas arrays, magic sequences, all-interval series)."""

import itertools
from unittest.mock import patch

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from csp.test_csp import METHODS, brute_force, engines_agree_with_brute_force
from essais.core.errors import InvalidInput
from essais.csp import (
    CspStream,
    Model,
    all_different,
    circuit,
    count,
    count_csp,
    csp_error,
    element,
    global_cardinality,
    if_then_else,
    implies,
    increasing,
    lex_less_eq,
    maximum,
    minimum,
    n_values,
    no_overlap,
    solve_csp,
    subcircuit,
    table,
    watch_csp,
    xor,
)
from essais.csp.draw import describe
from essais.csp.kinds import Count, Distance, Parity, Table, flatten, flattened
from essais.csp.kinds.grid import GRID_OPERATORS, grid_values
from essais.csp.kinds.table import TableKind
from essais.csp.model.expressions import Term


def expressions(variables, depth=2):
    """Expressions of the variables and small numbers, with every kind of term."""
    leaves = st.sampled_from(variables) | st.integers(-2, 3)
    if depth == 0:
        return leaves
    inner = expressions(variables, depth - 1)
    zero_one = st.builds(lambda a, b, r: a == b if r == 0 else a != b if r == 1 else a <= b,
                         expressions(variables, depth - 1).filter(lambda e: not isinstance(e, int)), inner,
                         st.integers(0, 2))  # fmt: skip
    divisor = st.sampled_from([-3, -2, 2, 3])
    return st.one_of(
        leaves,
        st.builds(lambda a, b: a + b, inner, inner),
        st.builds(lambda a, b: a * b, inner, inner),
        st.builds(lambda a: abs(a) if not isinstance(a, int) else a, inner),
        st.builds(lambda a, b: abs(a - b), *[st.sampled_from(variables)] * 2),  # (x twice: abs(0))
        st.builds(lambda a, k: a // k, st.sampled_from(variables), divisor),
        st.builds(lambda a, k: a % k, st.sampled_from(variables), divisor),
        st.builds(lambda items: minimum(items), st.lists(inner, min_size=1, max_size=3)),
        st.builds(lambda items: maximum(*items), st.lists(inner, min_size=1, max_size=3)),
        st.builds(
            lambda items, i: element(items, i), st.lists(inner, min_size=1, max_size=3), st.sampled_from(variables)
        ),
        st.builds(lambda a, b: 0 + a + b, zero_one, zero_one),
        st.builds(
            lambda a, b, r: (a | b) if r == 0 else (a & b) if r == 1 else implies(a, b),
            zero_one,
            zero_one,
            st.integers(0, 2),
        ),  # fmt: skip
        st.builds(lambda c, a, b: if_then_else(c, a, b), zero_one, inner, inner),
        st.builds(lambda a: ~a, zero_one),
        st.builds(xor, st.lists(zero_one | st.sampled_from([0, 1]), min_size=2, max_size=4)),
        st.builds(count, st.lists(inner, min_size=1, max_size=3), st.integers(-1, 2) | st.sampled_from(variables)),
        st.builds(n_values, st.lists(leaves, min_size=1, max_size=3), st.lists(st.integers(-1, 2), max_size=2)),
    )


@st.composite
def term_models(draw):
    m = Model()
    variables = [
        m.int_var(draw(st.integers(-2, 1)), draw(st.integers(1, 3)), f"v{k}") for k in range(draw(st.integers(2, 3)))
    ]
    for _ in range(draw(st.integers(1, 2))):
        left, right = draw(expressions(variables)), draw(expressions(variables))
        relation = draw(st.sampled_from(["==", "!=", "<=", ">="]))
        if isinstance(left, int) and isinstance(right, int):
            left = left + variables[0]
        m.add(left == right if relation == "==" else left != right if relation == "!=" else
              left <= right if relation == "<=" else left >= right)  # fmt: skip
    if draw(st.booleans()):
        m.add(all_different([draw(expressions(variables, 1)) + variables[0] * 0 + v for v in variables[:2]]))
    if draw(st.booleans()):
        m.add(draw(on_expressions(variables)))
    return m


def on_expressions(variables):
    """A constraint that takes variables, given expressions (a lex_less_eq of two lists)."""
    some = st.lists(expressions(variables, 1), min_size=1, max_size=3)
    return st.one_of(
        st.builds(lambda a, b: lex_less_eq(a, b[: len(a)] + a[len(b) :]), some, some),
        st.builds(increasing, some, st.booleans()),
        st.builds(lambda a: global_cardinality(a, {0: 1}), some),
        st.builds(lambda a: no_overlap(a, [1] * len(a)), some),
        st.builds(lambda a: circuit([e + 0 for e in a]), some),  # (a variable twice: two expressions)
        st.builds(lambda a: subcircuit([e + 0 for e in a]), some),
        st.builds(
            lambda a, rows, conflicts: table(a, [row[: len(a)] for row in rows], conflicts),
            some,
            st.lists(st.tuples(*[st.integers(-1, 2) | st.none()] * 3), max_size=6),
            st.booleans(),
        ),  # fmt: skip  # (None: any value)
    )


@settings(max_examples=250, deadline=None)
@given(term_models(), st.sampled_from(METHODS))
def test_every_term_against_a_brute_force_in_both_engines_alike(model, method):
    engines_agree_with_brute_force(model, method)


@settings(max_examples=80, deadline=None)
@given(term_models(), st.sampled_from(METHODS))
def test_terms_made_of_small_tables_chains_and_sums_are_the_same(model, method):
    with patch.object(flatten, "WHOLE_ROWS", 6):  # (tables of 6 rows at most: chains, sums and bounds beyond)
        engines_agree_with_brute_force(model, method)


def _operators(expression):
    """The operators of the terms in an expression, however deep."""
    found = set()
    for key in getattr(expression, "terms", {}):
        if isinstance(key, Term):
            found.add(key.operator)
            for argument in key.arguments:
                found |= _operators(argument)
    return found


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_a_terms_table_made_a_column_at_a_time_is_the_one_made_a_row_at_a_time(data):
    """essais.csp.kinds.grid: the rows in itertools.product's order, the term's value last; None
    only where an operator is not one numpy computes there."""
    m = Model()
    variables = [m.int_var(data.draw(st.integers(-2, 1)), data.draw(st.integers(1, 3)), f"v{k}") for k in range(3)]
    expression = data.draw(expressions(variables, 3))
    terms = [key for key in getattr(expression, "terms", {}) if isinstance(key, Term)]
    for term in terms:
        columns = term.variables
        grid = grid_values(term, columns, m.domains)
        if grid is None:
            assert _operators(term + 0) - set(GRID_OPERATORS)
            continue
        by_rows = [(*values, term.value(dict(zip(columns, values, strict=True))))
                   for values in itertools.product(*(m.domains[v] for v in columns))]  # fmt: skip
        assert list(map(tuple, grid.tolist())) == by_rows


@settings(max_examples=60, deadline=None)
@given(term_models(), st.sampled_from(["basic", "forward/wdeg", "mac/input/lcv"]), st.booleans())
def test_the_best_value_of_a_term_is_a_brute_force_s(model, method, least):
    goal = maximum(model.variables) * 2 - abs(model.variables[0] - model.variables[-1])
    (model.minimize if least else model.maximize)(goal)
    values = [goal.value(row) for row in itertools.product(*model.domains) if model.holds(row)]
    for engine in ("python", "numba"):
        result = solve_csp(model, method=method, engine=engine)
        assert result.objective == ((min if least else max)(values) if values else None)
        assert result.values is None or csp_error(model, result.values) is None


def costas(n):
    """Costas arrays of order n: a permutation whose displacement vectors all differ — at each
    distance d the differences p[i + d] - p[i] are all different."""
    m = Model()
    p = m.int_vars(n, 1, n, "p")
    m.add(all_different(p))
    for d in range(1, n - 1):
        m.add(all_different([p[i + d] - p[i] for i in range(n - d)]))
    return m


@pytest.mark.parametrize(("n", "arrays"), [(5, 40), (6, 116), (7, 200)])
def test_costas_arrays_are_a008404(n, arrays):
    for method in ("mac", "forward"):
        assert count_csp(costas(n), method=method).count == arrays


def magic_sequence(n):
    """x[i] is how many times i appears in x."""
    m = Model()
    x = m.int_vars(n, 0, n - 1, "x")
    for i in range(n):
        m.add(count(x, i) == x[i])
    return m


@pytest.mark.parametrize(("n", "expected"), [(4, [(1, 2, 1, 0), (2, 0, 2, 0)]), (5, [(2, 1, 2, 0, 0)])])
def test_magic_sequences_of_4_and_5_are_two_and_one(n, expected):
    assert sorted(tuple(d.values()) for d in brute_force(magic_sequence(n))) == expected
    for method in ("basic", "forward", "mac/wdeg"):
        engines_agree_with_brute_force(magic_sequence(n), method)


def test_the_magic_sequence_of_7():
    assert list(solve_csp(magic_sequence(7)).values.values()) == [3, 2, 1, 1, 0, 0, 0]
    assert count_csp(magic_sequence(7)).count == 1


def test_a_count_of_a_number_is_one_constraint_of_its_own():
    m = magic_sequence(5)
    flat = flattened(m)
    counts = [c for c in flat.constraints if isinstance(c, Count)]
    assert len(flat.names) == 10 and [c.value for c in counts] == [0, 1, 2, 3, 4]
    assert describe(counts[1], flat.names) == "count([x0, x1, x2, x3, x4], 1) == (count([x0, x1, x2, x3, x4], 1))"
    assert flat.domains[5] == (0, 1, 2, 3, 4, 5)
    m = Model()
    x = m.int_vars(3, 0, 2, "x")
    m.add(count(x, x[0]) == 2)  # (a value that is an expression: a sum of 0/1 terms)
    assert not any(isinstance(c, Count) for c in flattened(m).constraints)
    assert sorted(tuple(d.values()) for d in brute_force(m)) == [(0, 0, 1), (0, 0, 2), (0, 1, 0), (0, 2, 0),
                                                                (1, 0, 1), (1, 1, 0), (1, 1, 2), (1, 2, 1),
                                                                (2, 0, 2), (2, 1, 2), (2, 2, 0), (2, 2, 1)]  # fmt: skip
    for method in ("basic", "forward", "mac/wdeg"):
        engines_agree_with_brute_force(m, method)


@settings(max_examples=80, deadline=None)
@given(term_models(), st.sampled_from(METHODS))
def test_a_distance_narrows_as_the_table_of_its_three_variables(model, method):
    """abs(x - y) of two variables is a Distance (its propagation on words); with the table of
    (x, y, |x - y|) it stood for, each engine gives the same solutions and the same counters."""
    with (
        patch.object(flatten, "TABLED_ARITHMETIC", (*flatten.TABLED_ARITHMETIC, "abs")),  # (abs a table too)
        patch.object(TableKind, "costly", cheap),  # (every table queued as a distance is: the same revisions)
    ):
        with patch.object(flatten, "_is_distance", lambda term: False):
            tables = {
                engine: count_csp(model, method=method, engine=engine, workers=1) for engine in ("python", "numba")
            }
        for engine, by_table in tables.items():
            by_distance = count_csp(model, method=method, engine=engine, workers=1)
            assert by_distance == by_table and by_distance.stats.own == by_table.stats.own


@settings(max_examples=80, deadline=None)
@given(term_models(), st.sampled_from(METHODS))
def test_a_parity_narrows_as_the_table_of_its_variables(model, method):
    """xor of more than two arguments is a Parity; with the table of its variables and its value
    it stood for where they are few, each engine gives the same solutions and search."""
    with patch.object(flatten, "_is_parity", lambda term: False):
        tables = {engine: count_csp(model, method=method, engine=engine, workers=1) for engine in ("python", "numba")}
    for engine, by_table in tables.items():
        by_parity = count_csp(model, method=method, engine=engine, workers=1)
        assert by_parity.count == by_table.count and search(by_parity) == search(by_table)


def cheap(kind, constraint):
    """Kind.costly, for a table standing for a cheap constraint."""
    return False


def search(result):
    """The search a count made (its own counters aside: the constraints revised are others)."""
    return result.stats.nodes, result.stats.tries, result.stats.backtracks


def test_a_parity_of_many_is_one_constraint_whatever_their_number():
    m = Model()
    bits = m.int_vars(40, 0, 1, "b")
    m.add(xor(bits) == 1)  # (a table of them would hold 2^40 rows; a chain, 39 variables more)
    m.add(sum(bits) == 3)
    flat = flattened(m)
    [parity] = [c for c in flat.constraints if isinstance(c, Parity)]
    assert len(flat.names) == 41 and describe(parity, flat.names).startswith("xor(b0, b1, ")
    for engine in ("python", "numba"):
        found = count_csp(m, method="mac", engine=engine, workers=1)
        assert found.count == 9880  # C(40, 3): three bits set, an odd number
    assert all(csp_error(m, s) is None for s in CspStream(m, limit=50))
    m = Model()
    a, b, c = m.int_vars(3, 0, 1, "x")
    m.add(xor(a, b == 1, 1, c) == 0)  # (a relation and a number among them)
    assert sorted(tuple(d.values()) for d in brute_force(m)) == [(0, 0, 1), (0, 1, 0), (1, 0, 0), (1, 1, 1)]
    for method in ("basic", "forward", "mac/wdeg"):
        engines_agree_with_brute_force(m, method)


def test_a_distance_of_wide_domains_is_one_constraint_of_its_own():
    m = Model()
    x, y = m.int_var(0, 3000, "x"), m.int_var(0, 3000, "y")
    m.add(abs(x - y) == 2999)  # (a table of them would hold 9 million rows: refused before Distance)
    flat = flattened(m)
    [distance] = [c for c in flat.constraints if isinstance(c, Distance)]
    assert not any(isinstance(c, Table) for c in flat.constraints) and flat.domains[2] == tuple(range(3001))
    assert describe(distance, flat.names) == "abs(x - y) == (abs(x - y))"
    for engine in ("python", "numba"):  # (mac: forward checking would try the 9 million pairs)
        for method in ("mac", "mac/wdeg", "mac/input/lcv"):
            found = count_csp(m, method=method, engine=engine, workers=1)
            assert found.count == 4 and found.stats.nodes == 9  # (0, 2999), (1, 3000) and the same turned round
    assert all(csp_error(m, s) is None for s in CspStream(m))
    m = Model()
    a, b = m.int_var(-40, 25, "a"), m.int_var(1000, 1100, "b")  # (far apart: distances 975 … 1140)
    m.add(abs(b - a) <= 980)
    assert flattened(m).domains[2] == tuple(range(975, 1141))
    engines_agree_with_brute_force(m, "mac")


def all_interval(n):
    m = Model()
    x = m.int_vars(n, 0, n - 1, "x")
    m.add(all_different(x))
    m.add(all_different([abs(x[i + 1] - x[i]) for i in range(n - 1)]))
    return m


@pytest.mark.parametrize("n", [4, 6])
def test_all_interval_series_against_a_brute_force(n):
    for method in ("basic", "forward/mrv/lcv", "mac/wdeg"):
        engines_agree_with_brute_force(all_interval(n), method)


def test_the_model_keeps_its_terms_and_the_engines_never_branch_on_them():
    m = all_interval(6)
    flat = flattened(m)
    assert flat.decisions == 6 and len(flat.names) == 11 and flattened(flat) is flat
    assert (
        describe(m.constraints[1], m.names)
        == "all_different(abs(x1 - x0), abs(x2 - x1), abs(x3 - x2), abs(x4 - x3), abs(x5 - x4))"
    )
    result = count_csp(m, method="basic", engine="python")
    assert len(result.stats.depths) == 7  # (a level a decision: the root and six)
    assert flattened(costas(4)).decisions == 4
    replay = watch_csp(m)
    assert replay.rows == 6 and csp_error(m, replay.result.values) is None


def test_lex_less_eq_keeps_one_of_each_pair_of_words():
    m = Model()
    x, y = m.int_vars(3, 0, 2, "x"), m.int_vars(3, 0, 2, "y")
    m.add(lex_less_eq(x, y))
    assert describe(m.constraints[0], m.names) == "lex_less_eq([x0, x1, x2], [y0, y1, y2])"
    for method in ("basic", "forward", "mac"):
        assert count_csp(m, method=method).count == 27 * 28 // 2
    with pytest.raises(InvalidInput, match="lex_less_eq: 3 expressions on the left, 2 on the right"):
        lex_less_eq(x, y[:2])
    written = Model()
    a = written.int_vars(3, 0, 3, "a")
    written.add(increasing([a[0] + a[1], 2 * a[1], abs(a[2] - 1)], strict=True))
    assert describe(written.constraints[0], written.names) == "increasing(a0 + a1, 2*a1, abs(a2 - 1), strict=True)"


def test_terms_are_written_as_a_model_file_writes_them():
    m = Model()
    x, y = m.int_var(0, 3, "x"), m.int_var(0, 3, "y")
    cases = [
        ((x + 1) * y <= 2, "(x + 1) * y <= 2"),
        ((x - y) // 2 == 1, "(x - y) // 2 == 1"),
        (element([3, x], y) != 2, "element([3, x], y) != 2"),
        ((x == 1) | (y >= 2) == 1, "((x == 1) | (-y <= -2)) == 1"),
        (implies(x == 1, ~(y == 2)) == 1, "implies((x == 1), ~(y == 2)) == 1"),
        (if_then_else(x <= 1, x, y % 2) >= 1, "-if_then_else((x <= 1), x, y % 2) <= -1"),
    ]
    for constraint, text in cases:
        assert describe(constraint, m.names) == text


def test_bad_terms_are_refused_naming_them():
    m = Model()
    x, y = m.int_var(0, 3, "x"), m.int_var(0, 3, "y")
    with pytest.raises(InvalidInput, match=r"\| takes relations or terms of 0 and 1; x takes 0..3"):
        x | (y == 1)
    with pytest.raises(InvalidInput, match=r"y takes 0..3 \(a comparison beside \| or & needs brackets"):
        m.add(x == 1 | y == 2)
    with pytest.raises(InvalidInput, match=r"chained comparison such as `x == 1 \| y == 2`"):
        m.add(x == (y == 1) == 1)
    with pytest.raises(InvalidInput, match="divisor is a whole number other than 0"):
        x // 0
    with pytest.raises(InvalidInput, match="minimum: no expressions"):
        minimum([])
    with pytest.raises(InvalidInput, match="x \\+ y takes 0..6; an expression given as a constraint must take 0 and 1"):
        m.add(x + y)
    other = Model().int_var(0, 1, "z")
    with pytest.raises(InvalidInput, match="two models"):
        abs(x - other)


def test_a_term_too_large_for_a_table_is_propagated_by_bounds():
    """maximum(a0 * a1, a2): its arguments take 980,200 combinations (refused before arithmetic
    had propagators)."""
    m = Model()
    a = m.int_vars(3, 0, 99, "a")
    m.add(maximum(a[0] * a[1], a[2]) == 5)
    for engine in ("python", "numba"):
        found = list(CspStream(m, engine=engine))
        assert len(found) == 2 * 6 + 207  # (a0 * a1 = 5 with a2 at most 5; a0 * a1 below 5, 207 pairs, and a2 = 5)
        assert all(csp_error(m, values) is None for values in found)


def test_an_element_beyond_its_list_has_no_value_and_many_arguments_chain():
    m = Model()
    x = m.int_vars(8, 0, 7, "x")
    i = m.int_var(-1, 9, "i")
    m.add(element(x, i) == maximum(x))  # (11 · 8^8 rows at once: chained, an if_then_else an item)
    m.add(minimum(x) == x[3])
    m.add(all_different(x))
    result = count_csp(m)
    assert result.count == 5040  # (the orders of 0…7 with x3 = 0: 7!, each with one i, the greatest's place)
    for method in ("basic", "mac"):
        found = solve_csp(m, method=method)
        assert csp_error(m, found.values) is None and found.values["x3"] == 0


@settings(max_examples=120, deadline=None)
@given(
    st.lists(st.tuples(st.integers(-2, 2), st.integers(0, 3)), min_size=1, max_size=4),
    st.lists(st.integers(-2, 3), min_size=0, max_size=2),
    st.lists(st.integers(-2, 3), max_size=2),
    st.integers(0, 4),
    st.sampled_from(METHODS),
)
def test_n_values_compared_pairwise_against_a_brute_force(spans, numbers, ignored, most, method):
    """n_values as it is beyond LISTED_VALUES (each expression differing from those before it,
    its terms no more per value): the listed values forced to none."""
    from essais.csp.model import functions

    with patch.object(functions, "LISTED_VALUES", 0):
        m = Model()
        variables = [m.int_var(low, low + width, f"v{k}") for k, (low, width) in enumerate(spans)]
        m.add(n_values([*variables, *numbers, variables[0] + 1], ignored) <= most)
    engines_agree_with_brute_force(m, method)


def test_n_values_of_wide_domains():
    """Four variables of 0..10⁹ taking one value but 10⁹ (ignored): beyond any listing."""
    m = Model()
    x = m.int_vars(4, 0, 10**9, "x")
    m.add(n_values(x, [10**9]) == 1)
    m.add(x[0] == 7)
    m.add(x[1] + x[2] + x[3] >= 2 * 10**9)
    for engine in ("python", "numba"):
        found = list(CspStream(m, engine=engine))
        assert all(csp_error(m, values) is None for values in found)
        big = 10**9
        assert sorted(tuple(v.values()) for v in found) == [(7, 7, big, big), (7, big, 7, big), (7, big, big, 7),
                                                            (7, big, big, big)]  # fmt: skip
