"""How a colouring is drawn when its graph is a board (queen:N, rook:N…): each square filled with
its vertex's colour."""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree
from collections.abc import Sequence

from essais.coloring.graph import Graph
from essais.core.errors import InvalidInput
from essais.draw.svg import MAX_LABELLED, PALETTE, graph_svg, ink


def coloured_board_svg(rows: int, cols: int, colors: Sequence[int], title: str = "") -> str:
    """A board whose square (r, c) is vertex r·cols + c of a graph (a queen graph), filled with
    the vertex's colour and marked with its number."""
    side = max(rows, cols)
    if side > MAX_LABELLED:
        raise InvalidInput(f"svg: a {rows}x{cols} board is too large to draw (at most {MAX_LABELLED} squares a side)")
    cell = max(12, min(56, 720 // side))
    svg = ElementTree.Element("svg", xmlns="http://www.w3.org/2000/svg", width=str(cols * cell),
                              height=str(rows * cell), viewBox=f"0 0 {cols * cell} {rows * cell}")  # fmt: skip
    if title:
        ElementTree.SubElement(svg, "title").text = title
    squares = ElementTree.SubElement(svg, "g", {"class": "squares", "stroke": "white", "stroke-width": "1"})
    labels = ElementTree.SubElement(
        svg, "g", {"class": "labels", "font-family": "sans-serif", "font-size": f"{cell * 0.4:g}",
                   "text-anchor": "middle", "dominant-baseline": "central"},
    )  # fmt: skip
    for index, colour in enumerate(colors):
        row, col = divmod(index, cols)
        ElementTree.SubElement(squares, "rect", x=str(col * cell), y=str(row * cell), width=str(cell),
                               height=str(cell), fill=PALETTE[colour % len(PALETTE)])  # fmt: skip
        x, y = col * cell + cell / 2, row * cell + cell / 2
        fill = ink(PALETTE[colour % len(PALETTE)])
        ElementTree.SubElement(labels, "text", x=f"{x:g}", y=f"{y:g}", fill=fill).text = str(colour)
    return ElementTree.tostring(svg, encoding="unicode")


def coloring_svg(graph: Graph, colors: Sequence[int] | None) -> str:
    if colors is None:
        raise InvalidInput("svg: there is no colouring to draw")
    title = f"a colouring with {len(set(colors))} colours"
    if graph.board is not None:  # a queen graph: on its board
        return coloured_board_svg(*graph.board, colors, title=title)
    edges = [(a, b) for a in range(graph.n) for b in graph.neighbours[a] if a < b]
    return graph_svg(graph.names, edges, colors, title=title)
