"""`essais color`: graph colouring (002 Q2, SPEC §2.6)."""

from __future__ import annotations

from typing import Annotated

import typer

from essais.cli.common import JsonFlag, NodeLimit, TimeLimit, command, console, finish, make_limits, print_json
from essais.coloring import Graph, chromatic_number, color_graph, load_graph
from essais.core.limits import Limits
from essais.core.result import Status
from essais.render.text import stats_line


@command
def color(
    graph_spec: Annotated[
        str,
        typer.Argument(
            help="A DIMACS .col file, an edge list (one 'u v' a line), or petersen, complete:N, cycle:N, "
            "queen:N, mycielski:K.",
            metavar="GRAPH",
        ),
    ],
    k: Annotated[int, typer.Option("-k", help="The number of colours.")] = 3,
    method: Annotated[
        str, typer.Option(help="textbook (002 Q2: vertices and colours in order) or dsatur (most saturated first).")
    ] = "textbook",
    chromatic: Annotated[
        bool, typer.Option("--chromatic", help="The chromatic number, proved (DSATUR branch and bound).")
    ] = False,
    engine: Annotated[str, typer.Option(help="python (the textbook code) or numba (compiled).")] = "numba",
    time_limit: TimeLimit = None,
    node_limit: NodeLimit = None,
    as_json: JsonFlag = False,
) -> None:
    """Colour a graph's vertices with k colours, no edge joining two of one colour, or prove it impossible."""
    graph = load_graph(graph_spec)
    if chromatic:
        _chromatic(graph, graph_spec, make_limits(time_limit, node_limit), as_json)
    result = color_graph(graph, k, method=method, engine=engine, limits=make_limits(time_limit, node_limit))
    if as_json:
        print_json(result.to_dict())
        finish(result.status)
    where = f"{graph_spec} ({graph.n} vertices, {graph.edges} edges)"
    if result.colors is not None:
        console.print(f"{where}: a colouring with {k} colours")
        for colour in range(k):
            members = [graph.names[v] for v in range(graph.n) if result.colors[v] == colour]
            console.print(f"  colour {colour}: {' '.join(members)}")
    elif result.status == Status.NONE:
        console.print(f"{where}: no colouring with {k} colours (the search is complete)")
    else:
        console.print(f"{where}: stopped ({result.status}) before a colouring with {k} colours was found")
    console.print(stats_line(result.stats))
    finish(result.status)


def _chromatic(graph: Graph, spec: str, limits: Limits, as_json: bool) -> None:
    result = chromatic_number(graph, limits=limits)
    if as_json:
        print_json(result.to_dict())
        finish(result.status)
    where = f"{spec} ({graph.n} vertices, {graph.edges} edges)"
    for bound in result.bounds:
        console.print(f"  a colouring with {bound['colors']} colours ({bound['by']}) after {bound['nodes']:,} nodes")
    if result.chromatic is not None:
        console.print(f"{where}: chromatic number {result.chromatic} (a clique of {result.lower} vertices; proved)")
    else:
        console.print(
            f"{where}: stopped ({result.status}); the chromatic number is between {result.lower} and {result.upper}"
        )
    console.print(stats_line(result.stats))
    finish(result.status)
