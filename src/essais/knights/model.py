"""Knight's tours: the problem and its results.

A `TourProblem` is a checked board, move list (in its order), start and open/closed choice;
searches return a `TourResult` (one tour), a `TourCount`, a table of `StartRow`s over every
start (`EveryStart`) or, for 001 §5's random walks, `RandomTours`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

import numpy as np

from essais.core.board import Board, Move, Square, SquarePath, as_board, format_square, make_moves, numbered_text
from essais.core.engine import Engine, Methods
from essais.core.errors import InvalidInput
from essais.core.recording import EventLog
from essais.core.result import CountResult, Result, Stats, Status, SweepStats, plural
from essais.draw.picture import Pictured
from essais.draw.player import Replay
from essais.draw.svg import MAX_LABELLED, board_svg

if TYPE_CHECKING:
    from rich.console import RenderableType

BOTH = ("python", "numba")
METHODS = Methods(
    {
        "linear": ("numba",),
        "basic": BOTH,
        "band": BOTH,
        "prune": BOTH,
        "warnsdorff": BOTH,
        "accessibility": BOTH,
        "lookahead": BOTH,
        "random": BOTH,
        "frontier": ("numba",),
    },
    default={"python": "warnsdorff", "numba": "linear"},  # warnsdorff for other moves than the knight's
    count_default={"python": "prune", "numba": "prune"},  # basic for moves without their reverses
)
# linear: the knight's tour on every board with one, by a heuristic or a construction (knight only)
COMPLETE_METHODS = ("basic", "band", "prune")  # the complete depth-first searches: they can enumerate
SWEEP_METHODS = ("frontier",)  # counts by a sweep over states: they count without enumerating
WALK_METHODS = ("accessibility", "lookahead", "random")  # walks: no backtracking, they report how far they got
SHOWN_SIDE = 40  # a tour of a board with a longer side is summed up rather than printed


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
        if not isinstance(board, Board):
            raise InvalidInput(f"board: {board!r} is not a Board (use Board(rows, cols) or Board.parse('8'))")
        if not _is_pair(start):
            raise InvalidInput(f"start: {start!r} is not a (row, col) pair of whole numbers")
        if not board.contains(start):
            raise InvalidInput(f"start: {start[0]},{start[1]} is off the {board} board")
        if moves is not None and (isinstance(moves, str) or not all(_is_pair(move) for move in moves)):
            raise InvalidInput(f"moves: {moves!r} is not a sequence of (drow, dcol) pairs of whole numbers")
        chosen = tuple((move[0], move[1]) for move in moves) if moves is not None else make_moves()
        if not chosen:
            raise InvalidInput("moves: the list is empty")
        return cls(board, chosen, (start[0], start[1]), closed)

    def at(self, start: Square) -> TourProblem:
        return TourProblem(self.board, self.moves, start, self.closed)

    def symmetries(self) -> list[Callable[[int, int], Square]]:
        """The board's symmetries that also map the move set onto itself: they map the tours
        from one start onto the tours from its image, one for one."""
        kept = []
        for g in self.board.symmetries():
            origin = g(0, 0)
            images = {(g(dr, dc)[0] - origin[0], g(dr, dc)[1] - origin[1]) for dr, dc in self.moves}
            if images == set(self.moves):
                kept.append(g)
        return kept

    @property
    def knight(self) -> bool:
        """True when the moves are the knight's (in any order)."""
        return set(self.moves) == set(make_moves())

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


def _is_pair(value: Any) -> bool:
    """A (row, col) or (drow, dcol) pair of whole numbers."""
    return (
        isinstance(value, tuple | list)
        and len(value) == 2
        and all(isinstance(part, int) and not isinstance(part, bool) for part in value)
    )


def check_problem(problem: Any) -> TourProblem:
    """The problem a package function was given: a TourProblem, or a board as a user types it
    (8, "5x6", (5, 6), a Board: the knight from 0,0, open)."""
    if isinstance(problem, TourProblem):
        return problem
    try:
        return TourProblem.make(as_board(problem))
    except InvalidInput:
        raise InvalidInput(
            f"problem: {problem!r} is neither a TourProblem (TourProblem.make(board, ...)) nor a board size"
        ) from None


