"""What every search returns: a status, counters and (per problem) a solution (SPEC §1.2, §1.3)."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any


class Status(enum.StrEnum):
    """How a search ended."""

    FOUND = "found"  # a solution was found
    NONE = "none"  # the search finished and found nothing
    COMPLETE = "complete"  # a count or an enumeration finished
    LIMIT = "limit"  # a time or node limit stopped it
    INTERRUPTED = "interrupted"  # Ctrl-C stopped it

    @property
    def exit_code(self) -> int:
        return EXIT_CODES[self]

    @property
    def finished(self) -> bool:
        """True when the search ran to its end (nothing stopped it early)."""
        return self in (Status.FOUND, Status.NONE, Status.COMPLETE)


EXIT_CODES = {
    Status.FOUND: 0,
    Status.COMPLETE: 0,
    Status.NONE: 1,
    Status.LIMIT: 3,
    Status.INTERRUPTED: 130,
}
EXIT_BAD_INPUT = 2


@dataclass
class Stats:
    """The counters of 000's scheme (SPEC §1.2).

    nodes: calls of the search function (the first and the final successful call included);
    tries: candidates examined by the promising test; backtracks: squares (cells, queens…)
    un-numbered after their sub-search; seconds: wall time of the search alone.
    """

    nodes: int = 0
    tries: int = 0
    backtracks: int = 0
    seconds: float = 0.0
    depths: list[int] | None = None

    def to_dict(self) -> dict[str, Any]:
        stats: dict[str, Any] = {
            "nodes": self.nodes,
            "tries": self.tries,
            "backtracks": self.backtracks,
            "seconds": round(self.seconds, 6),
        }
        if self.depths is not None:
            stats["depths"] = list(self.depths)
        return stats

    def __add__(self, other: Stats) -> Stats:
        """The counters of two searches run one after the other."""
        return Stats(
            self.nodes + other.nodes,
            self.tries + other.tries,
            self.backtracks + other.backtracks,
            self.seconds + other.seconds,
        )

    def counters(self) -> tuple[int, int, int]:
        """The deterministic counters, for comparing engines (time excluded)."""
        return (self.nodes, self.tries, self.backtracks)


@dataclass
class CountResult:
    """The outcome of counting solutions: how many so far and whether the count is complete."""

    status: Status
    count: int
    stats: Stats = field(default_factory=Stats)

    def to_dict(self) -> dict[str, Any]:
        return {"status": str(self.status), "count": self.count, "stats": self.stats.to_dict()}
