"""Sudoku (002): 002's textbook backtracking in both engines, a throughput solver
for 9×9 grids and one with candidate sets for larger boxes (numba), SAT for the hardest large
grids, counts and uniqueness (lists and files of puzzles: essais.sudoku.batch).

Methods: `textbook` (002 Programme 1 and Q1; both engines, identical counters): the first empty
cell in reading order, the values 1…n in order, each checked against the cell's row, column and
box, undo. `nodes` counts the calls of solve, `depths[d]` the calls at depth d (002's figure 2),
`tries` the values placed and checked, `backtracks` the cells emptied again after their values
ran out. `bitwise` (numba, the default for 9×9): for each digit and band of three rows, a 27-bit
set of the cells where the digit may go; naked and hidden singles and locked candidates by word
operations, a guess on the first cell with the fewest candidates on a copy of the grid.
`propagate` (numba, the default for larger grids): candidate sets kept up to date, naked and
hidden singles (and from 16×16 on, locked candidates and alldifferent on every unit), the cell
with the fewest candidates per weight of past contradictions first (dom/wdeg). Both count
`nodes` the grids propagated, `tries` the guesses, `backtracks` the contradictions. With the
python engine and no method named, `textbook` runs.

Examples
--------
>>> from essais.sudoku import parse_sudoku
>>> puzzle = parse_sudoku("2......6.....7..3..48.9.1.....3.....3...1.........8.....1.2.57..8.73.....9......4")
>>> count_sudoku(puzzle).count, count_sudoku(puzzle, method="textbook").count
(433, 433)
>>> solve_sudoku("1.3..4.22..3.3.1", engine="python").solution
[1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]
"""

from __future__ import annotations

from collections.abc import Callable

from essais.core.engine import SolutionSearch, SolutionStream, loading_compiled, run_search
from essais.core.limits import Limits, SearchControl, limits_from
from essais.core.result import Status
from essais.sudoku.model import (
    Sudoku,
    SudokuCount,
    SudokuResult,
    as_puzzle,
    resolve_method,
)
from essais.sudoku.textbook import TextbookSudoku


def _builder(puzzle: Sudoku, method: str, engine: str) -> Callable[[SearchControl], SolutionSearch]:
    """The engine of a checked (method, engine) pair; compiled code loads only when asked for."""
    if engine == "python":
        return lambda control: TextbookSudoku(puzzle, control)
    with loading_compiled("sudoku"):
        from essais.sudoku.compiled import CompiledSudoku
        from essais.sudoku.sat import SatSudoku

    if method == "sat":
        return lambda control: SatSudoku(puzzle, control)
    return lambda control: CompiledSudoku(puzzle, method, control)


def solve_sudoku(
    puzzle: Sudoku | str,
    *,
    method: str | None = None,
    engine: str | None = None,
    limits: Limits | None = None,
    time_limit: float | None = None,
    node_limit: int | None = None,
    memory_limit: int | str | None = None,
) -> SudokuResult:
    """The first solution (status found), or none, with the counters. `puzzle` is a parsed
    grid or its text (one line or the grid form)."""
    limits = limits_from(limits, time_limit, node_limit, memory_limit)
    puzzle = as_puzzle(puzzle)
    method, engine = resolve_method(method, engine, puzzle.box)

    def first(search: SolutionSearch) -> list[int] | None:
        if method == "propagate":  # one solution: restarts pay on large grids
            return search.first_solution()  # type: ignore[attr-defined, no-any-return]
        return next(iter(search.solutions()), None)

    run = run_search(limits, _builder(puzzle, method, engine), first)
    status = run.status
    return SudokuResult(status, puzzle, run.value, run.stats, method, engine)


def count_sudoku(
    puzzle: Sudoku | str,
    *,
    method: str | None = None,
    engine: str | None = None,
    limit: int | None = None,
    limits: Limits | None = None,
    time_limit: float | None = None,
    node_limit: int | None = None,
    memory_limit: int | str | None = None,
) -> SudokuCount:
    """Count the solutions (002 Q1), stopping after `limit` of them (status found) if given;
    `solution` is the first one found."""
    limits = limits_from(limits, time_limit, node_limit, memory_limit)
    puzzle = as_puzzle(puzzle)
    method, engine = resolve_method(method, engine, puzzle.box)
    result = SudokuCount(Status.COMPLETE, 0, method=method, engine=engine, puzzle=puzzle)
    stream = SolutionStream(limits, _builder(puzzle, method, engine), lambda search: search.solutions(), result, limit)
    for solution in stream:
        result.solution = result.solution or solution
    return result


def is_unique(
    puzzle: Sudoku | str,
    *,
    method: str | None = None,
    engine: str | None = None,
    limits: Limits | None = None,
    time_limit: float | None = None,
    node_limit: int | None = None,
    memory_limit: int | str | None = None,
) -> SudokuCount:
    """Count up to 2 solutions: `count == 1` means the puzzle is proper. The status says whether
    it has a solution (found, none) or was stopped before that was known."""
    limits = limits_from(limits, time_limit, node_limit, memory_limit)
    result = count_sudoku(puzzle, method=method, engine=engine, limit=2, limits=limits)
    result.unique = True
    if result.status in (Status.FOUND, Status.COMPLETE):
        result.status = Status.FOUND if result.count else Status.NONE
    return result
