"""Slow, obviously-correct references for cross-checking the engines (never used by the package)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

Square = tuple[int, int]


def naive_tours(rows: int, cols: int, moves: Sequence[tuple[int, int]], start: Square) -> Iterator[list[Square]]:
    """Every open tour from `start`, in depth-first order with moves tried in the given order,
    written with a set of visited squares and no counters."""
    path = [start]
    visited = {start}

    def extend() -> Iterator[list[Square]]:
        if len(path) == rows * cols:
            yield list(path)
            return
        row, col = path[-1]
        for dr, dc in moves:
            square = (row + dr, col + dc)
            if 0 <= square[0] < rows and 0 <= square[1] < cols and square not in visited:
                path.append(square)
                visited.add(square)
                yield from extend()
                path.pop()
                visited.remove(square)

    yield from extend()


def naive_closed_count(rows: int, cols: int, moves: Sequence[tuple[int, int]], start: Square) -> int:
    """Directed closed tours from `start`: open tours whose last square attacks the start."""
    return sum(
        1 for path in naive_tours(rows, cols, moves, start) if (start[0] - path[-1][0], start[1] - path[-1][1]) in moves
    )