@dataclass(eq=False, repr=False)
class TourResult(Pictured, Result):
    """One search for one tour: its status, the tour and the counters.

    `path` is a `SquarePath` whatever the method: the squares in order as (row, col) tuples,
    backed by an (n, 2) int32 array; empty when there is no tour. For the greedy walks
    (accessibility, lookahead, random) it is the walk even when it got stuck before the last
    square, and `reached` the number of squares it visited."""

    status: Status
    board: Board
    start: Square
    path: SquarePath = field(default_factory=lambda: SquarePath([]))
    stats: Stats = field(default_factory=Stats)
    closed: bool = False
    reached: int | None = None
    method: str | None = None
    engine: str | None = None
    by: str | None = None  # method linear: "heuristic", "construction" or "search"
    reason: str | None = None  # status none: the theorem or argument that settles it

    def __post_init__(self) -> None:
        if not isinstance(self.path, SquarePath):
            self.path = SquarePath([] if self.path is None else self.path)

    @property
    def found(self) -> bool:
        return self.status == Status.FOUND

    @property
    def solution(self) -> SquarePath:
        return self.path

    @property
    def kind(self) -> str:
        return "closed tour" if self.closed else "tour"

    def where(self) -> str:
        """`on 8x8 from 0,0`."""
        return f"on {self.board} from {format_square(self.start)}"

    def headline(self) -> str:
        """What the command line says first: the tour found, or why there is none."""
        kind, where = self.kind, self.where()
        if self.status == Status.FOUND:
            method = f"{self.method}: {self.by}" if self.by else self.method
            return f"{kind} {where} ({', '.join(name for name in (method, self.engine) if name)})"
        if self.status == Status.NONE:
            return f"no {kind} {where}: {self.reason or self._why_none()}"
        return f"stopped ({self.status}) {where} before a {kind} was found"

    def _why_none(self) -> str:
        method = self.method
        if method in COMPLETE_METHODS:
            return "the search is complete, so none exists"
        if method in WALK_METHODS:
            return f"{method} got stuck after {self.reached} squares (it never backtracks)"
        return f"none among the squares {method} tries (ties only); method basic searches them all"

    def brief(self) -> str:
        ended = f": {len(self.path):,} squares" if self.path else ""
        return f"{self.board} from {format_square(self.start)}{ended}"

    def numbered(self) -> list[list[int]]:
        """The board with step numbers 1..R·C along the tour, 0 where unvisited."""
        return self.board.numbered(self.path if self.path else [self.start])

    def text(self) -> str:
        if not self.path:
            return ""
        if max(self.board.rows, self.board.cols) > SHOWN_SIDE:
            return self.ends()
        return numbered_text(self.numbered())

    def ends(self) -> str:
        """`64 squares, from 0,0 to 7,6`: the path summed up."""
        return f"{len(self.path):,} squares, from {format_square(self.path[0])} to {format_square(self.path[-1])}"

    def rich_text(self) -> RenderableType:
        if max(self.board.rows, self.board.cols) > SHOWN_SIDE:
            return super().rich_text()
        from essais.draw.terminal import numbered_board_lines  # rich loads only when a result is shown

        return numbered_board_lines(self.numbered(), self.path)

    def squares(self) -> list[list[int]] | None:
        """The path as [row, col] lists (JSON's form), None when there is none."""
        return self.path.tolist() if self.path else None

    @property
    def drawable(self) -> bool:
        """A tour, or the squares a walk reached before it got stuck."""
        return bool(self.path)

    def to_svg(self) -> str:
        """The tour as a picture: the board, the step numbers (up to 50×50), the path through the
        squares' centres (closed when the tour is), its start circled green and its end red."""
        if not self.path:
            raise InvalidInput("svg: there is no tour to draw")
        numbers = self.numbered() if max(self.board.rows, self.board.cols) <= MAX_LABELLED else None
        return board_svg(
            self.board.rows,
            self.board.cols,
            numbers=numbers,
            path=self.path.array,
            closed=self.closed and self.found,
            title=f"a knight's {self.kind} of the {self.board} board",
        )

    def save(self, file: str | Path) -> None:
        """Write the path as a numpy file: an (R·C, 2) int32 array of (row, col), in tour order."""
        if not str(file).endswith(".npy"):
            raise InvalidInput(f"output: {str(file)!r} must be a .npy file")
        if not self.path:
            raise InvalidInput("output: there is no tour to write")
        np.save(file, self.path.array)

    def to_dict(self, with_path: bool = True) -> dict[str, Any]:
        """The JSON document; without the path and the numbered board when `with_path` is false
        (a tour written to a file)."""
        path = self.squares() if with_path else None
        extra = {key: value for key, value in (("by", self.by), ("reason", self.reason)) if value is not None}
        return {
            "status": str(self.status),
            "found": self.found,
            "board": self.numbered() if path else None,
            "path": path,
            **({"reached": self.reached} if self.reached is not None else {}),
            **self.ran_keys(),
            **extra,
            "stats": self.stats.to_dict(),
        }


