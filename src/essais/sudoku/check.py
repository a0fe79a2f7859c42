"""The public checker of Sudoku solutions, with its own rows, columns and boxes (it shares no
code with the solvers, so that one bug cannot fool both)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from essais.core.errors import InvalidInput
from essais.sudoku.model import Sudoku, as_puzzle


def _cells(puzzle: Sudoku, solution: Sequence[Any] | str) -> list[int] | str:
    """The solution's values, or why they cannot be read."""
    if isinstance(solution, str):
        symbols = [ch for ch in solution if not ch.isspace() and ch not in "|-+"]
        values = {symbol: value for value, symbol in enumerate(puzzle.alphabet[: puzzle.n], start=1)}
        if not any(symbol.islower() for symbol in values):  # lower case reads as upper case
            values.update({symbol.lower(): value for symbol, value in list(values.items())})
        unknown = [symbol for symbol in symbols if symbol not in values]
        if unknown:
            return f"{unknown[0]!r} is not a value of the grid's alphabet"
        return [values[symbol] for symbol in symbols]
    try:
        return [int(value) for value in solution]
    except (TypeError, ValueError):
        raise InvalidInput(f"solution: {solution!r} is not a sequence of values") from None


def solution_error(puzzle: Sudoku | str, solution: Sequence[Any] | str) -> str | None:
    """Why `solution` (values, or a grid in the puzzle's alphabet) does not solve `puzzle` (a
    Sudoku or its text), or None: every cell filled with 1…n, every given kept, no value twice
    in a row, a column or a box."""
    puzzle = as_puzzle(puzzle)
    cells = _cells(puzzle, solution)
    if isinstance(cells, str):
        return cells
    n, box = puzzle.n, puzzle.box
    if len(cells) != n * n:
        return f"{len(cells)} cells, the puzzle has {n * n}"
    grid = [cells[row * n : (row + 1) * n] for row in range(n)]
    for r in range(n):
        for c in range(n):
            given, value = puzzle.cells[r * n + c], grid[r][c]
            if not 1 <= value <= n:
                return f"cell ({r + 1},{c + 1}) is empty or out of range"
            if given and value != given:
                return f"cell ({r + 1},{c + 1}) changes a given"
    for number in range(n):
        row = grid[number]
        column = [grid[r][number] for r in range(n)]
        top, left = number // box * box, number % box * box
        square = [grid[top + dr][left + dc] for dr in range(box) for dc in range(box)]
        for kind, values in (("row", row), ("column", column), ("box", square)):
            if len(set(values)) != n:
                repeated = next(value for value in values if values.count(value) > 1)
                return f"{puzzle.alphabet[repeated - 1]} twice in {kind} {number + 1}"
    return None


def is_solution(puzzle: Sudoku | str, solution: Sequence[Any] | str) -> bool:
    """True when `solution` (values, or a grid in the puzzle's alphabet) fills every cell, keeps
    every given, and repeats no value in a row, a column or a box."""
    return solution_error(puzzle, solution) is None
