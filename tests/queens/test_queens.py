"""N queens: OEIS counts, both textbook engines alike, the checker, the command."""

import itertools
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from essais.core.errors import InvalidInput, MemoryRefused
from essais.core.limits import Limits
from essais.core.result import Status
from essais.queens import QueensStream, count_queens, find_queens, is_solution, symmetries

from conftest import event_tally, invoke

A000170 = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596, 2279184, 14772512]
A002562 = [1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787, 9233, 45752, 285053, 1846955]


@pytest.mark.parametrize("method", ["mrv", "bitmask"])
@pytest.mark.parametrize("n", range(1, 15))
def test_counts_oeis_a000170_and_a002562(n, method):
    assert count_queens(n, method=method).count == A000170[n - 1]
    assert count_queens(n, method=method, distinct=True).count == A002562[n - 1]


@pytest.mark.parametrize("n", range(1, 10))
def test_the_split_methods_count_what_the_textbook_search_finds(n):
    textbook = count_queens(n, method="textbook", engine="numba")
    assert count_queens(n, method="mrv").count == count_queens(n, method="bitmask").count == textbook.count
    distinct = count_queens(n, method="textbook", engine="numba", distinct=True)
    assert count_queens(n, method="mrv", distinct=True).count == distinct.count


def test_mrv_counts_its_last_two_rows_as_its_search_would_place_them():
    """Without a rotation in the constellation's stabiliser the last two rows are counted, not
    placed; a symmetric constellation places them (it needs every queen): its counters must be
    the same either way. The 8 queens' constellations searched both ways, one by one."""
    from essais.core.limits import SearchControl
    from essais.queens.compiled import FewestSearch, constellation_table

    with SearchControl(Limits()) as control:
        for _, _, _, _, _, images in constellation_table(10):
            counted, placed = FewestSearch(10, images, False, control), FewestSearch(10, images, True, control)
            assert counted.run()[0] == placed.run()[0]
            assert counted.stats().counters() == placed.stats().counters()


def test_mrv_counters():
    """The counters of mrv (documented in the queens guide): nodes are the roots and the queens
    placed, tries the free rows looked at, backtracks the dead ends."""
    mrv, bitmask = count_queens(12, method="mrv"), count_queens(12, method="bitmask")
    assert mrv.count == bitmask.count == 14200
    assert mrv.stats.nodes < bitmask.stats.nodes / 2  # fewer nodes: the point of the method
    assert mrv.stats.tries > mrv.stats.nodes > mrv.stats.backtracks > 0
    assert count_queens(1, method="mrv").stats.counters() == (1, 0, 0)  # one root, the lone queen in it


@pytest.mark.parametrize("n", range(1, 9))
def test_textbook_engines_agree(n):
    python = QueensStream(n, engine="python")
    numba = QueensStream(n, engine="numba")
    assert list(python) == list(numba)
    assert python.result.count == numba.result.count == A000170[n - 1]
    assert python.result.stats.counters() == numba.result.stats.counters()
    assert count_queens(n, method="textbook", engine="python", distinct=True).count == A002562[n - 1]


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 12), st.integers(1, 5000))
def test_engines_stop_at_the_same_node(n, nodes):
    python = find_queens(n, engine="python", limits=Limits(nodes=nodes))
    numba = find_queens(n, engine="numba", limits=Limits(nodes=nodes))
    assert (python.status, python.columns, python.stats.counters()) == (
        numba.status,
        numba.columns,
        numba.stats.counters(),
    )
    if python.found:
        assert is_solution(len(python.columns), python.columns)


def test_first_solutions_are_textbook_order():
    assert find_queens(8).columns == [0, 4, 7, 5, 2, 6, 1, 3]
    first = list(itertools.islice(QueensStream(10), 50))
    assert first == sorted(first) and all(is_solution(len(columns), columns) for columns in first)
    assert find_queens(3).status == Status.NONE


def test_every_solution_is_valid_and_distinct_classes_cover_them():
    solutions = [tuple(s) for s in QueensStream(8)]
    assert all(is_solution(len(s), s) for s in solutions)
    classes = {min(symmetries(s)) for s in solutions}
    assert len(classes) == 12 and set().union(*(set(symmetries(c)) for c in classes)) == set(solutions)


def test_checker():
    assert is_solution(len([1, 3, 0, 2]), [1, 3, 0, 2])
    assert not is_solution(4, [0, 2, 4, 1, 3])
    assert not is_solution(len([0, 1, 2, 3]), [0, 1, 2, 3])
    assert not is_solution(len([1, 3, 0, 4]), [1, 3, 0, 4])


