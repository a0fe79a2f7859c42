"""001 §4's greedy walks (accessibility, lookahead): 001 §4.2's tour, both engines, the survey."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from essais.core.limits import Limits
from essais.core.result import Status
from essais.knights import Board, TourProblem, every_start, find_tour, is_tour, make_moves

from conftest import invoke
from naive import naive_greedy_walk

# 001 §4.2: accessibility from (0,0) on 5×5 with 001's (clockwise) moves
TOUR_001 = [[1, 14, 9, 20, 3], [24, 19, 2, 15, 10], [13, 8, 25, 4, 21], [18, 23, 6, 11, 16], [7, 12, 17, 22, 5]]


def test_001_accessibility_tour(engine):
    problem = TourProblem.make(Board(5, 5), (0, 0), make_moves(order="clockwise"))
    result = find_tour(problem, method="accessibility", engine=engine)
    assert result.status == Status.FOUND and result.reached == 25
    assert result.numbered() == TOUR_001
    assert is_tour(problem.board, result.path, problem.moves)
    assert result.stats.counters() == (25, 200, 0)


def test_a_stuck_walk_reports_how_far_it_got(engine):
    result = find_tour(TourProblem.make(Board(5, 5), (0, 1)), method="accessibility", engine=engine)
    assert result.status == Status.NONE and result.reached == len(result.path) == 22
    assert result.numbered()[0][1] == 1


@settings(max_examples=80, deadline=None)
@given(
    st.integers(1, 9),
    st.integers(1, 9),
    st.sampled_from(["default", "clockwise"]),
    st.sampled_from(["accessibility", "lookahead"]),
    st.data(),
)
def test_engines_agree_and_match_the_naive_walk(rows, cols, order, method, data):
    start = (data.draw(st.integers(0, rows - 1)), data.draw(st.integers(0, cols - 1)))
    leapers = data.draw(st.sampled_from([[(1, 2)], [(1, 3)], [(1, 2), (0, 1)]]))
    problem = TourProblem.make(Board(rows, cols), start, make_moves(leapers, order=order))
    python = find_tour(problem, method=method, engine="python")
    numba = find_tour(problem, method=method, engine="numba")
    assert (python.status, python.path, python.stats.counters()) == (numba.status, numba.path, numba.stats.counters())
    assert python.path == naive_greedy_walk(rows, cols, problem.moves, start, method == "lookahead")


@pytest.mark.parametrize("nodes", [1, 5, 40])
def test_node_limit_keeps_the_walk_so_far(engine, nodes):
    result = find_tour(
        TourProblem.make(Board(8, 8), (0, 0)), method="lookahead", engine=engine, limits=Limits(nodes=nodes)
    )
    assert result.status == Status.LIMIT and result.reached == nodes == result.stats.nodes


@pytest.mark.parametrize(
    ("size", "order", "method", "full"),
    [(8, "default", "accessibility", 63), (8, "default", "lookahead", 64), (5, "clockwise", "accessibility", 12)],
)
def test_survey_over_every_start(size, order, method, full):
    problem = TourProblem.make(Board(size, size), (0, 0), make_moves(order=order))
    rows = list(every_start(problem, method=method))
    expected = [naive_greedy_walk(size, size, problem.moves, row.start, method == "lookahead") for row in rows]
    assert [row.result.path for row in rows] == expected
    assert sum(row.found for row in rows) == sum(len(path) == size * size for path in expected) == full


def test_closed_walk_must_return_to_the_start():
    problem = TourProblem.make(Board(6, 6), (0, 0), closed=True)
    result = find_tour(problem, method="lookahead")
    assert result.reached == 36
    assert result.found == is_tour(problem.board, result.path, closed=True)


def test_cli_walk_json():
    result = invoke(["tour", "5", "--method", "accessibility", "--start", "0,1", "--json"])
    document = json.loads(result.stdout)
    assert result.exit_code == 1
    assert set(document) == {"status", "found", "board", "path", "reached", "method", "engine", "stats"}
    assert (document["status"], document["found"], document["reached"]) == ("none", False, 22)


def test_cli_survey_json_and_text():
    result = invoke(["tour", "8", "--method", "accessibility", "--every-start", "--json"])
    document = json.loads(result.stdout)
    assert result.exit_code == 0 and document["full_tours"] == 63 and "total" not in document
    assert set(document["starts"][0]) == {"start", "status", "found", "reached", "stats"}
    text = invoke(["tour", "8", "--method", "lookahead", "--every-start"]).stdout
    assert "64 of 64 starts give a tour" in text


def test_walks_cannot_count():
    result = invoke(["tour", "5", "--method", "lookahead", "--count"])
    assert result.exit_code == 2 and "lookahead" in result.stderr
