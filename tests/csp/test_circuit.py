"""circuit(successors): one Hamiltonian cycle; subcircuit, some nodes left out. Counts against a
brute force on hypothesis-made graphs and the published numbers ((n-1)! cycles of a complete
graph, 9,862 closed knight's tours of 6×6), both engines alike in every method, each tour checked
by the knight's own checker."""

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from csp.test_csp import METHODS, engines_agree_with_brute_force
from essais.core.board import Board
from essais.core.errors import InvalidInput
from essais.csp import CspFileError, CspStream, Model, circuit, count_csp, read_model, solve_csp, subcircuit
from essais.csp.draw import describe
from essais.knights.check import tour_error

from conftest import ROOT


@pytest.mark.parametrize("n", range(1, 7))
def test_a_complete_graph_has_n_minus_1_factorial_cycles(n):
    m = Model()
    m.add(circuit(m.int_vars(n, 0, n - 1, "s")))
    for method in ("basic", "forward/input", "mac", "mac/wdeg/lcv"):
        assert count_csp(m, method=method).count == math.factorial(n - 1)
        assert count_csp(m, method=method, engine="python").count == math.factorial(n - 1)


@pytest.mark.parametrize("n", range(1, 7))
def test_a_complete_graph_has_its_subcircuits(n):
    """A subcircuit (XCSP3's circuit): the nodes on one cycle of two or more, the others their own
    successors — Σ C(n, k)·(k-1)! for k = 2 … n (ACE counts 5 of 3 nodes, 20 of 4)."""
    m = Model()
    m.add(subcircuit(m.int_vars(n, 0, n - 1, "s")))
    expected = sum(math.comb(n, k) * math.factorial(k - 1) for k in range(2, n + 1))
    for method in ("basic", "forward/input", "mac", "mac/wdeg/lcv"):
        engines_agree_with_brute_force(m, method)
        assert count_csp(m, method=method).count == expected


def test_a_subcircuit_leaves_its_loops_out_and_keeps_one_cycle():
    m = Model()
    s = m.int_vars(4, 0, 3, "s")
    m.add(subcircuit(s))
    assert describe(m.constraints[0], m.names) == "subcircuit(s0, s1, s2, s3)"
    assert m.holds([1, 0, 2, 3]) and m.holds([1, 2, 0, 3]) and not m.holds([0, 1, 2, 3])
    assert not m.holds([1, 0, 3, 2]) and not m.holds([1, 1, 2, 3])
    m.add(s[0] == 1)
    m.add(s[1] == 2)
    m.add(s[3] != 3)  # (node 3 on the cycle: 2 may not go back to 0)
    for engine in ("python", "numba"):
        assert [v["s2"] for v in CspStream(m, engine=engine)] == [3]
    text = "var s[4] in 0..3\nsubcircuit(s)\n"
    assert count_csp(read_model("s.csp", text)).count == 20


@st.composite
def graphs(draw):
    """A directed graph of 2 to 6 nodes (each node's successors, some beyond 0 … n-1 or itself),
    with now and then a relation between two successors."""
    n = draw(st.integers(2, 6))
    m = Model()
    successors = [m.int_var(draw(st.sets(st.integers(-1, n), min_size=1, max_size=n)), name=f"s{k}")
                  for k in range(n)]  # fmt: skip
    m.add((subcircuit if draw(st.booleans()) else circuit)(successors))
    if draw(st.booleans()):
        a, b = draw(st.permutations(successors))[:2]
        m.add(a + draw(st.integers(-2, 2)) != b)
    return m


@settings(max_examples=150, deadline=None)
@given(graphs(), st.sampled_from(METHODS))
def test_the_cycles_of_a_graph_are_a_brute_force_s_in_both_engines_alike(model, method):
    engines_agree_with_brute_force(model, method)


def test_the_closed_knight_s_tours_of_6x6_are_9862_each_way():
    model = read_model(ROOT / "puzzles" / "knight-circuit.csp")
    assert count_csp(model, workers=2).count == 2 * 9_862  # OEIS A001230, each tour in both directions
    for values in CspStream(model, limit=20):
        square, path = 0, []
        for _ in range(36):
            path.append(divmod(square, 6))
            square = values[f"s[{square}]"]
        assert tour_error(Board(6, 6), path, closed=True) is None


def test_a_closed_knight_s_tour_of_8x8_is_found_as_a_circuit():
    text = (ROOT / "puzzles" / "knight-circuit.csp").read_text().replace("param n = 6", "param n = 8")
    for engine in ("numba", "python"):
        values = solve_csp(read_model("k8.csp", text), engine=engine).values
        square, path = 0, []
        for _ in range(64):
            path.append(divmod(square, 8))
            square = values[f"s[{square}]"]
        assert square == 0 and tour_error(Board(8, 8), path, closed=True) is None


def test_a_circuit_is_said_and_bad_ones_refused():
    m = Model()
    s = m.int_vars(3, 0, 2, "s")
    m.add(circuit(s))
    assert describe(m.constraints[0], m.names) == "circuit(s0, s1, s2)"
    assert m.holds([1, 2, 0]) and not m.holds([1, 0, 2]) and not m.holds([2, 2, 0])
    for call, message in [(lambda: circuit([s[0], s[0]]), "stands twice"), (lambda: circuit([]), "no successor"),
                          (lambda: circuit([s[0], "s1"]), "circuit: .s1. is not an integer")]:  # fmt: skip
        with pytest.raises(InvalidInput, match=message):
            call()
    for line, message in [("circuit(s[0], s[1], strict=True)", "circuit takes no keyword"),
                          ("circuit(s[0], s[0])", "line 2, column 1: circuit: a variable stands twice")]:  # fmt: skip
        with pytest.raises(CspFileError, match=message):
            read_model("c.csp", f"var s[3] in 0..2\n{line}\n")


def test_a_chain_may_not_close_early():
    """Three successors fixed in a chain 0 -> 1 -> 2 of five nodes: node 2 may not go back to 0."""
    m = Model()
    s = m.int_vars(5, 0, 4, "s")
    m.add(circuit(s))
    m.add(s[0] == 1)
    m.add(s[1] == 2)
    for engine in ("python", "numba"):
        found = list(CspStream(m, engine=engine))
        assert all(values["s2"] != 0 for values in found) and len(found) == 2  # (0 1 2 3 4, 0 1 2 4 3)
