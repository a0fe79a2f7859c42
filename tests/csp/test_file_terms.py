"""Terms in model files (essais.csp.files.terms): each the term the Python API makes (the same
solutions in the same order, the same counters), the shipped examples' published numbers, and
the brute force's solutions."""

import itertools

import pytest

from csp.test_csp import brute_force, engines_agree_with_brute_force
from essais.csp import (
    CspStream,
    Model,
    all_different,
    count,
    count_csp,
    element,
    if_then_else,
    implies,
    lex_less_eq,
    maximum,
    minimum,
    read_model,
    solve_csp,
)

from conftest import ROOT

EVERY_TERM = """
var x, y in -2..3
var a[3] in 0..4
var i in 0..3
(x == 1) | (y >= 2) | ~(x == y)
implies(x > 0, a[0] != a[1])
a[i] == max(a)
min(x, y) + x * y // 2 - abs(x - y) % 3 <= count(a, 3) + element([4, 5, 6], i) - if_then_else(x > y, 1, 0)
sum(a[k] == k for k in range(3)) >= 1
all_different(a[k] + x for k in range(3))
lex_less_eq([x, a[2]], [y + 1, a[1]])
maximize minimum(a) + y
"""


def every_term_by_hand():
    m = Model()
    x, y = m.int_var(-2, 3, "x"), m.int_var(-2, 3, "y")
    a = [m.int_var(0, 4, f"a[{k}]") for k in range(3)]
    i = m.int_var(0, 3, "i")
    m.add((x == 1) | (y >= 2) | ~(x == y))
    m.add(implies(x > 0, a[0] != a[1]))
    m.add(element(a, i) == maximum(a))
    m.add(
        minimum(x, y) + x * y // 2 - abs(x - y) % 3 <= count(a, 3) + element([4, 5, 6], i) - if_then_else(x > y, 1, 0)
    )
    m.add(sum(a[k] == k for k in range(3)) >= 1)
    m.add(all_different([a[k] + x for k in range(3)]))
    m.add(lex_less_eq([x, a[2]], [y + 1, a[1]]))
    m.maximize(minimum(a) + y)
    return m


@pytest.mark.parametrize("method", ["basic", "forward/wdeg", "mac/input/lcv"])
def test_every_term_of_a_file_is_the_python_api_s(method):
    read, by_hand = read_model("terms.csp", EVERY_TERM), every_term_by_hand()
    assert read.names == by_hand.names
    for engine in ("python", "numba"):
        file_search = CspStream(read, method=method, engine=engine)
        hand_search = CspStream(by_hand, method=method, engine=engine)
        assert list(file_search) == list(hand_search)
        assert file_search.result.stats.own == hand_search.result.stats.own
    best = solve_csp(read, method=method)
    assert best.objective == max(min(s[f"a[{k}]"] for k in range(3)) + s["y"] for s in brute_force(read))


def test_the_file_s_terms_against_a_brute_force():
    read = read_model("terms.csp", EVERY_TERM.replace("maximize minimum(a) + y", ""))
    engines_agree_with_brute_force(read, "mac/wdeg")


@pytest.mark.parametrize(
    ("name", "count"),
    [("all-interval.csp", 20), ("magic-sequence.csp", 1), ("costas.csp", 200), ("donald-gerald-robert.csp", 1)],
)
def test_the_shipped_examples_give_their_published_numbers(name, count):
    model = read_model(ROOT / "puzzles" / name)
    assert count_csp(model).count == count


def test_donald_gerald_robert():
    assert solve_csp(read_model(ROOT / "puzzles" / "donald-gerald-robert.csp")).values == {
        "D": 5, "O": 2, "N": 6, "A": 4, "L": 8, "G": 1, "E": 9, "R": 7, "B": 3, "T": 0}  # fmt: skip


def test_the_ruler_written_as_thought_proves_34_for_8_marks():
    text = (ROOT / "puzzles" / "golomb12.csp").read_text().replace("param n = 12", "param n = 8")
    best = solve_csp(read_model("golomb.csp", text), method="mac/input")
    assert best.optimal and best.objective == 34
    marks = [best.values[f"m[{k}]"] for k in range(8)]
    differences = [b - a for a, b in itertools.combinations(marks, 2)]
    assert len(set(differences)) == len(differences)
