"""Sudoku (002): grids, their reading and checking, the methods and the results.

A grid of box size b has n = b² rows, columns and boxes and n² cells, in reading order: cell
i is row i // n, column i % n. Values are 1…n, 0 for an empty cell; they are written with an
alphabet (1-9 then A, B, … by default) and `.` or `0` for an empty cell.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any

import numpy as np

from essais.core.engine import Methods
from essais.core.errors import InvalidInput
from essais.core.limits import Limits
from essais.core.result import CountResult, Result, Stats, Status, plural
from essais.draw.picture import Pictured
from essais.sudoku.draw import grid_svg

ALPHABET = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
EMPTY = ".0"
SEPARATORS = frozenset(" \t\r\n|-+")  # the grid form's spaces and box rules
BOX_SIZES = (2, 3, 4, 5, 6)  # 4×4 up to 36×36 (a custom alphabet is needed beyond 35 symbols)
# textbook: 002's search, both engines; bitwise: 9×9 grids as bit sets, built for throughput
# (numba; the default for 9×9, see resolve_method); propagate: candidate sets with dom/wdeg and,
# from 16×16 on, stronger reasoning (numba; the default for larger grids); sat: a SAT solver (PySAT)
METHODS = Methods(
    {"textbook": ("python", "numba"), "bitwise": ("numba",), "propagate": ("numba",), "sat": ("numba",)},
    default={"python": "textbook", "numba": "propagate"},
)


def resolve_method(method: str | None, engine: str | None, box: int) -> tuple[str, str]:
    """METHODS.resolve for grids of box size `box`: with numba and no method named, bitwise
    for 9×9 grids and propagate for larger ones; bitwise refused for other sizes."""
    chosen, engine = METHODS.resolve(method, engine)
    if method is None and engine == "numba" and box == 3:
        chosen = "bitwise"
    if chosen == "bitwise" and box != 3:
        raise InvalidInput(f"method: 'bitwise' solves 9×9 grids, not {box * box}×{box * box} ones (use propagate)")
    return chosen, engine


def check_limits(method: str, limits: Limits | None) -> None:
    """Refuse a limit the method cannot honour (SAT counts no nodes of its own)."""
    if method == "sat" and limits is not None and limits.nodes is not None:
        raise InvalidInput("node limit: method 'sat' takes a time limit only")


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
def units(box: int) -> list[list[int]]:
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
    for unit in units(box):
        for cell in unit:
            table[cell].update(unit)
    return np.array([sorted(others - {cell}) for cell, others in enumerate(table)], dtype=np.int64)


def parse_sudoku(text: str, *, alphabet: str | None = None, name: str = "puzzle") -> Sudoku:
    """Read a grid in the one-line form or the grid form (any spaces, `|` and `-`/`+` rules);
    the size follows from the number of cells (16, 81, 256, 625, …). Raise InvalidInput naming
    `name`, the cell and the reason for a bad character, a wrong length or givens that already
    contradict each other."""
    if not isinstance(text, str):
        raise InvalidInput(f"{name}: {text!r} is not a grid's text")
    symbols = [ch for ch in text if ch not in SEPARATORS]
    if not symbols:
        raise InvalidInput(f"{name}: empty (a grid is 81 cells, or 16, 256, 625 for other box sizes)")
    box = next((b for b in BOX_SIZES if b**4 == len(symbols)), None)
    if box is None:
        sizes = ", ".join(str(b**4) for b in BOX_SIZES)
        raise InvalidInput(f"{name}: {len(symbols)} cells; a grid has {sizes} (9×9 is 81)")
    n = box * box
    alphabet = symbols_of(alphabet, n)
    values = symbol_values(alphabet)
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


def as_puzzle(puzzle: Sudoku | str) -> Sudoku:
    """A parsed grid, or the grid read from its text (one line or the grid form)."""
    if isinstance(puzzle, str):
        return parse_sudoku(puzzle)
    if not isinstance(puzzle, Sudoku):
        raise InvalidInput(f"puzzle: {puzzle!r} is neither a Sudoku nor a grid's text")
    return puzzle


def symbols_of(alphabet: str | None, n: int) -> str:
    """The n symbols of the values 1…n: the first n of `alphabet` (default 1-9, A, B, …)."""
    if alphabet is None:
        return ALPHABET[:n]
    if len(set(alphabet)) != len(alphabet) or set(alphabet) & (set(EMPTY) | SEPARATORS):
        raise InvalidInput(f"alphabet: {alphabet!r} must hold distinct symbols, none of '.', '0', spaces, '|-+'")
    if len(alphabet) < n:
        raise InvalidInput(f"alphabet: {alphabet!r} has {len(alphabet)} symbols, a {n}×{n} grid needs {n}")
    return alphabet[:n]


def symbol_values(symbols: str) -> dict[str, int]:
    """Each symbol's value (1…n); lower case reads as upper case when no symbol is lower case."""
    values = {symbol: v for v, symbol in enumerate(symbols, start=1)}
    if not any(symbol.islower() for symbol in symbols):  # ('İ'.lower() is two characters: not a symbol)
        values.update({symbol.lower(): v for symbol, v in values.items() if len(symbol.lower()) == 1})
    return values


