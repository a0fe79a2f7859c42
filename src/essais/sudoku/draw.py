"""How a Sudoku grid is drawn: its cells, its boxes in bold, the givens in black and the values a
solver filled in blue."""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree
from collections.abc import Sequence

GIVEN, FILLED = "#000000", "#1f4e9c"  # the givens, and the values a solver filled in


def grid_svg(box: int, symbols: Sequence[str], given: Sequence[bool], title: str = "") -> str:
    """A Sudoku grid of box size `box`: its n² cells with their symbols (given ones in black,
    filled ones in blue), thin lines between cells and thick ones between boxes."""
    n = box * box
    cell = max(12, min(40, 720 // n))
    size = n * cell
    svg = ElementTree.Element(
        "svg",
        xmlns="http://www.w3.org/2000/svg",
        width=str(size + 4),
        height=str(size + 4),
        viewBox=f"-2 -2 {size + 4} {size + 4}",
    )  # fmt: skip  (room for the thick border)
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
