"""The public checker of tours: is a path a legal open or closed tour of a board?

It shares no code with the searches (its own board bounds and moves), so that a bug in their
geometry cannot fool it too.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from essais.core.checking import KNIGHT_STEPS, as_points, board_size


def tour_error(
    board: Any,
    path: Sequence[Any],
    moves: Sequence[tuple[int, int]] | None = None,
    closed: bool = False,
) -> str | None:
    """Why `path` is not a tour of `board` with `moves` (the knight's by default), or None if it
    is one: every square exactly once, each step one move, and for a closed tour a move from the
    last square back to the first."""
    rows, cols = board_size(board)
    steps = KNIGHT_STEPS if moves is None else frozenset((int(dr), int(dc)) for dr, dc in moves)
    if isinstance(path, np.ndarray) or hasattr(path, "__array__"):  # (a SquarePath: checked as its array)
        return _array_error(np.asarray(path), rows, cols, steps, closed)
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


CHUNK = 1 << 22  # squares checked at a time: bounded extra memory on a huge board


def _array_error(path: np.ndarray, rows: int, cols: int, steps: frozenset[tuple[int, int]], closed: bool) -> str | None:
    """tour_error for an (R·C, 2) array of (row, col), with numpy: a board of 10⁸ squares in
    seconds, in chunks."""
    if path.ndim != 2 or path.shape[1] != 2:
        return f"the path is an array of shape {path.shape}, not (squares, 2)"
    if len(path) != rows * cols:
        return f"the path has {len(path)} squares, the board {rows * cols}"
    reach = max(max(abs(dr), abs(dc)) for dr, dc in steps)
    codes = np.array([dr * (4 * reach + 1) + dc for dr, dc in steps])
    seen = np.zeros(rows * cols, dtype=np.bool_)
    for begin in range(0, len(path), CHUNK):
        chunk = path[begin : begin + CHUNK + 1].astype(np.int64)
        row, col = chunk[:, 0], chunk[:, 1]
        off = np.flatnonzero((row < 0) | (row >= rows) | (col < 0) | (col >= cols))
        if len(off):
            return f"step {begin + off[0] + 1}: {tuple(chunk[off[0]].tolist())} is off the {rows}x{cols} board"
        seen[row * cols + col] = True
        dr, dc = np.diff(row), np.diff(col)
        bad = np.flatnonzero(~np.isin(dr * (4 * reach + 1) + dc, codes) | (np.abs(dr) > reach) | (np.abs(dc) > reach))
        if len(bad):
            step = begin + bad[0] + 2
            return f"step {step}: {tuple(chunk[bad[0]].tolist())} -> {tuple(chunk[bad[0] + 1].tolist())} is not a move"
    if not seen.all():  # as many steps as squares: a square left out means one visited twice
        return "a square is visited twice"
    first, last = (int(path[0, 0]), int(path[0, 1])), (int(path[-1, 0]), int(path[-1, 1]))
    if closed and (first[0] - last[0], first[1] - last[1]) not in steps:
        return f"the last square {last} does not attack the first {first}"
    return None


def is_tour(
    board: Any,
    path: Sequence[Any],
    moves: Sequence[tuple[int, int]] | None = None,
    closed: bool = False,
) -> bool:
    """True when `path` is a legal open (or, with `closed`, closed) tour of `board`."""
    return tour_error(board, path, moves, closed) is None
