"""Method frontier: every count equals prune's (open and closed, from a start and over the
whole board, for the knight and other leapers) and the published counts, exact past 2**64."""

import json
import os
import shutil
import signal
import subprocess
import sys
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from essais.core.board import Board, make_moves
from essais.core.errors import InvalidInput
from essais.core.result import Status
from essais.knights import TourProblem, count_tours, estimate_tour_count
from essais.knights.frontier import plan as frontier_plan
from essais.knights.frontier import project_layers
from essais.knights.frontier import spill as frontier_spill
from essais.knights.frontier.plan import count_bound_bits, join_residues, moduli_for, neighbours_in, plan_frontier
from essais.knights.searches import faster_count_method
from essais.knights.tables import count_every_start

SMALL_BOARDS = [(r, c) for r in range(1, 6) for c in range(r, 31) if r * c <= 30]


def frontier(r, c, closed=False, start=(0, 0), moves=None, whole_board=False):
    problem = TourProblem.make(Board(r, c), start, moves, closed)
    return count_tours(problem, method="frontier", whole_board=whole_board)


def prune_table(r, c, closed, moves=None):
    problem = TourProblem.make(Board(r, c), moves=moves, closed=closed)
    return count_every_start(problem, method="prune")


def leaper(a, b):
    return sorted({(sa * x, sb * y) for x, y in ((a, b), (b, a)) for sa in (1, -1) for sb in (1, -1)})


def check_against_prune(r, c, closed, moves=None):
    """The whole board's count and every start's count equal prune's table of every start."""
    table = prune_table(r, c, closed, moves)
    whole = frontier(r, c, closed, moves=moves, whole_board=True)
    assert whole.status == Status.COMPLETE
    assert whole.count == table.total, (r, c, closed, moves)
    for row in table.rows:
        assert frontier(r, c, closed, row.start, moves).count == row.result.count, (r, c, closed, row.start)


@pytest.mark.parametrize("closed", [False, True], ids=["open", "closed"])
@pytest.mark.parametrize(("r", "c"), SMALL_BOARDS, ids=[f"{r}x{c}" for r, c in SMALL_BOARDS])
def test_frontier_equals_prune_on_every_knight_board_of_at_most_30_squares(r, c, closed):
    check_against_prune(r, c, closed)


LEAPS = st.tuples(st.integers(0, 3), st.integers(1, 3))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(1, 5), st.integers(1, 6), LEAPS, st.booleans())
def test_frontier_equals_prune_for_leapers_of_reach_three(r, c, leap, closed):
    check_against_prune(r, c, closed, leaper(*leap))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(1, 3), st.integers(1, 4), st.lists(LEAPS, min_size=2, max_size=2, unique=True), st.booleans())
def test_frontier_equals_prune_for_two_leapers_together(r, c, leaps, closed):
    """(on boards of at most 12 squares: a king's tours from every start of 30 squares take
    prune too long)"""
    check_against_prune(r, c, closed, sorted({move for leap in leaps for move in leaper(*leap)}))


# Published counts (OEIS), n = 1, 2, ... Each says whether it counts directed or undirected tours.
A175881 = [0, 0, 0, 0, 8, 9862, 1067638, 55488142, 3374967940, 239187240144, 15360134570696,
           964730606632516, 61989683445413228, 4005716717182224826, 255967892553030600920]  # fmt: skip
# closed tours of 6 x n, undirected (a(15) is above 2**64)
A079137 = [0, 0, 8, 0, 82, 744, 6378, 31088, 189688, 1213112, 6683852, 36486328]  # open 4 x n, undirected
A083386_FROM_4 = [82, 864, 18784, 622868, 18061054, 264895640]  # open 5 x n, n = 4..9, undirected
# (A083386(n) = A389755(5n), Knuth's count of Hamiltonian paths on the first cells of a 5-row board)
A175855_FROM_3 = [8, 44202, 13311268, 4557702762, 1495135512514]  # closed 5 x 2n, n = 3..7, undirected
# (the full boards of A383661, closed tours on the first 2n cells of a 5-row board)


