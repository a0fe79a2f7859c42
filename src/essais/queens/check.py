"""The public checker of N queens placements (its own geometry: it shares no code with the searches)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from essais.core.errors import InvalidInput


def queens_error(n: int, columns: Sequence[Any]) -> str | None:
    """Why `columns` (the column of the queen in each row) is not a placement of n queens on an
    n×n board with no two attacking each other, or None if it is one."""
    if not isinstance(n, int) or isinstance(n, bool) or n < 1:
        raise InvalidInput(f"n: {n!r} must be a positive number of queens")
    try:
        placed = [int(column) for column in columns]
    except (TypeError, ValueError):
        raise InvalidInput(f"columns: {columns!r} is not a sequence of column numbers") from None
    if len(placed) != n:
        return f"{len(placed)} queens for a {n}x{n} board"
    for row, column in enumerate(placed):
        if not 0 <= column < n:
            return f"row {row}: column {column} is off the board"
    for a in range(n):
        for b in range(a + 1, n):
            if placed[a] == placed[b]:
                return f"rows {a} and {b}: both queens in column {placed[a]}"
            if abs(placed[a] - placed[b]) == b - a:
                return f"rows {a} and {b}: the queens share a diagonal"
    return None


def is_solution(n: int, columns: Sequence[Any]) -> bool:
    """True when `columns` (the column of the queen in each row) places n queens on an n×n board
    with no two attacking each other."""
    return queens_error(n, columns) is None
