"""000 §5's tables over every start square: one search, or one count, per start."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

from essais.core.board import SquarePath
from essais.core.engine import check_memory
from essais.core.errors import InvalidInput
from essais.core.limits import Limits, SearchControl, limits_from
from essais.core.parallel import Progress, TaskResult, default_workers, run_split
from essais.core.result import Status
from essais.knights.api import count_tours, find_tour
from essais.knights.model import METHODS, SWEEP_METHODS, TourCount, TourProblem, TourResult, check_problem
from essais.knights.searches import (
    complete_method,
    tour_count,
    tour_method,
)
from essais.knights.split import split_counts
from essais.knights.starts import EveryStart, StartRow

TABLE_BYTES_PER_SQUARE = 1000  # a row of an every-start table: its square, result and counters


def _check_table_memory(problem: TourProblem, limits: Limits | None) -> None:
    """A table of every start holds a row a square: refused before it is made when too large."""
    board = problem.board
    check_memory(TABLE_BYTES_PER_SQUARE * board.n_squares, f"a table of every start of the {board} board", limits)


def count_every_start(
    problem: TourProblem,
    *,
    method: str | None = None,
    limits: Limits | None = None,
    time_limit: float | None = None,
    node_limit: int | None = None,
    memory_limit: int | str | None = None,
    workers: int | None = 1,
    scheduler: str | None = None,
    checkpoint: str | Path | None = None,
    progress: Progress | None = None,
) -> EveryStart:
    """The number of tours from every start square, split into sub-trees on essais.core.parallel
    (numba). With no method named, and when the board's symmetries map the move set onto
    itself, one start of each class is counted and its images take its count
    (`by_symmetry`); a named method counts every start. The limits apply to the whole table."""
    limits = limits_from(limits, time_limit, node_limit, memory_limit)
    problem = check_problem(problem)
    _check_table_memory(problem, limits)
    named = method is not None
    if method in SWEEP_METHODS:
        raise InvalidInput(
            f"method: {method} counts every tour of the board in one sweep, not start by start: use "
            "count_tours(problem, method='frontier', whole_board=True); the table counts with prune, basic or band"
        )
    method, _ = complete_method(method, "numba", problem)
    squares = list(problem.board.squares())
    symmetries = [] if named else problem.symmetries()
    representative = {square: min(g(*square) for g in symmetries) if symmetries else square for square in squares}
    starts = sorted(set(representative.values()))
    if problem.impossible:
        counts = {start: tour_count(problem.at(start), method, "numba") for start in starts}
    else:
        counts, _, _ = split_counts(problem, starts, method, limits, workers, scheduler, checkpoint, progress)
    rows = [
        StartRow(square, counts[representative[square]], by_symmetry=representative[square] != square)
        for square in squares
    ]
    table = EveryStart(rows, counting=True, board=problem.board, method=method, engine="numba")
    table.stopped = next((count.status for count in counts.values() if count.status != Status.COMPLETE), None)
    return table


def every_start(
    problem: TourProblem,
    *,
    method: str | None = None,
    engine: str | None = None,
    count: bool = False,
    limits: Limits | None = None,
    time_limit: float | None = None,
    node_limit: int | None = None,
    memory_limit: int | str | None = None,
) -> Iterator[StartRow]:
    """One search (or, with `count`, one count) per start square in reading order; the limits
    apply to each start. Stops after a start that Ctrl-C interrupted."""
    limits = limits_from(limits, time_limit, node_limit, memory_limit)
    problem = check_problem(problem)
    _check_table_memory(problem, limits)
    if count:
        complete_method(method, engine)
    else:
        METHODS.resolve(method, engine)
    for start in problem.board.squares():
        here = problem.at(start)
        if count:
            result: TourResult | TourCount = count_tours(here, method=method, engine=engine, limits=limits)
        else:
            result = find_tour(here, method=method, engine=engine, limits=limits)
        yield StartRow(start, result)
        if result.status == Status.INTERRUPTED:
            return


STATUSES = list(Status)


def search_from(task: tuple[TourProblem, str | None, str | None, Limits | None], control: SearchControl) -> TaskResult:
    """One start of a table of searches (essais.core.parallel): task = (the problem at that
    start, method, engine, the start's own limits). Its status, how far a walk got and its
    counters; Ctrl-C in this process reaches the table's `control`, and a node limit of
    `control` bounds the start too (run_split loads the kernels by a run stopped at its first node)."""
    problem, method, engine, limits = task
    table_nodes, own = control.limits.nodes, limits or Limits()
    if table_nodes is not None and (own.nodes is None or table_nodes < own.nodes):
        limits = replace(own, nodes=table_nodes)
    result = find_tour(problem, method=method, engine=engine, limits=limits)
    if result.status == Status.INTERRUPTED:
        control.interrupted = True
    reached = -1 if result.reached is None else result.reached
    return TaskResult((STATUSES.index(result.status), reached), result.stats)


def search_every_start(
    problem: TourProblem,
    *,
    method: str | None = None,
    engine: str | None = None,
    limits: Limits | None = None,
    time_limit: float | None = None,
    node_limit: int | None = None,
    memory_limit: int | str | None = None,
    workers: int | None = 1,
    progress: Progress | None = None,
) -> EveryStart:
    """000 §5's table: one search per start square, each under its own limits, run on
    essais.core.parallel (`workers` processes; None: one per core). Each start's search is the
    same wherever it runs, so the table is the one `every_start` gives, without the paths."""
    limits = limits_from(limits, time_limit, node_limit, memory_limit)
    problem = check_problem(problem)
    _check_table_memory(problem, limits)
    ran = tour_method(problem, method, engine)
    workers = default_workers() if workers is None else workers
    squares = list(problem.board.squares())
    tasks = [(problem.at(start), method, engine, limits) for start in squares]
    with SearchControl() as control:
        run = run_split({"problem": "tour table"}, tasks, search_from, control=control, workers=workers,
                        progress=progress)  # fmt: skip
    rows = []
    for index, start in enumerate(squares):
        if index not in run.results:
            break  # Ctrl-C ended the table here
        status_index, reached = run.results[index].values
        status = STATUSES[status_index]
        result = TourResult(status, problem.board, start, SquarePath([]), run.results[index].stats, problem.closed,
                            None if reached < 0 else reached, *ran)  # fmt: skip
        rows.append(StartRow(start, result))
    table = EveryStart(rows, counting=False, board=problem.board, method=ran[0], engine=ran[1])
    if run.status == Status.INTERRUPTED or len(rows) < len(squares):
        table.stopped = Status.INTERRUPTED
    return table
