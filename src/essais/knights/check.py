"""The public checker of tours: is a path a legal open or closed tour of a board?"""

from __future__ import annotations

from collections.abc import Sequence

from essais.knights.board import Board, Move, Square, attacks, make_moves


def tour_error(
    path: Sequence[Square],
    board: Board,
    moves: Sequence[Move] | None = None,
    closed: bool = False,
) -> str | None:
    """Why `path` is not a tour of `board` with `moves` (the knight's by default), or None if it
    is one: every square exactly once, each step one move, and for a closed tour a move from the
    last square back to the first."""
    moves = tuple(moves) if moves is not None else make_moves()
    path = [(int(square[0]), int(square[1])) for square in path]
    if len(path) != board.n_squares:
        return f"the path has {len(path)} squares, the board {board.n_squares}"
    seen: set[Square] = set()
    for step, square in enumerate(path, start=1):
        if not board.contains(square):
            return f"step {step}: {square} is off the {board} board"
        if square in seen:
            return f"step {step}: {square} is visited twice"
        seen.add(square)
        if step > 1 and not attacks(moves, path[step - 2], square):
            return f"step {step}: {path[step - 2]} -> {square} is not a move"
    if closed and not attacks(moves, path[-1], path[0]):
        return f"the last square {path[-1]} does not attack the first {path[0]}"
    return None


def is_tour(
    path: Sequence[Square],
    board: Board,
    moves: Sequence[Move] | None = None,
    closed: bool = False,
) -> bool:
    """True when `path` is a legal open (or, with `closed`, closed) tour of `board`."""
    return tour_error(path, board, moves, closed) is None
