"""Breadth-first distances from a square (001 §2), for any board and move set.

001 numbers the start 1 and each square "its parent's number + 1", so its tables hold
distance + 1 (and it reports "8 coups" where the farthest square is 7 moves away); here the
matrix holds the number of moves itself: 0 at the start, -1 where no sequence of moves leads.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from essais.core.result import Stats
from essais.knights.board import Board, Move, Square, make_moves

UNREACHABLE = -1


@dataclass
class Distances:
    """The minimum number of moves from `start` to every square (-1: unreachable)."""

    board: Board
    start: Square
    matrix: list[list[int]]
    stats: Stats = field(default_factory=Stats)

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
            "distances": self.matrix,
            "reachable": self.reachable,
            "max_distance": self.max_distance,
            "farthest": [list(square) for square in self.farthest],
            "stats": self.stats.to_dict(),
        }


def distances(board: Board, start: Square, moves: Sequence[Move] | None = None) -> Distances:
    """001 §2 bfsCV: a queue of squares; each square dequeued gives the next distance to its
    unmarked neighbours. nodes = squares dequeued, tries = moves examined."""
    moves = tuple(moves) if moves is not None else make_moves()
    started = time.perf_counter()
    matrix = [[UNREACHABLE] * board.cols for _ in range(board.rows)]
    matrix[start[0]][start[1]] = 0
    queue = deque([start])
    stats = Stats()
    while queue:
        row, col = queue.popleft()
        stats.nodes += 1
        for dr, dc in moves:
            stats.tries += 1
            target = (row + dr, col + dc)
            if board.contains(target) and matrix[target[0]][target[1]] == UNREACHABLE:
                matrix[target[0]][target[1]] = matrix[row][col] + 1
                queue.append(target)
    stats.seconds = time.perf_counter() - started
    return Distances(board, start, matrix, stats)
