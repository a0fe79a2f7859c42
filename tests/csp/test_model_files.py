"""Model files that say it at a readable length: params, arrays of two dimensions, loops with
their conditions and `sum(…)`, each checked against the model written out (the same solutions,
counts and counters) and the published numbers; bad lines refused with their line, column and
loop values."""

import itertools
import warnings

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from essais.csp import CspFileError, CspStream, Model, all_different, count_csp, csp_error, read_model, solve_csp
from essais.csp.draw import describe
from essais.csp.kinds import AllDifferent

from conftest import ROOT, invoke

MAGIC = """
param n = {n}
param total = n * (n * n + 1) // 2
var m[n][n] in 1..n*n
all_different(m)
for i in range(n):
    sum(m[i]) == total
for j in range(n):
    sum(m[i][j] for i in range(n)) == total
sum(m[i][i] for i in range(n)) == total
sum(m[i][n - 1 - i] for i in range(n)) == total
"""


def magic_by_hand(n):
    """The same square built with the Python API, constraint for constraint."""
    m = Model()
    cells = [[m.int_var(1, n * n, f"m[{i}][{j}]") for j in range(n)] for i in range(n)]
    total = n * (n * n + 1) // 2
    m.add(all_different([x for row in cells for x in row]))
    for i in range(n):
        m.add(sum(cells[i]) == total)
    for j in range(n):
        m.add(sum(cells[i][j] for i in range(n)) == total)
    m.add(sum(cells[i][i] for i in range(n)) == total)
    m.add(sum(cells[i][n - 1 - i] for i in range(n)) == total)
    return m


def test_a_magic_square_written_with_loops_is_the_square_written_out():
    read = read_model("magic.csp", MAGIC.format(n=3))
    by_hand = magic_by_hand(3)
    assert read.names == by_hand.names and read.domains == by_hand.domains
    for engine in ("python", "numba"):
        ours, theirs = CspStream(read, engine=engine), CspStream(by_hand, engine=engine)
        assert list(ours) == list(theirs) and len(list(CspStream(read, engine=engine))) == 8  # (Lo Shu, 8 ways)
        assert ours.result.stats.counters() == theirs.result.stats.counters()


def test_the_shipped_magic_square_counts_frenicles_7040_and_a_5x5_square_is_found():
    four = read_model(ROOT / "puzzles" / "magic4.csp")
    assert [name for name in four.names[:5]] == ["m[0][0]", "m[0][1]", "m[0][2]", "m[0][3]", "m[1][0]"]
    assert count_csp(four, workers=2).count == 7_040
    five = read_model("magic5.csp", MAGIC.format(n=5))
    found = solve_csp(five, method="mac/mrv")
    assert found.found and csp_error(five, found.values) is None
    square = [[found.values[f"m[{i}][{j}]"] for j in range(5)] for i in range(5)]
    assert sorted(itertools.chain(*square)) == list(range(1, 26))
    assert {sum(row) for row in square} | {sum(col) for col in zip(*square, strict=True)} == {65}


def test_the_shipped_ruler_written_with_loops_is_proved():
    ruler = read_model(ROOT / "puzzles" / "golomb8.csp")
    [different] = [c for c in ruler.constraints if isinstance(c, AllDifferent)]
    assert len(ruler.names) == 8 + 28 and different.hall and len(different.variables) == 28
    found = solve_csp(ruler, method="mac/input")
    assert found.optimal and found.objective == 34
    marks = [found.values[f"m[{k}]"] for k in range(8)]
    gaps = [b - a for a, b in itertools.combinations(marks, 2)]
    assert marks[0] == 0 and marks == sorted(set(marks)) and len(set(gaps)) == len(gaps)


