"""Sudoku (002, SPEC §2.5): reading and checking grids, 002's textbook backtracking in both
engines, and a fast solver with candidate sets (numba), for 9×9 and larger boxes.

A grid of box size b has n = b² rows, columns and boxes and n² cells, in reading order: cell
i is row i // n, column i % n. Values are 1…n, 0 for an empty cell; they are written with an
alphabet (1-9 then A, B, … by default) and `.` or `0` for an empty cell.

Methods: `textbook` (002 Programme 1 and Q1; both engines, identical counters): the first empty
cell in reading order, the values 1…n in order, each checked against the cell's row, column and
box, undo. `nodes` counts the calls of solve, `depths[d]` the calls at depth d (002's figure 2),
`tries` the values placed and checked, `backtracks` the cells emptied again after their values
ran out. `propagate` (numba): candidate sets kept up to date, naked and hidden singles (and
from 16×16 on, locked candidates and alldifferent on every unit), the cell with the fewest
candidates per weight of past contradictions first (dom/wdeg); `nodes` counts the grids it
propagated, `tries` the guesses, `backtracks` the contradictions.

>>> puzzle = parse_sudoku("2......6.....7..3..48.9.1.....3.....3...1.........8.....1.2.57..8.73.....9......4")
>>> count_sudoku(puzzle).count, count_sudoku(puzzle, method="textbook").count
(433, 433)
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import numpy as np

from essais.core.errors import InvalidInput
from essais.core.limits import Limits, SearchControl, SearchStopped
from essais.core.parallel import Progress
from essais.core.result import Stats, Status

ALPHABET = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
EMPTY = ".0"
SEPARATORS = frozenset(" \t\r\n|-+")  # the grid form's spaces and box rules
BOX_SIZES = (2, 3, 4, 5, 6)  # 4×4 up to 36×36 (a custom alphabet is needed beyond 35 symbols)
METHODS = ("textbook", "propagate", "sat")
SAT_SOLVER = "glucose42"  # Glucose 4.2 (PySAT): it can be interrupted (CaDiCaL, faster, cannot)
ENGINES = ("python", "numba")


@dataclass(frozen=True)
class Sudoku:
    """A grid: its box size, its cells (0 = empty) and the alphabet it was written in."""

    box: int
    cells: tuple[int, ...]
    alphabet: str = ALPHABET

    @property
    def n(self) -> int:
        return self.box * self.box

    def line(self, cells: tuple[int, ...] | list[int] | None = None) -> str:
        """The one-line form, in the grid's alphabet (`.` for empty cells)."""
        return "".join("." if v == 0 else self.alphabet[v - 1] for v in (self.cells if cells is None else cells))

    def text(self, cells: tuple[int, ...] | list[int] | None = None) -> str:
        """The grid form, with the boxes drawn."""
        line, n, b = self.line(cells), self.n, self.box
        rule = "+".join(["-" * (2 * b + 1)] * b)
        rows = []
        for r in range(n):
            if r and r % b == 0:
                rows.append(rule)
            groups = [" ".join(line[r * n + c : r * n + c + b]) for c in range(0, n, b)]
            rows.append(" " + " | ".join(groups))
        return "\n".join(rows)


@cache
def _units(box: int) -> list[list[int]]:
    """Rows, then columns, then boxes, each as its cells."""
    n = box * box
    rows = [[r * n + c for c in range(n)] for r in range(n)]
    cols = [[r * n + c for r in range(n)] for c in range(n)]
    boxes = [
        [(br + r) * n + bc + c for r in range(box) for c in range(box)]
        for br in range(0, n, box)
        for bc in range(0, n, box)
    ]
    return rows + cols + boxes


@cache
def peers(box: int) -> np.ndarray:
    """peers[i]: the cells that share a row, a column or a box with cell i (3n - 2b - 1 each)."""
    n = box * box
    table: list[set[int]] = [set() for _ in range(n * n)]
    for unit in _units(box):
        for cell in unit:
            table[cell].update(unit)
    return np.array([sorted(others - {cell}) for cell, others in enumerate(table)], dtype=np.int64)


