"""The longest uncrossed knight's path: published values, both engines, a brute-force check."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from essais.core.errors import InvalidInput
from essais.core.limits import Limits
from essais.core.result import Status
from essais.knights import Board, make_moves
from essais.uncrossed import estimate_uncrossed, longest_uncrossed, segments_cross, uncrossed_error

from conftest import event_tally, invoke

OPEN_A003192 = {3: 2, 4: 5, 5: 10, 6: 17, 7: 24, 8: 35}
CLOSED_A157416 = {3: 0, 4: 4, 5: 8, 6: 12, 7: 24, 8: 32}


def brute_force(rows, cols, closed=False):
    """The longest uncrossed path by trying every path from every square, no bound, no symmetry."""
    board, knight = Board(rows, cols), make_moves()
    best = 0

    def extend(path, moves):
        nonlocal best
        if closed:
            back = (path[-1], path[0])
            closes = len(path) > 2 and (path[0][0] - path[-1][0], path[0][1] - path[-1][1]) in knight
            if closes and not any(segments_cross(back, m) for m in moves[1:-1]):
                best = max(best, len(moves) + 1)
        else:
            best = max(best, len(moves))
        r, c = path[-1]
        for dr, dc in knight:
            square = (r + dr, c + dc)
            if board.contains(square) and square not in path:
                move = (path[-1], square)
                if not any(segments_cross(move, m) for m in moves[:-1]):
                    path.append(square)
                    moves.append(move)
                    extend(path, moves)
                    path.pop()
                    moves.pop()

    for square in board.squares():
        extend([square], [])
    return best


@pytest.mark.parametrize("n", [3, 4, 5, 6, 7])
def test_open_values_oeis_a003192(n):
    result = longest_uncrossed(Board(n, n))
    assert result.status == Status.FOUND and result.optimal
    assert result.jumps == OPEN_A003192[n]
    assert uncrossed_error(Board(n, n), result.path) is None


@pytest.mark.parametrize("n", [3, 4, 5, 6, 7])
def test_closed_values_oeis_a157416(n):
    result = longest_uncrossed(Board(n, n), closed=True)
    assert result.jumps == CLOSED_A157416[n]
    if result.jumps:
        assert uncrossed_error(Board(n, n), result.path, closed=True) is None


@pytest.mark.slow
def test_8x8_open_is_35():
    result = longest_uncrossed(Board(8, 8))
    assert result.optimal and result.jumps == 35 and uncrossed_error(Board(8, 8), result.path) is None


@pytest.mark.slow
def test_8x8_closed_is_32():
    result = longest_uncrossed(Board(8, 8), closed=True)
    assert result.optimal and result.jumps == 32 and uncrossed_error(Board(8, 8), result.path, closed=True) is None


@settings(max_examples=30, deadline=None)
@given(st.integers(1, 4), st.integers(1, 5), st.booleans())
def test_agrees_with_brute_force_and_engines_agree(rows, cols, closed):
    board = Board(rows, cols)
    python = longest_uncrossed(board, closed=closed, engine="python")
    numba = longest_uncrossed(board, closed=closed, engine="numba")
    assert python.jumps == numba.jumps == brute_force(rows, cols, closed)
    assert (python.path, python.stats.counters()) == (numba.path, numba.stats.counters())
    if python.jumps:
        assert uncrossed_error(board, python.path, closed) is None


@pytest.mark.parametrize(("rows", "cols"), [(5, 6), (6, 5), (2, 33), (3, 22)])
def test_engines_agree_on_rectangles_and_boards_over_64_squares(rows, cols):
    python = longest_uncrossed(Board(rows, cols), engine="python")
    numba = longest_uncrossed(Board(rows, cols), engine="numba")
    assert (python.jumps, python.path, python.stats.counters()) == (numba.jumps, numba.path, numba.stats.counters())


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 128).flatmap(lambda rows: st.tuples(st.just(rows), st.integers(1, 128 // rows))), st.booleans())
def test_engines_agree_on_every_shape_of_at_most_128_squares(shape, closed):
    # the numba engine's bound on bit sets of one word (at most 64 squares) or two, each knight
    # direction a shift of the squares' bits (or, on 2×33 to 4×32, square by square)
    python, numba = (
        longest_uncrossed(Board(*shape), closed=closed, engine=engine, limits=Limits(nodes=3_000))
        for engine in ("python", "numba")
    )
    assert python.status == numba.status
    assert (python.path, python.stats.counters()) == (numba.path, numba.stats.counters())


@pytest.mark.parametrize(
    ("rows", "cols", "closed", "nodes"),
    [(9, 9, False, 20_000), (9, 9, True, 20_000), (5, 13, False, 20_000), (8, 16, True, 20_000),
     (3, 40, False, 20_000), (11, 12, True, 5_000), (16, 16, False, 5_000), (17, 16, False, 3_000)],
)  # fmt: skip
def test_engines_agree_where_the_bound_takes_several_words(rows, cols, closed, nodes):
    # 65 to 256 squares: the numba engine's bound on bit sets of two words by direction (up to
    # 128 squares, each move a step under 64: not 3×40), else of 2 to 4 words square by square
    # (272: on arrays)
    python, numba = (
        longest_uncrossed(Board(rows, cols), closed=closed, engine=engine, limits=Limits(nodes=nodes))
        for engine in ("python", "numba")
    )
    assert python.status == numba.status == Status.LIMIT
    assert (python.path, python.stats.counters()) == (numba.path, numba.stats.counters())


@pytest.mark.parametrize(("n", "closed"), [(5, False), (6, False), (6, True), (7, True)])
def test_beat_finds_the_longest_path_above_it_or_proves_there_is_none(n, closed):
    """Holding the optimum J from its start, the search proves that none is longer (status
    none, no path) in both engines with the same counters; holding J - 1 it finds a path of J."""
    board, jumps = Board(n, n), (CLOSED_A157416 if closed else OPEN_A003192)[n]
    engines = ("python", "numba") if n < 7 else ("numba",)
    proofs = [longest_uncrossed(board, closed=closed, engine=engine, beat=jumps) for engine in engines]
    assert all((proof.status, proof.path, proof.jumps, proof.beat) == (Status.NONE, [], 0, jumps) for proof in proofs)
    assert len({proof.stats.counters() for proof in proofs}) == 1
    assert proofs[0].stats.nodes < longest_uncrossed(board, closed=closed).stats.nodes
    for method in ("bound", "parallel"):
        found = longest_uncrossed(board, closed=closed, method=method, beat=jumps - 1)
        assert (found.status, found.jumps) == (Status.FOUND, jumps)
        assert uncrossed_error(board, found.path, closed) is None
    parallel = longest_uncrossed(board, closed=closed, method="parallel", workers=2, beat=jumps)
    assert (parallel.status, parallel.path) == (Status.NONE, [])


def test_a_limit_keeps_the_best_path_so_far(engine):
    result = longest_uncrossed(Board(8, 8), engine=engine, limits=Limits(nodes=5000))
    assert result.status == Status.LIMIT and not result.optimal
    assert result.jumps > 10 and uncrossed_error(Board(8, 8), result.path) is None


@settings(max_examples=25, deadline=None)
@given(st.integers(1, 6), st.integers(1, 6), st.booleans(), st.integers(1, 2))
def test_method_parallel_finds_what_the_bound_finds(rows, cols, closed, workers):
    """The sub-trees share their best length as they go: the same length as the sequential
    search (its path may differ), a checked path, every sub-tree finished."""
    board = Board(rows, cols)
    parallel = longest_uncrossed(board, closed=closed, method="parallel", workers=workers)
    assert parallel.status == Status.FOUND and parallel.split["done"] == parallel.split["total"]
    assert parallel.jumps == longest_uncrossed(board, closed=closed).jumps
    if parallel.jumps:
        assert uncrossed_error(board, parallel.path, closed) is None


@pytest.mark.parametrize(("n", "closed", "jumps"), [(7, False, 24), (7, True, 24)])
def test_method_parallel_on_two_processes(n, closed, jumps):
    result = longest_uncrossed(Board(n, n), closed=closed, method="parallel", workers=2)
    assert (result.status, result.jumps) == (Status.FOUND, jumps)
    assert uncrossed_error(Board(n, n), result.path, closed) is None


@pytest.mark.parametrize(("workers", "limits"), [(1, Limits(nodes=5000)), (2, Limits(time=1.0))])
def test_method_parallel_stopped_keeps_the_best_path_of_unfinished_subtrees(workers, limits):
    result = longest_uncrossed(Board(8, 8), method="parallel", workers=workers, limits=limits)
    assert result.status == Status.LIMIT and result.split["done"] < result.split["total"]
    assert result.jumps > 10 and uncrossed_error(Board(8, 8), result.path) is None


def test_method_parallel_stops_at_its_limits_and_resumes_from_its_checkpoint(tmp_path):
    saved = tmp_path / "u7.sqlite"
    stopped = longest_uncrossed(
        Board(7, 7), method="parallel", workers=1, checkpoint=saved, limits=Limits(nodes=400_000)
    )
    assert stopped.status == Status.LIMIT and 0 < stopped.split["done"] < stopped.split["total"]
    resumed = longest_uncrossed(Board(7, 7), method="parallel", workers=2, checkpoint=saved)
    assert resumed.status == Status.FOUND and resumed.jumps == 24 and resumed.split["resumed"] == stopped.split["done"]
    assert uncrossed_error(Board(7, 7), resumed.path) is None
    with pytest.raises(InvalidInput, match="another split search"):
        longest_uncrossed(Board(7, 7), closed=True, method="parallel", checkpoint=saved)


def test_method_bound_and_the_python_engine_refuse_what_only_parallel_does():
    with pytest.raises(InvalidInput, match="workers: method bound runs in one process"):
        longest_uncrossed(Board(5, 5), workers=2)
    with pytest.raises(InvalidInput, match="checkpoint: method bound"):
        longest_uncrossed(Board(5, 5), checkpoint="x.sqlite")
    with pytest.raises(InvalidInput, match="workers: 0 must be at least 1"):
        longest_uncrossed(Board(5, 5), method="parallel", workers=0)
    with pytest.raises(InvalidInput, match="'parallel' exists in the numba engine only"):
        longest_uncrossed(Board(5, 5), method="parallel", engine="python")


# -- the estimate: Knuth's probes of the branch and bound's tree ------------------------------------
def tree_size(board, closed, beat):
    """The nodes method bound searches holding a path of `beat` jumps from its first node."""
    proof = longest_uncrossed(board, closed=closed, beat=beat)
    assert proof.status == Status.NONE  # (nothing longer than the known optimum)
    return proof.stats.nodes


@pytest.mark.parametrize(("rows", "cols", "closed"), [(5, 5, False), (6, 6, False), (6, 6, True), (5, 7, False)])
def test_the_estimate_is_unbiased_around_the_trees_true_size(rows, cols, closed):
    board = Board(rows, cols)
    estimate = estimate_uncrossed(board, closed=closed, probes=40_000)
    assert estimate.status == Status.COMPLETE and estimate.probes >= 40_000
    assert estimate.beat == ((CLOSED_A157416 if closed else OPEN_A003192)[rows] if rows == cols else 16)  # 5×7: 16
    exact = tree_size(board, closed, estimate.beat)
    assert estimate.error is not None and estimate.nodes is not None
    assert 0 < estimate.error < 0.05 * exact  # (a seed's estimate: within 4 standard errors, deterministic)
    assert abs(estimate.nodes - exact) < 4 * estimate.error
    assert estimate.seconds == estimate.nodes * estimate.seconds_per_node > 0


def test_the_estimate_takes_the_path_to_beat_and_a_seed():
    board = Board(6, 6)
    smaller = estimate_uncrossed(board, beat=15, probes=2000)
    assert smaller.beat == 15 and smaller.nodes > estimate_uncrossed(board, probes=2000).nodes  # a weaker cut
    assert estimate_uncrossed(board, probes=500, seed=7).nodes == estimate_uncrossed(board, probes=500, seed=7).nodes
    assert estimate_uncrossed(board, probes=500, seed=7).nodes != estimate_uncrossed(board, probes=500, seed=8).nodes
    for keyword, value in (("probes", 0), ("beat", -1), ("seed", 0), ("probes", 2.5)):
        with pytest.raises(InvalidInput, match=f"{keyword}: .* must be a whole number"):
            estimate_uncrossed(board, **{keyword: value})


def test_a_limit_stops_the_estimate_with_what_it_has():
    stopped = estimate_uncrossed(Board(8, 8), probes=10**7, limits=Limits(time=1.5))
    assert stopped.status == Status.LIMIT and 0 < stopped.probes < 10**7
    assert stopped.nodes is not None and "stopped (limit), so far" in str(stopped)  # every start probed
    none = estimate_uncrossed(Board(8, 8), limits=Limits(nodes=100))
    assert none.status == Status.LIMIT and none.nodes is None and "no estimate" in str(none)


def test_the_checker_finds_crossings():
    assert uncrossed_error(Board(3, 3), [(0, 0), (1, 2), (2, 0), (0, 1)]) == "moves 1 and 3 cross"
    assert "not a knight's move" in uncrossed_error(Board(3, 3), [(0, 0), (1, 1)])
    assert "twice" in uncrossed_error(Board(3, 3), [(0, 0), (1, 2), (0, 0)])
    assert "off the" in uncrossed_error(Board(3, 3), [(0, 0), (3, 1)])


def test_cli_json():
    result = invoke(["uncrossed", "6", "--json"])
    document = json.loads(result.stdout)
    assert result.exit_code == 0
    assert set(document) == {"status", "found", "jumps", "path", "optimal", "closed", "method", "engine", "stats"}
    assert (document["jumps"], document["optimal"]) == (17, True)


def test_cli_method_parallel():
    result = invoke(["uncrossed", "6", "--method", "parallel", "--workers", "2", "--json"])
    document = json.loads(result.stdout)
    assert result.exit_code == 0 and (document["jumps"], document["optimal"]) == (17, True)
    assert document["subtrees"]["done"] == document["subtrees"]["total"] > 1
    stopped = invoke(["uncrossed", "8", "--method", "parallel", "--workers", "1", "--node-limit", "3000"])
    assert stopped.exit_code == 3 and "sub-trees finished" in stopped.stdout


def test_cli_beat():
    proof = invoke(["uncrossed", "6", "--beat", "17"])
    assert proof.exit_code == 1 and "no uncrossed path on 6x6 has more than 17 jumps (proved)" in proof.stdout
    document = json.loads(invoke(["uncrossed", "6", "--beat", "16", "--json"]).stdout)
    assert (document["status"], document["jumps"], document["beat"]) == ("found", 17, 16)
    stopped = invoke(["uncrossed", "8", "--beat", "35", "--node-limit", "1000", "--png", "none.png"])
    assert stopped.exit_code == 3 and "no uncrossed path on 8x8 longer than 35 jumps found so far" in stopped.stdout
    assert "nothing to draw" in stopped.stderr


def test_cli_text_and_limit():
    assert "17 jumps (proved optimal)" in invoke(["uncrossed", "6"]).stdout
    result = invoke(["uncrossed", "8", "--node-limit", "1000"])
    assert result.exit_code == 3 and "stopped (limit)" in result.stdout


def test_cli_estimate():
    result = invoke(["uncrossed", "6", "--estimate", "--probes", "3000", "--json"])
    document = json.loads(result.stdout)
    assert result.exit_code == 0 and document["beat"] == 17 and document["probes"] >= 3000
    assert document["projected_seconds"] == pytest.approx(document["nodes"] * document["seconds_per_node"])
    text = invoke(["uncrossed", "7", "--closed", "--estimate", "--beat", "24"]).stdout
    assert "no closed uncrossed path on 7x7 has more than 24 jumps: about" in text and "on one core" in text


@pytest.mark.parametrize(
    ("args", "message"),
    [(["0"], "board size"), (["6", "--engine", "gpu"], "engine"), (["6", "--workers", "2"], "use method parallel"),
     (["6", "--method", "sideways"], "method"), (["6", "--beat", "-3"], "beat: -3 must be"),
     (["6", "--estimate", "--method", "parallel"], "method bound's search"),
     (["6", "--estimate", "--png", "u.png"], "draws no path"), (["6", "--estimate", "--probes", "0"], "probes: 0")],
)  # fmt: skip
def test_cli_bad_input(args, message):
    result = invoke(["uncrossed", *args])
    assert result.exit_code == 2 and message in result.stderr


@pytest.mark.parametrize(("size", "closed"), [(4, False), (5, False), ("4x6", True), (3, False)])
def test_a_watched_branch_and_bound_has_the_answer_and_counters_of_both_engines(size, closed):
    from essais.uncrossed import is_uncrossed, watch_uncrossed

    replay = watch_uncrossed(size, closed=closed)
    assert replay.result == longest_uncrossed(size, closed=closed) == longest_uncrossed(size, closed=closed,
                                                                                         engine="python")  # fmt: skip
    assert replay.log.complete and is_uncrossed(replay.result.board, replay.result.path, closed)
    placed, erased, refused = event_tally(replay.log)  # each square placed is taken back
    starts = sum(
        value == 1
        for square, value in zip(replay.log.squares, replay.log.values, strict=True)
        if square != replay.log.CALL
    )
    assert placed == erased and refused == replay.stats.tries - (placed - starts)  # a try refused, or a call
    jumps = [score for _, _, score in replay.log.best]  # each better path: longer, in order
    assert jumps == sorted(set(jumps)) and jumps[-1] == replay.result.jumps
    assert [replay.result.board.square(s) for s in replay.log.best[-1][1]] == list(replay.result.path)


def test_the_command_line_replays_the_branch_and_bound(tmp_path):
    page = tmp_path / "u.html"
    result = invoke(["uncrossed", "5", "--animate", str(page), "--json"])
    assert (
        result.exit_code == 0 and json.loads(result.stdout)["animate"] == str(page) and '"best":[[' in page.read_text()
    )
    refused = invoke(["uncrossed", "5", "--method", "parallel", "--animate", str(page)])
    assert refused.exit_code == 2 and "--animate: one search in the python engine" in refused.stderr
