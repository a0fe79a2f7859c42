"""`essais color`: graph colouring (002 Q2, SPEC §2.6)."""

from __future__ import annotations

from typing import Annotated

import typer

from essais.cli.common import (
    Dpi,
    Engine,
    JsonFlag,
    MemoryLimit,
    NodeLimit,
    Pictures,
    PngFile,
    SvgFile,
    TimeLimit,
    command,
    console,
    finish,
    make_limits,
    plural,
    print_json,
)
from essais.coloring import Graph, chromatic_number, color_graph, load_graph
from essais.core.limits import Limits
from essais.core.result import Status
from essais.render.text import stats_line

EXAMPLES = [
    ("essais color petersen", "a colouring with 3 colours (002 Q2)"),
    ("essais color tests/data/graphs/myciel3.col", "none with 3: it needs 4 (exit 1)"),
    ("essais color queen:8 --chromatic", "9, proved (DSATUR branch and bound after a tabu search)"),
]


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
    k: Annotated[int, typer.Option("-k", help="The number of colours.", metavar="K")] = 3,
    method: Annotated[
        str,
        typer.Option(
            help="textbook (002 Q2: vertices and colours in order) or dsatur (most saturated first; numba).",
            metavar="METHOD",
        ),
    ] = "textbook",
    chromatic: Annotated[
        bool, typer.Option("--chromatic", help="The chromatic number, proved (DSATUR branch and bound).")
    ] = False,
    engine: Engine = "numba",
    time_limit: TimeLimit = None,
    node_limit: NodeLimit = None,
    memory_limit: MemoryLimit = None,
    svg: SvgFile = None,
    png: PngFile = None,
    dpi: Dpi = None,
    as_json: JsonFlag = False,
) -> None:
    """Colour a graph's vertices with k colours, no edge joining two of one colour, or prove it impossible."""
    pictures = Pictures.make(svg, png, dpi)
    limits = make_limits(time_limit, node_limit, memory_limit)
    graph = load_graph(graph_spec, limits)
    if chromatic:
        _chromatic(graph, graph_spec, limits, pictures, as_json)
    result = color_graph(graph, k, method=method, engine=engine, limits=limits)
    pictures.write(result)
    if as_json:
        print_json(result.to_dict())
        finish(result.status)
    where = _describe(graph_spec, graph)
    if result.colors is not None:
        console.print(f"{where}: a colouring with {plural(k, 'colour')}")
        for colour in range(min(k, graph.n)):  # (more colours than vertices: the others are empty)
            members = [graph.names[v] for v in range(graph.n) if result.colors[v] == colour]
            console.print(f"  colour {colour}: {' '.join(members)}")
    elif result.status == Status.NONE:
        console.print(f"{where}: no colouring with {plural(k, 'colour')} (the search is complete)")
    else:
        console.print(f"{where}: stopped ({result.status}) before a colouring with {plural(k, 'colour')} was found")
    console.print(stats_line(result.stats))
    finish(result.status)


def _chromatic(graph: Graph, spec: str, limits: Limits, pictures: Pictures, as_json: bool) -> None:
    result = chromatic_number(graph, limits=limits)
    pictures.write(result)
    if as_json:
        print_json(result.to_dict())
        finish(result.status)
    where = _describe(spec, graph)
    for bound in result.bounds:
        colours, nodes = plural(bound["colors"], "colour"), plural(bound["nodes"], "node")
        console.print(f"  a colouring with {colours} ({bound['by']}) after {nodes}")
    if result.chromatic is not None:
        clique = plural(result.lower, "vertex", "vertices")
        console.print(f"{where}: chromatic number {result.chromatic} (a clique of {clique}; proved)")
    elif result.upper is None:
        console.print(f"{where}: stopped ({result.status}) before any colouring was found; the chromatic number is at"
                      f" least {max(result.lower, 1 if result.graph.n else 0)}")  # fmt: skip
    else:
        console.print(
            f"{where}: stopped ({result.status}); the chromatic number is between {result.lower} and {result.upper}"
        )
    console.print(stats_line(result.stats))
    finish(result.status)


def _describe(spec: str, graph: Graph) -> str:
    return f"{spec} ({plural(graph.n, 'vertex', 'vertices')}, {plural(graph.edges, 'edge')})"
