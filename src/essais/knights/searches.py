"""The tour searches behind the public functions (knights.api): the engines built for a
(method, engine) pair, the first tour of a backtracking method, 001 §4's greedy walks, one
count in this process and 001 §5's random walks; the methods that run when none is named."""

from __future__ import annotations

from collections.abc import Callable

from essais.core.board import Square, SquarePath, attacks
from essais.core.engine import check_memory, loading_compiled, run_search
from essais.core.errors import InvalidInput
from essais.core.limits import Limits, SearchControl
from essais.core.result import Stats, Status
from essais.knights.model import (
    COMPLETE_METHODS,
    METHODS,
    SWEEP_METHODS,
    TourCount,
    TourProblem,
    TourResult,
    TourSearch,
    WalkTally,
)
from essais.knights.textbook import TextbookTour
from essais.knights.walks import RandomTours

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
    check_memory(search_bytes(problem), f"a search on the {board} board", control.limits)
    if engine == "numba":
        with loading_compiled("knights"):
            from essais.knights.compiled import CompiledTour

        return CompiledTour(board, problem.moves, problem.start, problem.closed, control)
    return TextbookTour(problem.board, problem.moves, problem.start, problem.closed, control)


def search_bytes(problem: TourProblem) -> int:
    return (SEARCH_BYTES_PER_SQUARE + 8 * len(problem.moves)) * problem.board.n_squares


def builder(problem: TourProblem, method: str, engine: str) -> Callable[[SearchControl], TourSearch]:
    return lambda control: make_search(problem, method, engine, control)


def first_tour(engine: TourSearch, method: str) -> list[Square] | None:
    """The first tour a backtracking method finds; for basic, band and prune, the first of the
    complete search is what 000 §3.8 finds (TextbookTour.tours)."""
    return engine.warnsdorff() if method == "warnsdorff" else next(iter(engine.tours(method)), None)


def tour_method(problem: TourProblem, method: str | None, engine: str | None) -> tuple[str, str]:
    """The (method, engine) that finds one tour: with no method named, linear (warnsdorff for
    moves other than the knight's, which linear does not build)."""
    if method is None and not problem.knight:
        method = "warnsdorff"
    if method in SWEEP_METHODS:
        raise InvalidInput(f"method: {method} counts tours without finding one; use it to count (--count)")
    return METHODS.resolve(method, engine)


def impossible(problem: TourProblem) -> TourResult:
    reason = "every move changes the square's colour, so a closed tour needs an even number of squares"
    return TourResult(Status.NONE, problem.board, problem.start, closed=problem.closed, reason=reason)


def backtracking_tour(problem: TourProblem, method: str, engine: str, limits: Limits | None) -> TourResult:
    """The first tour of a backtracking method (basic, band, prune, warnsdorff), or none."""
    if problem.impossible:
        return impossible(problem).ran(method, engine)
    run = run_search(limits, builder(problem, method, engine), lambda search: first_tour(search, method))
    status = run.status
    path = SquarePath(run.value or [])
    return TourResult(status, problem.board, problem.start, path, run.stats, problem.closed).ran(method, engine)


def walk(problem: TourProblem, method: str, engine: str, limits: Limits | None) -> TourResult:
    """001 §4's greedy walks: found when the walk covers the board (and, for --closed, its
    last square attacks the first), none when it gets stuck, with the squares it reached."""
    run = run_search(
        limits, builder(problem, method, engine), lambda engine: engine.accessibility(lookahead=method == "lookahead")
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


def complete_method(
    method: str | None, engine: str | None, problem: TourProblem | None = None, counting: bool = False
) -> tuple[str, str]:
    """The complete search to count or list tours with: the one named, else prune (basic when
    the move set lacks the reverse of a move, which prune needs). A count may also sweep
    (method frontier); a list may not."""
    if method is None and problem is not None and not problem.symmetric:
        method = "basic"
    if counting and method in SWEEP_METHODS:
        return METHODS.resolve(method, engine, count=True)
    if method in SWEEP_METHODS:
        raise InvalidInput(f"method: {method} counts tours without listing them; list them with prune")
    method, engine = METHODS.resolve(method, engine, count=True)
    if method not in COMPLETE_METHODS:
        raise InvalidInput(
            f"method: {method!r} does not search every branch, so it cannot list or count every "
            f"tour; use {' or '.join(COMPLETE_METHODS)}"
        )
    return method, engine


def faster_count_method(problem: TourProblem, whole_board: bool) -> str | None:
    """The method a count runs when none is named (None: the usual default, prune): frontier for
    the whole board, and for a knight's count from one start where it was measured faster than
    prune (BENCHMARKS.md, "Frontier counts": prune's work grows with the tours, so with the
    board's area; frontier's with its width): closed tours from 6×7 on (42 squares and more, 5
    to 7 wide), open tours from 40 squares on when at most 6 wide (5×8, 6×7). Wider boards keep
    prune, which needs no memory (and a count with a checkpoint file or a scheduler: api)."""
    if whole_board:
        return "frontier"
    if not problem.knight:
        return None
    short, area = min(problem.board.rows, problem.board.cols), problem.board.n_squares
    if problem.closed:
        return "frontier" if 5 <= short <= 7 and area >= 42 else None
    return "frontier" if short <= 6 and area >= 40 else None


def count_one(problem: TourProblem, method: str, engine: str, limits: Limits | None) -> TourCount:
    """The tours from the start, by one search in this process (the tours so far when stopped)."""
    run = run_search(limits, builder(problem, method, engine), lambda engine: engine.count(method))
    count = run.value if run.value is not None else run.engine.solutions if run.engine else 0  # counted so far
    return tour_count(problem, method, engine, run.stopped or Status.COMPLETE, count, run.stats)


def tour_count(
    problem: TourProblem,
    method: str,
    engine: str,
    status: Status = Status.COMPLETE,
    count: int = 0,
    stats: Stats | None = None,
) -> TourCount:
    return TourCount(status, count, stats or Stats(), method, engine, board=problem.board, start=problem.start,
                     closed=problem.closed)  # fmt: skip


def random_walks(
    problem: TourProblem, engine: str, attempts: int | None, until_found: bool, seed: int, limits: Limits | None
) -> RandomTours:
    """001 §5's random walks from the start (checked arguments; see api.random_tours)."""
    run = run_search(
        limits, builder(problem, "random", engine), lambda engine: engine.random_walks(seed, attempts, until_found)
    )
    tally = run.engine.tally if run.engine is not None else WalkTally(problem.board.n_squares)
    status = run.stopped or Status.COMPLETE
    if until_found and not run.stopped:
        status = Status.FOUND if tally.found_path is not None else Status.NONE
    return RandomTours(status, problem.board, problem.start, seed, tally, run.stats, until_found, "random", engine)
