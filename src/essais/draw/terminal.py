"""Text for a terminal, with rich: numbered boards, distance matrices, counters, histograms."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.table import Table
from rich.text import Text

from essais.core.board import Square, format_square
from essais.core.result import Stats, Status, format_seconds
from essais.draw.svg import ink

STATUS_STYLE = {
    Status.FOUND: "green",
    Status.COMPLETE: "green",
    Status.NONE: "red",
    Status.LIMIT: "yellow",
    Status.INTERRUPTED: "magenta",
}


def stats_line(stats: Stats) -> Text:
    """`nodes 74,301  tries 594,316  backtracks 74,276  2.1 ms`."""
    line = Text()
    for name, value in stats.named_counters():
        line.append(f"{name} ", style="dim")
        line.append(f"{value:,}  ")
    line.append(format_seconds(stats.seconds), style="dim")
    return line


def lettered_board(grid: Sequence[Sequence[str]], colours: dict[str, str]) -> Text:
    """A board of letters (a polyomino packing), each letter on its piece's colour."""
    text = Text()
    for r, row in enumerate(grid):
        for letter in row:
            colour = colours.get(letter)
            text.append(letter, style=f"bold {ink(colour)} on {colour}" if colour else "")
        if r < len(grid) - 1:
            text.append("\n")
    return text


def numbered_board_lines(grid: Sequence[Sequence[int]], path: Any = None) -> Text:
    """`numbered_board` without the last line's end (for a result's display)."""
    text = numbered_board(grid, path)
    text.rstrip()
    return text


def numbered_board(grid: Sequence[Sequence[int]], path: Any = None) -> Text:
    """The board with its step numbers, aligned; the first and last squares stand out, and
    unvisited squares show as dots."""
    largest = max((value for row in grid for value in row), default=0)
    width = max(2, len(str(largest)))
    first = (int(path[0][0]), int(path[0][1])) if path is not None and len(path) else None
    last = (int(path[-1][0]), int(path[-1][1])) if path is not None and len(path) else None
    text = Text()
    for r, row in enumerate(grid):
        for c, value in enumerate(row):
            cell = f"{value:>{width}}" if value else " " * (width - 1) + "."
            style = "bold green" if (r, c) == first else "bold red" if (r, c) == last else ""
            text.append(cell, style=style)
            text.append(" " if c < len(row) - 1 else "")
        text.append("\n")
    return text


def square_list(squares: Sequence[Square]) -> str:
    return " ".join(format_square(square) for square in squares)


def distance_matrix(matrix: Sequence[Sequence[int]]) -> Text:
    """Distances aligned in columns; -1 (unreachable) shows as a dot, 0 (the start) stands out."""
    width = max(2, max(len(str(value)) for row in matrix for value in row))
    text = Text()
    for row in matrix:
        for c, value in enumerate(row):
            cell = f"{value:>{width}}" if value >= 0 else " " * (width - 1) + "."
            text.append(cell, style="bold green" if value == 0 else "")
            text.append(" " if c < len(row) - 1 else "")
        text.append("\n")
    return text


def histogram(counts: dict[int, int], key_title: str, value_title: str, width: int = 40) -> Table:
    """One bar per key (in increasing order), scaled to the largest count."""
    table = Table(show_header=True, header_style="dim", box=None, padding=(0, 1))
    table.add_column(key_title, justify="right")
    table.add_column(value_title, justify="right")
    table.add_column("")
    largest = max(counts.values(), default=1)
    for key in sorted(counts):
        bar = "█" * max(1, round(width * counts[key] / largest)) if counts[key] else ""
        table.add_row(str(key), f"{counts[key]:,}", Text(bar, style="cyan"))
    return table
