"""The longest uncrossed knight's path: found and proved optimal by branch and bound.

Examples
--------
>>> from essais.core.board import Board, SquarePath, as_board
>>> result = longest_uncrossed(Board(5, 5), engine="python")
>>> result.jumps, result.optimal
(10, True)
"""

from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path

from essais.core.board import Board, as_board
from essais.core.engine import check_memory, run_search
from essais.core.errors import InvalidInput
from essais.core.limits import Limits, limits_from
from essais.core.parallel import Progress, default_workers
from essais.core.result import Stats, Status
from essais.uncrossed.model import (
    BYTES_PER_SQUARE,
    MAX_SQUARES,
    METHODS,
    KnightGraph,
    UncrossedEstimate,
    UncrossedResult,
    closed_plan,
    search_plan,
)
from essais.uncrossed.parallel import parallel_search
from essais.uncrossed.searches import best_path_result, compiled_search, make_search


def longest_uncrossed(
    board: Board | int | str | tuple[int, int],
    *,
    closed: bool = False,
    method: str | None = None,
    engine: str | None = None,
    limits: Limits | None = None,
    time_limit: float | None = None,
    node_limit: int | None = None,
    memory_limit: int | str | None = None,
    workers: int | None = 1,
    checkpoint: str | Path | None = None,
    progress: Progress | None = None,
    beat: int | None = None,
) -> UncrossedResult:
    """The longest uncrossed knight's path on the board, proved optimal unless a limit or
    Ctrl-C stops the search first (then the best path so far, `optimal` false). Method
    `parallel` runs the search's sub-trees on `workers` processes (default: every core),
    recorded in `checkpoint` (an SQLite file) when one is named; `progress(done, total)`.

    With `beat`, the search holds from its start a path of that many jumps (one known already,
    say): it looks only for longer ones, which prunes from the first node, and either finds the
    longest (`optimal`) or proves that none is longer (status NONE, no path): the tree
    `estimate_uncrossed(beat=…)` estimates."""
    limits = limits_from(limits, time_limit, node_limit, memory_limit)
    method, engine = METHODS.resolve(method, engine)
    board = _check_board(board)
    _check_whole("beat", beat, 0)
    if method == "bound" and (workers not in (None, 1) or checkpoint is not None):
        name = "workers" if workers not in (None, 1) else "checkpoint"
        raise InvalidInput(f"{name}: method bound runs in one process, from its start; use method parallel")
    processes = 1 if method == "bound" else default_workers() if workers is None else workers
    if processes < 1:
        raise InvalidInput(f"workers: {workers} must be at least 1")
    memory = BYTES_PER_SQUARE * board.n_squares * processes  # (a search in each process)
    check_memory(memory, f"the uncrossed paths of the {board} board", limits)
    plan = closed_plan(board) if closed else search_plan(board)
    if method == "parallel":
        return parallel_search(board, closed, plan, limits, processes, checkpoint, progress, beat).ran(method, engine)
    run = run_search(
        limits,
        lambda control: make_search(KnightGraph.of(board, control.check_setup), closed, engine, control, beat or 0),
        lambda search: search.run(plan),
    )
    best = run.engine.best if run.engine is not None else []  # (no engine: stopped while it was made)
    return best_path_result(board, closed, plan, run.stopped or Status.FOUND, best, run.stats, beat).ran(method, engine)


# The search an estimate runs first, to find a path to beat and to measure the speed per node
PILOT_NODES = 2_000_000


def estimate_uncrossed(
    board: Board | int | str | tuple[int, int],
    *,
    closed: bool = False,
    beat: int | None = None,
    probes: int = 20_000,
    seed: int = 1,
    limits: Limits | None = None,
    time_limit: float | None = None,
    node_limit: int | None = None,
    memory_limit: int | str | None = None,
) -> UncrossedEstimate:
    """How large method bound's search is, before it is run: Knuth's estimator (D. E. Knuth,
    "Estimating the efficiency of backtrack programs", Math. Comp. 29, 1975) on the tree it
    searches while it holds a path of `beat` jumps (proving that none is longer), by default
    the longest path a first search of PILOT_NODES nodes finds, which also measures the speed.
    `probes` random walks down the tree, shared among the starts of the plan; the same `seed`
    gives the same estimate. The numba engine; the time limit counts the first search too (it
    takes half of it at most); `stats` are the probes' (nodes: those they visited)."""
    limits = limits_from(limits, time_limit, node_limit, memory_limit)
    board = _check_board(board)
    for name, value, least in (("probes", probes, 1), ("beat", beat, 0), ("seed", seed, 1)):
        _check_whole(name, value, least)
    check_memory(BYTES_PER_SQUARE * board.n_squares, f"the uncrossed paths of the {board} board", limits)
    limits = limits or Limits()
    if limits.started is None:
        limits = limits.from_now()
    # the first search: at most PILOT_NODES nodes and half the time limit (the probes have the rest)
    pilot_nodes, pilot_time = min(PILOT_NODES, limits.nodes or PILOT_NODES), limits.time and limits.time / 2
    pilot = longest_uncrossed(board, closed=closed, limits=replace(limits, nodes=pilot_nodes, time=pilot_time))
    speed = pilot.stats.seconds / max(pilot.stats.nodes, 1)
    beat = pilot.jumps if beat is None else beat
    plan = closed_plan(board) if closed else search_plan(board)
    per_start = max(2, math.ceil(probes / len(plan)))
    if pilot.status == Status.INTERRUPTED:
        return UncrossedEstimate(pilot.status, board, closed, beat, None, None, 0, speed, Stats())  # (no probe yet)
    run = run_search(
        limits,
        lambda control: compiled_search(KnightGraph.of(board, control.check_setup), closed, control, 0),
        lambda search: search.probe(plan, beat, per_start, seed),
    )
    moments = run.engine.moments if run.engine is not None else []
    count = sum(made for made, _, _ in moments)
    if len(moments) < len(plan) or min(made for made, _, _ in moments) < 2:
        return UncrossedEstimate(run.stopped or Status.LIMIT, board, closed, beat, None, None, count, speed, run.stats)
    # the starts' trees add up, and so do the variances of their means
    nodes = sum(mean for _, mean, _ in moments)
    error = math.sqrt(sum(squares / (made - 1) / made for made, _, squares in moments))
    status = Status.COMPLETE if run.stopped is None else run.stopped
    return UncrossedEstimate(status, board, closed, beat, nodes, error, count, speed, run.stats)


def _check_board(size: Board | int | str | tuple[int, int]) -> Board:
    """The board asked for (a Board, or a size as a user types it), if the search takes it."""
    board = as_board(size)
    if board.n_squares > MAX_SQUARES:
        raise InvalidInput(
            f"board: {board} has {board.n_squares:,} squares; the search takes boards of at most {MAX_SQUARES:,}"
        )
    return board


def _check_whole(name: str, value: object, least: int) -> None:
    """A whole number (when given), at least `least`."""
    if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < least):
        raise InvalidInput(f"{name}: {value!r} must be a whole number, at least {least}")
