"""Knight's tours (SPEC §2.1): one tour, every tour, counts, and the table over every start.

`method` picks the algorithm (it fixes the answer and the counters), `engine` its
implementation: "python" mirrors the seed's pseudo-code, "numba" is compiled. Both give the
same tours and the same counters.

>>> from essais.knights import Board, TourProblem, count_tours, find_tour
>>> problem = TourProblem.make(Board(5, 5), start=(0, 0))
>>> result = find_tour(problem, method="basic", engine="python")
>>> str(result.status), result.stats.backtracks, result.path[:3]
('found', 74276, [(0, 0), (1, 2), (2, 4)])
>>> count_tours(problem, method="basic", engine="numba").count
304
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from essais.core.errors import InvalidInput
from essais.core.limits import Limits, SearchControl, SearchStopped
from essais.core.result import CountResult, Stats, Status
from essais.knights.board import Board, Move, Square, attacks, make_moves
from essais.knights.textbook import TextbookTour, WalkTally

METHODS = ("basic", "band", "prune", "warnsdorff", "accessibility", "lookahead", "random")
COMPLETE_METHODS = ("basic", "band", "prune")  # the complete depth-first searches: they can enumerate
WALK_METHODS = ("accessibility", "lookahead", "random")  # walks: no backtracking, they report how far they got
ENGINES = ("python", "numba")


class TourSearch(Protocol):
    """What both engines offer (TextbookTour and CompiledTour)."""

    def tours(self, method: str) -> Iterator[list[Square]]: ...
    def count(self, method: str) -> int: ...
    def warnsdorff(self) -> list[Square] | None: ...
    def accessibility(self, lookahead: bool = False) -> list[Square]: ...
    def current_path(self) -> list[Square]: ...
    def random_walks(self, seed: int, attempts: int | None, until_found: bool) -> None: ...
    @property
    def tally(self) -> WalkTally: ...
    def stats(self) -> Stats: ...
    @property
    def solutions(self) -> int: ...


@dataclass
class TourResult:
    """One search for one tour: its status, the tour (a path of squares) and the counters.

    For the greedy walks (accessibility, lookahead) `path` is the walk even when it got stuck
    before the last square, and `reached` the number of squares it visited."""

    status: Status
    board: Board
    start: Square
    path: list[Square] | None
    stats: Stats = field(default_factory=Stats)
    closed: bool = False
    reached: int | None = None

    @property
    def found(self) -> bool:
        return self.status == Status.FOUND

    def numbered(self) -> list[list[int]]:
        """The board with step numbers 1..R·C along the tour, 0 where unvisited."""
        grid = [[0] * self.board.cols for _ in range(self.board.rows)]
        for step, (row, col) in enumerate(self.path or [self.start], start=1):
            grid[row][col] = step
        return grid

    def to_dict(self) -> dict[str, Any]:
        return {
            "status": str(self.status),
            "found": self.found,
            "board": self.numbered() if self.path else None,
            "path": [list(square) for square in self.path] if self.path else None,
            **({"reached": self.reached} if self.reached is not None else {}),
            "stats": self.stats.to_dict(),
        }


@dataclass
class TourCount(CountResult):
    """A count of tours from one start; `undirected` is given for closed tours (each one is
    found twice from its start, once in each direction)."""

    undirected: int | None = None

    def to_dict(self) -> dict[str, Any]:
        document = super().to_dict()
        if self.undirected is not None:
            document["undirected"] = self.undirected
        return document


@dataclass(frozen=True)
class TourProblem:
    """A checked tour problem: the board, the moves in their order, the start, open or closed."""

    board: Board
    moves: tuple[Move, ...]
    start: Square
    closed: bool = False

    @classmethod
    def make(
        cls,
        board: Board,
        start: Square = (0, 0),
        moves: Sequence[Move] | None = None,
        closed: bool = False,
    ) -> TourProblem:
        if not board.contains(start):
            raise InvalidInput(f"start: {start[0]},{start[1]} is off the {board} board")
        return cls(board, tuple(moves) if moves is not None else make_moves(), (start[0], start[1]), closed)

    def at(self, start: Square) -> TourProblem:
        return TourProblem(self.board, self.moves, start, self.closed)

    @property
    def symmetric(self) -> bool:
        """True when the reverse of every move is a move too (as for every leaper)."""
        return all((-dr, -dc) in self.moves for dr, dc in self.moves)

    @property
    def impossible(self) -> bool:
        """A closed tour alternates colours when every move does, so it needs an even number
        of squares: on an odd board the answer is known at once."""
        colour_changing = all((dr + dc) % 2 for dr, dc in self.moves)
        return self.closed and colour_changing and self.board.n_squares % 2 == 1


def _check_choice(name: str, value: str, choices: Sequence[str]) -> None:
    if value not in choices:
        raise InvalidInput(f"{name}: {value!r} is not one of {', '.join(choices)}")


def make_search(problem: TourProblem, method: str, engine: str, control: SearchControl) -> TourSearch:
    _check_choice("engine", engine, ENGINES)
    if method == "prune" and not problem.symmetric:
        raise InvalidInput(
            "method: 'prune' counts the ways into a square with the moves out of it, so it needs the "
            "reverse of each move in the move set (every leaper has them)"
        )
    if engine == "numba":
        from essais.knights.compiled import CompiledTour  # compiled code loads only when asked for

        return CompiledTour(problem.board, problem.moves, problem.start, problem.closed, control)
    return TextbookTour(problem.board, problem.moves, problem.start, problem.closed, control)


def find_tour(
    problem: TourProblem,
    *,
    method: str = "warnsdorff",
    engine: str = "numba",
    limits: Limits | None = None,
) -> TourResult:
    """The first tour the method finds, or why there is none (status none, limit, interrupted)."""
    _check_choice("method", method, METHODS)
    if method == "random":  # one random walk; essais.knights.random_tours runs many
        from essais.knights.random_tours import random_tours

        return random_tours(problem, engine=engine, attempts=1, limits=limits).as_tour()
    if method in WALK_METHODS:
        return _walk(problem, method, engine, limits)
    if problem.impossible:
        return TourResult(Status.NONE, problem.board, problem.start, None, Stats(), problem.closed)
    with SearchControl(limits) as control:
        search = make_search(problem, method, engine, control)
        control.restart_clock()  # the search alone, not the set-up
        try:
            # the first tour of the complete search is what 000 §3.8 finds (TextbookTour.tours)
            path = search.warnsdorff() if method == "warnsdorff" else next(iter(search.tours(method)), None)
            status = Status.FOUND if path is not None else Status.NONE
        except SearchStopped as stop:
            path, status = None, stop.status
        return TourResult(status, problem.board, problem.start, path, search.stats(), problem.closed)


def _walk(problem: TourProblem, method: str, engine: str, limits: Limits | None) -> TourResult:
    """001 §4's greedy walks: found when the walk covers the board (and, for --closed, its
    last square attacks the first), none when it gets stuck, with the squares it reached."""
    with SearchControl(limits) as control:
        search = make_search(problem, method, engine, control)
        control.restart_clock()
        try:
            path = search.accessibility(lookahead=method == "lookahead")
            full = len(path) == problem.board.n_squares
            closes = not problem.closed or attacks(problem.moves, path[-1], problem.start)
            status = Status.FOUND if full and closes else Status.NONE
        except SearchStopped as stop:
            path, status = search.current_path(), stop.status
        return TourResult(status, problem.board, problem.start, path, search.stats(), problem.closed, len(path))


def _check_complete(method: str) -> None:
    _check_choice("method", method, METHODS)
    if method not in COMPLETE_METHODS:
        raise InvalidInput(
            f"method: {method!r} does not search every branch, so it cannot list or count every "
            f"tour; use {' or '.join(COMPLETE_METHODS)}"
        )


class TourStream:
    """Every tour from one start, in depth-first order, lazily: iterate over it to get the
    paths; afterwards `result` says how it ended (complete, found = `limit` tours given,
    limit or interrupted) with the count and the counters."""

    def __init__(
        self,
        problem: TourProblem,
        method: str = "basic",
        engine: str = "numba",
        limit: int | None = None,
        limits: Limits | None = None,
    ) -> None:
        _check_complete(method)
        if limit is not None and limit < 1:
            raise InvalidInput(f"limit: {limit} must be at least 1")
        self.problem, self.method, self.engine = problem, method, engine
        self.limit, self.limits = limit, limits
        self.result = TourCount(Status.COMPLETE, 0)

    def __iter__(self) -> Iterator[list[Square]]:
        if self.problem.impossible:
            return
        with SearchControl(self.limits) as control:
            search = make_search(self.problem, self.method, self.engine, control)
            control.restart_clock()
            try:
                for path in search.tours(self.method):
                    self.result.count += 1
                    self.result.stats = search.stats()
                    yield path
                    if self.result.count == self.limit:
                        self.result.status = Status.FOUND
                        break
            except SearchStopped as stop:
                self.result.status = stop.status
            except GeneratorExit:  # the caller stopped iterating: tours were found, not all of them
                self.result.status = Status.FOUND
                self.result.stats = search.stats()
                raise
            self.result.stats = search.stats()


def count_tours(
    problem: TourProblem,
    *,
    method: str = "basic",
    engine: str = "numba",
    limits: Limits | None = None,
) -> TourCount:
    """The number of tours from the start (directed; closed tours also undirected)."""
    _check_complete(method)
    if problem.impossible:
        return TourCount(Status.COMPLETE, 0, Stats(), 0 if problem.closed else None)
    with SearchControl(limits) as control:
        search = make_search(problem, method, engine, control)
        control.restart_clock()
        try:
            count, status = search.count(method), Status.COMPLETE
        except SearchStopped as stop:
            count, status = search.solutions, stop.status  # the tours counted before it stopped
        undirected = count // 2 if problem.closed else None
        return TourCount(status, count, search.stats(), undirected)


@dataclass
class StartRow:
    """One line of the table over every start square."""

    start: Square
    result: TourResult | TourCount

    @property
    def found(self) -> bool:
        """A tour was found (or, for a count, at least one was counted)."""
        if isinstance(self.result, TourCount):
            return self.result.count > 0
        return self.result.found

    def to_dict(self) -> dict[str, Any]:
        document: dict[str, Any] = {"start": list(self.start), "status": str(self.result.status), "found": self.found}
        if isinstance(self.result, TourCount):
            document["count"] = self.result.count
            if self.result.undirected is not None:
                document["undirected"] = self.result.undirected
        elif self.result.reached is not None:
            document["reached"] = self.result.reached
        document["stats"] = self.result.stats.to_dict()
        return document


@dataclass
class EveryStart:
    """The table of 000 §5's remarks: one search (or count) per start square. It is complete
    even where some starts fail or hit a limit; only Ctrl-C leaves it unfinished."""

    rows: list[StartRow]
    counting: bool

    @property
    def status(self) -> Status:
        interrupted = bool(self.rows) and self.rows[-1].result.status == Status.INTERRUPTED
        return Status.INTERRUPTED if interrupted else Status.COMPLETE

    @property
    def total(self) -> int | None:
        if not self.counting:
            return None
        return sum(row.result.count for row in self.rows if isinstance(row.result, TourCount))

    @property
    def full_tours(self) -> int:
        """How many starts give a tour (001 §4.3's survey question)."""
        return sum(1 for row in self.rows if row.found)

    def to_dict(self) -> dict[str, Any]:
        document: dict[str, Any] = {"status": str(self.status), "starts": [row.to_dict() for row in self.rows]}
        if self.counting:
            document["total"] = self.total
        elif any(isinstance(row.result, TourResult) and row.result.reached is not None for row in self.rows):
            document["full_tours"] = self.full_tours
        return document


def every_start(
    problem: TourProblem,
    *,
    method: str = "warnsdorff",
    engine: str = "numba",
    count: bool = False,
    limits: Limits | None = None,
) -> Iterator[StartRow]:
    """One search (or, with `count`, one count) per start square in reading order; the limits
    apply to each start. Stops after a start that Ctrl-C interrupted."""
    for start in problem.board.squares():
        here = problem.at(start)
        if count:
            result: TourResult | TourCount = count_tours(here, method=method, engine=engine, limits=limits)
        else:
            result = find_tour(here, method=method, engine=engine, limits=limits)
        yield StartRow(start, result)
        if result.status == Status.INTERRUPTED:
            return
