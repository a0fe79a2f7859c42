"""Sudoku (002).

model.py holds grids (reading, checking givens), the methods and the results, textbook.py the
python engine, compiled.py the numba engines over _kernels.py, sat.py the SAT method, check.py
the checker, api.py the public functions for one grid, batch.py lists and files of puzzles,
draw.py the grid's picture, watch.py the search watched.
"""

from essais.sudoku.api import count_sudoku, is_unique, solve_sudoku
from essais.sudoku.batch import (
    BLOCK_BYTES,
    PuzzleFile,
    open_puzzles,
    read_file,
    read_puzzles,
    solutions_written,
    solve_each,
    solve_file,
    solve_lines,
    solve_many,
)
from essais.sudoku.check import is_solution, solution_error
from essais.sudoku.model import (
    ALPHABET,
    METHODS,
    NOT_READ,
    BatchBlock,
    BatchResult,
    Line,
    LineResult,
    Sudoku,
    SudokuCount,
    SudokuResult,
    check_limits,
    first_conflict,
    parse_sudoku,
    peers,
    resolve_method,
    units,
)
from essais.sudoku.watch import watch_sudoku

__all__ = [
    "ALPHABET",
    "BLOCK_BYTES",
    "METHODS",
    "NOT_READ",
    "BatchBlock",
    "BatchResult",
    "Line",
    "LineResult",
    "PuzzleFile",
    "Sudoku",
    "SudokuCount",
    "SudokuResult",
    "check_limits",
    "count_sudoku",
    "first_conflict",
    "is_solution",
    "is_unique",
    "open_puzzles",
    "parse_sudoku",
    "peers",
    "read_file",
    "read_puzzles",
    "resolve_method",
    "solution_error",
    "solutions_written",
    "solve_each",
    "solve_file",
    "solve_lines",
    "solve_many",
    "solve_sudoku",
    "units",
    "watch_sudoku",
]
