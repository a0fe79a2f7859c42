"""002's search watched queen by queen: the events a page replays (essais.draw.player)."""

from __future__ import annotations

from essais.core.engine import run_search
from essais.core.errors import InvalidInput
from essais.core.limits import Limits, SearchControl, limits_from
from essais.core.recording import DEFAULT_EVENTS, EventLog
from essais.core.result import Status
from essais.draw.player import Replay
from essais.draw.svg import MAX_LABELLED
from essais.queens.draw import QUEEN
from essais.queens.model import QueensCount, QueensResult, QueensSearch, check_n
from essais.queens.textbook import TextbookQueens


def watch_queens(
    n: int,
    *,
    count: bool = False,
    max_events: int = DEFAULT_EVENTS,
    limits: Limits | None = None,
    time_limit: float | None = None,
    node_limit: int | None = None,
    memory_limit: int | str | None = None,
) -> Replay:
    """002's search (method textbook, python engine: the compiled one keeps no log) watched queen
    by queen, to the first solution or with `count` through every one: each queen placed or taken
    back is an event with the counters at that moment, up to `max_events` (the search goes on
    past them); `to_html()` is the page that replays them. Its counters are the numba engine's too.

    >>> replay = watch_queens(4)
    >>> replay.result.columns, len(replay.log), replay.log.complete
    ([1, 3, 0, 2], 12, True)
    """
    limits = limits_from(limits, time_limit, node_limit, memory_limit)
    check_n(n)
    if n > MAX_LABELLED:
        raise InvalidInput(f"n: {n} queens are too many to watch (at most {MAX_LABELLED} a side)")
    log = EventLog(n, limit=max_events)

    def build(control: SearchControl) -> TextbookQueens:
        engine = TextbookQueens(n, control)
        log.counters, engine.record = engine.counters, log
        return engine

    if count:
        counted = QueensCount(Status.COMPLETE, 0, method="textbook", engine="python", n=n)

        def count_them(search: QueensSearch) -> None:
            for _ in search.solutions():
                counted.count += 1

        run = run_search(limits, build, count_them)
        counted.status, counted.stats = run.stopped or Status.COMPLETE, run.stats
        result: QueensResult | QueensCount = counted
        what = "every solution"
    else:
        first = run_search(limits, build, lambda search: next(iter(search.solutions()), None))
        status = first.stopped or (Status.FOUND if first.value else Status.NONE)
        result, what = QueensResult(status, n, first.value, first.stats, "textbook", "python"), "the first solution"
    empty = [[0] * n for _ in range(n)]
    title = f"essais: {n} queens, 002's search to {what} (textbook)"
    return Replay(result, log, n, n, empty, title, {1: QUEEN}, method="textbook")
