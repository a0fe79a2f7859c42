"""The command line: output, JSON keys, exit statuses and bad input (docs/index.md, "Status and exit codes")."""

import json

import pytest

from essais.core.board import make_moves
from essais.knights import Board, is_tour

from conftest import invoke


def run(*args):
    return invoke(["tour", *args])


def test_default_is_a_linear_tour_on_8x8():
    """Method linear is the default for one knight's tour: it never backtracks for ever on a large board."""
    result = run("8")
    assert result.exit_code == 0
    assert "tour on 8x8 from 0,0 (linear: heuristic, numba)" in result.stdout
    assert "backtracks 0" in result.stdout
    assert "tour on 8x8 from 0,0 (warnsdorff, numba)" in run("8", "--method", "warnsdorff").stdout


def test_json_tour():
    result = run("5", "--method", "basic", "--json")
    document = json.loads(result.stdout)
    assert result.exit_code == 0
    assert set(document) == {"status", "found", "board", "path", "method", "engine", "stats"}
    assert set(document["stats"]) == {"nodes", "tries", "backtracks", "seconds"}
    assert document["status"] == "found" and document["found"] is True
    assert document["board"][0] == [1, 14, 19, 8, 25]
    assert is_tour(Board(5, 5), [tuple(square) for square in document["path"]])
    assert document["stats"]["backtracks"] == 74_276


def test_no_tour_exits_1():
    result = run("5", "--start", "0,1", "--method", "band", "--json")
    document = json.loads(result.stdout)
    assert result.exit_code == 1
    assert (document["status"], document["found"], document["path"]) == ("none", False, None)
    assert document["stats"]["backtracks"] == 1_829_420


def test_chess_notation_start():
    result = run("5", "--start", "a1", "--json")  # a1 = (4, 0)
    assert json.loads(result.stdout)["path"][0] == [4, 0]


def test_count_json():
    result = run("5", "--method", "basic", "--order", "clockwise", "--count", "--json")
    assert result.exit_code == 0
    assert json.loads(result.stdout) == {
        "status": "complete",
        "found": True,
        "count": 304,
        "method": "basic",
        "engine": "numba",
        "stats": json.loads(result.stdout)["stats"],
    }


def test_closed_count_has_undirected_and_odd_boards_answer_at_once():
    result = run("5", "--method", "basic", "--closed", "--count", "--json")
    document = json.loads(result.stdout)
    assert result.exit_code == 0
    assert (document["count"], document["undirected"], document["stats"]["nodes"]) == (0, 0, 0)


def test_all_streams_json_lines_then_a_summary():
    result = run("5", "--method", "basic", "--order", "clockwise", "--all", "--limit", "3", "--json")
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert result.exit_code == 0
    assert [line["index"] for line in lines[:-1]] == [1, 2, 3]
    moves = make_moves(order="clockwise")
    assert all(is_tour(Board(5, 5), [tuple(s) for s in line["path"]], moves) for line in lines[:-1])
    assert lines[-1]["count"] == 3 and set(lines[-1]) == {"status", "found", "count", "method", "engine", "stats"}


def test_all_from_every_start_on_a_small_board():
    result = run("3x4", "--method", "basic", "--all", "--every-start", "--json")
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert lines[-1]["status"] == "complete" and lines[-1]["count"] == len(lines) - 1 > 0
    assert all(is_tour(Board(3, 4), [tuple(s) for s in line["path"]]) for line in lines[:-1])


def test_all_closed_tours_from_every_start_of_a_huge_odd_board_end_at_once():
    """No closed knight's tour on an odd board: known for every start at once (the fuzz run
    found it looping over the 10^40 starts, limits unseen)."""
    result = run("99999999999999999999", "--closed", "--all", "--every-start", "--time-limit", "0.2", "--json")
    assert json.loads(result.stdout.splitlines()[-1])["count"] == 0


def test_every_start_counts_json():
    result = run("5", "--method", "basic", "--order", "clockwise", "--count", "--every-start", "--json")
    document = json.loads(result.stdout)
    assert result.exit_code == 0
    assert document["status"] == "complete" and document["total"] == 1728
    assert len(document["starts"]) == 25
    assert set(document["starts"][0]) == {"start", "status", "found", "count", "stats"}
    assert document["starts"][0]["start"] == [0, 0] and document["starts"][0]["count"] == 304


