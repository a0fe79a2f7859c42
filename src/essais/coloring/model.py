"""Graph colouring (002 Q2): graphs (read from DIMACS files, edge lists or built in),
the methods and the results."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from essais.coloring.draw import coloring_svg
from essais.coloring.graph import Graph
from essais.core.engine import Engine, Methods
from essais.core.result import Result, Stats, Status, plural
from essais.draw.picture import Pictured

# textbook: 002's search, both engines; dsatur: most saturated vertex first (numba)
METHODS = Methods(
    {"textbook": ("python", "numba"), "dsatur": ("numba",)}, default={"python": "textbook", "numba": "textbook"}
)


class ColoringSearch(Engine, Protocol):
    """What both engines of the textbook colouring offer (coloring.textbook, coloring.compiled)."""

    def solve(self) -> list[int] | None: ...
    def stats(self) -> Stats: ...


def coloring_document(
    status: Status, graph: Graph, k: int, colors: list[int] | None, chromatic: int | None, stats: Stats
) -> dict[str, Any]:
    """The JSON document of a colouring, `vertices` when the input named them."""
    document: dict[str, Any] = {
        "status": str(status),
        "found": colors is not None,
        "colors": colors,
        "k": k,
        "chromatic": chromatic,
        "stats": stats.to_dict(),
    }
    if any(name != str(v + 1) for v, name in enumerate(graph.names)):
        document["vertices"] = list(graph.names)
    return document


@dataclass(eq=False, repr=False)
class ColoringResult(Pictured, Result):
    """A colouring with k colours (`colors[v]` in 0…k-1, a list of ints; None when there is
    none), or why there is none."""

    status: Status
    graph: Graph
    k: int
    colors: list[int] | None
    stats: Stats = field(default_factory=Stats)
    method: str | None = None
    engine: str | None = None

    @property
    def solution(self) -> list[int] | None:
        return self.colors

    def headline(self) -> str:
        where, colours = self.graph.describe(), plural(self.k, "colour")
        return f"{where}: " + self.ended(
            f"a colouring with {colours}", f"no colouring with {colours}", f"a colouring with {colours}"
        )

    def brief(self) -> str:
        return f"{self.graph.describe()}, {plural(self.k, 'colour')}"

    def text(self) -> str:
        """The vertices of each colour, a line a colour."""
        if self.colors is None:
            return ""
        graph, colors = self.graph, self.colors
        return "\n".join(
            f"  colour {colour}: {' '.join(graph.names[v] for v in range(graph.n) if colors[v] == colour)}"
            for colour in range(min(self.k, graph.n))  # (more colours than vertices: the others are empty)
        )

    def to_svg(self) -> str:
        """The graph with each vertex filled with its colour (at most 200 vertices)."""
        return coloring_svg(self.graph, self.colors)

    def to_dict(self) -> dict[str, Any]:
        return {**coloring_document(self.status, self.graph, self.k, self.colors, None, self.stats), **self.ran_keys()}


@dataclass(eq=False, repr=False)
class ChromaticResult(Pictured, Result):
    """The chromatic number (None unless proved), the bounds found on the way, a colouring."""

    status: Status
    graph: Graph
    chromatic: int | None
    lower: int
    colors: list[int] | None
    bounds: list[dict[str, Any]] = field(default_factory=list)
    stats: Stats = field(default_factory=Stats)
    method: str | None = None
    engine: str | None = None
    # what proved it: "clique" (a colouring met it), "cover", "dsatur" or "sat" (none with fewer)
    proof: str | None = None
    # the fewest colours not proved too few: the clique's size, or more where the cover or the
    # SAT solver proved fewer colours too few (a run stopped by a limit reports how far it got)
    at_least: int = 0

    @property
    def upper(self) -> int | None:
        return len(set(self.colors)) if self.colors is not None else None

    @property
    def solution(self) -> list[int] | None:
        return self.colors

    def to_svg(self) -> str:
        return coloring_svg(self.graph, self.colors)

    def headline(self) -> str:
        where = self.graph.describe()
        if self.chromatic is not None:
            clique = plural(self.lower, "vertex", "vertices")
            fewer = "" if self.proof == "clique" else f", none with fewer colours ({self.proof})"
            return f"{where}: chromatic number {self.chromatic} (a clique of {clique}{fewer}; proved)"
        if self.upper is None:
            least = max(self.at_least, 1 if self.graph.n else 0)
            stopped = f"stopped ({self.status}) before any colouring was found"
            return f"{where}: {stopped}; the chromatic number is at least {least}"
        return f"{where}: stopped ({self.status}); the chromatic number is between {self.at_least} and {self.upper}"

    def brief(self) -> str:
        number = f"χ = {self.chromatic}" if self.chromatic is not None else f"{self.at_least} ≤ χ ≤ {self.upper}"
        return f"{self.graph.describe()}: {number}"

    def text(self) -> str:
        """The colourings found on the way, a line each."""
        lines = []
        for bound in self.bounds:
            colours, nodes = plural(bound["colors"], "colour"), plural(bound["nodes"], "node")
            lines.append(f"  a colouring with {colours} ({bound['by']}) after {nodes}")
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        document = coloring_document(self.status, self.graph, self.upper or 0, self.colors, self.chromatic, self.stats)
        document.update(
            lower=self.lower, at_least=self.at_least, proof=self.proof, bounds=self.bounds, **self.ran_keys()
        )
        return document
