"""N queens (002 Q3): one queen per row, the column of each row's queen in an array,
columns tried in order; first solution, every solution, counts, and counts up to symmetry.

Methods: `textbook` (both engines, identical counters): 002's backtracking, where the promising
test checks the new queen against every queen above it. `dlx` (both engines): the queens as an
exact cover (rows and columns once, diagonals at most once) searched by dancing links
(essais.core.cover), with Knuth's `updates` beside the house's counters. `bitmask` and `mrv` (numba), for counts:
columns and both diagonals as bit sets, the count split at its start constellations (the queens
of the border rows and columns, one per orbit under the 8 symmetries of the square), run in
parallel; bitmask fills the free rows top to bottom, mrv fills first the row with the fewest free
squares (the minimum-remaining-values rule) and stops at any row or column left without one.
With no method named, a count runs mrv in the numba engine and textbook in the python one.

Examples
--------
>>> result = count_queens(8, engine="python")
>>> result.count, result.stats.nodes
(92, 2057)
>>> find_queens(4, engine="python").columns
[1, 3, 0, 2]
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from essais.core.cover import search as cover
from essais.core.engine import SolutionSearch, SolutionStream, check_memory, loading_compiled, run_search
from essais.core.errors import InvalidInput
from essais.core.limits import Limits, SearchControl, SearchStopped, limits_from
from essais.core.parallel import Progress, workers_for
from essais.core.parallel.settings import Settings
from essais.core.result import Stats, Status
from essais.queens.model import (
    CONSTELLATION_METHODS,
    METHODS,
    SPLIT_METHODS,
    QueensCount,
    QueensResult,
    check_n,
    count_method,
    cover_columns,
    queens_cover,
    symmetries,
)
from essais.queens.textbook import TextbookQueens


def _textbook(n: int, engine: str | None) -> Callable[[SearchControl], SolutionSearch]:
    """The builder of the textbook search in the engine asked for; compiled code loads only then."""
    check_n(n)
    _, engine = METHODS.resolve("textbook", engine)
    if engine == "numba":
        with loading_compiled("queens"):
            from essais.queens.compiled import CompiledQueens

        return lambda control: CompiledQueens(n, control)
    return lambda control: TextbookQueens(n, control)


def find_queens(
    n: int,
    *,
    method: str | None = None,
    engine: str | None = None,
    limits: Limits | None = None,
    time_limit: float | None = None,
    node_limit: int | None = None,
    memory_limit: int | str | None = None,
) -> QueensResult:
    """The first solution of 002's row-by-row search (method textbook), or of the exact cover
    (method dlx), or none (bitmask and mrv count only)."""
    limits = limits_from(limits, time_limit, node_limit, memory_limit)
    method, engine = METHODS.resolve(method, engine)
    if method in SPLIT_METHODS:
        raise InvalidInput(f"method: {method!r} counts only; one solution is found by method textbook or dlx")
    if method == "dlx":
        check_n(n)
        settings = Settings(method, engine, limits)
        status, options, stats = cover.first_cover(queens_cover(n), settings)
        return QueensResult(status, n, cover_columns(n, options) if options else None, stats, method, engine)
    run = run_search(limits, _textbook(n, engine), lambda search: next(iter(search.solutions()), None))
    return QueensResult(run.status, n, run.value, run.stats, "textbook", engine)


class QueensStream(SolutionStream[SolutionSearch, list[int]]):
    """Every solution in 002's order, lazily (method textbook); `result` says how it ended."""

    def __init__(
        self,
        n: int,
        *,
        engine: str | None = None,
        limit: int | None = None,
        limits: Limits | None = None,
        time_limit: float | None = None,
        node_limit: int | None = None,
        memory_limit: int | str | None = None,
    ) -> None:
        limits = limits_from(limits, time_limit, node_limit, memory_limit)
        build = _textbook(n, engine)
        super().__init__(
            limits,
            build,
            lambda search: search.solutions(),
            QueensCount(Status.COMPLETE, 0, method="textbook", engine=METHODS.resolve("textbook", engine)[1], n=n),
            limit,
        )


