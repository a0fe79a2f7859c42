"""Graph colouring (002 Q2, SPEC §2.6): colour the vertices with k colours so that no edge joins
two vertices of one colour, by backtracking, or prove it impossible.

Method `textbook` (both engines, identical counters): vertices in order, colours in order, each
colour checked against the neighbours already coloured. Method `dsatur` (numba): the vertex whose
neighbours show the most colours first; with branch and bound it gives the chromatic number.

>>> graph = named_graph("petersen")
>>> result = color_graph(graph, 3, engine="python")
>>> str(result.status), is_coloring(graph, result.colors, 3)
('found', True)
"""

from __future__ import annotations

import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from essais.core.errors import InvalidInput
from essais.core.limits import Limits, SearchControl, SearchStopped
from essais.core.result import Stats, Status

ENGINES = ("python", "numba")
METHODS = ("textbook", "dsatur")


class GraphError(InvalidInput):
    """A graph file that cannot be read: the message names the file and the line."""


@dataclass(frozen=True)
class Graph:
    """Vertices 0…n-1 (`names` says what the input called them) and their neighbours."""

    names: tuple[str, ...]
    neighbours: tuple[frozenset[int], ...]

    @property
    def n(self) -> int:
        return len(self.names)

    @property
    def edges(self) -> int:
        return sum(len(others) for others in self.neighbours) // 2

    @classmethod
    def from_edges(cls, names: Sequence[str], edges: Iterator[tuple[int, int]] | Sequence[tuple[int, int]]) -> Graph:
        neighbours: list[set[int]] = [set() for _ in names]
        for a, b in edges:  # a repeated edge is the same edge
            neighbours[a].add(b)
            neighbours[b].add(a)
        return cls(tuple(names), tuple(frozenset(others) for others in neighbours))


def is_coloring(graph: Graph, colors: Sequence[int] | None, k: int | None = None) -> bool:
    """True when every vertex has a colour (0…k-1 if k is given) and no edge joins two
    vertices of one colour."""
    if colors is None or len(colors) != graph.n:
        return False
    if k is not None and any(not 0 <= c < k for c in colors):
        return False
    return all(colors[v] != colors[w] for v in range(graph.n) for w in graph.neighbours[v])


# -- reading graphs ---------------------------------------------------------------------------------
def read_dimacs(path: Path) -> Graph:
    """DIMACS `.col`: `c` comments, one `p edge V E` line, then `e u v` lines (vertices 1…V)."""
    size = None
    edges = []
    for number, line in enumerate(_lines(path), start=1):
        words = line.split()
        if not words or words[0] == "c":
            continue
        if words[0] == "p":
            if size is not None:
                raise GraphError(f"{path}:{number}: a second 'p' line")
            if len(words) != 4 or not words[2].isdigit() or not words[3].isdigit():
                raise GraphError(f"{path}:{number}: expected 'p edge VERTICES EDGES', got {line.strip()!r}")
            size = int(words[2])
        elif words[0] == "e":
            if size is None:
                raise GraphError(f"{path}:{number}: an edge before the 'p' line")
            if len(words) != 3 or not words[1].isdigit() or not words[2].isdigit():
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


def read_edge_list(path: Path) -> Graph:
    """Plain edge lists: one `u v` pair a line (any names), `#` comments; the vertices are
    numbered in the order they first appear."""
    index: dict[str, int] = {}
    edges = []
    for number, line in enumerate(_lines(path), start=1):
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


def _lines(path: Path) -> list[str]:
    try:
        return path.read_text().splitlines()
    except (OSError, UnicodeDecodeError) as error:
        raise GraphError(f"{path}: cannot be read ({error})") from None


def named_graph(spec: str) -> Graph:
    """Built-in graphs: petersen, complete:N, cycle:N, queen:N (N×N queens' graph), mycielski:K
    (the Mycielski graph with chromatic number K, from K = 2)."""
    name, _, argument = spec.partition(":")
    if name == "petersen":
        outer = [(i, (i + 1) % 5) for i in range(5)]
        inner = [(5 + i, 5 + (i + 2) % 5) for i in range(5)]
        return Graph.from_edges([str(v) for v in range(10)], outer + inner + [(i, i + 5) for i in range(5)])
    if not argument.isdigit() or int(argument) < 1:
        raise InvalidInput(
            f"graph: {spec!r} is not a file nor one of petersen, complete:N, cycle:N, queen:N, mycielski:K"
        )
    size = int(argument)
    names = [str(v) for v in range(size)]
    if name == "complete":
        return Graph.from_edges(names, [(a, b) for a in range(size) for b in range(a + 1, size)])
    if name == "cycle":
        return Graph.from_edges(names, [(v, (v + 1) % size) for v in range(size) if size > 1 and v != (v + 1) % size])
    if name == "queen":
        cells = [(r, c) for r in range(size) for c in range(size)]
        edges = [
            (a, b)
            for a, (r1, c1) in enumerate(cells)
            for b, (r2, c2) in enumerate(cells)
            if a < b and (r1 == r2 or c1 == c2 or abs(r1 - r2) == abs(c1 - c2))
        ]
        return Graph.from_edges([f"{r},{c}" for r, c in cells], edges)
    if name == "mycielski" and size >= 2:
        graph = Graph.from_edges(["0", "1"], [(0, 1)])  # K2: chromatic number 2
        for _ in range(size - 2):
            graph = _mycielskian(graph)
        return graph
    raise InvalidInput(f"graph: {spec!r} is not a file nor one of petersen, complete:N, cycle:N, queen:N, mycielski:K")


