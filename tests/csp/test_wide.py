"""Domains of any width: a domain wider than the bit-set width is kept as its bounds and declared
ranges. With the width lowered (`bitset_width`), small brute-forced models run that code in both
engines alike, every method, against a brute force; and wide models from 0..10⁹ solve with no
memory per value."""

import tempfile
from pathlib import Path
from unittest.mock import patch

import pytest
from hypothesis import given, reject, settings
from hypothesis import strategies as st

from csp.test_csp import brute_force, models
from csp.test_reified import reified_models
from csp.test_terms import term_models
from essais.core.errors import InvalidInput
from essais.core.result import Status
from essais.csp import CspStream, Model, all_different, count_csp, csp_error, solve_csp, table
from essais.csp.api import optimise
from essais.csp.compiled import arrays
from essais.csp.compiled.engine import CompiledCsp
from essais.csp.kinds import Product, flatten, flattened
from essais.csp.model.intervals import Intervals

# the value order left out (split where a decision's domain is wide) or a split named
WIDE_METHODS = [f"{m}/{v}{w}" for m in ("basic", "forward", "mac") for v in ("input", "mrv", "wdeg")
                for w in ("", "/split", "/reverse-split")]  # fmt: skip
WIDTHS = st.sampled_from([1, 2, 3, 8])


def run_of(model, method, engine, width):
    stream = CspStream(model, method=method, engine=engine, bitset_width=width)
    found = list(stream)
    stats = stream.result.stats
    return found, (stats.nodes, stats.tries, stats.backtracks, stats.own), stream.result.method


def wide_engines_agree_with_brute_force(model, method, width):
    """Both engines alike with the width lowered, their solutions a brute force's, each checked."""
    try:
        python = run_of(model, method, "python", width)
    except InvalidInput as refused:
        assert "runs on bit sets" in str(refused)  # (a circuit on a wide domain)
        reject()
    numba = run_of(model, method, "numba", width)
    assert python == numba
    assert sorted(tuple(d.values()) for d in python[0]) == sorted(tuple(d.values()) for d in brute_force(model))
    for values in python[0]:
        assert csp_error(model, values) is None


@settings(max_examples=200, deadline=None)
@given(models(predicates=False, wide=True), st.sampled_from(WIDE_METHODS), WIDTHS)
def test_relations_differences_and_tables_on_wide_domains(model, method, width):
    wide_engines_agree_with_brute_force(model, method, width)


@settings(max_examples=200, deadline=None)
@given(term_models(), st.sampled_from(WIDE_METHODS), WIDTHS)
def test_every_term_on_wide_domains(model, method, width):
    wide_engines_agree_with_brute_force(model, method, width)


@settings(max_examples=100, deadline=None)
@given(reified_models(), st.sampled_from(WIDE_METHODS), WIDTHS)
def test_reified_relations_on_wide_domains(model, method, width):
    wide_engines_agree_with_brute_force(model, method, width)


@settings(max_examples=60, deadline=None)
@given(models(predicates=False, wide=True), st.sampled_from([m for m in WIDE_METHODS if "wdeg" not in m]), WIDTHS)
def test_a_split_count_resumes_a_halved_domain_as_one_search_goes(model, method, width):
    """A count split into sub-trees (a checkpoint: in this process) whose paths halve wide
    domains: the count and counters of one search."""
    one = count_csp(model, method=method, bitset_width=width)
    with tempfile.TemporaryDirectory() as folder:
        split = count_csp(model, method=method, bitset_width=width, checkpoint=Path(folder) / "split.sqlite")
    assert split.split is not None and split.split["done"] == split.split["total"]
    assert (one.count, one.stats.counters()) == (split.count, split.stats.counters())


@settings(max_examples=60, deadline=None)
@given(models(predicates=False, wide=True), st.sampled_from(WIDE_METHODS), WIDTHS)
def test_a_trail_that_starts_short_grows_without_changing_the_search(model, method, width):
    """The numba engine's trail begins with the wide bounds of no level but the root's and the
    next (TRAIL_LEVELS patched to 0) and grows as the search goes down: the same answers."""
    with patch.object(arrays, "TRAIL_LEVELS", 0):
        wide_engines_agree_with_brute_force(model, method, width)


@st.composite
def precedences(draw):
    """Two to four variables over declared sets with holes, tied by a·x + b·y + c <= 0 (a
    precedence, `x + 3 <= y`, the numba engine's shorter road on two wide domains)."""
    m = Model()
    xs = [m.int_var(draw(st.sets(st.integers(-12, 12), min_size=1, max_size=5)), name=f"x{k}")
          for k in range(draw(st.integers(2, 4)))]  # fmt: skip
    for _ in range(draw(st.integers(1, 4))):
        x, y = draw(st.lists(st.sampled_from(xs), min_size=2, max_size=2, unique_by=lambda v: v.index))
        a, b = (draw(st.sampled_from([-3, -2, -1, 1, 2, 3])) for _ in range(2))
        m.add(a * x + b * y + draw(st.integers(-6, 6)) <= 0)
    return m


