"""The numba engines of graph colouring (over coloring._kernels): 002 Q2's textbook search,
DSATUR's branch and bound, and the tabu search that lowers its upper bound."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from essais.coloring._kernels import (
    BEST,
    COLORS_USED,
    DSATUR_STATE_SIZE,
    FLOOR,
    MASK_COLORS,
    STATE_SIZE,
    TABU_MOVE,
    TABU_STATE_SIZE,
    dsatur_slice,
    tabu_slice,
    textbook_slice,
)
from essais.coloring.graph import Graph
from essais.core.limits import PAUSED, SOLUTION, SearchControl, SearchStopped
from essais.core.result import Status
from essais.core.sliced import DEPTH, SlicedSearch

# about 4 million elementary steps a slice (a tabu move looks at every vertex and colour)
TABU_SLICE_STEPS = 1 << 22


class CompiledColoring(SlicedSearch):
    """The numba engine of 002 Q2's colouring (coloring.textbook.TextbookColoring)."""

    def __init__(self, graph: Graph, k: int, control: SearchControl) -> None:
        super().__init__(control, STATE_SIZE)
        self.k = k
        self.start, self.adjacent = graph.csr()
        self.colors = np.full(graph.n, -1, dtype=np.int64)
        self.next_color = np.zeros(graph.n + 1, dtype=np.int64)

    def solve(self) -> list[int] | None:
        def step(node_stop: int) -> int:
            return int(
                textbook_slice(self.k, self.start, self.adjacent, self.colors, self.next_color, self.state, node_stop)
            )

        return [int(c) for c in self.colors] if self.slices(step) == SOLUTION else None


class CompiledDsatur(SlicedSearch):
    """DSATUR in numba: colourings with fewer and fewer colours, below `colors_below`."""

    def __init__(
        self,
        graph: Graph,
        colors_below: int,
        control: SearchControl,
        clique: Sequence[int] = (),
        cliques: Sequence[Sequence[int]] = (),
    ) -> None:
        """`clique`: vertices that pairwise touch, given colours 0, 1, … before the search (any
        colouring can be renamed so): this removes the colours' symmetry from the search.
        `cliques`: those of the clique cut (model.edge_cliques)."""
        super().__init__(control, DSATUR_STATE_SIZE)
        n = graph.n
        self.n = n
        self.start, self.adjacent = graph.csr()
        # DSATUR gives a vertex a new colour only when every colour in use touches it: it never
        # needs more than the largest degree + 1 colours (the width of `seen`, n × width)
        degree = int(np.diff(self.start).max()) if n else 0
        self.bound = max(1, min(colors_below, n + 1, degree + 2))
        self.state[BEST] = colors_below
        self.colors = np.full(n, -1, dtype=np.int64)
        self.seen = np.zeros(n * self.bound, dtype=np.int64)
        self.saturation = np.zeros(n, dtype=np.int64)
        self.order = np.zeros(n + 1, dtype=np.int64)
        self.next_color = np.zeros(n + 1, dtype=np.int64)
        self.branch = np.full(n + 1, -1, dtype=np.int64)
        self.best = np.zeros(n, dtype=np.int64)
        self.forbidden = np.zeros(n, dtype=np.int64)
        cut = cliques if self.bound <= MASK_COLORS else []
        self.clique_start = np.cumsum([0, *(len(members) for members in cut)], dtype=np.int64)
        self.members = np.array([v for members in cut for v in members], dtype=np.int64)
        for color, vertex in enumerate(clique):
            self.colors[vertex] = color
            self.order[color] = vertex
            for w in graph.neighbours[vertex]:
                self.seen[w * self.bound + color] += 1
                self.saturation[w] += 1
                self.forbidden[w] |= 1 << color if self.bound <= MASK_COLORS else 0
        self.state[DEPTH] = self.state[FLOOR] = self.state[COLORS_USED] = len(clique)

    @property
    def best_count(self) -> int:
        return int(self.state[BEST])

    def lower_best(self, count: int) -> None:
        """From now on look only for colourings with fewer than `count` colours."""
        self.state[BEST] = min(int(self.state[BEST]), count)

    def improve(self) -> list[int] | None:
        """The next colouring with fewer colours than the best so far, or None when there is none."""
        if self.n == 0:
            return None

        def step(node_stop: int) -> int:
            return int(
                dsatur_slice(
                    self.start, self.adjacent, self.colors, self.seen, self.saturation, self.forbidden,
                    self.clique_start, self.members, self.order, self.branch, self.next_color, self.best,
                    self.state, self.bound, node_stop,
                )
            )  # fmt: skip

        return [int(c) for c in self.best] if self.slices(step) == SOLUTION else None


def tabu_search(graph: Graph, k: int, max_moves: int, control: SearchControl, seed: int = 1) -> list[int] | None:
    """A proper k-colouring found by tabu search, or None within `max_moves` (proves nothing).
    It runs in slices, so that the limits and Ctrl-C of `control` stop it (SearchStopped)."""
    if graph.n == 0:
        return []
    start, adjacent = graph.csr()
    colors = np.zeros(graph.n, dtype=np.int64)
    seen = np.zeros(graph.n * k, dtype=np.int64)
    tabu = np.zeros(graph.n * k, dtype=np.int64)
    state = np.zeros(TABU_STATE_SIZE, dtype=np.int64)
    moves_per_slice = max(1, TABU_SLICE_STEPS // (graph.n * k))
    while True:
        if control.interrupted or control.out_of_time():
            raise SearchStopped(Status.INTERRUPTED if control.interrupted else Status.LIMIT)
        move_stop = int(state[TABU_MOVE]) + moves_per_slice
        outcome = tabu_slice(start, adjacent, k, colors, seen, tabu, state, max_moves, seed, move_stop)
        if outcome != PAUSED:
            return [int(c) for c in colors] if outcome == SOLUTION else None