def parse_sudoku(text: str, *, alphabet: str | None = None, name: str = "puzzle") -> Sudoku:
    """Read a grid in the one-line form or the grid form (any spaces, `|` and `-`/`+` rules);
    the size follows from the number of cells (16, 81, 256, 625, …). Raise InvalidInput naming
    `name`, the cell and the reason for a bad character, a wrong length or givens that already
    contradict each other."""
    symbols = [ch for ch in text if ch not in SEPARATORS]
    if not symbols:
        raise InvalidInput(f"{name}: empty (a grid is 81 cells, or 16, 256, 625 for other box sizes)")
    box = next((b for b in BOX_SIZES if b**4 == len(symbols)), None)
    if box is None:
        sizes = ", ".join(str(b**4) for b in BOX_SIZES)
        raise InvalidInput(f"{name}: {len(symbols)} cells; a grid has {sizes} (9×9 is 81)")
    n = box * box
    alphabet = _symbols(alphabet, n)
    values = _symbol_values(alphabet)
    cells = []
    for index, symbol in enumerate(symbols):
        if symbol in values:
            cells.append(values[symbol])
        elif symbol in EMPTY:
            cells.append(0)
        else:
            r, c = divmod(index, n)
            raise InvalidInput(
                f"{name}: {symbol!r} at row {r + 1}, column {c + 1} is not a value ({alphabet[0]}-{alphabet[-1]}) "
                "or an empty cell (. or 0)"
            )
    puzzle = Sudoku(box, tuple(cells), alphabet)
    conflict = first_conflict(puzzle)
    if conflict:
        raise InvalidInput(f"{name}: the givens contradict: {conflict}")
    return puzzle


def _symbols(alphabet: str | None, n: int) -> str:
    """The n symbols of the values 1…n: the first n of `alphabet` (default 1-9, A, B, …)."""
    if alphabet is None:
        return ALPHABET[:n]
    if len(set(alphabet)) != len(alphabet) or set(alphabet) & (set(EMPTY) | SEPARATORS):
        raise InvalidInput(f"alphabet: {alphabet!r} must hold distinct symbols, none of '.', '0', spaces, '|-+'")
    if len(alphabet) < n:
        raise InvalidInput(f"alphabet: {alphabet!r} has {len(alphabet)} symbols, a {n}×{n} grid needs {n}")
    return alphabet[:n]


def _symbol_values(symbols: str) -> dict[str, int]:
    """Each symbol's value (1…n); lower case reads as upper case when no symbol is lower case."""
    values = {symbol: v for v, symbol in enumerate(symbols, start=1)}
    if not any(symbol.islower() for symbol in symbols):
        values.update({symbol.lower(): v for symbol, v in values.items()})
    return values


def first_conflict(puzzle: Sudoku, cells: tuple[int, ...] | list[int] | None = None) -> str | None:
    """The first value that appears twice in a row, a column or a box, said in words."""
    cells = puzzle.cells if cells is None else cells
    n = puzzle.n
    for kind, units in zip(("row", "column", "box"), _split_units(puzzle.box), strict=True):
        for number, unit in enumerate(units, start=1):
            seen: dict[int, int] = {}
            for cell in unit:
                value = cells[cell]
                if value == 0:
                    continue
                if value in seen:
                    first, second = seen[value], cell
                    where = f"rows {first // n + 1} and {second // n + 1}" if kind == "column" else (
                        f"columns {first % n + 1} and {second % n + 1}" if kind == "row" else
                        f"cells ({first // n + 1},{first % n + 1}) and ({second // n + 1},{second % n + 1})"
                    )  # fmt: skip
                    return f"{puzzle.alphabet[value - 1]} twice in {kind} {number} ({where})"
                seen[value] = cell
    return None


def _split_units(box: int) -> tuple[list[list[int]], list[list[int]], list[list[int]]]:
    units, n = _units(box), box * box
    return units[:n], units[n : 2 * n], units[2 * n :]


def is_solution(puzzle: Sudoku, solution: tuple[int, ...] | list[int] | str) -> bool:
    """True when `solution` (cells, or a grid in the puzzle's alphabet) fills every cell, keeps
    every given, and repeats no value in a row, a column or a box."""
    return solution_error(puzzle, solution) is None


def solution_error(puzzle: Sudoku, solution: tuple[int, ...] | list[int] | str) -> str | None:
    """Why `solution` does not solve `puzzle`, or None."""
    if isinstance(solution, str):
        try:
            solution = parse_sudoku(solution, alphabet=puzzle.alphabet, name="solution").cells
        except InvalidInput as error:
            return str(error)
    cells = list(solution)
    if len(cells) != len(puzzle.cells):
        return f"{len(cells)} cells, the puzzle has {len(puzzle.cells)}"
    for index, (given, value) in enumerate(zip(puzzle.cells, cells, strict=True)):
        if not 1 <= value <= puzzle.n:
            return f"cell ({index // puzzle.n + 1},{index % puzzle.n + 1}) is empty or out of range"
        if given and value != given:
            return f"cell ({index // puzzle.n + 1},{index % puzzle.n + 1}) changes a given"
    return first_conflict(puzzle, cells)


