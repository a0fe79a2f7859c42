"""How a polyomino packing is drawn: each piece's cells in its colour, with its letter, and a
thick line where two pieces (or a piece and the board's edge) meet."""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree
from collections.abc import Sequence

from essais.core.errors import InvalidInput
from essais.draw.svg import MAX_LABELLED, PALETTE, ink

HOLE = "#ffffff"


def packing_svg(grid: Sequence[Sequence[str]], pieces: Sequence[str], title: str = "") -> str:
    """The board as `grid` gives it (a piece's letter a cell, '.' a hole), each piece in the
    colour of its place in `pieces`."""
    rows, cols = len(grid), len(grid[0]) if grid else 0
    if max(rows, cols) > MAX_LABELLED:
        raise InvalidInput(f"svg: a {rows}x{cols} board is too large to draw (at most {MAX_LABELLED} cells a side)")
    cell = max(12, min(48, 720 // max(rows, cols, 1)))
    width, height = cols * cell, rows * cell
    svg = ElementTree.Element("svg", xmlns="http://www.w3.org/2000/svg", width=str(width + 4),
                              height=str(height + 4), viewBox=f"-2 -2 {width + 4} {height + 4}")  # fmt: skip
    if title:
        ElementTree.SubElement(svg, "title").text = title
    color = {piece: PALETTE[index % len(PALETTE)] for index, piece in enumerate(pieces)}  # (Polyomino.colors)
    cells = ElementTree.SubElement(svg, "g", {"class": "cells"})
    labels = ElementTree.SubElement(svg, "g", {"class": "labels", "font-family": "sans-serif",
                                               "font-size": f"{cell * 0.45:g}", "text-anchor": "middle",
                                               "dominant-baseline": "central"})  # fmt: skip
    for r, line in enumerate(grid):
        for c, piece in enumerate(line):
            fill = color.get(piece, HOLE)
            ElementTree.SubElement(cells, "rect", x=str(c * cell), y=str(r * cell), width=str(cell),
                                   height=str(cell), fill=fill)  # fmt: skip
            if piece in color:
                ElementTree.SubElement(labels, "text", x=f"{c * cell + cell / 2:g}", y=f"{r * cell + cell / 2:g}",
                                       fill=ink(fill)).text = piece  # fmt: skip
    edges = ElementTree.SubElement(svg, "g", {"class": "edges", "stroke": "#222", "stroke-width": "3",
                                              "stroke-linecap": "round"})  # fmt: skip

    def at(r: int, c: int) -> str:
        return grid[r][c] if 0 <= r < rows and 0 <= c < cols else "."

    for r in range(rows + 1):  # a line between two cells of different pieces (or a cell and a hole)
        for c in range(cols):
            if at(r - 1, c) != at(r, c):
                ElementTree.SubElement(edges, "line", x1=str(c * cell), y1=str(r * cell), x2=str((c + 1) * cell),
                                       y2=str(r * cell))  # fmt: skip
    for c in range(cols + 1):
        for r in range(rows):
            if at(r, c - 1) != at(r, c):
                ElementTree.SubElement(edges, "line", x1=str(c * cell), y1=str(r * cell), x2=str(c * cell),
                                       y2=str((r + 1) * cell))  # fmt: skip
    return ElementTree.tostring(svg, encoding="unicode")
