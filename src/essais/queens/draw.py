"""How a placement of queens is drawn: the board with a queen on each row's square."""

from __future__ import annotations

from collections.abc import Sequence

from essais.draw.svg import board_svg

QUEEN = "\u265b"  # ♛


def placement_svg(columns: Sequence[int]) -> str:
    """The n×n board with a queen in each row, in the column `columns` gives it."""
    n = len(columns)
    marks = {(row, col): QUEEN for row, col in enumerate(columns)}
    return board_svg(n, n, marks=marks, title=f"{n} queens, none attacking another")
