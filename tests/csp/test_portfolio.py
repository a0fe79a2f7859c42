"""The portfolio (`…/portfolio`: the orders' search and the same with lc side by side, in turns,
the best bound shared): the optimum of a brute force and a checked first solution in both engines
with the same counters, turns short enough to share bounds many times; at most the first's lead
and one turn more than twice the nodes of the faster of the two; the node limit over both;
FlatZinc's default; refusals."""

from contextlib import contextmanager
from unittest.mock import patch

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from csp.test_csp import brute_force, culprit, queens
from csp.test_optimise import golomb, is_golomb_ruler, objective_models, optimum_by_brute_force
from essais.core import portfolio
from essais.core.errors import InvalidInput
from essais.core.result import Status
from essais.core.tree import with_tree
from essais.csp import CspStream, count_csp, csp_error, solve_csp, watch_csp
from essais.csp.api import minizinc

from conftest import ROOT

PAIRED = [f"{m}/{v}/{w}/portfolio" for m in ("basic", "forward", "mac") for v in ("input", "dom", "wdeg")
          for w in ("min", "split")]  # fmt: skip


@contextmanager
def turns(alone, share):
    """The first search's lead and the turns, shortened (many turns, many bounds shared)."""
    with patch.object(portfolio, "ALONE_NODES", alone), patch.object(portfolio, "SHARE_NODES", share):
        yield


def both_engines(model, method, **keywords):
    """Each engine's result and (the solutions it streamed, its counters)."""
    runs = {}
    for engine in ("python", "numba"):
        found = solve_csp(model, method=method, engine=engine, **keywords)
        stream = CspStream(model, method=method, engine=engine, limit=None if model.objective else 1, **keywords)
        runs[engine] = found, (list(stream), stream.result.stats.counters())
    assert runs["python"][1] == runs["numba"][1]
    assert runs["python"][0].stats.counters() == runs["numba"][0].stats.counters()
    return runs["numba"][0]


@settings(max_examples=150, deadline=None)
@given(objective_models(), st.sampled_from(PAIRED), st.integers(1, 6), st.integers(1, 6))
def test_a_portfolio_finds_what_a_brute_force_finds_in_both_engines_alike(model, method, alone, share):
    with turns(alone, share):
        found = both_engines(model, method)
    if model.objective is not None:
        best, _ = optimum_by_brute_force(model)
        assert found.objective == best and (best is None or found.optimal)
    else:
        assert (found.values is None) == (not brute_force(model))
    if found.values is not None:
        assert csp_error(model, found.values) is None


def test_a_ruler_is_proved_by_the_pair():
    """Golomb 7 by input order: the first search leads by 100 nodes, then the pair takes turns of
    50; the lc search's nodes are counted apart, within the nodes."""
    with turns(100, 50):
        found = both_engines(golomb(7), "mac/input/portfolio")
    assert found.optimal and found.objective == 25 and is_golomb_ruler(found.values, 7)
    assert found.method == "mac/input/min/portfolio"
    assert 0 < found.stats.own["lc_nodes"] < found.stats.nodes


@pytest.mark.parametrize("engine", ["python", "numba"])
def test_the_pair_ends_within_its_lead_and_one_turn_more_than_twice_the_faster(engine):
    """culprit(4) has no solution: 121 nodes prove it in input order, 13 with lc (test_csp). With
    a lead of 10 and turns of 5, lc's third turn ends the pair: 13 of its nodes, 20 of the
    other's; with a lead of 200 the first search ends alone, in its 121 nodes."""
    with turns(10, 5):
        found = solve_csp(culprit(4), method="mac/input/portfolio", engine=engine)
    assert found.status == Status.NONE
    assert (found.stats.nodes, found.stats.own["lc_nodes"]) == (33, 13)
    with turns(200, 5):
        alone = solve_csp(culprit(4), method="mac/input/portfolio", engine=engine)
    assert (alone.status, alone.stats.nodes, alone.stats.own["lc_nodes"]) == (Status.NONE, 121, 0)


@pytest.mark.parametrize("engine", ["python", "numba"])
def test_the_node_limit_counts_the_nodes_of_both(engine):
    with turns(300, 300):
        stopped = solve_csp(golomb(9), method="mac/input/portfolio", engine=engine, node_limit=1000)
    assert stopped.status == Status.LIMIT and stopped.stats.nodes == 1000
    assert stopped.values is None or csp_error(stopped.model, stopped.values) is None


def test_a_flatzinc_run_pairs_the_annotations_search_with_lc_by_default():
    """No method named, one solution or the best: the portfolio (its method in the statistics);
    every solution (-a) or a method named: one search."""
    model = ROOT / "tests/data/flatzinc/queens-weighted.fzn"

    def method_of(**flags):
        lines = minizinc.flatzinc_lines(model, minizinc.FlatZincRun(statistics=True, **flags))
        return next(line for line in lines if line.startswith("%%%mzn-stat: method="))

    assert method_of().endswith('/portfolio"')
    assert method_of(intermediate=True).endswith('/portfolio"')
    assert not method_of(method="mac/input").endswith('/portfolio"')


def test_a_portfolio_is_refused_where_it_cannot_run():
    with pytest.raises(InvalidInput, match="portfolio runs two searches side by side"):
        count_csp(queens(6), method="mac/portfolio")
    with pytest.raises(InvalidInput, match="portfolio runs two searches side by side"):
        list(CspStream(queens(6), method="mac/portfolio"))
    with pytest.raises(InvalidInput, match="portfolio runs two searches side by side"):
        solve_csp(golomb(5), method="mac/input/portfolio", workers=2)
    with pytest.raises(InvalidInput, match="name one of lc and portfolio"):
        solve_csp(queens(6), method="mac/input/lc/portfolio")
    with pytest.raises(InvalidInput, match="a watch follows one search"):
        watch_csp(queens(5), method="mac/portfolio")
    with pytest.raises(InvalidInput, match="a search tree is one search's"):
        with_tree(lambda: solve_csp(queens(5), method="mac/portfolio", engine="python"))
