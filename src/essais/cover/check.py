"""The public checkers of exact covers, written apart from the engines: a set of options is an
exact cover of its problem; a grid is a packing of the pieces; a sequence is a Langford
sequence."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from essais.core.cover.problem import NO_COLOR, CoverProblem
from essais.cover.polyomino import Polyomino, orientations, shape_of


def cover_error(problem: CoverProblem, chosen: Sequence[int]) -> str | None:
    """Why `chosen` (option indices) is not a solution of `problem`, or None when it is: every
    primary item covered exactly once, every secondary item at most once or by options that
    all give it the same colour. Written apart from the engines, to check them."""
    if not all(isinstance(index, int | np.integer) and 0 <= index < len(problem.options) for index in chosen):
        return f"{list(chosen)!r} are not option numbers of 0 to {len(problem.options) - 1}"
    if len(set(chosen)) != len(chosen):
        return "an option is chosen twice"
    covered: dict[int, list[int]] = {}
    for index in chosen:
        for item, color in problem.options[index]:
            covered.setdefault(item, []).append(color)
    for item, name in enumerate(problem.items):
        colors = covered.get(item, [])
        if item < len(problem.primary) and len(colors) != 1:
            return f"the primary item {name!r} is covered {len(colors)} times"
        if item >= len(problem.primary) and len(colors) > 1 and (NO_COLOR in colors or len(set(colors)) > 1):
            return f"the secondary item {name!r} is used by options that do not agree on its colour"
    return None


def is_cover(problem: CoverProblem, chosen: Sequence[int]) -> bool:
    """True when the options `chosen` (their indices) are an exact cover of `problem`."""
    return cover_error(problem, chosen) is None


def packing_error(puzzle: Polyomino, grid: Sequence[str]) -> str | None:
    """Why `grid` (rows of piece letters, '.' for holes) is not a packing of the puzzle's pieces
    on its board, or None when it is: each cell of the board holds a piece, each piece once, in
    its shape (turned or reflected unless the pieces are fixed)."""
    if len(grid) != puzzle.rows or any(len(row) != puzzle.cols for row in grid):
        return f"the grid is not {puzzle.rows}x{puzzle.cols}"
    cells: dict[str, list[tuple[int, int]]] = {}
    for r, row in enumerate(grid):
        for c, mark in enumerate(row):
            if ((r, c) in puzzle.cells) != (mark != "."):
                return f"cell {r},{c}: {'a hole is covered' if mark != '.' else 'a cell of the board is left empty'}"
            if mark != ".":
                cells.setdefault(mark, []).append((r, c))
    shapes = dict(puzzle.pieces)
    if set(cells) != set(shapes):
        return f"the pieces placed ({''.join(sorted(cells))}) are not the pieces ({''.join(sorted(shapes))})"
    for piece, placed in cells.items():
        if shape_of(placed) not in orientations(shapes[piece], puzzle.fixed):
            return f"piece {piece} does not have its shape"
    return None


def langford_error(n: int, sequence: Sequence[int]) -> str | None:
    """Why `sequence` is not a Langford sequence of 1..n (each k twice, k numbers between the
    two), or None when it is."""
    if len(sequence) != 2 * n:
        return f"{len(sequence)} numbers, not {2 * n}"
    for k in range(1, n + 1):
        places = [index for index, value in enumerate(sequence) if value == k]
        if len(places) != 2:
            return f"{k} appears {len(places)} times"
        if places[1] - places[0] != k + 1:
            return f"the two {k}s have {places[1] - places[0] - 1} numbers between them, not {k}"
    return None
