"""no_overlap(starts, durations): tasks on one machine; increasing(variables); and
global_cardinality(variables, counts). Hypothesis-made task sets, chains and counts against a
brute force in both engines alike, the multinomial counts, and Fisher and Thompson's job
shop ft06 proved at its published optimum (55), the schedule checked job by job and machine by
machine."""

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from csp.test_csp import METHODS, engines_agree_with_brute_force
from essais.core.errors import InvalidInput
from essais.csp import (
    CspFileError,
    Model,
    count_csp,
    csp_error,
    global_cardinality,
    increasing,
    no_overlap,
    read_model,
    solve_csp,
)
from essais.csp.draw import describe

from conftest import ROOT

# ft06 (Fisher and Thompson, 1963): each job's operations in order, (machine, duration)
FT06 = [
    [(2, 1), (0, 3), (1, 6), (3, 7), (5, 3), (4, 6)],
    [(1, 8), (2, 5), (4, 10), (5, 10), (0, 10), (3, 4)],
    [(2, 5), (3, 4), (5, 8), (0, 9), (1, 1), (4, 7)],
    [(1, 5), (0, 5), (2, 5), (3, 3), (4, 8), (5, 9)],
    [(2, 9), (1, 3), (4, 5), (5, 4), (0, 3), (3, 1)],
    [(1, 3), (3, 3), (5, 9), (0, 10), (4, 4), (2, 1)],
]


@st.composite
def task_sets(draw):
    """2 to 4 tasks (starts in small ranges, durations 0 to 3), sometimes a relation between two."""
    m = Model()
    n = draw(st.integers(2, 4))
    starts = [m.int_var(draw(st.integers(-1, 2)), draw(st.integers(2, 6)), f"s{k}") for k in range(n)]
    m.add(no_overlap(starts, [draw(st.integers(0, 3)) for _ in range(n)]))
    if draw(st.booleans()):
        m.add(starts[0] + draw(st.integers(-2, 2)) <= starts[-1])
    return m


@settings(max_examples=150, deadline=None)
@given(task_sets(), st.sampled_from(METHODS))
def test_the_schedules_of_a_machine_are_a_brute_force_s_in_both_engines_alike(model, method):
    engines_agree_with_brute_force(model, method)


def schedule_error(values):
    """Why the ft06 schedule is wrong, or None: each job's operations in order, each machine's
    operations apart, the makespan its last operation's end."""
    starts = [[values[f"s[{j}][{k}]"] for k in range(6)] for j in range(6)]
    for j, job in enumerate(FT06):
        for k in range(5):
            if starts[j][k] + job[k][1] > starts[j][k + 1]:
                return f"job {j}: operation {k + 1} starts before {k} ends"
    for machine in range(6):
        spans = sorted((starts[j][k], starts[j][k] + d) for j, job in enumerate(FT06) for k, (m, d) in enumerate(job)
                       if m == machine)  # fmt: skip
        if any(end > start for (_, end), (start, _) in zip(spans, spans[1:], strict=False)):
            return f"machine {machine}: two operations overlap"
    if values["end"] != max(starts[j][5] + FT06[j][5][1] for j in range(6)):
        return "the makespan is not the last end"
    return None


def test_the_job_shop_ft06_is_proved_at_55_in_both_engines_alike():
    model = read_model(ROOT / "puzzles" / "ft06.csp")
    runs = [solve_csp(model, method="mac/wdeg", engine=engine) for engine in ("python", "numba")]
    assert runs[0].values == runs[1].values and runs[0].stats.counters() == runs[1].stats.counters()
    found = runs[1]
    assert found.optimal and found.objective == 55  # (OR-Library's optimum for ft06)
    assert csp_error(model, found.values) is None and schedule_error(found.values) is None


def test_no_overlap_is_said_and_bad_ones_refused():
    m = Model()
    s = m.int_vars(2, 0, 5, "s")
    m.add(no_overlap(s, [2, 3]))
    assert describe(m.constraints[0], m.names) == "no_overlap([s0, s1], [2, 3])"
    assert m.holds([0, 2]) and m.holds([3, 0]) and not m.holds([1, 2])
    for call, message in [(lambda: no_overlap(s, [2]), "2 starts and 1 durations"),
                          (lambda: no_overlap(s, [2, -1]), "-1 is not a whole number"),
                          (lambda: no_overlap([s[0], 1.5], [1, 1]), "no_overlap: 1.5 is not an integer")]:  # fmt: skip
        with pytest.raises(InvalidInput, match=message):
            call()
    for line, message in [("no_overlap(s, 3)", "no_overlap takes the starts and a list of their durations"),
                          ("no_overlap(s[0] + 1, [1, 1])", "no_overlap's starts are an array, a row or a list"),
                          ("no_overlap(s, [1, x])", "'x' is not a declared variable")]:  # fmt: skip
        with pytest.raises(CspFileError, match=message):
            read_model("t.csp", f"var s[2] in 0..5\n{line}\n")
    text = "param d = 2\nvar s[2][2] in 0..5\nfor i in range(2):\n    no_overlap(s[i], [d, d + i])\n"
    in_file = read_model("t.csp", text)
    assert [c.durations for c in in_file.constraints] == [[2, 2], [2, 3]]


