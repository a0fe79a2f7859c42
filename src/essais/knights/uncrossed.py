"""The longest uncrossed knight's path (000's introduction, SPEC §2.3), found and proved
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

import sys
from dataclasses import dataclass, field
from typing import Any

from essais.core.errors import InvalidInput
from essais.core.limits import Limits, SearchControl, SearchStopped
from essais.core.result import Stats, Status
from essais.knights.board import Board, Square, make_moves

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
    order); `crossing[e]` lists the edges that cross edge e; `colour[s]` is (row + col) % 2."""

    board: Board
    edges: list[tuple[int, int]]
    neighbours: list[list[tuple[int, int]]]
    crossing: list[list[int]]
    colour: list[int]

    @classmethod
    def of(cls, board: Board) -> KnightGraph:
        edge_of: dict[frozenset[int], int] = {}
        edges: list[tuple[int, int]] = []
        neighbours: list[list[tuple[int, int]]] = []
        for square in board.squares():
            here = board.index(square)
            row = []
            for dr, dc in make_moves():
                target = (square[0] + dr, square[1] + dc)
                if board.contains(target):
                    there = board.index(target)
                    key = frozenset((here, there))
                    if key not in edge_of:
                        edge_of[key] = len(edges)
                        edges.append((here, there))
                    row.append((there, edge_of[key]))
            neighbours.append(row)
        segments = [(board.square(a), board.square(b)) for a, b in edges]
        crossing = [[f for f, other in enumerate(segments) if segments_cross(segment, other)] for segment in segments]
        colour = [(row + col) % 2 for row, col in board.squares()]
        return cls(board, edges, neighbours, crossing, colour)


@dataclass(frozen=True)
class Start:
    """One start of the search: the square, the first moves to try (`first[s]`), and the
    squares the path may end on (`ends[s]`)."""

    square: int
    first: list[bool]
    ends: list[bool]


def search_plan(board: Board) -> list[Start]:
    """The starts to search for open paths, in reading order: one square per orbit of the
    board's symmetries (the smallest). From a start that a symmetry fixes, of the first moves it
    maps onto each other only the smallest is tried. A path may not end on a square of an orbit
    searched before: reversed and mapped by a symmetry it is a path from that orbit's start,
    which was already searched, so it cannot beat the best."""
    maps = board.symmetries()
    orbit = [min(board.index(g(*square)) for g in maps) for square in board.squares()]
    plan = []
    for square in board.squares():
        index = board.index(square)
        if orbit[index] != index:
            continue
        fixing = [g for g in maps if g(*square) == square]
        first = [min(board.index(g(*target)) for g in fixing) == board.index(target) for target in board.squares()]
        ends = [orbit[other] >= index for other in range(board.n_squares)]
        plan.append(Start(index, first, ends))
    return plan


def closed_plan(board: Board) -> list[Start]:
    """Closed paths are searched from their smallest square: every square in turn."""
    everywhere = [True] * board.n_squares
    return [Start(index, everywhere, everywhere) for index in range(board.n_squares)]


@dataclass
class Uncrossed:
    """The longest uncrossed path found: `optimal` when the search ran to its end."""

    status: Status
    board: Board
    closed: bool
    path: list[Square]
    stats: Stats = field(default_factory=Stats)

    @property
    def jumps(self) -> int:
        """Moves in the path (for a closed path, the move back to the start included)."""
        return len(self.path) - 1 + (1 if self.closed and len(self.path) > 2 else 0)

    @property
    def optimal(self) -> bool:
        return self.status == Status.FOUND

    def to_dict(self) -> dict[str, Any]:
        return {
            "status": str(self.status),
            "jumps": self.jumps,
            "path": [list(square) for square in self.path],
            "optimal": self.optimal,
            "closed": self.closed,
            "stats": self.stats.to_dict(),
        }


