"""002's search watched queen by queen: the events a page replays (essais.draw.player)."""

from __future__ import annotations

from essais.core.engine import run_watched
from essais.core.errors import InvalidInput
from essais.core.limits import Limits, limits_from
from essais.core.recording import DEFAULT_EVENTS, EventLog
from essais.core.result import Status
from essais.draw.player import Replay
from essais.draw.svg import MAX_LABELLED
from essais.queens.draw import QUEEN
from essais.queens.model import METHODS, QueensCount, QueensResult, check_n
from essais.queens.textbook import TextbookQueens


def watch_queens(
    n: int,
    *,
    method: str | None = None,
    count: bool = False,
    max_events: int = DEFAULT_EVENTS,
    limits: Limits | None = None,
    time_limit: float | None = None,
    node_limit: int | None = None,
    memory_limit: int | str | None = None,
) -> Replay:
    """002's search (method textbook, python engine: the compiled one keeps no log) watched queen
    by queen, to the first solution or with `count` through every one: each queen placed or taken
    back, and each call of the search, is an event with the counters at that moment, up to
    `max_events` (the search goes on
    past them); `to_html()` is the page that replays them. Its counters are the numba engine's too.

    Examples
    --------
    >>> replay = watch_queens(4)
    >>> replay.result.columns, len(replay.log), replay.log.complete
    ([1, 3, 0, 2], 39, True)
    """
    limits = limits_from(limits, time_limit, node_limit, memory_limit)
    check_n(n)
    METHODS.resolve(method, "python")  # (textbook: bitmask and mrv have no python engine to watch)
    if n > MAX_LABELLED:
        raise InvalidInput(f"n: {n} queens are too many to watch (at most {MAX_LABELLED} a side)")
    log = EventLog(n, limit=max_events)
    run, found = run_watched(limits, lambda control: TextbookQueens(n, control), log, count)
    result: QueensResult | QueensCount
    if count:
        result = QueensCount(run.stopped or Status.COMPLETE, found, run.stats, "textbook", "python", n=n)
    else:
        result = QueensResult(run.status, n, run.value, run.stats, "textbook", "python")
    what = "every solution" if count else "the first solution"
    empty = [[0] * n for _ in range(n)]
    title = f"essais: {n} queens, 002's search to {what} (textbook)"
    return Replay(result, log, n, n, empty, title, {1: QUEEN}, method="textbook")
