"""Graph colouring (002 Q2): colour the vertices with k colours so that no edge joins
two vertices of one colour, by backtracking, or prove it impossible; the chromatic number.

Method `textbook` (both engines, identical counters): vertices in order, colours in order, each
colour checked against the neighbours already coloured. Method `dsatur` (numba): the vertex whose
neighbours show the most colours first; with branch and bound it gives the chromatic number, as
does method `sat` (a SAT solver asked for one colour fewer each time; the extra essais[sat]).

Examples
--------
>>> from essais.coloring import is_coloring
>>> graph = named_graph("petersen")
>>> result = color_graph(graph, 3, engine="python")
>>> str(result.status), is_coloring(graph, result.colors, 3)
('found', True)
>>> chromatic_number("mycielski:4").chromatic
4
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from essais.coloring.chromatic import prove_chromatic
from essais.coloring.graph import (
    Graph,
    edge_cliques,
    greedy_clique,
    load_graph,
    named_graph,  # noqa: F401 (the doctest's)
)
from essais.coloring.model import METHODS, ChromaticResult, ColoringResult, ColoringSearch
from essais.coloring.textbook import TextbookColoring
from essais.core.engine import loading_compiled, run_search
from essais.core.errors import InvalidInput
from essais.core.limits import Limits, SearchControl, limits_from

if TYPE_CHECKING:
    from essais.coloring.compiled import CompiledDsatur


def _as_graph(graph: Graph | str, limits: Limits | None) -> Graph:
    """A graph, or the name of a built-in graph or a graph file."""
    if isinstance(graph, str):
        return load_graph(graph, limits)
    if not isinstance(graph, Graph):
        raise InvalidInput(f"graph: {graph!r} is neither a Graph nor a graph's name or file")
    return graph


def color_graph(
    graph: Graph | str,
    k: int = 3,
    *,
    method: str | None = None,
    engine: str | None = None,
    limits: Limits | None = None,
    time_limit: float | None = None,
    node_limit: int | None = None,
    memory_limit: int | str | None = None,
) -> ColoringResult:
    """A colouring with k colours, or the proof that none exists (status none). `graph` is a
    Graph, a built-in graph's name (petersen, queen:8…) or a DIMACS or edge-list file."""
    limits = limits_from(limits, time_limit, node_limit, memory_limit)
    graph = _as_graph(graph, limits)
    if not isinstance(k, int) or isinstance(k, bool) or k < 1:
        raise InvalidInput(f"k: {k!r} must be a positive number of colours")
    method, engine = METHODS.resolve(method, engine)
    # More colours than vertices change nothing (first fit never needs them), and the compiled
    # engines' integers could not hold them: search with at most one colour a vertex.
    searched = min(k, max(graph.n, 1))
    if method == "dsatur":
        return replace(_dsatur_coloring(graph, searched, limits), k=k).ran(method, engine)

    def build(control: SearchControl) -> ColoringSearch:
        if engine == "numba":
            with loading_compiled("coloring"):
                from essais.coloring.compiled import CompiledColoring

            return CompiledColoring(graph, searched, control)
        return TextbookColoring(graph, searched, control)

    run = run_search(limits, build, lambda search: search.solve())
    status = run.status
    return ColoringResult(status, graph, k, run.value, run.stats, method, engine)


def _dsatur_coloring(graph: Graph, k: int, limits: Limits | None) -> ColoringResult:
    with loading_compiled("coloring"):
        from essais.coloring.compiled import CompiledDsatur

    clique: list[int] = []

    def build(control: SearchControl) -> CompiledDsatur:
        clique.extend(greedy_clique(graph))  # (set-up: under the limits, for a large dense graph takes long)
        fits = clique if len(clique) <= k else []  # (more than k: no colouring, nothing to search)
        return CompiledDsatur(graph, k + 1, control, fits, edge_cliques(graph))  # fewer than k + 1 colours

    def search(engine: CompiledDsatur) -> list[int] | None:
        if len(clique) > k:  # k colours cannot colour a clique of more than k vertices
            return None
        return engine.improve() if graph.n else []

    run = run_search(limits, build, search)
    status = run.status
    return ColoringResult(status, graph, k, run.value, run.stats)


def chromatic_number(
    graph: Graph | str,
    *,
    method: str | None = None,
    limits: Limits | None = None,
    time_limit: float | None = None,
    node_limit: int | None = None,
    memory_limit: int | str | None = None,
    tabu_moves: int = 100_000,
) -> ChromaticResult:
    """The chromatic number, proved.

    Both methods start alike: a large clique gives the lower bound, DSATUR's first colouring
    the first upper bound, and a tabu search (at most `tabu_moves` moves a try; seeded, so
    reproducible) looks for colourings with one colour fewer at a time: it proves nothing,
    but a good upper bound shortens the proof. The proof is then

    - ``"dsatur"``: DSATUR's branch and bound, each colouring found lowering the upper bound,
      until the bounds meet or no colouring with fewer colours is left;
    - ``"sat"`` (the extra essais[sat]): "can k colours do?" asked of a SAT solver for one
      colour fewer each time, until it says no (coloring.sat: the colours' symmetry broken by
      value precedence from the clique, the cliques of k vertices holding every colour);
    - ``"cover"``, where the vertices split into cliques of the clique's size ω: a cover of the
      vertices by ω stable sets (coloring.stable_cover), a colouring that meets the clique or
      the proof that none does (up to 20 million nodes), then the default's proof.

    Parameters
    ----------
    graph : Graph or str
        A graph, a built-in graph's name ("queen:8", "mycielski:5"…) or a graph file.
    method : str, optional
        "cover" where the vertices split into cliques of the clique's size, else "sat" when
        PySAT is installed, else "dsatur" (BENCHMARKS.md: SAT proves the graphs where DSATUR's
        search stalls, and is as quick elsewhere; the cover proves the queen graphs quicker).
    time_limit, node_limit, memory_limit : optional
        The limits; method sat takes no node limit (its solver counts no nodes of ours).

    Returns
    -------
    ChromaticResult
        `chromatic` (None when a limit stopped the proof), `lower` (the clique's size),
        `colors` (the best colouring), `bounds` (each colouring found: colours, by, nodes,
        seconds) and `proof` (what closed it: "clique", "cover", "dsatur" or "sat").
    """
    limits = limits_from(limits, time_limit, node_limit, memory_limit)
    return prove_chromatic(_as_graph(graph, limits), method, limits, tabu_moves)
