"""Pictures of boards as SVG, with the standard library's XML tools (no dependency, and the
output is well-formed by construction): a chequered board, numbers or marks in its squares, and
a path through the centres of its squares. Results draw themselves with it (`to_svg()`).

Boards: numbers and marks up to MAX_LABELLED squares a side, a path alone up to MAX_DRAWN.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ElementTree
from collections.abc import Mapping, Sequence
from typing import Any

from essais.core.errors import InvalidInput

MAX_LABELLED = 50  # a side with numbers or marks in its squares
MAX_DRAWN = 1000  # a side of a board drawn at all (the path alone beyond MAX_LABELLED)
LIGHT, DARK = "#f0d9b5", "#b58863"  # the squares' colours
PATH, START, END = "#1f4e9c", "#2e8b57", "#c0392b"


def board_svg(
    rows: int,
    cols: int,
    *,
    numbers: Sequence[Sequence[int]] | None = None,
    marks: Mapping[tuple[int, int], str] | None = None,
    path: Sequence[Sequence[int]] | Any = None,
    closed: bool = False,
    title: str = "",
) -> str:
    """The board as an SVG document: squares (row 0 at the top), `numbers` (0: none) or `marks`
    in them, and `path` (squares in order) as a line through their centres, its first square
    circled in green and its last in red (a closed path returns to its first square)."""
    side = max(rows, cols)
    if side > MAX_DRAWN:
        raise InvalidInput(f"svg: a {rows}x{cols} board is too large to draw (at most {MAX_DRAWN} squares a side)")
    if side > MAX_LABELLED and (numbers is not None or marks):
        numbers, marks = None, None  # too small to read: the squares and the path alone
    cell = max(2, min(48, 1200 // side))
    svg = ElementTree.Element(
        "svg", xmlns="http://www.w3.org/2000/svg", width=str(cols * cell), height=str(rows * cell),
        viewBox=f"0 0 {cols * cell} {rows * cell}",
    )  # fmt: skip
    if title:
        ElementTree.SubElement(svg, "title").text = title
    squares = ElementTree.SubElement(svg, "g", {"class": "squares"})
    for row in range(rows):
        for col in range(cols):
            ElementTree.SubElement(
                squares, "rect", x=str(col * cell), y=str(row * cell), width=str(cell), height=str(cell),
                fill=LIGHT if (row + col) % 2 == 0 else DARK,
            )  # fmt: skip
    if path is not None and len(path) > 1:
        _path(svg, path, closed, cell)
    numbered = {(r, c): str(v) for r, line in enumerate(numbers or []) for c, v in enumerate(line) if v}
    if numbered:
        discs = ElementTree.SubElement(svg, "g", {"class": "discs", "fill": "white", "fill-opacity": "0.85"})
        for row, col in numbered:  # a disc under each number, so that the path does not cross it
            cx, cy = col * cell + cell / 2, row * cell + cell / 2
            ElementTree.SubElement(discs, "circle", cx=f"{cx:g}", cy=f"{cy:g}", r=f"{cell * 0.3:g}")
        _labels(svg, numbered, cell, "numbers", 0.36)
    if marks:
        _labels(svg, marks, cell, "marks", 0.75)
    return ElementTree.tostring(svg, encoding="unicode")


def _labels(svg: ElementTree.Element, labels: Mapping[tuple[int, int], str], cell: int, kind: str, size: float) -> None:
    """Text centred in squares, `size` times the square's side."""
    group = ElementTree.SubElement(
        svg, "g", {"class": kind, "font-family": "sans-serif", "font-size": f"{cell * size:g}",
                   "text-anchor": "middle", "dominant-baseline": "central"},
    )  # fmt: skip
    for (row, col), label in sorted(labels.items()):
        x, y = col * cell + cell / 2, row * cell + cell / 2
        ElementTree.SubElement(group, "text", x=f"{x:g}", y=f"{y:g}").text = label


def _path(svg: ElementTree.Element, path: Any, closed: bool, cell: int) -> None:
    def centre(square: Sequence[int]) -> str:
        return f"{int(square[1]) * cell + cell / 2:g},{int(square[0]) * cell + cell / 2:g}"

    points = [centre(square) for square in path]
    if closed:
        points.append(points[0])
    ElementTree.SubElement(
        svg, "polyline", {"class": "path", "points": " ".join(points), "fill": "none", "stroke": PATH,
                          "stroke-width": str(max(0.5, cell / 20)), "stroke-opacity": "0.6"},
    )  # fmt: skip
    for square, colour, kind in ((path[0], START, "start"), (path[-1], END, "end")):
        x, y = centre(square).split(",")
        ElementTree.SubElement(
            svg, "circle", {"class": kind, "cx": x, "cy": y, "r": str(max(1.0, cell * 0.4)), "fill": "none",
                            "stroke": colour, "stroke-width": str(max(1.0, cell / 12))},
        )  # fmt: skip


