"""N queens (002 Q3, SPEC §2.4): one queen per row, the column of each row's queen in an array,
columns tried in order; first solution, every solution, counts, and counts up to symmetry.

Methods: `textbook` (both engines, identical counters): 002's backtracking, where the promising
test checks the new queen against every queen above it. `bitmask` (numba), for counts: columns and
both diagonals as bit sets, the count split at its start constellations (the queens of the
border rows and columns, one per orbit under the 8 symmetries of the square), run in parallel.

>>> result = count_queens(8, method="textbook", engine="python")
>>> result.count, result.stats.nodes
(92, 2057)
"""

from __future__ import annotations

import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from essais.core.errors import InvalidInput
from essais.core.limits import Limits, SearchControl, SearchStopped
from essais.core.parallel import Progress, run_split
from essais.core.result import CountResult, Stats, Status
from essais.knights.board import Board

METHODS = ("textbook", "bitmask")
ENGINES = ("python", "numba")
MAX_N = 32  # the bitmask kernels keep a row in a 64-bit word; 32 is far beyond any count anyway


def is_solution(columns: Sequence[int], n: int | None = None) -> bool:
    """True when `columns` (the column of the queen in each row) places n queens on an n×n board
    with no two attacking each other."""
    n = len(columns) if n is None else n
    if len(columns) != n or any(not 0 <= c < n for c in columns):
        return False
    return all(
        columns[a] != columns[b] and abs(columns[a] - columns[b]) != b - a for a in range(n) for b in range(a + 1, n)
    )


def symmetries(columns: Sequence[int]) -> list[tuple[int, ...]]:
    """The images of a solution under the 8 symmetries of the square."""
    n = len(columns)
    images = []
    for g in Board(n, n).symmetries():
        image = [0] * n
        for row, col in enumerate(columns):
            r, c = g(row, col)
            image[r] = c
        images.append(tuple(image))
    return images


@dataclass
class QueensResult:
    """One search: its status, the columns of the first solution found, the counters."""

    status: Status
    n: int
    columns: list[int] | None
    stats: Stats = field(default_factory=Stats)

    @property
    def found(self) -> bool:
        return self.columns is not None

    def to_dict(self) -> dict[str, Any]:
        return {"status": str(self.status), "found": self.found, "columns": self.columns, "stats": self.stats.to_dict()}


@dataclass
class QueensCount(CountResult):
    n: int = 0
    distinct: bool = False
    split: dict[str, int] | None = None  # sub-trees done / total / resumed from a checkpoint

    def to_dict(self) -> dict[str, Any]:
        document = {"status": str(self.status), "found": self.count > 0, "count": self.count,
                    "distinct": self.distinct, "stats": self.stats.to_dict()}  # fmt: skip
        if self.split is not None:
            document["subtrees"] = self.split
        return document


class TextbookQueens:
    """002 Q3 in plain Python: `placer(row)` tries each column in order for the queen of `row`."""

    def __init__(self, n: int, control: SearchControl) -> None:
        self.n = n
        self.control = control
        self.columns: list[int] = []
        self.nodes = self.tries = self.backtracks = 0
        self.check_at = control.checkpoint(0)

    def stats(self) -> Stats:
        return Stats(self.nodes, self.tries, self.backtracks, self.control.elapsed())

    def _promising(self, row: int, col: int) -> bool:
        """No queen above is in the same column or on the same diagonal."""
        return all(c != col and abs(c - col) != row - r for r, c in enumerate(self.columns))

    def solutions(self) -> Iterator[list[int]]:
        """Every solution in order; the first is what "stop at the first success" finds, with
        the same counters (as for the knight's tour)."""
        limit = sys.getrecursionlimit()
        sys.setrecursionlimit(max(limit, 2 * self.n + 200))
        try:
            yield from self._place(0)
        finally:
            sys.setrecursionlimit(limit)

    def _place(self, row: int) -> Iterator[list[int]]:
        if self.nodes >= self.check_at:
            self.check_at = self.control.checkpoint(self.nodes)
        self.nodes += 1
        if row == self.n:
            yield list(self.columns)
            return
        for col in range(self.n):
            self.tries += 1
            if self._promising(row, col):
                self.columns.append(col)
                yield from self._place(row + 1)
                self.columns.pop()
                self.backtracks += 1


def _check(n: int, method: str, engine: str) -> None:
    if not isinstance(n, int) or n < 1:
        raise InvalidInput(f"n: {n!r} must be a positive number of queens")
    if n > MAX_N:
        raise InvalidInput(f"n: {n} is more than {MAX_N} queens")
    if method not in METHODS:
        raise InvalidInput(f"method: {method!r} is not one of {', '.join(METHODS)}")
    if engine not in ENGINES:
        raise InvalidInput(f"engine: {engine!r} is not one of {', '.join(ENGINES)}")
    if method == "bitmask" and engine != "numba":
        raise InvalidInput("method: 'bitmask' exists in the numba engine only")


