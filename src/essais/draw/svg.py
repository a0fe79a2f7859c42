"""Pictures of boards as SVG, with the standard library's XML tools (no dependency, and the
output is well-formed by construction): a chequered board, numbers or marks in its squares, and
a path through the centres of its squares. Results draw themselves with it (`to_svg()`).

Boards: numbers and marks up to MAX_LABELLED squares a side, a path alone up to MAX_DRAWN.
"""

from __future__ import annotations

import base64
import io
import math
import textwrap
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
    if side > MAX_LABELLED:  # one image, a pixel a square, rather than a million elements
        ElementTree.SubElement(
            squares, "image", {"x": "0", "y": "0", "width": str(cols * cell), "height": str(rows * cell),
                               "preserveAspectRatio": "none", "style": "image-rendering:pixelated",
                               "href": "data:image/png;base64," + _chequer_png(rows, cols)},
        )  # fmt: skip
    for row in range(rows if side <= MAX_LABELLED else 0):
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


def _chequer_png(rows: int, cols: int) -> str:
    """The board's squares as a PNG of one pixel a square, in base64."""
    import numpy as np
    from matplotlib.image import imsave  # loaded only to draw a large board

    colours = np.array([[int(c[i : i + 2], 16) for i in (1, 3, 5)] for c in (LIGHT, DARK)], dtype=np.uint8)
    parity = (np.arange(rows)[:, None] + np.arange(cols)[None, :]) % 2
    buffer = io.BytesIO()
    imsave(buffer, colours[parity], format="png")
    return base64.b64encode(buffer.getvalue()).decode("ascii")


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


PALETTE = ("#e6194b", "#3cb44b", "#4363d8", "#f58231", "#911eb4", "#42d4f4", "#f032e6", "#bfef45",
           "#fabed4", "#469990", "#dcbeff", "#9a6324", "#fffac8", "#800000", "#aaffc3", "#808000")  # fmt: skip
MAX_VERTICES = 200  # a graph with more vertices is refused: the picture would be a blot


def graph_svg(names: Sequence[str], edges: Sequence[tuple[int, int]], colors: Sequence[int], title: str = "") -> str:
    """A coloured graph, laid out by networkx's spring layout from a circle (a cycle or a
    complete graph stays a circle; seeded, so the same graph is drawn the same way each time),
    each vertex filled with its colour and named."""
    count = len(names)
    if count > MAX_VERTICES:
        raise InvalidInput(f"svg: a graph of {count} vertices is too large to draw (at most {MAX_VERTICES})")
    size, margin = 640, 40
    position = [
        (margin + x * (size - 2 * margin), margin + y * (size - 2 * margin)) for x, y in graph_layout(count, edges)
    ]
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
        fill = ink(PALETTE[colors[v] % len(PALETTE)])
        ElementTree.SubElement(labels, "text", x=f"{x:.1f}", y=f"{y:.1f}", fill=fill).text = names[v]
    return ElementTree.tostring(svg, encoding="unicode")


# -- heat maps --------------------------------------------------------------------------------------
HEAT = ((255, 245, 235), (253, 141, 60), (127, 39, 4))  # light to dark: low to high values
CAPTION_LINE, CAPTION_CHAR = 16, 6.6  # a caption's line height and (about) its characters' width, in pixels
MISSING = "#d9d9d9"  # a square with no value (unreachable, not searched)
OUTLINES = {"start": START, "none": "#2f5bd3", "limit": "#e6c700"}  # none: blue, seen on dark squares


