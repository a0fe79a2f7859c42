"""What every search returns: a status, counters and (per problem) a solution (SPEC §1.2, §1.3)."""

from __future__ import annotations

import enum
import html
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from essais.core import signals
from essais.core.errors import InvalidInput
from essais.core.plots import CSS_DPI, histogram_figure, save_figure, svg_to_png

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
    def exit_code(self) -> int:
        """SPEC §1.3's exit status; a run stopped by SIGTERM exits 143 (128 + the signal)."""
        return signals.exit_code() if self is Status.INTERRUPTED else EXIT_CODES[self]

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
EXIT_INTERNAL_ERROR = 70  # a bug (sysexits' EX_SOFTWARE), never 1, which means "no solution"


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


class Result:
    """What every result offers (each problem's result classes derive from it): `status`,
    `stats`, `found` (a solution is present; for a count, count > 0), the solution under its
    own name (`path`, `columns`, `solution`, `colors`, `states`) and as `solution`,
    `to_dict()` (the JSON document), and its display in a terminal (`__rich__`) and a notebook
    (`_repr_html_`), made from `text()` and the counters."""

    status: Status
    stats: Stats

    @property
    def found(self) -> bool:
        return getattr(self, "solution", None) is not None

    def to_dict(self) -> dict[str, Any]:
        raise NotImplementedError

    def text(self) -> str:
        """The answer in plain text (a numbered board, a grid…); empty when there is none."""
        return ""

    @property
    def drawable(self) -> bool:
        """Whether the result has a picture (`to_svg()`, `to_png()`): a single result has one
        when it holds a solution; tables and plots override this."""
        return self.found and hasattr(self, "to_svg")

    def to_png(self, file: str | Path, dpi: int = CSS_DPI) -> None:
        """The picture as a PNG file, `dpi` pixels per inch (96: the SVG's size in pixels); a
        plot is saved from its matplotlib figure (`figure()`), a drawing painted from its SVG."""
        figure = getattr(self, "figure", None)
        if figure is not None:
            save_figure(figure(), file, dpi)
        else:
            svg_to_png(self.to_svg(), file, dpi)  # type: ignore[attr-defined]

    def depth_figure(self) -> Any:
        """The calls per depth as a histogram (002's figure 2), for methods that record them."""
        depths = self.stats.depths
        if not depths:
            raise InvalidInput("depths: this search does not record its calls per depth (method textbook does)")
        return histogram_figure(
            dict(enumerate(depths)), "depth", "calls", f"calls per depth ({self.stats.nodes:,} in all)"
        )

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
        counters = f"nodes {stats.nodes:,} · tries {stats.tries:,} · backtracks {stats.backtracks:,}"
        return f"{self.status} · {counters} · {format_seconds(stats.seconds)}"

    def __rich__(self) -> RenderableType:
        from rich.console import Group  # rich is loaded only when a result is displayed
        from rich.text import Text

        text = self.text()
        return Group(*([Text(text)] if text else []), Text(self.summary(), style="dim"))

    def _repr_html_(self) -> str:
        picture = self._picture()
        text = self.text()
        body = picture or (f"<pre>{html.escape(text)}</pre>" if text else "")
        return f'<div class="essais-result">{body}<p>{html.escape(self.summary())}</p></div>'


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


@dataclass
class CountResult(Result):
    """The outcome of counting solutions: how many so far and whether the count is complete.
    `found` means at least one was counted; a count has no single solution (None)."""

    status: Status
    count: int
    stats: Stats = field(default_factory=Stats)

    @property
    def found(self) -> bool:
        return self.count > 0

    @property
    def solution(self) -> Any:
        return None

    def text(self) -> str:
        return f"{self.count:,} solutions"

    def to_dict(self) -> dict[str, Any]:
        return {"status": str(self.status), "count": self.count, "stats": self.stats.to_dict()}
