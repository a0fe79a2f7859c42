"""A colouring by stable sets that cover the vertices exactly, for the graphs whose vertices
split into cliques of their largest clique's size ω (|V| = ω·m, m cliques: no stable set has
more than m vertices). Then a colouring with ω colours is a cover of the vertices by ω stable
sets of m vertices each, and none exists when no such cover does: χ > ω. The queen graphs of
side n split into their rows (Vasquez, "On the queen graph coloring problem", 2006, proved
χ = n for n = 12 and 14, and χ = 11 for n = 10, by such covers).

The stable sets of m vertices are the solutions of an exact cover (core.cover): one vertex of
each clique of the split, at most one of each clique of a cover of the edges. The cover of the
vertices by ω of them is coloring._cover_kernels.cover_slice's search."""

from __future__ import annotations

import numpy as np

from essais.coloring import _cover_kernels as kernels
from essais.coloring.graph import Graph
from essais.core.board import Board
from essais.core.cover.compiled import CompiledCover
from essais.core.cover.problem import CoverProblem
from essais.core.cover.search import cover_engine, links_of
from essais.core.limits import BUDGET_SPENT, EXHAUSTED, SearchControl
from essais.core.result import Stats
from essais.core.sliced import SlicedSearch

HALF_TURN = 3  # the half turn's place in core.board.Board.symmetries

# The most entries (vertices of the stable sets; candidates of the search, one list a depth)
# the route holds: 200 MB of each. Past them it is left to the other proofs.
MAX_ENTRIES = 50_000_000


def clique_split(graph: Graph, cliques: list[list[int]], size: int, control: SearchControl) -> list[list[int]] | None:
    """A split of the vertices into cliques of `size` vertices taken from `cliques` (an exact
    cover of the vertices by them), or None."""
    candidates = [clique for clique in cliques if len(clique) == size]
    if size < 2 or not candidates or graph.n % size:
        return None
    problem = CoverProblem.make([str(v) for v in range(graph.n)], [[str(v) for v in c] for c in candidates])
    split = next(cover_engine(problem, "dlx", "numba", None)(control).solutions(), None)
    return None if split is None else [candidates[index] for index in split]


def every_edge_in_a_clique(graph: Graph, cliques: list[list[int]]) -> list[list[int]]:
    """`cliques`, and each edge that none of them holds as a clique of its own."""
    held: list[set[int]] = [set() for _ in range(graph.n)]
    for index, clique in enumerate(cliques):
        for vertex in clique:
            held[vertex].add(index)
    pairs = [[u, v] for u in range(graph.n) for v in graph.neighbours[u] if u < v and not held[u] & held[v]]
    return cliques + pairs


def stable_sets(
    graph: Graph, split: list[list[int]], cliques: list[list[int]], control: SearchControl
) -> np.ndarray | None:
    """Every stable set with one vertex in each clique of `split`, a row of vertices each
    (`cliques` holds every edge); None when they would not fit in MAX_ENTRIES, or the search
    for a cover by `len(split[0])` of them would not."""
    part = {vertex: index for index, clique in enumerate(split) for vertex in clique}
    inside = [clique for clique in cliques if clique not in split]
    meets: list[list[str]] = [[f"p{part[v]}"] for v in range(graph.n)]
    for index, clique in enumerate(inside):
        for vertex in clique:
            meets[vertex].append(f"c{index}")
    problem = CoverProblem.make([f"p{i}" for i in range(len(split))], meets, [f"c{i}" for i in range(len(inside))])
    most = MAX_ENTRIES // max(len(split), len(split[0]) + 1)
    rows = np.empty((1024, len(split)), dtype=np.int32)
    count = 0
    for solution in cover_engine(problem, "dlx", "numba", None)(control).solutions():  # (option v: vertex v)
        if count == most:
            return None
        if count == len(rows):
            rows = np.concatenate([rows, np.empty_like(rows)])
        rows[count] = sorted(solution)
        count += 1
    return rows[:count]


