"""The longest uncrossed knight's path (000's introduction), found and proved
optimal by branch and bound.

A path of knight moves is uncrossed when no two of its moves (drawn as segments between
square centres) cross, and no square is visited twice. The search is depth-first; a branch
is cut when even an optimistic count of the moves still possible cannot beat the best path
so far, so when the search ends the best path is proved optimal. Symmetry: every path has an
image under the board's symmetries that starts on a square of one fundamental region, so only
those starts are searched (and, from a start on an axis, only one of each pair of mirror-image
first moves).

Known lengths (jumps) on n×n: open 2, 5, 10, 17, 24, 35, 47 for n = 3…9 (OEIS A003192);
closed 4, 8, 12, 24, 32, 42 for n = 4…9 (OEIS A157416).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, overload

from essais.core.board import Board, Square, SquarePath, format_square, make_moves, numbered_text
from essais.core.engine import Engine, Methods
from essais.core.result import Result, Stats, Status, format_seconds, plural, subtrees_text
from essais.draw.picture import Pictured
from essais.uncrossed.draw import uncrossed_svg

if TYPE_CHECKING:
    from rich.console import RenderableType

# bound: the branch and bound, one start after the other, in both engines (equal counters);
# parallel: the same search cut into sub-trees (a start and its first move) run on several
# processes that share their best path, numba only: the answer is the same, the
# counters depend on the timing (a sub-tree prunes with what the others have found so far)
METHODS = Methods({"bound": ("python", "numba"), "parallel": ("numba",)},
                  default={"python": "bound", "numba": "bound"})  # fmt: skip

NO_SQUARE = -1


def _orientation(a: Square, b: Square, c: Square) -> int:
    value = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    return (value > 0) - (value < 0)


def segments_cross(p: tuple[Square, Square], q: tuple[Square, Square]) -> bool:
    """True when the two segments cross at a point inside both. Knight moves never pass
    through a square centre and two of them never overlap, so this is the only way two moves
    that share no square can meet."""
    return (
        _orientation(p[0], p[1], q[0]) * _orientation(p[0], p[1], q[1]) < 0
        and _orientation(q[0], q[1], p[0]) * _orientation(q[0], q[1], p[1]) < 0
    )


@dataclass(frozen=True)
class KnightGraph:
    """The board's knight moves as numbered edges, and which edges cross which.

    `neighbours[s]` lists (square, edge) pairs in 000's move order (square numbers are reading
    order); `crossing[e]` lists the edges that cross edge e; `color[s]` is (row + col) % 2."""

    board: Board
    edges: list[tuple[int, int]]
    neighbours: list[list[tuple[int, int]]]
    crossing: list[list[int]]
    color: list[int]

    @classmethod
    def of(cls, board: Board, check: Callable[[], None] | None = None) -> KnightGraph:
        """The board's graph; `check()` is called row after row (a time limit, Ctrl-C)."""
        edge_of: dict[frozenset[int], int] = {}
        edges: list[tuple[int, int]] = []
        neighbours: list[list[tuple[int, int]]] = []
        touching: list[list[int]] = [[] for _ in range(board.n_squares)]  # the edges at each square
        for square in board.squares():
            if check is not None and square[1] == 0:
                check()
            here = board.index(square)
            row = []
            for dr, dc in make_moves():
                target = (square[0] + dr, square[1] + dc)
                if board.contains(target):
                    there = board.index(target)
                    key = frozenset((here, there))
                    if key not in edge_of:
                        edge_of[key] = len(edges)
                        touching[here].append(len(edges))
                        touching[there].append(len(edges))
                        edges.append((here, there))
                    row.append((there, edge_of[key]))
            neighbours.append(row)
        segments = [(board.square(a), board.square(b)) for a, b in edges]
        crossing = []
        for number, segment in enumerate(segments):
            if check is not None and number % 4096 == 0:
                check()
            crossing.append([f for f in _near(board, segment, touching) if segments_cross(segment, segments[f])])
        color = [(row + col) % 2 for row, col in board.squares()]
        return cls(board, edges, neighbours, crossing, color)


# What the search takes a square, graph and engine state, measured with tracemalloc (60×60 boards)
BYTES_PER_SQUARE = 3000
# 200×200 at most: its graph takes about a second to build, and the longest path is proved only
# up to 8×8 (9×9 is a stretch): on larger boards the search can only give its best so far.
MAX_SQUARES = 40_000


