"""The public checker of colourings (it shares no code with the searches)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from essais.core.errors import InvalidInput


def coloring_error(graph: Any, colors: Sequence[Any] | None, k: int | None = None) -> str | None:
    """Why `colors` (a colour per vertex) is not a proper colouring of `graph` (with colours
    0…k-1 when k is given), or None if it is one."""
    neighbours = getattr(graph, "neighbours", None)
    if not isinstance(neighbours, Sequence):
        raise InvalidInput(f"graph: {graph!r} is not a Graph (load one with essais.coloring.load_graph)")
    if colors is None:
        return "no colouring"
    try:
        colouring = [int(color) for color in colors]
    except (TypeError, ValueError):
        raise InvalidInput(f"colors: {colors!r} is not a sequence of colours") from None
    if len(colouring) != len(neighbours):
        return f"{len(colouring)} colours for {len(neighbours)} vertices"
    if k is not None:
        for vertex, color in enumerate(colouring):
            if not 0 <= color < k:
                return f"vertex {vertex}: colour {color} is not between 0 and {k - 1}"
    for vertex, others in enumerate(neighbours):
        for other in others:
            if colouring[vertex] == colouring[other]:
                return f"vertices {vertex} and {other} are joined and share colour {colouring[vertex]}"
    return None


def is_coloring(graph: Any, colors: Sequence[Any] | None, k: int | None = None) -> bool:
    """True when every vertex has a colour (0…k-1 if k is given) and no edge joins two
    vertices of one colour."""
    return coloring_error(graph, colors, k) is None
