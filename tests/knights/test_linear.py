"""Method linear: a knight's tour on every board where one exists (the theorems settle the
others at once), by Warnsdorff with Roth's tie-break or by the block construction."""

import numpy as np
import pytest

from essais.core.board import Board, leaper_moves
from essais.core.result import Status
from essais.knights import TourProblem, count_tours, find_tour, is_tour, tour_error
from essais.knights._base_tours import BASE_TOURS, THIN_SEGMENTS
from essais.knights.construction import side_parts, thin_parts
from essais.knights.linear import start_obstruction, tour_obstruction

from conftest import invoke


def tour_exists(rows: int, cols: int, closed: bool) -> bool:
    """The theorems, written again here from their statements (Schwenk 1991; Conrad et al.)."""
    m, n = sorted((rows, cols))
    if closed:
        return not (m % 2 and n % 2) and m not in (1, 2, 4) and not (m == 3 and n in (4, 6, 8))
    return (m, n) == (1, 1) or (m >= 3 and (m, n) not in {(3, 3), (3, 5), (3, 6), (4, 4)})


@pytest.mark.parametrize("closed", [False, True])
@pytest.mark.parametrize("rows", range(1, 13))
def test_every_board_up_to_12(rows, closed):
    for cols in range(1, 13):
        result = find_tour(TourProblem.make(Board(rows, cols), closed=closed))
        if tour_exists(rows, cols, closed):
            assert result.status == Status.FOUND, (rows, cols, closed, result.status)
            assert is_tour(Board(rows, cols), result.path, closed=closed), (rows, cols, closed)
        else:
            assert result.status == Status.NONE and result.reason, (rows, cols, closed)


def test_the_theorems_agree_with_exhaustive_counts_on_small_boards():
    for rows in range(1, 6):
        for cols in range(rows, 7):
            if rows * cols > 25:
                continue
            counted = count_tours(TourProblem.make(Board(rows, cols)), method="prune")
            starts_with_a_tour = counted.count > 0 or any(
                count_tours(TourProblem.make(Board(rows, cols), (r, c)), method="prune").count
                for r in range(rows)
                for c in range(cols)
            )
            assert starts_with_a_tour == (tour_obstruction(rows, cols, False) is None), (rows, cols)


@pytest.mark.parametrize("n", range(5, 201))
def test_square_boards_from_the_corner(n):
    result = find_tour(TourProblem.make(Board(n, n)))
    assert result.found and result.method == "linear" and is_tour(Board(n, n), result.path)
    if n % 2 == 0:
        closed = find_tour(TourProblem.make(Board(n, n), closed=True))
        assert closed.found and is_tour(Board(n, n), closed.path, closed=True)


@pytest.mark.parametrize(("rows", "cols"), [(5, 5), (7, 9), (11, 13), (25, 31), (5, 200)])
def test_the_construction_alone_on_odd_boards_from_every_corner(rows, cols):
    from essais.knights.compiled import constructed_tour

    for corner in [(0, 0), (0, cols - 1), (rows - 1, 0), (rows - 1, cols - 1)]:
        path = constructed_tour(rows, cols, corner)
        assert tuple(path[0]) == corner and tour_error(Board(rows, cols), path) is None


