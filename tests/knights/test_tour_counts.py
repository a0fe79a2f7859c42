"""Exact counts of knight's tours: prune with its global rule (against the textbook counts),
counts split into sub-trees on processes, every start by symmetry class, checkpoints."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from essais.core.board import Board, make_moves
from essais.core.limits import Limits
from essais.core.result import Status
from essais.knights import TourProblem, count_every_start, count_tours

from conftest import kill_when_recorded

# OEIS A165134: directed open tours over every start of n×n; A001230: undirected closed tours
A165134 = {1: 1, 2: 0, 3: 0, 4: 0, 5: 1728, 6: 6637920}
A001230 = {4: 0, 6: 9862}


@settings(max_examples=40, deadline=None)
@given(st.integers(3, 5), st.integers(3, 6), st.booleans(), st.data())
def test_prune_counts_what_the_textbook_counts(rows, cols, closed, data):
    start = data.draw(st.tuples(st.integers(0, rows - 1), st.integers(0, cols - 1)))
    problem = TourProblem.make(Board(rows, cols), start, closed=closed)
    basic = count_tours(problem, method="basic", limits=Limits(nodes=3_000_000))
    if basic.status == Status.COMPLETE:
        pruned = count_tours(problem, method="prune")
        assert pruned.count == basic.count and pruned.stats.nodes <= basic.stats.nodes


def test_prune_engines_agree_with_the_global_rule():
    for rows, cols, closed in [(5, 5, False), (4, 5, False), (5, 6, False), (6, 6, True), (3, 8, False)]:
        problem = TourProblem.make(Board(rows, cols), closed=closed)
        python = count_tours(problem, method="prune", engine="python")
        numba = count_tours(problem, method="prune", engine="numba")
        assert python.count == numba.count and python.stats.counters() == numba.stats.counters()


def test_counts_default_to_prune_and_fall_back_to_basic():
    assert count_tours(TourProblem.make(Board(5, 5))).method == "prune"
    one_way = TourProblem.make(Board(4, 4), moves=((1, 2), (2, 1), (2, -1), (1, -2)))  # no reverse moves
    assert count_tours(one_way).method == "basic"


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5, 6])
def test_every_start_by_symmetry_is_oeis_a165134(n):
    table = count_every_start(TourProblem.make(Board(n, n)), workers=2)
    assert table.status == Status.COMPLETE and table.total == A165134[n]
    mirrored = [row for row in table.rows if row.by_symmetry]
    assert len(mirrored) == n * n - len({min((r, c), (c, r)) for r in range((n + 1) // 2) for c in range((n + 1) // 2)})
    assert all("stats" not in row.to_dict() and row.to_dict()["by_symmetry"] for row in mirrored)


def test_a_named_method_counts_every_start():
    table = count_every_start(TourProblem.make(Board(5, 5), moves=make_moves(order="clockwise")), method="basic")
    assert table.total == 1728 and not any(row.by_symmetry for row in table.rows)


@pytest.mark.parametrize("n", [4, 6])
def test_closed_tours_are_oeis_a001230(n):
    result = count_tours(TourProblem.make(Board(n, n), closed=True), workers=2)
    assert result.undirected == A001230[n] and result.split["done"] == result.split["total"]


def test_a_split_count_stopped_by_a_limit_keeps_its_finished_subtrees():
    stopped = count_tours(TourProblem.make(Board(6, 6)), workers=1, limits=Limits(nodes=2_000_000))
    stopped_split = count_tours(TourProblem.make(Board(6, 6)), workers=2, limits=Limits(nodes=2_000_000))
    assert stopped.status == Status.LIMIT and 0 < stopped.count < 524_486
    assert stopped_split.status == Status.LIMIT and stopped_split.count < 524_486


def test_a_killed_tour_count_resumes_exactly(tmp_path):
    """kill -9 loses only the sub-trees in flight: every committed one is read back."""
    path = tmp_path / "tours.sqlite"
    script = (
        "from essais.knights import Board, TourProblem, count_tours; "
        f"count_tours(TourProblem.make(Board(6, 6)), workers=1, checkpoint={str(path)!r})"
    )
    kill_when_recorded(script, path)
    resumed = count_tours(TourProblem.make(Board(6, 6)), workers=2, checkpoint=path)
    assert resumed.count == 524_486 and resumed.split["resumed"] >= 20


def test_a_table_of_searches_on_two_processes_is_the_sequential_table():
    """000 §5's table: each start's search is the same wherever it runs."""
    from essais.knights import every_start, search_every_start

    problem = TourProblem.make(Board(5, 5))
    sequential = [row.to_dict() for row in every_start(problem, method="basic")]
    parallel = search_every_start(problem, method="basic", workers=2)
    assert parallel.status == Status.COMPLETE
    for one, other in zip(sequential, [row.to_dict() for row in parallel.rows], strict=True):
        assert {**one, "stats": None} == {**other, "stats": None}
        assert one["stats"]["backtracks"] == other["stats"]["backtracks"]


def test_a_table_keeps_each_starts_limits():
    from essais.knights import search_every_start

    table = search_every_start(TourProblem.make(Board(5, 5)), method="basic", limits=Limits(nodes=50_000), workers=2)
    assert {str(row.result.status) for row in table.rows} >= {"found", "limit"}
    assert all(row.result.stats.nodes <= 50_000 for row in table.rows)
