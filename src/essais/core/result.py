"""What every search returns: a status, counters and (per problem) a solution."""

from __future__ import annotations

import enum
import html
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Self

if TYPE_CHECKING:
    from rich.console import RenderableType


class Status(enum.StrEnum):
    """How a search ended."""

    FOUND = "found"  # a solution was found
    NONE = "none"  # the search finished and found nothing
    COMPLETE = "complete"  # a count or an enumeration finished
    LIMIT = "limit"  # a time or node limit stopped it
    INTERRUPTED = "interrupted"  # Ctrl-C stopped it

    @property
    def finished(self) -> bool:
        """True when the search ran to its end (nothing stopped it early)."""
        return self in (Status.FOUND, Status.NONE, Status.COMPLETE)


@dataclass
class Stats:
    """The counters of 000's scheme.

    nodes: calls of the search function (the first and the final successful call included);
    tries: candidates examined by the promising test; backtracks: squares (cells, queens…)
    un-numbered after their sub-search; seconds: wall time of the search alone; `own`: the
    counters of a method's own, by name in the order it says them (dancing links' `updates`),
    carried like the others through sums, split runs, checkpoints, JSON and the counters line.
    """

    nodes: int = 0
    tries: int = 0
    backtracks: int = 0
    seconds: float = 0.0
    depths: list[int] | None = None
    own: dict[str, int] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        stats: dict[str, Any] = {
            "nodes": self.nodes,
            "tries": self.tries,
            "backtracks": self.backtracks,
            **self.own,
            "seconds": round(self.seconds, 6),
        }
        if self.depths is not None:
            stats["depths"] = list(self.depths)
        return stats

    def __add__(self, other: Stats) -> Stats:
        """The counters of two searches run one after the other (a method's own counters summed
        by name)."""
        own = dict(self.own)
        for name, value in other.own.items():
            own[name] = own.get(name, 0) + value
        return Stats(
            self.nodes + other.nodes,
            self.tries + other.tries,
            self.backtracks + other.backtracks,
            self.seconds + other.seconds,
            own=own,
        )

    def counters(self) -> tuple[int, ...]:
        """The deterministic counters, for comparing engines (time excluded): nodes, tries,
        backtracks, then the method's own."""
        return (self.nodes, self.tries, self.backtracks, *self.own.values())

    def named_counters(self) -> list[tuple[str, int]]:
        """[("nodes", …), ("tries", …), ("backtracks", …), then the method's own]: what a
        counters line, a table or a page shows."""
        return [("nodes", self.nodes), ("tries", self.tries), ("backtracks", self.backtracks), *self.own.items()]


@dataclass
class SweepStats(Stats):
    """The counters of a sweep over states (a frontier count) rather than a depth-first search:
    nodes are the states made (distinct states stored, summed over the steps), tries the
    choices tried from a state, backtracks 0; `steps` the steps finished (of `of_steps`),
    `peak_states` the most states of one step, `peak_bytes` the most memory a step's tables
    took, `peak_disk` the most disk (0: no step went through the disk); `resumed_steps` the
    steps read back from a checkpoint."""

    steps: int = 0
    of_steps: int = 0
    peak_states: int = 0
    peak_bytes: int = 0
    resumed_steps: int = 0  # the steps read back from a checkpoint
    peak_disk: int = 0  # the bytes on disk of the largest step that went through the disk

    def to_dict(self) -> dict[str, Any]:
        extra = {"steps": self.steps, "of_steps": self.of_steps, "peak_states": self.peak_states,
                 "peak_bytes": self.peak_bytes, "resumed_steps": self.resumed_steps,
                 "peak_disk": self.peak_disk}  # fmt: skip
        return {**super().to_dict(), **extra}


