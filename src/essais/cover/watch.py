"""Dancing links watched option by option on a puzzle's board: each option chosen or taken back
is an event for each of its cells (a polyomino's piece, a Langford pair's two places), and each
call of the search is one, with the counters at that moment; the page (essais.draw.player) replays them."""

from __future__ import annotations

from collections.abc import Callable

from essais.core.cover.links import link
from essais.core.cover.search import checked
from essais.core.cover.textbook import TextbookCover
from essais.core.engine import run_watched
from essais.core.errors import InvalidInput
from essais.core.limits import Limits, SearchControl, limits_from
from essais.core.recording import DEFAULT_EVENTS, EventLog
from essais.core.result import Status
from essais.cover.langford import Langford
from essais.cover.model import METHODS, CoverCount, CoverResult, ExactCover
from essais.cover.polyomino import Polyomino
from essais.draw.player import Replay
from essais.draw.svg import MAX_LABELLED, PALETTE

Cells = Callable[[int], list[tuple[tuple[int, int], int]]]  # option -> its cells and the value each shows


class OptionLog(EventLog):
    """An EventLog told options (the python engine's `record`: (level, option), 1 when chosen, 0
    when taken back) that records an event for each cell of the option."""

    def __init__(self, cols: int, cells: Cells, limit: int) -> None:
        super().__init__(cols, limit=limit)
        self.cells = cells

    def __call__(self, event: tuple[int, int], value: int) -> None:
        for cell, shown in self.cells(event[1]):
            super().__call__(cell, shown if value else 0)


def watch_cover(
    puzzle: ExactCover,
    *,
    method: str | None = None,
    count: bool = False,
    max_events: int = DEFAULT_EVENTS,
    limits: Limits | None = None,
    time_limit: float | None = None,
    node_limit: int | None = None,
    memory_limit: int | str | None = None,
) -> Replay:
    """The search for an exact cover of a polyomino or a Langford puzzle (python engine: the
    numba one keeps no log), to the first solution or with `count` through every one: each
    option chosen or taken back shows on the board, up to `max_events` cell events (the search
    goes on past them); the counters are the numba engine's too.

    Examples
    --------
    >>> from essais.cover import langford
    >>> replay = watch_cover(langford(3))
    >>> replay.result.text(), len(replay.log), replay.log.complete
    ('3 1 2 1 3 2', 10, True)
    """
    limits = limits_from(limits, time_limit, node_limit, memory_limit)
    method, _ = METHODS.resolve(method, "python")
    rows, cols, cells, symbols, palette = _board(puzzle)
    if max(rows, cols) > MAX_LABELLED:
        raise InvalidInput(f"animate: a {rows}x{cols} board is too large to watch (at most {MAX_LABELLED} a side)")
    log = OptionLog(cols, cells, max_events)

    def build(control: SearchControl) -> TextbookCover:
        search = TextbookCover(link(checked(puzzle.problem, limits).arrays), method, control)
        log.own_counters = lambda: {"updates": search.updates}
        return search

    run, found = run_watched(limits, build, log, count)
    result: CoverResult | CoverCount
    if count:
        result = CoverCount(run.stopped or Status.COMPLETE, found, run.stats, method, "python", puzzle=puzzle)
    else:
        status = run.status
        result = CoverResult(status, puzzle, run.value, run.stats, method, "python")
    empty = [[0] * cols for _ in range(rows)]
    what = "every solution" if count else "the first solution"
    title = f"essais: {puzzle.name}, dancing links to {what} ({method})"
    note = ("Each event puts a cell of the option chosen on the board (outlined in green), or takes one back "
            "with its option (in red)")  # fmt: skip
    return Replay(result, log, rows, cols, empty, title, symbols, method=method, palette=palette, note=note)


def _board(puzzle: ExactCover) -> tuple[int, int, Cells, dict[int, str] | None, dict[int, str] | None]:
    """The board a puzzle is watched on: its size, each option's cells with the value they show
    (a piece's number, a Langford number), the symbols and colours of those values."""
    if isinstance(puzzle, Polyomino):
        number = {name: index + 1 for index, (name, _) in enumerate(puzzle.pieces)}

        def pieces(option: int) -> list[tuple[tuple[int, int], int]]:
            placement = puzzle.placements[option]
            return [(cell, number[placement.piece]) for cell in placement.cells]

        symbols = {value: name for name, value in number.items()}
        palette = {value: PALETTE[(value - 1) % len(PALETTE)] for value in number.values()}
        return puzzle.rows, puzzle.cols, pieces, symbols, palette
    if isinstance(puzzle, Langford):

        def pair(option: int) -> list[tuple[tuple[int, int], int]]:
            number, first, second = puzzle.pairs[option]
            return [((0, first), number), ((0, second), number)]

        return 1, 2 * puzzle.n, pair, None, None
    raise InvalidInput("animate: a page shows polyomino and Langford puzzles; a cover of one's own has no board yet")
