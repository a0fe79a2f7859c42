"""Pictures of boards as SVG, with the standard library's XML tools (no dependency, and the
output is well-formed by construction): a chequered board, numbers or marks in its squares, and
a path through the centres of its squares. Results draw themselves with it (`to_svg()`).

Boards: numbers and marks up to MAX_LABELLED squares a side, a path alone up to MAX_DRAWN.
"""

from __future__ import annotations

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
