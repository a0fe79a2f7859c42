"""The public checker of N queens placements (its own geometry: it shares no code with the searches)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from essais.core.errors import InvalidInput


def queens_error(columns: Sequence[Any], n: int | None = None) -> str | None:
    """Why `columns` (the column of the queen in each row) is not a placement of n queens on an
    n×n board with no two attacking each other, or None if it is one."""
    try:
        placed = [int(column) for column in columns]
    except (TypeError, ValueError):
        raise InvalidInput(f"columns: {columns!r} is not a sequence of column numbers") from None
    n = len(placed) if n is None else n
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


def is_solution(columns: Sequence[Any], n: int | None = None) -> bool:
    """True when `columns` (the column of the queen in each row) places n queens on an n×n board
    with no two attacking each other."""
    return queens_error(columns, n) is None
