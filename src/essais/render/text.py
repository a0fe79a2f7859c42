"""Text rendering with rich for the commands: numbered boards, distance matrices, counters, the
every-start table, histograms."""

from __future__ import annotations

from collections.abc import Sequence

from rich.table import Table
from rich.text import Text

from essais.core.board import Square, format_square
from essais.core.result import Stats, Status

STATUS_STYLE = {
    Status.FOUND: "green",
    Status.COMPLETE: "green",
    Status.NONE: "red",
    Status.LIMIT: "yellow",
    Status.INTERRUPTED: "magenta",
}


def stats_line(stats: Stats) -> Text:
    """`nodes 74,301  tries 594,316  backtracks 74,276  0.0021 s`."""
    line = Text()
    for name, value in (("nodes", stats.nodes), ("tries", stats.tries), ("backtracks", stats.backtracks)):
        line.append(f"{name} ", style="dim")
        line.append(f"{value:,}  ")
    line.append(f"{stats.seconds:.4g} s", style="dim")
    return line


def numbered_board(grid: Sequence[Sequence[int]], path: Sequence[Square] | None = None) -> Text:
    """The board with its step numbers, aligned; the first and last squares stand out, and
    unvisited squares show as dots."""
    largest = max((value for row in grid for value in row), default=0)
    width = max(2, len(str(largest)))
    first = path[0] if path else None
    last = path[-1] if path else None
    text = Text()
    for r, row in enumerate(grid):
        for c, value in enumerate(row):
            cell = f"{value:>{width}}" if value else " " * (width - 1) + "."
            style = "bold green" if (r, c) == first else "bold red" if (r, c) == last else ""
            text.append(cell, style=style)
            text.append(" " if c < len(row) - 1 else "")
        text.append("\n")
    return text


def start_table(
    rows: int,
    cols: int,
    cells: dict[Square, tuple[Status, str]],
    title: str,
) -> Table:
    """A board-shaped table (000 §5's remarks): one cell per start square, its text coloured by
    status (green: found or counted, red: none, yellow: limit)."""
    table = Table(title=title, show_lines=True, header_style="dim")
    table.add_column("", style="dim", justify="right")
    for col in range(cols):
        table.add_column(str(col), justify="right")
    for row in range(rows):
        line: list[Text | str] = [str(row)]
        for col in range(cols):
            if (row, col) in cells:
                status, cell = cells[(row, col)]
                line.append(Text(cell, style=STATUS_STYLE[status]))
            else:
                line.append("")
        table.add_row(*line)
    return table


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
