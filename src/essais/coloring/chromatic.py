"""The chromatic number of a graph, proved (essais.coloring.api.chromatic_number): a clique for
the lower bound, DSATUR's first colouring and tabu searches for the upper bounds; for a graph
whose vertices split into cliques of the clique's size, a cover by stable sets
(coloring.stable_cover: a colouring that meets the clique, or the proof that none does); then
DSATUR's branch and bound or a SAT solver for the proof that one colour fewer cannot do."""

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
    """The chromatic number of `graph` proved by `method` (dsatur, sat, cover; None: cover
    where the vertices split into cliques of the clique's size, else sat where PySAT is
    installed and no node limit is set, else dsatur), under `limits`."""
    asked = _chromatic_method(method, limits) if method is not None else None
    method = asked if asked in ("dsatur", "sat") else _chromatic_method(None, limits)  # (the proof's)
    with loading_compiled("coloring"):
        from essais.coloring.compiled import CompiledDsatur

    bounds = _Bounds(lower=0, best=[] if graph.n == 0 else None)

    def build(control: SearchControl) -> CompiledDsatur:
        cliques = edge_cliques(graph)  # (set-up: under the limits, for a large dense graph takes long)
        bounds.clique = max([greedy_clique(graph), *cliques], key=len)
        bounds.lower = bounds.floor = len(bounds.clique)
        bounds.cliques = cliques
        return CompiledDsatur(graph, graph.n + 1, control, bounds.clique, cliques)

    def prove(search: CompiledDsatur) -> None:
        _first_bounds(graph, search, bounds, tabu_moves)
        if asked in (None, "cover"):
            _cover_by_stable_sets(graph, search, bounds)
        (_prove_by_sat if method == "sat" else _prove_by_dsatur)(graph, search, bounds)

    run = run_search(limits, build, prove)
    chromatic = None if run.stopped else len(set(bounds.best or []))
    sat = bounds.sat_stats
    cover = bounds.cover_stats
    stats = run.stats + Stats(cover.nodes, cover.tries, cover.backtracks)  # (the time is the run's)
    stats = stats + Stats(sat.nodes, sat.tries, sat.backtracks) if sat else stats
    at_least = chromatic if chromatic is not None else bounds.floor
    return ChromaticResult(status=run.stopped or Status.FOUND, graph=graph, chromatic=chromatic, lower=bounds.lower,
                           at_least=at_least, colors=bounds.best, bounds=bounds.found, stats=stats,
                           method=bounds.method or method, engine="numba",
                           proof=None if run.stopped else bounds.proof)  # fmt: skip


CHROMATIC_METHODS = ("dsatur", "sat", "cover")


def _chromatic_method(method: str | None, limits: Limits | None) -> str:
    """The method asked for, checked; None: sat where PySAT is installed and no node limit is
    set, else dsatur (the proof that follows the cover by stable sets, too)."""
    node_limit = limits.nodes if limits is not None else None
    if method is None:
        return "sat" if sat_solver_available() and node_limit is None else "dsatur"
    if method not in CHROMATIC_METHODS:
        raise InvalidInput(f"method: {method!r} does not prove a chromatic number; choose dsatur, sat or cover")
    if method == "sat" and node_limit is not None:
        raise InvalidInput("node limit: method sat takes a time limit, not a node limit")
    return method


@dataclass
class _Bounds:
    """What a proof of the chromatic number has so far: the lower bound (a clique's size), the
    best colouring, and each upper bound as found (colours, by, nodes, seconds)."""

    lower: int
    best: list[int] | None
    floor: int = 0  # the fewest colours not proved too few: the clique's size, or one more (cover)
    found: list[dict[str, Any]] = field(default_factory=list)
    clique: list[int] = field(default_factory=list)
    cliques: list[list[int]] = field(default_factory=list)  # a cover of the edges by cliques (graph.edge_cliques)
    proof: str = "clique"  # what closed the proof: the clique met, or an exhausted search (cover, dsatur, sat)
    sat_stats: Stats | None = None
    method: str | None = None  # "cover" once the cover by stable sets ran (the default's choice)
    cover_stats: Stats = field(default_factory=lambda: Stats(0, 0, 0, 0.0))  # the cover by stable sets

    def record(self, colors: list[int], method: str, search: CompiledDsatur) -> None:
        self.best = colors
        search.lower_best(len(set(colors)))
        other_nodes = (self.sat_stats.nodes if self.sat_stats else 0) + self.cover_stats.nodes  # (not DSATUR's)
        self.found.append(
            {
                "colors": len(set(colors)),
                "by": method,
                "nodes": search.stats().nodes + other_nodes,
                "seconds": search.control.elapsed(),
            }
        )

    def add_cover_stats(self, stats: Stats) -> None:
        self.cover_stats = self.cover_stats + stats

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


