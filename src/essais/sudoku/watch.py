"""002's Sudoku search watched value by value: the events a page replays (essais.draw.player)."""

from __future__ import annotations

from essais.core.engine import run_search
from essais.core.limits import Limits, SearchControl, limits_from
from essais.core.recording import DEFAULT_EVENTS, EventLog
from essais.core.result import Status
from essais.draw.player import Replay
from essais.sudoku.model import Sudoku, SudokuCount, SudokuResult, SudokuSearch, as_puzzle
from essais.sudoku.textbook import TextbookSudoku


def watch_sudoku(
    puzzle: Sudoku | str,
    *,
    count: bool = False,
    max_events: int = DEFAULT_EVENTS,
    limits: Limits | None = None,
    time_limit: float | None = None,
    node_limit: int | None = None,
    memory_limit: int | str | None = None,
) -> Replay:
    """002's search (method textbook, python engine: the compiled one keeps no log) watched value
    by value, to the first solution or with `count` through every one: each value written in a
    cell (past the check) or erased is an event with the counters at that moment, up to
    `max_events` (the search goes on past them); `to_html()` is the page that replays them.

    >>> replay = watch_sudoku("1.3..4.22..3.3.1")
    >>> replay.result.found, len(replay.log), replay.stats.nodes
    (True, 8, 9)
    """
    limits = limits_from(limits, time_limit, node_limit, memory_limit)
    grid = as_puzzle(puzzle)
    log = EventLog(grid.n, limit=max_events)

    def build(control: SearchControl) -> TextbookSudoku:
        engine = TextbookSudoku(grid, control)
        log.counters, engine.record = engine.counters, log
        return engine

    result: SudokuResult | SudokuCount
    if count:
        counted = SudokuCount(Status.COMPLETE, 0, method="textbook", engine="python", puzzle=grid)

        def count_them(search: SudokuSearch) -> None:
            for solution in search.solutions():
                counted.count += 1
                counted.solution = counted.solution or solution

        run = run_search(limits, build, count_them)
        counted.status, counted.stats, result = run.stopped or Status.COMPLETE, run.stats, counted
    else:
        first = run_search(limits, build, lambda search: next(iter(search.solutions()), None))
        status = first.stopped or (Status.FOUND if first.value is not None else Status.NONE)
        result = SudokuResult(status, grid, first.value, first.stats, "textbook", "python")
    givens = [list(grid.cells[row * grid.n : (row + 1) * grid.n]) for row in range(grid.n)]
    symbols = {value: grid.alphabet[value - 1] for value in range(1, grid.n + 1)}
    what = "every solution" if count else "the first solution"
    title = f"essais: a {grid.n}x{grid.n} Sudoku, 002's search to {what} (textbook)"
    return Replay(result, log, grid.n, grid.n, givens, title, symbols, method="textbook")
