"""A colouring by stable sets that cover the vertices exactly, for the graphs whose vertices
split into cliques of their largest clique's size ω (|V| = ω·m, m cliques: no stable set has
more than m vertices). Then a colouring with ω colours is a cover of the vertices by ω stable
sets of m vertices each, and none exists when no such cover does: χ > ω. The queen graphs of
side n split into their rows (Vasquez, "On the queen graph coloring problem", 2006, proved
χ = n for n = 12 and 14, and χ = 11 for n = 10, by such covers).

The stable sets of m vertices are the solutions of an exact cover: one vertex of each clique of
the split, at most one of each clique of a cover of the edges; coloring._cover_kernels.
stable_slice lists them on bits, in the order dancing links (core.cover) would. The cover of
the vertices by ω of them is coloring._cover_kernels.cover_slice's search."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import numpy as np

from essais.coloring import _cover_kernels as kernels
from essais.coloring.graph import Graph
from essais.core.board import Board
from essais.core.cover.compiled import CompiledCover
from essais.core.cover.problem import CoverArrays, CoverProblem
from essais.core.cover.search import BYTES_PER_NODE, cover_engine
from essais.core.engine import check_memory
from essais.core.errors import InvalidInput
from essais.core.limits import BUDGET_SPENT, EXHAUSTED, SOLUTION, SearchControl
from essais.core.result import Stats
from essais.core.sliced import SlicedSearch

HALF_TURN = 3  # the half turn's place in core.board.Board.symmetries

# The most entries (vertices of the stable sets; candidates of the search, one list a depth)
# the route holds: 200 MB of each. Past them it is left to the other proofs.
MAX_ENTRIES = 50_000_000
SOLUTIONS_A_CALL = 4096  # the stable sets the kernel lists before it hands them back


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
    words = (graph.n + 63) // 64
    most = MAX_ENTRIES // max(len(split), len(split[0]) + 1)
    if graph.n * words * 2 > MAX_ENTRIES:  # (the conflicts' bits: n rows of n bits, 8 bytes a word)
        return None
    inside = [clique for clique in cliques if clique not in split]
    search = _StableSetSearch(_bit_sets(split, words), _conflicts(graph.n, [*split, *inside], words), control)
    blocks, count = [], 0
    for block in search.blocks(SOLUTIONS_A_CALL):
        count += len(block)
        if count > most:
            return None
        blocks.append(np.sort(block, axis=1))
    return np.concatenate(blocks) if blocks else np.zeros((0, len(split)), dtype=np.int64)


def _memberships(sets: list[list[int]]) -> tuple[np.ndarray, np.ndarray]:
    """Each (set, vertex) pair of `sets` (lists of vertices): the sets' indices, the vertices."""
    which = np.repeat(np.arange(len(sets)), [len(members) for members in sets])
    return which, np.array([vertex for members in sets for vertex in members], dtype=np.uint64)


def _bit_sets(sets: list[list[int]], words: int) -> np.ndarray:
    """Sets of vertices (lists) as rows of 64-bit words."""
    bits = np.zeros((len(sets), words), dtype=np.uint64)
    which, vertices = _memberships(sets)
    np.bitwise_or.at(bits, (which, vertices >> np.uint64(6)), np.uint64(1) << (vertices & np.uint64(63)))
    return bits


def _conflicts(vertices: int, cliques: list[list[int]], words: int) -> np.ndarray:
    """Each vertex's row of the vertices that share one of `cliques` with it (itself included)."""
    which, members = _memberships(cliques)
    conflicts = np.zeros((vertices, words), dtype=np.uint64)
    np.bitwise_or.at(conflicts, members.astype(np.intp), _bit_sets(cliques, words)[which])
    return conflicts


