import pytest

from essais.core.board import (
    Board,
    clockwise,
    format_square,
    leaper_moves,
    make_moves,
    parse_leaper,
    parse_moves,
)
from essais.core.errors import InvalidInput


@pytest.mark.parametrize(("text", "shape"), [("8", (8, 8)), ("5x6", (5, 6)), (" 3 X 4 ", (3, 4)), ("1", (1, 1))])
def test_board_sizes(text, shape):
    board = Board.parse(text)
    assert (board.rows, board.cols) == shape


@pytest.mark.parametrize("text", ["0", "-3", "5x0", "x5", "five", "", "5x5x5"])
def test_bad_board_sizes(text):
    with pytest.raises(InvalidInput, match="board size"):
        Board.parse(text)


def test_squares_in_both_notations():
    board = Board(5, 6)
    assert board.parse_square("0,0") == (0, 0)
    assert board.parse_square("(4, 5)") == (4, 5)
    assert board.parse_square("a1") == (4, 0)  # bottom-left
    assert board.parse_square("f5") == (0, 5)  # top-right
    assert board.chess_name((4, 0)) == "a1"
    assert format_square((2, 3)) == "2,3"
    for square in board.squares():
        assert board.parse_square(board.chess_name(square)) == square
        assert board.square(board.index(square)) == square


@pytest.mark.parametrize("text", ["5,0", "0,6", "-1,0", "g1", "a6", "a0", "zz", "1;2"])
def test_bad_squares(text):
    with pytest.raises(InvalidInput, match="start"):
        Board(5, 6).parse_square(text, "start")


def test_default_order_is_000s():
    assert make_moves() == ((1, 2), (1, -2), (-1, 2), (-1, -2), (2, 1), (2, -1), (-2, 1), (-2, -1))


def test_clockwise_order_is_001s():
    assert make_moves(order="clockwise") == ((-1, -2), (-2, -1), (-2, 1), (-1, 2), (1, 2), (2, 1), (2, -1), (1, -2))


def test_other_leapers():
    assert leaper_moves(0, 1) == ((0, 1), (0, -1), (1, 0), (-1, 0))
    assert leaper_moves(2, 2) == ((2, 2), (2, -2), (-2, 2), (-2, -2))
    assert len(leaper_moves(1, 3)) == 8
    # the wazir clockwise from due west: west, north, east, south
    assert clockwise(leaper_moves(0, 1)) == ((0, -1), (-1, 0), (0, 1), (1, 0))


def test_leaper_union_keeps_each_move_once():
    moves = make_moves([(1, 2), (2, 1), (0, 1)])
    assert len(moves) == 12 and len(set(moves)) == 12


def test_explicit_moves_keep_their_order():
    assert parse_moves("2,1  -1,2\t0,-3") == ((2, 1), (-1, 2), (0, -3))
    assert make_moves(explicit=parse_moves("2,1 -1,2")) == ((2, 1), (-1, 2))


@pytest.mark.parametrize(
    ("text", "message"),
    [("", "empty"), ("1,2 x", "'x' is not a pair"), ("1,2 1,2", "twice"), ("0,0", "does not move"), ("1,2,3", "pair")],
)
def test_bad_move_lists(text, message):
    with pytest.raises(InvalidInput, match=message):
        parse_moves(text)


@pytest.mark.parametrize("text", ["0,0", "1", "a,b", "-1,2"])
def test_bad_leapers(text):
    with pytest.raises(InvalidInput, match="leaper"):
        parse_leaper(text)


def test_moves_and_leapers_are_exclusive():
    with pytest.raises(InvalidInput, match="not both"):
        make_moves([(1, 2)], parse_moves("1,2"))
    with pytest.raises(InvalidInput, match="order"):
        make_moves(order="anticlockwise")


@pytest.mark.parametrize(("rows", "cols", "count"), [(5, 5, 8), (4, 6, 4), (1, 1, 8)])
def test_symmetries_carry_the_board_onto_itself(rows, cols, count):
    board = Board(rows, cols)
    maps = board.symmetries()
    assert len(maps) == count
    squares = set(board.squares())
    images = [tuple(g(*square) for square in board.squares()) for g in maps]
    assert all(set(image) == squares for image in images)  # each map is a bijection of the board
    assert len(set(images)) == (count if rows * cols > 1 else 1)  # and they are distinct
