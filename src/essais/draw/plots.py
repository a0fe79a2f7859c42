"""PNG pictures and plots, with matplotlib (loaded only when a picture is asked for).

A PNG is the result's own SVG (`essais.draw.svg`) painted by matplotlib: the drawings use a
handful of SVG elements (rect, line, polyline, polygon, circle, text, in groups that pass their
attributes down), and `svg_to_png` paints exactly those, so the two files show the same
picture. SVG units are CSS pixels (1/96 inch): at `dpi` 96 the PNG has the SVG's size in pixels,
at 192 twice that. Plots (histograms) are matplotlib figures, saved as SVG or PNG.
"""

from __future__ import annotations

import base64
import io
import xml.etree.ElementTree as ElementTree
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from essais.core.errors import InvalidInput
from essais.core.result import Stats

CSS_DPI = 96  # an SVG pixel is 1/96 inch
POINTS_PER_PIXEL = 72 / CSS_DPI  # matplotlib sizes fonts and lines in points
MIN_DPI, MAX_DPI = 10, 1200
MAX_PIXELS = 100_000_000  # a PNG larger than this is refused (it would take gigabytes to paint)
INHERITED = ("fill", "stroke", "stroke-width", "fill-opacity", "stroke-opacity", "font-size", "font-family",
             "font-weight", "text-anchor", "dominant-baseline")  # fmt: skip
SVG_NS = "{http://www.w3.org/2000/svg}"


def check_dpi(dpi: int) -> int:
    if not MIN_DPI <= dpi <= MAX_DPI:
        raise InvalidInput(f"dpi: {dpi} is out of range ({MIN_DPI} to {MAX_DPI} pixels per inch)")
    return dpi


def _figure(width_px: float, height_px: float, dpi: int) -> Any:
    from matplotlib.figure import Figure  # no pyplot: no global state, no window

    pixels = width_px * height_px * (dpi / CSS_DPI) ** 2
    if pixels > MAX_PIXELS:
        raise InvalidInput(
            f"dpi: a {width_px * dpi / CSS_DPI:.0f}x{height_px * dpi / CSS_DPI:.0f} PNG is too large "
            f"(at most {MAX_PIXELS:,} pixels): lower --dpi"
        )
    return Figure(figsize=(width_px / CSS_DPI, height_px / CSS_DPI), dpi=dpi)


def svg_to_png(svg: str, file: str | Path, dpi: int = CSS_DPI) -> None:
    """Paint one of essais' SVG drawings into a PNG file of `dpi` pixels per inch."""
    root = ElementTree.fromstring(svg)
    width, height = float(root.get("width", "0")), float(root.get("height", "0"))
    left, top, box_width, box_height = (float(v) for v in root.get("viewBox", f"0 0 {width} {height}").split())
    figure = _figure(width, height, check_dpi(dpi))
    axes = figure.add_axes((0, 0, 1, 1))
    axes.set_xlim(left, left + box_width)
    axes.set_ylim(top + box_height, top)  # SVG's y axis points down
    axes.set_axis_off()
    axes.set_autoscale_on(False)  # the SVG's box, whatever is painted
    painter = _Painter(axes)
    painter.paint(root, {})
    painter.flush()
    figure.savefig(file, format="png", dpi=dpi, facecolor="white")


