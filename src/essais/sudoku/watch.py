"""002's Sudoku search watched value by value: the events a page replays (essais.draw.player)."""

from __future__ import annotations

from essais.core.engine import run_watched
from essais.core.limits import Limits, limits_from
from essais.core.recording import DEFAULT_EVENTS, EventLog
from essais.core.result import Status
from essais.draw.player import Replay
from essais.sudoku.model import Sudoku, SudokuCount, SudokuResult, as_puzzle, resolve_method
from essais.sudoku.textbook import TextbookSudoku


def watch_sudoku(
    puzzle: Sudoku | str,
    *,
    method: str | None = None,
    count: bool = False,
    max_events: int = DEFAULT_EVENTS,
    limits: Limits | None = None,
    time_limit: float | None = None,
    node_limit: int | None = None,
    memory_limit: int | str | None = None,
) -> Replay:
    """002's search (method textbook, python engine: the compiled one keeps no log) watched value
    by value, to the first solution or with `count` through every one: each value written in a
    cell (past the check) or erased, and each call of the search, is an event with the counters
    at that moment, up to
    `max_events` (the search goes on past them); `to_html()` is the page that replays them.

    Examples
    --------
    >>> replay = watch_sudoku("1.3..4.22..3.3.1")
    >>> replay.result.found, len(replay.log), replay.stats.nodes
    (True, 30, 9)
    """
    limits = limits_from(limits, time_limit, node_limit, memory_limit)
    grid = as_puzzle(puzzle)
    resolve_method(method, "python", grid.box)  # (textbook: the other methods have no python engine)
    log = EventLog(grid.n, limit=max_events)
    run, found = run_watched(limits, lambda control: TextbookSudoku(grid, control), log, count)
    result: SudokuResult | SudokuCount
    if count:
        status = run.stopped or Status.COMPLETE
        result = SudokuCount(status, found, run.stats, "textbook", "python", puzzle=grid, solution=run.value)
    else:
        status = run.status
        result = SudokuResult(status, grid, run.value, run.stats, "textbook", "python")
    givens = [list(grid.cells[row * grid.n : (row + 1) * grid.n]) for row in range(grid.n)]
    symbols = {value: grid.alphabet[value - 1] for value in range(1, grid.n + 1)}
    what = "every solution" if count else "the first solution"
    title = f"essais: a {grid.n}x{grid.n} Sudoku, 002's search to {what} (textbook)"
    return Replay(result, log, grid.n, grid.n, givens, title, symbols, method="textbook", box=grid.box)
