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


def naive_greedy_walk(rows: int, cols: int, moves, start: Square, lookahead: bool = False) -> list[Square]:
    """001 §4's walk recomputed from scratch at every step: a square's accessibility is its
    number of unvisited neighbours; the first strictly smallest wins; with `lookahead`, ties go
    to the square whose best next move has the fewest unvisited neighbours once it is taken."""
    visited = {start}
    path = [start]

    def free_neighbours(square, also_taken=None):
        return [
            (square[0] + dr, square[1] + dc)
            for dr, dc in moves
            if 0 <= square[0] + dr < rows
            and 0 <= square[1] + dc < cols
            and (square[0] + dr, square[1] + dc) not in visited
            and (square[0] + dr, square[1] + dc) != also_taken
        ]

    while True:
        candidates = free_neighbours(path[-1])
        if not candidates:
            return path
        fewest = min(len(free_neighbours(c)) for c in candidates)
        tied = [c for c in candidates if len(free_neighbours(c)) == fewest]
        choice = tied[0]
        if lookahead and len(tied) > 1:

            def reach(c):
                onward = free_neighbours(c)
                return min((len(free_neighbours(u, also_taken=c)) for u in onward), default=len(moves) + 1)

            choice = min(tied, key=lambda c: (reach(c), tied.index(c)))
        visited.add(choice)
        path.append(choice)