GIVEN, FILLED = "#000000", "#1f4e9c"  # a Sudoku's givens, and the values a solver filled in
PALETTE = ("#e6194b", "#3cb44b", "#4363d8", "#f58231", "#911eb4", "#42d4f4", "#f032e6", "#bfef45",
           "#fabed4", "#469990", "#dcbeff", "#9a6324", "#fffac8", "#800000", "#aaffc3", "#808000")  # fmt: skip
MAX_VERTICES = 200  # a graph with more vertices is refused: the picture would be a blot


def grid_svg(box: int, symbols: Sequence[str], given: Sequence[bool], title: str = "") -> str:
    """A Sudoku grid of box size `box`: its n² cells with their symbols (given ones in black,
    filled ones in blue), thin lines between cells and thick ones between boxes."""
    n = box * box
    cell = max(12, min(40, 720 // n))
    size = n * cell
    svg = ElementTree.Element("svg", xmlns="http://www.w3.org/2000/svg", width=str(size), height=str(size),
                              viewBox=f"0 0 {size} {size}")  # fmt: skip
    if title:
        ElementTree.SubElement(svg, "title").text = title
    ElementTree.SubElement(svg, "rect", x="0", y="0", width=str(size), height=str(size), fill="white")
    lines = ElementTree.SubElement(svg, "g", {"class": "lines", "stroke": "#333"})
    for k in range(n + 1):
        width = "3" if k % box == 0 else "0.7"
        at = str(k * cell)
        for x1, y1, x2, y2 in ((at, "0", at, str(size)), ("0", at, str(size), at)):
            ElementTree.SubElement(lines, "line", {"x1": x1, "y1": y1, "x2": x2, "y2": y2, "stroke-width": width})
    for kind, colour, weight in (("given", GIVEN, "bold"), ("filled", FILLED, "normal")):
        group = ElementTree.SubElement(
            svg, "g", {"class": kind, "fill": colour, "font-weight": weight, "font-family": "sans-serif",
                       "font-size": f"{cell * 0.6:g}", "text-anchor": "middle", "dominant-baseline": "central"},
        )  # fmt: skip
        for index, symbol in enumerate(symbols):
            if symbol and given[index] == (kind == "given"):
                x, y = (index % n) * cell + cell / 2, (index // n) * cell + cell / 2
                ElementTree.SubElement(group, "text", x=f"{x:g}", y=f"{y:g}").text = symbol
    return ElementTree.tostring(svg, encoding="unicode")


def graph_svg(names: Sequence[str], edges: Sequence[tuple[int, int]], colors: Sequence[int], title: str = "") -> str:
    """A coloured graph: its vertices on a circle, each filled with its colour and named."""
    count = len(names)
    if count > MAX_VERTICES:
        raise InvalidInput(f"svg: a graph of {count} vertices is too large to draw (at most {MAX_VERTICES})")
    size, radius = 640, 280 if count > 1 else 0
    position = [
        (size / 2 + radius * math.cos(2 * math.pi * v / max(count, 1) - math.pi / 2),
         size / 2 + radius * math.sin(2 * math.pi * v / max(count, 1) - math.pi / 2))
        for v in range(count)
    ]  # fmt: skip
    svg = ElementTree.Element("svg", xmlns="http://www.w3.org/2000/svg", width=str(size), height=str(size),
                              viewBox=f"0 0 {size} {size}")  # fmt: skip
    if title:
        ElementTree.SubElement(svg, "title").text = title
    lines = ElementTree.SubElement(svg, "g", {"class": "edges", "stroke": "#777", "stroke-width": "1"})
    for a, b in edges:
        ElementTree.SubElement(lines, "line", x1=f"{position[a][0]:.1f}", y1=f"{position[a][1]:.1f}",
                               x2=f"{position[b][0]:.1f}", y2=f"{position[b][1]:.1f}")  # fmt: skip
    dot = max(4.0, min(18.0, 900 / max(count, 1)))
    vertices = ElementTree.SubElement(svg, "g", {"class": "vertices", "stroke": "#222"})
    labels = ElementTree.SubElement(svg, "g", {"class": "names", "font-family": "sans-serif",
                                               "font-size": f"{dot * 0.8:g}", "text-anchor": "middle",
                                               "dominant-baseline": "central"})  # fmt: skip
    for v, (x, y) in enumerate(position):
        ElementTree.SubElement(vertices, "circle", cx=f"{x:.1f}", cy=f"{y:.1f}", r=f"{dot:g}",
                               fill=PALETTE[colors[v] % len(PALETTE)])  # fmt: skip
        ElementTree.SubElement(labels, "text", x=f"{x:.1f}", y=f"{y:.1f}").text = names[v]
    return ElementTree.tostring(svg, encoding="unicode")