def _near(board: Board, segment: tuple[Square, Square], touching: list[list[int]]) -> list[int]:
    """The edges that might cross a move, in increasing order: a move spans at most 2 rows and
    2 columns, so one that crosses this one has both ends within 2 of its bounding box."""
    (r1, c1), (r2, c2) = segment
    near = set()
    for row in range(max(0, min(r1, r2) - 2), min(board.rows, max(r1, r2) + 3)):
        for col in range(max(0, min(c1, c2) - 2), min(board.cols, max(c1, c2) + 3)):
            near.update(touching[board.index((row, col))])
    return sorted(near)


@dataclass(frozen=True)
class Start:
    """One start of the search: the square, the first moves to try (`first[s]`), and the
    squares the path may end on (`ends[s]`)."""

    square: int
    first: list[bool]
    ends: list[bool]


class Plan(Sequence[Start]):
    """The starts of a search, each made when it is reached (a start holds two flags a square:
    all of them at once would grow with the square of the board)."""

    def __init__(self, board: Board, squares: list[int], make: Callable[[int], Start]) -> None:
        self.board, self.squares, self.make = board, squares, make

    def __len__(self) -> int:
        return len(self.squares)

    @overload
    def __getitem__(self, index: int) -> Start: ...
    @overload
    def __getitem__(self, index: slice) -> list[Start]: ...
    def __getitem__(self, index: int | slice) -> Start | list[Start]:
        if isinstance(index, slice):
            return [self.make(square) for square in self.squares[index]]
        return self.make(self.squares[index])


def search_plan(board: Board) -> Plan:
    """The starts to search for open paths, in reading order: one square per orbit of the
    board's symmetries (the smallest). From a start that a symmetry fixes, of the first moves it
    maps onto each other only the smallest is tried. A path may not end on a square of an orbit
    searched before: reversed and mapped by a symmetry it is a path from that orbit's start,
    which was already searched, so it cannot beat the best."""
    maps = board.symmetries()
    orbit = [min(board.index(g(*square)) for g in maps) for square in board.squares()]

    def start(index: int) -> Start:
        square = board.square(index)
        fixing = [g for g in maps if g(*square) == square]
        first = [min(board.index(g(*target)) for g in fixing) == board.index(target) for target in board.squares()]
        ends = [orbit[other] >= index for other in range(board.n_squares)]
        return Start(index, first, ends)

    return Plan(board, [index for index in range(board.n_squares) if orbit[index] == index], start)


def closed_plan(board: Board) -> Plan:
    """Closed paths are searched from their smallest square: every square in turn."""
    everywhere = [True] * board.n_squares
    return Plan(board, list(range(board.n_squares)), lambda index: Start(index, everywhere, everywhere))


class UncrossedSearch(Engine, Protocol):
    """What both engines offer (uncrossed.textbook and uncrossed.compiled)."""

    def run(self, plan: Sequence[Start]) -> None: ...
    @property
    def best(self) -> list[int]: ...
    def stats(self) -> Stats: ...


def path_jumps(squares: int, closed: bool) -> int:
    """The moves of a path of that many squares (closed: the move back to the start included;
    0 with no square)."""
    return max(squares - 1, 0) + (1 if closed and squares > 2 else 0)