# -- results ---------------------------------------------------------------------------------


@dataclass
class SudokuResult:
    """One search: how it ended, the first solution found, and the counters."""

    status: Status
    puzzle: Sudoku
    solution: list[int] | None
    stats: Stats = field(default_factory=Stats)
    count: int | None = None  # with counting: the solutions found

    @property
    def found(self) -> bool:
        return self.solution is not None

    def to_dict(self) -> dict[str, Any]:
        document: dict[str, Any] = {
            "status": str(self.status),
            "found": self.found,
            "solution": None if self.solution is None else self.puzzle.line(self.solution),
        }
        if self.count is not None:
            document["count"] = self.count
        document["stats"] = self.stats.to_dict()
        return document


# -- the textbook engine (002, Programme 1) ---------------------------------------------------


class TextbookSudoku:
    """002's solve in plain Python: the first empty cell, the values in order, check, undo.
    check looks at the cell's peers only, which gives the same answer as 002's loop over all
    81 cells; the scan for the first empty cell starts after the parent's cell, where 002's
    starts at 0 and finds the same cell (every cell before it is filled)."""

    def __init__(self, puzzle: Sudoku, control: SearchControl) -> None:
        self.grid = list(puzzle.cells)
        self.n = puzzle.n
        self.peers = [list(row) for row in peers(puzzle.box)]
        self.control = control
        self.nodes = self.tries = self.backtracks = 0
        self.depths = [0] * (len(self.grid) + 1)
        self.check_at = control.checkpoint(0)

    def stats(self) -> Stats:
        last = max((d for d, calls in enumerate(self.depths) if calls), default=0)
        return Stats(self.nodes, self.tries, self.backtracks, self.control.elapsed(), self.depths[: last + 1])

    def check(self, p: int) -> bool:
        value = self.grid[p]
        return all(self.grid[c] != value for c in self.peers[p])

    def solutions(self) -> Iterator[list[int]]:
        limit = sys.getrecursionlimit()
        sys.setrecursionlimit(max(limit, len(self.grid) + 200))
        try:
            yield from self.solve(0, 0)
        finally:
            sys.setrecursionlimit(limit)

    def solve(self, depth: int, start: int) -> Iterator[list[int]]:
        if self.nodes >= self.check_at:
            self.check_at = self.control.checkpoint(self.nodes)
        self.nodes += 1
        self.depths[depth] += 1
        grid = self.grid
        for c in range(start, len(grid)):
            if grid[c] == 0:
                for v in range(1, self.n + 1):
                    self.tries += 1
                    grid[c] = v
                    if self.check(c):
                        yield from self.solve(depth + 1, c + 1)
                grid[c] = 0
                self.backtracks += 1
                return
        yield list(grid)


# -- the public API ---------------------------------------------------------------------------


# -- the SAT method (large grids) ----------------------------------------------------------------


