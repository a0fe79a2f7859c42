"""Restarts (luby) with the order wdeg: the same solutions, optimum and counters in both engines,
the runs begun again counted, and every combination that learns nothing refused."""

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from csp.test_optimise import golomb, is_golomb_ruler, knapsack_by_dynamic_programming
from essais.core.errors import InvalidInput
from essais.core.result import Status
from essais.csp import Model, all_different, count_csp, csp_error, solve_csp
from essais.csp.textbook import luby

from conftest import ROOT, invoke

WDEG = ["basic/wdeg", "forward/wdeg", "mac/wdeg", "mac/wdeg/lcv"]


def test_luby_is_the_published_sequence():
    assert [luby(n) for n in range(1, 32)] == [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8,
                                               1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, 16]  # fmt: skip


def runs_of(model, method):
    found = [solve_csp(model, method=method, engine=engine, restarts="luby") for engine in ("python", "numba")]
    return [(r.status, r.values, r.objective, r.stats.counters(), r.stats.own) for r in found], found[1]


@pytest.mark.parametrize("method", ["forward/wdeg", "mac/wdeg", "mac/wdeg/lcv"])
def test_a_ruler_is_proved_with_restarts_in_both_engines_alike(method):
    (python, numba), found = runs_of(golomb(7), method)
    assert python == numba
    assert found.optimal and found.objective == 25 and is_golomb_ruler(found.values, 7)
    assert found.stats.own["restarts"] >= 1  # (the search is long enough to begin again)


def ruler_of_length(n, length):
    """A Golomb ruler of n marks no longer than `length` (a first solution, no objective)."""
    m = Model()
    marks = m.int_vars(n, 0, length, "m")
    m.add(marks[0] == 0)
    for a, b in itertools.pairwise(marks):
        m.add(a < b)
    gaps = [m.int_var(1, length, f"d{i}_{j}") for i, j in itertools.combinations(range(n), 2)]
    for gap, (i, j) in zip(gaps, itertools.combinations(range(n), 2), strict=True):
        m.add(gap == marks[j] - marks[i])
    m.add(all_different(gaps))
    return m


@pytest.mark.parametrize("method", ["forward/wdeg", "mac/wdeg"])
def test_a_first_solution_with_restarts_in_both_engines_alike(method):
    model = ruler_of_length(7, 25)
    (python, numba), found = runs_of(model, method)
    assert python == numba and found.status == Status.FOUND and csp_error(model, found.values) is None
    assert "restarts" in found.stats.own


@settings(max_examples=30, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 30), st.integers(1, 40)), min_size=8, max_size=14),
       st.integers(20, 120), st.sampled_from(WDEG))  # fmt: skip
def test_knapsacks_with_restarts_keep_their_optimum_in_both_engines_alike(items, capacity, method):
    m = Model()
    take = m.int_vars(len(items), 0, 1, "take")
    m.add(sum(weight * x for (weight, _), x in zip(items, take, strict=True)) <= capacity)
    m.maximize(sum(value * x for (_, value), x in zip(items, take, strict=True)))
    (python, numba), found = runs_of(m, method)
    assert python == numba
    assert found.optimal and found.objective == knapsack_by_dynamic_programming(items, capacity)


def test_restarts_where_they_learn_nothing_or_cannot_run_are_refused(tmp_path):
    model = golomb(5)
    for call, message in [
        (lambda: solve_csp(model, method="mac/mrv", restarts="luby"), "restarts go with wdeg"),
        (lambda: solve_csp(model, method="mac/input", restarts="luby"), "restarts go with wdeg"),
        (lambda: solve_csp(model, method="mac/wdeg", restarts="geometric"), "not a restart policy"),
        (lambda: solve_csp(model, method="mac/wdeg", restarts="luby", workers=2), "wdeg learns its weights"),
        (lambda: count_csp(model, method="mac/wdeg", workers=2), "wdeg learns its weights"),
    ]:
        with pytest.raises(InvalidInput, match=message):
            call()
    ruler = str(ROOT / "puzzles" / "golomb8.csp")
    for options in (["--count"], ["--all"], ["--tree", str(tmp_path / "t.svg")]):
        refused = invoke(["csp", ruler, "--method", "mac/wdeg", "--restarts", "luby", *options])
        assert refused.exit_code == 2 and "--restarts" in refused.stderr and refused.stderr.count("\n") == 1
    solved = invoke(["csp", ruler, "--method", "mac/wdeg", "--restarts", "luby", "--json"])
    assert solved.exit_code == 0 and '"objective": 34' in solved.stdout and '"restarts"' in solved.stdout
