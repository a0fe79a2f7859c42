"""A model's search phases (Model.branch, MiniZinc's int_search and seq_search): their variables
chosen first, phase by phase, each by its own variable order (input, mrv, wdeg, smallest,
largest) and value order (min, max, split, reverse-split). Both engines alike on hypothesis-made
models, narrow and (the width lowered) wide, their solutions a brute force's; a split count the
count of one search; the orders' choices as MiniZinc defines them; bad calls refused."""

import tempfile
from pathlib import Path

import pytest
from hypothesis import given, reject, settings
from hypothesis import strategies as st

from csp.test_csp import brute_force, models
from essais.core.errors import InvalidInput
from essais.csp import CspStream, Model, count_csp, csp_error, solve_csp

VARIABLE_ORDERS = ["input", "mrv", "wdeg", "smallest", "largest"]
VALUE_ORDERS = ["min", "max", "split", "reverse-split"]
METHODS = [f"{m}/{v}" for m in ("basic", "forward", "mac") for v in VARIABLE_ORDERS] + [
    "mac/mrv/max", "forward/smallest/max", "mac/largest/split", "basic/input/lcv"]  # fmt: skip


@st.composite
def phased(draw):
    """A small model (test_csp's) with up to three phases over some of its variables."""
    model = draw(models(predicates=False, wide=True))
    variables = list(model.variables) if model.variables else []
    for _ in range(draw(st.integers(0, 3))):
        chosen = draw(st.lists(st.sampled_from(variables), max_size=3)) if variables else []
        model.branch(chosen, draw(st.sampled_from(VARIABLE_ORDERS)), draw(st.sampled_from(VALUE_ORDERS)))
    return model


def run_of(model, method, engine, width=4096):
    stream = CspStream(model, method=method, engine=engine, bitset_width=width)
    found = list(stream)
    stats = stream.result.stats
    return found, (stats.nodes, stats.tries, stats.backtracks, stats.own)


def engines_agree_with_brute_force(model, method, width=4096):
    try:
        python = run_of(model, method, "python", width)
    except InvalidInput as refused:
        assert "one at a time" in str(refused) or "runs on bit sets" in str(refused)
        reject()
    assert python == run_of(model, method, "numba", width)
    assert sorted(tuple(d.values()) for d in python[0]) == sorted(tuple(d.values()) for d in brute_force(model))
    for values in python[0]:
        assert csp_error(model, values) is None


@settings(max_examples=250, deadline=None)
@given(phased(), st.sampled_from(METHODS))
def test_both_engines_follow_the_phases_alike(model, method):
    engines_agree_with_brute_force(model, method)


@settings(max_examples=150, deadline=None)
@given(phased(), st.sampled_from(METHODS), st.sampled_from([1, 2, 3, 8]))
def test_phases_on_wide_domains(model, method, width):
    engines_agree_with_brute_force(model, method, width)


@settings(max_examples=40, deadline=None)
@given(phased(), st.sampled_from([m for m in METHODS if "wdeg" not in m]))
def test_a_split_count_with_phases_is_the_count_of_one_search(model, method):
    if any(phase.variable_order == "wdeg" for phase in model.phases):
        reject()
    one = count_csp(model, method=method)
    with tempfile.TemporaryDirectory() as folder:
        split = count_csp(model, method=method, checkpoint=Path(folder) / "split.sqlite")
    assert (one.count, one.stats.counters()) == (split.count, split.stats.counters())


def three_tasks():
    """Three variables whose first solution shows the order they were given values in."""
    m = Model()
    a, b, c = m.int_var(3, 9, "a"), m.int_var(0, 9, "b"), m.int_var(5, 6, "c")
    return m, a, b, c


@pytest.mark.parametrize("engine", ["python", "numba"])
def test_each_order_chooses_as_minizinc_says(engine):
    m, a, b, c = three_tasks()
    m.branch([a, b, c], "smallest", "max")  # b (least value 0) first, its greatest value
    stream = CspStream(m, engine=engine, limit=1)
    assert next(iter(stream)) == {"a": 9, "b": 9, "c": 6}
    m, a, b, c = three_tasks()
    m.branch([c], "input", "min")
    m.branch([a, b], "largest", "split")
    assert solve_csp(m, engine=engine).values == {"a": 3, "b": 0, "c": 5}


@pytest.mark.parametrize("engine", ["python", "numba"])
def test_dom_breaks_ties_by_input_order_and_mrv_by_constraints(engine):
    """x0, x1, x2 of three values each, x1 != x2: mrv takes x1 first (a constraint with a free
    variable), dom (MiniZinc's first_fail) x0, the first of the fewest values."""
    m = Model()
    x = m.int_vars(3, 0, 2, "x")
    m.add(x[1] != x[2])
    second = {order: list(CspStream(m, method=f"mac/{order}", engine=engine, limit=2))[1] for order in ("mrv", "dom")}
    assert second == {"mrv": {"x0": 1, "x1": 0, "x2": 1}, "dom": {"x0": 0, "x1": 0, "x2": 2}}


@pytest.mark.parametrize("engine", ["python", "numba"])
def test_a_later_phase_waits_for_the_earlier_ones(engine):
    """x < y, the phase on y first: y tries 1 (no x below it fails... x = 0), then x."""
    m = Model()
    x, y = m.int_var(0, 3, "x"), m.int_var(0, 3, "y")
    m.add(x < y)
    m.branch([y], "input", "max")
    assert solve_csp(m, method="mac", engine=engine).values == {"x": 0, "y": 3}
    m.phases.clear()
    assert solve_csp(m, method="mac", engine=engine).values == {"x": 0, "y": 1}


def test_bad_phases_are_refused():
    m, a, b, c = three_tasks()
    with pytest.raises(InvalidInput, match="'fewest' is not a variable order"):
        m.branch([a], "fewest")
    with pytest.raises(InvalidInput, match="'lcv' is not a value order"):
        m.branch([a], "input", "lcv")
    with pytest.raises(InvalidInput, match="is not a variable of this model"):
        m.branch([Model().int_var(0, 1, "z")])
    m.branch([a, a, b])
    m.branch([b, c])
    assert [phase.variables for phase in m.phases] == [(0, 1), (2,)]