def _mycielskian(graph: Graph) -> Graph:
    """Vertices v, copies u of each v joined to v's neighbours, and one vertex joined to every u."""
    n = graph.n
    edges = [(v, w) for v in range(n) for w in graph.neighbours[v] if v < w]
    edges += [(n + v, w) for v in range(n) for w in graph.neighbours[v]]
    edges += [(2 * n, n + v) for v in range(n)]
    return Graph.from_edges([str(v) for v in range(2 * n + 1)], edges)


def load_graph(spec: str) -> Graph:
    """A file (`.col`: DIMACS, anything else: an edge list) or a built-in graph's name."""
    path = Path(spec)
    try:
        exists = path.exists()
    except OSError:  # not even a possible file name
        exists = False
    if exists:
        return read_dimacs(path) if path.suffix == ".col" else read_edge_list(path)
    if "/" in spec or "." in spec:
        raise GraphError(f"{spec}: no such file")
    return named_graph(spec)


# -- colouring ---------------------------------------------------------------------------------------
@dataclass
class Coloring:
    status: Status
    graph: Graph
    k: int
    colors: list[int] | None
    stats: Stats = field(default_factory=Stats)

    def to_dict(self) -> dict[str, Any]:
        document: dict[str, Any] = {
            "status": str(self.status),
            "found": self.colors is not None,
            "colors": self.colors,
            "k": self.k,
            "chromatic": None,
            "stats": self.stats.to_dict(),
        }
        if any(name != str(v + 1) for v, name in enumerate(self.graph.names)):
            document["vertices"] = list(self.graph.names)
        return document


class TextbookColoring:
    """002 Q2 in plain Python: `colorier(v)` tries colours 0…k-1 in order for vertex v."""

    def __init__(self, graph: Graph, k: int, control: SearchControl) -> None:
        self.graph, self.k, self.control = graph, k, control
        self.colors = [-1] * graph.n
        self.nodes = self.tries = self.backtracks = 0
        self.check_at = control.checkpoint(0)

    def stats(self) -> Stats:
        return Stats(self.nodes, self.tries, self.backtracks, self.control.elapsed())

    def solve(self) -> list[int] | None:
        limit = sys.getrecursionlimit()
        sys.setrecursionlimit(max(limit, 2 * self.graph.n + 200))
        try:
            return list(self.colors) if self._color(0) else None
        finally:
            sys.setrecursionlimit(limit)

    def _color(self, vertex: int) -> bool:
        if self.nodes >= self.check_at:
            self.check_at = self.control.checkpoint(self.nodes)
        self.nodes += 1
        if vertex == self.graph.n:
            return True
        for color in range(self.k):
            self.tries += 1
            if all(self.colors[other] != color for other in self.graph.neighbours[vertex]):
                self.colors[vertex] = color
                if self._color(vertex + 1):
                    return True
                self.colors[vertex] = -1
                self.backtracks += 1
        return False


def color_graph(
    graph: Graph, k: int = 3, *, method: str = "textbook", engine: str = "numba", limits: Limits | None = None
) -> Coloring:
    """A colouring with k colours, or the proof that none exists (status none)."""
    if not isinstance(k, int) or k < 1:
        raise InvalidInput(f"k: {k!r} must be a positive number of colours")
    if method not in METHODS:
        raise InvalidInput(f"method: {method!r} is not one of {', '.join(METHODS)}")
    if engine not in ENGINES:
        raise InvalidInput(f"engine: {engine!r} is not one of {', '.join(ENGINES)}")
    if method == "dsatur":
        if engine != "numba":
            raise InvalidInput("method: 'dsatur' exists in the numba engine only")
        return _dsatur_coloring(graph, k, limits)
    with SearchControl(limits) as control:
        if engine == "numba":
            from essais._coloring_kernels import CompiledColoring

            search: TextbookColoring | CompiledColoring = CompiledColoring(graph, k, control)
        else:
            search = TextbookColoring(graph, k, control)
        control.restart_clock()
        try:
            colors = search.solve()
            status = Status.FOUND if colors is not None else Status.NONE
        except SearchStopped as stop:
            colors, status = None, stop.status
        return Coloring(status, graph, k, colors, search.stats())