def test_every_start_table_text():
    result = run("5", "--method", "basic", "--every-start")
    assert result.exit_code == 0  # completes even where some starts fail
    assert "74,276" in result.stdout and "1,829,420" in result.stdout
    assert "13 of 25 starts give a tour" in result.stdout


def test_every_start_json_for_a_single_tour_method():
    result = run("6", "--every-start", "--json")
    document = json.loads(result.stdout)
    assert len(document["starts"]) == 36 and "total" not in document
    assert set(document["starts"][0]) == {"start", "status", "found", "stats"}


def test_node_limit_exits_3_with_counters():
    result = run("6", "--start", "0,1", "--method", "basic", "--node-limit", "1000", "--json")
    document = json.loads(result.stdout)
    assert result.exit_code == 3
    assert document["status"] == "limit" and document["stats"]["nodes"] == 1000


def test_other_leapers_and_explicit_moves():
    result = run("6", "--leaper", "1,2", "--leaper", "0,1", "--json")
    assert result.exit_code == 0
    result = run("4", "--moves", "0,1 1,0 0,-1 -1,0", "--method", "basic", "--json")
    path = [tuple(s) for s in json.loads(result.stdout)["path"]]
    assert is_tour(Board(4, 4), path, ((0, 1), (1, 0), (0, -1), (-1, 0)))


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["0"], "board size: '0'"),
        (["--", "-3"], "board size: '-3'"),
        (["5x"], "board size"),
        (["5", "--start", "5,0"], "start: '5,0' is off the 5x5 board"),
        (["5", "--start", "z9"], "start"),
        (["5", "--method", "magic"], "method: 'magic' is not one of"),
        (["5", "--engine", "gpu"], "engine: 'gpu'"),
        (["5", "--order", "sideways"], "order: 'sideways'"),
        (["5", "--moves", "1,2 oops"], "moves: 'oops'"),
        (["5", "--moves", ""], "moves: the list is empty"),
        (["5", "--leaper", "0,0"], "leaper"),
        (["5", "--count", "--method", "warnsdorff"], "method: 'warnsdorff' does not search every branch"),
        (["5", "--all", "--method", "warnsdorff"], "warnsdorff"),
        (["5", "--method", "basic", "--all", "--count"], "choose one"),
        (["5", "--method", "basic", "--limit", "2"], "--limit"),
        (["5", "--method", "basic", "--all", "--limit", "0"], "limit: 0"),
        (["5", "--time-limit", "0"], "--time-limit"),
        (["5", "--node-limit", "-5"], "--node-limit"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args, message):
    result = run(*args)
    assert result.exit_code == 2, result.stdout
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.stderr


def test_usage_errors_exit_2_without_traceback():
    result = run("5", "--limit", "x")
    assert result.exit_code == 2 and "Traceback" not in result.stderr


def test_a_bug_that_escapes_is_one_line_and_exit_70(monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("boom\nsecond line")

    monkeypatch.setattr("essais.cli.distances.compute_distances", broken)
    result = invoke(["distances", "5"])
    assert result.exit_code == 70  # never 1: that means "no solution"
    assert result.stderr.splitlines() == [
        "essais: internal error: RuntimeError: boom\\nsecond line (a bug: please report it with the command you ran)"
    ]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["sudoku", "İ.3..4.22..3.3.İ", "--alphabet", "İ234"], None),  # 'İ'.lower() is two characters
        (["color", "petersen", "-k", "99999999999999999999"], None),  # as many colours as it likes
        (["color", "petersen", "-k", "9223372036854775807", "--method", "dsatur"], None),
        (["tour", "5", "--method", "random", "--attempts", "99999999999999999999"], "out of range"),
    ],
)
def test_numbers_and_symbols_out_of_range(args, message):
    result = invoke(args)
    if message is None:
        assert result.exit_code == 0 and len(result.stdout.splitlines()) < 20, result.stderr
    else:
        assert result.exit_code == 2 and message in result.stderr and len(result.stderr.splitlines()) == 1


def test_warmup_compiles_every_problem():
    result = invoke(["warmup", "--json"])
    assert result.exit_code == 0, result.stderr
    warmed = json.loads(result.stdout)["warmed"]
    assert [entry["problem"] for entry in warmed] == [
        "tours",
        "queens",
        "sudoku",
        "colouring",
        "uncrossed paths",
        "exact covers",
        "models",
    ]
    assert all(entry["seconds"] >= 0 for entry in warmed)