def a169764(n_max):
    """A169764 (closed tours of 3 x n, undirected; = A070030 at even n), n = 1..n_max, from the
    generating function Knuth gave (OEIS A169764), expanded as a power series."""
    top = {10: 16, 12: 80, 14: -544, 16: -1856, 18: 8080, 20: 9856, 22: -50864, 24: -64, 26: 152576,
           28: -130816, 30: -214272, 32: 245760, 34: 222208, 36: 44544, 38: -53248, 40: -352256, 42: 81920,
           44: 32768}  # fmt: skip
    bottom = {0: 1, 2: -6, 4: -64, 6: 200, 8: 1000, 10: -3016, 12: -3488, 14: 24256, 16: -23776, 18: -104168,
              20: 203408, 22: 184704, 24: -443392, 26: -14336, 28: 151296, 30: -145920, 32: 263424,
              34: -317440, 36: -36864, 38: 966656, 40: -573440, 42: -131072}  # fmt: skip
    series = [0] * (n_max + 1)
    for n in range(n_max + 1):
        series[n] = top.get(n, 0) - sum(bottom[k] * series[n - k] for k in bottom if 0 < k <= n)
    return series[1:]


def test_the_generating_function_gives_the_published_start_of_a070030():
    assert a169764(24)[9::2] == [16, 176, 1536, 15424, 147728, 1448416, 14060048, 136947616]


@pytest.mark.parametrize("n", range(1, 9))
def test_closed_tours_of_6xn_are_a175881(n):
    assert frontier(6, n, closed=True, whole_board=True).undirected == A175881[n - 1]


@pytest.mark.parametrize("n", range(1, 13))
def test_open_tours_of_4xn_are_a079137(n):
    assert frontier(4, n, whole_board=True).undirected == A079137[n - 1]


@pytest.mark.parametrize("n", range(4, 8))
def test_open_tours_of_5xn_are_a083386(n):
    assert frontier(5, n, whole_board=True).undirected == A083386_FROM_4[n - 4]


@pytest.mark.parametrize("n", range(3, 6))
def test_closed_tours_of_5x2n_are_a175855(n):
    assert frontier(5, 2 * n, closed=True, whole_board=True).undirected == A175855_FROM_3[n - 3]


def test_closed_tours_of_long_3xn_boards_pass_2_to_the_64():
    published = a169764(60)
    assert published[59] > 2**64
    for n in (10, 31, 48, 60):
        assert frontier(3, n, closed=True, whole_board=True).undirected == published[n - 1]


@pytest.mark.slow
@pytest.mark.parametrize("n", range(9, 16))
def test_closed_tours_of_6xn_are_a175881_up_to_6x15_above_2_to_the_64(n):
    assert frontier(6, n, closed=True, whole_board=True).undirected == A175881[n - 1]
    assert A175881[14] > 2**64


@pytest.mark.slow
@pytest.mark.parametrize("n", [8, 9])
def test_open_tours_of_5x8_and_5x9_are_a083386(n):
    assert frontier(5, n, whole_board=True).undirected == A083386_FROM_4[n - 4]


def test_the_published_counts():
    assert frontier(5, 5, whole_board=True).directed == 1728  # A165134
    assert frontier(5, 5).count == 304  # from a corner
    six = frontier(6, 6, closed=True)
    assert (six.count, six.undirected) == (19724, 9862)
    whole = frontier(6, 6, closed=True, whole_board=True)
    assert (whole.undirected, whole.directed, whole.count) == (9862, 19724, 36 * 19724)


def test_the_moduli_exceed_the_bound_and_join_exactly():
    joined = neighbours_in(tuple(Board(8, 8).squares()), Board(8, 8), make_moves())
    bits = count_bound_bits(joined, paths=True)
    moduli = moduli_for(bits)
    product = 1
    for modulus in moduli:
        product *= modulus
    assert product > 2**bits and len(set(moduli)) == len(moduli)
    value = 255967892553030600920
    assert join_residues([value % m for m in moduli], moduli) == value


def test_a_move_set_without_reverses_or_too_wide_a_frontier_is_refused_before_any_work():
    with pytest.raises(InvalidInput, match="reverse of each move"):
        plan_frontier(Board(5, 5), [(1, 2), (2, 1)], closed=False, start=None)
    with pytest.raises(InvalidInput, match="too many to pack"):
        plan_frontier(Board(12, 12), make_moves(), closed=True, start=None)


def test_the_whole_board_needs_method_frontier():
    with pytest.raises(InvalidInput, match="count the whole board with frontier"):
        count_tours(TourProblem.make(Board(5, 5)), method="prune", whole_board=True)
    assert count_tours(TourProblem.make(Board(5, 5)), whole_board=True).method == "frontier"


def test_a_stopped_sweep_has_no_count_but_says_how_far_it_got():
    result = count_tours(TourProblem.make(Board(6, 6)), method="frontier", node_limit=1000)
    assert result.status == Status.LIMIT and not result.known
    assert result.to_dict()["count"] is None
    assert 0 < result.stats.steps < 36 and result.stats.nodes >= 1000
    assert "no count" in result.headline()


