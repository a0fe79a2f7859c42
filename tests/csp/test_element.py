"""element as a kind of its own (essais.csp.kinds.element): its propagator in both engines, against
a brute force and the published counts of models written with it."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from csp.test_csp import METHODS, engines_agree_with_brute_force
from essais.csp import Model, all_different, count_csp, csp_error, element, if_then_else, solve_csp
from essais.csp.draw import describe
from essais.csp.kinds import flattened


@st.composite
def element_models(draw):
    """items[index] == a variable or a number: items of variables and numbers, an index that may
    fall beyond the list, a variable standing twice now and then."""
    m = Model()
    variables = [m.int_var(draw(st.integers(-3, 0)), draw(st.integers(0, 4)), f"v{k}") for k in range(4)]
    items = draw(st.lists(st.sampled_from(variables[1:]) | st.integers(-2, 4), min_size=1, max_size=4))
    index = draw(st.sampled_from(variables))
    value = draw(st.sampled_from(variables) | st.integers(-1, 3))
    m.add(element(items, index) == value)
    if draw(st.booleans()):
        m.add(variables[0] != variables[1])
    return m


@settings(max_examples=200, deadline=None)
@given(element_models(), st.sampled_from(METHODS))
def test_element_in_both_engines_alike_against_a_brute_force(model, method):
    engines_agree_with_brute_force(model, method)


def test_element_is_one_constraint_of_its_own_kind():
    m = Model()
    x = m.int_vars(3, 0, 5, "x")
    i = m.int_var(-1, 4, "i")
    m.add(element([x[0], 7, x[2]], i) == x[1])
    flat = flattened(m)
    [definition] = [flat.constraints[k] for k in flat.definitions]
    assert describe(definition, flat.names) == "element([x0, 7, x2], i) == (element([x0, 7, x2], i))"
    assert flat.domains[-1] == (0, 1, 2, 3, 4, 5, 7)  # (what the items at positions 0…2 take)


def test_the_propagator_prunes_the_index_the_value_and_the_item_chosen():
    m = Model()
    x = m.int_vars(3, 0, 9, "x")
    i = m.int_var(-2, 5, "i")
    m.add(element([x[0], 20, x[2]], i) == x[1])
    m.add(x[1] <= 3)
    m.add(x[0] >= 5)
    for engine in ("python", "numba"):
        found = solve_csp(m, method="mac", engine=engine)
        # (i = 2 at once: 20 and x0 >= 5 meet no value of x1; then x2 is x1's values, and no backtrack)
        assert found.values["i"] == 2 and found.values["x2"] == found.values["x1"]
        assert found.stats.backtracks == 0 and csp_error(m, found.values) is None


def permutation_and_inverse(n, deranged):
    """p a permutation of 0…n-1 and q its inverse, channelled by element: p[q[i]] == i."""
    m = Model()
    p, q = m.int_vars(n, 0, n - 1, "p"), m.int_vars(n, 0, n - 1, "q")
    m.add(all_different(p))
    for k in range(n):
        m.add(element(p, q[k]) == k)
        if deranged:
            m.add(p[k] != k)
    return m


@pytest.mark.parametrize(("n", "deranged", "count"), [(6, False, 720), (7, True, 1854), (5, True, 44)])
def test_channelled_permutations_and_derangements(n, deranged, count):
    # (n! permutations; derangements: OEIS A000166, 44 for 5 and 1854 for 7)
    model = permutation_and_inverse(n, deranged)
    for method in ("forward", "mac"):
        assert count_csp(model, method=method).count == count
    found = solve_csp(model, engine="python")
    assert csp_error(model, found.values) is None
    assert [found.values[f"p{found.values[f'q{k}']}"] for k in range(n)] == list(range(n))


def test_no_more_nodes_than_its_former_chain_of_if_then_else():
    """The chain element was flattened to before it was a kind: its nodes are an upper bound."""

    def chained(items, index):
        chain = items[-1]
        for j in range(len(items) - 2, -1, -1):
            chain = if_then_else(index == j, items[j], chain)
        return chain

    def model(of):
        m = Model()
        x, y = m.int_vars(6, 0, 5, "x"), m.int_vars(6, 0, 5, "y")
        m.add(all_different(x))
        for k in range(6):
            m.add(of(x, y[k]) == (k + 1) % 6)
        return m

    for method in ("forward", "mac"):
        kind, chain = count_csp(model(element), method=method), count_csp(model(chained), method=method)
        assert kind.count == chain.count == 720
        assert kind.stats.nodes <= chain.stats.nodes