class _Painter:
    """Walks the SVG tree in document order (later elements on top) and paints each element;
    squares, discs and lines are gathered into collections, so a board of a million squares
    is one object to matplotlib, not a million."""

    def __init__(self, axes: Any) -> None:
        self.axes = axes
        self.layer = 0
        self.dx, self.dy = 0.0, 0.0  # the translation of the group being painted
        self.batch: tuple[str, list[Any], list[dict[str, str]]] | None = None

    def paint(self, element: ElementTree.Element, inherited: dict[str, str]) -> None:
        attributes = {**inherited, **{k: v for k, v in element.attrib.items() if k in INHERITED}}
        tag = element.tag.removeprefix(SVG_NS)
        if tag in ("svg", "g"):
            shift = _translation(element.get("transform", ""))
            self.dx, self.dy = self.dx + shift[0], self.dy + shift[1]
            for child in element:
                self.paint(child, attributes)
            self.dx, self.dy = self.dx - shift[0], self.dy - shift[1]
        elif tag in ("rect", "circle", "line"):
            self._gather(tag, element, attributes)
        elif tag in ("polyline", "polygon"):
            self.flush()
            self._poly(tag, element, attributes)
        elif tag == "text":
            self.flush()
            self._text(element, attributes)
        elif tag == "image":
            self.flush()
            self._image(element)

    def _gather(self, tag: str, element: ElementTree.Element, style: dict[str, str]) -> None:
        if self.batch is not None and self.batch[0] != tag:
            self.flush()
        if self.batch is None:
            self.batch = (tag, [], [])

        def number(key: str) -> float:  # a coordinate is moved by the groups' translation, a size is not
            shift = self.dx if key in ("x", "x1", "x2", "cx") else self.dy if key in ("y", "y1", "y2", "cy") else 0.0
            return float(element.get(key, "0")) + shift

        if tag == "rect":
            x, y, w, h = number("x"), number("y"), number("width"), number("height")
            shape: Any = [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
        elif tag == "circle":
            shape = (number("cx"), number("cy"), number("r"))
        else:
            shape = [(number("x1"), number("y1")), (number("x2"), number("y2"))]
        self.batch[1].append(shape)
        self.batch[2].append({**style, **{k: v for k, v in element.attrib.items() if k in INHERITED}})

    def flush(self) -> None:
        """Paint the gathered shapes as one collection."""
        if self.batch is None:
            return
        from matplotlib.collections import EllipseCollection, LineCollection, PolyCollection

        tag, shapes, styles = self.batch
        self.batch = None
        faces = [_colour(s.get("fill", "black"), s.get("fill-opacity")) for s in styles]
        edges = [_colour(s.get("stroke", "none"), s.get("stroke-opacity")) for s in styles]
        widths = [_points(s.get("stroke-width", "1")) if s.get("stroke", "none") != "none" else 0 for s in styles]
        if tag == "rect":
            collection: Any = PolyCollection(shapes, facecolors=faces, edgecolors=edges, linewidths=widths)
        elif tag == "circle":
            diameters = [2 * r for _, _, r in shapes]
            collection = EllipseCollection(
                diameters, diameters, [0] * len(shapes), units="xy", offsets=[(x, y) for x, y, _ in shapes],
                offset_transform=self.axes.transData, facecolors=faces, edgecolors=edges, linewidths=widths,
            )  # fmt: skip
        else:
            collection = LineCollection(shapes, colors=edges, linewidths=widths)
        collection.set_zorder(self._next_layer())
        self.axes.add_collection(collection)

    def _poly(self, tag: str, element: ElementTree.Element, style: dict[str, str]) -> None:
        import numpy as np
        from matplotlib.patches import Polygon

        points = np.array(element.get("points", "").replace(",", " ").split(), dtype=float).reshape(-1, 2)
        if len(points) < 2:
            return
        points += (self.dx, self.dy)
        style = {**style, **{k: v for k, v in element.attrib.items() if k in INHERITED}}
        patch = Polygon(
            points, closed=tag == "polygon", facecolor=_colour(style.get("fill", "black"), style.get("fill-opacity")),
            edgecolor=_colour(style.get("stroke", "none"), style.get("stroke-opacity")),
            linewidth=_points(style.get("stroke-width", "1")), joinstyle="round", capstyle="round",
            zorder=self._next_layer(),
        )  # fmt: skip
        self.axes.add_artist(patch)  # not add_patch: its update of the limits takes seconds on a long path

    def _text(self, element: ElementTree.Element, style: dict[str, str]) -> None:
        style = {**style, **{k: v for k, v in element.attrib.items() if k in INHERITED}}
        anchor = {"middle": "center", "end": "right"}.get(style.get("text-anchor", ""), "left")
        baseline = "center_baseline" if style.get("dominant-baseline") == "central" else "baseline"
        self.axes.text(
            *self._at(float(element.get("x", "0")), float(element.get("y", "0"))), element.text or "",
            ha=anchor, va=baseline, fontsize=_points(style.get("font-size", "16")),
            color=_colour(style.get("fill", "black"), style.get("fill-opacity")),
            fontweight=style.get("font-weight", "normal"), family="sans-serif", zorder=self._next_layer(),
        )  # fmt: skip

    def _image(self, element: ElementTree.Element) -> None:
        """An embedded PNG (a large board's squares), a pixel stretched over each square."""
        from matplotlib.image import imread

        encoded = element.get("href", "").removeprefix("data:image/png;base64,")
        picture = imread(io.BytesIO(base64.b64decode(encoded)), format="png")
        x, y = self._at(float(element.get("x", "0")), float(element.get("y", "0")))
        width, height = float(element.get("width", "0")), float(element.get("height", "0"))
        self.axes.imshow(picture, extent=(x, x + width, y + height, y), interpolation="nearest", aspect="auto",
                         zorder=self._next_layer())  # fmt: skip

    def _at(self, x: float, y: float) -> tuple[float, float]:
        return x + self.dx, y + self.dy

    def _next_layer(self) -> int:
        self.layer += 1
        return self.layer


def _translation(transform: str) -> tuple[float, float]:
    """(dx, dy) of `translate(dx,dy)`, the one transform the drawings use."""
    if not transform.startswith("translate("):
        return 0.0, 0.0
    dx, _, dy = transform.removeprefix("translate(").rstrip(")").replace(",", " ").partition(" ")
    return float(dx), float(dy or 0)


def _colour(value: str, opacity: str | None) -> Any:
    if value == "none":
        return (0, 0, 0, 0)
    from matplotlib.colors import to_rgba

    return to_rgba(value, float(opacity) if opacity is not None else None)


def _points(pixels: str) -> float:
    return float(pixels) * POINTS_PER_PIXEL


# -- plots ----------------------------------------------------------------------------------------------
def histogram_figure(counts: Mapping[int, int], xlabel: str, ylabel: str, title: str) -> Any:
    """A bar chart of `counts` (value → how many), like 002's figure 2 of calls per depth."""
    figure = _figure(720, 420, CSS_DPI)
    axes = figure.add_axes((0.13, 0.14, 0.83, 0.76))
    values = sorted(counts)
    axes.bar(values, [counts[v] for v in values], width=0.85, color="#1f4e9c")
    axes.set_xlabel(xlabel)
    axes.set_ylabel(ylabel)
    axes.set_title(title, fontsize=11)
    axes.ticklabel_format(axis="y", style="plain")
    axes.yaxis.set_major_formatter(lambda value, _: f"{value:,.0f}")
    axes.grid(axis="y", alpha=0.3)
    return figure


def figure_svg(figure: Any) -> str:
    """The figure as an SVG element alone (no XML declaration, no DOCTYPE), so that it can also
    stand inside a notebook's HTML."""
    buffer = io.StringIO()
    figure.savefig(buffer, format="svg")
    text = buffer.getvalue()
    return text[text.index("<svg") :]


def save_figure(figure: Any, file: str | Path, dpi: int = CSS_DPI, kind: str = "png") -> None:
    """A plot into `file`, as a PNG of `dpi` pixels per inch or (`kind` "svg") as SVG."""
    figure.savefig(file, format=kind, dpi=check_dpi(dpi))


def depths_figure(stats: Stats) -> Any:
    """The calls per depth as a histogram (002's figure 2), for methods that record them."""
    if not stats.depths:
        raise InvalidInput("depths: this search does not record its calls per depth (method textbook does)")
    return histogram_figure(
        dict(enumerate(stats.depths)), "depth", "calls", f"calls per depth ({stats.nodes:,} in all)"
    )


def series_figure(series: Mapping[str, list[int]], xlabel: str, ylabel: str, title: str, note: str = "") -> Any:
    """A line a series (label → value at 0, 1, 2…), on a log scale: nodes per depth of several
    searches side by side; `note` under the plot (what was left out)."""
    figure = _figure(720, 440, CSS_DPI)
    axes = figure.add_axes((0.11, 0.16 if note else 0.12, 0.85, 0.74 if note else 0.78))
    styles = ("-", "--", ":", "-.")  # two series alike still both show
    for number, (label, values) in enumerate(series.items()):
        axes.plot(range(len(values)), [value if value > 0 else float("nan") for value in values], marker="o",
                  markersize=3, linewidth=1.5, linestyle=styles[number % len(styles)], label=label)  # fmt: skip
    axes.set_yscale("log")
    axes.set_xlabel(xlabel)
    axes.set_ylabel(ylabel)
    axes.set_title(title, fontsize=11)
    axes.grid(alpha=0.3)
    axes.legend(fontsize=9)
    if note:
        figure.text(0.5, 0.02, note, ha="center", fontsize=8, color="#555555")
    return figure