@pytest.mark.parametrize(("rows", "cols"), [(6, 6), (5, 6), (8, 13), (12, 10), (30, 47), (101, 64)])
def test_the_construction_alone_is_closed_from_any_start(rows, cols):
    from essais.knights.compiled import constructed_tour

    for start in [(0, 0), (rows // 2, cols // 3), (rows - 1, cols - 2)]:
        path = constructed_tour(rows, cols, start)
        assert tuple(path[0]) == start and tour_error(Board(rows, cols), path, closed=True) is None


def test_4_row_boards_from_a_corner_by_random_ties():
    for n in [*range(5, 160), 1000]:
        for board in (Board(4, n), Board(n, 4)):
            result = find_tour(TourProblem.make(board))
            assert result.found and is_tour(board, result.path), board


def test_3_row_boards_from_a_corner():
    for n in [4, *range(7, 120)]:
        for board, corner in [(Board(3, n), (2, n - 1)), (Board(n, 3), (n - 1, 0))]:
            result = find_tour(TourProblem.make(board, corner))
            assert result.found and is_tour(board, result.path), (board, corner)


def test_base_tours_and_segments_are_what_the_construction_needs():
    for (h, w), squares in BASE_TOURS.items():
        path = [divmod(square, w) for square in squares]
        closed = not (h % 2 and w % 2)
        assert is_tour(Board(h, w), path, closed=closed), (h, w)
        moves = [{a, b} for a, b in zip(path, path[1:] + path[:1] if closed else path[1:], strict=False)]
        if closed:
            assert {(1, 1), (3, 0)} in moves
        else:
            assert path[0] == (0, 0) and {(0, w - 1), (2, w - 2)} in moves and {(h - 1, 0), (h - 2, 2)} in moves
    for w, squares in THIN_SEGMENTS.items():
        path = [divmod(square, w) for square in squares]
        assert is_tour(Board(3, w), path) and path[0] == (0, 0)
        if w == 4:
            assert path[-1] == (2, 3)  # a knight's move from the next segment's (0,0)
    assert all(side_parts(n)[0] in (5, 6, 7, 8, 9, 10) and sum(side_parts(n)) == n for n in range(5, 500))
    assert all(sum(thin_parts(n)) == n for n in [4, *range(7, 500)])


def test_starts_the_theorems_rule_out():
    assert start_obstruction(5, 5, (0, 1)) and start_obstruction(4, 9, (1, 0)) and start_obstruction(9, 4, (0, 2))
    assert start_obstruction(5, 5, (0, 0)) is None and start_obstruction(4, 9, (0, 4)) is None
    result = find_tour(TourProblem.make(Board(4, 7), (2, 3)))
    assert result.status == Status.NONE and "middle" in result.reason


def test_other_starts_use_the_heuristic_then_a_search():
    result = find_tour(TourProblem.make(Board(7, 7), (2, 4)))
    assert result.found and is_tour(Board(7, 7), result.path) and result.path[0] == (2, 4)
    settled = find_tour(TourProblem.make(Board(3, 4), (1, 1)))  # 3×4 tours start on its first and last columns only
    assert settled.status == Status.NONE and "middle" in settled.reason


def test_every_start_of_small_boards_agrees_with_an_exhaustive_count():
    for rows, cols in [(3, 4), (4, 5), (5, 5), (3, 7), (4, 6), (5, 6), (3, 8)]:
        board = Board(rows, cols)
        for start in board.squares():
            exists = count_tours(TourProblem.make(board, start), method="prune").count > 0
            result = find_tour(TourProblem.make(board, start))
            assert result.status == (Status.FOUND if exists else Status.NONE), (rows, cols, start, result.status)
            assert not exists or is_tour(board, result.path)


def test_linear_refuses_other_moves_and_is_not_their_default():
    other = TourProblem.make(Board(6, 6), moves=leaper_moves(1, 3))
    assert find_tour(other).method == "warnsdorff"
    with pytest.raises(ValueError, match="knight"):
        find_tour(other, method="linear")


def test_cli_json_summary_and_output(tmp_path):
    document = __import__("json").loads(invoke(["tour", "8", "--json"]).stdout)
    assert document["method"] == "linear" and document["by"] in ("heuristic", "construction")
    assert invoke(["tour", "2x5"]).exit_code == 1
    file = tmp_path / "tour.npy"
    result = invoke(["tour", "300", "--output", str(file)])
    assert result.exit_code == 0 and "90,000 squares" in result.stdout
    path = np.load(file)
    assert path.shape == (90_000, 2) and path.dtype == np.int32 and tour_error(Board(300, 300), path) is None
    big = invoke(["tour", "1001", "--json"])
    assert big.exit_code == 2 and "--output" in big.stderr


@pytest.mark.slow
def test_a_board_of_100_million_squares(tmp_path):
    result = find_tour(TourProblem.make(Board(10_000, 10_000)))
    assert result.found and result.by == "construction"
    assert tour_error(Board(10_000, 10_000), result.path) is None


def test_3_row_closed_tours_by_a_search_in_another_order():
    for n in range(10, 90, 2):
        result = find_tour(TourProblem.make(Board(3, n), closed=True))
        assert result.found and is_tour(Board(3, n), result.path, closed=True), n
