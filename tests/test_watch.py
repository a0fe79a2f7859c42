"""essais.watch: a search run in the python engine, its events and its tree recorded; answers and
counters as unwatched; the page saved, shown in a notebook, its tree drawn."""

import pytest

import essais
from essais.queens import find_queens
from essais.sudoku import count_sudoku

from conftest import asks_the_network

GRID = "1.3..4.22..3.3.1"


@pytest.mark.parametrize(
    ("arguments", "options", "unwatched"),
    [
        (("queens", 8), {}, lambda: find_queens(8)),
        (("queens", 6), {"count": True}, lambda: essais.count_queens(6, method="textbook")),
        (("tour", "3x4"), {"method": "basic"}, lambda: essais.find_tour("3x4", method="basic")),
        (("tour", 6), {"start": "a1"}, lambda: essais.find_tour(6, start="a1", method="warnsdorff")),
        (("sudoku", GRID), {}, lambda: essais.solve_sudoku(GRID, method="textbook")),
        (("sudoku", GRID), {"count": True}, lambda: count_sudoku(GRID, method="textbook")),
    ],
)
def test_watching_changes_no_answer_and_records_the_tree(arguments, options, unwatched, tmp_path):
    replay = essais.watch(*arguments, **options)
    assert replay.result == unwatched() and replay.engine == "python"
    assert replay.events.complete and replay.tree is not None and len(replay.tree) == replay.stats.nodes
    assert replay.tree_svg().startswith("<svg")
    page = tmp_path / "page.html"
    replay.save(page)
    assert page.read_text(encoding="utf-8") == replay.to_html() and not asks_the_network(replay.to_html())
    assert replay._repr_html_().startswith('<iframe srcdoc="&lt;!DOCTYPE html&gt;')


def test_a_long_search_keeps_its_first_events_and_no_tree():
    replay = essais.watch("tour", 5, method="basic", max_events=100)
    assert replay.result == essais.find_tour(5, method="basic") and len(replay.events) == 100
    assert not replay.events.complete and not replay.tree.complete
    with pytest.raises(essais.InvalidInput, match="tree: the search passed 5,000 nodes"):
        replay.tree_svg()


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: essais.watch("distances", 8), "problem: 'distances' cannot be watched yet"),
        (lambda: essais.watch("color", "petersen", method="dsatur"), "method: 'dsatur' exists in the numba engine"),
        (lambda: essais.watch("uncrossed", 5, method="parallel"), "method: 'parallel' exists in the numba engine"),
        (lambda: essais.watch("queens", 8, method="bitmask"), "method: 'bitmask' exists in the numba engine only"),
        (lambda: essais.watch("tour", 5, method="linear"), "method: 'linear' exists in the numba engine only"),
        (lambda: essais.watch("tour", 5, method="random"), "method: random does not backtrack"),
        (lambda: essais.watch("queens", 8, max_events=0), "max_events: 0 is out of range"),
    ],
)
def test_what_cannot_be_watched_is_refused(call, message):
    with pytest.raises(essais.InvalidInput, match=message):
        call()