def normal_form(model):
    """Each constraint as plain data, in order: a relation's terms, constant and relation; an
    all_different's variables, coefficients and offsets."""
    return [(type(c).__name__, sorted(c.terms.items()), c.constant, c.relation) if hasattr(c, "terms")
            else (type(c).__name__, c.variables, c.coefficients, c.offsets) for c in model.constraints]  # fmt: skip


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 6), st.integers(0, 3), st.integers(-2, 2))
def test_loops_conditions_and_params_make_the_constraints_python_would(n, skip, shift):
    text = f"""
param n = {n}
param skip = {skip}
var x[n][n] in -3..3
for i in range(n):
    for j in range(n):
        if i == j or (i + j) % 3 == skip:
            x[i][j] == {shift} + i // 2 - j % 2
        else:
            x[i][j] != -(i - j) // 2
    all_different(x[i][k] * 2 - k for k in range(n) if k != skip and not k == i + 1)
sum(x[i][j] for i in range(n) for j in range(i, n)) <= n * {shift + 3}
"""
    read = read_model("loops.csp", text)
    expected = Model()
    x = [[expected.int_var(-3, 3, f"x[{i}][{j}]") for j in range(n)] for i in range(n)]
    for i in range(n):
        for j in range(n):
            if i == j or (i + j) % 3 == skip:
                expected.add(x[i][j] == shift + i // 2 - j % 2)
            else:
                expected.add(x[i][j] != -(i - j) // 2)
        expected.add(all_different([x[i][k] * 2 - k for k in range(n) if k != skip and k != i + 1]))
    expected.add(sum(x[i][j] for i in range(n) for j in range(i, n)) <= n * (shift + 3))
    assert read.names == expected.names and normal_form(read) == normal_form(expected)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("var x[2][2] in 0..3\nx[2][0] == 1\n", "line 2, column 1: x\\[2\\] is outside x\\[0..1\\]"),
        (
            "param n = 3\nvar q[n] in 0..3\nfor i in range(n + 1):\n    q[i] == 1\n",
            "line 4, column 5 \\(i = 3\\): q\\[3\\] is outside q\\[0..2\\]",
        ),
        ("var q[3] in 0..3\nfor i in range(3):\n", "the block of this line is empty"),
        ("var q[3] in 0..3\nfor i in range(3):\nq[0] == 1\n", "line 3, column 1: the block of line 2 is empty"),
        ("var q[3] in 0..3\nelse:\n    q[0] == 1\n", "line 2, column 1: else: follows an if block"),
        ("var q[3] in 0..3\nfor q in range(3):\n    q[0] == 1\n", "'q' names a variable"),
        ("var q[3] in 0..3\nfor i in range(3):\n    var y in 0..1\n", "var and param lines stand outside loops"),
        ("var q[3] in 0..3\nwhile 1:\n    q[0] == 1\n", "a block opens with `for NAME in range"),
        ("var q[2][2] in 0..3\nq[0, 1] == 1\n", "index each dimension on its own"),
        ("var q[2][2] in 0..3\nq[0] == 1\n", "a part of an array: index each dimension"),
        ("var q[3] in 0..3\nsum(q[0], q[1]) == 1\n", "sum takes an array, a row or a generator"),
        ("var q[3] in 0..3\nq[0] // q[1] == 1\n", "// and % divide by a whole number"),
        ("var q[3] in 0..3\nq[0] % 0 == 1\n", "divides by zero"),
        (
            "var x, y in 0..3\nx == 1 | y == 2\n",
            "column 1: a chained comparison is two relations; write and, or, not as",
        ),
        ("var x, y in 0..3\n(x == 1) or (y == 2)\n", "column 1: write and, or, not as &, |, ~"),
        ("var x, y in 0..3\nx + (not y == 2) <= 1\n", "column 6: write and, or, not as &, |, ~"),
        ("var x, y in 0..3\nx | (y == 1)\n", r"column 1: \| takes relations or terms of 0 and 1; x takes 0..3"),
        ("var x, y in 0..3\nabs(x, y) == 1\n", "column 1: abs takes 1 expression"),
        ("var x, y in 0..3\nsqrt(x) == 1\n", "column 1: 'sqrt' is not a term"),
        ("var x, y in 0..3\nmin(x, y, key=1) == 1\n", "min takes no keyword"),
        ("var x, y in 0..3\nx + y\n", "column 1: not a constraint: a relation"),
        (
            "var x, y in 0..3\nabs(x - y)\n",
            "abs\\(x - y\\) takes 0..3; an expression given as a constraint must take 0",
        ),
        ("var q[2][2] in 0..3\nvar i in 0..1\nq[i][0] == 1\n", "an index, a bound or a param is a whole number"),
        ("var x, y in 0..3\nelement([1, 2], x, y) == 1\n", "element takes the expressions and an index"),
        ("param n = 5 // 0\n", "divides by zero"),
        ("param n = 2\nparam n = 3\n", "declared twice"),
        ("var x in 0..3\nparam k = x\n", "a whole number \\(no variable\\)"),
        ("param n = 0\nvar q[n] in 0..3\n", "an array holds one variable or more"),
        (
            "var q[3] in 0..3\nfor i in range(3):\n    if q[i] > 1:\n        q[i] == 0\n",
            "line 3, column 8 \\(i = 0\\): an index, a bound or a param is a whole number",
        ),
        (
            "var q[3] in 0..3\nall_different(q[i] for i in range(3) for j in range(600) for k in range(600))\n",
            "more than 1,000,000 loops",
        ),
    ],
)
def test_bad_lines_are_refused_with_their_line_column_and_loop_values(tmp_path, text, message):
    with pytest.raises(CspFileError, match=message):
        read_model("model.csp", text)
    (tmp_path / "m.csp").write_text(text)
    refused = invoke(["csp", str(tmp_path / "m.csp")])
    assert refused.exit_code == 2 and refused.stderr.count("\n") == 1


