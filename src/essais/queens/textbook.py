"""002 Q3 in plain Python, line by line (the teaching version)."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from essais.core.engine import PythonCounters, recursion_room
from essais.core.limits import SearchControl
from essais.core.result import Stats


class TextbookQueens:
    """002 Q3: `_place(row)` tries each column in order for the queen of `row`; the promising
    test checks the new queen against every queen above it."""

    def __init__(self, n: int, control: SearchControl) -> None:
        self.n = n
        self.columns: list[int] = []
        self.counters = PythonCounters(control)
        # watching the search (essais.core.recording.EventLog): told (row, col), 1 when a queen
        # is placed, 0 when it is taken back, -1 when the promising test refuses it; None: nothing
        self.record: Callable[[tuple[int, int], int], None] | None = None

    def stats(self) -> Stats:
        return self.counters.stats()

    def _promising(self, row: int, col: int) -> bool:
        """No queen above is in the same column or on the same diagonal."""
        return all(c != col and abs(c - col) != row - r for r, c in enumerate(self.columns))

    def solutions(self) -> Iterator[list[int]]:
        """Every solution in order; the first is what "stop at the first success" finds, with
        the same counters (as for the knight's tour)."""
        with recursion_room(self.n, "row"):
            yield from self._place(0)

    def _place(self, row: int) -> Iterator[list[int]]:
        counters = self.counters
        counters.enter_node_at(row)
        if row == self.n:
            counters.solution_found()
            yield list(self.columns)
            counters.leave_node()
            return
        for col in range(self.n):
            counters.tries += 1
            if self._promising(row, col):
                self.columns.append(col)
                if self.record is not None:
                    self.record((row, col), 1)
                yield from self._place(row + 1)
                self.columns.pop()
                if self.record is not None:
                    self.record((row, col), 0)
                counters.backtracks += 1
            elif self.record is not None:
                self.record((row, col), -1)
        counters.leave_node()
