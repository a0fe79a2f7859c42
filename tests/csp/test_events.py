"""Events (Kind.wakes): mac's queue wakes a constraint only on a change of one of its variables
that can let it narrow more — a value gone, a bound moved, one value left. Each kind's
declaration is held to what its propagator reads: a search whose queue wakes every constraint on
every change reaches the same domains at each node (the same solutions, nodes and tries; the
values pruned may differ only on a node that fails, where the order decides how many go before
the domain that empties). Both engines tell the events alike: their counters agree."""

from contextlib import ExitStack
from unittest.mock import patch

from hypothesis import given, reject, settings
from hypothesis import strategies as st

from csp.test_arithmetic import arithmetic_models
from csp.test_circuit import graphs
from csp.test_csp import crowded_differences, models, queens
from csp.test_cumulative import resources
from csp.test_element import element_models
from csp.test_no_overlap import cardinalities, chains, task_sets
from csp.test_reified import logic_models, reified_models
from csp.test_wide import precedences
from essais.core.errors import InvalidInput
from essais.csp import CspStream, count_csp
from essais.csp.compiled import _domain_kernels
from essais.csp.kinds import base
from essais.csp.kinds.registry import KINDS
from essais.csp.textbook.domains import event

# each order with a bit-set width: the narrow ones make wide domains, which only a split halves
RUNS = [(f"mac/{v}/min", 64) for v in ("input", "mrv", "dom")] + [
    (f"mac/{v}/split", width) for v in ("input", "mrv", "dom") for width in (1, 3, 64)
]
EVERY_KIND = st.one_of(models(wide=True), crowded_differences(), arithmetic_models(), graphs(), resources(),
                       element_models(), task_sets(), chains(), cardinalities(), logic_models(), reified_models(),
                       precedences())  # fmt: skip


def waking_on_every_change():
    """Every kind woken by any value gone (the queue as it was before events)."""
    stack = ExitStack()
    for kind in {type(k) for k in KINDS.values()}:
        stack.enter_context(patch.object(kind, "wakes", lambda self, constraint, wide: base.ON_DOMAIN))
    return stack


def search(model, method, engine, width):
    """The solutions in order, and the counters that the domains at each node decide."""
    stream = CspStream(model, method=method, engine=engine, bitset_width=width)
    found = list(stream)
    stats = stream.result.stats
    return found, stats.nodes, stats.tries, stats.backtracks, stats.own


def test_the_kernels_number_the_events_as_the_kinds_do():
    assert (_domain_kernels.ON_DOMAIN, _domain_kernels.ON_BOUNDS, _domain_kernels.ON_FIXED) == (
        base.ON_DOMAIN, base.ON_BOUNDS, base.ON_FIXED)  # fmt: skip


@given(st.sets(st.integers(0, 130), min_size=1), st.data())
def test_an_event_is_what_the_change_did_to_the_values(values, data):
    kept = data.draw(st.sets(st.sampled_from(sorted(values)), min_size=1))
    old, new = sum(1 << v for v in values), sum(1 << v for v in kept)
    if len(kept) == 1:
        expected = base.ON_FIXED
    elif (min(kept), max(kept)) != (min(values), max(values)):
        expected = base.ON_BOUNDS
    else:
        expected = base.ON_DOMAIN
    assert event(old, new) == expected


@settings(max_examples=600, deadline=None)
@given(EVERY_KIND, st.sampled_from(RUNS))
def test_a_constraint_left_asleep_would_not_have_narrowed(model, run):
    method, width = run
    try:
        with_events = search(model, method, "python", width)
    except InvalidInput as refused:  # (a circuit on a wide domain; min on a wide decision)
        assert "runs on bit sets" in str(refused) or "split or reverse-split" in str(refused)
        reject()
    with waking_on_every_change():
        woken = search(model, method, "python", width)
    assert with_events[:4] == woken[:4]
    try:
        assert with_events == search(model, method, "numba", width)
    except InvalidInput as refused:
        assert "runs in the python engine" in str(refused)  # (a predicate)


def test_events_spare_revisions():
    """Queens as a model: != and all_different wake once a variable is fixed, not at each value gone."""
    with_events = count_csp(queens(8), method="mac/input/min", engine="python")
    with waking_on_every_change():
        woken = count_csp(queens(8), method="mac/input/min", engine="python")
    assert with_events.count == woken.count == 92
    assert with_events.stats.nodes == woken.stats.nodes
    assert with_events.stats.own["revisions"] < woken.stats.own["revisions"]
