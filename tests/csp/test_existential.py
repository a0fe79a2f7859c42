"""Solutions told apart by some variables alone (Model.existential: a MiniZinc model's outputs):
the existential decisions are given values after the others, and once one set of their values
makes a solution, no other is sought — so each solution differs from the others on the other
variables, and together they are the brute force's solutions projected there. Both engines
alike, in every method and order, on bit sets and wide domains."""

import tempfile
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from csp.test_csp import EVERY_ORDER, brute_force, models
from csp.test_terms import term_models
from csp.test_wide import WIDE_METHODS, run_of
from essais.csp import Model, count_csp, csp_error, solve_csp


def projected_alike(model, method, width, existential):
    """Both engines alike; each solution told apart by the others, all of the brute force's there."""
    model.existential = existential
    python, numba = run_of(model, method, "python", width), run_of(model, method, "numba", width)
    assert python == numba
    told = [name for var, name in enumerate(model.names) if var not in existential]
    found = [tuple(values[name] for name in told) for values in python[0]]
    assert len(found) == len(set(found))
    assert set(found) == {tuple(values[name] for name in told) for values in brute_force(model)}
    assert all(csp_error(model, values) is None for values in python[0])
    assert count_csp(model, method=method, bitset_width=width).count == len(found)


# every method and order on bit sets; on wide domains (the width lowered) those that run there
METHODS_AND_WIDTHS = st.one_of(st.tuples(st.sampled_from(EVERY_ORDER), st.just(4096)),
                               st.tuples(st.sampled_from(WIDE_METHODS), st.sampled_from([1, 3])))  # fmt: skip


@settings(max_examples=200, deadline=None)
@given(models(predicates=False, wide=True), METHODS_AND_WIDTHS, st.data())
def test_solutions_are_told_apart_by_the_other_variables(model, method_and_width, data):
    method, width = method_and_width
    existential = data.draw(st.sets(st.sampled_from(range(len(model.names)))))
    projected_alike(model, method, width, existential)


@settings(max_examples=100, deadline=None)
@given(term_models(), st.sampled_from(EVERY_ORDER), st.data())
def test_with_terms_too(model, method, data):
    existential = data.draw(st.sets(st.sampled_from(range(len(model.names)))))
    projected_alike(model, method, 4096, existential)


@settings(max_examples=60, deadline=None)
@given(models(predicates=False, wide=True), st.sampled_from([m for m in WIDE_METHODS if "wdeg" not in m]),
       st.sampled_from([1, 3, 4096]), st.data())  # fmt: skip
def test_a_split_count_of_a_projected_model_is_one_searchs(model, method, width, data):
    """Split over sub-trees (a checkpoint's, in this process), a projected model is counted
    as one search counts it: the split level is above every existential decision."""
    model.existential = data.draw(st.sets(st.sampled_from(range(len(model.names)))))
    one = count_csp(model, method=method, bitset_width=width)
    with tempfile.TemporaryDirectory() as folder:
        split = count_csp(model, method=method, bitset_width=width, checkpoint=Path(folder) / "split.sqlite")
    assert split.split is not None and split.split["done"] == split.split["total"]
    assert (one.count, one.stats.counters()) == (split.count, split.stats.counters())


def test_an_objective_searches_every_variable_and_a_count_splits_above_the_existential_ones():
    m = Model()
    x, y = m.int_var(0, 3, "x"), m.int_var(0, 3, "y")
    m.add(x + y <= 4)
    m.existential = {1}
    assert count_csp(m, workers=1).count == count_csp(m, workers=2).count == 4  # (x in 0..3, each with some y)
    m.maximize(2 * x + 3 * y)
    best = solve_csp(m, workers=2)
    assert best.optimal and best.objective == 11 and best.values == {"x": 1, "y": 3}