def test_the_command_line_counts_the_whole_board_and_says_which_number_is_which(cli):
    result = cli(["tour", "6", "--closed", "--count", "--every-start", "--method", "frontier", "--json"])
    document = json.loads(result.stdout)
    assert result.exit_code == 0
    assert (document["undirected"], document["directed"], document["count"]) == (9862, 19724, 710064)
    assert document["stats"]["steps"] == document["stats"]["of_steps"] == 36
    text = cli(["tour", "5", "--count", "--every-start", "--method", "frontier"]).stdout
    assert text.startswith("1,728 directed tours, 864 undirected on 5x5 from every start (frontier, numba)")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["tour", "6", "--method", "frontier"], "counts tours without finding one"),
        (["tour", "6", "--all", "--method", "frontier"], "without listing them"),
        (["tour", "6", "--count", "--method", "frontier", "--engine", "python"], "numba engine only"),
        (
            ["tour", "6", "--count", "--method", "frontier", "--scheduler", "tcp://x:1", "--checkpoint", "k"],
            "keeps its states there",
        ),
        (["tour", "5", "--count", "--method", "frontier", "--moves", "1,2"], "reverse of each move"),
        (["tour", "6", "--estimate"], "--count --method frontier"),
    ],
)
def test_the_command_line_refuses_what_frontier_does_not_do(cli, args, message):
    result = cli(args)
    assert result.exit_code == 2 and message in result.stderr and len(result.stderr.splitlines()) == 1


def test_a_stopped_sweep_exits_3_with_no_count(cli):
    result = cli(["tour", "6", "--count", "--method", "frontier", "--node-limit", "500", "--json"])
    assert result.exit_code == 3 and json.loads(result.stdout)["count"] is None


def test_an_estimate_of_a_sweep_that_ends_in_time_is_the_sweep_itself():
    estimate = estimate_tour_count(TourProblem.make(Board(6, 6), closed=True), whole_board=True)
    count = frontier(6, 6, closed=True, whole_board=True)
    assert estimate.complete and estimate.peak_states == count.stats.peak_states
    assert estimate.states == count.stats.nodes


def test_an_estimate_projects_the_steps_it_did_not_run():
    estimate = estimate_tour_count(TourProblem.make(Board(6, 10), closed=True), whole_board=True, node_limit=300_000)
    assert not estimate.complete and len(estimate.layers) < 60
    assert estimate.peak_states >= max(estimate.layers) and estimate.states > sum(estimate.layers)
    assert estimate.seconds > 0 and estimate.peak_bytes > 0


def test_the_projection_grows_each_row_less_than_the_one_before():
    layers = [1] * 6 + [10] * 6 + [100] * 6  # three rows of six steps
    projected = project_layers(layers, 6, 36)
    assert projected[:18] == layers and len(projected) == 36
    rows = [max(projected[i : i + 6]) for i in range(0, 36, 6)]
    assert rows[3] / rows[2] < 10 and rows[4] / rows[3] < rows[3] / rows[2] and rows[5] == rows[4]


@pytest.mark.parametrize("workers", [1, 2])
def test_a_sweep_stopped_with_a_checkpoint_resumes_to_the_same_count_and_counters(tmp_path, workers):
    problem = TourProblem.make(Board(6, 7), closed=True)
    fresh = count_tours(problem, method="frontier", whole_board=True)
    stopped = count_tours(problem, method="frontier", whole_board=True, node_limit=400_000, checkpoint=tmp_path,
                          workers=workers)  # fmt: skip
    assert stopped.status == Status.LIMIT and (tmp_path / "frontier.json").exists()
    resumed = count_tours(problem, method="frontier", whole_board=True, checkpoint=tmp_path, workers=workers)
    assert resumed.stats.resumed_steps == stopped.stats.steps > 0
    assert resumed.count == fresh.count
    assert (resumed.stats.nodes, resumed.stats.tries) == (fresh.stats.nodes, fresh.stats.tries)
    again = count_tours(problem, method="frontier", whole_board=True, checkpoint=tmp_path)
    assert again.count == fresh.count and again.stats.resumed_steps == 42  # finished: read at once


def test_a_checkpoint_of_another_count_or_a_damaged_one_is_refused(tmp_path):
    count_tours(TourProblem.make(Board(5, 6)), method="frontier", node_limit=20_000, checkpoint=tmp_path)
    with pytest.raises(InvalidInput, match="holds another count"):
        count_tours(TourProblem.make(Board(5, 6), closed=True), method="frontier", checkpoint=tmp_path)
    (table,) = tmp_path.glob("step-*.npy")
    data = bytearray(table.read_bytes())
    data[-1] ^= 1
    table.write_bytes(bytes(data))
    with pytest.raises(InvalidInput, match="damaged"):
        count_tours(TourProblem.make(Board(5, 6)), method="frontier", checkpoint=tmp_path)


