"""Knight's tours (SPEC §2.1): one tour, every tour, counts, the table over every start, and
001 §5's random walks.

`method` picks the algorithm (it fixes the answer and the counters), `engine` its
implementation: "python" mirrors the seed's pseudo-code, "numba" is compiled. Both give the
same tours and the same counters.

>>> from essais.knights import Board, TourProblem, count_tours, find_tour
>>> problem = TourProblem.make(Board(5, 5), start=(0, 0))
>>> result = find_tour(problem, method="basic", engine="python")
>>> str(result.status), result.stats.backtracks, result.path[:3]
('found', 74276, SquarePath([(0, 0), (1, 2), (2, 4)]))
>>> count_tours(problem, method="basic", engine="numba").count
304
>>> random_tours(problem, attempts=2000, seed=1).tally.attempts
2000
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np

from essais.core.animation import DEFAULT_EVENTS, EventLog
from essais.core.board import Square, SquarePath, attacks, make_moves
from essais.core.drawing import MAX_LABELLED
from essais.core.engine import SolutionStream, check_memory, loading_compiled, run_search
from essais.core.errors import InvalidInput
from essais.core.limits import Limits, SearchControl, limits_from
from essais.core.parallel import Progress, SplitRun, TaskResult, default_workers, run_split
from essais.core.result import Stats, Status
from essais.knights.construction import MIN_SIDE, thin_tour
from essais.knights.model import (
    COMPLETE_METHODS,
    METHODS,
    WALK_METHODS,
    EveryStart,
    RandomTours,
    StartRow,
    TourCount,
    TourProblem,
    TourReplay,
    TourResult,
    TourSearch,
    WalkTally,
    check_problem,
    start_obstruction,
    tour_obstruction,
)
from essais.knights.textbook import TextbookTour

HEURISTIC_SQUARES = 1_000_000  # beyond, the construction alone: as fast, and it cannot fail
SEARCH_NODES = 5_000_000  # the search behind the heuristic and the constructions
# Warnsdorff walks with random ties on a board with a side under 5, each seeded (reproducible):
# on 4-row boards about a third of them make a tour, whatever the length
RANDOM_WALKS = 64
MAX_ATTEMPTS = 10**15  # random walks in one run (the compiled counters are 64-bit integers)
CLOCKWISE = make_moves(order="clockwise")
SEARCH_ORDERS = (5, 4, 6, 0)  # 001's clockwise order from its 6th move first: it finds 3×n closed tours
LINEAR_BYTES_PER_SQUARE = 16  # the heuristic's degrees, the successor array, the (row, col) path
# a search's arrays: the move table (8 bytes a move), numbers, path, next moves, ports, a tally
SEARCH_BYTES_PER_SQUARE = 48


def make_search(problem: TourProblem, method: str, engine: str, control: SearchControl) -> TourSearch:
    """The engine for a checked (method, engine) pair; compiled code loads only when asked for."""
    if method == "prune" and not problem.symmetric:
        raise InvalidInput(
            "method: 'prune' counts the ways into a square with the moves out of it, so it needs the "
            "reverse of each move in the move set (every leaper has them)"
        )
    board = problem.board
    check_memory(_search_bytes(problem), f"a search on the {board} board", control.limits)
    if engine == "numba":
        with loading_compiled("knights"):
            from essais.knights.compiled import CompiledTour

        return CompiledTour(board, problem.moves, problem.start, problem.closed, control)
    return TextbookTour(problem.board, problem.moves, problem.start, problem.closed, control)


def _search_bytes(problem: TourProblem) -> int:
    return (SEARCH_BYTES_PER_SQUARE + 8 * len(problem.moves)) * problem.board.n_squares


def _builder(problem: TourProblem, method: str, engine: str) -> Callable[[SearchControl], TourSearch]:
    return lambda control: make_search(problem, method, engine, control)


def _first_tour(engine: TourSearch, method: str) -> list[Square] | None:
    """The first tour a backtracking method finds; for basic, band and prune, the first of the
    complete search is what 000 §3.8 finds (TextbookTour.tours)."""
    return engine.warnsdorff() if method == "warnsdorff" else next(iter(engine.tours(method)), None)


def find_tour(
    problem: TourProblem,
    *,
    method: str | None = None,
    engine: str | None = None,
    limits: Limits | None = None,
    time_limit: float | None = None,
    node_limit: int | None = None,
    memory_limit: int | str | None = None,
) -> TourResult:
    """The first tour the method finds, or why there is none (status none, limit,
    interrupted). With no method named: linear for the knight (warnsdorff with the python
    engine), warnsdorff for other moves."""
    limits = limits_from(limits, time_limit, node_limit, memory_limit)
    check_problem(problem)
    method, engine = _tour_method(problem, method, engine)
    if method == "linear":
        return _linear(problem, limits)
    if method == "random":  # one random walk; random_tours runs many
        return random_tours(problem, engine=engine, attempts=1, limits=limits).as_tour()
    if method in WALK_METHODS:
        return _walk(problem, method, engine, limits)
    if problem.impossible:
        return _impossible(problem).ran(method, engine)
    run = run_search(limits, _builder(problem, method, engine), lambda search: _first_tour(search, method))
    status = run.stopped or (Status.FOUND if run.value is not None else Status.NONE)
    path = SquarePath(run.value or [])
    return TourResult(status, problem.board, problem.start, path, run.stats, problem.closed).ran(method, engine)


def _tour_method(problem: TourProblem, method: str | None, engine: str | None) -> tuple[str, str]:
    """The (method, engine) that finds one tour: with no method named, linear (warnsdorff for
    moves other than the knight's, which linear does not build)."""
    if method is None and not problem.knight:
        method = "warnsdorff"
    return METHODS.resolve(method, engine)


def _impossible(problem: TourProblem) -> TourResult:
    reason = "every move changes the square's colour, so a closed tour needs an even number of squares"
    return TourResult(Status.NONE, problem.board, problem.start, closed=problem.closed, reason=reason)


ANIMATED_METHODS = ("basic", "band", "warnsdorff", "prune")  # the methods that backtrack square by square


def watch_tour(
    problem: TourProblem,
    *,
    method: str | None = None,
    limits: Limits | None = None,
    time_limit: float | None = None,
    node_limit: int | None = None,
    memory_limit: int | str | None = None,
    max_events: int = DEFAULT_EVENTS,
) -> TourReplay:
    """`find_tour` with the python engine (the compiled one keeps no log), recording each square
    numbered or erased with the counters at that moment, up to `max_events` events (the search
    goes on past them); the replay's `to_html()` is a page that plays them back. Counters are the
    python engine's, so they equal the numba engine's too.

    >>> from essais.core.board import Board
    >>> replay = watch_tour(TourProblem.make(Board(5, 5)), method="basic")
    >>> replay.stats.backtracks, len(replay.log), replay.log.complete
    (74276, 20000, False)
    """
    limits = limits_from(limits, time_limit, node_limit, memory_limit)
    check_problem(problem)
    method, _ = METHODS.resolve(method, "python")
    if method not in ANIMATED_METHODS:
        raise InvalidInput(
            f"method: {method} does not backtrack, so there is nothing to watch; watch {', '.join(ANIMATED_METHODS)}"
        )
    if max(problem.board.rows, problem.board.cols) > MAX_LABELLED:
        raise InvalidInput(f"problem: a {problem.board} board is too large to watch (at most {MAX_LABELLED} a side)")
    log = EventLog(problem.board.cols, limit=max_events)

    def build(control: SearchControl) -> TextbookTour:
        engine = TextbookTour(problem.board, problem.moves, problem.start, problem.closed, control)
        log.counters, engine.record = engine.counters, log
        return engine

    if problem.impossible:
        return TourReplay(_impossible(problem).ran(method, "python"), log, method)
    run = run_search(limits, build, lambda search: _first_tour(search, method))
    status = run.stopped or (Status.FOUND if run.value is not None else Status.NONE)
    tour = TourResult(status, problem.board, problem.start, SquarePath(run.value or []), run.stats, problem.closed)
    return TourReplay(tour.ran(method, "python"), log, method)


def _linear(problem: TourProblem, limits: Limits | None) -> TourResult:
    """Method linear: a knight's tour wherever one exists, in time linear in the squares. The
    theorems settle at once the boards (and starts) without one; then Warnsdorff's rule with
    Roth's tie-break (no backtracking) on boards of at most HEURISTIC_SQUARES squares or with a
    side under 5, where RANDOM_WALKS walks with random ties follow; then a construction that
    cannot fail (knights.construction: any start of a board with a closed tour, a corner
    otherwise, boards with both sides at least 5, and the corners of 3-row boards); then, for
    what is left, Warnsdorff's backtracking search and the complete search (method prune), each
    of at most SEARCH_NODES nodes: the latter settles "none", or it stops with status limit.
    Counters: `nodes` squares placed, `tries` moves looked at, `backtracks` squares the heuristic
    placed and gave up; a search's own counters are added."""
    if not problem.knight:
        raise InvalidInput("method: 'linear' builds knight's tours; use --method warnsdorff for other moves")
    board, start, closed = problem.board, problem.start, problem.closed

    def result(status: Status, path: Any = None, by: str | None = None, reason: str | None = None) -> TourResult:
        stats = Stats(nodes, tries, backtracks, control.elapsed())
        return TourResult(status, board, start, path, stats, closed, method="linear", engine="numba", by=by,
                          reason=reason)  # fmt: skip

    nodes = tries = backtracks = 0
    with SearchControl(limits) as control:
        reason = tour_obstruction(board.rows, board.cols, closed)
        if reason is None and tour_obstruction(board.rows, board.cols, True) is not None:  # no closed tour to turn
            reason = start_obstruction(board.rows, board.cols, start)
        if reason is not None:
            return result(Status.NONE, reason=reason)
        check_memory(LINEAR_BYTES_PER_SQUARE * board.n_squares, f"a tour of the {board} board", limits)
        with loading_compiled("knights"):
            from essais.knights.compiled import constructed_tour, roth_tour
        control.restart_clock()  # the search alone, not the loading of compiled code
        thin = min(board.rows, board.cols) < MIN_SIDE
        if board.n_squares <= HEURISTIC_SQUARES or thin:
            # Roth's tie-break; then, where no construction serves (a side under 5), random ties
            for seed in [-1, *(range(RANDOM_WALKS) if thin else ())]:
                path, placed = roth_tour(board.rows, board.cols, start, seed)
                nodes, tries = nodes + placed, tries + 8 * placed
                if placed == board.n_squares and (not closed or _closes(path)):
                    return result(Status.FOUND, path, "heuristic")
                backtracks += placed
                if (stopped := control.stop_reason(0)) is not None:
                    return result(stopped)
        if (stopped := control.stop_reason(0)) is not None:
            return result(stopped)
        built = _construct(board.rows, board.cols, start, closed, constructed_tour)
        if built is not None:
            nodes += board.n_squares
            return result(Status.FOUND, built, "construction")
    asked = limits or Limits()
    orders = [problem.moves, *(CLOCKWISE[k:] + CLOCKWISE[:k] for k in SEARCH_ORDERS)]
    for order in orders:  # the same moves in other orders: other parts of the tree come first
        budget = Limits(time=asked.time, nodes=min(SEARCH_NODES // len(orders), asked.nodes or SEARCH_NODES))
        for search in ("warnsdorff", "prune"):  # Warnsdorff's backtracking over ties is fast, but not complete
            searched = find_tour(TourProblem(board, order, start, closed), method=search, limits=budget)
            spent = searched.stats.counters()
            nodes, tries, backtracks = nodes + spent[0], tries + spent[1], backtracks + spent[2]
            if searched.found:
                return result(Status.FOUND, np.array(searched.path, dtype=np.int32), "search")
            if searched.status == Status.INTERRUPTED:
                return result(Status.INTERRUPTED)
            if search == "prune" and searched.status == Status.NONE:  # a complete search found none
                return result(Status.NONE, reason="the complete search (method prune) from this square found none")
            if asked.time is not None and control.out_of_time():
                return result(Status.LIMIT)
    return result(Status.LIMIT)


def _closes(path: np.ndarray) -> bool:
    return sorted(abs(int(a) - int(b)) for a, b in zip(path[0], path[-1], strict=True)) == [1, 2]


def _construct(
    rows: int, cols: int, start: Square, closed: bool, constructed_tour: Callable[[int, int, Square], np.ndarray]
) -> np.ndarray | None:
    """The constructions' tour from `start`, or None where they do not serve that start."""
    corner = start[0] in (0, rows - 1) and start[1] in (0, cols - 1)
    if min(rows, cols) >= MIN_SIDE and (corner or tour_obstruction(rows, cols, True) is None):
        return constructed_tour(rows, cols, start)
    if min(rows, cols) == 3 and not closed and corner:
        path = thin_tour(max(rows, cols))
        if rows != 3:
            path = path[:, ::-1].copy()  # the 3-row tour, turned
        if start[0]:
            path[:, 0] = rows - 1 - path[:, 0]
        if start[1]:
            path[:, 1] = cols - 1 - path[:, 1]
        return path
    return None


def _walk(problem: TourProblem, method: str, engine: str, limits: Limits | None) -> TourResult:
    """001 §4's greedy walks: found when the walk covers the board (and, for --closed, its
    last square attacks the first), none when it gets stuck, with the squares it reached."""
    run = run_search(
        limits, _builder(problem, method, engine), lambda engine: engine.accessibility(lookahead=method == "lookahead")
    )
    # (no engine: stopped while it was built, before the first square)
    path = run.value if run.value is not None else run.engine.current_path() if run.engine else []
    if run.stopped:
        status = run.stopped
    else:
        full = len(path) == problem.board.n_squares
        closes = not problem.closed or attacks(problem.moves, path[-1], problem.start)
        status = Status.FOUND if full and closes else Status.NONE
    result = TourResult(status, problem.board, problem.start, SquarePath(path), run.stats, problem.closed, len(path))
    return result.ran(method, engine)


def _complete_method(method: str | None, engine: str | None, problem: TourProblem | None = None) -> tuple[str, str]:
    """The complete search to count or list tours with: the one named, else prune (basic when
    the move set lacks the reverse of a move, which prune needs)."""
    if method is None and problem is not None and not problem.symmetric:
        method = "basic"
    method, engine = METHODS.resolve(method, engine, count=True)
    if method not in COMPLETE_METHODS:
        raise InvalidInput(
            f"method: {method!r} does not search every branch, so it cannot list or count every "
            f"tour; use {' or '.join(COMPLETE_METHODS)}"
        )
    return method, engine


class TourStream(SolutionStream[TourSearch, list[Square]]):
    """Every tour from one start, in depth-first order, lazily: iterate over it to get the
    paths; afterwards `result` says how it ended (complete, found = `limit` tours given,
    limit or interrupted) with the count and the counters."""

    def __init__(
        self,
        problem: TourProblem,
        method: str | None = None,
        engine: str | None = None,
        limit: int | None = None,
        limits: Limits | None = None,
    ) -> None:
        method, engine = _complete_method(method, engine, check_problem(problem))
        self.problem = problem
        build = _builder(problem, method, engine)
        result = _tour_count(problem, method, engine)
        super().__init__(limits, build, lambda engine: engine.tours(method), result, limit)

    def __iter__(self) -> Iterator[list[Square]]:
        if self.problem.impossible:
            return iter(())
        return super().__iter__()


class StreamFromEveryStart:
    """Every tour from each start square in reading order, as one stream (`--all
    --every-start`): iterate for (start, path) pairs; `result` then holds how it ended, the
    number of tours and the counters summed over the starts. `limit` bounds the whole stream;
    the limits apply to each start."""

    def __init__(
        self,
        problem: TourProblem,
        method: str | None = None,
        engine: str | None = None,
        limit: int | None = None,
        limits: Limits | None = None,
    ) -> None:
        check_problem(problem)
        method, engine = _complete_method(method, engine, problem)
        if limit is not None and limit < 1:
            raise InvalidInput(f"limit: {limit} must be at least 1")
        self.problem, self.method, self.engine, self.limit, self.limits = problem, method, engine, limit, limits
        self.result = replace(_tour_count(problem, method, engine), start=None)

    def __iter__(self) -> Iterator[tuple[Square, list[Square]]]:
        result = self.result
        if self.problem.impossible:  # no start has a tour: said at once, however many squares
            return
        for start in self.problem.board.squares():
            left = None if self.limit is None else self.limit - result.count
            stream = TourStream(self.problem.at(start), self.method, self.engine, left, self.limits)
            for path in stream:
                result.count += 1
                yield start, path
            result.stats += stream.result.stats
            result.status = stream.result.status
            if result.status != Status.COMPLETE:
                return


def count_tours(
    problem: TourProblem,
    *,
    method: str | None = None,
    engine: str | None = None,
    limits: Limits | None = None,
    time_limit: float | None = None,
    node_limit: int | None = None,
    memory_limit: int | str | None = None,
    workers: int | None = 1,
    scheduler: str | None = None,
    checkpoint: str | Path | None = None,
    progress: Progress | None = None,
) -> TourCount:
    """The number of tours from the start (directed; closed tours also undirected), by prune
    when no method is named. With `workers` other than 1 (None: one per core), a Dask
    `scheduler` or a `checkpoint` file, the count is split into sub-trees (the tours that begin
    with each path of a few moves) run by essais.core.parallel; the counters are then theirs."""
    limits = limits_from(limits, time_limit, node_limit, memory_limit)
    check_problem(problem)
    method, engine = _complete_method(method, engine, problem)
    if problem.impossible:
        return _tour_count(problem, method, engine)
    if workers != 1 or scheduler is not None or checkpoint is not None:
        if engine != "numba":
            raise InvalidInput("workers, scheduler, checkpoint: a split count runs the numba engine")
        counts, split, seconds = _split_counts(
            problem, [problem.start], method, limits, workers, scheduler, checkpoint, progress
        )
        result = counts[problem.start]
        result.split = split.to_dict()
        result.stats.seconds = seconds  # the whole split's wall time, not its sub-trees' summed
        return result
    run = run_search(limits, _builder(problem, method, engine), lambda engine: engine.count(method))
    count = run.value if run.value is not None else run.engine.solutions if run.engine else 0  # counted so far
    return _tour_count(problem, method, engine, run.stopped or Status.COMPLETE, count, run.stats)


def _tour_count(
    problem: TourProblem,
    method: str,
    engine: str,
    status: Status = Status.COMPLETE,
    count: int = 0,
    stats: Stats | None = None,
) -> TourCount:
    return TourCount(status, count, stats or Stats(), method, engine, board=problem.board, start=problem.start,
                     closed=problem.closed)  # fmt: skip


# sub-trees a split count aims at: about 100 per process on a few cores, so that they finish
# together; fixed, so that a checkpoint resumes with any number of processes
SUBTREES = 256
MAX_PREFIX = 8  # squares in the paths that split a count, at most


def _prefixes(problem: TourProblem, wanted: int) -> list[tuple[Square, ...]]:
    """The paths from the start, all of one length, the shortest of which there are at least
    `wanted` (or MAX_PREFIX squares long): the tours from the start are those that begin with
    one of them."""
    level: list[tuple[Square, ...]] = [(problem.start,)]
    board, moves = problem.board, problem.moves
    while len(level) < wanted and len(level[0]) < min(MAX_PREFIX, board.n_squares - 1):
        following = []
        for path in level:
            head = path[-1]
            for dr, dc in moves:
                square = (head[0] + dr, head[1] + dc)
                if board.contains(square) and square not in path:
                    following.append((*path, square))
        if not following:
            break
        level = following
    return level


def _split_counts(
    problem: TourProblem,
    starts: list[Square],
    method: str,
    limits: Limits | None,
    workers: int | None,
    scheduler: str | None,
    checkpoint: str | Path | None,
    progress: Progress | None,
) -> tuple[dict[Square, TourCount], SplitRun, float]:
    """The counts from `starts`, each split into sub-trees run on essais.core.parallel, how the
    split ended, and its wall time."""
    workers = default_workers() if workers is None else workers
    if workers < 1:
        raise InvalidInput(f"workers: {workers} must be at least 1")
    wanted = max(1, SUBTREES // len(starts))
    board, moves = problem.board, problem.moves
    check_memory(_search_bytes(problem) * workers, f"counts on {workers} processes on the {board} board", limits)
    tasks, owners = [], []
    for start in starts:
        for prefix in _prefixes(problem.at(start), wanted):
            tasks.append((board.rows, board.cols, moves, problem.closed, method, prefix))
            owners.append(start)
    identity = {
        "problem": "knight's tours", "board": str(board), "starts": [list(start) for start in starts],
        "closed": problem.closed, "moves": [list(move) for move in moves], "method": method, "split": "prefixes",
    }  # fmt: skip
    with loading_compiled("knights"):
        from essais.knights.compiled import count_below
    with SearchControl(limits) as control:
        run = run_split(
            identity, tasks, count_below, control=control, workers=workers, scheduler=scheduler,
            checkpoint=checkpoint, progress=progress,
        )  # fmt: skip
        seconds = control.elapsed()
    counts = {start: _tour_count(problem.at(start), method, "numba") for start in starts}
    for index, result in run.every_result():  # (sub-trees a stop caught partway: the tours so far)
        count = counts[owners[index]]
        count.count += result.values[0]
        count.stats = count.stats + result.stats
    for index, owner in enumerate(owners):
        if index not in run.results:
            counts[owner].status = run.status
    return counts, run, seconds


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
    check_problem(problem)
    _check_table_memory(problem, limits)
    named = method is not None
    method, _ = _complete_method(method, "numba", problem)
    squares = list(problem.board.squares())
    symmetries = [] if named else problem.symmetries()
    representative = {square: min(g(*square) for g in symmetries) if symmetries else square for square in squares}
    starts = sorted(set(representative.values()))
    if problem.impossible:
        counts = {start: _tour_count(problem.at(start), method, "numba") for start in starts}
    else:
        counts, _, _ = _split_counts(problem, starts, method, limits, workers, scheduler, checkpoint, progress)
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
    check_problem(problem)
    _check_table_memory(problem, limits)
    if count:
        _complete_method(method, engine)
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
    check_problem(problem)
    _check_table_memory(problem, limits)
    ran = _tour_method(problem, method, engine)
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


def random_tours(
    problem: TourProblem,
    *,
    engine: str | None = None,
    attempts: int | None = 1,
    until_found: bool = False,
    seed: int | None = None,
    limits: Limits | None = None,
    time_limit: float | None = None,
    node_limit: int | None = None,
    memory_limit: int | str | None = None,
) -> RandomTours:
    """`attempts` random walks from the start (None: no bound), or with `until_found` as many
    as it takes to find a full tour (at most `attempts`). A seed makes a run reproducible in
    one engine; the engines use different generators, so they draw different walks."""
    limits = limits_from(limits, time_limit, node_limit, memory_limit)
    check_problem(problem)
    _, engine = METHODS.resolve("random", engine)
    if attempts is not None and not 1 <= attempts <= MAX_ATTEMPTS:
        raise InvalidInput(f"attempts: {attempts} is out of range (1 to {MAX_ATTEMPTS:,} walks)")
    if attempts is None and not until_found:
        raise InvalidInput("attempts: give a number of attempts, or --until-found")
    if seed is None:
        seed = random.SystemRandom().randrange(1 << 31)
    elif not 0 <= seed < 1 << 32:
        raise InvalidInput(f"seed: {seed} must be between 0 and 2**32 - 1")
    run = run_search(
        limits, _builder(problem, "random", engine), lambda engine: engine.random_walks(seed, attempts, until_found)
    )
    tally = run.engine.tally if run.engine is not None else WalkTally(problem.board.n_squares)
    status = run.stopped or Status.COMPLETE
    if until_found and not run.stopped:
        status = Status.FOUND if tally.found_path is not None else Status.NONE
    return RandomTours(status, problem.board, problem.start, seed, tally, run.stats, until_found, "random", engine)
