"""The tree of a depth-first search as SVG: a dot a node (a call of the search function), one row
a depth; under each node a short mark for each try the promising test refused; the nodes that
hold a solution in green, and the way from the root to the first one in bold. Each node's dot
and the edge above it carry `data-node` (its number in the order the search made them), the
group of its marks `data-marks`, so that a page can grow the tree as it replays the search."""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree

from essais.core.errors import InvalidInput
from essais.core.tree import SearchTree
from essais.draw.svg import START

SOLUTION = START  # green, as a tour's first square
NODE, EDGE, REFUSED = "#1f4e9c", "#9aa7b8", "#d94f3d"
LEVEL = 48  # pixels from one depth to the next
MARK = 9  # the length of a refused try's mark


def tree_layout(parents: list[int]) -> list[float]:
    """Each node's x, in leaf slots: the leaves one slot apart in the order the search met
    them, each parent above the middle of its children."""
    children: list[list[int]] = [[] for _ in parents]
    for node, parent in enumerate(parents):
        if parent >= 0:
            children[parent].append(node)
    x = [0.0] * len(parents)
    next_leaf = 0.0
    for node in range(len(parents)):  # leaves in the order the search met them
        if not children[node]:
            x[node], next_leaf = next_leaf, next_leaf + 1
    for node in reversed(range(len(parents))):  # children come after their parent: placed first
        if children[node]:
            x[node] = (x[children[node][0]] + x[children[node][-1]]) / 2
    return x


def tree_svg(tree: SearchTree, title: str = "") -> str:
    """The recorded tree as an SVG document (see the module's text)."""
    if not tree.complete:
        raise InvalidInput(
            f"tree: the search passed {tree.limit:,} nodes, too many to draw; lower the size or set a node limit"
        )
    parents, refused = tree.parents(), tree.refused()
    slots = tree_layout(parents)
    leaves = max(slots, default=0) + 1
    spacing = max(4.0, min(28.0, 1600 / leaves))  # a wide tree gets narrower slots
    margin, depth = 24.0, max(tree.depths, default=0)
    width = max(420.0, 2 * margin + (leaves - 1) * spacing)  # (room for the caption)
    height = 2 * margin + depth * LEVEL + MARK + 20
    left = (width - (leaves - 1) * spacing) / 2  # a tree narrower than the caption stands in the middle
    place = [(left + slot * spacing, margin + level * LEVEL) for slot, level in zip(slots, tree.depths, strict=True)]
    way = _way_to(tree.solutions[0], parents) if tree.solutions else set()
    svg = ElementTree.Element("svg", xmlns="http://www.w3.org/2000/svg", width=f"{width:.0f}", height=f"{height:.0f}",
                              viewBox=f"0 0 {width:.0f} {height:.0f}")  # fmt: skip
    if title:
        ElementTree.SubElement(svg, "title").text = title
    edges = ElementTree.SubElement(svg, "g", {"class": "edges", "stroke": EDGE, "stroke-width": "1"})
    for node, parent in enumerate(parents):
        if parent >= 0:
            (x1, y1), (x2, y2) = place[parent], place[node]
            line = {"x1": f"{x1:.1f}", "y1": f"{y1:.1f}", "x2": f"{x2:.1f}", "y2": f"{y2:.1f}", "data-node": str(node)}
            if node in way:  # the way to the first solution, bold
                line.update({"stroke": "#222", "stroke-width": "3", "class": "way"})
            ElementTree.SubElement(edges, "line", line)
    marks = ElementTree.SubElement(svg, "g", {"class": "refused", "stroke": REFUSED, "stroke-width": "1"})
    for node, count in enumerate(refused):
        x, y = place[node]
        fan = ElementTree.SubElement(marks, "g", {"data-marks": str(node)}) if count else marks
        for k in range(count):  # fanned out under the node
            dx = (k - (count - 1) / 2) * min(3.0, spacing / max(count, 1))
            ElementTree.SubElement(fan, "line", x1=f"{x:.1f}", y1=f"{y + 4:.1f}", x2=f"{x + dx:.1f}",
                                   y2=f"{y + 4 + MARK:.1f}")  # fmt: skip
    solutions = set(tree.solutions)
    dots = ElementTree.SubElement(svg, "g", {"class": "nodes", "stroke": "white", "stroke-width": "0.5"})
    radius = max(1.5, min(4.5, spacing / 3))
    for node, (x, y) in enumerate(place):
        fill = SOLUTION if node in solutions else NODE
        kind = "solution" if node in solutions else "node"
        ElementTree.SubElement(dots, "circle", {"cx": f"{x:.1f}", "cy": f"{y:.1f}", "r": f"{radius:.1f}",
                                                "fill": fill, "class": kind, "data-node": str(node)})  # fmt: skip
    caption = (f"{len(tree):,} nodes, {sum(refused):,} tries refused (red marks), "
               f"{len(solutions):,} solution{'' if len(solutions) == 1 else 's'} (green)")  # fmt: skip
    text = {"x": f"{margin:.0f}", "y": f"{height - 6:.0f}", "class": "caption", "font-family": "sans-serif",
            "font-size": "11", "fill": "#444"}  # fmt: skip
    ElementTree.SubElement(svg, "text", text).text = caption
    return ElementTree.tostring(svg, encoding="unicode")


def _way_to(node: int, parents: list[int]) -> set[int]:
    """The nodes from the root down to `node` (the root aside: it has no edge above it)."""
    way = set()
    while parents[node] >= 0:
        way.add(node)
        node = parents[node]
    return way
