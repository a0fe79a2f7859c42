"""The numba engine of the longest-uncrossed-path search (same search, same counters as
knights.uncrossed.TextbookUncrossed)."""

from __future__ import annotations

import numpy as np

from essais.core.limits import SearchControl, SearchStopped, run_slices
from essais.core.result import Stats, Status
from essais.knights import _uncrossed_kernel as kernel
from essais.knights.uncrossed import KnightGraph


class CompiledUncrossed:
    def __init__(self, graph: KnightGraph, closed: bool, control: SearchControl) -> None:
        n, slots = graph.board.n_squares, kernel.SLOTS
        self.graph, self.closed, self.control = graph, closed, control
        self.neighbour = np.full(n * slots, -1, dtype=np.int64)
        self.edge = np.full(n * slots, -1, dtype=np.int64)
        for square, row in enumerate(graph.neighbours):
            for slot, (target, edge) in enumerate(row):
                self.neighbour[square * slots + slot] = target
                self.edge[square * slots + slot] = edge
        self.crossing_start = np.zeros(len(graph.edges) + 1, dtype=np.int64)
        self.crossing_start[1:] = np.cumsum([len(others) for others in graph.crossing])
        self.crossing = np.array([f for others in graph.crossing for f in others], dtype=np.int64)
        self.colour = np.array(graph.colour, dtype=np.int64)
        self.visited = np.zeros(n, dtype=np.int64)
        self.blocked = np.zeros(len(graph.edges), dtype=np.int64)
        self.path = np.zeros(n, dtype=np.int64)
        self.path_edge = np.zeros(n, dtype=np.int64)
        self.next_slot = np.zeros(n, dtype=np.int64)
        self.best_path = np.zeros(n, dtype=np.int64)
        self.mark = np.zeros(n, dtype=np.int64)
        self.stack = np.zeros(n, dtype=np.int64)
        self.state = np.zeros(kernel.STATE_SIZE, dtype=np.int64)

    @property
    def best(self) -> list[int]:
        return [int(square) for square in self.best_path[: self.state[kernel.BEST_LENGTH]]]

    def stats(self) -> Stats:
        nodes, tries, backtracks = (int(self.state[i]) for i in (kernel.NODES, kernel.TRIES, kernel.BACKTRACKS))
        return Stats(nodes, tries, backtracks, self.control.elapsed())

    def run(self, plan: list[tuple[int, list[bool]]]) -> None:
        for start, first_allowed in plan:
            allowed = np.array(first_allowed, dtype=np.int64)
            self.visited[start] = 1
            self.path[0] = start
            self.state[kernel.DEPTH] = 1
            self.state[kernel.ENTERING] = 1

            def step(node_stop: int, start: int = start, allowed: np.ndarray = allowed) -> int:
                return int(
                    kernel.uncrossed_slice(
                        self.neighbour,
                        self.edge,
                        self.crossing_start,
                        self.crossing,
                        self.colour,
                        allowed,
                        self.closed,
                        start,
                        self.visited,
                        self.blocked,
                        self.path,
                        self.path_edge,
                        self.next_slot,
                        self.best_path,
                        self.mark,
                        self.stack,
                        self.state,
                        node_stop,
                    )
                )

            outcome = run_slices(step, lambda: int(self.state[kernel.NODES]), self.control)
            if isinstance(outcome, Status):
                raise SearchStopped(outcome)
            self.visited[start] = 0
