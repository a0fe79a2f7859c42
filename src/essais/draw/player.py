"""The player page of a board: a self-contained HTML page (essais.draw.page's skeleton) that
replays the events of a search recorded by essais.core.recording.EventLog; and `Watch`, what a
watched search gives back, with `Replay`, the watched search on a board.

The page exposes its state to scripts as `window.essais`: `toStart()`, `step()`, `back()`,
`play()`, `pause()`, `toEnd()`, `board()` (rows of numbers, 0 for an empty square),
`counters()` ({nodes, tries, backtracks}, and a method's own counters such as updates),
`solutions()`, `position()`, `events` (how many were recorded), for a branch and bound
`best()`, and with a tree `tree()` ({nodes: those shown, ring: the call ringed, marks: the
refused tries marked under each node, way: whether the way to the first solution is bold}).
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from essais.core.errors import InvalidInput
from essais.core.recording import EventLog, StateLog
from essais.core.result import Result, Stats, Status, plural
from essais.core.tree import SearchTree
from essais.draw.board_page import BOARD_SCRIPT, BOARD_STYLE, BOARD_VIEW
from essais.draw.page import log_data, page
from essais.draw.picture import Pictured
from essais.draw.tree import tree_svg


def replay_page(
    rows: int,
    cols: int,
    initial: Sequence[Sequence[int]],
    log: EventLog,
    final: dict[str, Any],
    title: str,
    symbols: Mapping[int, str] | None = None,
    palette: Mapping[int, str] | None = None,
    cells: int | None = None,
    best_unit: str = "",
    tree: str | None = None,
    note: str = "",
    box: int | None = None,
    labelled: bool = False,
) -> str:
    """The page that replays `log` on a rows×cols board that starts as `initial`; `final` holds
    the search's own ending ({"status", "nodes", "tries", "backtracks"}), shown at the end when
    every event was recorded; a square shows its number, or `symbols[number]` (a queen), on the
    colour `palette[number]` if given (a graph's colours). `cells`: the first cells only are
    squares (the vertices of a graph laid out in a grid), on a plain background. A log with
    better answers (`log.best`, a branch and bound's) shows the best so far beside the board,
    its score in `best_unit`. With the search's `tree` (its SVG, essais.draw.tree), the page
    grows it as it replays: each call at the event entering it, the call the search is in
    ringed, each refused try marked at the event refusing it (at the search's end, every one),
    the way to the first solution bold from its finding on. `note`: what an event is, where a search's
    events are not squares numbered and erased (the default). `box`: the squares shaded by
    box×box blocks (a Sudoku's boxes), not one by one as a chessboard's. `labelled`: the first
    column holds each row's name, as wide as its text (a model's variables)."""
    data = {
        "rows": rows,
        "cols": cols,
        "initial": [int(v) for row in initial for v in row],
        "squares": log.squares.tolist(),
        "values": log.values.tolist(),
        **log_data(log, final),
        "symbols": {str(value): symbol for value, symbol in (symbols or {}).items()},
        "palette": {str(value): color for value, color in (palette or {}).items()},
        "cells": cells,
        "box": box,
        "labelled": labelled,
        "best": log.best,
        "best_unit": best_unit,
        "tree": tree,
        "call": log.call.tolist(),
        "marked": [part.tolist() for part in log.refused_at],
        "note": note,
        "captions": {str(event): text for event, text in log.captions.items()},
    }
    return page(title, BOARD_STYLE, BOARD_VIEW, BOARD_SCRIPT, data)


class Watch(Result):
    """A search watched: its result (`result`), the events it recorded (`log`, also `events`)
    and, where it was recorded too, its tree; `to_html()` is the page that replays the events,
    `save(path)` writes it, a notebook shows it inline. It prints and compares as its result.
    Subclasses are dataclasses with the fields `result`, `log`, `title` and `tree`."""

    result: Result
    log: EventLog | StateLog
    title: str
    tree: SearchTree | None

    @property
    def events(self) -> EventLog | StateLog:
        """The events recorded (`log`)."""
        return self.log

    def save(self, file: str | Path) -> None:
        """Write the page (`to_html()`) into `file`."""
        Path(file).write_text(self.to_html(), encoding="utf-8")

    def to_html(self) -> str:
        raise NotImplementedError

    def final(self) -> dict[str, Any]:
        """How the search itself ended, for the page: its status and counters."""
        stats = self.result.stats
        return {"status": str(self.status), "nodes": stats.nodes, "tries": stats.tries, "backtracks": stats.backtracks,
                **stats.own}  # fmt: skip

    def tree_svg(self) -> str:
        """The search tree (a dot a call, marks for the refused tries), where it was recorded."""
        if self.tree is None:
            raise InvalidInput("tree: this replay recorded no tree (essais.watch records one for depth-first searches)")
        return tree_svg(self.tree, f"the search tree: {self.title.removeprefix('essais: ')}")

    def _repr_html_(self) -> str:
        """The player in a notebook: the page in an iframe (`srcdoc`), self-contained."""
        page = html.escape(self.to_html(), quote=True)
        return f'<iframe srcdoc="{page}" style="width:100%;height:760px;border:0"></iframe>'

    @property
    def status(self) -> Status:  # type: ignore[override]
        return self.result.status

    @property
    def stats(self) -> Stats:  # type: ignore[override]
        return self.result.stats

    @property
    def solution(self) -> Any:
        return getattr(self.result, "solution", None)

    @property
    def found(self) -> bool:
        return self.result.found

    def headline(self) -> str:
        return self.result.headline()

    def brief(self) -> str:
        return f"{self.result.brief()}, {plural(len(self.log), 'event')} recorded"

    def text(self) -> str:
        return self.result.text()

    def rich_text(self) -> Any:
        return self.result.rich_text()

    def recorded(self) -> str:
        """`1,000 events (every one)`."""
        every = "every one" if self.log.complete else f"the first {len(self.log):,}"
        return f"{plural(len(self.log), 'event')} ({every})"

    def to_dict(self) -> dict[str, Any]:
        return {**self.result.to_dict(), "events": len(self.log), "events_complete": self.log.complete}


PAGE_TREE = 2_000  # the most nodes a page grows its tree with (a larger one is a blot beside the board)


@dataclass(eq=False, repr=False)
class Replay(Pictured, Watch):
    """A search watched square by square: what the page needs beyond its result and events
    (the board, its first state, the symbols and colours of its values)."""

    result: Result
    log: EventLog
    rows: int
    cols: int
    initial: list[list[int]]
    title: str
    symbols: dict[int, str] | None = None
    method: str | None = None
    engine: str | None = "python"
    tree: SearchTree | None = None  # the search's tree, where it was recorded too (essais.watch)
    palette: dict[int, str] | None = None  # the colour of each value (a graph's colours)
    cells: int | None = None  # the first cells only are squares (a graph's vertices in a grid)
    best_unit: str = ""  # what the score of a better answer counts (log.best): "jumps"
    note: str = ""  # what an event is, when not a square numbered or erased (replay_page)
    box: int | None = None  # the squares shaded by box×box blocks (a Sudoku's boxes)
    labelled: bool = False  # the first column holds each row's name (replay_page)

    @property
    def drawable(self) -> bool:
        return bool(getattr(self.result, "drawable", False))

    def to_svg(self) -> str:
        return str(self.result.to_svg())  # type: ignore[attr-defined]

    def to_html(self) -> str:
        tree = self.tree_svg() if self.tree is not None and self.tree.complete and len(self.tree) <= PAGE_TREE else None
        return replay_page(self.rows, self.cols, self.initial, self.log, self.final(), self.title, self.symbols,
                           self.palette, self.cells, self.best_unit, tree, self.note, self.box,
                           self.labelled)  # fmt: skip
