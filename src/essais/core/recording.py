"""Recording a search as it runs: the squares a plain-Python search numbers and un-numbers, with
its counters at each of these events (the player page in essais.draw.player replays them)."""

from __future__ import annotations

from array import array

from essais.core.engine import PythonCounters
from essais.core.errors import InvalidInput

DEFAULT_EVENTS = 20_000


MAX_EVENTS = 2_000_000  # 40 bytes an event while recording, about 30 in the page


def check_event_limit(limit: int) -> int:
    if not 1 <= limit <= MAX_EVENTS:
        raise InvalidInput(f"max_events: {limit:,} is out of range (1 to {MAX_EVENTS:,} events)")
    return limit


class EventLog:
    """Up to `limit` events, each a square (its index r·cols + c) numbered with a value (0: erased)
    and the `counters` of the search at that moment (set them before the search starts);
    `complete` is false once an event had to be left out."""

    def __init__(self, cols: int, counters: PythonCounters | None = None, limit: int = DEFAULT_EVENTS) -> None:
        self.cols, self.counters, self.limit = cols, counters, check_event_limit(limit)
        self.squares, self.values = array("q"), array("q")
        self.nodes, self.tries, self.backtracks = array("q"), array("q"), array("q")
        self.complete = True

    def __len__(self) -> int:
        return len(self.squares)

    def __call__(self, square: tuple[int, int], value: int) -> None:
        if len(self.squares) >= self.limit:
            self.complete = False
            return
        counters = self.counters
        assert counters is not None, "the log records the counters of a search: set them first"
        self.squares.append(square[0] * self.cols + square[1])
        self.values.append(value)
        self.nodes.append(counters.nodes)
        self.tries.append(counters.tries)
        self.backtracks.append(counters.backtracks)
