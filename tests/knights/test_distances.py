import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from essais.core.board import parse_moves
from essais.knights import Board, make_moves
from essais.knights.distances import distances

from conftest import invoke

# 001 §2, 10×10 from (0,0): its cells hold distance + 1
TABLE_001 = """
 1  4  3  4  3  4  5  6  5  6
 4  5  2  3  4  5  4  5  6  7
 3  2  5  4  3  4  5  6  5  6
 4  3  4  3  4  5  4  5  6  7
 3  4  3  4  5  4  5  6  5  6
 4  5  4  5  4  5  6  5  6  7
 5  4  5  4  5  6  5  6  7  6
 6  5  6  5  6  5  6  7  6  7
 5  6  5  6  5  6  7  6  7  8
 6  7  6  7  6  7  6  7  8  7
"""
# 001 §1.3's "autres mouvements" arrDelta1, its (x, y) rewritten as (drow, dcol)
OTHER_MOVES_001 = parse_moves("-3,0 -2,2 0,3 2,2 3,0 2,-2 0,-3 -2,-2")


def test_001_table_with_true_move_counts():
    expected = [[int(word) - 1 for word in line.split()] for line in TABLE_001.strip().splitlines()]
    result = distances(Board(10, 10), (0, 0))
    assert result.matrix == expected
    assert result.reachable == 100
    assert result.max_distance == 7  # 001 says "8 coups": its numbers are one more
    assert result.farthest == [(8, 9), (9, 8)]


def _naive(board, start, moves):
    """Distances by relaxing every square until nothing changes (no queue)."""
    dist = {start: 0}
    changed = True
    while changed:
        changed = False
        for (r, c), d in list(dist.items()):
            for dr, dc in moves:
                t = (r + dr, c + dc)
                if board.contains(t) and dist.get(t, 1 << 30) > d + 1:
                    dist[t] = d + 1
                    changed = True
    return [[dist.get((r, c), -1) for c in range(board.cols)] for r in range(board.rows)]


@settings(max_examples=80, deadline=None)
@given(
    st.integers(1, 9),
    st.integers(1, 9),
    st.lists(st.tuples(st.integers(-3, 3), st.integers(-3, 3)).filter(lambda m: m != (0, 0)), min_size=1, unique=True),
    st.data(),
)
def test_against_a_naive_relaxation(rows, cols, moves, data):
    board = Board(rows, cols)
    start = (data.draw(st.integers(0, rows - 1)), data.draw(st.integers(0, cols - 1)))
    assert distances(board, start, moves).matrix == _naive(board, start, moves)


def test_001_other_moves_reach_every_square_of_8x8():
    assert set(OTHER_MOVES_001) == set(make_moves([(0, 3), (2, 2)]))
    result = distances(Board(8, 8), (0, 0), OTHER_MOVES_001)
    assert result.reachable == 64


def test_a_leaper_that_cannot_reach_every_square():
    result = distances(Board(4, 4), (0, 0), make_moves([(1, 1)]))  # the bishop-like (1,1) keeps its colour
    assert result.reachable == 8 and result.matrix[0][1] == -1
    result = distances(Board(3, 3), (1, 1))  # the knight is stuck in the centre of 3×3
    assert result.reachable == 1 and result.max_distance == 0 and result.farthest == [(1, 1)]


def test_bfs_counters():
    result = distances(Board(8, 8), (0, 0))
    # each square expanded once, each of the board's 168 knight moves tried from both ends
    assert (result.stats.nodes, result.stats.tries) == (64, 336)


def test_cli_json_keys():
    result = invoke(["distances", "10", "--from", "0,0", "--json"])
    document = json.loads(result.stdout)
    assert result.exit_code == 0
    assert set(document) == {
        "status",
        "found",
        "method",
        "engine",
        "distances",
        "reachable",
        "max_distance",
        "farthest",
        "stats",
    }
    assert document["max_distance"] == 7 and document["farthest"] == [[8, 9], [9, 8]]


def test_cli_text_says_the_true_number_of_moves():
    result = invoke(["distances", "10"])
    assert "the farthest, 7 moves away: 8,9 9,8" in result.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["0"], "board size"),
        (["5", "--from", "5,5"], "from: '5,5' is off the 5x5 board"),
        (["5", "--moves", ""], "moves: the list is empty"),
        (["5", "--moves", "1,2 x"], "moves: 'x'"),
        (["5", "--leaper", "0,0"], "leaper"),
    ],
)
def test_cli_bad_input(args, message):
    result = invoke(["distances", *args])
    assert result.exit_code == 2 and message in result.stderr and len(result.stderr.strip().splitlines()) == 1