def test_python_s_parser_says_nothing_of_its_own():
    """`1and 2` makes Python's parser warn on stderr (an invalid decimal literal): the reader's
    one line says what is wrong, and nothing else is printed."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        with pytest.raises(CspFileError, match="write and, or, not as &, |, ~"):
            read_model("m.csp", "var x in 0..3\nx == 1and 2\n")
    assert not caught


def test_a_model_that_grows_past_the_memory_limit_is_refused_as_it_is_read():
    from essais.core.limits import Limits

    text = "var q[1000] in 0..9\nfor i in range(1000):\n    for j in range(1000):\n        q[i] + q[j] <= 17\n"
    with pytest.raises(Exception, match="memory"):
        read_model("big.csp", text, limits=Limits(memory=20_000_000))


def test_all_different_of_a_row_and_of_a_whole_array():
    text = "var x[2][3] in 0..5\nall_different(x[1])\nall_different(x)\n"
    model = read_model("rows.csp", text)
    assert [len(c.variables) for c in model.constraints] == [3, 6]
    assert model.constraints[0].variables == [3, 4, 5]
    counted = count_csp(model)
    assert counted.count == 6 * 5 * 4 * 3 * 2 * 1
    by_hand = Model()
    xs = by_hand.int_vars(6, 0, 5)
    by_hand.add(all_different(xs[3:]))
    by_hand.add(all_different(xs))
    assert count_csp(by_hand).count == counted.count


def test_a_table_of_forbidden_tuples_and_of_any_value():
    text = "var x in 0..3\nvar y in 0..3\ntable(x, y) in [(0, None), (None, 3), (2, 2)]\ntable(x, y) not in [(0, 1)]\n"
    model = read_model("tables.csp", text)
    assert [describe(c, model.names) for c in model.constraints] == ["table(x, y) in 3 rows",
                                                                     "table(x, y) not in 1 row"]  # fmt: skip
    answers = sorted(tuple(d.values()) for d in CspStream(model))
    assert answers == [(0, 0), (0, 2), (0, 3), (1, 3), (2, 2), (2, 3), (3, 3)]
    assert [tuple(d.values()) for d in CspStream(model, engine="python")] == answers
