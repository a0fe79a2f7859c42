"""Reified relations and the logic of 0/1 terms as propagators (essais.csp.kinds.reified): both
engines alike against a brute force, the terms that map onto them, and forward's node
consistency at the root."""

from unittest.mock import patch

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from csp.test_csp import METHODS, engines_agree_with_brute_force
from essais.core.result import Status
from essais.csp import (
    CspStream,
    Model,
    count_csp,
    csp_error,
    if_then_else,
    implies,
    read_model,
    read_xcsp,
    solve_csp,
    to_xcsp,
    xor,
)
from essais.csp.draw import describe
from essais.csp.kinds import Reified, flatten, flattened

from conftest import ROOT


@st.composite
def reified_models(draw):
    """Three variables of small signed domains (now and then with holes),
    a 0/1 variable, and b ↔ (or →) a relation of some of them with coefficients of either sign;
    now and then a second one sharing b."""
    m = Model()
    holed = st.sets(st.integers(-3, 4), min_size=1, max_size=4)
    x = [m.int_var(draw(holed), name=f"x{k}") if draw(st.booleans())
         else m.int_var(draw(st.integers(-2, 1)), draw(st.integers(1, 3)), f"x{k}") for k in range(3)]  # fmt: skip
    b = m.int_var(0, 1, "b")
    for _ in range(draw(st.integers(1, 2))):
        chosen = draw(st.lists(st.sampled_from(x), min_size=0, max_size=3, unique_by=lambda v: v.index))
        coefficients = [draw(st.sampled_from([-2, -1, 1, 3])) for _ in chosen]
        relation = draw(st.sampled_from(["<=", "==", "!="]))
        m.add(Reified([v.index for v in chosen] + [b.index], coefficients, draw(st.integers(-3, 3)), relation,
                      half=draw(st.booleans())))  # fmt: skip
    return m


@settings(max_examples=150, deadline=None)
@given(reified_models(), st.sampled_from(METHODS))
def test_reified_relations_in_both_engines_alike_against_a_brute_force(model, method):
    engines_agree_with_brute_force(model, method)


@st.composite
def logic_models(draw):
    """Relations as 0/1 terms and their logic, | & ~ implies xor if_then_else, nested."""
    m = Model()
    x = [m.int_var(draw(st.integers(-1, 0)), draw(st.integers(1, 3)), f"x{k}") for k in range(3)]
    relations = st.builds(lambda a, b, c, k: [a + b <= k, a == c + k, a != k, 2 * a - b >= k][draw(st.integers(0, 3))],
                          st.sampled_from(x), st.sampled_from(x), st.sampled_from(x), st.integers(-1, 2))  # fmt: skip

    def logic(depth):
        if depth == 0 or draw(st.booleans()):
            return draw(relations)
        a, b = logic(depth - 1), logic(depth - 1)
        kind = draw(st.sampled_from(["|", "&", "~", "implies", "xor", "xor3", "ite"]))
        return {"|": lambda: a | b, "&": lambda: a & b, "~": lambda: ~a, "implies": lambda: implies(a, b),
                "xor": lambda: xor(a, b), "xor3": lambda: xor(a, b, logic(0)),
                "ite": lambda: if_then_else(a, b, logic(0))}[kind]()  # fmt: skip

    m.add(logic(2) + 0 == draw(st.integers(0, 1)))  # (+ 0: a relation as its 0/1 term)
    if draw(st.booleans()):
        m.add(logic(1) + x[draw(st.integers(0, 2))] >= 1)
    return m


@settings(max_examples=150, deadline=None)
@given(logic_models(), st.sampled_from(METHODS))
def test_logic_terms_in_both_engines_alike_against_a_brute_force(model, method):
    with patch.object(flatten, "LOGIC_AS_TABLES", False):  # (small terms reified too, not tables)
        engines_agree_with_brute_force(model, method)


def test_logic_terms_are_reified_relations():
    m = Model()
    x, y, z = m.int_vars(3, 0, 9, "x")
    m.add(implies((x <= 3) | (y == 2), ~(z != 5)) == 1)
    with patch.object(flatten, "LOGIC_AS_TABLES", False):  # (small terms reified too, not tables)
        flat = flattened(m)
    written = [describe(flat.constraints[k], flat.names) for k in flat.definitions]
    assert written[:4] == [
        "((x0 <= 3)) <-> (x0 <= 3)",
        "((x1 == 2)) <-> (x1 == 2)",
        "(((x0 <= 3) | (x1 == 2))) <-> (-((x0 <= 3)) - ((x1 == 2)) <= -1)",
        "(~(x2 != 5)) <-> (x2 == 5)",  # (~ of a relation: its negation)
    ]
    assert written[4].startswith("(implies(((x0 <= 3) | (x1 == 2)), ~(x2 != 5))) <-> ((((x0 <= 3) | (x1 == 2))) - ")
    assert all(isinstance(flat.constraints[k], Reified) for k in flat.definitions)


def test_a_reified_relation_propagates_both_ways():
    """b fixed to 1 narrows the relation's variables; its bounds decide b."""
    m = Model()
    x, y = m.int_var(0, 9, "x"), m.int_var(0, 9, "y")
    b = m.int_var(0, 1, "b")
    m.add(Reified([x.index, y.index, b.index], [1, 1], -4, "<=", half=False))  # b <-> x + y <= 4
    m.add(b == 1)
    m.add(x >= 3)
    for engine in ("python", "numba"):
        found = solve_csp(m, method="mac", engine=engine)
        assert found.values["x"] == 3 and found.values["y"] == 0 and found.stats.backtracks == 0
    m.add(y >= 2)  # (x + y >= 5 now: b must be 0)
    assert count_csp(m, method="mac").count == 0


