"""Frames of pieces moving on a graph of places (a swap puzzle's moves): a strip of pictures,
each with the move that led to it drawn as an arrow."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ElementTree
from collections.abc import Mapping, Sequence

from essais.draw.svg import DARK, END, LIGHT, PALETTE

# -- swap puzzles: a strip of frames --------------------------------------------------------------------
PIECE_COLOURS = {"black": "#222222", "white": "#ffffff", "red": "#e6194b", "green": "#3cb44b", "blue": "#4363d8",
                 "yellow": "#ffe119", "orange": "#f58231", "purple": "#911eb4", "grey": "#a9a9a9"}  # fmt: skip


BARRED = "#555555"


FRAMES_PER_ROW = 8
CELL = 24  # a square's side in a frame, in pixels
PIECE_RADIUS = CELL * 0.34


def piece_fills(colours: Sequence[str]) -> dict[str, str]:
    """A fill for each colour name of the pieces: the colour itself for plain names (black,
    white, red…), else one of the palette's, in the order the colours first appear."""
    fills: dict[str, str] = {}
    spare = iter(PALETTE)
    for colour in colours:
        if colour not in fills:
            fills[colour] = PIECE_COLOURS.get(colour.lower()) or next(spare, "#808080")
    return fills


def frames_svg(
    places: Sequence[tuple[float, float]],
    grid: tuple[int, int] | None,
    frames: Sequence[tuple[Mapping[int, str], tuple[int, int] | None, str]],
    *,
    labels: Sequence[str] = (),
    edges: Sequence[tuple[int, int]] = (),
    title: str = "",
) -> str:
    """A strip of small pictures of one puzzle, one per frame, FRAMES_PER_ROW to a row. Squares
    stand at `places` ((row, col) on a `grid` of squares, whose other squares are drawn barred;
    without a grid, points in the unit square joined by `edges`). A frame is (piece fills by
    square, the move that led to it as an arrow or None, its caption); `labels` name the
    squares, small, in a corner of each (up to 3 characters: longer ones would hide the board)."""
    cell = CELL
    rows, cols = grid if grid is not None else (5, 5)
    inner_w, inner_h = cols * cell, rows * cell
    frame_w, frame_h = inner_w + 16, inner_h + 26
    count = len(frames)
    across = min(count, FRAMES_PER_ROW)
    width, height = across * frame_w, -(-count // FRAMES_PER_ROW) * frame_h
    svg = ElementTree.Element("svg", xmlns="http://www.w3.org/2000/svg", width=str(width), height=str(height),
                              viewBox=f"0 0 {width} {height}")  # fmt: skip
    if title:
        ElementTree.SubElement(svg, "title").text = title
    ElementTree.SubElement(svg, "rect", x="0", y="0", width=str(width), height=str(height), fill="white")
    centres = frame_centres(places, grid)
    for number, (pieces, move, caption) in enumerate(frames):
        left, top = (number % FRAMES_PER_ROW) * frame_w + 8, (number // FRAMES_PER_ROW) * frame_h + 20
        frame = ElementTree.SubElement(svg, "g", {"class": "frame", "transform": f"translate({left},{top})"})
        ElementTree.SubElement(
            frame, "text", {"class": "caption", "x": str(inner_w / 2), "y": "-7", "font-size": "11",
                            "font-family": "sans-serif", "text-anchor": "middle", "fill": "#333"},
        ).text = caption  # fmt: skip
        _frame_squares(frame, places, grid, centres, edges, cell)
        if labels and max(map(len, labels)) <= 3:
            names = ElementTree.SubElement(frame, "g", {"class": "labels", "font-size": "7", "fill": "#444",
                                                        "font-family": "sans-serif"})  # fmt: skip
            for (x, y), label in zip(centres, labels, strict=True):
                ElementTree.SubElement(
                    names, "text", x=f"{x - cell / 2 + 1.5:g}", y=f"{y - cell / 2 + 7:g}"
                ).text = label
        if move is not None:
            _arrow(frame, centres[move[0]], centres[move[1]])
        for square, fill in sorted(pieces.items()):
            x, y = centres[square]
            ElementTree.SubElement(frame, "circle", {"class": "piece", "cx": f"{x:g}", "cy": f"{y:g}",
                                                     "r": str(PIECE_RADIUS), "fill": fill, "stroke": "#222",
                                                     "stroke-width": "1.2"})  # fmt: skip
    return ElementTree.tostring(svg, encoding="unicode")


def frame_centres(places: Sequence[tuple[float, float]], grid: tuple[int, int] | None) -> list[tuple[float, float]]:
    """Where each square's centre stands in a frame of frames_svg (in the frame's own
    coordinates): on its board's grid, or a point of the unit square scaled to the frame."""
    rows, cols = grid if grid is not None else (5, 5)
    inner_w, inner_h = cols * CELL, rows * CELL
    return [
        (col * CELL + CELL / 2, row * CELL + CELL / 2) if grid is not None
        else (CELL / 2 + col * (inner_w - CELL), CELL / 2 + row * (inner_h - CELL))
        for row, col in places
    ]  # fmt: skip


def _frame_squares(
    frame: ElementTree.Element,
    places: Sequence[tuple[float, float]],
    grid: tuple[int, int] | None,
    centres: Sequence[tuple[float, float]],
    edges: Sequence[tuple[int, int]],
    cell: int,
) -> None:
    if grid is None:  # a puzzle of named squares: its moves as lines, its squares as rings
        for a, b in edges:
            ElementTree.SubElement(frame, "line", x1=f"{centres[a][0]:g}", y1=f"{centres[a][1]:g}",
                                   x2=f"{centres[b][0]:g}", y2=f"{centres[b][1]:g}", stroke="#bbb")  # fmt: skip
        for x, y in centres:
            ElementTree.SubElement(frame, "circle", {"class": "square", "cx": f"{x:g}", "cy": f"{y:g}",
                                                     "r": str(cell * 0.4), "fill": LIGHT, "stroke": DARK})  # fmt: skip
        return
    used = {(int(row), int(col)) for row, col in places}
    for row in range(grid[0]):
        for col in range(grid[1]):
            fill = BARRED if (row, col) not in used else LIGHT if (row + col) % 2 == 0 else DARK
            kind = "barred" if (row, col) not in used else "square"
            ElementTree.SubElement(frame, "rect", {"class": kind, "x": str(col * cell), "y": str(row * cell),
                                                   "width": str(cell), "height": str(cell), "fill": fill})  # fmt: skip


def _arrow(frame: ElementTree.Element, origin: tuple[float, float], target: tuple[float, float]) -> None:
    """A line from `origin` to `target` with its head as a triangle (a polygon, so that the PNG
    painter draws it the same)."""
    (x1, y1), (x2, y2) = origin, target
    length = math.hypot(x2 - x1, y2 - y1) or 1.0
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    tip_x, tip_y = x2 - ux * 9.5, y2 - uy * 9.5  # at the edge of the piece that moved
    base_x, base_y = tip_x - ux * 8, tip_y - uy * 8
    ElementTree.SubElement(frame, "line", {"class": "move", "x1": f"{x1:.1f}", "y1": f"{y1:.1f}", "x2": f"{base_x:.1f}",
                                           "y2": f"{base_y:.1f}", "stroke": END, "stroke-width": "2"})  # fmt: skip
    head = [(tip_x, tip_y), (base_x - uy * 4, base_y + ux * 4), (base_x + uy * 4, base_y - ux * 4)]
    ElementTree.SubElement(frame, "polygon", {"class": "move-head", "fill": END,
                                              "points": " ".join(f"{x:.1f},{y:.1f}" for x, y in head)})  # fmt: skip