def _dsatur_coloring(graph: Graph, k: int, limits: Limits | None) -> Coloring:
    from essais._coloring_kernels import CompiledDsatur

    clique = greedy_clique(graph)
    if len(clique) > k:  # k colours cannot colour a clique of more than k vertices
        return Coloring(Status.NONE, graph, k, None, Stats())
    with SearchControl(limits) as control:
        search = CompiledDsatur(graph, k + 1, control, clique)  # colourings with fewer than k + 1 colours
        control.restart_clock()
        try:
            colors = search.improve() if graph.n else []
            status = Status.FOUND if colors is not None else Status.NONE
        except SearchStopped as stop:
            colors, status = None, stop.status
        return Coloring(status, graph, k, colors, search.stats())


def greedy_clique(graph: Graph) -> list[int]:
    """A large clique, found greedily from each vertex (most neighbours first): its size is a
    lower bound of the chromatic number."""
    best: list[int] = []
    by_degree = sorted(range(graph.n), key=lambda v: (-len(graph.neighbours[v]), v))
    for seed in by_degree:
        clique, candidates = [seed], set(graph.neighbours[seed])
        while candidates:
            vertex = max(sorted(candidates), key=lambda v: len(graph.neighbours[v] & candidates))
            clique.append(vertex)
            candidates &= graph.neighbours[vertex]
        if len(clique) > len(best):
            best = clique
    return best


@dataclass
class Chromatic:
    """The chromatic number (None unless proved), the bounds found on the way, a colouring."""

    status: Status
    graph: Graph
    chromatic: int | None
    lower: int
    colors: list[int] | None
    bounds: list[dict[str, Any]] = field(default_factory=list)
    stats: Stats = field(default_factory=Stats)

    @property
    def upper(self) -> int | None:
        return len(set(self.colors)) if self.colors is not None else None

    def to_dict(self) -> dict[str, Any]:
        document = Coloring(self.status, self.graph, self.upper or 0, self.colors, self.stats).to_dict()
        document.update(chromatic=self.chromatic, lower=self.lower, bounds=self.bounds)
        return document


def chromatic_number(graph: Graph, *, limits: Limits | None = None, tabu_moves: int = 100_000) -> Chromatic:
    """The chromatic number by DSATUR branch and bound: each colouring found lowers the upper
    bound; a clique gives the lower bound; it is proved when they meet or when no colouring
    with fewer colours is left. After DSATUR's first colouring, a tabu search (at most
    `tabu_moves` moves a try; seeded, so reproducible) looks for colourings with one colour fewer
    at a time: it proves nothing, but a good upper bound cuts the branch and bound short. A
    limit leaves the bounds found so far (chromatic None)."""
    from essais._coloring_kernels import CompiledDsatur, tabu_search

    clique = greedy_clique(graph)
    lower = len(clique)
    with SearchControl(limits) as control:
        search = CompiledDsatur(graph, graph.n + 1, control, clique)
        control.restart_clock()
        best: list[int] | None = [] if graph.n == 0 else None
        bounds: list[dict[str, Any]] = []

        def found(colors: list[int], method: str) -> None:
            nonlocal best
            best = colors
            search.lower_best(len(set(colors)))
            bounds.append(
                {"colors": len(set(colors)), "by": method, "nodes": search.stats().nodes, "seconds": control.elapsed()}
            )

        try:
            first = search.improve() if graph.n else None
            if first is not None:
                found(first, "dsatur")
                while len(set(first)) - 1 >= max(lower, 1) and best is not None and len(set(best)) > lower:
                    fewer = tabu_search(graph, len(set(best)) - 1, tabu_moves)
                    if fewer is None:
                        break
                    found(fewer, "tabu")
            while best is None or len(set(best)) > lower:
                colors = search.improve()
                if colors is None:
                    break  # no colouring with fewer colours: the best is optimal
                found(colors, "dsatur")
            status, chromatic = Status.FOUND, len(set(best or []))
        except SearchStopped as stop:
            status, chromatic = stop.status, None
        return Chromatic(status, graph, chromatic, lower, best, bounds, search.stats())