def count_queens(
    n: int,
    *,
    method: str | None = None,
    engine: str | None = None,
    distinct: bool = False,
    limits: Limits | None = None,
    time_limit: float | None = None,
    node_limit: int | None = None,
    memory_limit: int | str | None = None,
    workers: int | None = 1,
    scheduler: str | None = None,
    checkpoint: str | Path | None = None,
    progress: Progress | None = None,
) -> QueensCount:
    """The number of solutions (OEIS A000170), or with `distinct` the number up to the 8
    symmetries of the square (OEIS A002562).

    Methods bitmask and mrv split the count into its start constellations, join into its row
    sets, run on `workers` processes (1: in this process; None: one per core) or a Dask
    `scheduler`, with an optional `checkpoint` file (essais.core.parallel). The textbook count
    is one sequential search."""
    limits = limits_from(limits, time_limit, node_limit, memory_limit)
    check_n(n)
    method, engine = count_method(n, method, engine, distinct)
    settings = Settings(method, engine, limits, workers_for(workers, engine), scheduler, checkpoint, progress)
    if method in SPLIT_METHODS:
        counted_by = _count_constellations if method in CONSTELLATION_METHODS else _count_joined
        return counted_by(n, distinct, settings)
    if method == "dlx":
        return _count_cover(n, distinct, settings)
    given = [name for name, value in (("workers", workers not in (None, 1)), ("scheduler", scheduler),
             ("checkpoint", checkpoint)) if value]  # fmt: skip
    if given:
        raise InvalidInput(f"{', '.join(given)}: they split the bitmask, mrv and dlx counts, not the textbook one")

    def count(search: SolutionSearch) -> None:
        for columns in search.solutions():
            if not distinct or tuple(columns) == min(symmetries(columns)):
                result.count += 1

    result = QueensCount(Status.COMPLETE, 0, method=method, engine=engine, n=n, distinct=distinct)
    run = run_search(limits, _textbook(n, engine), count)
    result.status, result.stats = run.stopped or Status.COMPLETE, run.stats
    return result


def _count_cover(n: int, distinct: bool, settings: Settings) -> QueensCount:
    """Method dlx: every cover of queens_cover(n) counted, split as essais.core.cover splits."""
    if distinct:
        raise InvalidInput("distinct: method dlx counts every solution; count up to symmetry with mrv or textbook")
    tally = cover.count_covers(queens_cover(n), settings)
    return QueensCount(tally.status, tally.count, tally.stats, "dlx", tally.engine, tally.split, n=n)


def _count_joined(n: int, distinct: bool, settings: Settings) -> QueensCount:
    """Method join: the quarter boards listed here (the workers forked afterwards share them),
    then each task's row sets joined on the workers; each row set counts for its orbit."""
    method = settings.method
    if distinct:
        raise InvalidInput("distinct: method join counts every solution; count up to symmetry with mrv (the default)")
    with loading_compiled("queens"):
        from essais.queens.compiled import count_joined_rows, join_tables, join_tasks

    with SearchControl(settings.limits) as control:
        try:
            join_tables(n, control.check_setup, control.limits)
        except SearchStopped as stop:
            return QueensCount(stop.status, 0, Stats(seconds=control.elapsed()), method, "numba", n=n)
        problem = {"problem": "queens", "n": n, "split": "row sets", "method": method}
        run = settings.run_split(problem, join_tasks(n), count_joined_rows, control)
        count = sum(result.values[0] for _, result in run.every_result())
        stats = run.stats(control.elapsed())
        return QueensCount(run.status, count, stats, method, "numba", run.to_dict(), n=n)


def _count_constellations(n: int, distinct: bool, settings: Settings) -> QueensCount:
    """Each orbit of start constellations counts `orbit` times its completions; its solutions
    up to symmetry are, by Burnside's lemma over the constellation's stabiliser, (completions +
    those fixed by the half turn + 2 × those fixed by a quarter turn) / |stabiliser|
    (reflections fix no solution of more than one queen: two queens would share a line)."""
    method = settings.method
    with loading_compiled("queens"):
        from essais.queens.compiled import constellation_table, constellation_table_bytes, count_start_constellation

    check_memory(constellation_table_bytes(n), f"the start constellations of {n} queens", settings.limits)
    with SearchControl(settings.limits) as control:
        try:
            table = constellation_table(n, control.check_setup)
        except SearchStopped as stop:
            return QueensCount(
                stop.status, 0, Stats(seconds=control.elapsed()), method, "numba", n=n, distinct=distinct
            )
        tasks = [(n, images, bool(half or quarter), method) for _, _, _, half, quarter, images in table]
        problem = {"problem": "queens", "n": n, "split": "start constellations", "method": method}
        run = settings.run_split(problem, tasks, count_start_constellation, control)
        count = 0
        for index, result in run.every_result():  # (sub-trees a stop caught partway: the solutions so far)
            completions, fixed_by_half_turn, fixed_by_quarter_turn = result.values
            _, orbit, stabiliser, half, quarter, _ = table[index]
            if distinct and index in run.partial and stabiliser > 1:
                continue  # a symmetric orbit counted partway: its share is known only once it is whole
            if distinct:
                reflections = stabiliser - 1 - half - 2 * quarter
                fixed_by_reflections = reflections * completions if n == 1 else 0  # the lone queen
                fixed = completions + half * fixed_by_half_turn + 2 * quarter * fixed_by_quarter_turn
                count += (fixed + fixed_by_reflections) // stabiliser
            else:
                count += orbit * completions
        stats = run.stats(control.elapsed())
        return QueensCount(run.status, count, stats, method, "numba", run.to_dict(), n=n, distinct=distinct)
