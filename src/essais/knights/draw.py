"""How the knight's tour results show in a terminal beyond their own text: the table over every
start square (000 §5's remarks), board-shaped."""

from __future__ import annotations

from collections.abc import Sequence

from rich.table import Table
from rich.text import Text

from essais.core.result import Status, format_seconds
from essais.draw.terminal import STATUS_STYLE
from essais.knights.model import TourCount
from essais.knights.starts import StartRow


def start_table(rows: int, cols: int, starts: Sequence[StartRow], title: str) -> Table:
    """A board-shaped table (000 §5's remarks): one cell per start square, its status in words
    (and in colour: green found or counted, red none, yellow limit), then its numbers: the
    count, the squares a walk reached, or the backtracks, tries and time of a search."""
    table = Table(title=title, show_lines=True, header_style="dim")
    table.add_column("", style="dim", justify="right")
    for col in range(cols):
        table.add_column(str(col), justify="right")
    cells = {row.start: _start_cell(row) for row in starts}
    for row in range(rows):
        table.add_row(str(row), *(cells.get((row, col), "") for col in range(cols)))
    return table


def _start_cell(row: StartRow) -> Text:
    result = row.result
    status = Status.FOUND if row.found else result.status
    if isinstance(result, TourCount):
        numbers = f"{result.count:,}"
    elif result.reached is not None:
        numbers = f"{result.reached:,} squares"
    else:
        numbers = f"{result.stats.backtracks:,}\n{result.stats.tries:,}\n{format_seconds(result.stats.seconds)}"
    word = "counted" if isinstance(result, TourCount) and result.status == Status.COMPLETE else str(status)
    return Text(f"{word}\n{numbers}", style=STATUS_STYLE[status])