@dataclass(eq=False, repr=False)
class TourCount(CountResult):
    """A count of tours from one start, or over every start (`start` None).

    From a start, `count` is the directed tours from it; over every start, the sum of those
    counts over the squares (`--count --every-start`'s total). `directed` and `undirected`
    give the board's own numbers: an open tour and its reverse are two directed tours and one
    undirected; a closed tour is one undirected tour (a cycle) and two directed ones from any
    start (one each way). From a start, `undirected` is given for closed tours only.
    `known` is false when a count that is only known at its end (method frontier) was stopped:
    `count` is then 0 and means nothing. `split` when it ran as sub-trees."""

    board: Board | None = None
    start: Square | None = None  # None: every start
    closed: bool = False
    known: bool = True

    @property
    def undirected(self) -> int | None:
        if self.start is not None:
            return self.count // 2 if self.closed else None
        squares = self.board.n_squares if self.board else 1
        if self.closed:
            return self.count // (2 * squares)
        return self.count if squares == 1 else self.count // 2

    @property
    def directed(self) -> int:
        """Directed tours: from the start, or over the whole board (a closed tour: from any start)."""
        if self.start is None and self.closed:
            return 2 * (self.undirected or 0)
        return self.count

    def counted(self) -> str:
        kind = "closed tour" if self.closed else "tour"
        if not self.known:
            steps = (
                f" at step {self.stats.steps:,} of {self.stats.of_steps:,}"
                if isinstance(self.stats, SweepStats)
                else ""
            )
            return f"no count (stopped{steps}; a frontier count is known only at its last step)"
        if self.start is None and self.closed:
            return f"{plural(self.undirected or 0, 'undirected ' + kind)}, {self.directed:,} directed from any start"
        if self.undirected is not None:
            return f"{plural(self.count, 'directed ' + kind)}, {self.undirected:,} undirected"
        return plural(self.count, kind)

    def headline(self) -> str:
        prefix = "" if self.status == Status.COMPLETE else f"stopped ({self.status}): "
        if self.known and prefix:
            prefix = f"stopped ({self.status}) after counting "
        where = f" on {self.board}" if self.board else ""
        where += f" from {format_square(self.start)}" if self.start is not None else " from every start"
        return f"{prefix}{self.counted()}{where}{self._ran()}"

    def to_dict(self) -> dict[str, Any]:
        document = super().to_dict()
        if not self.known:
            document["count"] = None
            return document
        if self.start is None:
            document["directed"] = self.directed
        if self.undirected is not None:
            document["undirected"] = self.undirected
        return document


@dataclass(eq=False, repr=False)
class TourReplay(Replay):
    """A tour search watched square by square (`essais.knights.watch_tour`): its result (`tour`)
    and the events it recorded; `to_html()` is the page that replays them."""

    @property
    def tour(self) -> TourResult:
        assert isinstance(self.result, TourResult)
        return self.result

    @classmethod
    def of(cls, tour: TourResult, log: EventLog, method: str) -> TourReplay:
        """The replay of `tour`'s search: the board starts with the start square numbered 1."""
        board, start = tour.board, tour.start
        initial = [[1 if (row, col) == start else 0 for col in range(board.cols)] for row in range(board.rows)]
        kind = "closed tour" if tour.closed else "tour"
        title = f"essais: a knight's {kind} search on the {board} board from {start[0]},{start[1]} ({method})"
        return cls(tour, log, board.rows, board.cols, initial, title, method=method)


class TourSearch(Engine, Protocol):
    """What both engines offer (knights.textbook.TextbookTour and knights.compiled.CompiledTour)."""

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
class WalkTally:
    """What random walks from one start gave so far (001 §5): how many walks, how many
    numbered k squares (`lengths[k]`), the longest walk (the first to reach that length), the
    full tours, and the full tour that ended an `until_found` run."""

    squares: int
    attempts: int = 0
    full_tours: int = 0
    lengths: list[int] = field(default_factory=list)
    best_path: list[Square] = field(default_factory=list)
    found_path: list[Square] | None = None

    def __post_init__(self) -> None:
        self.lengths = self.lengths or [0] * (self.squares + 1)

    def record(self, path: list[Square], is_tour: bool) -> None:
        self.lengths[len(path)] += 1
        if len(path) > len(self.best_path):
            self.best_path = list(path)
        if is_tour:
            self.full_tours += 1
