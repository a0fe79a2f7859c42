"""Exact covers: the puzzle a cover problem stands for (a plain cover, a polyomino packing,
Langford pairs), and the results.

A puzzle holds its `problem` (core.cover.problem.CoverProblem) and says what a solution (its
options' indices) means: as text, as JSON keys, as a picture. `ExactCover` is a problem read
from a file or built in code, shown as its options' lines; polyomino.py and langford.py derive
their puzzles from it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from essais.core.cover.problem import CoverProblem
from essais.core.cover.search import METHODS
from essais.core.errors import InvalidInput
from essais.core.result import CountResult, Result, Stats, Status, plural
from essais.draw.picture import Pictured

__all__ = ["METHODS", "CoverCount", "CoverResult", "ExactCover"]


@dataclass(frozen=True, eq=False)
class ExactCover:
    """A cover problem as it is: a solution is its options, shown as their lines."""

    problem: CoverProblem
    has_picture = False  # (a polyomino packing has one)

    @property
    def name(self) -> str:
        return self.problem.name

    def text(self, options: Sequence[int]) -> str:
        """A solution as text: its options' lines, in the order the search chose them."""
        return "\n".join(self.problem.option_text(index) for index in options)

    def describe(self, options: Sequence[int]) -> dict[str, Any]:
        """A solution's JSON keys: its options (indices from 0, in the file's order of options)
        and their lines."""
        return {"options": list(options), "lines": [self.problem.option_text(index) for index in options]}

    def to_svg(self, options: Sequence[int]) -> str | None:
        """A solution's picture, where the puzzle has one (None: it has none)."""
        return None

    def counted(self, count: int) -> str:
        """A count in words: `9,356 solutions of cover`."""
        return f"{plural(count, 'solution')} of {self.name}"

    def count_keys(self, count: int) -> dict[str, Any]:
        """The keys a count adds to its JSON document."""
        return {"name": self.name}

    def solution_brief(self, options: Sequence[int]) -> str:
        return f"{self.name}: a solution of {plural(len(options), 'option')}"

    def none_text(self) -> str:
        """What a search that found none says."""
        return f"{self.name}: no exact cover"


@dataclass(eq=False, repr=False)
class CoverResult(Pictured, Result):
    """One search for an exact cover: its status, the options chosen (their indices, in the
    order the search chose them; None when there is none), the counters (with `updates`)."""

    status: Status
    puzzle: ExactCover
    options: list[int] | None
    stats: Stats = field(default_factory=Stats)
    method: str | None = None
    engine: str | None = None

    @property
    def solution(self) -> list[int] | None:
        return self.options

    @property
    def found(self) -> bool:
        return self.options is not None

    def headline(self) -> str:
        found = self.puzzle.solution_brief(self.options) if self.options is not None else ""
        return self.ended(found, self.puzzle.none_text())

    def brief(self) -> str:
        return self.puzzle.name

    def text(self) -> str:
        return self.puzzle.text(self.options) if self.options is not None else ""

    def rich_text(self) -> Any:
        """The solution in a terminal: a packing's pieces in their colours, else its text."""
        colored = getattr(self.puzzle, "rich_text", None)
        return colored(self.options) if colored is not None and self.options is not None else super().rich_text()

    @property
    def drawable(self) -> bool:
        return self.options is not None and self.puzzle.has_picture

    def to_svg(self) -> str:
        """The solution's picture (a polyomino packing's pieces)."""
        picture = self.puzzle.to_svg(self.options) if self.options is not None else None
        if picture is None:
            why = "there is no solution" if self.options is None else "this cover has no picture"
            raise InvalidInput(f"svg: {why}")
        return picture

    def to_dict(self) -> dict[str, Any]:
        solution = self.puzzle.describe(self.options) if self.options is not None else {"options": None}
        return {"status": str(self.status), "found": self.found, **solution, **self.ran_keys(),
                "stats": self.stats.to_dict()}  # fmt: skip


@dataclass(eq=False, repr=False)
class CoverCount(CountResult):
    """A count of exact covers; `split` when it ran as sub-trees."""

    puzzle: ExactCover | None = None

    def counted(self) -> str:
        return self.puzzle.counted(self.count) if self.puzzle is not None else plural(self.count, "solution")

    def to_dict(self) -> dict[str, Any]:
        return {**super().to_dict(), **(self.puzzle.count_keys(self.count) if self.puzzle is not None else {})}