@settings(max_examples=150, deadline=None)
@given(precedences(), st.sampled_from(WIDE_METHODS), st.sampled_from([1, 2, 64]))
def test_precedences_on_wide_domains_with_holes(model, method, width):
    wide_engines_agree_with_brute_force(model, method, width)


def test_a_deep_wide_search_grows_its_trail():
    """Twenty wide variables, each halved down to one value: deeper than a first trail of one
    level (TRAIL_LEVELS patched to 1; 64 levels of twenty bounds would hold this path)."""
    m = Model()
    x = m.int_vars(20, 0, 10**6, "x")
    for a, b in zip(x, x[1:], strict=False):
        m.add(a + 3 <= b)
    m.add(x[-1] >= 999_000)
    grown = []
    original = CompiledCsp._grow_trail
    with (patch.object(CompiledCsp, "_grow_trail", lambda self: grown.append(1) or original(self)),
          patch.object(arrays, "TRAIL_LEVELS", 1)):  # fmt: skip
        numba = solve_csp(m, engine="numba", method="mac/input/reverse-split")
    python = solve_csp(m, engine="python", method="mac/input/reverse-split")
    assert grown and numba.values == python.values and numba.stats.counters() == python.stats.counters()
    assert csp_error(m, numba.values) is None


def test_a_wide_optimum_split_over_workers_is_one_searchs():
    """A knapsack whose worth is a declared total (0..10⁹): its halved domains shared among workers."""
    weights = [40, 29, 45, 23, 24, 54, 26, 43, 57, 23, 52, 33, 22, 25]
    worths = [41, 30, 41, 21, 20, 57, 27, 38, 61, 19, 50, 38, 27, 29]
    m = Model()
    x = m.int_vars(len(weights), 0, 2, "x")
    worth = m.int_var(0, 10**9, "worth")
    m.add(sum(w * v for w, v in zip(weights, x, strict=True)) <= 301)
    m.add(worth == sum(v * 1000 * w for w, v in zip(worths, x, strict=True)))
    m.maximize(worth)
    one = solve_csp(m, workers=1)
    # (split after 10 nodes of one search, not 50,000 and half a second)
    with patch.object(optimise, "PROBE_NODES", 10), patch.object(optimise, "PROBE_SECONDS", 0):
        split = solve_csp(m, workers=2)
    assert split.method == one.method == "mac/mrv/split" and split.split["done"] == split.split["total"] > 1
    assert one.optimal and split.optimal and split.objective == one.objective == 337_000
    assert csp_error(m, split.values) is None


def test_a_wide_domain_costs_no_memory_per_value():
    m = Model()
    t, u = m.int_var(0, 10**9, "t"), m.int_var(0, 10**9, "u")
    assert isinstance(m.domains[0], Intervals) and len(m.domains[0]) == 10**9 + 1
    m.add(t + u == 10**9)
    m.add(t - u >= 5)
    m.add(t <= 500_000_003)
    for engine in ("python", "numba"):
        found = solve_csp(m, engine=engine)
        assert found.values == {"t": 500_000_003, "u": 499_999_997} and found.method == "mac/mrv/split"
        assert count_csp(m, engine=engine).count == 1


def test_a_declared_set_stays_exact():
    """{0, 10⁹} is two values: no value between them is ever a solution."""
    m = Model()
    x, y = m.int_var({0, 10**9}, name="x"), m.int_var(1, 10**9, "y")
    m.add(x + y <= 10**9 + 1)
    m.add(x >= 1)
    for engine in ("python", "numba"):
        assert list(CspStream(m, engine=engine)) == [{"x": 10**9, "y": 1}]


def test_a_table_and_a_difference_on_wide_domains():
    m = Model()
    x, y, z = (m.int_var(0, 10**6, name) for name in "xyz")
    m.add(table([x, y], [(5, 7), (999_999, 3), (12, 12)]))
    m.add(all_different([x, y, z]))
    m.add(z <= 6)
    for engine in ("python", "numba"):
        counted = count_csp(m, engine=engine)
        assert counted.count == 6 + 6  # (5, 7) with z in 0..6 but 5, (999,999, 3) with z in 0..6 but 3
        assert counted.status == Status.COMPLETE


def test_min_or_lcv_on_a_wide_domain_is_refused_with_the_reason():
    m = Model()
    m.int_var(0, 10**6, "x")
    for order in ("min", "lcv"):
        with pytest.raises(
            InvalidInput, match=f"{order} gives a domain's values one at a time, and x spans 0..1000000"
        ):
            count_csp(m, method=f"mac/mrv/{order}")
    assert count_csp(m, method="mac/mrv/min", bitset_width=10**7).count == 10**6 + 1
    with pytest.raises(InvalidInput, match="bitset_width: 0 is not a number of values"):
        count_csp(m, bitset_width=0)


