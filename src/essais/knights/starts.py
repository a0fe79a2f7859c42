"""The results of a table over every start square (000 §5's remarks): a row per start, with its
search's or count's result, and the table, drawn as a heat map."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from essais.core.board import Board, Square, format_square
from essais.core.result import Result, Stats, Status, plural
from essais.draw.picture import Pictured
from essais.draw.svg import compact, heat_map_svg
from essais.knights.model import TourCount, TourResult


@dataclass
class StartRow:
    """One line of the table over every start square."""

    start: Square
    result: TourResult | TourCount
    by_symmetry: bool = False  # the count of a symmetric start, not searched again

    @property
    def found(self) -> bool:
        """A tour was found (or, for a count, at least one was counted)."""
        return self.result.found

    def to_dict(self) -> dict[str, Any]:
        document: dict[str, Any] = {"start": list(self.start), "status": str(self.result.status), "found": self.found}
        if isinstance(self.result, TourCount):
            document["count"] = self.result.count
            if self.result.undirected is not None:
                document["undirected"] = self.result.undirected
        elif self.result.reached is not None:
            document["reached"] = self.result.reached
        if self.by_symmetry:
            document["by_symmetry"] = True
        else:
            document["stats"] = self.result.stats.to_dict()
        return document


@dataclass(eq=False, repr=False)
class EveryStart(Pictured, Result):
    """The table of 000 §5's remarks: one search (or count) per start square. It is complete
    even where some starts fail or hit a limit; only Ctrl-C leaves it unfinished."""

    rows: list[StartRow]
    counting: bool
    board: Board | None = None  # what the heat map draws on (else the smallest board holding the rows)
    stopped: Status | None = None  # a split count: what stopped the whole table (its limits are the table's)
    method: str | None = None
    engine: str | None = None

    @property
    def status(self) -> Status:  # type: ignore[override]
        if self.stopped is not None:
            return self.stopped
        interrupted = bool(self.rows) and self.rows[-1].result.status == Status.INTERRUPTED
        return Status.INTERRUPTED if interrupted else Status.COMPLETE

    @property
    def stats(self) -> Stats:  # type: ignore[override]
        total = Stats()
        for row in self.rows:
            total = total + row.result.stats
        return total

    @property
    def found(self) -> bool:
        return self.full_tours > 0

    @property
    def solution(self) -> list[StartRow]:
        return self.rows

    @property
    def total(self) -> int | None:
        if not self.counting:
            return None
        return sum(row.result.count for row in self.rows if isinstance(row.result, TourCount))

    @property
    def full_tours(self) -> int:
        """How many starts give a tour (001 §4.3's survey question)."""
        return sum(1 for row in self.rows if row.found)

    def headline(self) -> str:
        what = "count" if self.counting else "search"
        board = f" of the {self.board} board" if self.board else ""
        return f"one {what} per start square{board} ({self.status}){self._ran()}"

    def text(self) -> str:
        lines = [f"{format_square(row.start)}: {row.result.status}" for row in self.rows]
        return "\n".join([*lines, self.conclusion()])

    def conclusion(self) -> str:
        """The table's last line: the total, or how many starts give a tour."""
        total = self.total
        if total is None:
            return f"{self.full_tours} of {plural(len(self.rows), 'start')} give a tour"
        closed = bool(self.rows) and isinstance(self.rows[0].result, TourCount) and self.rows[0].result.closed
        if closed and self.board is not None:  # each closed tour is found from each square, both ways
            distinct = total // (2 * self.board.n_squares)
            return f"total: {total:,} directed closed tours over all starts = {plural(distinct, 'closed tour')}"
        return f"total: {plural(total, 'tour')}"

    def brief(self) -> str:
        return f"{plural(len(self.rows), 'start')}, {self.conclusion()}"

    @property
    def drawable(self) -> bool:
        return bool(self.rows)

    def to_svg(self) -> str:
        """The table as a heat map (000 §5's remarks at a glance): each start square filled by
        its count, the squares its walk reached, or its backtracks (log scale), with the number;
        starts with no tour outlined in red, stopped ones in yellow."""
        values: dict[Square, int] = {}
        outlines: dict[Square, str] = {}
        for row in self.rows:
            result = row.result
            if isinstance(result, TourCount):
                values[row.start], what = result.count, "tours counted"
            elif result.reached is not None:
                values[row.start], what = result.reached, "squares reached"
            else:
                values[row.start], what = result.stats.backtracks, "backtracks (log scale)"
            if result.status in (Status.NONE, Status.LIMIT, Status.INTERRUPTED) and not row.found:
                outlines[row.start] = "none" if result.status == Status.NONE else "limit"
        board = self.board or Board(max(r for r, _ in values) + 1, max(c for _, c in values) + 1)
        caption = f"{what} per start square; blue: no tour, yellow: stopped by a limit"
        return heat_map_svg(
            board.rows, board.cols, values, labels={square: compact(v) for square, v in values.items()},
            outlines=outlines, log=what.startswith("backtracks"), caption=caption,
            title=f"one {'count' if self.counting else 'search'} per start square of the {board} board",
        )  # fmt: skip

    def to_dict(self) -> dict[str, Any]:
        document: dict[str, Any] = {"status": str(self.status), "found": self.found, **self.ran_keys(),
                                    "starts": [row.to_dict() for row in self.rows]}  # fmt: skip
        if self.counting:
            document["total"] = self.total
        elif any(isinstance(row.result, TourResult) and row.result.reached is not None for row in self.rows):
            document["full_tours"] = self.full_tours
        return document
