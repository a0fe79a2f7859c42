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
    box×box blocks (a Sudoku's boxes), not one by one as a chessboard's."""
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

    @property
    def drawable(self) -> bool:
        return bool(getattr(self.result, "drawable", False))

    def to_svg(self) -> str:
        return str(self.result.to_svg())  # type: ignore[attr-defined]

    def to_html(self) -> str:
        tree = self.tree_svg() if self.tree is not None and self.tree.complete and len(self.tree) <= PAGE_TREE else None
        return replay_page(self.rows, self.cols, self.initial, self.log, self.final(), self.title, self.symbols,
                           self.palette, self.cells, self.best_unit, tree, self.note, self.box)  # fmt: skip


BOARD_STYLE = """  .grid { display: grid; border: 2px solid #6b4f33; }
  .grid div { display: flex; align-items: center; justify-content: center; font-size: var(--font);
               width: var(--cell); height: var(--cell); font-variant-numeric: tabular-nums; }
  .grid .light { background: #f0d9b5; } .grid .dark { background: #b58863; }
  .grid .lined { box-shadow: inset 0 0 0 1px rgba(60, 40, 20, 0.18); }  /* (squares inside a box) */
  .grid .plain { background: #eeeeee; box-shadow: inset 0 0 0 1px #bbbbbb; } .grid .absent { background: #ffffff; }
  .grid .numbered { font-weight: 600; }
  #caption { color: #c0392b; min-height: 1.3em; margin: 0.4em 0 0; max-width: 36em; }
  .grid .placed { outline: 3px solid #2e8b57; outline-offset: -3px; }
  .grid .erased { outline: 3px solid #c0392b; outline-offset: -3px; }
  .grid .refused { outline: 3px dashed #c0392b; outline-offset: -3px; color: rgba(0, 0, 0, 0.35); }
  #best-panel h2, #tree-panel h2 { font-size: 1em; font-weight: 600; margin: 0.8em 0 0.4em; }
  #tree-panel { flex-basis: 100%; overflow-x: auto; order: 2; }  /* (after the counters, below both) */
  #caption.call { color: #666; }
  #tree svg.unfound line.way { stroke: inherit; stroke-width: inherit; }  /* (bold once the solution is found) */"""

BOARD_VIEW = """<div>
    <div id="board" class="grid" role="grid" aria-label="the board"></div>
    <p id="caption" aria-live="polite"></p>
    <div id="best-panel" hidden>
      <h2 id="best-title"></h2><div id="best" class="grid" aria-label="the best so far"></div>
    </div>
  </div>
  <div id="tree-panel" hidden>
    <h2>the search tree so far (the ring: the call the search is in)</h2><div id="tree"></div>
  </div>"""

BOARD_SCRIPT = """
  const symbols = data.symbols || {};
  const palette = data.palette || {};
  const cells = [];
  const board = Int32Array.from(data.initial);
  const bestCells = [];
  const best = data.best || [];  // [events before it, its squares]: each better answer a branch and bound found
  const cell = Math.max(14, Math.min(56, Math.floor((best.length ? 380 : 560) / Math.max(data.rows, data.cols))));
  function makeGrid(grid, into) {
    grid.style.setProperty("--cell", cell + "px");
    grid.style.setProperty("--font", Math.max(8, Math.floor(cell * 0.42)) + "px");
    grid.style.gridTemplateColumns = "repeat(" + data.cols + ", var(--cell))";
    for (let i = 0; i < data.rows * data.cols; i++) {
      const div = document.createElement("div");
      const row = Math.floor(i / data.cols), col = i % data.cols;
      const shade = data.box ? Math.floor(row / data.box) + Math.floor(col / data.box) : row + col;
      if (data.cells === null) div.className = (shade % 2 === 0 ? "light" : "dark") + (data.box ? " lined" : "");
      else div.className = i < data.cells ? "plain" : "absent";
      grid.appendChild(div);
      into.push(div);
    }
  }
  makeGrid(element("board"), cells);
  if (best.length) { makeGrid(element("best"), bestCells); element("best-panel").hidden = false; }
  const CALL = -1;  // the square of an event that enters a call
  const tree = data.tree ? growingTree() : null;
  function growingTree() {  // the tree drawn whole, then shown as far as the search has gone
    const panel = element("tree");
    panel.innerHTML = data.tree;  // (drawn by essais: the text in it is escaped)
    const svg = panel.querySelector("svg");
    const parts = [], marks = [];  // by node: its dot and the edge above it; its refused tries' marks
    panel.querySelectorAll("[data-node]").forEach((part) => {
      (parts[Number(part.dataset.node)] ||= []).push(part);
      part.style.visibility = "hidden";
    });
    panel.querySelectorAll("[data-marks]").forEach((group) => {
      marks[Number(group.dataset.marks)] = Array.from(group.children);
      for (const mark of group.children) mark.style.visibility = "hidden";
    });
    const [markedCall, markedCount, ends] = data.marked;
    const before = markedCount.map(() => 0);  // each change's count of refused tries before it
    const last = new Map();
    markedCall.forEach((call, k) => { before[k] = last.get(call) ?? 0; last.set(call, markedCount[k]); });
    const refused = new Map(), visible = new Map();  // node -> its marks at this position; shown
    const caption = svg.querySelector("text.caption");
    let nodesShown = 0, marksShown = 0;
    function showMarks(node, count) {
      const lines = marks[node] || [], from = visible.get(node) ?? 0, to = Math.min(count, lines.length);
      for (let k = from; k < to; k++) lines[k].style.visibility = "";
      for (let k = to; k < from; k++) lines[k].style.visibility = "hidden";
      visible.set(node, to);
      marksShown += to - from;
    }
    function setRefused(node, count) { refused.set(node, count); showMarks(node, count); }
    function showNode(node, shown) {
      const group = parts[node] || [];
      if (group.length && (group[0].style.visibility === "") !== shown) nodesShown += shown ? 1 : -1;
      group.forEach((part) => (part.style.visibility = shown ? "" : "hidden"));
    }
    const ring = document.createElementNS("http://www.w3.org/2000/svg", "circle");
    for (const [name, value] of [["r", "7"], ["fill", "none"], ["stroke", "#e67e22"], ["stroke-width", "2.5"]]) {
      ring.setAttribute(name, value);
    }
    svg.appendChild(ring);
    element("tree-panel").hidden = false;
    let whole = false, ringed = -1;
    return {
      reset() {
        parts.forEach((_, node) => showNode(node, false));
        for (const node of refused.keys()) setRefused(node, 0);
      },
      apply(i) {
        if (data.squares[i] === CALL) showNode(data.call[i], true);
        for (let k = i > 0 ? ends[i - 1] : 0; k < ends[i]; k++) setRefused(markedCall[k], markedCount[k]);
      },
      undo(i) {
        for (let k = ends[i] - 1; k >= (i > 0 ? ends[i - 1] : 0); k--) setRefused(markedCall[k], before[k]);
        if (data.squares[i] === CALL) showNode(data.call[i], false);
      },
      render(position) {
        const end = position === data.squares.length && data.complete;  // the search over: every mark
        if (end !== whole) marks.forEach((lines, node) => showMarks(node, end ? lines.length : refused.get(node) ?? 0));
        whole = end;
        ringed = position > 0 ? data.call[position - 1] : -1;
        const dot = ringed >= 0 ? (parts[ringed] || []).find((part) => part.tagName === "circle") : undefined;
        ring.style.visibility = dot ? "" : "hidden";
        if (dot) { ring.setAttribute("cx", dot.getAttribute("cx")); ring.setAttribute("cy", dot.getAttribute("cy")); }
        svg.classList.toggle("unfound", !(data.solutions.length && data.solutions[0] <= position));
        const found = data.solutions.filter((before) => before <= position).length;
        if (caption) caption.textContent = format(nodesShown) + " nodes, " + format(marksShown) +
          " tries refused (red marks), " + format(found) + (found === 1 ? " solution" : " solutions") + " (green)";
      },
      state() {  // what the tree shows: the nodes, the ring, each node's marks, the bold way
        const shown = parts.flatMap((group, node) => (group[0].style.visibility === "" ? [node] : []));
        return {nodes: shown, ring: ringed, marks: Array.from(parts, (_, node) => visible.get(node) ?? 0),
                way: !svg.classList.contains("unfound")};
      },
    };
  }
  function showBest(position) {  // the last better answer found before `position` events
    let k = -1;
    while (k + 1 < best.length && best[k + 1][0] <= position) k++;
    const squares = k >= 0 ? best[k][1] : [];
    const number = new Map(squares.map((square, i) => [square, i + 1]));
    bestCells.forEach((div, i) => { div.textContent = number.has(i) ? String(number.get(i)) : "";
                                    div.classList.toggle("numbered", number.has(i)); });
    element("best-title").textContent = "the best so far: " + (k >= 0 ? format(best[k][2]) + " " + data.best_unit
                                                                      : "none yet");
  }
  function previousValue(square, before) {  // the square's value before event `before`
    for (let i = before - 1; i >= 0; i--) if (data.squares[i] === square && data.values[i] >= 0) return data.values[i];
    return data.initial[square];
  }
  const view = {
    total: data.squares.length,
    reset() { board.set(data.initial); if (tree) tree.reset(); },
    apply(i) {
      // (a refused try leaves the board unchanged)
      if (data.squares[i] !== CALL && data.values[i] >= 0) board[data.squares[i]] = data.values[i];
      if (tree) tree.apply(i);
    },
    undo(i) {
      if (data.squares[i] !== CALL && data.values[i] >= 0) board[data.squares[i]] = previousValue(data.squares[i], i);
      if (tree) tree.undo(i);
    },
    render(position) {
      for (let i = 0; i < cells.length; i++) {
        const value = board[i];
        cells[i].textContent = value > 0 ? (symbols[value] ?? String(value)) : "";
        cells[i].classList.toggle("numbered", value > 0);
        cells[i].style.background = palette[value] ?? "";
        cells[i].classList.remove("placed", "erased", "refused");
      }
      const last = position - 1, call = position > 0 && data.squares[last] === CALL;
      if (position > 0 && !call) {
        const value = data.values[last], shown = cells[data.squares[last]];
        shown.classList.add(value > 0 ? "placed" : value === 0 ? "erased" : "refused");
        if (value < 0 && board[data.squares[last]] === 0) shown.textContent = symbols[-value] ?? String(-value);
      }
      const said = position > 0 ? data.captions[last] : undefined;
      element("caption").textContent = said ?? (call ? "enters a call at depth " + data.values[last] : "");
      element("caption").classList.toggle("call", said === undefined && call);
      if (best.length) showBest(position);
      if (tree) tree.render(position);
    },
    note: (data.note || ("Each event numbers a square (outlined in green), erases one (in red) or is a try the " +
                         "promising test refused (dashed red, the value tried shown faint)")) + "; or it enters a call",
    api: {
      tree() { return tree ? tree.state() : null; },
      best() {
        let k = -1;
        while (k + 1 < best.length && best[k + 1][0] <= position) k++;  // (the player's position)
        return k >= 0 ? best[k][1].map((square) => [Math.floor(square / data.cols), square % data.cols]) : [];
      },
      board() {
        const rows = [];
        for (let r = 0; r < data.rows; r++) rows.push(Array.from(board.slice(r * data.cols, (r + 1) * data.cols)));
        return rows;
      },
    },
  };
"""
