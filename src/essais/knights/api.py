"""Knight's tours: one tour, every tour, counts, the table over every start, and
001 §5's random walks.

`method` picks the algorithm (it fixes the answer and the counters), `engine` its
implementation: "python" mirrors the course notes' pseudo-code, "numba" is compiled. Both give the
same tours and the same counters.

Examples
--------
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
from pathlib import Path

from essais.core.board import SquarePath
from essais.core.engine import run_search
from essais.core.errors import InvalidInput
from essais.core.limits import Limits, SearchControl, limits_from
from essais.core.parallel import Progress
from essais.core.recording import DEFAULT_EVENTS, EventLog
from essais.draw.svg import MAX_LABELLED
from essais.knights.frontier import FrontierEstimate, estimate_frontier, frontier_count
from essais.knights.linear import linear_tour
from essais.knights.model import (
    METHODS,
    WALK_METHODS,
    TourCount,
    TourProblem,
    TourReplay,
    TourResult,
    check_problem,
)
from essais.knights.searches import (
    backtracking_tour,
    complete_method,
    count_one,
    faster_count_method,
    first_tour,
    impossible,
    random_walks,
    tour_count,
    tour_method,
    walk,
)
from essais.knights.split import split_counts
from essais.knights.textbook import TextbookTour
from essais.knights.walks import RandomTours

MAX_ATTEMPTS = 10**15  # random walks in one run (the compiled counters are 64-bit integers)
ANIMATED_METHODS = ("basic", "band", "warnsdorff", "prune")  # the methods that backtrack square by square


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
    problem = check_problem(problem)
    method, engine = tour_method(problem, method, engine)
    if method == "linear":
        return linear_tour(problem, limits)
    if method == "random":  # one random walk; random_tours runs many
        return random_tours(problem, engine=engine, attempts=1, limits=limits).as_tour()
    if method in WALK_METHODS:
        return walk(problem, method, engine, limits)
    return backtracking_tour(problem, method, engine, limits)


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

    Examples
    --------
    >>> from essais.core.board import Board
    >>> replay = watch_tour(TourProblem.make(Board(5, 5)), method="basic")
    >>> replay.stats.backtracks, len(replay.log), replay.log.complete
    (74276, 100000, False)
    """
    limits = limits_from(limits, time_limit, node_limit, memory_limit)
    problem = check_problem(problem)
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
        log.follow(engine.counters)
        engine.record = log
        return engine

    if problem.impossible:
        return TourReplay.of(impossible(problem).ran(method, "python"), log, method)
    run = run_search(limits, build, lambda search: first_tour(search, method))
    status = run.status
    tour = TourResult(status, problem.board, problem.start, SquarePath(run.value or []), run.stats, problem.closed)
    return TourReplay.of(tour.ran(method, "python"), log, method)


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
    whole_board: bool = False,
    spill: str | Path | None = None,
) -> TourCount:
    """The number of tours from the start (directed; closed tours also undirected). With
    `whole_board`, every tour of the board instead, from every start (`directed` and
    `undirected`; method frontier, which counts them in one sweep). With no method named, the
    faster of prune and frontier for the board and the question (`faster_count_method`).

    Method frontier counts without backtracking (knights.frontier): its counters are states
    made, not nodes. With `workers` other than 1 (None: one per core), a Dask `scheduler` or a
    `checkpoint` file, a backtracking count is split into sub-trees (the tours that begin with
    each path of a few moves) run by essais.core.parallel; the counters are then theirs. A
    frontier count whose tables would outgrow the memory (`memory_limit`, else what is
    available) goes through the disk: in a folder made inside `spill` (None: the system's
    temporary folder), removed at the end."""
    limits = limits_from(limits, time_limit, node_limit, memory_limit)
    problem = check_problem(problem)
    if method is None and engine in (None, "numba") and scheduler is None and checkpoint is None:
        method = faster_count_method(problem, whole_board)
    method, engine = complete_method(method, engine, problem, counting=True)
    if whole_board and method != "frontier":
        raise InvalidInput(
            f"method: {method} counts from one start; count the whole board with frontier, or every start "
            "one by one with count_every_start"
        )
    if method == "frontier":
        return frontier_count(
            problem, whole_board, limits, progress, checkpoint, workers=workers, spill=spill, scheduler=scheduler
        )
    if spill is not None:
        raise InvalidInput(f"spill: method {method} keeps its search in memory; only method frontier spills")
    if problem.impossible:
        return tour_count(problem, method, engine)
    if workers != 1 or scheduler is not None or checkpoint is not None:
        if engine != "numba":
            raise InvalidInput("workers, scheduler, checkpoint: a split count runs the numba engine")
        counts, split, seconds = split_counts(
            problem, [problem.start], method, limits, workers, scheduler, checkpoint, progress
        )
        result = counts[problem.start]
        result.split = split.to_dict()
        result.stats.seconds = seconds  # the whole split's wall time, not its sub-trees' summed
        return result
    return count_one(problem, method, engine, limits)


def estimate_tour_count(
    problem: TourProblem,
    *,
    whole_board: bool = False,
    limits: Limits | None = None,
    time_limit: float | None = None,
    node_limit: int | None = None,
    memory_limit: int | str | None = None,
) -> FrontierEstimate:
    """What `count_tours(problem, method="frontier", whole_board=...)` would take: its first
    steps run (for the time limit, else 10 s) and the rest projected (knights.frontier)."""
    limits = limits_from(limits, time_limit, node_limit, memory_limit)
    return estimate_frontier(check_problem(problem), whole_board, limits)


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
    problem = check_problem(problem)
    _, engine = METHODS.resolve("random", engine)
    if attempts is not None and not 1 <= attempts <= MAX_ATTEMPTS:
        raise InvalidInput(f"attempts: {attempts} is out of range (1 to {MAX_ATTEMPTS:,} walks)")
    if attempts is None and not until_found:
        raise InvalidInput("attempts: give a number of attempts, or --until-found")
    if seed is None:
        seed = random.SystemRandom().randrange(1 << 31)
    elif not 0 <= seed < 1 << 32:
        raise InvalidInput(f"seed: {seed} must be between 0 and 2**32 - 1")
    return random_walks(problem, engine, attempts, until_found, seed, limits)