@pytest.mark.parametrize("method", ["mrv", "bitmask"])
def test_the_split_counts_refuse_a_memory_limit_below_their_table(method):
    """The start constellations are listed before any search: about 110 MB for 32 queens, 21
    MB for 8, estimated before they are built."""
    with pytest.raises(MemoryRefused, match="the start constellations of 32 queens"):
        count_queens(32, method=method, memory_limit="100M")
    assert count_queens(8, method=method, memory_limit="30M").count == 92
    result = invoke(["queens", "20", "--count", "--method", method, "--memory-limit", "10M"])
    assert result.exit_code == 2 and "memory: the start constellations of 20 queens needs about" in result.stderr


def test_a_limit_keeps_the_count_so_far():
    result = count_queens(14, method="mrv", limits=Limits(nodes=500_000))
    assert result.status == Status.LIMIT and 0 < result.count < A000170[13]


@pytest.mark.slow
@pytest.mark.parametrize("method", ["mrv", "bitmask"])
@pytest.mark.parametrize("n", [15, 16])
def test_larger_counts(n, method):
    assert count_queens(n, method=method, workers=2).count == A000170[n - 1]
    assert count_queens(n, method=method, workers=2, distinct=True).count == A002562[n - 1]


@pytest.mark.slow
def test_counts_of_17_and_18_on_two_processes():
    assert count_queens(17, workers=2).count == 95_815_104
    assert count_queens(17, workers=2, distinct=True).count == 11_977_939
    assert count_queens(18, workers=2).count == 666_090_624


@pytest.mark.parametrize(
    "bad",
    [
        {"n": 0},
        {"n": -1},
        {"n": 8, "method": "magic"},
        {"n": 8, "method": "bitmask", "engine": "python"},
        {"n": 8, "method": "mrv", "engine": "python"},
        {"n": "8"},
    ],
)
def test_bad_arguments(bad):
    with pytest.raises(InvalidInput):
        count_queens(**bad)


def test_the_python_engine_counts_with_the_textbook_method_when_none_is_named():
    """The default method depends on the engine: mrv exists in numba only."""
    result = count_queens(8, engine="python")
    assert result.count == 92 and result.stats.nodes == 2057


def test_cli():
    result = invoke(["queens", "8", "--json"])
    document = json.loads(result.stdout)
    assert result.exit_code == 0 and set(document) == {"status", "found", "columns", "method", "engine", "stats"}
    assert document["columns"] == [0, 4, 7, 5, 2, 6, 1, 3]
    counted = json.loads(invoke(["queens", "10", "--count", "--json"]).stdout)
    assert (counted["count"], counted["distinct"]) == (724, False)
    assert json.loads(invoke(["queens", "10", "--distinct", "--json"]).stdout)["count"] == 92
    lines = invoke(["queens", "6", "--all", "--json"]).stdout.splitlines()
    assert len(lines) == 5 and json.loads(lines[-1])["count"] == 4
    assert invoke(["queens", "3"]).exit_code == 1
    split = json.loads(invoke(["queens", "11", "--count", "--workers", "2", "--json"]).stdout)
    assert split["count"] == 2680 and split["subtrees"]["done"] == split["subtrees"]["total"]
    assert "Q . . . . . . ." in invoke(["queens", "8"]).stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [(["0"], "n: '0'"), (["-2"], "No such option"), (["x"], "n: 'x'"), (["8", "--method", "bitmask"], "counts only"),
     (["8", "--count", "--engine", "python", "--method", "bitmask"], "numba engine only"),
     (["8", "--limit", "3"], "--limit"), (["8", "--count", "--workers", "0"], "workers: 0"),
     (["8", "--method", "mrv"], "counts only"), (["8", "--all", "--method", "mrv"], "counts only"),
     (["8", "--count", "--method", "textbook", "--checkpoint", "x.sqlite"], "split the bitmask, mrv and dlx counts")],
)  # fmt: skip
def test_cli_bad_input(args, message):
    result = invoke(["queens", *args])
    assert result.exit_code == 2 and message in result.stderr


@pytest.mark.parametrize("n", [1, 4, 6, 8])
def test_a_watched_search_has_the_counters_of_both_engines(n):
    """Recording only observes: the watched search (python engine) ends as the numba one does."""
    from essais.queens import watch_queens

    first, every = watch_queens(n), watch_queens(n, count=True)
    assert first.result == find_queens(n, engine="numba") and first.log.complete
    assert every.result == count_queens(n, method="textbook", engine="numba")
    placed, erased, refused = event_tally(every.log)  # each queen placed is taken back once
    assert placed == erased == every.stats.nodes - 1 and refused == every.stats.tries - placed
    assert '"symbols":{"1":"\\u265b"}' in first.to_html()  # the queens drawn as queens
    short = watch_queens(8, max_events=10)
    assert len(short.log) == 10 and not short.log.complete and short.result == find_queens(8)
