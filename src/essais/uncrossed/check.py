"""The public checker of uncrossed knight's paths, with its own geometry (it shares no code
with the search, so that one bug cannot fool both)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from essais.core.checking import KNIGHT_STEPS, as_points, board_size

Segment = tuple[tuple[int, int], tuple[int, int]]


def _side(a: tuple[int, int], b: tuple[int, int], c: tuple[int, int]) -> int:
    """+1, -1 or 0 as c lies left of, right of or on the line through a and b."""
    cross = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    return (cross > 0) - (cross < 0)


def _cross(p: Segment, q: Segment) -> bool:
    """The segments meet at a point inside both (knight moves never overlap or touch a centre)."""
    return _side(*p, q[0]) * _side(*p, q[1]) < 0 and _side(*q, p[0]) * _side(*q, p[1]) < 0


def uncrossed_error(board: Any, path: Sequence[Any], closed: bool = False) -> str | None:
    """Why `path` is not an uncrossed knight's path of `board` (closed: its last square also
    jumps back to the first), or None if it is one."""
    rows, cols = board_size(board)
    squares = as_points(path)
    for step, (row, col) in enumerate(squares, start=1):
        if not (0 <= row < rows and 0 <= col < cols):
            return f"step {step}: {(row, col)} is off the {rows}x{cols} board"
    if len(set(squares)) != len(squares):
        return "a square is visited twice"
    moves = list(zip(squares, squares[1:], strict=False))
    if closed and len(squares) > 2:
        moves.append((squares[-1], squares[0]))
    for step, (a, b) in enumerate(moves, start=1):
        if (b[0] - a[0], b[1] - a[1]) not in KNIGHT_STEPS:
            return f"move {step}: {a} -> {b} is not a knight's move"
    for i, first in enumerate(moves):
        for j in range(i + 2, len(moves)):
            if closed and i == 0 and j == len(moves) - 1:
                continue  # the closing move meets the first one at the start square
            if _cross(first, moves[j]):
                return f"moves {i + 1} and {j + 1} cross"
    return None


def is_uncrossed(board: Any, path: Sequence[Any], closed: bool = False) -> bool:
    """True when `path` is an uncrossed knight's path of `board` (closed: a closed one)."""
    return uncrossed_error(board, path, closed) is None