class SatSudoku:
    """The grid as a Boolean formula, solved by a CDCL SAT solver (Glucose through PySAT, the
    optional extra essais[sat]): one variable per remaining candidate after the propagating
    solver's root propagation, exactly one value per cell and exactly one place per value in
    each unit. Clause learning is what the hardest 25×25 grids need. Each solution found is
    then forbidden by a clause, so that the next call finds another (counting). Counters:
    `nodes` the solver's decisions, `tries` its propagations, `backtracks` its conflicts."""

    def __init__(self, puzzle: Sudoku, control: SearchControl) -> None:
        try:
            from pysat.solvers import Solver
        except ImportError:
            raise InvalidInput("method: 'sat' needs PySAT (pip install 'essais[sat]')") from None
        if control.limits.nodes is not None:
            raise InvalidInput("node limit: method 'sat' takes a time limit only")
        from essais._sudoku_kernels import root_candidates

        self.puzzle, self.control = puzzle, control
        self.candidates = root_candidates(puzzle)  # None: the root propagation already fails
        self.solver: Any = Solver(name=SAT_SOLVER, bootstrap_with=self._clauses())
        self.counters: dict[str, int] = {}

    def _variable(self, cell: int, value: int) -> int:
        return cell * self.puzzle.n + value + 1

    def _clauses(self) -> list[list[int]]:
        if self.candidates is None:
            return [[1], [-1]]
        n, candidates, clauses = self.puzzle.n, self.candidates, []
        groups = [[(cell, v) for v in range(n) if candidates[cell] >> v & 1] for cell in range(n * n)]
        groups += [
            [(cell, v) for cell in unit if candidates[cell] >> v & 1]
            for unit in _units(self.puzzle.box)
            for v in range(n)
        ]
        for group in groups:  # exactly one of each group
            literals = [self._variable(cell, v) for cell, v in group]
            clauses.append(literals)
            clauses += [[-a, -b] for i, a in enumerate(literals) for b in literals[i + 1 :]]
        return clauses

    def stats(self) -> Stats:
        if self.solver is not None:
            self.counters = self.solver.accum_stats() or self.counters
        counters = self.counters
        return Stats(counters.get("decisions", 0), counters.get("propagations", 0),
                     counters.get("conflicts", 0), self.control.elapsed())  # fmt: skip

    def solutions(self) -> Iterator[list[int]]:
        n, open_cells = self.puzzle.n, [cell for cell, value in enumerate(self.puzzle.cells) if value == 0]
        try:
            while self._solve():
                model = self.solver.get_model()
                assert model is not None
                chosen = {literal for literal in model if literal > 0}
                solution = [
                    next(v + 1 for v in range(n) if self.candidates is not None and self.candidates[cell] >> v & 1
                         and self._variable(cell, v) in chosen)
                    for cell in range(n * n)
                ]  # fmt: skip
                yield solution
                if not open_cells:
                    return
                self.solver.add_clause([-self._variable(cell, solution[cell] - 1) for cell in open_cells])
        finally:
            self.stats()  # the counters, before the solver goes
            self.solver.delete()
            self.solver = None

    def _solve(self) -> bool:
        """One call of the solver; a watcher thread interrupts it for a limit or Ctrl-C."""
        done = threading.Event()

        def watch() -> None:
            while not done.wait(0.05):
                if self.control.interrupted or self.control.out_of_time():
                    self.solver.interrupt()
                    return

        watcher = threading.Thread(target=watch, daemon=True)
        watcher.start()
        try:
            found = self.solver.solve_limited(expect_interrupt=True)
        finally:
            done.set()
            watcher.join()
        if found is None:
            self.solver.clear_interrupt()
            raise SearchStopped(Status.INTERRUPTED if self.control.interrupted else Status.LIMIT)
        return bool(found)


def _check(method: str, engine: str) -> None:
    if method not in METHODS:
        raise InvalidInput(f"method: {method!r} is not one of {', '.join(METHODS)}")
    if engine not in ENGINES:
        raise InvalidInput(f"engine: {engine!r} is not one of {', '.join(ENGINES)}")
    if method != "textbook" and engine != "numba":
        raise InvalidInput(f"method: {method!r} exists in the numba engine only")


def _search(puzzle: Sudoku, method: str, engine: str, control: SearchControl) -> Any:
    if method == "sat":
        return SatSudoku(puzzle, control)
    if engine == "python":
        return TextbookSudoku(puzzle, control)
    from essais._sudoku_kernels import CompiledSudoku

    return CompiledSudoku(puzzle, method, control)


def solve_sudoku(
    puzzle: Sudoku, *, method: str = "propagate", engine: str = "numba", limits: Limits | None = None
) -> SudokuResult:
    """The first solution (status found), or none, with the counters."""
    return _run(puzzle, method, engine, limits, stop_after=1, counting=False)


def count_sudoku(
    puzzle: Sudoku,
    *,
    method: str = "propagate",
    engine: str = "numba",
    limit: int | None = None,
    limits: Limits | None = None,
) -> SudokuResult:
    """Count the solutions (002 Q1), stopping after `limit` of them (status found) if given;
    `solution` is the first one found."""
    if limit is not None and limit < 1:
        raise InvalidInput(f"limit: {limit} must be at least 1")
    return _run(puzzle, method, engine, limits, stop_after=limit, counting=True)


def is_unique(
    puzzle: Sudoku, *, method: str = "propagate", engine: str = "numba", limits: Limits | None = None
) -> SudokuResult:
    """Count up to 2 solutions: `count == 1` means the puzzle is proper. The status says whether
    it has a solution (found, none) or was stopped before that was known."""
    result = count_sudoku(puzzle, method=method, engine=engine, limit=2, limits=limits)
    if result.status in (Status.FOUND, Status.COMPLETE):
        result.status = Status.FOUND if result.count else Status.NONE
    return result


def _run(
    puzzle: Sudoku, method: str, engine: str, limits: Limits | None, stop_after: int | None, counting: bool
) -> SudokuResult:
    _check(method, engine)
    with SearchControl(limits) as control:
        search = _search(puzzle, method, engine, control)
        control.restart_clock()
        first, count, status = None, 0, Status.COMPLETE if counting else Status.NONE
        try:
            if method == "propagate" and not counting:  # one solution: restarts pay on large grids
                first = search.first_solution()
                return SudokuResult(Status.FOUND if first else Status.NONE, puzzle, first, search.stats())
            for solution in search.solutions():
                count += 1
                first = first or solution
                if count == stop_after:
                    status = Status.FOUND
                    break
        except SearchStopped as stop:
            status = stop.status
        return SudokuResult(status, puzzle, first, search.stats(), count if counting else None)


