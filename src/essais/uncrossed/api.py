"""The longest uncrossed knight's path (SPEC §2.3): found and proved optimal by branch and bound.

>>> from essais.core.board import Board, SquarePath
>>> result = longest_uncrossed(Board(5, 5), engine="python")
>>> result.jumps, result.optimal
(10, True)
"""

from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from essais.core.board import Board, SquarePath
from essais.core.engine import check_memory, loading_compiled, run_search
from essais.core.errors import InvalidInput
from essais.core.limits import Limits, SearchControl, SearchStopped, limits_from
from essais.core.parallel import Progress, TaskResult, default_workers, run_split
from essais.core.result import Stats, Status
from essais.uncrossed.model import (
    BYTES_PER_SQUARE,
    MAX_SQUARES,
    METHODS,
    KnightGraph,
    Plan,
    UncrossedEstimate,
    UncrossedResult,
    UncrossedSearch,
    closed_plan,
    path_jumps,
    search_plan,
)
from essais.uncrossed.textbook import TextbookUncrossed

if TYPE_CHECKING:
    from essais.uncrossed.compiled import CompiledUncrossed


def longest_uncrossed(
    board: Board,
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
    _check_board(board)
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
        return _parallel(board, closed, plan, limits, processes, checkpoint, progress, beat).ran(method, engine)
    run = run_search(
        limits,
        lambda control: _engine(KnightGraph.of(board, control.check_setup), closed, engine, control, beat or 0),
        lambda search: search.run(plan),
    )
    best = run.engine.best if run.engine is not None else []  # (no engine: stopped while it was made)
    return _result(board, closed, plan, run.stopped or Status.FOUND, best, run.stats, beat).ran(method, engine)


def _result(
    board: Board, closed: bool, plan: Plan, status: Status, best: list[int], stats: Stats, beat: int | None,
    split: dict[str, int] | None = None,
) -> UncrossedResult:  # fmt: skip
    """The search's best path as squares. With no path: the start alone (0 jumps), or with
    `beat`, none (a finished search then proved that no path has more than `beat` jumps)."""
    path = [board.square(index) for index in best]
    if not path and beat is None:
        path = [board.square(plan.squares[0])]
    if not path and status == Status.FOUND:
        status = Status.NONE
    return UncrossedResult(status, board, closed, SquarePath(path), stats, split, beat)


# The search an estimate runs first, to find a path to beat and to measure the speed per node
PILOT_NODES = 2_000_000


def estimate_uncrossed(
    board: Board,
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
    _check_board(board)
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
        lambda control: _compiled(KnightGraph.of(board, control.check_setup), closed, control, 0),
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


def _parallel(
    board: Board,
    closed: bool,
    plan: Plan,
    limits: Limits | None,
    workers: int,
    checkpoint: str | Path | None,
    progress: Progress | None,
    beat: int | None,
) -> UncrossedResult:
    """Method parallel: a sub-tree for each start of the plan and each first move it tries,
    searched by the numba engine on `workers` processes that share the longest path found so
    far (core.parallel.run_split's `best_of`: its jumps prune every sub-tree). Each sub-tree
    returns its longest path if it beat what was shared when it found it: the longest of them
    is the answer."""
    with SearchControl(limits) as control:
        try:
            with control.setting_up():
                graph = KnightGraph.of(board, control.check_setup)
            _SEARCHED.clear()  # (one board at a time)
            _SEARCHED[board.rows, board.cols, closed] = (graph, plan)
        except SearchStopped as stop:
            return _result(board, closed, plan, stop.status, [], Stats(seconds=control.elapsed()), beat)
        tasks = [
            (board.rows, board.cols, closed, index, target, beat or 0)
            for index, start in enumerate(plan)
            for target, _ in graph.neighbours[start.square]
            if start.first[target]
        ]
        problem = {"problem": "uncrossed", "board": str(board), "closed": closed, "split": "starts and first moves"}
        if beat is not None:  # (a checkpoint of another `beat` holds other sub-trees' paths)
            problem["beat"] = beat
        run = run_split(problem, tasks, search_first_move, control=control, workers=workers, checkpoint=checkpoint,
                        progress=progress, best_of=_shared_form, best_size=2 + board.n_squares)  # fmt: skip
        stats = run.stats(control.elapsed())
    # the first of the finished sub-trees' longest paths in the plan's order, or the shared one
    # when it is longer (a stopped run: it may come from an unfinished sub-tree)
    best = list(run.best[2 : 2 + run.best[1]])
    found = [list(run.results[index].values[1:]) for index in sorted(run.results)]
    longest = max(map(len, found), default=0)
    if longest >= len(best) and longest > 0:
        best = next(path for path in found if len(path) == longest)
    status = Status.FOUND if run.status == Status.COMPLETE else run.status
    return _result(board, closed, plan, status, best, stats, beat, run.to_dict())


def _check_board(board: Board) -> None:
    if not isinstance(board, Board):
        raise InvalidInput(f"board: {board!r} is not a Board (use Board(rows, cols) or Board.parse('8'))")
    if board.n_squares > MAX_SQUARES:
        raise InvalidInput(
            f"board: {board} has {board.n_squares:,} squares; the search takes boards of at most {MAX_SQUARES:,}"
        )


def _shared_form(result: TaskResult) -> tuple[int, ...]:
    """A sub-tree's path as method parallel shares it: jumps, squares, the squares."""
    return (result.values[0], len(result.values) - 1, *result.values[1:]) if result.values else (0,)


# The graph and plan of the board method parallel searches, by (rows, cols, closed): made once,
# under the limits, by the main process, whose forked workers inherit them (a process that has
# none, a Dask worker, makes its own at its first sub-tree).
_SEARCHED: dict[tuple[int, int, bool], tuple[KnightGraph, Plan]] = {}


def _graph_and_plan(rows: int, cols: int, closed: bool) -> tuple[KnightGraph, Plan]:
    if (rows, cols, closed) not in _SEARCHED:
        board = Board(rows, cols)
        _SEARCHED[rows, cols, closed] = (KnightGraph.of(board), closed_plan(board) if closed else search_plan(board))
    return _SEARCHED[rows, cols, closed]


def search_first_move(task: tuple[int, int, bool, int, int, int], control: SearchControl) -> TaskResult:
    """A sub-tree of method parallel (essais.core.parallel): task = (rows, cols, closed, the
    start's index in the plan, the square of the first move, the jumps it holds from its start).
    Its values: the jumps and the squares of its longest path, if that beat the longest shared
    when it was found; else none."""
    rows, cols, closed, index, target, beat = task
    graph, plan = _graph_and_plan(rows, cols, closed)
    start = plan[index]
    only_first = [square == target for square in range(graph.board.n_squares)]
    search = _engine(graph, closed, "numba", control, beat)
    search.run([replace(start, first=only_first)])
    best = search.best
    return TaskResult((path_jumps(len(best), closed), *best) if best else (), search.stats())


def _engine(graph: KnightGraph, closed: bool, engine: str, control: SearchControl, beat: int) -> UncrossedSearch:
    """The engine asked for; compiled code loads only then."""
    if engine == "numba":
        return _compiled(graph, closed, control, beat)
    return TextbookUncrossed(graph, closed, control, beat)


def _compiled(graph: KnightGraph, closed: bool, control: SearchControl, beat: int) -> CompiledUncrossed:
    """The numba engine (its compiled code loads only when asked for)."""
    with loading_compiled("uncrossed"):
        from essais.uncrossed.compiled import CompiledUncrossed

    return CompiledUncrossed(graph, closed, control, beat)


def _check_whole(name: str, value: object, least: int) -> None:
    """A whole number (when given), at least `least`."""
    if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < least):
        raise InvalidInput(f"{name}: {value!r} must be a whole number, at least {least}")
