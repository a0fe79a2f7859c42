"""002 Q2's colouring watched vertex by vertex: the events a page replays (essais.draw.player)."""

from __future__ import annotations

import math

from essais.coloring.graph import Graph, load_graph
from essais.coloring.model import METHODS, ColoringResult
from essais.coloring.textbook import TextbookColoring
from essais.core.engine import run_watched
from essais.core.errors import InvalidInput
from essais.core.limits import Limits, limits_from
from essais.core.recording import DEFAULT_EVENTS, EventLog
from essais.draw.player import Replay
from essais.draw.svg import MAX_LABELLED, PALETTE


def watch_coloring(
    graph: Graph | str,
    k: int = 3,
    *,
    method: str | None = None,
    max_events: int = DEFAULT_EVENTS,
    limits: Limits | None = None,
    time_limit: float | None = None,
    node_limit: int | None = None,
    memory_limit: int | str | None = None,
) -> Replay:
    """002 Q2's search (method textbook, python engine) watched vertex by vertex to its first
    colouring with k colours: each colour given or taken back, and each call of the search, is an
    event with the counters at that moment, up to `max_events` (the search goes on past them).
    The page shows each vertex as a square in its colour, with the colour's number as the text
    prints it: a queen graph's on its board, another graph's in a grid, vertex v at cell v in
    reading order. Its answer and
    counters are `color_graph`'s.

    Examples
    --------
    >>> replay = watch_coloring("petersen", 3)
    >>> replay.result.colors, len(replay.log)
    ([0, 1, 0, 1, 2, 1, 0, 2, 2, 1], 31)
    """
    limits = limits_from(limits, time_limit, node_limit, memory_limit)
    graph = load_graph(graph, limits) if isinstance(graph, str) else graph
    if not isinstance(graph, Graph):
        raise InvalidInput(f"graph: {graph!r} is neither a Graph nor a graph's name or file")
    if not isinstance(k, int) or isinstance(k, bool) or k < 1:
        raise InvalidInput(f"k: {k!r} must be a positive number of colours")
    METHODS.resolve(method, "python")  # (textbook: dsatur has no python engine to watch)
    rows, cols = graph.board or grid_of(graph.n)
    if max(rows, cols) > MAX_LABELLED:
        raise InvalidInput(f"graph: {graph.n:,} vertices are too many to watch (a grid at most {MAX_LABELLED} a side)")
    searched = min(k, max(graph.n, 1))  # (as color_graph: more colours than vertices change nothing)
    log = EventLog(graph.n, limit=max_events)
    run, _ = run_watched(limits, lambda control: TextbookColoring(graph, searched, control), log, every=False)
    status = run.status
    result = ColoringResult(status, graph, k, run.value, run.stats, "textbook", "python")
    palette = {color + 1: PALETTE[color % len(PALETTE)] for color in range(searched)}
    symbols = {color + 1: str(color) for color in range(searched)}
    title = f"essais: 002's colouring of {graph.describe()} with {k} colours (textbook)"
    empty = [[0] * cols for _ in range(rows)]
    cells = None if graph.board else graph.n
    return Replay(result, log, rows, cols, empty, title, symbols, "textbook", palette=palette, cells=cells)


def grid_of(n: int) -> tuple[int, int]:
    """The rows and columns of the squarest grid that holds n cells."""
    cols = max(1, math.ceil(math.sqrt(n)))
    return max(1, math.ceil(n / cols)), cols