def _search(n: int, engine: str, control: SearchControl) -> Any:
    if engine == "numba":
        from essais._queens_kernels import CompiledQueens

        return CompiledQueens(n, control)
    return TextbookQueens(n, control)


def find_queens(n: int, *, engine: str = "numba", limits: Limits | None = None) -> QueensResult:
    """The first solution of 002's row-by-row search (method textbook), or none."""
    _check(n, "textbook", engine)
    with SearchControl(limits) as control:
        search = _search(n, engine, control)
        control.restart_clock()
        try:
            columns = next(iter(search.solutions()), None)
            status = Status.FOUND if columns is not None else Status.NONE
        except SearchStopped as stop:
            columns, status = None, stop.status
        return QueensResult(status, n, columns, search.stats())


class QueensStream:
    """Every solution in 002's order, lazily (method textbook); `result` says how it ended."""

    def __init__(self, n: int, *, engine: str = "numba", limit: int | None = None, limits: Limits | None = None):
        _check(n, "textbook", engine)
        if limit is not None and limit < 1:
            raise InvalidInput(f"limit: {limit} must be at least 1")
        self.n, self.engine, self.limit, self.limits = n, engine, limit, limits
        self.result = QueensCount(Status.COMPLETE, 0, n=n)

    def __iter__(self) -> Iterator[list[int]]:
        with SearchControl(self.limits) as control:
            search = _search(self.n, self.engine, control)
            control.restart_clock()
            try:
                for columns in search.solutions():
                    self.result.count += 1
                    yield columns
                    if self.result.count == self.limit:
                        self.result.status = Status.FOUND
                        break
            except SearchStopped as stop:
                self.result.status = stop.status
            except GeneratorExit:
                self.result.status = Status.FOUND
                raise
            finally:
                self.result.stats = search.stats()


def count_queens(
    n: int,
    *,
    method: str = "bitmask",
    engine: str = "numba",
    distinct: bool = False,
    limits: Limits | None = None,
    workers: int = 1,
    scheduler: str | None = None,
    checkpoint: str | Path | None = None,
    progress: Progress | None = None,
) -> QueensCount:
    """The number of solutions (OEIS A000170), or with `distinct` the number up to the 8
    symmetries of the square (OEIS A002562).

    Method bitmask splits the count into its start constellations, run on `workers` processes
    or a Dask `scheduler`, with an optional `checkpoint` file (essais.core.parallel)."""
    _check(n, method, engine)
    if method == "bitmask":
        return _count_constellations(n, distinct, limits, workers, scheduler, checkpoint, progress)
    if (workers, scheduler, checkpoint) != (1, None, None):
        raise InvalidInput("workers, scheduler, checkpoint: they split the bitmask count, not the textbook one")
    with SearchControl(limits) as control:
        search = _search(n, engine, control)
        control.restart_clock()
        count, status = 0, Status.COMPLETE
        try:
            for columns in search.solutions():
                if not distinct or tuple(columns) == min(symmetries(columns)):
                    count += 1
        except SearchStopped as stop:
            status = stop.status
        return QueensCount(status, count, search.stats(), n=n, distinct=distinct)


def _count_constellations(
    n: int,
    distinct: bool,
    limits: Limits | None,
    workers: int,
    scheduler: str | None,
    checkpoint: str | Path | None,
    progress: Progress | None,
) -> QueensCount:
    """Each orbit of start constellations counts `orbit` times its completions; its solutions
    up to symmetry are, by Burnside's lemma over the constellation's stabiliser, (completions +
    those fixed by the half turn + 2 × those fixed by a quarter turn) / |stabiliser|
    (reflections fix no solution of more than one queen: two queens would share a line)."""
    from essais._queens_kernels import count_start_constellation, start_constellations

    with SearchControl(limits) as control:
        table = [tuple(int(value) for value in row) for row in start_constellations(n)]
        tasks = [(n, code, bool(half or quarter)) for code, _, _, half, quarter in table]
        problem = {"problem": "queens", "n": n, "split": "start constellations"}
        run = run_split(
            problem, tasks, count_start_constellation, control=control, workers=workers, scheduler=scheduler,
            checkpoint=checkpoint, progress=progress,
        )  # fmt: skip
        count = 0
        for index, result in run.results.items():
            completions, fixed_by_half_turn, fixed_by_quarter_turn = result.values
            _, orbit, stabiliser, half, quarter = table[index]
            if distinct:
                reflections = stabiliser - 1 - half - 2 * quarter
                fixed_by_reflections = reflections * completions if n == 1 else 0  # the lone queen
                fixed = completions + half * fixed_by_half_turn + 2 * quarter * fixed_by_quarter_turn
                count += (fixed + fixed_by_reflections) // stabiliser
            else:
                count += orbit * completions
        return QueensCount(run.status, count, run.stats(control.elapsed()), n=n, distinct=distinct, split=run.to_dict())
