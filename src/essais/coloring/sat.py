"""Method sat of the chromatic number: "can k colours do?" as a Boolean formula for a CDCL SAT
solver (PySAT, the extra essais[sat]), asked about a number of colours at a time
(coloring.chromatic says which) until the bounds meet.

The formula, for colourings with at most `most` colours:

- x(v, c), vertex v has colour c: each vertex has one colour at least and at most; no edge
  joins two vertices of one colour;
- the colours' symmetry broken by value precedence: along a vertex order that begins with a
  large clique, colour c may appear only after colour c − 1 has (m(i, c): colour c is used by
  one of the first i + 1 vertices). Any colouring can be renamed so, and the clique's vertices
  then take colours 0, 1, 2… in order. "At most k colours" is then one assumption, not
  m(last, k);
- for k colours, every clique of exactly k vertices holds each colour once (implied, but it
  lets the solver see at once what a colour still needs). Added for the call for k, they stay
  for the calls for fewer colours, where they still hold: fewer than k colours cannot colour a
  clique of k vertices at all (guarding them with a literal to assume made the solver four
  times slower on queen:11). A call after which more colours will be asked for adds none.

The solver keeps what it learnt from one k to the next."""

from __future__ import annotations

from essais.coloring.graph import Graph
from essais.core.limits import SearchControl
from essais.core.result import Stats
from essais.core.sat import SatPortfolio, check_formula_memory


class SatColouring:
    """The formula for colourings of `graph` with at most `most` colours, solved by a portfolio
    of solvers on `workers` cores (core.sat); `colouring(k)` gives one with at most k colours
    (k ≤ most), or None."""

    def __init__(
        self,
        graph: Graph,
        most: int,
        clique: list[int],
        cliques: list[list[int]],
        control: SearchControl,
        workers: int | None = None,
    ) -> None:
        self.graph, self.most, self.cliques = graph, most, cliques
        in_clique = set(clique)
        others = sorted((v for v in range(graph.n) if v not in in_clique), key=lambda v: -len(graph.neighbours[v]))
        self.order = [*clique, *others]
        literals = graph.n * most * (most + 12) + 4 * graph.edges * most
        check_formula_memory(literals, f"graph {graph.name}", control, workers)
        self.solver = SatPortfolio(self._clauses(), control, workers)

    def colour(self, v: int, c: int) -> int:
        return v * self.most + c + 1

    def used(self, i: int, c: int) -> int:
        """Colour c is used by one of the first i + 1 vertices of the order."""
        return (self.graph.n + i) * self.most + c + 1

    def _clauses(self) -> list[list[int]]:
        graph, most, x, m = self.graph, self.most, self.colour, self.used
        clauses = [[x(v, c) for c in range(most)] for v in range(graph.n)]
        clauses += [[-x(v, a), -x(v, b)] for v in range(graph.n) for a in range(most) for b in range(a + 1, most)]
        clauses += [
            [-x(u, c), -x(v, c)] for u in range(graph.n) for v in graph.neighbours[u] if u < v for c in range(most)
        ]
        for i, v in enumerate(self.order):
            for c in range(most):
                clauses.append([-x(v, c), m(i, c)])
                if i == 0:
                    clauses.append([-m(0, c), x(v, c)])
                    if c > 0:
                        clauses.append([-x(v, c)])
                    continue
                clauses += [[-m(i - 1, c), m(i, c)], [-m(i, c), m(i - 1, c), x(v, c)]]
                if c > 0:  # value precedence: colour c only once colour c - 1 has appeared
                    clauses.append([-x(v, c), m(i - 1, c - 1)])
        return clauses

    def colouring(self, k: int, fewer_next: bool = True) -> list[int] | None:
        """A colouring with at most k colours, or None when there is none. `fewer_next`: every
        later call asks for fewer colours (the cliques of k vertices are then added, see above)."""
        cliques = self.cliques if fewer_next else []
        added = [[self.colour(v, c) for v in clique] for clique in cliques if len(clique) == k for c in range(k)]
        fewer = [-self.used(self.graph.n - 1, k)] if k < self.most else []
        true = self.solver.solve(fewer, added)
        if true is None:
            return None
        return [next(c for c in range(self.most) if self.colour(v, c) in true) for v in range(self.graph.n)]

    def stats(self) -> Stats:
        return self.solver.stats()

    def close(self) -> None:
        self.solver.close()
