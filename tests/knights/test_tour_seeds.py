"""The numbers of the source documents (000, 001), reproduced exactly by both engines."""

import pytest

from essais.core.result import Status
from essais.knights import TourStream, count_tours, every_start, find_tour, is_tour

from conftest import knight_problem

# 000 §3.8: basic search, 5×5 from (0,0)
TOUR_000_BASIC = [
    [1, 14, 19, 8, 25],
    [6, 9, 2, 13, 18],
    [15, 20, 7, 24, 3],
    [10, 5, 22, 17, 12],
    [21, 16, 11, 4, 23],
]
# 000 §7.1 and §7.2: Warnsdorff from (0,0), "(2,4)" = (1,3) and "(4,2)" = (3,1)
TOURS_000_WARNSDORFF = {
    (0, 0): (0, [[1, 12, 25, 18, 3], [22, 17, 2, 13, 24], [11, 8, 23, 4, 19], [16, 21, 6, 9, 14], [7, 10, 15, 20, 5]]),
    (1, 3): (15, [[23, 2, 7, 12, 25], [8, 17, 24, 1, 6], [3, 22, 13, 18, 11], [16, 9, 20, 5, 14], [21, 4, 15, 10, 19]]),
    (3, 1): (0, [[23, 10, 13, 4, 21], [12, 5, 22, 9, 14], [17, 24, 11, 20, 3], [6, 1, 18, 15, 8], [25, 16, 7, 2, 19]]),
}
# 000 §5 "Remarques": backtracks of the basic search per start square, as printed
TABLE_000 = [
    [74_276, 1_829_420, 43_814, 1_829_420, 75_017],
    [1_829_420, 524_046, 1_028_892, 288_068, 1_829_420],
    [691_269, 1_028_892, 11_052, 1_028_892, 786_231],
    [1_829_420, 235_086, 1_028_892, 22_053, 1_829_420],
    [3_310, 1_829_420, 30_205, 1_829_420, 77_659],
]
# the Sources page's errata (docs/sources.md): four printed cells disagree with the algorithm; what it computes
ERRATA_000 = {(1, 1): 521_181, (3, 3): 41_789, (4, 2): 11_052, (4, 4): 6_085}
# 000 §3.8 gives "(0,0), (0,2), (0,4), (1,1), (2,2), (3,1), (4,0), (4,2), (4,4)" as examples of
# starts with a tour; in all, the 13 squares of the corners' colour have one on 5×5.
EXAMPLE_STARTS_000 = {(0, 0), (0, 2), (0, 4), (1, 1), (2, 2), (3, 1), (4, 0), (4, 2), (4, 4)}
# 001 §3.1: the first two tours from (0,0) with 001's (clockwise) move order
FIRST_TOURS_001 = [
    [[1, 16, 11, 6, 3], [10, 5, 2, 17, 12], [15, 22, 19, 4, 7], [20, 9, 24, 13, 18], [23, 14, 21, 8, 25]],
    [[1, 16, 11, 6, 3], [10, 5, 2, 21, 12], [15, 22, 17, 4, 7], [18, 9, 24, 13, 20], [23, 14, 19, 8, 25]],
]


@pytest.mark.parametrize("method", ["basic", "band"])
def test_000_basic_tour_from_corner(engine, method):
    problem = knight_problem(5)
    result = find_tour(problem, method=method, engine=engine)
    assert result.status == Status.FOUND
    assert is_tour(problem.board, result.path)
    assert result.numbered() == TOUR_000_BASIC
    assert (result.stats.nodes, result.stats.tries, result.stats.backtracks) == (74_301, 594_316, 74_276)


@pytest.mark.parametrize("method", ["basic", "band"])
def test_000_no_tour_from_0_1(engine, method):
    result = find_tour(knight_problem(5, (0, 1)), method=method, engine=engine)
    assert result.status == Status.NONE and not result.path
    assert result.stats.backtracks == 1_829_420
    assert result.stats.nodes == 1_829_421  # every placed square is un-numbered; the root is not