def first_conflict(puzzle: Sudoku, cells: tuple[int, ...] | list[int] | None = None) -> str | None:
    """The first value that appears twice in a row, a column or a box, said in words."""
    cells = puzzle.cells if cells is None else cells
    n = puzzle.n
    for kind, kind_units in zip(("row", "column", "box"), _split_units(puzzle.box), strict=True):
        for number, unit in enumerate(kind_units, start=1):
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
    all_units, n = units(box), box * box
    return all_units[:n], all_units[n : 2 * n], all_units[2 * n :]


@dataclass(eq=False, repr=False)
class SudokuResult(Pictured, Result):
    """One search: how it ended, the first solution found (the values of the cells in reading
    order, a list of ints; None when there is none), and the counters."""

    status: Status
    puzzle: Sudoku
    solution: list[int] | None
    stats: Stats = field(default_factory=Stats)
    method: str | None = None
    engine: str | None = None

    def headline(self) -> str:
        return self.ended("solved")

    def brief(self) -> str:
        givens = sum(1 for value in self.puzzle.cells if value)
        return f"{self.puzzle.n}x{self.puzzle.n}, {givens} givens"

    def text(self) -> str:
        """The grid and its one-line form."""
        if self.solution is None:
            return ""
        return f"{self.puzzle.text(self.solution)}\n{self.puzzle.line(self.solution)}"

    def to_svg(self) -> str:
        """The grid, its givens in black and the values the solver filled in blue."""
        if self.solution is None:
            raise InvalidInput("svg: there is no solution to draw")
        line = self.puzzle.line(self.solution)
        given = [value != 0 for value in self.puzzle.cells]
        return grid_svg(self.puzzle.box, list(line), given, title=f"a {self.puzzle.n}x{self.puzzle.n} Sudoku, solved")

    def to_dict(self) -> dict[str, Any]:
        return {
            "status": str(self.status),
            "found": self.found,
            "solution": None if self.solution is None else self.puzzle.line(self.solution),
            **self.ran_keys(),
            "stats": self.stats.to_dict(),
        }


@dataclass(eq=False, repr=False)
class SudokuCount(CountResult):
    """A count of solutions (002 Q1), with the first solution found (`solution`); `unique`
    when it was a uniqueness check (a count up to 2)."""

    puzzle: Sudoku | None = None
    solution: list[int] | None = None
    unique: bool = False

    def headline(self) -> str:
        count, ran = self.count, self._ran()
        if self.unique and self.status.finished:
            return ("unique" if count == 1 else "not unique" if count else "no solution") + ran
        if self.status == Status.COMPLETE:
            return f"{plural(count, 'solution')}{ran}"
        if self.status == Status.FOUND:
            return f"at least {plural(count, 'solution')} (the search stopped there){ran}"
        return f"{plural(count, 'solution')} so far (stopped: {self.status}){ran}"

    def text(self) -> str:
        if self.puzzle is None or self.solution is None:
            return ""
        return f"{self.puzzle.text(self.solution)}\n{self.puzzle.line(self.solution)}"

    def to_dict(self) -> dict[str, Any]:
        line = self.puzzle.line(self.solution) if self.puzzle and self.solution is not None else None
        return {**super().to_dict(), "solution": line}


@dataclass
class Line:
    """One line of a puzzle file: its number, and the puzzle or why it could not be read."""

    number: int
    puzzle: Sudoku | None
    error: str | None = None