class _StableSetSearch(SlicedSearch):
    """The stable sets with one vertex in each part (`parts`: bit rows; `conflicts`: each
    vertex's row of the vertices it rules out), by kernels.stable_slice in slices, listed in
    blocks: the order of dancing links over the parts and the cliques (option v: vertex v)."""

    def __init__(self, parts: np.ndarray, conflicts: np.ndarray, control: SearchControl) -> None:
        super().__init__(control, kernels.STABLE_STATE_SIZE)
        count, words = parts.shape
        self.parts, self.conflicts = parts, conflicts
        self.allowed = np.zeros((count + 1, words), dtype=np.uint64)
        self.allowed[0] = np.bitwise_or.reduce(parts, axis=0)
        self.left = np.zeros((count, words), dtype=np.uint64)
        self.part_at, self.chosen = np.zeros(count, dtype=np.int64), np.zeros(count, dtype=np.int64)
        self.open_parts = np.ones(count, dtype=np.bool_)

    def blocks(self, rows: int) -> Iterator[np.ndarray]:
        """Every such stable set, `rows` at a time: blocks of rows of its vertices (in the order
        chosen)."""
        found = np.zeros((rows, len(self.chosen)), dtype=np.int64)

        def step(node_stop: int) -> int:
            return int(kernels.stable_slice(self.parts, self.conflicts, self.allowed, self.left, self.part_at,
                                            self.open_parts, self.chosen, self.state, found, node_stop))  # fmt: skip

        outcome = SOLUTION
        while outcome == SOLUTION:
            outcome = self.slices(step)
            yield found[: self.state[kernels.LISTED]].copy()
            self.state[kernels.LISTED] = 0


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


FIRST_NODES = 50_000  # the first symmetry's cover, its options in the sets' order, up to this many nodes
RESTART_NODES = 10_000  # then shuffled attempts: the first within this many nodes, each next 1.5 times more
RESTARTS_NODES = 2_000_000  # the restarts' nodes in all
RESTART_SEED = 2006  # (Vasquez's year: the shuffles are the same from one run to the next)


def symmetric_cover(
    graph: Graph,
    members: np.ndarray,
    symmetries: list[np.ndarray],
    control: SearchControl,
    tally: Callable[[Stats], None],
    first_nodes: int = FIRST_NODES,
    restarts_nodes: int = RESTARTS_NODES,
) -> list[int] | None | bool:
    """A cover of the vertices by stable sets of `members` that one of `symmetries` (permutations
    of the vertices that keep the edges) maps onto itself: an exact cover (core.cover, dancing
    links) by the unions of the sets' orbits whose sets are disjoint. Where covers are rare,
    those a symmetry keeps are far fewer to search: queen:13's (13 queens' solutions, the lines
    j = 2i + c mod 13 among them) is found in some 30,000 nodes.

    Only the involutions among `symmetries` are searched (a cover that a quarter turn keeps,
    its square keeps: the half turn). First the first one's cover, its options in the sets'
    order, within `first_nodes` nodes; then restarts, the involutions in turn, options and
    vertices shuffled, within RESTART_NODES nodes and 1.5 times more each time,
    `restarts_nodes` in all. The time to a cover varies by orders of magnitude with the order
    the search meets the options in (heavy tails), and short shuffled runs cut the long ones
    short: no run of the half turn's or a mirror's found one of queen:14 in 300 s; the
    restarts find one kept by a mirror in some 330,000 nodes.

    Each vertex's colour (its set's index) when one is found; None when there is none (every
    symmetry's search exhausted: a cover may still exist, one that no symmetry keeps); False
    when the nodes were spent first. Each search's counters go to `tally` as it ends, a limit
    or Ctrl-C included."""
    try:  # the links hold each stable set at most once (in one orbit): its vertices bound them
        check_memory(members.size * BYTES_PER_NODE, "the symmetric covers' links", control.limits)
    except InvalidInput:
        return False  # (left to the other proofs)
    involutions = [symmetry for symmetry in symmetries if np.array_equal(symmetry[symmetry], np.arange(graph.n))]
    if not involutions:
        return False
    covers: dict[int, _SymmetricOptions] = {}  # (made as they are first searched)
    sets: list[_StableSets] = []  # (made for the first)

    def attempt(index: int, budget: int, random: np.random.Generator | None) -> tuple[list[int] | None | bool, int]:
        if index not in covers:
            with control.setting_up():  # (some 0.3 s on queen:14: a limit or Ctrl-C stops it)
                sets[:] = sets or [_StableSets(members)]
                covers[index] = _SymmetricOptions(sets[0], involutions[index])
        return _attempt(covers[index], graph.n, budget, random, control, tally)

    found, _ = attempt(0, first_nodes, None)
    if found is not False:
        return found
    random = np.random.default_rng(RESTART_SEED)
    budget, spent, unsettled = RESTART_NODES, 0, list(range(len(involutions)))
    turn = 0
    while unsettled and spent < restarts_nodes:
        index = unsettled[turn % len(unsettled)]
        found, nodes = attempt(index, min(budget, restarts_nodes - spent), random)
        spent, budget, turn = spent + nodes, budget * 3 // 2, turn + 1
        if found is None:
            unsettled.remove(index)  # this symmetry keeps no cover
        elif found is not False:
            return found
    return None if not unsettled else False