@st.composite
def chains(draw):
    """2 to 5 variables of small ranges, increasing (strict or not), sometimes with a relation."""
    m = Model()
    xs = [m.int_var(draw(st.integers(-2, 2)), draw(st.integers(2, 5)), f"x{k}") for k in range(draw(st.integers(2, 5)))]
    m.add(increasing(draw(st.permutations(xs)), strict=draw(st.booleans())))
    if draw(st.booleans()):
        m.add(xs[0] + xs[-1] != draw(st.integers(0, 6)))
    return m


@settings(max_examples=150, deadline=None)
@given(chains(), st.sampled_from(METHODS))
def test_increasing_chains_are_a_brute_force_s_in_both_engines_alike(model, method):
    engines_agree_with_brute_force(model, method)


def test_increasing_is_said_read_and_bad_ones_refused():
    model = read_model("i.csp", "var x[4] in 0..3\nincreasing(x, strict=True)\n")
    assert model.constraints[0].strict and solve_csp(model).values == {f"x[{k}]": k for k in range(4)}
    assert describe(model.constraints[0], model.names) == "increasing(x[0], x[1], x[2], x[3], strict=True)"
    for line, message in [("increasing(x, strict=1)", "strict=1 is neither True nor False"),
                          ("increasing(x, fast=True)", "increasing takes no keyword but strict=True"),
                          ("circuit(x, strict=True)", "circuit takes no keyword")]:  # fmt: skip
        with pytest.raises(CspFileError, match=message):
            read_model("i.csp", f"var x[4] in 0..3\n{line}\n")


@st.composite
def cardinalities(draw):
    """2 to 5 variables of small ranges, each of 1 to 3 values taken by an exact count."""
    m = Model()
    xs = [m.int_var(draw(st.sets(st.integers(0, 4), min_size=1, max_size=4)), name=f"x{k}")
          for k in range(draw(st.integers(2, 5)))]  # fmt: skip
    counts = draw(st.dictionaries(st.integers(-1, 4), st.integers(0, 3), min_size=1, max_size=3))
    m.add(global_cardinality(draw(st.lists(st.sampled_from(xs), min_size=1, max_size=5)), counts))
    return m


@settings(max_examples=150, deadline=None)
@given(cardinalities(), st.sampled_from(METHODS))
def test_cardinalities_are_a_brute_force_s_in_both_engines_alike(model, method):
    engines_agree_with_brute_force(model, method)


@pytest.mark.parametrize("counts", [(2, 2, 2), (3, 2, 1), (1, 1, 4), (6, 0, 0)])
def test_the_arrangements_of_a_multiset_are_its_multinomial_count(counts):
    """Six variables over 1..3 with value v taken counts[v - 1] times: 6! / (a! b! c!) ways."""
    m = Model()
    m.add(global_cardinality(m.int_vars(6, 1, 3), {v + 1: count for v, count in enumerate(counts)}))
    expected = math.factorial(6) // math.prod(math.factorial(count) for count in counts)
    for method in ("basic", "forward", "mac", "mac/wdeg"):
        assert count_csp(m, method=method).count == expected
        assert count_csp(m, method=method, engine="python").count == expected


def test_global_cardinality_is_read_said_and_bad_ones_refused():
    model = read_model("g.csp", "param n = 2\nvar x[4] in 0..3\nglobal_cardinality(x, {0: n, 3: n - 1})\n")
    assert model.constraints[0].counts == {0: 2, 3: 1}
    assert describe(model.constraints[0], model.names) == "global_cardinality([x[0], x[1], x[2], x[3]], {0: 2, 3: 1})"
    with pytest.raises(InvalidInput, match="is not a whole value and a count"):
        global_cardinality(model.variables, {1: -1})
    for line, message in [("global_cardinality(x, [1, 2])", "takes the variables and {value: count"),
                          ("global_cardinality(x[0] + 1, {1: 1})", "first argument is an array, a row or a list"),
                          ("global_cardinality(x, {**y})", "counts are written out")]:  # fmt: skip
        with pytest.raises(CspFileError, match=message):
            read_model("g.csp", f"var x[4] in 0..3\n{line}\n")
