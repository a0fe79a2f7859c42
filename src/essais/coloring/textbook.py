"""002 Q2's colouring in plain Python, line by line (the teaching version)."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from essais.coloring.graph import Graph
from essais.core.engine import PythonCounters, recursion_room
from essais.core.limits import SearchControl
from essais.core.result import Stats


class TextbookColoring:
    """002 Q2 in plain Python: `colorier(v)` tries colours 0…k-1 in order for vertex v."""

    def __init__(self, graph: Graph, k: int, control: SearchControl) -> None:
        self.graph, self.k = graph, k
        self.colors = [-1] * graph.n
        self.counters = PythonCounters(control)
        # watching the search (essais.core.recording.EventLog): told (0, vertex) and the colour
        # plus one when a vertex is coloured, 0 when its colour is taken back, minus the colour plus
        # one when a neighbour refuses it; None: nothing is told
        self.record: Callable[[tuple[int, int], int], None] | None = None

    def stats(self) -> Stats:
        return self.counters.stats()

    def solve(self) -> list[int] | None:
        """The first colouring, or None: the search stops at its first success."""
        return next(self.solutions(), None)

    def solutions(self) -> Iterator[list[int]]:
        """Every colouring in the search's order (the first with the counters of `solve`)."""
        with recursion_room(self.graph.n, "vertex"):
            yield from self._color(0)

    def _color(self, vertex: int) -> Iterator[list[int]]:
        counters = self.counters
        counters.enter_node_at(vertex)
        if vertex == self.graph.n:
            counters.solution_found()
            yield list(self.colors)
            counters.leave_node()
            return
        for color in range(self.k):
            counters.tries += 1
            if all(self.colors[other] != color for other in self.graph.neighbours[vertex]):
                self.colors[vertex] = color
                if self.record is not None:
                    self.record((0, vertex), color + 1)
                yield from self._color(vertex + 1)
                self.colors[vertex] = -1
                if self.record is not None:
                    self.record((0, vertex), 0)
                counters.backtracks += 1
            elif self.record is not None:
                self.record((0, vertex), -(color + 1))
        counters.leave_node()
