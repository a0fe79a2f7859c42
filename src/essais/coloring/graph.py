"""Graphs to colour: vertices and their neighbours, read from DIMACS `.col` files and edge lists
or built in (petersen, complete:N, cycle:N, queen:N, queen:RxC, mycielski:K…), their memory
estimated before they are built; greedy cliques for the bounds."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

import numpy as np

from essais.core.engine import check_memory
from essais.core.errors import InvalidInput
from essais.core.limits import Limits, setting_up
from essais.core.result import plural
from essais.core.text import read_text


class GraphError(InvalidInput):
    """A graph file that cannot be read: the message names the file and the line."""


@dataclass(frozen=True)
class Graph:
    """Vertices 0…n-1 (`names` says what the input called them) and their neighbours."""

    names: tuple[str, ...]
    neighbours: tuple[frozenset[int], ...]
    board: tuple[int, int] | None = None  # (rows, cols) when vertex r·cols + c is the square (r, c)
    name: str = field(default="graph", compare=False)  # what the user called it: a file or a built-in name

    def describe(self) -> str:
        """`petersen (10 vertices, 15 edges)`."""
        return f"{self.name} ({plural(self.n, 'vertex', 'vertices')}, {plural(self.edges, 'edge')})"

    @property
    def n(self) -> int:
        return len(self.names)

    @property
    def edges(self) -> int:
        return sum(len(others) for others in self.neighbours) // 2

    def csr(self) -> tuple[np.ndarray, np.ndarray]:
        """The adjacency in CSR form for the kernels: the neighbours of v are
        `adjacent[start[v]:start[v + 1]]`, in increasing order."""
        start = np.zeros(self.n + 1, dtype=np.int64)
        start[1:] = np.cumsum([len(others) for others in self.neighbours])
        adjacent = np.array([w for others in self.neighbours for w in sorted(others)], dtype=np.int64)
        return start, adjacent

    @classmethod
    def from_edges(cls, names: Sequence[str], edges: Iterator[tuple[int, int]] | Sequence[tuple[int, int]]) -> Graph:
        neighbours: list[set[int]] = [set() for _ in names]
        for a, b in edges:  # a repeated edge is the same edge
            neighbours[a].add(b)
            neighbours[b].add(a)
        return cls(tuple(names), tuple(frozenset(others) for others in neighbours))


CLIQUE_CUT_EDGES = 50_000  # larger graphs get no clique list (its greedy growth would take long)


def greedy_clique(graph: Graph) -> list[int]:
    """A large clique, grown greedily from each vertex (most neighbours first): its size is a
    lower bound of the chromatic number."""
    around = _neighbour_bits(graph)
    by_degree = sorted(range(graph.n), key=lambda v: (-len(graph.neighbours[v]), v))
    return max(([seed, *_grown(around[seed], around)] for seed in by_degree), key=len, default=[])


def edge_cliques(graph: Graph) -> list[list[int]]:
    """Cliques of at least 3 vertices that cover every edge inside one (DSATUR's clique cut,
    coloring._kernels.dsatur_slice): from each edge no clique found so far holds, a maximal
    clique grown greedily (_grown). On a queen graph of side 5 or more they include its rows,
    columns and two long diagonals, its cliques of `side` vertices. An edge in no triangle is
    in none. No clique for a graph of more than CLIQUE_CUT_EDGES edges."""
    if graph.edges > CLIQUE_CUT_EDGES:
        return []
    around = _neighbour_bits(graph)
    held = [0] * graph.n  # held[v]: the cliques found so far that hold v, as bits
    cliques: list[list[int]] = []
    edges = ((u, v) for u in range(graph.n) for v in sorted(graph.neighbours[u]) if u < v)
    for u, v in edges:
        if held[u] & held[v]:
            continue
        clique = [u, v, *_grown(around[u] & around[v], around)]
        if len(clique) >= 3:
            for w in clique:
                held[w] |= 1 << len(cliques)
            cliques.append(sorted(clique))
    return cliques


def _neighbour_bits(graph: Graph) -> list[int]:
    """Each vertex's neighbours as a bit set (a Python int)."""
    return [sum(1 << w for w in others) for others in graph.neighbours]


def _grown(candidates: int, around: list[int]) -> list[int]:
    """The vertices added, one at a time, to a clique whose common neighbours are `candidates`
    (a bit set): each time the candidate with the most neighbours among the candidates (ties:
    the smaller number), until none is left."""
    added = []
    while candidates:
        members = [w for w in range(candidates.bit_length()) if candidates >> w & 1]
        chosen = max(members, key=lambda w: ((around[w] & candidates).bit_count(), -w))
        added.append(chosen)
        candidates &= around[chosen]
    return added