def heat_map_svg(
    rows: int,
    cols: int,
    values: Mapping[tuple[int, int], float],
    *,
    labels: Mapping[tuple[int, int], str] | None = None,
    outlines: Mapping[tuple[int, int], str] | None = None,
    log: bool = False,
    caption: str = "",
    title: str = "",
) -> str:
    """A board whose squares are filled by their value (light: low, dark: high; on a log scale
    with `log`), with `labels` written in them (up to MAX_LABELLED a side) and `outlines`
    (square → "start", "none" or "limit") drawn round some squares; `caption` under the board."""
    side = max(rows, cols)
    if side > MAX_DRAWN:
        raise InvalidInput(f"svg: a {rows}x{cols} board is too large to draw (at most {MAX_DRAWN} squares a side)")
    cell = max(2, min(64, 1200 // side))
    width = cols * cell
    caption_lines = textwrap.wrap(caption, max(20, int(width / CAPTION_CHAR))) if caption else []
    band = CAPTION_LINE * len(caption_lines) + (8 if caption_lines else 0)
    height = rows * cell + band
    svg = ElementTree.Element("svg", xmlns="http://www.w3.org/2000/svg", width=str(width), height=str(height),
                              viewBox=f"0 0 {width} {height}")  # fmt: skip
    if title:
        ElementTree.SubElement(svg, "title").text = title
    ElementTree.SubElement(svg, "rect", x="0", y="0", width=str(width), height=str(height), fill="white")
    scale = _scale(values.values(), log)
    squares = ElementTree.SubElement(svg, "g", {"class": "squares", "stroke": "white", "stroke-width": "1"})
    for row in range(rows):
        for col in range(cols):
            value = values.get((row, col))
            ElementTree.SubElement(
                squares, "rect", x=str(col * cell), y=str(row * cell), width=str(cell), height=str(cell),
                fill=MISSING if value is None else _heat(scale(value)),
            )  # fmt: skip
    if side <= MAX_LABELLED and labels:
        _heat_labels(svg, labels, {square: scale(value) for square, value in values.items()}, cell)
    inset = max(1, cell // 14)
    lines = ElementTree.SubElement(svg, "g", {"class": "outlines", "fill": "none", "stroke-width": str(inset)})
    for (row, col), kind in sorted((outlines or {}).items()):
        ElementTree.SubElement(
            lines, "rect", {"class": kind, "x": str(col * cell + inset), "y": str(row * cell + inset),
                            "width": str(cell - 2 * inset), "height": str(cell - 2 * inset), "stroke": OUTLINES[kind]},
        )  # fmt: skip
    if caption_lines:
        group = ElementTree.SubElement(svg, "g", {"class": "caption", "font-size": "12", "font-family": "sans-serif",
                                                  "dominant-baseline": "central", "fill": "#333"})  # fmt: skip
        for number, line in enumerate(caption_lines):
            y = rows * cell + 4 + CAPTION_LINE * (number + 0.5)
            ElementTree.SubElement(group, "text", x="3", y=f"{y:g}").text = line
    return ElementTree.tostring(svg, encoding="unicode")


def _scale(values: Any, log: bool) -> Any:
    """Value → 0..1 between the smallest and the largest value (logarithmic with `log`)."""
    numbers = [float(v) for v in values]
    if not numbers:
        return lambda value: 0.0
    transform = (lambda v: math.log10(1 + max(v, 0))) if log else (lambda v: v)  # noqa: E731
    low, high = transform(min(numbers)), transform(max(numbers))
    spread = high - low
    return lambda value: (transform(float(value)) - low) / spread if spread else 0.5


def _heat(t: float) -> str:
    """The colour at `t` (0..1) along HEAT."""
    t = min(1.0, max(0.0, t)) * (len(HEAT) - 1)
    index = min(int(t), len(HEAT) - 2)
    low, high = HEAT[index], HEAT[index + 1]
    rgb = (round(a + (b - a) * (t - index)) for a, b in zip(low, high, strict=True))
    return "#{:02x}{:02x}{:02x}".format(*rgb)


def _heat_labels(
    svg: ElementTree.Element, labels: Mapping[tuple[int, int], str], shade: Mapping[tuple[int, int], float], cell: int
) -> None:
    """Labels sized to fit their square, white on dark squares and black on light ones."""
    longest = max((len(label) for label in labels.values()), default=1)
    size = min(cell * 0.36, cell * 1.2 / max(longest, 1))  # digits are about 0.6 em wide
    group = ElementTree.SubElement(
        svg, "g", {"class": "labels", "font-family": "sans-serif", "font-size": f"{size:.3g}",
                   "text-anchor": "middle", "dominant-baseline": "central"},
    )  # fmt: skip
    for (row, col), label in sorted(labels.items()):
        colour = "white" if shade.get((row, col), 0.0) > 0.6 else "black"
        x, y = col * cell + cell / 2, row * cell + cell / 2
        ElementTree.SubElement(group, "text", x=f"{x:g}", y=f"{y:g}", fill=colour).text = label


def compact(number: int) -> str:
    """`9999`, `12.3k`, `524k`, `1.23M`, `3.1G`: a number short enough for a small square."""
    if abs(number) < 10_000:
        return str(number)
    size, suffix = next((size, suffix) for size, suffix in ((1e9, "G"), (1e6, "M"), (1e3, "k")) if abs(number) >= size)
    value = number / size
    return f"{value:.3g}{suffix}" if value < 1000 else f"{value:.0f}{suffix}"


def graph_layout(count: int, edges: Sequence[tuple[int, int]]) -> list[tuple[float, float]]:
    """(x, y) positions in the unit square: a spring layout started from the circle (first vertex at
    the top, clockwise), scaled to fill the square."""
    import networkx  # loaded only to draw a graph

    graph = networkx.Graph()
    graph.add_nodes_from(range(count))
    graph.add_edges_from(edges)
    circle = {v: (math.sin(2 * math.pi * v / max(count, 1)), -math.cos(2 * math.pi * v / max(count, 1)))
              for v in range(count)}  # fmt: skip
    placed = networkx.spring_layout(graph, pos=circle, seed=1) if count > 2 else circle
    xs, ys = [placed[v][0] for v in range(count)], [placed[v][1] for v in range(count)]
    span = max(max(xs) - min(xs), max(ys) - min(ys)) or 1.0
    left = min(xs) - (span - (max(xs) - min(xs))) / 2  # centred in the square
    top = min(ys) - (span - (max(ys) - min(ys))) / 2
    return [((x - left) / span, (y - top) / span) for x, y in zip(xs, ys, strict=True)]


def ink(fill: str) -> str:
    """Black or white: whichever reads better on `fill` (#rrggbb)."""
    red, green, blue = (int(fill[i : i + 2], 16) for i in (1, 3, 5))
    return "black" if 0.299 * red + 0.587 * green + 0.114 * blue > 140 else "white"