KILLED_RUN = """
import sys
from essais.core.board import Board
from essais.knights import TourProblem
from essais.knights.frontier import frontier_count
frontier_count(TourProblem.make(Board(6, 9), closed=True), True, None, checkpoint=sys.argv[1], checkpoint_every=0)
"""


def test_a_sweep_killed_hard_resumes_from_its_checkpoint(tmp_path):
    run = subprocess.Popen([sys.executable, "-c", KILLED_RUN, str(tmp_path)])
    meta = tmp_path / "frontier.json"
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and not (meta.exists() and json.loads(meta.read_text())["steps"] >= 30):
        time.sleep(0.05)
    os.kill(run.pid, signal.SIGKILL)
    run.wait()
    steps = json.loads(meta.read_text())["steps"]
    assert 30 <= steps < 54
    resumed = count_tours(TourProblem.make(Board(6, 9), closed=True), method="frontier", whole_board=True,
                          checkpoint=tmp_path)  # fmt: skip
    assert resumed.undirected == A175881[8] and resumed.stats.resumed_steps >= steps


@pytest.mark.parametrize(
    ("size", "closed", "method"),
    [
        ("6x7", True, "frontier"),
        ("6", True, "prune"),
        ("5x8", False, "frontier"),
        ("6", False, "prune"),
        ("7x8", False, "prune"),
    ],  # fmt: skip
)
def test_a_count_with_no_method_runs_the_faster_of_prune_and_frontier(size, closed, method):
    problem = TourProblem.make(Board.parse(size), closed=closed)
    assert faster_count_method(problem, False) == (None if method == "prune" else method)
    if size != "7x8":
        assert count_tours(problem).method == method


def test_a_count_with_a_checkpoint_file_keeps_prune(tmp_path):
    problem = TourProblem.make(Board(6, 7), closed=True)
    assert count_tours(problem, checkpoint=tmp_path / "c.sqlite", node_limit=10_000).method == "prune"


@pytest.mark.parametrize("threads", [2, 4])
@pytest.mark.parametrize(("r", "c", "closed", "start"), [(6, 6, True, None), (5, 6, False, None), (5, 6, False, (0, 1)),
                                                        (6, 8, True, None)])  # fmt: skip
def test_a_sweep_on_threads_gives_the_same_count_and_counters(r, c, closed, start, threads):
    problem = TourProblem.make(Board(r, c), start or (0, 0), closed=closed)
    alone = count_tours(problem, method="frontier", whole_board=start is None)
    shared = count_tours(problem, method="frontier", whole_board=start is None, workers=threads)
    assert shared.count == alone.count
    assert (shared.stats.nodes, shared.stats.tries, shared.stats.peak_states) == (
        alone.stats.nodes, alone.stats.tries, alone.stats.peak_states,
    )  # fmt: skip


def test_a_sweep_on_threads_stops_at_its_limit_and_wraps_like_one(monkeypatch):
    stopped = count_tours(TourProblem.make(Board(6, 8), closed=True), method="frontier", workers=2, node_limit=50_000)
    assert stopped.status == Status.LIMIT and not stopped.known and stopped.stats.nodes >= 50_000
    monkeypatch.setattr(frontier_plan, "WORD_SLOTS", 0)
    published = a169764(60)[59]
    assert count_tours(TourProblem.make(Board(3, 60), closed=True), method="frontier", workers=2,
                       whole_board=True).undirected == published  # fmt: skip


def test_a_count_in_64_bit_words_that_wraps_is_counted_again_modulo_primes(monkeypatch):
    """Boards 7 and 8 wide count in 64-bit words first (a third less memory); here every board
    does, so that a count above 2**64 (closed tours of 3 x 60) wraps and is counted again."""
    monkeypatch.setattr(frontier_plan, "WORD_SLOTS", 0)
    assert plan_frontier(Board(6, 8), make_moves(), closed=True, start=None).moduli == (0,)
    assert frontier(6, 8, closed=True, whole_board=True).undirected == A175881[7]
    published = a169764(60)[59]
    assert published > 2**64
    assert frontier(3, 60, closed=True, whole_board=True).undirected == published


def test_a_table_of_every_start_points_to_the_whole_board_count():
    with pytest.raises(InvalidInput, match="whole_board=True"):
        count_every_start(TourProblem.make(Board(5, 5)), method="frontier")