@dataclass(eq=False, repr=False)
class UncrossedResult(Pictured, Result):
    """The longest uncrossed path found (`path`, a `SquarePath`): `optimal` when the search ran
    to its end. With `beat` (the jumps of a path the search held from its start) there may be no
    path: status NONE, an empty path, when the search proved that none has more than `beat`
    jumps."""

    status: Status
    board: Board
    closed: bool
    path: SquarePath
    stats: Stats = field(default_factory=Stats)
    split: dict[str, int] | None = None  # method parallel: sub-trees done / total / resumed from a checkpoint
    beat: int | None = None
    method: str | None = None
    engine: str | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.path, SquarePath):
            self.path = SquarePath(self.path)

    @property
    def jumps(self) -> int:
        return path_jumps(len(self.path), self.closed)

    @property
    def optimal(self) -> bool:
        return self.status == Status.FOUND

    @property
    def found(self) -> bool:
        return bool(self.path)

    @property
    def solution(self) -> SquarePath:
        return self.path

    @property
    def kind(self) -> str:
        return "closed uncrossed path" if self.closed else "uncrossed path"

    def headline(self) -> str:
        kind, board, ran = self.kind, self.board, self._ran()
        if not self.path:  # (with beat)
            if self.status == Status.NONE:
                return f"no {kind} on {board} has more than {plural(self.beat or 0, 'jump')} (proved){ran}"
            return f"stopped ({self.status}): no {kind} on {board} longer than {self.beat} jumps found so far{ran}"
        if self.optimal:
            return f"longest {kind} on {board}: {plural(self.jumps, 'jump')} (proved optimal){ran}"
        return f"stopped ({self.status}): the longest {kind} so far on {board}: {plural(self.jumps, 'jump')}{ran}"

    def brief(self) -> str:
        return f"{self.board}: {plural(self.jumps, 'jump')}" if self.path else f"{self.board}: no path"

    def text(self) -> str:
        """The path numbered on the board, its ends, and how far a split search got."""
        lines = []
        if self.path:
            ends = f"from {format_square(self.path[0])} to {format_square(self.path[-1])}"
            lines += [numbered_text(self.board.numbered(self.path)), ends]
        return "\n".join([*lines, subtrees_text(self.split, self.status)]).strip("\n")

    def rich_text(self) -> RenderableType:
        from rich.console import Group  # rich loads only when a result is shown
        from rich.text import Text

        from essais.draw.terminal import numbered_board_lines

        if not self.path:
            return super().rich_text()
        rest = self.text().split("\n")[self.board.rows :]
        return Group(numbered_board_lines(self.board.numbered(self.path), self.path), Text("\n".join(rest)))

    def to_svg(self) -> str:
        """The path through the squares' centres, its squares numbered (up to 50×50)."""
        return uncrossed_svg(self.board, self.path, self.closed, self.jumps)

    def to_dict(self) -> dict[str, Any]:
        return {
            "status": str(self.status),
            "jumps": self.jumps,
            "path": self.path.tolist(),
            "optimal": self.optimal,
            "closed": self.closed,
            "found": self.found,
            **self.ran_keys(),
            "stats": self.stats.to_dict(),
            **({"subtrees": self.split} if self.split is not None else {}),
            **({"beat": self.beat} if self.beat is not None else {}),
        }


@dataclass(eq=False, repr=False)
class UncrossedEstimate(Result):
    """Knuth's estimate of a branch and bound's size before it is run (api.estimate_uncrossed):
    the nodes method bound searches when it holds a path of `beat` jumps from its first node
    (so proving that none is longer), from `probes` random walks down its tree; `error` is the
    standard error of `nodes`; the time at `seconds_per_node`, measured here. Both are None
    when a limit stopped the probes before every start of the plan had two."""

    status: Status
    board: Board
    closed: bool
    beat: int
    nodes: float | None
    error: float | None
    probes: int
    seconds_per_node: float
    stats: Stats = field(default_factory=Stats)
    method: str | None = "bound"
    engine: str | None = "numba"

    @property
    def found(self) -> bool:
        return self.nodes is not None

    @property
    def solution(self) -> float | None:
        """The estimate itself: the nodes of the search (None when there is none)."""
        return self.nodes

    @property
    def seconds(self) -> float | None:
        """The search's projected time on one core of this machine."""
        return None if self.nodes is None else self.nodes * self.seconds_per_node

    def headline(self) -> str:
        kind = "closed uncrossed path" if self.closed else "uncrossed path"
        if self.nodes is None or self.error is None or self.seconds is None:
            return f"no estimate: stopped ({self.status}) after {self.probes:,} probes"
        stopped = "" if self.status.finished else f"stopped ({self.status}), so far: "
        return (
            f"{stopped}proving that no {kind} on {self.board} has more than {self.beat} jumps: about"
            f" {self.nodes:.3g} nodes (standard error {self.error / self.nodes:.0%}, {self.probes:,} probes);"
            f" at {self.seconds_per_node * 1e9:.0f} ns a node, about {format_seconds(self.seconds)} on one core"
        )

    def brief(self) -> str:
        return f"{self.board}: about {self.nodes:.3g} nodes" if self.nodes is not None else f"{self.board}: no estimate"

    def stats_text(self) -> str:
        return f"the probes visited {plural(self.stats.nodes, 'node')} in {format_seconds(self.stats.seconds)}"

    def to_dict(self) -> dict[str, Any]:
        return {
            "status": str(self.status),
            "closed": self.closed,
            "beat": self.beat,
            "nodes": self.nodes,
            "standard_error": self.error,
            "probes": self.probes,
            "seconds_per_node": self.seconds_per_node,
            "projected_seconds": self.seconds,
            "found": self.found,
            **self.ran_keys(),
            "stats": self.stats.to_dict(),
        }