@dataclass
class BatchResult:
    """A file of puzzles solved with the propagating solver: per puzzle, the number of
    solutions found (0, 1, or 2 meaning "more than one" when uniqueness was asked), the first
    solution, the counters."""

    found: np.ndarray
    solutions: np.ndarray
    counters: np.ndarray
    seconds: float
    workers: int = 1  # the threads it ran on
    interrupted: bool = False  # Ctrl-C or SIGTERM stopped it: only the first puzzles are solved

    def lines(self, alphabet: str) -> list[str]:
        """Every first solution in the one-line form (empty where none was found), at once."""
        return solution_lines(self.solutions, self.found, alphabet)


def solution_lines(solutions: np.ndarray, found: np.ndarray, symbols: str) -> list[str]:
    """Each row's solution (values 1…n) in the one-line form, "" where `found` is not positive:
    one table lookup for ASCII symbols, a symbol at a time for others."""
    if not symbols.isascii():
        return ["".join(symbols[v - 1] for v in row) if count > 0 else ""
                for row, count in zip(solutions.tolist(), found.tolist(), strict=True)]  # fmt: skip
    table = np.frombuffer(("." + symbols).encode(), dtype=np.uint8)
    text = table[np.where(found[:, None] > 0, solutions, 0)].tobytes().decode()
    width = solutions.shape[1] if solutions.ndim == 2 else 0
    return [text[i * width : (i + 1) * width] if found[i] > 0 else "" for i in range(len(found))]


NOT_READ = -1  # BatchBlock.found of a line that is not a puzzle


@dataclass
class LineResult:
    """One puzzle line of a file, solved: its number, status (None: the line is no puzzle, the
    reason in `error`), its solution in the one-line form, its counters, and with a uniqueness
    check the solutions found (up to 2). `text()` is its line of output, `to_dict()` its JSON."""

    number: int
    status: Status | None  # None: the line is not a puzzle (its reason in `error`)
    solution: str | None = None
    stats: Stats | None = None
    count: int | None = None  # with --unique: solutions found, up to 2
    error: str | None = None

    def to_dict(self) -> dict[str, Any]:
        if self.status is None:
            return {"status": "invalid", "reason": self.error}
        document: dict[str, Any] = {"status": str(self.status), "found": self.solution is not None}
        document["solution"] = self.solution
        if self.count is not None:
            document["count"] = self.count
        document["stats"] = (self.stats or Stats()).to_dict()
        return document

    def text(self) -> str:
        if self.status is None:
            return ""
        if self.solution is not None:
            return self.solution + ("  # not unique" if (self.count or 0) > 1 else "")
        return f"# line {self.number}: {'no solution' if self.status == Status.NONE else self.status}"


@dataclass
class BatchBlock:
    """Consecutive puzzle lines of a file (blank and comment lines left out) and, once solved,
    their outcome: each line's number in the file, how many solutions were found (0, 1, or 2
    meaning "more than one" when uniqueness was asked; NOT_READ for a line that is not a
    puzzle, the reason in `errors` under its row), the first solution's values (0 where none),
    the counters (nodes, tries, backtracks). `cells` are the puzzles read (only before they are
    solved)."""

    numbers: np.ndarray
    found: np.ndarray
    solutions: np.ndarray
    counters: np.ndarray
    errors: dict[int, str] = field(default_factory=dict)
    cells: np.ndarray | None = None
    size: int = 0  # the bytes of the file it covers

    def __len__(self) -> int:
        return len(self.numbers)

    def solution_text(self, symbols: str) -> list[str]:
        """Each line's first solution in the one-line form, "" where there is none."""
        return solution_lines(self.solutions, self.found, symbols)

    def rows(self, symbols: str, unique: bool) -> list[LineResult]:
        """Each line of the solved block as a LineResult (with the solutions found, up to 2,
        when `unique`)."""
        texts = self.solution_text(symbols)
        rows = []
        for i, (number, found) in enumerate(zip(self.numbers.tolist(), self.found.tolist(), strict=True)):
            if found == NOT_READ:
                rows.append(LineResult(number, None, error=self.errors[i]))
                continue
            stats = Stats(*self.counters[i].tolist())
            status = Status.FOUND if found else Status.NONE
            rows.append(LineResult(number, status, texts[i] or None, stats, found if unique else None))
        return rows
