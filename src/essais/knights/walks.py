"""The results of 001 §5's random walks: the tally of the walks from one start (how far each got)
and how the run ended."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from essais.core.board import Board, Square, SquarePath, format_square, numbered_text
from essais.core.result import Result, Stats, Status, plural
from essais.draw.picture import Pictured
from essais.draw.plots import figure_svg, histogram_figure
from essais.knights.model import TourResult, WalkTally


@dataclass(eq=False, repr=False)
class RandomTours(Pictured, Result):
    """What random walks from one start gave: the tally, how the run ended, and the seed that
    reproduces it (with the same engine)."""

    status: Status
    board: Board
    start: Square
    seed: int
    tally: WalkTally
    stats: Stats
    until_found: bool = False
    method: str | None = "random"
    engine: str | None = None

    @property
    def found(self) -> bool:
        return self.tally.full_tours > 0

    @property
    def solution(self) -> list[Square] | None:
        """The full tour that ended an `until_found` run (else None)."""
        return self.tally.found_path

    def as_tour(self) -> TourResult:
        """A single walk as a tour result: found if it covered the board."""
        status = self.status
        if status == Status.COMPLETE:
            status = Status.FOUND if self.tally.full_tours else Status.NONE
        path = self.tally.best_path
        result = TourResult(status, self.board, self.start, SquarePath(path), self.stats, reached=len(path))
        return result.ran(self.method, self.engine)

    @property
    def drawable(self) -> bool:
        return self.tally.attempts > 0

    def figure(self) -> Any:
        """001 §5's statistics as a plot: how many walks numbered k squares, for each k."""
        lengths = {length: count for length, count in enumerate(self.tally.lengths) if count}
        title = (f"{self.tally.attempts:,} random walks on the {self.board} board from {self.start[0]},"
                 f"{self.start[1]} (seed {self.seed}): {self.tally.full_tours:,} full tours")  # fmt: skip
        return histogram_figure(lengths, "squares reached", "walks", title)

    def to_svg(self) -> str:
        return figure_svg(self.figure())

    def headline(self) -> str:
        tally, where = self.tally, f"on {self.board} from {format_square(self.start)}"
        ran = f" (seed {self.seed}, {self.engine})"
        return f"random walks {where}{ran}: {plural(tally.attempts, 'walk')}, {plural(tally.full_tours, 'full tour')}"

    def brief(self) -> str:
        tally = self.tally
        walks = f"{plural(tally.attempts, 'walk')}, {plural(tally.full_tours, 'full tour')}"
        return f"{walks}, longest {len(tally.best_path)}"

    def text(self) -> str:
        tally = self.tally
        lengths = "\n".join(f"{length:>4} squares: {count:,}" for length, count in enumerate(tally.lengths) if count)
        path = tally.found_path if self.until_found and tally.found_path else tally.best_path
        which = (f"a full tour at walk {tally.attempts:,}:" if path is tally.found_path
                 else f"the longest walk, {plural(len(path), 'square')}:")  # fmt: skip
        return f"{lengths}\n{which}\n{numbered_text(self.board.numbered(path))}"

    def to_dict(self) -> dict[str, Any]:
        best = self.tally.best_path
        document: dict[str, Any] = {
            "status": str(self.status),
            "found": self.found,
            "attempts": self.tally.attempts,
            "full_tours": self.tally.full_tours,
            "lengths": {str(length): count for length, count in enumerate(self.tally.lengths) if count},
            "best": {"reached": len(best), "path": [list(s) for s in best], "board": self.board.numbered(best)},
            "seed": self.seed,
        }
        if self.until_found:
            found = self.tally.found_path
            document["found"] = found is not None
            document["path"] = [list(s) for s in found] if found else None
        document.update(self.ran_keys())
        document["stats"] = self.stats.to_dict()
        return document
