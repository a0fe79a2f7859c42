"""002's Sudoku solver in plain Python (Programme 1 and Q1), line by line (the teaching version)."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from essais.core.engine import PythonCounters, recursion_room
from essais.core.limits import SearchControl
from essais.core.result import Stats
from essais.sudoku.model import Sudoku, peers


class TextbookSudoku:
    """002's solve in plain Python: the first empty cell, the values in order, check, undo.
    check looks at the cell's peers only, which gives the same answer as 002's loop over all
    81 cells; the scan for the first empty cell starts after the parent's cell, where 002's
    starts at 0 and finds the same cell (every cell before it is filled)."""

    def __init__(self, puzzle: Sudoku, control: SearchControl) -> None:
        self.grid = list(puzzle.cells)
        self.n = puzzle.n
        self.peers = [list(row) for row in peers(puzzle.box)]
        self.counters = PythonCounters(control)
        # watching the search (essais.core.recording.EventLog): told (row, col) and the value
        # written in (0 when the cell is emptied again, minus the value when the check refuses
        # it); None: nothing is told
        self.record: Callable[[tuple[int, int], int], None] | None = None

    def stats(self) -> Stats:
        return self.counters.stats()

    def check(self, p: int) -> bool:
        value = self.grid[p]
        return all(self.grid[c] != value for c in self.peers[p])

    def solutions(self) -> Iterator[list[int]]:
        with recursion_room(len(self.grid), "cell"):
            yield from self.solve(0, 0)

    def solve(self, depth: int, start: int) -> Iterator[list[int]]:
        counters = self.counters
        counters.enter_node_at(depth)
        grid = self.grid
        for c in range(start, len(grid)):
            if grid[c] == 0:
                for v in range(1, self.n + 1):
                    counters.tries += 1
                    grid[c] = v
                    if self.check(c):
                        if self.record is not None:
                            self.record(divmod(c, self.n), v)
                        yield from self.solve(depth + 1, c + 1)
                    elif self.record is not None:
                        self.record(divmod(c, self.n), -v)
                grid[c] = 0
                if self.record is not None:
                    self.record(divmod(c, self.n), 0)
                counters.backtracks += 1
                counters.leave_node()
                return
        counters.solution_found()
        yield list(grid)
        counters.leave_node()
