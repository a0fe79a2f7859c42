import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from essais.knights import Board, TourProblem, find_tour, is_tour, make_moves, tour_error


@pytest.fixture(scope="module")
def tour_5x5():
    return find_tour(TourProblem.make(Board(5, 5), (0, 0)), method="warnsdorff").path


def test_a_found_tour_passes(tour_5x5):
    assert is_tour(Board(5, 5), tour_5x5)
    assert tour_error(Board(5, 5), tour_5x5) is None


def test_wrong_length(tour_5x5):
    assert "24 squares" in tour_error(Board(5, 5), tour_5x5[:-1])


def test_repeated_square(tour_5x5):
    assert "twice" in tour_error(Board(5, 5), [*tour_5x5[:-1], tour_5x5[0]])


def test_off_board(tour_5x5):
    assert "off the" in tour_error(Board(5, 5), [*tour_5x5[:-1], (5, 5)])


def test_not_a_move(tour_5x5):
    swapped = [tour_5x5[0], tour_5x5[2], tour_5x5[1], *tour_5x5[3:]]
    assert "not a move" in tour_error(Board(5, 5), swapped)


def test_other_move_sets(tour_5x5):
    assert not is_tour(Board(5, 5), tour_5x5, make_moves([(1, 3)]))


def test_closed_tours():
    board = Board(6, 6)
    closed = find_tour(TourProblem.make(board, (1, 1), closed=True)).path
    assert is_tour(board, closed, closed=True)
    open_only = find_tour(TourProblem.make(board, (0, 0)), method="basic").path
    assert is_tour(board, open_only)
    assert "does not attack" in tour_error(board, open_only, closed=True)


@settings(max_examples=50, deadline=None)
@given(st.permutations([(r, c) for r in range(3) for c in range(4)]))
def test_random_orders_are_tours_only_if_each_step_is_a_move(path):
    moves = make_moves()
    legal_steps = all((b[0] - a[0], b[1] - a[1]) in moves for a, b in zip(path, path[1:], strict=False))
    assert is_tour(Board(3, 4), path) == legal_steps