def test_a_value_in_a_hole_decides_b():
    """b ↔ x == 5 with x in {2, 7} (or wide, {2, 7000}): 5 is between x's bounds but not among
    its values, so b is 0 at the root (and b ↔ x != 5 is 1), as Gecode's reification decides."""
    for values in ({2, 7}, {2, 7000}):
        for relation, truth in (("==", 0), ("!=", 1)):
            m = Model()
            x, b = m.int_var(values, name="x"), m.int_var(0, 1, "b")
            m.add(Reified([x.index, b.index], [1], -5, relation))
            for engine in ("python", "numba"):
                found = count_csp(m, method="mac/input/split", engine=engine, workers=1)
                assert found.count == 2 and found.stats.own["revisions"] == 1  # (decided at the root: 3 by bounds)
                assert all(s["b"] == truth for s in CspStream(m, engine=engine))


@pytest.mark.parametrize("offset", [0, 3])
def test_interleaved_domains_decide_b(offset):
    """b ↔ x == y + c (and !=) with x in {0, 2} and y + c in {1, 5}: their bounds overlap, no
    value meets, so b is decided at the root (MiniZinc's `b <-> x = y`, as Gecode decides it)."""
    for relation, truth in (("==", 0), ("!=", 1)):
        for a in (1, -1):
            m = Model()
            x, y, b = m.int_var({0, 2}, name="x"), m.int_var({1 - offset, 5 - offset}, name="y"), m.int_var(0, 1, "b")
            m.add(Reified([x.index, y.index, b.index], [a, -a], -offset * a, relation))
            for engine in ("python", "numba"):
                found = count_csp(m, method="mac/input", engine=engine, workers=1)
                assert found.count == 4 and found.stats.own["revisions"] == 1
                assert all(s["b"] == truth for s in CspStream(m, engine=engine))


def test_six_queens_of_cells_written_with_implications():
    """Six queens of 0/1 cells: a queen a row and a column (sums), no two on a diagonal
    (implications between cells), 4 solutions (OEIS A000170)."""
    n = 6
    m = Model()
    q = [m.int_vars(n, 0, 1, f"r{r}c") for r in range(n)]
    for k in range(n):
        m.add(sum(q[k]) == 1)
        m.add(sum(q[r][k] for r in range(n)) == 1)
    for r in range(n):
        for c in range(n):
            for s in range(r + 1, n):
                for d in (c - (s - r), c + (s - r)):
                    if 0 <= d < n:
                        m.add(implies(q[r][c] == 1, q[s][d] == 0) == 1)
    for method in ("forward", "mac"):
        assert count_csp(m, method=method).count == 4


def test_forward_narrows_the_unary_relations_once_at_the_root():
    """x == 2 and y != 0 narrow their variables before the first choice, counted."""
    m = Model()
    x, y = m.int_var(0, 3, "x"), m.int_var(0, 3, "y")
    m.add(x == 2)
    m.add(y != 0)
    m.add(x + y <= 4)
    for engine in ("python", "numba"):
        counted = count_csp(m, method="forward/input", engine=engine)
        # the root: x keeps 2 (3 values pruned), y loses 0 (1), two revisions; x = 2, the one try
        # for x: its two constraints, y loses 3; y = 1, y = 2: two constraints each, solutions
        assert counted.count == 2 and counted.stats.tries == 3
        assert counted.stats.own == {"pruned": 3 + 1 + 1, "revisions": 2 + 2 + 2 + 2}


def test_forward_solves_the_sudoku_written_with_equations():
    model = read_model(ROOT / "puzzles" / "sudoku.csp")
    for engine in ("python", "numba"):
        found = solve_csp(model, method="forward", engine=engine, node_limit=5_000)
        assert found.status == Status.FOUND and csp_error(model, found.values) is None
        assert found.stats.nodes < 200


def test_a_reified_relation_is_written_and_read_as_xcsp3(tmp_path):
    m = Model()
    x, y = m.int_var(0, 3, "x"), m.int_var(0, 3, "y")
    b, c = m.int_var(0, 1, "b"), m.int_var(0, 1, "c")
    m.add(Reified([x.index, y.index, b.index], [1, -1], 0, "!="))
    m.add(Reified([x.index, c.index], [2], -3, "<=", half=True))
    path = tmp_path / "reified.xml"
    path.write_text(to_xcsp(m))
    assert count_csp(read_xcsp(path)).count == count_csp(m).count == 24


@pytest.mark.parametrize("relation", ["<=", "==", "!="])
def test_a_reified_relation_without_variables_fixes_b_at_the_root(relation):
    m = Model()
    b = m.int_var(0, 1, "b")
    m.add(Reified([b.index], [], 0, relation))  # b <-> 0 REL 0
    assert [s["b"] for s in (solve_csp(m, method=method).values for method in ("forward", "mac"))] == [
        int(relation != "!=")
    ] * 2


@pytest.mark.parametrize("puzzle", ["golomb8", "ft06", "fewest-colours", "knight-circuit"])
def test_entailed_relations_leave_the_queue_and_change_no_node(puzzle):
    """A relation that holds whatever is left is not revised again below the node that found it
    so: fewer revisions than with entailment turned off, the same nodes, tries and pruned values,
    and the numba engine's counters the python engine's."""
    model = read_model(ROOT / "puzzles" / f"{puzzle}.csp")

    def run(engine):
        found = solve_csp(model, engine=engine, node_limit=300)
        return found.values, found.stats.nodes, found.stats.tries, found.stats.own

    with patch("essais.csp.textbook.domains.Domains.entail", lambda self: None):
        plain = run("python")
    python, numba = run("python"), run("numba")
    assert python == numba
    assert python[:3] == plain[:3] and python[3]["pruned"] == plain[3]["pruned"]
    assert python[3]["revisions"] < plain[3]["revisions"]