class Result:
    """What every result offers (each problem's result classes derive from it):

    - `status`, `stats`, `method` and `engine` (those that ran, defaults included), `found`
      (it holds or counted at least one solution), the solution under its own name (`path`,
      `columns`, `solution`, `colors`, `states`) and as `solution`;
    - `to_dict()`, the JSON document;
    - `str(result)`, the text the command line prints: `headline()`, the answer drawn in text
      (`text()`) and the counters (`stats_text()`); a short `repr`; `==` on what was found
      and the counters, not the seconds nor the engine (both engines of a method agree);
    - its display in a terminal (`__rich__`) and a notebook (`_repr_html_`).

    Result classes are dataclasses made with `eq=False, repr=False`, so that these hold."""

    status: Status
    stats: Stats
    method: str | None = None
    engine: str | None = None

    @property
    def found(self) -> bool:
        solution = getattr(self, "solution", None)
        return solution is not None and (not hasattr(solution, "__len__") or len(solution) > 0)

    def to_dict(self) -> dict[str, Any]:
        raise NotImplementedError

    def headline(self) -> str:
        """The first line the command line prints: what was asked and how it ended."""
        return f"{self.status}{self._ran()}"

    def ran_keys(self) -> dict[str, str]:
        """The JSON keys `method` and `engine`, for those that are set."""
        return {key: value for key, value in (("method", self.method), ("engine", self.engine)) if value}

    def ran(self, method: str | None, engine: str | None) -> Self:
        """The result, with the method and engine that ran set (for the api modules)."""
        self.method, self.engine = method, engine
        return self

    def ended(self, found: str, none: str = "no solution", sought: str = "a solution") -> str:
        """The headline of one search for one solution: `found` when it found one, `none` (the
        search is complete) when there is none, else what stopped it; the method that ran."""
        if self.found:
            return f"{found}{self._ran()}"
        if self.status == Status.NONE:
            return f"{none} (the search is complete){self._ran()}"
        return f"stopped ({self.status}) before {sought} was found{self._ran()}"

    def _ran(self) -> str:
        """` (basic, python)`: the method and engine that ran, for headlines."""
        names = [name for name in (self.method, self.engine) if name]
        return f" ({', '.join(names)})" if names else ""

    def text(self) -> str:
        """The answer in plain text (a numbered board, a grid…); empty when there is none."""
        return ""

    def brief(self) -> str:
        """What the one-line `repr` says after the class and the status (`8x8 from 0,0: 64
        squares`)."""
        return self.headline()

    def stats_text(self) -> str:
        """`nodes 74,301  tries 594,316  backtracks 74,276  2.1 ms`: the counters line."""
        stats = self.stats
        if isinstance(stats, SweepStats):
            disk = f", disk {format_bytes(stats.peak_disk)}" if stats.peak_disk else ""
            return (f"states {stats.nodes:,}  tries {stats.tries:,}  steps {stats.steps:,} of {stats.of_steps:,}  "
                    f"peak {stats.peak_states:,} states ({format_bytes(stats.peak_bytes)}{disk})  "
                    f"{format_seconds(stats.seconds)}")  # fmt: skip
        counters = "  ".join(f"{name} {value:,}" for name, value in stats.named_counters())
        return f"{counters}  {format_seconds(stats.seconds)}"

    def lines(self) -> list[str]:
        """The headline, the answer's text and the counters line, those that are not empty."""
        return [part for part in (self.headline(), self.text(), self.stats_text()) if part]

    def __str__(self) -> str:
        return "\n".join(self.lines())

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.status} {self.brief()}, {self.stats.nodes:,} nodes>"

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return _without_seconds(self.to_dict()) == _without_seconds(other.to_dict())  # type: ignore[attr-defined]

    __hash__ = None  # type: ignore[assignment]

    @property
    def drawable(self) -> bool:
        """Whether the result has a picture (`to_svg()`, `to_png()`): a single result has one
        when it holds a solution; tables and plots override this."""
        return self.found and hasattr(self, "to_svg")

    def _picture(self) -> str:
        """The result's SVG where it draws itself (and the drawing is not refused), else ""."""
        to_svg = getattr(self, "to_svg", None)
        if to_svg is None:
            return ""
        try:
            return str(to_svg())
        except ValueError:  # nothing to draw, or a board too large to draw
            return ""

    def summary(self) -> str:
        """`found · nodes 74,301 · tries 594,316 · backtracks 74,276 · 2.1 ms`."""
        stats = self.stats
        counters = " · ".join(f"{name} {value:,}" for name, value in stats.named_counters())
        return f"{self.status} · {counters} · {format_seconds(stats.seconds)}"

    def rich_text(self) -> RenderableType:
        """The answer's text for a terminal (a problem may colour it); `text()` by default."""
        from rich.text import Text  # rich is loaded only when a result is displayed

        return Text(self.text())

    def __rich__(self) -> RenderableType:
        from rich.console import Group
        from rich.text import Text

        parts: list[RenderableType] = [Text(self.headline())]
        if self.text():
            parts.append(self.rich_text())
        parts.append(Text(self.stats_text(), style="dim"))
        return Group(*parts)

    def _repr_html_(self) -> str:
        picture = self._picture()
        text = self.text()
        body = picture or (f"<pre>{html.escape(text)}</pre>" if text else "")
        return (f'<div class="essais-result"><p>{html.escape(self.headline())}</p>{body}'
                f"<p>{html.escape(self.summary())}</p></div>")  # fmt: skip