# -- many puzzles ------------------------------------------------------------------------------


@dataclass
class Line:
    """One line of a puzzle file: its number, and the puzzle or why it could not be read."""

    number: int
    puzzle: Sudoku | None
    error: str | None = None


def read_puzzles(text: str, *, alphabet: str | None = None, name: str = "puzzle") -> list[Line]:
    """A file's puzzles: one per line (`#` starts a comment), or one grid written over several
    lines (the grid form). A line that cannot be read is kept with its error."""
    lines = [(number, raw.split("#", 1)[0]) for number, raw in enumerate(text.splitlines(), start=1)]
    lines = [(number, line) for number, line in lines if any(ch not in SEPARATORS for ch in line)]
    if not lines:
        raise InvalidInput(f"{name}: no puzzle in it")
    first = sum(ch not in SEPARATORS for ch in lines[0][1])
    if len(lines) > 1 and first not in {b**4 for b in BOX_SIZES}:  # the grid form, a row per line
        return [Line(lines[0][0], parse_sudoku("\n".join(line for _, line in lines), alphabet=alphabet, name=name))]
    box, symbols, values = _decode_lines([line for _, line in lines], alphabet)
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


def _decode_lines(lines: list[str], alphabet: str | None) -> tuple[int, str, list[list[int] | None]]:
    """The common case of a large file, fast: lines of one size, no spaces, the default
    alphabet (or `alphabet`), read by one table lookup and checked by one compiled pass. A line
    that does not fit gets None and is read the slow way."""
    from essais._sudoku_kernels import rows_without_conflict

    size = len(lines[0]) if lines else 0
    box = next((b for b in BOX_SIZES if b**4 == size), 0)
    unread: tuple[int, str, list[list[int] | None]] = (box, "", [None] * len(lines))
    if box == 0 or any(len(line) != size for line in lines):
        return unread
    n = box * box
    symbols = _symbols(alphabet, n)
    table = np.full(256, -1, dtype=np.int64)  # byte -> value, 0 for empty, -1 for anything else
    for symbol, value in [*_symbol_values(symbols).items(), *((empty, 0) for empty in EMPTY)]:
        if ord(symbol) < 256:
            table[ord(symbol)] = value
    try:
        raw = np.frombuffer("".join(lines).encode("ascii"), dtype=np.uint8).reshape(len(lines), size)
    except UnicodeEncodeError:
        return unread
    cells = table[raw]
    good = (cells >= 0).all(axis=1) & rows_without_conflict(np.where(cells < 0, 0, cells), peers(box))
    return box, symbols, [row if ok else None for row, ok in zip(cells.tolist(), good.tolist(), strict=True)]


@dataclass
class BatchResult:
    """A file of puzzles solved with the propagating solver: per puzzle, the number of
    solutions found (0, 1, or 2 meaning "more than one" when uniqueness was asked), the first
    solution, the counters."""

    found: np.ndarray
    solutions: np.ndarray
    counters: np.ndarray
    seconds: float
    workers: int = 1  # the processes it ran on

    def lines(self, alphabet: str) -> list[str]:
        """Every first solution in the one-line form (empty where none was found), at once."""
        symbols = np.frombuffer(("." + alphabet).encode(), dtype=np.uint8)
        text = symbols[np.where(self.found[:, None] > 0, self.solutions, 0)].tobytes().decode()
        width = self.solutions.shape[1] if self.solutions.ndim == 2 else 0
        return [text[i * width : (i + 1) * width] if self.found[i] else "" for i in range(len(self.found))]


def solve_many(
    puzzles: list[Sudoku], *, unique: bool = False, workers: int = 1, progress: Progress | None = None
) -> BatchResult:
    """Solve puzzles of one box size in compiled batches (no Python work per puzzle), on
    `workers` processes for large batches; `progress(done, total)` as batches finish."""
    from essais._sudoku_kernels import solve_cells

    if not puzzles:
        return BatchResult(np.zeros(0, np.int64), np.zeros((0, 0), np.int64), np.zeros((0, 3), np.int64), 0.0)
    box = puzzles[0].box
    if any(p.box != box for p in puzzles):
        raise InvalidInput("puzzles: a batch must hold grids of one size")
    cells = np.array([p.cells for p in puzzles], dtype=np.int64)
    return solve_cells(cells, box, 2 if unique else 1, workers, progress)