@settings(max_examples=150, deadline=None)
@given(term_models(), st.sampled_from(WIDE_METHODS), st.sampled_from([1, 3, 4096]), st.booleans())
def test_products_by_bounds_or_as_tables_against_a_brute_force(model, method, width, tables):
    """A product a Product (the default) or, of few values, a table; on bit sets and wide domains."""
    with patch.object(flatten, "PRODUCTS_AS_TABLES", tables):
        wide_engines_agree_with_brute_force(model, method, width)


def test_the_factor_pairs_of_720720_within_1000():
    """x * y == 720720 over 1..1000: its inputs take 1,000,000 combinations, a product by bounds."""
    m = Model()
    x, y = m.int_var(1, 1000, "x"), m.int_var(1, 1000, "y")
    m.add(x * y == 720720)
    assert any(isinstance(c, Product) for c in flattened(m).constraints)
    for engine in ("python", "numba"):
        pairs = [(d["x"], d["y"]) for d in CspStream(m, engine=engine)]
        assert len(pairs) == 12 and all(a * b == 720720 for a, b in pairs) and pairs == sorted(pairs)


@pytest.mark.parametrize("engine", ["python", "numba"])
def test_a_time_limit_holds_inside_one_long_propagation(engine):
    """x < y and y < x over 0..10⁹: one node's propagation would take 5·10⁸ revisions."""
    m = Model()
    x, y = m.int_var(0, 10**9, "x"), m.int_var(0, 10**9, "y")
    m.add(x < y)
    m.add(y < x)
    # (the kernels compiled first: from an empty cache, a time limit shorter than their first
    # compilation stops a search before its first revision — as it did before this limit held)
    small = Model()
    small.add(small.int_var(0, 10**5, "a") < small.int_var(0, 10**5, "b"))
    solve_csp(small, engine=engine)
    stopped = solve_csp(m, engine=engine, time_limit=0.5)
    assert stopped.status == Status.LIMIT and 0 < stopped.stats.own["revisions"] < 10**8


def replayed_board(replay, until_depth=None):
    """The page's table once every event is replayed (or up to the first call entered at
    `until_depth`)."""
    board = [row[:] for row in replay.initial]
    for square, value in zip(replay.log.squares, replay.log.values, strict=True):
        if square >= 0:
            board[square // replay.cols][square % replay.cols] = value
        elif value == until_depth:  # (a call entered, at that depth)
            break
    return board


def wide_and_narrow():
    m = Model()
    t, u, s = m.int_var(0, 10**9, "t"), m.int_var({0, 10**8, 5 * 10**8, 10**9}, name="u"), m.int_var(0, 50, "s")
    m.add(t + u == 10**9 + s)
    m.add(t - u <= 40)
    m.add(s % 7 == 3)
    return m


def test_a_wide_model_is_watched_as_bars_and_its_count_ends_as_it_began():
    from essais.csp.draw.watch import watch_csp

    model = wide_and_narrow()
    replay = watch_csp(model, count=True)
    unwatched = count_csp(model, engine="python")
    # u = 5·10⁸ and s one of 3, 10 … 38 (6), or u = 10⁹ and s one of 3, 10 … 45 (7)
    assert replay.result.count == unwatched.count == 13 and replay.log.complete
    assert (replay.result.stats.nodes, replay.result.stats.own) == (unwatched.stats.nodes, unwatched.stats.own)
    assert replay.cols == 10**9 // 20_000_000 + 2  # (columns of 20,000,000 values, a round number)
    # every square as the root's propagation left it (t's greatest values struck out there)
    assert replayed_board(replay) == replayed_board(replay, until_depth=0) != replay.initial
    assert "each column is a run of 20,000,000 values" in replay.note
    assert any(text.startswith("t within ") for text in replay.log.captions.values())  # (the bound that moved)


def test_a_watched_solution_lies_in_columns_still_drawn():
    from essais.csp.draw.watch import watch_csp

    replay = watch_csp(wide_and_narrow())
    board, found = replayed_board(replay), replay.result.values
    for var, name in enumerate(("t", "u", "s")):
        col = found[name] // 20_000_000 + 1
        assert board[var][col] in (col, replay.cols + col)  # (in the domain, or given: green)
        assert all(number in (0, 2 * replay.cols + k) for k, number in enumerate(board[var]) if k not in (0, col))


@pytest.mark.parametrize("engine", ["python", "numba"])
def test_a_difference_whose_value_stays_inside_a_wide_domain_is_not_entailed(engine):
    """x0 given 1 leaves x0 != x1 one free variable, but x1's wide domain 0..2 keeps 1 inside its
    bounds: the relation still holds back 1 when x1 is given (found by hypothesis: (1, 1) came out)."""
    m = Model()
    x0, x1 = m.int_var(0, 1, "x0"), m.int_var(0, 2, "x1")
    m.add(x0 != x1)
    found = sorted(tuple(values.values()) for values in CspStream(m, method="mac/input", engine=engine, bitset_width=1))
    assert found == [(0, 1), (0, 2), (1, 0), (1, 2)]
