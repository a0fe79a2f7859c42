"""How an uncrossed path is drawn: its moves through the squares' centres, its squares numbered
(up to 50×50)."""

from __future__ import annotations

from essais.core.board import Board, SquarePath
from essais.draw.svg import board_svg


def uncrossed_svg(board: Board, path: SquarePath, closed: bool, jumps: int) -> str:
    """The path on the board, closed when it is a closed path of more than two squares."""
    return board_svg(
        board.rows,
        board.cols,
        numbers=board.numbered(path),
        path=path.array,
        closed=closed and len(path) > 2,
        title=f"an uncrossed knight's path of {jumps} jumps",
    )
