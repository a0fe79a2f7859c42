"""The branch and bound of the longest uncrossed path watched jump by jump: the events a page
replays (essais.draw.player), with each better path found drawn beside the path under way."""

from __future__ import annotations

from essais.core.board import Board, as_board
from essais.core.engine import run_search
from essais.core.errors import InvalidInput
from essais.core.limits import Limits, limits_from
from essais.core.recording import DEFAULT_EVENTS, EventLog
from essais.core.result import Status
from essais.draw.player import Replay
from essais.draw.svg import MAX_LABELLED
from essais.uncrossed.model import METHODS, KnightGraph, closed_plan, search_plan
from essais.uncrossed.searches import best_path_result
from essais.uncrossed.textbook import TextbookUncrossed


def watch_uncrossed(
    board: Board | int | str | tuple[int, int],
    *,
    closed: bool = False,
    method: str | None = None,
    beat: int | None = None,
    max_events: int = DEFAULT_EVENTS,
    limits: Limits | None = None,
    time_limit: float | None = None,
    node_limit: int | None = None,
    memory_limit: int | str | None = None,
) -> Replay:
    """Method bound (python engine) watched: each square put on the path (numbered by its
    place) or taken back, and each call of the search, is an event with the counters at that
    moment, up to `max_events` (the
    search goes on past them), and each better path found is kept with the event it follows,
    so that the page draws the best path so far beside the path under way. The answer and
    counters are `longest_uncrossed`'s.

    Examples
    --------
    >>> replay = watch_uncrossed(4)
    >>> replay.result.jumps, len(replay.log.best) > 1
    (5, True)
    """
    limits = limits_from(limits, time_limit, node_limit, memory_limit)
    board = as_board(board)
    METHODS.resolve(method, "python")  # (bound: parallel runs compiled sub-trees in processes)
    if max(board.rows, board.cols) > MAX_LABELLED:
        raise InvalidInput(f"board: {board} is too large to watch (at most {MAX_LABELLED} squares a side)")
    if beat is not None and (not isinstance(beat, int) or isinstance(beat, bool) or beat < 0):
        raise InvalidInput(f"beat: {beat!r} must be a whole number of jumps, 0 or more")
    log = EventLog(board.cols, limit=max_events)
    plan = closed_plan(board) if closed else search_plan(board)

    def build(control) -> TextbookUncrossed:  # type: ignore[no-untyped-def]
        search = TextbookUncrossed(KnightGraph.of(board, control.check_setup), closed, control, beat or 0)
        log.follow(search.counters)
        search.record = lambda square, value: log(board.square(square), value)
        search.record_best = lambda best: log.mark_best([board.square(square) for square in best], search.best_jumps)
        return search

    run = run_search(limits, build, lambda search: search.run(plan))
    best = run.engine.best if run.engine is not None else []
    result = best_path_result(board, closed, plan, run.stopped or Status.FOUND, best, run.stats, beat)
    kind = "closed uncrossed path" if closed else "uncrossed path"
    title = f"essais: the longest {kind} on {board}, branch and bound (bound)"
    empty = [[0] * board.cols for _ in range(board.rows)]
    return Replay(
        result.ran("bound", "python"), log, board.rows, board.cols, empty, title, method="bound", best_unit="jumps"
    )
