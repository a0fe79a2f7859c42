"""The two engines of each method give the same answers and the same counters,
and the complete searches list exactly the tours a naive reference lists."""

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from essais.core.board import clockwise
from essais.core.errors import InvalidInput
from essais.core.limits import Limits
from essais.core.result import Status
from essais.knights import Board, TourProblem, TourStream, count_tours, find_tour, is_tour, make_moves

from naive import naive_closed_count, naive_tours

FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def problems(draw, max_rows=5, max_cols=6, any_moves=True):
    rows = draw(st.integers(1, max_rows))
    cols = draw(st.integers(1, max_cols))
    start = (draw(st.integers(0, rows - 1)), draw(st.integers(0, cols - 1)))
    kind = draw(st.sampled_from(["knight", "clockwise", "leapers", "explicit"] if any_moves else ["knight"]))
    if kind == "knight":
        moves = make_moves()
    elif kind == "clockwise":
        moves = make_moves(order="clockwise")
    elif kind == "leapers":
        leapers = draw(st.lists(st.tuples(st.integers(0, 3), st.integers(1, 3)), min_size=1, max_size=2))
        moves = make_moves(leapers, order=draw(st.sampled_from(["default", "clockwise"])))
    else:
        deltas = st.tuples(st.integers(-3, 3), st.integers(-3, 3)).filter(lambda d: d != (0, 0))
        moves = tuple(draw(st.lists(deltas, min_size=1, max_size=8, unique=True)))
    return TourProblem.make(Board(rows, cols), start, moves, draw(st.booleans()))


def _outcome(result):
    return (result.status, result.path, result.stats.counters())


def _usable(problem, method):
    return method != "prune" or problem.symmetric


@FAST
@given(problems(), st.sampled_from(["basic", "band", "prune", "warnsdorff"]), st.integers(1, 30_000))
def test_engines_agree_on_one_tour(problem, method, node_limit):
    assume(_usable(problem, method))
    limits = Limits(nodes=node_limit)
    python = find_tour(problem, method=method, engine="python", limits=limits)
    numba = find_tour(problem, method=method, engine="numba", limits=limits)
    assert _outcome(python) == _outcome(numba)
    if python.status == Status.FOUND:
        assert is_tour(problem.board, python.path, problem.moves, problem.closed)
    if python.status == Status.LIMIT:
        assert python.stats.nodes == node_limit


@FAST
@given(problems(max_rows=4, max_cols=5), st.sampled_from(["basic", "band", "prune"]), st.integers(1, 30_000))
def test_engines_agree_on_every_tour(problem, method, node_limit):
    assume(_usable(problem, method))
    streams = [
        TourStream(problem, method=method, engine=engine, limits=Limits(nodes=node_limit))
        for engine in ("python", "numba")
    ]
    tours = [list(stream) for stream in streams]
    assert tours[0] == tours[1]
    python, numba = (stream.result for stream in streams)
    assert (python.status, python.count, python.stats.counters()) == (numba.status, numba.count, numba.stats.counters())
    counts = [
        count_tours(problem, method=method, engine=e, limits=Limits(nodes=node_limit)) for e in ("python", "numba")
    ]
    assert counts[0].count == counts[1].count and counts[0].status == counts[1].status
    assert counts[0].stats.counters() == counts[1].stats.counters()


@settings(max_examples=40, deadline=None)
@given(problems(max_rows=4, max_cols=4))
def test_complete_search_lists_what_the_naive_search_lists(problem):
    stream = TourStream(problem, method="basic", engine="numba")
    tours = list(stream)
    if problem.closed:
        rows, cols = problem.board.rows, problem.board.cols
        assert len(tours) == naive_closed_count(rows, cols, problem.moves, problem.start)
    else:
        expected = list(naive_tours(problem.board.rows, problem.board.cols, problem.moves, problem.start))
        assert tours == [list(path) for path in expected]
    assert stream.result.status == Status.COMPLETE
    assert all(is_tour(problem.board, path, problem.moves, problem.closed) for path in tours)


def test_3x4_knight_tours_match_the_naive_count():
    board = Board(3, 4)
    for start in board.squares():
        problem = TourProblem.make(board, start)
        assert count_tours(problem, engine="numba").count == len(list(naive_tours(3, 4, make_moves(), start)))


def test_odd_board_closed_tour_answers_at_once():
    problem = TourProblem.make(Board(5, 5), (0, 0), closed=True)
    result = find_tour(problem, method="basic")
    assert result.status == Status.NONE and result.stats.nodes == 0
    count = count_tours(problem)
    assert (count.count, count.undirected, count.status) == (0, 0, Status.COMPLETE)


def test_odd_board_with_a_colour_keeping_move_is_searched():
    # the (1,1) leaper keeps colours, so parity says nothing: 3x3 from a corner visits 5 squares only
    problem = TourProblem.make(Board(3, 3), (0, 0), clockwise(make_moves([(1, 1)])), closed=True)
    result = find_tour(problem, method="basic")
    assert result.status == Status.NONE and result.stats.nodes > 0


@pytest.mark.parametrize(("size", "start"), [((8, 8), (0, 0)), ((5, 6), (1, 1)), ((6, 6), (1, 1))])
def test_closed_tours_found_by_warnsdorff(engine, size, start):
    problem = TourProblem.make(Board(*size), start, closed=True)
    result = find_tour(problem, method="warnsdorff", engine=engine)
    assert result.status == Status.FOUND
    assert is_tour(problem.board, result.path, problem.moves, closed=True)


def test_no_closed_tour_on_3x4():
    assert count_tours(TourProblem.make(Board(3, 4), (0, 0), closed=True), engine="numba").count == 0


def test_one_square_board():
    problem = TourProblem.make(Board(1, 1), (0, 0))
    for engine in ("python", "numba"):
        for method in ("basic", "band", "warnsdorff"):
            result = find_tour(problem, method=method, engine=engine)
            assert result.status == Status.FOUND and result.path == [(0, 0)]
            assert result.stats.counters() == (1, 0, 0)


@settings(max_examples=60, deadline=None)
@given(problems(max_rows=5, max_cols=5))
def test_prune_lists_the_same_tours_as_basic_with_fewer_nodes(problem):
    assume(problem.symmetric)
    limits = Limits(nodes=300_000)
    basic = TourStream(problem, method="basic", engine="numba", limits=limits)
    basic_tours = list(basic)
    assume(basic.result.status == Status.COMPLETE)
    pruned = TourStream(problem, method="prune", engine="numba")
    assert list(pruned) == basic_tours
    assert pruned.result.status == Status.COMPLETE
    assert pruned.result.stats.nodes <= basic.result.stats.nodes


def test_prune_finds_the_textbook_first_tour(engine):
    problem = TourProblem.make(Board(6, 6), (0, 0))
    basic = find_tour(problem, method="basic", engine="numba")
    pruned = find_tour(problem, method="prune", engine=engine)
    assert pruned.path == basic.path and pruned.stats.nodes < basic.stats.nodes


def test_prune_needs_reversible_moves():
    problem = TourProblem.make(Board(4, 4), (0, 0), ((0, 1), (1, 0)))
    with pytest.raises(InvalidInput, match="prune"):
        find_tour(problem, method="prune")


def test_a_stream_left_early_says_so(engine):
    stream = TourStream(TourProblem.make(Board(5, 5), (0, 0)), method="basic", engine=engine)
    for count, _ in enumerate(stream, start=1):
        if count == 3:
            break
    assert stream.result.status == Status.FOUND and stream.result.count == 3
    assert stream.result.stats.nodes > 0
