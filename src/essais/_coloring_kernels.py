"""numba kernel for graph colouring (essais.coloring). Private: checked inputs only.

`textbook_slice` is TextbookColoring with an explicit stack: `colors[v]` (-1: none yet) and
`next_color[v]`, adjacency in CSR form (`start[v]:start[v + 1]` into `adjacent`), resumable
slices of a node budget; the same colouring and the same counters."""

from __future__ import annotations

import numpy as np
from numba import njit

from essais.coloring import Graph
from essais.core.limits import EXHAUSTED, PAUSED, SOLUTION, SearchControl
from essais.core.sliced import BACKTRACKS, DEPTH, ENTERING, FIRST_FREE_SLOT, NODES, TRIES, SlicedSearch

STATE_SIZE = FIRST_FREE_SLOT


@njit("int64(int64, int64[::1], int64[::1], int64[::1], int64[::1], int64[::1], int64)", cache=True, nogil=True)
def textbook_slice(k, start, adjacent, colors, next_color, state, node_stop):
    n = colors.shape[0]
    depth = state[DEPTH]  # vertices coloured so far: the node of vertex `depth`
    entering = state[ENTERING]
    nodes = state[NODES]
    tries = state[TRIES]
    backtracks = state[BACKTRACKS]
    outcome = PAUSED
    while True:
        vertex = depth
        if entering:
            if nodes >= node_stop:
                break
            nodes += 1
            entering = 0
            if vertex == n:
                outcome = SOLUTION
                break
            next_color[vertex] = 0
        color = next_color[vertex]
        placed = False
        while color < k:
            tries += 1
            clash = False
            for i in range(start[vertex], start[vertex + 1]):
                if colors[adjacent[i]] == color:
                    clash = True
                    break
            color += 1
            if not clash:
                colors[vertex] = color - 1
                placed = True
                break
        next_color[vertex] = color
        if placed:
            depth += 1
            entering = 1
        else:
            if vertex == 0:
                outcome = EXHAUSTED
                break
            depth -= 1
            colors[depth] = -1
            backtracks += 1
    state[DEPTH] = depth
    state[ENTERING] = entering
    state[NODES] = nodes
    state[TRIES] = tries
    state[BACKTRACKS] = backtracks
    return outcome


class CompiledColoring(SlicedSearch):
    def __init__(self, graph: Graph, k: int, control: SearchControl) -> None:
        super().__init__(control, STATE_SIZE)
        self.k = k
        degrees = [len(others) for others in graph.neighbours]
        self.start = np.zeros(graph.n + 1, dtype=np.int64)
        self.start[1:] = np.cumsum(degrees)
        self.adjacent = np.array([w for others in graph.neighbours for w in sorted(others)], dtype=np.int64)
        self.colors = np.full(graph.n, -1, dtype=np.int64)
        self.next_color = np.zeros(graph.n + 1, dtype=np.int64)

    def solve(self) -> list[int] | None:
        def step(node_stop: int) -> int:
            return int(
                textbook_slice(self.k, self.start, self.adjacent, self.colors, self.next_color, self.state, node_stop)
            )

        return [int(c) for c in self.colors] if self.slices(step) == SOLUTION else None


def _warm_up() -> None:
    """Pay numba's first-call cost at import, so that `seconds` is the search alone."""
    CompiledColoring(Graph.from_edges(["1"], []), 1, SearchControl()).solve()


_warm_up()