COVER_NODES = 20_000_000  # the cover by stable sets tried up to this many nodes, then the method's proof


def _cover_by_stable_sets(graph: Graph, search: CompiledDsatur, bounds: _Bounds) -> None:
    """Where the vertices split into cliques of the lower bound's size, the cover by stable sets
    (coloring.stable_cover): on a board, first a cover that a symmetry of the board keeps
    (stable_cover.symmetric_cover), then any cover (up to COVER_NODES): a colouring that meets the
    bound, or the proof that there is none (the bound goes one up); the result then names
    method cover."""
    best, colours = bounds.best_count, bounds.lower
    if best is None or best <= colours:
        return
    with loading_compiled("coloring"):
        from essais.coloring.stable_cover import (
            StableCover,
            board_symmetries,
            clique_split,
            every_edge_in_a_clique,
            stable_sets,
            symmetric_cover,
        )

    cliques = every_edge_in_a_clique(graph, bounds.cliques)
    split = clique_split(graph, cliques, colours, search.control)
    members = stable_sets(graph, split, cliques, search.control) if split else None
    if members is None:
        return
    bounds.method = "cover"
    symmetries = board_symmetries(graph)
    if symmetries:  # a cover that a symmetry of the board keeps, if one comes soon
        found = symmetric_cover(graph, members, symmetries, search.control, bounds.add_cover_stats)
        if isinstance(found, list):
            bounds.record(found, "cover", search)
            return
    cover = StableCover(graph, members, cliques, colours, search.control)
    try:
        found = cover.colouring(COVER_NODES)
    finally:
        bounds.cover_stats = bounds.cover_stats + cover.stats()
    if found is None:
        bounds.floor, bounds.proof = colours + 1, "cover"  # no stable sets cover the vertices: χ > ω
    elif isinstance(found, list):
        bounds.record(found, "cover", search)


def _prove_by_dsatur(graph: Graph, search: CompiledDsatur, bounds: _Bounds) -> None:
    """DSATUR's branch and bound until the bounds meet or no better colouring is left."""
    while bounds.best_count is None or bounds.best_count > bounds.floor:
        colors = search.improve()
        if colors is None:
            bounds.proof = "dsatur"  # no colouring with fewer colours: the best is optimal
            return
        bounds.record(colors, "dsatur", search)


def _prove_by_sat(graph: Graph, search: CompiledDsatur, bounds: _Bounds) -> None:
    """The SAT solver asked about the fewest colours not yet proved too few while the best
    colouring has two or more above them (each "no" raises the lower bound, which a run stopped
    by a limit reports: proving fewer colours too few is far quicker than the last step, χ - 1),
    then about one colour fewer than the best, until the bounds meet."""
    best = bounds.best_count
    if best is None or best <= bounds.floor:
        return
    formula = SatColouring(graph, best - 1, bounds.clique, bounds.cliques, search.control)
    try:
        while best > bounds.floor:
            upward = best - bounds.floor >= 2
            k = bounds.floor if upward else best - 1
            colors = formula.colouring(k, fewer_next=not upward)
            bounds.sat_stats = formula.stats()
            if colors is None:
                bounds.floor, bounds.proof = k + 1, "sat"
            else:
                bounds.record(colors, "sat", search)
                best = len(set(colors))
    finally:
        bounds.sat_stats = formula.stats()
        formula.close()