class TextbookUncrossed:
    """The plain-Python branch and bound (the numba engine repeats it step for step)."""

    def __init__(self, graph: KnightGraph, closed: bool, control: SearchControl) -> None:
        self.graph, self.closed, self.control = graph, closed, control
        n = graph.board.n_squares
        self.visited = [False] * n
        self.blocked = [0] * len(graph.edges)  # path moves crossing each edge
        self.path: list[int] = []
        self.best: list[int] = []
        self.best_jumps = 0
        self.nodes = self.tries = self.backtracks = 0
        self.check_at = control.checkpoint(0)

    def stats(self) -> Stats:
        return Stats(self.nodes, self.tries, self.backtracks, self.control.elapsed())

    def run(self, plan: list[Start]) -> None:
        sys.setrecursionlimit(max(sys.getrecursionlimit(), 2 * self.graph.board.n_squares + 200))
        for start in plan:
            self.start, self.first, self.ends = start.square, start.first, start.ends
            self.visited[self.start] = True
            self.path = [self.start]
            self._extend(self.start, 0)
            self.visited[self.start] = False

    def _usable(self, target: int, edge: int) -> bool:
        if self.visited[target] or self.blocked[edge]:
            return False
        return not self.closed or target > self.start  # a closed path is searched from its smallest square

    def _extend(self, head: int, jumps: int) -> None:
        if self.nodes >= self.check_at:
            self.check_at = self.control.checkpoint(self.nodes)
        self.nodes += 1
        self._record(head, jumps)
        if jumps + self._bound(head) <= self.best_jumps:
            return  # even the optimistic count cannot beat the best path
        for target, edge in self.graph.neighbours[head]:
            self.tries += 1
            if not self._usable(target, edge) or (jumps == 0 and not self.first[target]):
                continue
            self.visited[target] = True
            for other in self.graph.crossing[edge]:
                self.blocked[other] += 1
            self.path.append(target)
            self._extend(target, jumps + 1)
            self.path.pop()
            for other in self.graph.crossing[edge]:
                self.blocked[other] -= 1
            self.visited[target] = False
            self.backtracks += 1

    def _record(self, head: int, jumps: int) -> None:
        """Keep the path if it beats the best (a closed one must step back to its start)."""
        if not self.closed:
            if jumps > self.best_jumps and self.ends[head]:
                self.best_jumps, self.best = jumps, list(self.path)
            return
        if jumps + 1 <= self.best_jumps or jumps < 2:
            return
        for target, edge in self.graph.neighbours[head]:
            if target == self.start and not self.blocked[edge]:
                self.best_jumps, self.best = jumps + 1, list(self.path)

    def _bound(self, head: int) -> int:
        """At most how many more moves (a closed path: and the move back) the path can make.

        The squares still reachable from the head through usable moves, counted three ways:
        all of them; alternating colours (the next square has the other colour, then they
        alternate); and squares with a single usable move ("dead ends"), which can only end
        the path, so at most one of them counts, and none that may not end it. A path that can
        reach no square it may end on, and may not end where it stands, is cut."""
        graph, colour = self.graph, self.graph.colour
        reached = {head}
        frontier = [head]
        while frontier:
            square = frontier.pop()
            for target, edge in graph.neighbours[square]:
                if target not in reached and self._usable(target, edge):
                    reached.add(target)
                    frontier.append(target)
        reached.discard(head)
        if self.closed:
            return len(reached) + 1

        def ways(square: int) -> int:
            return sum(
                1
                for target, edge in graph.neighbours[square]
                if not self.blocked[edge] and (target in reached or target == head)
            )

        dead_ends = {square for square in reached if ways(square) <= 1}
        reached -= {square for square in dead_ends if not self.ends[square]}
        if not any(self.ends[square] for square in reached):
            return 0 if self.ends[head] else -graph.board.n_squares
        ends = sum(1 for square in dead_ends if self.ends[square])
        other = sum(1 for square in reached if colour[square] != colour[head])
        same = len(reached) - other
        return min(len(reached) - max(0, ends - 1), 2 * other, 2 * same + 1)


def longest_uncrossed(
    board: Board,
    *,
    closed: bool = False,
    engine: str = "numba",
    limits: Limits | None = None,
) -> Uncrossed:
    """The longest uncrossed knight's path on the board, proved optimal unless a limit or
    Ctrl-C stops the search first (then the best path so far, `optimal` false)."""
    if engine not in ("python", "numba"):
        raise InvalidInput(f"engine: {engine!r} is not one of python, numba")
    graph = KnightGraph.of(board)
    plan = closed_plan(board) if closed else search_plan(board)
    with SearchControl(limits) as control:
        if engine == "numba":
            from essais.knights.compiled_uncrossed import CompiledUncrossed

            search: TextbookUncrossed | CompiledUncrossed = CompiledUncrossed(graph, closed, control)
        else:
            search = TextbookUncrossed(graph, closed, control)
        control.restart_clock()
        try:
            search.run(plan)
            status = Status.FOUND
        except SearchStopped as stop:
            status = stop.status
        path = [board.square(index) for index in search.best] or [board.square(plan[0].square)]
        return Uncrossed(status, board, closed, path, search.stats())


def uncrossed_error(path: list[Square], board: Board, closed: bool = False) -> str | None:
    """Why `path` is not an uncrossed knight's path of `board` (closed: its last square also
    jumps back to the first), or None if it is one."""
    knight = make_moves()
    for step, square in enumerate(path, start=1):
        if not board.contains(square):
            return f"step {step}: {square} is off the {board} board"
    if len(set(path)) != len(path):
        return "a square is visited twice"
    moves = list(zip(path, path[1:], strict=False))
    if closed and len(path) > 2:
        moves.append((path[-1], path[0]))
    for step, (a, b) in enumerate(moves, start=1):
        if (b[0] - a[0], b[1] - a[1]) not in knight:
            return f"move {step}: {a} -> {b} is not a knight's move"
    for i, first in enumerate(moves):
        for j in range(i + 2, len(moves)):
            if closed and i == 0 and j == len(moves) - 1:
                continue  # the closing move meets the first one at the start square
            if segments_cross(first, moves[j]):
                return f"moves {i + 1} and {j + 1} cross"
    return None
