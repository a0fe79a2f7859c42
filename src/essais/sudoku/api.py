"""Sudoku (002, SPEC §2.5): 002's textbook backtracking in both engines, a fast solver with
candidate sets (numba) for 9×9 and larger boxes, SAT for the hardest large grids, counts,
uniqueness, and files of puzzles solved in compiled batches.

Methods: `textbook` (002 Programme 1 and Q1; both engines, identical counters): the first empty
cell in reading order, the values 1…n in order, each checked against the cell's row, column and
box, undo. `nodes` counts the calls of solve, `depths[d]` the calls at depth d (002's figure 2),
`tries` the values placed and checked, `backtracks` the cells emptied again after their values
ran out. `propagate` (numba, the default): candidate sets kept up to date, naked and hidden
singles (and from 16×16 on, locked candidates and alldifferent on every unit), the cell with the
fewest candidates per weight of past contradictions first (dom/wdeg); `nodes` counts the grids it
propagated, `tries` the guesses, `backtracks` the contradictions. With the python engine and no
method named, `textbook` runs.

>>> puzzle = parse_sudoku("2......6.....7..3..48.9.1.....3.....3...1.........8.....1.2.57..8.73.....9......4")
>>> count_sudoku(puzzle).count, count_sudoku(puzzle, method="textbook").count
(433, 433)
>>> solve_sudoku("1.3..4.22..3.3.1", engine="python").solution
[1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

import numpy as np

from essais.core.engine import SolutionStream, loading_compiled, run_search
from essais.core.errors import InvalidInput
from essais.core.limits import Limits, SearchControl
from essais.core.parallel import Progress
from essais.core.result import Status
from essais.sudoku.model import (
    BOX_SIZES,
    METHODS,
    SEPARATORS,
    BatchResult,
    Line,
    Sudoku,
    SudokuCount,
    SudokuResult,
    SudokuSearch,
    as_puzzle,
    parse_sudoku,
)
from essais.sudoku.textbook import TextbookSudoku


def _builder(puzzle: Sudoku, method: str, engine: str) -> Callable[[SearchControl], SudokuSearch]:
    """The engine of a checked (method, engine) pair; compiled code loads only when asked for."""
    if engine == "python":
        return lambda control: TextbookSudoku(puzzle, control)
    with loading_compiled("sudoku"):
        from essais.sudoku.compiled import CompiledSudoku, SatSudoku

    if method == "sat":
        return lambda control: SatSudoku(puzzle, control)
    return lambda control: CompiledSudoku(puzzle, method, control)


def solve_sudoku(
    puzzle: Sudoku | str, *, method: str | None = None, engine: str | None = None, limits: Limits | None = None
) -> SudokuResult:
    """The first solution (status found), or none, with the counters. `puzzle` is a parsed
    grid or its text (one line or the grid form)."""
    puzzle = as_puzzle(puzzle)
    method, engine = METHODS.resolve(method, engine)

    def first(search: SudokuSearch) -> list[int] | None:
        if method == "propagate":  # one solution: restarts pay on large grids
            return search.first_solution()  # type: ignore[attr-defined, no-any-return]
        return next(iter(search.solutions()), None)

    run = run_search(limits, _builder(puzzle, method, engine), first)
    status = run.stopped or (Status.FOUND if run.value is not None else Status.NONE)
    return SudokuResult(status, puzzle, run.value, run.stats)


def count_sudoku(
    puzzle: Sudoku | str,
    *,
    method: str | None = None,
    engine: str | None = None,
    limit: int | None = None,
    limits: Limits | None = None,
) -> SudokuCount:
    """Count the solutions (002 Q1), stopping after `limit` of them (status found) if given;
    `solution` is the first one found."""
    puzzle = as_puzzle(puzzle)
    method, engine = METHODS.resolve(method, engine)
    result = SudokuCount(Status.COMPLETE, 0, puzzle=puzzle)
    stream = SolutionStream(limits, _builder(puzzle, method, engine), lambda search: search.solutions(), result, limit)
    for solution in stream:
        result.solution = result.solution or solution
    return result


def is_unique(
    puzzle: Sudoku | str, *, method: str | None = None, engine: str | None = None, limits: Limits | None = None
) -> SudokuCount:
    """Count up to 2 solutions: `count == 1` means the puzzle is proper. The status says whether
    it has a solution (found, none) or was stopped before that was known."""
    result = count_sudoku(puzzle, method=method, engine=engine, limit=2, limits=limits)
    if result.status in (Status.FOUND, Status.COMPLETE):
        result.status = Status.FOUND if result.count else Status.NONE
    return result


def solve_each(
    puzzles: Iterable[Sudoku],
    *,
    method: str | None = None,
    unique: bool = False,
    limits: Limits | None = None,
) -> Iterator[SudokuResult | SudokuCount]:
    """Each puzzle in turn under its own limits (a file solved with limits, or with SAT): its
    solution, or with `unique` its count up to 2. A puzzle that Ctrl-C interrupted is the last."""
    for puzzle in puzzles:
        result = is_unique(puzzle, method=method, limits=limits) if unique else solve_sudoku(
            puzzle, method=method, limits=limits
        )  # fmt: skip
        yield result
        if result.status == Status.INTERRUPTED:
            return


def read_puzzles(text: str, *, alphabet: str | None = None, name: str = "puzzle") -> list[Line]:
    """A file's puzzles: one per line (`#` starts a comment), or one grid written over several
    lines (the grid form). A line that cannot be read is kept with its error."""
    with loading_compiled("sudoku"):
        from essais.sudoku.compiled import decode_lines

    lines = [(number, raw.split("#", 1)[0]) for number, raw in enumerate(text.splitlines(), start=1)]
    lines = [(number, line) for number, line in lines if any(ch not in SEPARATORS for ch in line)]
    if not lines:
        raise InvalidInput(f"{name}: no puzzle in it")
    first = sum(ch not in SEPARATORS for ch in lines[0][1])
    if len(lines) > 1 and first not in {b**4 for b in BOX_SIZES}:  # the grid form, a row per line
        return [Line(lines[0][0], parse_sudoku("\n".join(line for _, line in lines), alphabet=alphabet, name=name))]
    box, symbols, values = decode_lines([line for _, line in lines], alphabet)
    read = []
    for (number, line), row in zip(lines, values, strict=True):
        if row is not None:  # decoded at once; its givens agree
            read.append(Line(number, Sudoku(box, tuple(row), symbols)))
            continue
        try:  # the slow reading, which says what is wrong
            read.append(Line(number, parse_sudoku(line, alphabet=alphabet, name=f"{name}:{number}")))
        except InvalidInput as error:
            read.append(Line(number, None, str(error)))
    return read


def solve_many(
    puzzles: list[Sudoku], *, unique: bool = False, workers: int = 1, progress: Progress | None = None
) -> BatchResult:
    """Solve puzzles of one box size in compiled batches (no Python work per puzzle), on
    `workers` processes for large batches; `progress(done, total)` as batches finish."""
    with loading_compiled("sudoku"):
        from essais.sudoku.compiled import solve_cells

    if not puzzles:
        return BatchResult(np.zeros(0, np.int64), np.zeros((0, 0), np.int64), np.zeros((0, 3), np.int64), 0.0)
    box = puzzles[0].box
    if any(p.box != box for p in puzzles):
        raise InvalidInput("puzzles: a batch must hold grids of one size")
    cells = np.array([p.cells for p in puzzles], dtype=np.int64)
    return solve_cells(cells, box, 2 if unique else 1, workers, progress)