class _StableSets:
    """The stable sets `members` as every symmetry's cover uses them, made once: their
    vertices' bits, and an index that finds a set from its vertices in whatever order."""

    def __init__(self, members: np.ndarray) -> None:
        self.members = members
        self.bits = _bit_rows(members.astype(np.int64), (int(members.max()) + 64) // 64)
        self._index(seed=0)

    def _index(self, seed: int) -> None:
        # a set's key: the sum of its vertices' random 64-bit weights (numpy's sums wrap round)
        self.seed = seed
        self.weights = np.random.default_rng(seed).integers(0, 2**64 - 1, int(self.members.max()) + 1,
                                                            dtype=np.uint64, endpoint=True)  # fmt: skip
        keys = self.weights[self.members].sum(axis=1, dtype=np.uint64)
        self.order = np.argsort(keys)
        self.keys = keys[self.order]

    def images(self, symmetry: np.ndarray) -> np.ndarray:
        """Each set's image under `symmetry` (which maps stable sets onto stable sets), as its
        index in `members`."""
        while True:
            images = symmetry[self.members]
            keys = self.weights[images].sum(axis=1, dtype=np.uint64)
            found = self.order[np.searchsorted(self.keys, keys).clip(max=len(self.keys) - 1)]
            if np.array_equal(np.sort(self.members[found], axis=1), np.sort(images, axis=1)):
                return found
            self._index(self.seed + 1)  # two sets' keys met (some 1 in 40 million for a million sets)


class _SymmetricOptions:
    """The options of the exact cover a symmetry keeps: each orbit of the stable sets under it
    whose sets are disjoint, as their vertices (`options`, a row each, padded with -1) and
    their sets (`orbits`, the same)."""

    def __init__(self, sets: _StableSets, symmetry: np.ndarray) -> None:
        members, bits = sets.members, sets.bits
        image = sets.images(symmetry)
        powers = [np.arange(len(members))]
        while not np.array_equal(next_power := image[powers[-1]], powers[0]):
            powers.append(next_power)
        orbits = np.sort(np.stack(powers, axis=1), axis=1)
        orbits = orbits[orbits[:, 0] == np.arange(len(members))]  # each orbit once, from its least set
        orbits[:, 1:][orbits[:, 1:] == orbits[:, :-1]] = -1  # a set met again along a shorter orbit
        held = np.where(orbits[..., None] >= 0, bits[orbits], 0)
        union = np.bitwise_or.reduce(held, axis=1)
        disjoint = np.bitwise_count(union).sum(axis=1) == np.bitwise_count(held).sum(axis=(1, 2))
        self.orbits, self.members = orbits[disjoint], members
        vertices = np.where(self.orbits[..., None] >= 0, members[self.orbits], -1)
        self.options = vertices.reshape(len(self.orbits), orbits.shape[1] * members.shape[1])

    def arrays(self, vertices: int, random: np.random.Generator | None) -> tuple[CoverArrays, np.ndarray]:
        """The exact cover's arrays, its options (and vertices) in a random order unless
        `random` is None; with the orbit of each option."""
        order = np.arange(len(self.options)) if random is None else random.permutation(len(self.options))
        label = np.arange(vertices, dtype=np.int32) if random is None else random.permutation(vertices).astype(np.int32)
        options = self.options[order]
        starts = np.zeros(len(options) + 1, dtype=np.int32)
        np.cumsum((options >= 0).sum(axis=1), out=starts[1:])
        items = label[options[options >= 0]]
        arrays = CoverArrays("symmetric", vertices, vertices, starts, items, np.zeros(len(items), dtype=np.int32))
        return arrays, self.orbits[order]


def _attempt(
    cover: _SymmetricOptions,
    vertices: int,
    budget: int,
    random: np.random.Generator | None,
    control: SearchControl,
    tally: Callable[[Stats], None],
) -> tuple[list[int] | None | bool, int]:
    """One search for a cover kept by the symmetry, within `budget` nodes, and the nodes it
    spent (its counters to `tally`)."""
    arrays, orbits = cover.arrays(vertices, random)
    search = CompiledCover(arrays, "dlx", control)
    try:
        chosen = search.first_within(budget)
    finally:
        tally(search.stats())
    if not isinstance(chosen, list):
        return chosen, search.nodes()
    colours = [0] * vertices
    sets = [int(member) for option in chosen for member in orbits[option] if member >= 0]
    for colour, member in enumerate(sets):
        for vertex in cover.members[member]:
            colours[int(vertex)] = colour
    return colours, search.nodes()