def _without_seconds(document: Any) -> Any:
    """The JSON document with every `seconds` (and other timing) left out, at any depth, and the
    engine and the nodes per depth (both engines of a method give the same answer and counters;
    only the python engines record the depths): what `==` compares."""
    if isinstance(document, dict):
        return {key: _without_seconds(value) for key, value in document.items() if key not in UNCOMPARED_KEYS}
    if isinstance(document, list):
        return [_without_seconds(value) for value in document]
    return document


UNCOMPARED_KEYS = frozenset(
    {"seconds", "compile_seconds", "per_second", "rate", "seconds_per_node", "projected_seconds", "engine", "depths"}
)


def subtrees_text(split: dict[str, int] | None, status: Status) -> str:
    """How far a split search got when something stopped it: `12 of 256 sub-trees finished`."""
    if split is None or status.finished:
        return ""
    return f"{split['done']:,} of {split['total']:,} sub-trees finished"


def plural(count: int, word: str, plural_form: str | None = None) -> str:
    """`1 queen`, `8 queens`, `1,000 goal states`."""
    return f"{count:,} {word if count == 1 else plural_form or word + 's'}"


def format_bytes(count: int) -> str:
    for unit, size in (("TB", 1 << 40), ("GB", 1 << 30), ("MB", 1 << 20), ("kB", 1 << 10)):
        if count >= size:
            return f"{count / size:.3g} {unit}"
    return f"{count} bytes"


def format_seconds(seconds: float) -> str:
    """`0.12 ms`, `3.4 s`, `2 min 5 s`, `5.2 h`, `3.1 days`: a time a person reads at a glance."""
    if seconds < 1e-3:
        return f"{seconds * 1e6:.3g} µs"
    if seconds < 1:
        return f"{seconds * 1e3:.3g} ms"
    if seconds < 60:
        return f"{seconds:.3g} s"
    if seconds < 3600:
        minutes, rest = divmod(round(seconds), 60)
        return f"{minutes} min {rest} s"
    if seconds < 86400:
        return f"{seconds / 3600:.3g} h"
    if seconds < 365 * 86400:
        return f"{seconds / 86400:.3g} days"
    return f"{seconds / (365.25 * 86400):.3g} years"


@dataclass(eq=False, repr=False)
class CountResult(Result):
    """The outcome of counting solutions: how many so far and whether the count is complete.
    `found` means at least one was counted; a count has no single solution (None)."""

    status: Status
    count: int
    stats: Stats = field(default_factory=Stats)
    method: str | None = None
    engine: str | None = None
    split: dict[str, int] | None = None  # a split count: sub-trees done / total / resumed from a checkpoint

    @property
    def found(self) -> bool:
        return self.count > 0

    @property
    def solution(self) -> Any:
        return None

    def counted(self) -> str:
        """`92 solutions`: what was counted, in words."""
        return plural(self.count, "solution")

    def headline(self) -> str:
        """`92 solutions (bitmask, numba)`, or `stopped (limit) after counting 3 solutions`."""
        prefix = "" if self.status == Status.COMPLETE else f"stopped ({self.status}) after counting "
        return f"{prefix}{self.counted()}{self._ran()}"

    def brief(self) -> str:
        return self.counted()

    def text(self) -> str:
        """How far a split count got, when something stopped it."""
        return subtrees_text(self.split, self.status)

    def to_dict(self) -> dict[str, Any]:
        document = {"status": str(self.status), "found": self.found, "count": self.count, **self.ran_keys(),
                    "stats": self.stats.to_dict()}  # fmt: skip
        if self.split is not None:
            document["subtrees"] = self.split
        return document
