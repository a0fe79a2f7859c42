"""Method parallel: a sub-tree for each start and first move, run on processes that share the
longest path found so far (essais.core.parallel with `best_of`), with an optional checkpoint."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from essais.core.board import Board
from essais.core.limits import Limits, SearchControl, SearchStopped
from essais.core.parallel import Progress, TaskResult, run_split
from essais.core.result import Stats, Status
from essais.uncrossed.model import (
    KnightGraph,
    Plan,
    UncrossedResult,
    closed_plan,
    path_jumps,
    search_plan,
)
from essais.uncrossed.searches import best_path_result, make_search


def parallel_search(
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
            return best_path_result(board, closed, plan, stop.status, [], Stats(seconds=control.elapsed()), beat)
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
    return best_path_result(board, closed, plan, status, best, stats, beat, run.to_dict())


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
    search = make_search(graph, closed, "numba", control, beat)
    search.run([replace(start, first=only_first)])
    best = search.best
    return TaskResult((path_jumps(len(best), closed), *best) if best else (), search.stats())
