"""Breadth-first distances from a square (001 §2), for any board and move set.

001 numbers the start 1 and each square "its parent's number + 1", so its tables hold
distance + 1 (and it reports "8 coups" where the farthest square is 7 moves away); here the
matrix holds the number of moves itself: 0 at the start, -1 where no sequence of moves leads.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from essais.core.board import Board, Move, Square, format_square, make_moves
from essais.core.engine import check_memory
from essais.core.limits import Limits, limits_from
from essais.core.result import Result, Stats, Status
from essais.core.search import BreadthFirst, SearchProblem
from essais.draw.picture import Pictured
from essais.draw.svg import heat_map_svg

UNREACHABLE = -1


@dataclass(eq=False, repr=False)
class Distances(Pictured, Result):
    """The minimum number of moves from `start` to every square (-1: unreachable)."""

    board: Board
    start: Square
    matrix: list[list[int]]
    stats: Stats = field(default_factory=Stats)
    status: Status = Status.COMPLETE
    method: str | None = "breadth-first"
    engine: str | None = "python"

    def headline(self) -> str:
        return (f"distances on {self.board} from {format_square(self.start)}: {self.reachable:,} squares reachable, "
                f"the farthest {self.max_distance} moves away")  # fmt: skip

    def brief(self) -> str:
        return f"{self.board} from {format_square(self.start)}: at most {self.max_distance} moves"

    @property
    def solution(self) -> list[list[int]]:
        return self.matrix

    def text(self) -> str:
        return "\n".join(" ".join(f"{v:>2}" if v >= 0 else " ." for v in row) for row in self.matrix)

    def to_svg(self) -> str:
        """A heat map: each square filled by its distance (dark: far) with the number of moves,
        the start outlined in green, unreachable squares grey."""
        reached = {square: self.matrix[square[0]][square[1]] for square in self.board.squares()}
        values = {square: distance for square, distance in reached.items() if distance != UNREACHABLE}
        return heat_map_svg(
            self.board.rows, self.board.cols, values, labels={square: str(d) for square, d in values.items()},
            outlines={self.start: "start"}, caption=f"moves from {self.start[0]},{self.start[1]} (grey: unreachable)",
            title=f"distances on the {self.board} board",
        )  # fmt: skip

    @property
    def reachable(self) -> int:
        """Squares that some sequence of moves reaches, the start included."""
        return sum(1 for row in self.matrix for value in row if value != UNREACHABLE)

    @property
    def max_distance(self) -> int:
        return max(value for row in self.matrix for value in row)

    @property
    def farthest(self) -> list[Square]:
        """The squares at the largest distance, in reading order."""
        largest = self.max_distance
        return [square for square in self.board.squares() if self.matrix[square[0]][square[1]] == largest]

    def to_dict(self) -> dict[str, Any]:
        return {
            "status": str(self.status),
            "found": self.found,
            **self.ran_keys(),
            "distances": self.matrix,
            "reachable": self.reachable,
            "max_distance": self.max_distance,
            "farthest": [list(square) for square in self.farthest],
            "stats": self.stats.to_dict(),
        }


# The table, the search's parent links and its layers, a square (tracemalloc, rounded up)
BYTES_PER_SQUARE = 400


def distances(
    board: Board,
    start: Square,
    moves: Sequence[Move] | None = None,
    *,
    limits: Limits | None = None,
    time_limit: float | None = None,
    node_limit: int | None = None,
    memory_limit: int | str | None = None,
) -> Distances:
    """001 §2 bfsCV, on the general breadth-first search: each layer is one more move.
    nodes = squares expanded, tries = moves that stay on the board. A limit or Ctrl-C stops it
    with the squares reached so far (the others -1)."""
    limits = limits_from(limits, time_limit, node_limit, memory_limit)
    check_memory(BYTES_PER_SQUARE * board.n_squares, f"the distances on the {board} board", limits)
    search = BreadthFirst(_Knight(board, tuple(moves) if moves is not None else make_moves(), start), limits)
    matrix = [[UNREACHABLE] * board.cols for _ in range(board.rows)]
    for layer in search:
        for row, col in layer.new:
            matrix[row][col] = layer.depth
    return Distances(board, start, matrix, search.stats, search.status)


class _Knight(SearchProblem[Square, Move]):
    """A leaper's squares as a state space (no goal: breadth first visits them all)."""

    def __init__(self, board: Board, moves: tuple[Move, ...], start: Square) -> None:
        self.board, self.moves, self.start = board, moves, start

    def initial(self) -> Square:
        return self.start

    def successors(self, square: Square) -> Iterator[tuple[Move, Square]]:
        for move in self.moves:
            target = (square[0] + move[0], square[1] + move[1])
            if self.board.contains(target):
                yield move, target

    def is_goal(self, square: Square) -> bool:
        return False