# What a graph takes in memory while it is built (names, sets of neighbours, the edge list),
# measured with tracemalloc on complete and sparse graphs and rounded up.
BYTES_PER_VERTEX = 600


BYTES_PER_EDGE = 250


BYTES_PER_FILE_BYTE = 12  # a graph file: its text, its lines, their words, the edges read


def check_graph_memory(vertices: int, edges: int, what: str, limits: Limits | None) -> None:
    check_memory(BYTES_PER_VERTEX * vertices + BYTES_PER_EDGE * edges, what, limits)


def mycielski_size(k: int) -> tuple[int, int]:
    """Vertices and edges of the Mycielski graph with chromatic number k (from K2)."""
    vertices, edges = 2, 1
    for _ in range(k - 2):
        vertices, edges = 2 * vertices + 1, 3 * edges + vertices
    return vertices, edges


# -- reading graphs ---------------------------------------------------------------------------------
def _whole(word: str) -> bool:
    """ASCII digits only (str.isdigit() also accepts '²', which int() refuses)."""
    return word.isascii() and word.isdigit()


def read_dimacs(path: Path, limits: Limits | None = None) -> Graph:
    """DIMACS `.col`: `c` comments, one `p edge V E` line, then `e u v` lines (vertices 1…V)."""
    size = None
    edges = []
    for number, line in enumerate(_lines(path, limits), start=1):
        words = line.split()
        if not words or words[0] == "c":
            continue
        if words[0] == "p":
            if size is not None:
                raise GraphError(f"{path}:{number}: a second 'p' line")
            if len(words) != 4 or not _whole(words[2]) or not _whole(words[3]):
                raise GraphError(f"{path}:{number}: expected 'p edge VERTICES EDGES', got {line.strip()!r}")
            size = int(words[2])
            # the edges are bounded by the file's size, already estimated
            check_graph_memory(size, 0, f"{path}: a graph of {size:,} vertices", limits)
        elif words[0] == "e":
            if size is None:
                raise GraphError(f"{path}:{number}: an edge before the 'p' line")
            if len(words) != 3 or not _whole(words[1]) or not _whole(words[2]):
                raise GraphError(f"{path}:{number}: expected 'e U V', got {line.strip()!r}")
            a, b = int(words[1]), int(words[2])
            for vertex in (a, b):
                if not 1 <= vertex <= size:
                    raise GraphError(f"{path}:{number}: vertex {vertex} is not between 1 and {size}")
            if a == b:
                raise GraphError(f"{path}:{number}: a loop on vertex {a} (no colouring exists)")
            edges.append((a - 1, b - 1))
        else:
            raise GraphError(f"{path}:{number}: unknown line {line.strip()!r}")
    if size is None:
        raise GraphError(f"{path}: no 'p edge VERTICES EDGES' line")
    return Graph.from_edges([str(v) for v in range(1, size + 1)], edges)


def read_edge_list(path: Path, limits: Limits | None = None) -> Graph:
    """Plain edge lists: one `u v` pair a line (any names), `#` comments; the vertices are
    numbered in the order they first appear."""
    index: dict[str, int] = {}
    edges = []
    for number, line in enumerate(_lines(path, limits), start=1):
        words = line.split("#", 1)[0].split()
        if not words:
            continue
        if len(words) != 2:
            raise GraphError(f"{path}:{number}: expected two vertices, got {line.strip()!r}")
        if words[0] == words[1]:
            raise GraphError(f"{path}:{number}: a loop on vertex {words[0]} (no colouring exists)")
        for word in words:
            index.setdefault(word, len(index))
        edges.append((index[words[0]], index[words[1]]))
    if not index:
        raise GraphError(f"{path}: no edges")
    return Graph.from_edges(list(index), edges)


def _lines(path: Path, limits: Limits | None) -> list[str]:
    return read_text(path, limits=limits, bytes_per_character=BYTES_PER_FILE_BYTE, error=GraphError).splitlines()


NAMES = "petersen, complete:N, cycle:N, queen:N, queen:RxC, mycielski:K"


