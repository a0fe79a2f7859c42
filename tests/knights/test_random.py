"""001 §5's random walks: reproducible with a seed, always legal, tallies that add up."""

import json

import pytest

from essais.core.limits import Limits
from essais.core.result import Status
from essais.knights import Board, TourProblem, find_tour, is_tour, make_moves, random_tours

from conftest import invoke


def is_walk(path, board, moves):
    """Distinct squares on the board, each step one move."""
    steps_ok = all((b[0] - a[0], b[1] - a[1]) in moves for a, b in zip(path, path[1:], strict=False))
    return len(set(path)) == len(path) and all(board.contains(s) for s in path) and steps_ok


@pytest.mark.parametrize("size", [5, 6, 8])
def test_same_seed_same_walks(engine, size):
    problem = TourProblem.make(Board(size, size))
    first = random_tours(problem, engine=engine, attempts=500, seed=7)
    again = random_tours(problem, engine=engine, attempts=500, seed=7)
    assert first.tally == again.tally and first.stats.counters() == again.stats.counters()
    other = random_tours(problem, engine=engine, attempts=500, seed=8)
    assert other.tally != first.tally


def test_tallies_add_up(engine):
    problem = TourProblem.make(Board(5, 5), (2, 2))
    run = random_tours(problem, engine=engine, attempts=3000, seed=11)
    tally = run.tally
    assert run.status == Status.COMPLETE and tally.attempts == sum(tally.lengths) == 3000
    assert run.stats.nodes == sum(length * count for length, count in enumerate(tally.lengths))
    assert run.stats.tries == 8 * run.stats.nodes and run.stats.backtracks == 0
    assert tally.full_tours == tally.lengths[25] > 0
    assert len(tally.best_path) == max(k for k, count in enumerate(tally.lengths) if count)
    assert is_walk(tally.best_path, problem.board, problem.moves) and tally.best_path[0] == (2, 2)


def test_until_found_stops_at_the_first_full_tour(engine):
    problem = TourProblem.make(Board(5, 5))
    run = random_tours(problem, engine=engine, attempts=None, until_found=True, seed=5)
    assert run.status == Status.FOUND and run.tally.full_tours == run.tally.lengths[25] == 1
    assert is_tour(problem.board, run.tally.found_path)
    assert run.to_dict()["found"] is True


def test_until_found_with_no_tour_possible(engine):
    run = random_tours(TourProblem.make(Board(4, 4)), engine=engine, attempts=200, until_found=True, seed=1)
    assert run.status == Status.NONE and run.tally.attempts == 200 and run.tally.found_path is None


def test_closed_full_tours_must_close(engine):
    """The same seed draws the same walks open or closed: on 5×6 three of them cover the board
    and none closes, so a closed run counts none of them (it would count three if closure were
    ignored); a closed run until found ends on a closed tour."""
    board = Board(5, 6)
    walks = random_tours(TourProblem.make(board, (0, 0)), engine=engine, attempts=30_000, seed=3)
    closed = random_tours(TourProblem.make(board, (0, 0), closed=True), engine=engine, attempts=30_000, seed=3)
    assert walks.tally.full_tours == closed.tally.lengths[30] == 3
    assert closed.tally.full_tours == 0
    found = random_tours(TourProblem.make(Board(6, 6), (0, 0), closed=True), engine="numba", attempts=None,
                         until_found=True, seed=3)  # fmt: skip
    assert found.status == Status.FOUND and is_tour(Board(6, 6), found.tally.found_path, closed=True)


def test_other_leapers_walk_legally(engine):
    problem = TourProblem.make(Board(7, 5), (3, 2), make_moves([(1, 3), (0, 1)]))
    run = random_tours(problem, engine=engine, attempts=200, seed=2)
    assert is_walk(run.tally.best_path, problem.board, problem.moves)


def test_node_limit_keeps_the_tally(engine):
    run = random_tours(
        TourProblem.make(Board(8, 8)),
        engine=engine,
        attempts=None,
        until_found=True,
        seed=1,
        limits=Limits(nodes=10_000),
    )
    assert run.status == Status.LIMIT
    assert run.stats.nodes >= 10_000 and run.tally.attempts == sum(run.tally.lengths) > 0


def test_a_single_walk_is_a_tour_result(engine):
    result = find_tour(TourProblem.make(Board(5, 5)), method="random", engine=engine)
    assert result.status in (Status.FOUND, Status.NONE)
    assert result.reached == len(result.path) and is_walk(result.path, Board(5, 5), make_moves())


@pytest.mark.parametrize("attempts", [0, -2])
def test_bad_attempts(attempts):
    from essais.core.errors import InvalidInput

    with pytest.raises(InvalidInput, match="attempts"):
        random_tours(TourProblem.make(Board(5, 5)), attempts=attempts)


def test_cli_attempts_json():
    result = invoke(["tour", "6", "--method", "random", "--attempts", "1000", "--seed", "3", "--json"])
    document = json.loads(result.stdout)
    assert result.exit_code == 0
    assert set(document) == {
        "status",
        "found",
        "attempts",
        "full_tours",
        "lengths",
        "best",
        "seed",
        "method",
        "engine",
        "stats",
    }
    assert document["seed"] == 3 and sum(document["lengths"].values()) == 1000
    assert document["best"]["reached"] == len(document["best"]["path"])


def test_cli_until_found_json():
    result = invoke(["tour", "5", "--method", "random", "--until-found", "--seed", "9", "--json"])
    document = json.loads(result.stdout)
    assert result.exit_code == 0 and document["found"] is True
    assert is_tour(Board(5, 5), [tuple(s) for s in document["path"]])


def test_cli_text():
    result = invoke(["tour", "8", "--method", "random", "--attempts", "2000", "--seed", "1"])
    assert result.exit_code == 0
    assert "2,000 walks" in result.stdout and "the longest walk" in result.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--method", "random", "--attempts", "0"], "attempts: 0"),
        (["--attempts", "5"], "--method random"),
        (["--seed", "5"], "--method random"),
        (["--method", "random", "--every-start"], "every-start"),
        (["--method", "random", "--count"], "random"),
        (["--method", "random", "--seed", "-1"], "seed"),
    ],
)
def test_cli_bad_input(args, message):
    result = invoke(["tour", "5", *args])
    assert result.exit_code == 2 and message in result.stderr and len(result.stderr.strip().splitlines()) == 1