def test_000_table_of_every_start():
    rows = list(every_start(knight_problem(5), method="basic", engine="numba"))
    assert [row.start for row in rows] == [(r, c) for r in range(5) for c in range(5)]
    for row in rows:
        r, c = row.start
        expected = ERRATA_000.get((r, c), TABLE_000[r][c])
        assert row.result.stats.backtracks == expected, row.start
        assert row.result.found == ((r + c) % 2 == 0)
        if row.result.found:
            assert is_tour(knight_problem(5).board, row.result.path)
    assert {row.start for row in rows if row.result.found} >= EXAMPLE_STARTS_000
    matching = sum(TABLE_000[r][c] == row.result.stats.backtracks for row in rows for r, c in [row.start])
    assert matching == 21


@pytest.mark.parametrize("start", [(1, 1), (2, 2), (4, 0), (4, 4)])
def test_000_table_cells_in_the_python_engine(start):
    result = find_tour(knight_problem(5, start), method="band", engine="python")
    assert result.stats.backtracks == ERRATA_000.get(start, TABLE_000[start[0]][start[1]])


@pytest.mark.parametrize("start", sorted(TOURS_000_WARNSDORFF))
def test_000_warnsdorff_tours(engine, start):
    backtracks, expected = TOURS_000_WARNSDORFF[start]
    problem = knight_problem(5, start)
    result = find_tour(problem, method="warnsdorff", engine=engine)
    assert result.status == Status.FOUND
    assert is_tour(problem.board, result.path)
    assert result.numbered() == expected
    assert result.stats.backtracks == backtracks


def test_001_tours_from_corner_in_clockwise_order(engine):
    problem = knight_problem(5, order="clockwise")
    stream = TourStream(problem, method="basic", engine=engine)
    tours = list(stream)
    assert len(tours) == 304 and stream.result.count == 304 and stream.result.status == Status.COMPLETE
    assert all(is_tour(problem.board, path) for path in tours)
    assert len({tuple(path) for path in tours}) == 304
    boards = [[[0] * 5 for _ in range(5)] for _ in range(2)]
    for board, path in zip(boards, tours[:2], strict=True):
        for step, (r, c) in enumerate(path, start=1):
            board[r][c] = step
    assert boards == FIRST_TOURS_001
    # the counters of the complete search, as docs/index.md defines them
    stats = stream.result.stats
    assert (stats.nodes, stats.tries, stats.backtracks) == (1_735_079, 13_878_200, 1_735_078)


def test_count_equals_stream(engine):
    problem = knight_problem(5, order="clockwise")
    result = count_tours(problem, method="band", engine=engine)
    assert result.status == Status.COMPLETE and result.count == 304
    assert result.stats.counters() == (1_735_079, 13_878_200, 1_735_078)


def test_001_every_start_total_is_oeis_a165134():
    rows = list(every_start(knight_problem(5, order="clockwise"), method="basic", engine="numba", count=True))
    assert sum(row.result.count for row in rows) == 1728
    corner_counts = {rows[i].result.count for i in (0, 4, 20, 24)}
    assert corner_counts == {304}  # the board's symmetries


def test_6x6_closed_tours_oeis_a001230():
    result = count_tours(knight_problem(6, closed=True), method="prune", engine="numba")
    assert result.status == Status.COMPLETE
    assert (result.count, result.undirected) == (19_724, 9_862)


@pytest.mark.slow
def test_6x6_closed_tours_in_the_python_engine_with_the_same_counters():
    numba = count_tours(knight_problem(6, closed=True), method="prune", engine="numba")
    python = count_tours(knight_problem(6, closed=True), method="prune", engine="python")
    assert python.count == numba.count == 19_724
    assert python.stats.counters() == numba.stats.counters()


@pytest.mark.slow
def test_6x6_closed_tours_every_listed_one_is_closed():
    problem = knight_problem(6, (2, 3), closed=True)
    tours = list(TourStream(problem, method="prune", engine="numba"))
    assert len(tours) == 19_724 and len({tuple(t) for t in tours}) == 19_724
    assert all(is_tour(problem.board, path, problem.moves, closed=True) for path in tours)