class StableCover(SlicedSearch):
    """The search for `colours` of the stable sets `members` (rows of vertices) that cover the
    vertices of `graph`, each clique of `cliques` filtering them (cover_slice)."""

    def __init__(self, graph: Graph, members: np.ndarray, cliques: list[list[int]], colours: int,
                 control: SearchControl) -> None:  # fmt: skip
        super().__init__(control, kernels.STATE_SIZE)
        count, words = len(members), (graph.n + 63) // 64
        self.members = members.astype(np.int64)
        self.sets = _bit_rows(self.members, words)
        self.cliques = np.zeros((len(cliques), words), dtype=np.uint64)
        for index, clique in enumerate(cliques):
            self.cliques[index] = _bit_rows(np.array([clique], dtype=np.int64), words)[0]
        self.colours = colours
        self.listed = np.empty(count * (colours + 1), dtype=np.int32)
        self.listed[:count] = np.arange(count, dtype=np.int32)
        self.first, self.last, self.next_at, self.vertex_at, self.chosen = (
            np.zeros(colours + 1, dtype=np.int64) for _ in range(5)
        )
        self.covered = np.zeros((colours + 1, words), dtype=np.uint64)
        self.tight = np.zeros((len(cliques), words), dtype=np.uint64)
        self.counts = np.zeros(graph.n, dtype=np.int64)

    def colouring(self, budget: int) -> list[int] | None | bool:
        """Each vertex's colour (the index of its set) when a cover exists; None when none does;
        False when `budget` nodes were spent first."""

        def step(node_stop: int) -> int:
            return int(
                kernels.cover_slice(
                    self.sets,
                    self.members,
                    self.cliques,
                    self.colours,
                    self.listed,
                    self.first,
                    self.last,
                    self.next_at,
                    self.vertex_at,
                    self.covered,
                    self.tight,
                    self.counts,
                    self.chosen,
                    self.state,
                    node_stop,
                )  # fmt: skip
            )

        outcome = self.slices_within(step, budget)
        if outcome == EXHAUSTED:
            return None
        if outcome == BUDGET_SPENT:
            return False
        colours = [0] * len(self.counts)
        for colour, row in enumerate(self.chosen[: self.colours]):
            for vertex in self.members[row]:
                colours[vertex] = colour
        return colours


def _bit_rows(rows: np.ndarray, words: int) -> np.ndarray:
    """Rows of vertices (no vertex twice in a row) as rows of 64-bit words."""
    bits = np.zeros((len(rows), words), dtype=np.uint64)
    every = np.arange(len(rows))
    for column in rows.T.astype(np.uint64):
        bits[every, column >> np.uint64(6)] |= np.uint64(1) << (column & np.uint64(63))
    return bits


def board_symmetries(graph: Graph) -> list[np.ndarray]:
    """The symmetries of a board graph's board (queen:N, queen:RxC) that map its edges onto its
    edges, as permutations of the vertices, the half turn first (every board has it); none
    for a graph without a board."""
    if graph.board is None:
        return []
    rows, cols = graph.board
    maps = Board(rows, cols).symmetries()
    symmetries = []
    for symmetry in [maps[HALF_TURN], *maps[1:HALF_TURN], *maps[HALF_TURN + 1 :]]:
        image = np.array([r * cols + c for r, c in (symmetry(*divmod(v, cols)) for v in range(graph.n))])
        if all({int(image[w]) for w in graph.neighbours[v]} == graph.neighbours[int(image[v])] for v in range(graph.n)):
            symmetries.append(image)
    return symmetries


def symmetric_cover(
    graph: Graph, members: np.ndarray, symmetry: np.ndarray, budget: int, control: SearchControl
) -> tuple[list[int] | None | bool, Stats]:
    """A cover of the vertices by stable sets of `members` that `symmetry` (a permutation of the
    vertices that keeps the edges) maps onto itself: an exact cover (core.cover, dancing links)
    by the unions of the sets' orbits whose sets are disjoint. Each vertex's colour (its set's
    index) when one is found within `budget` nodes; None when there is none (a cover may still
    exist: one that the symmetry does not keep); False when the budget was spent first. With
    the search's counters. Where covers are rare, those a symmetry keeps are far fewer to
    search: queen:13's (13 queens' solutions, the lines j = 2i + c mod 13 among them) is found
    in some 30,000 nodes."""
    index = {tuple(row): i for i, row in enumerate(np.sort(members, axis=1).tolist())}
    seen = np.zeros(len(members), dtype=bool)
    orbits: list[list[int]] = []
    for first, row in enumerate(members.tolist()):
        if seen[first]:
            continue
        orbit, image = [first], sorted(int(symmetry[v]) for v in row)
        while (next_set := index[tuple(image)]) != first:  # (the image of a stable set is one)
            orbit.append(next_set)
            image = sorted(int(symmetry[v]) for v in image)
        seen[orbit] = True
        vertices = members[orbit].ravel()
        if len(np.unique(vertices)) == len(vertices):  # the orbit's sets are disjoint
            orbits.append(orbit)
    options = [[str(v) for v in members[orbit].ravel()] for orbit in orbits]
    problem = CoverProblem.make([str(v) for v in range(graph.n)], options)
    search = CompiledCover(links_of(problem, None), "dlx", control)
    chosen = search.first_within(budget)
    if not isinstance(chosen, list):
        return chosen, search.stats()
    colours = [0] * graph.n
    for colour, member in enumerate(m for option in chosen for m in orbits[option]):
        for vertex in members[member]:
            colours[vertex] = colour
    return colours, search.stats()
