"""The public checker of tours: is a path a legal open or closed tour of a board?

It shares no code with the searches (its own board bounds and moves), so that a bug in their
geometry cannot fool it too.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from essais.core.checking import KNIGHT_STEPS, as_points, board_size


def tour_error(
    path: Sequence[Any],
    board: Any,
    moves: Sequence[tuple[int, int]] | None = None,
    closed: bool = False,
) -> str | None:
    """Why `path` is not a tour of `board` with `moves` (the knight's by default), or None if it
    is one: every square exactly once, each step one move, and for a closed tour a move from the
    last square back to the first."""
    rows, cols = board_size(board)
    steps = KNIGHT_STEPS if moves is None else frozenset((int(dr), int(dc)) for dr, dc in moves)
    squares = as_points(path)
    if len(squares) != rows * cols:
        return f"the path has {len(squares)} squares, the board {rows * cols}"
    seen: set[tuple[int, int]] = set()
    for step, (row, col) in enumerate(squares, start=1):
        if not (0 <= row < rows and 0 <= col < cols):
            return f"step {step}: {(row, col)} is off the {rows}x{cols} board"
        if (row, col) in seen:
            return f"step {step}: {(row, col)} is visited twice"
        seen.add((row, col))
        if step > 1:
            before = squares[step - 2]
            if (row - before[0], col - before[1]) not in steps:
                return f"step {step}: {before} -> {(row, col)} is not a move"
    first, last = squares[0], squares[-1]
    if closed and (first[0] - last[0], first[1] - last[1]) not in steps:
        return f"the last square {last} does not attack the first {first}"
    return None


def is_tour(
    path: Sequence[Any],
    board: Any,
    moves: Sequence[tuple[int, int]] | None = None,
    closed: bool = False,
) -> bool:
    """True when `path` is a legal open (or, with `closed`, closed) tour of `board`."""
    return tour_error(path, board, moves, closed) is None
