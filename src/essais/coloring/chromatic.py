"""The chromatic number of a graph, proved (essais.coloring.api.chromatic_number): a clique for
the lower bound, DSATUR's first colouring and tabu searches for the upper bounds, then DSATUR's
branch and bound or a SAT solver for the proof that one colour fewer cannot do."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from essais.coloring.graph import Graph, edge_cliques, greedy_clique
from essais.coloring.model import ChromaticResult
from essais.coloring.sat import SatColouring
from essais.core.engine import loading_compiled, run_search
from essais.core.errors import InvalidInput
from essais.core.limits import Limits, SearchControl
from essais.core.result import Stats, Status
from essais.core.sat import sat_solver_available

if TYPE_CHECKING:
    from essais.coloring.compiled import CompiledDsatur


def prove_chromatic(graph: Graph, method: str | None, limits: Limits | None, tabu_moves: int) -> ChromaticResult:
    """The chromatic number of `graph` proved by `method` (dsatur, sat; None: sat where PySAT
    is installed and no node limit is set), under `limits`."""
    method = _chromatic_method(method, limits)
    with loading_compiled("coloring"):
        from essais.coloring.compiled import CompiledDsatur

    bounds = _Bounds(lower=0, best=[] if graph.n == 0 else None)

    def build(control: SearchControl) -> CompiledDsatur:
        cliques = edge_cliques(graph)  # (set-up: under the limits, for a large dense graph takes long)
        bounds.clique = max([greedy_clique(graph), *cliques], key=len)
        bounds.lower = len(bounds.clique)
        bounds.cliques = cliques
        return CompiledDsatur(graph, graph.n + 1, control, bounds.clique, cliques)

    def prove(search: CompiledDsatur) -> None:
        _first_bounds(graph, search, bounds, tabu_moves)
        (_prove_by_sat if method == "sat" else _prove_by_dsatur)(graph, search, bounds)

    run = run_search(limits, build, prove)
    chromatic = None if run.stopped else len(set(bounds.best or []))
    sat = bounds.sat_stats
    stats = run.stats + Stats(sat.nodes, sat.tries, sat.backtracks) if sat else run.stats  # (the time is the run's)
    return ChromaticResult(status=run.stopped or Status.FOUND, graph=graph, chromatic=chromatic, lower=bounds.lower,
                           colors=bounds.best, bounds=bounds.found, stats=stats, method=method, engine="numba",
                           proof=None if run.stopped else bounds.proof)  # fmt: skip


CHROMATIC_METHODS = ("dsatur", "sat")


def _chromatic_method(method: str | None, limits: Limits | None) -> str:
    node_limit = limits.nodes if limits is not None else None
    if method is None:
        return "sat" if sat_solver_available() and node_limit is None else "dsatur"
    if method not in CHROMATIC_METHODS:
        raise InvalidInput(f"method: {method!r} does not prove a chromatic number; choose dsatur or sat")
    if method == "sat" and node_limit is not None:
        raise InvalidInput("node limit: method sat takes a time limit, not a node limit")
    return method


@dataclass
class _Bounds:
    """What a proof of the chromatic number has so far: the lower bound (a clique's size), the
    best colouring, and each upper bound as found (colours, by, nodes, seconds)."""

    lower: int
    best: list[int] | None
    found: list[dict[str, Any]] = field(default_factory=list)
    clique: list[int] = field(default_factory=list)
    cliques: list[list[int]] = field(default_factory=list)  # a cover of the edges by cliques (graph.edge_cliques)
    proof: str = "clique"  # what closed the proof: the clique met, or an exhausted search (dsatur, sat)
    sat_stats: Stats | None = None

    def record(self, colors: list[int], method: str, search: CompiledDsatur) -> None:
        self.best = colors
        search.lower_best(len(set(colors)))
        sat_nodes = self.sat_stats.nodes if self.sat_stats else 0
        self.found.append(
            {
                "colors": len(set(colors)),
                "by": method,
                "nodes": search.stats().nodes + sat_nodes,
                "seconds": search.control.elapsed(),
            }
        )

    @property
    def best_count(self) -> int | None:
        return None if self.best is None else len(set(self.best))


def _first_bounds(graph: Graph, search: CompiledDsatur, bounds: _Bounds, tabu_moves: int) -> None:
    """DSATUR's first colouring, then tabu searches one colour below the best while they succeed."""
    with loading_compiled("coloring"):
        from essais.coloring.compiled import tabu_search

    first = search.improve() if graph.n else None
    if first is None:
        return
    bounds.record(first, "dsatur", search)
    while (best := bounds.best_count) is not None and best > max(bounds.lower, 1):
        fewer = tabu_search(graph, best - 1, tabu_moves, search.control)
        if fewer is None:
            break
        bounds.record(fewer, "tabu", search)


def _prove_by_dsatur(graph: Graph, search: CompiledDsatur, bounds: _Bounds) -> None:
    """DSATUR's branch and bound until the bounds meet or no better colouring is left."""
    while bounds.best_count is None or bounds.best_count > bounds.lower:
        colors = search.improve()
        if colors is None:
            bounds.proof = "dsatur"  # no colouring with fewer colours: the best is optimal
            return
        bounds.record(colors, "dsatur", search)


def _prove_by_sat(graph: Graph, search: CompiledDsatur, bounds: _Bounds) -> None:
    """The SAT solver asked for one colour fewer than the best each time, until it says no."""
    best = bounds.best_count
    if best is None or best <= bounds.lower:
        return
    formula = SatColouring(graph, best - 1, bounds.clique, bounds.cliques, search.control)
    try:
        while best > bounds.lower:
            colors = formula.colouring(best - 1)
            bounds.sat_stats = formula.stats()
            if colors is None:
                bounds.proof = "sat"
                return
            bounds.record(colors, "sat", search)
            best = len(set(colors))
    finally:
        bounds.sat_stats = formula.stats()
        formula.close()
