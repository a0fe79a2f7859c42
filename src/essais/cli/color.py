"""`essais color`: graph colouring (002 Q2)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from essais.cli.common import command, finish, refuse_unused
from essais.cli.options import (
    AnimateLimit,
    Dpi,
    Engine,
    JsonFlag,
    MemoryLimit,
    NodeLimit,
    PngFile,
    SvgFile,
    TimeLimit,
    TreeFile,
    make_limits,
)
from essais.cli.output import Pictures, check_folder, print_json, watched, write_replay, write_tree
from essais.cli.terminal import console
from essais.coloring import Graph, chromatic_number, color_graph, load_graph, watch_coloring
from essais.core.limits import Limits
from essais.core.recording import DEFAULT_EVENTS
from essais.draw.player import Replay

EXAMPLES = [
    ("essais color petersen", "a colouring with 3 colours (002 Q2)"),
    ("essais color tests/data/graphs/myciel3.col", "none with 3: it needs 4 (exit 1)"),
    ("essais color queen:8 --chromatic", "9, proved (a SAT solver after DSATUR and a tabu search)"),
    ("essais color queen:8x12 --chromatic", "12: DIMACS's queen8_12, a rectangular board"),
    ("essais color queen:5 -k 5 --animate colour.html", "watch 002's colouring in a browser"),
]


@command
def color(
    graph_spec: Annotated[
        str,
        typer.Argument(
            help="A DIMACS .col file, an edge list (one 'u v' a line), or petersen, complete:N, cycle:N, "
            "queen:N, queen:RxC, mycielski:K.",
            metavar="GRAPH",
        ),
    ],
    k: Annotated[int, typer.Option("-k", help="The number of colours.", metavar="K")] = 3,
    method: Annotated[
        str | None,
        typer.Option(
            help="With -k: textbook (002 Q2: vertices and colours in order; the default) or dsatur (most saturated "
            "first; numba). With --chromatic: cover (stable sets covering the vertices; the default where they "
            "split into cliques of the clique's size), sat (a SAT solver on every core; the default elsewhere "
            "when essais[sat] is installed) or dsatur (branch and bound).",
            metavar="METHOD",
        ),
    ] = None,
    chromatic: Annotated[
        bool,
        typer.Option("--chromatic", help="The chromatic number, proved (a SAT solver, or DSATUR's branch and bound)."),
    ] = False,
    engine: Engine = "numba",
    time_limit: TimeLimit = None,
    node_limit: NodeLimit = None,
    memory_limit: MemoryLimit = None,
    svg: SvgFile = None,
    tree: TreeFile = None,
    animate: Annotated[
        Path | None,
        typer.Option(
            help="Write FILE.html, a page that replays 002's search vertex by vertex (method textbook; runs the "
            "python engine).",
            metavar="FILE",
        ),
    ] = None,
    animate_limit: AnimateLimit = None,
    png: PngFile = None,
    dpi: Dpi = None,
    as_json: JsonFlag = False,
) -> None:
    """Colour a graph's vertices with k colours, no edge joining two of one colour, or prove it impossible."""
    pictures = Pictures.make(svg, png, dpi)
    refuse_unused(tree=(tree, not chromatic), animate=(animate, not chromatic),
                  animate_limit=(animate_limit, animate is not None))  # fmt: skip
    check_folder("--tree", tree)
    check_folder("--animate", animate)
    if tree is not None:
        engine = "python"  # the engine that records the tree
    limits = make_limits(time_limit, node_limit, memory_limit)
    graph = load_graph(graph_spec, limits)
    if chromatic:
        _chromatic(graph, method, limits, pictures, as_json)
    method = method or "textbook"
    title = f"the search tree of a colouring of {graph.describe()} with {k} colours ({method})"
    if animate is not None:
        events = DEFAULT_EVENTS if animate_limit is None else animate_limit

        def watch() -> Replay:
            return watch_coloring(graph, k, method=method, max_events=events, limits=limits)

        replay = watched(watch, tree, title)
        pictures.write(replay)
        write_replay(replay, animate, as_json)
    result = (write_tree(tree, lambda: color_graph(graph, k, method=method, engine=engine, limits=limits), title)
              if tree is not None else color_graph(graph, k, method=method, engine=engine, limits=limits))  # fmt: skip
    pictures.write(result)
    if as_json:
        print_json(result.to_dict())
        finish(result.status)
    console.print(result, markup=False)
    finish(result.status)


def _chromatic(graph: Graph, method: str | None, limits: Limits, pictures: Pictures, as_json: bool) -> None:
    result = chromatic_number(graph, method=method, limits=limits)
    pictures.write(result)
    if as_json:
        print_json(result.to_dict())
        finish(result.status)
    console.print(result, markup=False)
    finish(result.status)