def named_graph(spec: str, limits: Limits | None = None) -> Graph:
    """Built-in graphs: petersen, complete:N, cycle:N, queen:N (N×N queens' graph), queen:RxC
    (R rows, C columns: DIMACS's queen8_12 is queen:8x12), mycielski:K (the Mycielski graph with
    chromatic number K, from K = 2); refused, before it is built, when it would take more memory
    than the limits allow."""
    if not isinstance(spec, str):
        raise InvalidInput(f"graph: {spec!r} is not a graph's name")
    name, _, argument = spec.partition(":")
    if name == "queen" and "x" in argument.lower():
        rows, _, cols = argument.lower().partition("x")
        if not (_whole(rows) and _whole(cols)) or int(rows) < 1 or int(cols) < 1:
            raise InvalidInput(f"graph: {spec!r}: a queens' graph is queen:N or queen:RxC (R, C at least 1)")
        r, c = int(rows), int(cols)
        check_graph_memory(r * c, r * c * 2 * max(r, c), f"graph {spec}", limits)
        return _queen_graph(r, c)
    if name == "petersen":
        outer = [(i, (i + 1) % 5) for i in range(5)]
        inner = [(5 + i, 5 + (i + 2) % 5) for i in range(5)]
        return Graph.from_edges([str(v) for v in range(10)], outer + inner + [(i, i + 5) for i in range(5)])
    if not _whole(argument) or int(argument) < 1:
        raise InvalidInput(f"graph: {spec!r} is not a file nor one of {NAMES}")
    size = int(argument)
    if name in _SIZES and (name != "mycielski" or size >= 2):
        vertices, edges = _SIZES[name](min(size, 1 << 40))
        check_graph_memory(vertices, edges, f"graph {spec}", limits)
    names = [str(v) for v in range(size)]
    if name == "complete":
        return Graph.from_edges(names, [(a, b) for a in range(size) for b in range(a + 1, size)])
    if name == "cycle":
        return Graph.from_edges(names, [(v, (v + 1) % size) for v in range(size) if size > 1 and v != (v + 1) % size])
    if name == "queen":
        return _queen_graph(size, size)
    if name == "mycielski" and size >= 2:
        graph = Graph.from_edges(["0", "1"], [(0, 1)])  # K2: chromatic number 2
        for _ in range(size - 2):
            graph = _mycielskian(graph)
        return graph
    raise InvalidInput(f"graph: {spec!r} is not a file nor one of {NAMES}")


_SIZES = {  # vertices and edges of the built-in graphs of a size, before they are built
    "complete": lambda n: (n, n * (n - 1) // 2),
    "cycle": lambda n: (n, n),
    "queen": lambda n: (n * n, 2 * n**3),  # fewer than 4n neighbours a square (row, column, diagonals)
    "mycielski": lambda k: mycielski_size(min(k, 64)),
}


def _queen_graph(rows: int, cols: int) -> Graph:
    """The queens' graph of a rows×cols board: squares in reading order, joined when on one
    line (row, column, diagonal); each square's later neighbours are walked along its four
    forward lines."""
    edges = []
    for r in range(rows):
        for c in range(cols):
            here = r * cols + c
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                r2, c2 = r + dr, c + dc
                while 0 <= r2 < rows and 0 <= c2 < cols:
                    edges.append((here, r2 * cols + c2))
                    r2, c2 = r2 + dr, c2 + dc
    names = [f"{r},{c}" for r in range(rows) for c in range(cols)]
    return replace(Graph.from_edges(names, edges), board=(rows, cols))


def _mycielskian(graph: Graph) -> Graph:
    """Vertices v, copies u of each v joined to v's neighbours, and one vertex joined to every u."""
    n = graph.n
    edges = [(v, w) for v in range(n) for w in graph.neighbours[v] if v < w]
    edges += [(n + v, w) for v in range(n) for w in graph.neighbours[v]]
    edges += [(2 * n, n + v) for v in range(n)]
    return Graph.from_edges([str(v) for v in range(2 * n + 1)], edges)


def load_graph(spec: str, limits: Limits | None = None) -> Graph:
    """A file (`.col`: DIMACS, anything else: an edge list) or a built-in graph's name,
    refused before it is built when it would take more memory than the limits allow. Its
    building counts in the time limit: a limit or a signal raises SearchStopped."""
    with setting_up(limits):
        return replace(_load_graph(spec, limits), name=str(spec))


def _load_graph(spec: str, limits: Limits | None) -> Graph:
    if not isinstance(spec, str | Path):
        raise InvalidInput(f"graph: {spec!r} is neither a file nor a graph's name")
    spec = str(spec)
    path = Path(spec)
    try:
        exists = path.exists()
    except OSError:  # not even a possible file name
        exists = False
    if exists:
        return read_dimacs(path, limits) if path.suffix == ".col" else read_edge_list(path, limits)
    if "/" in spec or "." in spec:
        raise GraphError(f"{spec}: no such file")
    return named_graph(spec, limits)
