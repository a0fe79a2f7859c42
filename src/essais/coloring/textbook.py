"""002 Q2's colouring in plain Python, line by line (the teaching version)."""

from __future__ import annotations

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

    def stats(self) -> Stats:
        return self.counters.stats()

    def solve(self) -> list[int] | None:
        with recursion_room(self.graph.n, "vertex"):
            return list(self.colors) if self._color(0) else None

    def _color(self, vertex: int) -> bool:
        counters = self.counters
        counters.enter_node_at(vertex)
        if vertex == self.graph.n:
            counters.solution_found()
            return True
        for color in range(self.k):
            counters.tries += 1
            if all(self.colors[other] != color for other in self.graph.neighbours[vertex]):
                self.colors[vertex] = color
                if self._color(vertex + 1):
                    return True
                self.colors[vertex] = -1
                counters.backtracks += 1
        return False