@pytest.mark.parametrize("workers", [1, 2])
def test_a_sweep_over_the_memory_limit_goes_through_the_disk_to_the_same_count_and_counters(tmp_path, workers):
    problem = TourProblem.make(Board(6, 6), closed=True)
    fresh = count_tours(problem, method="frontier", whole_board=True)
    spilled = count_tours(problem, method="frontier", whole_board=True, memory_limit="10M", spill=tmp_path,
                          workers=workers)  # fmt: skip
    assert spilled.undirected == A175881[5] == fresh.undirected
    assert (spilled.stats.nodes, spilled.stats.tries, spilled.stats.peak_states) == (
        fresh.stats.nodes, fresh.stats.tries, fresh.stats.peak_states,
    )  # fmt: skip
    assert fresh.stats.peak_disk == 0 < spilled.stats.peak_disk
    assert spilled.stats.peak_bytes <= 10 << 20 < fresh.stats.peak_bytes
    assert list(tmp_path.iterdir()) == []  # the folder it spilled to is gone


def test_a_spilled_sweep_stopped_with_a_checkpoint_resumes_to_the_same_count_and_counters(tmp_path):
    problem = TourProblem.make(Board(6, 7), closed=True)
    fresh = count_tours(problem, method="frontier", whole_board=True)
    options = {"method": "frontier", "whole_board": True, "memory_limit": "12M", "spill": tmp_path / "spill",
               "checkpoint": tmp_path / "kept"}  # fmt: skip
    stopped = count_tours(problem, node_limit=400_000, **options)
    assert stopped.status == Status.LIMIT and len(list((tmp_path / "kept").glob("step-*-*.npy"))) > 1
    resumed = count_tours(problem, **options)
    assert resumed.stats.resumed_steps == stopped.stats.steps > 0 and resumed.stats.peak_disk > 0
    assert resumed.count == fresh.count
    assert (resumed.stats.nodes, resumed.stats.tries) == (fresh.stats.nodes, fresh.stats.tries)


def test_a_step_the_disk_cannot_hold_or_the_memory_limit_cannot_fit_is_refused_with_its_size(tmp_path, monkeypatch):
    problem = TourProblem.make(Board(6, 6), closed=True)
    with pytest.raises(InvalidInput, match=r"^memory: step \d+ of 36 of the frontier count needs about"):
        count_tours(problem, method="frontier", whole_board=True, memory_limit="2M", spill=tmp_path)
    monkeypatch.setattr(frontier_spill.shutil, "disk_usage", lambda path: shutil._ntuple_diskusage(10**12, 0, 1000))
    with pytest.raises(InvalidInput, match=r"^disk: step \d+ of 36 of the frontier count needs about .* free"):
        count_tours(problem, method="frontier", whole_board=True, memory_limit="10M", spill=tmp_path)


def test_the_command_line_names_the_folder_a_count_spills_to(cli, tmp_path):
    spill = ["--spill", str(tmp_path)]
    out = cli(["tour", "6", "--closed", "--count", "--every-start", "--method", "frontier", "--memory-limit", "10M",
               "--json", *spill])  # fmt: skip
    assert out.exit_code == 0 and json.loads(out.stdout)["stats"]["peak_disk"] > 0
    refused = cli(["tour", "6", "--count", "--method", "prune", *spill])
    assert refused.exit_code == 2 and "--spill: it is where a frontier count" in refused.stderr


def test_a_sweep_on_a_local_dask_cluster_gives_the_same_count_and_counters():
    problem = TourProblem.make(Board(5, 6))
    alone = count_tours(problem, method="frontier", whole_board=True)
    cluster = count_tours(problem, method="frontier", whole_board=True, scheduler="local", workers=2)
    assert cluster.count == alone.count == 37_568
    assert (cluster.stats.nodes, cluster.stats.tries, cluster.stats.peak_states, cluster.stats.steps) == (
        alone.stats.nodes, alone.stats.tries, alone.stats.peak_states, alone.stats.steps,
    )  # fmt: skip


def test_an_estimate_says_when_the_count_would_go_through_the_disk():
    problem = TourProblem.make(Board(6, 8), closed=True)
    roomy = estimate_tour_count(problem, whole_board=True, time_limit=1)
    tight = estimate_tour_count(problem, whole_board=True, time_limit=1, memory_limit="30M")
    assert roomy.disk_bytes == 0 and tight.peak_bytes > tight.memory == 30 << 20 and tight.disk_bytes > 0
    assert "through the disk" in tight.headline() and tight.to_dict()["disk_bytes"] == tight.disk_bytes
