"""The player page: a self-contained HTML page (inline script and style, no network) that
replays the events of a search recorded by essais.core.recording.EventLog.

The page exposes its state to scripts as `window.essais`: `toStart()`, `step()`, `back()`,
`play()`, `pause()`, `toEnd()`, `board()` (rows of numbers, 0 for an empty square),
`counters()` ({nodes, tries, backtracks}), `position()` and `events` (how many were recorded).
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from essais.core.errors import InvalidInput
from essais.core.recording import EventLog, SearchTree, StateLog
from essais.core.result import Result, Stats, Status, plural
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
) -> str:
    """The page that replays `log` on a rows×cols board that starts as `initial`; `final` holds
    the search's own ending ({"status", "nodes", "tries", "backtracks"}), shown at the end when
    every event was recorded; a square shows its number, or `symbols[number]` (a queen), on the
    colour `palette[number]` if given (a graph's colours). `cells`: the first cells only are
    squares (the vertices of a graph laid out in a grid), on a plain background. A log with
    better answers (`log.best`, a branch and bound's) shows the best so far beside the board,
    its score in `best_unit`. With the search's `tree` (its SVG, essais.draw.tree), the page
    grows it as it replays, the last call made ringed."""
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
        "best": log.best,
        "best_unit": best_unit,
        "tree": tree,
        "node": log.node.tolist(),
    }
    return page(title, BOARD_STYLE, BOARD_VIEW, BOARD_SCRIPT, data)


def log_data(log: EventLog | StateLog, final: dict[str, Any]) -> dict[str, Any]:
    """What every page holds of a log: the counters at each event, the events before each
    solution (a state log: each goal), whether every event was recorded, and the search's own
    ending."""
    if isinstance(log, StateLog):
        solutions = [i + 1 for i, kind in enumerate(log.kinds) if kind == StateLog.GOAL]
    else:
        solutions = log.solutions.tolist()
    return {"nodes": log.nodes.tolist(), "tries": log.tries.tolist(), "backtracks": log.backtracks.tolist(),
            "complete": log.complete, "limit": log.limit, "final": final, "solutions": solutions}  # fmt: skip


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
        return {"status": str(self.status), "nodes": stats.nodes, "tries": stats.tries, "backtracks": stats.backtracks}

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

    @property
    def drawable(self) -> bool:
        return bool(getattr(self.result, "drawable", False))

    def to_svg(self) -> str:
        return str(self.result.to_svg())  # type: ignore[attr-defined]

    def to_html(self) -> str:
        tree = self.tree_svg() if self.tree is not None and self.tree.complete and len(self.tree) <= PAGE_TREE else None
        return replay_page(self.rows, self.cols, self.initial, self.log, self.final(), self.title, self.symbols,
                           self.palette, self.cells, self.best_unit, tree)  # fmt: skip


PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 1.5em; color: #222; }
  h1 { font-size: 1.2em; font-weight: 600; }
  main { display: flex; gap: 2em; flex-wrap: wrap; align-items: flex-start; }
  table { border-collapse: collapse; } td { padding: 0.2em 0.8em 0.2em 0; }
  td.value { text-align: right; font-variant-numeric: tabular-nums; min-width: 7em; }
  .controls { margin: 1em 0; display: flex; gap: 0.4em; flex-wrap: wrap; align-items: center; }
  button { font-size: 1em; padding: 0.3em 0.7em; }
  #note { color: #8a5a00; max-width: 36em; }
  #position-slider { width: 100%; }
{style}
</style>
</head>
<body>
<h1>{title}</h1>
<main>
  {view}
  <section>
    <table>
      <tr><td>event</td><td class="value" id="event"></td></tr>
      <tr><td>nodes</td><td class="value" id="nodes"></td></tr>
      <tr><td>tries</td><td class="value" id="tries"></td></tr>
      <tr><td>backtracks</td><td class="value" id="backtracks"></td></tr>
      <tr><td>solutions</td><td class="value" id="solutions"></td></tr>
      <tr><td>status</td><td class="value" id="status"></td></tr>
    </table>
    <div class="controls">
      <button id="to-start" title="back to the start (Home)">start</button>
      <button id="back" title="one event back (left arrow)">&#x25C0;</button>
      <button id="play" title="play or pause (space)">play</button>
      <button id="step" title="one event forward (right arrow)">&#x25B6;</button>
      <button id="to-end" title="to the end (End)">end</button>
    </div>
    <div class="controls">
      <label for="speed">speed</label>
      <input id="speed" type="range" min="0" max="4" step="0.25" value="2">
      <span id="speed-value"></span>
    </div>
    <input id="position-slider" type="range" min="0" value="0" aria-label="position">
    <p id="note"></p>
  </section>
</main>
<script type="application/json" id="essais-data">{data}</script>
<script>
"use strict";
(function () {
  const data = JSON.parse(document.getElementById("essais-data").textContent);
  const element = (id) => document.getElementById(id);
  const format = (n) => n.toLocaleString("en-US");
{script}
  // the player, the same for every view: `view` applies events forward (and undoes one where
  // it can), draws the state reached and adds its own functions to window.essais
  const total = view.total;
  let position = 0;  // events applied
  let playing = false, carry = 0, lastTime = 0;
  const slider = element("position-slider");
  slider.max = String(total);

  function seek(target) {  // apply events until `target` of them are applied
    target = Math.max(0, Math.min(total, target));
    if (target === position - 1 && view.undo) {
      position--;
      view.undo(position);
    } else if (target < position) {  // back: replay from the start
      view.reset();
      position = 0;
    }
    while (position < target) { view.apply(position); position++; }
  }
  function counters() {
    if (position === total && data.complete) {
      return {nodes: data.final.nodes, tries: data.final.tries, backtracks: data.final.backtracks};
    }
    if (position === 0) return {nodes: 0, tries: 0, backtracks: 0};
    const i = position - 1;
    return {nodes: data.nodes[i], tries: data.tries[i], backtracks: data.backtracks[i]};
  }
  function solutionsSoFar() {  // the solutions found before `position` events (data.solutions: ascending)
    let low = 0, high = data.solutions.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (data.solutions[middle] <= position) low = middle + 1;
      else high = middle;
    }
    return low;
  }
  function render() {
    view.render(position);
    const now = counters(), found = solutionsSoFar();
    element("solutions").textContent = format(found);
    element("event").textContent = format(position) + " / " + format(total);
    element("nodes").textContent = format(now.nodes);
    element("tries").textContent = format(now.tries);
    element("backtracks").textContent = format(now.backtracks);
    const justFound = found > 0 && data.solutions[found - 1] === position;
    element("status").textContent = position === total ? (data.complete ? data.final.status : "recording stopped")
                                    : justFound ? "solution " + format(found) : (playing ? "playing" : "paused");
    element("play").textContent = playing ? "pause" : "play";
    slider.value = String(position);
  }
  function speed() { return Math.round(Math.pow(10, Number(element("speed").value))); }  // events a second
  function showSpeed() { element("speed-value").textContent = format(speed()) + " events/s"; }
  function frame(time) {
    if (!playing) return;
    carry += (time - lastTime) / 1000 * speed();
    lastTime = time;
    const steps = Math.floor(carry);
    carry -= steps;
    if (steps > 0) seek(position + steps);
    if (position >= total) playing = false;
    render();
    if (playing) requestAnimationFrame(frame);
  }
  const api = {
    play() { if (position >= total) seek(0); playing = true; carry = 0; lastTime = performance.now();
             requestAnimationFrame(frame); render(); },
    pause() { playing = false; render(); },
    step() { playing = false; seek(position + 1); render(); },
    back() { playing = false; seek(position - 1); render(); },
    toStart() { playing = false; seek(0); render(); },
    toEnd() { playing = false; seek(total); render(); },
    counters,
    solutions: solutionsSoFar,
    position() { return position; },
    events: total,
    complete: data.complete,
    ...view.api,
  };
  window.essais = api;
  element("play").addEventListener("click", () => (playing ? api.pause() : api.play()));
  element("step").addEventListener("click", api.step);
  element("back").addEventListener("click", api.back);
  element("to-start").addEventListener("click", api.toStart);
  element("to-end").addEventListener("click", api.toEnd);
  element("speed").addEventListener("input", showSpeed);
  slider.addEventListener("input", () => { playing = false; seek(Number(slider.value)); render(); });
  document.addEventListener("keydown", (event) => {
    const keys = {" ": () => (playing ? api.pause() : api.play()), ArrowRight: api.step, ArrowLeft: api.back,
                  Home: api.toStart, End: api.toEnd};
    if (keys[event.key]) { event.preventDefault(); keys[event.key](); }
  });
  element("note").textContent = data.complete
    ? view.note + ": " + format(total) + " events, every one of the search's."
    : "Recording stopped after " + format(total) + " events (--animate-limit " + format(data.limit) +
      "); the search went on: it ended " + data.final.status + " after " + format(data.final.nodes) +
      " nodes, " + format(data.final.backtracks) + " backtracks.";
  showSpeed();
  render();
})();
</script>
</body>
</html>
"""


def page(title: str, style: str, view: str, script: str, data: dict[str, Any]) -> str:
    """A player page: the skeleton above filled in one pass (so that no inserted text is read
    as a placeholder), `data` as JSON that cannot end its script early."""
    payload = json.dumps(data, separators=(",", ":")).replace("</", "<\\/")
    parts = {"title": html.escape(title), "style": style, "view": view, "script": script, "data": payload}
    return re.sub(r"\{(title|style|view|script|data)\}", lambda match: parts[match.group(1)], PAGE)


BOARD_STYLE = """  .grid { display: grid; border: 2px solid #6b4f33; }
  .grid div { display: flex; align-items: center; justify-content: center; font-size: var(--font);
               width: var(--cell); height: var(--cell); font-variant-numeric: tabular-nums; }
  .grid .light { background: #f0d9b5; } .grid .dark { background: #b58863; }
  .grid .plain { background: #eeeeee; box-shadow: inset 0 0 0 1px #bbbbbb; } .grid .absent { background: #ffffff; }
  .grid .numbered { font-weight: 600; }
  .grid .placed { outline: 3px solid #2e8b57; outline-offset: -3px; }
  .grid .erased { outline: 3px solid #c0392b; outline-offset: -3px; }
  .grid .refused { outline: 3px dashed #c0392b; outline-offset: -3px; color: rgba(0, 0, 0, 0.35); }
  #best-panel h2, #tree-panel h2 { font-size: 1em; font-weight: 600; margin: 0.8em 0 0.4em; }
  #tree-panel { flex-basis: 100%; overflow-x: auto; order: 2; }  /* (after the counters, below both) */"""

BOARD_VIEW = """<div>
    <div id="board" class="grid" role="grid" aria-label="the board"></div>
    <div id="best-panel" hidden>
      <h2 id="best-title"></h2><div id="best" class="grid" aria-label="the best so far"></div>
    </div>
  </div>
  <div id="tree-panel" hidden>
    <h2>the search tree so far (the ring: the last call made)</h2><div id="tree"></div>
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
      if (data.cells === null) div.className = (row + col) % 2 === 0 ? "light" : "dark";
      else div.className = i < data.cells ? "plain" : "absent";
      grid.appendChild(div);
      into.push(div);
    }
  }
  makeGrid(element("board"), cells);
  if (best.length) { makeGrid(element("best"), bestCells); element("best-panel").hidden = false; }
  const byNode = [];  // the tree's elements (dot, edge above, marks) by node, in the order the search made them
  let shownTo = -1, ring = null;
  if (data.tree) {
    element("tree").innerHTML = data.tree;  // (drawn by essais: the text in it is escaped)
    element("tree").querySelectorAll("[data-node]").forEach((part) => {
      const node = Number(part.dataset.node);
      (byNode[node] = byNode[node] || []).push(part);
      part.style.visibility = "hidden";
    });
    ring = document.createElementNS("http://www.w3.org/2000/svg", "circle");
    ring.setAttribute("r", "7");
    ring.setAttribute("fill", "none");
    ring.setAttribute("stroke", "#e67e22");
    ring.setAttribute("stroke-width", "2.5");
    element("tree").querySelector("svg").appendChild(ring);
    element("tree-panel").hidden = false;
  }
  function growTree(position) {  // the nodes made up to the event before `position`, the last one ringed
    const last = Math.max(0, position > 0 ? data.node[position - 1] : 0);
    for (; shownTo < last; shownTo++) (byNode[shownTo + 1] || []).forEach((part) => (part.style.visibility = ""));
    for (; shownTo > last; shownTo--) (byNode[shownTo] || []).forEach((part) => (part.style.visibility = "hidden"));
    const dot = (byNode[last] || []).find((part) => part.tagName === "circle");
    if (dot) { ring.setAttribute("cx", dot.getAttribute("cx")); ring.setAttribute("cy", dot.getAttribute("cy")); }
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
    reset() { board.set(data.initial); },
    apply(i) { if (data.values[i] >= 0) board[data.squares[i]] = data.values[i]; },  // (a refused try: unchanged)
    undo(i) { if (data.values[i] >= 0) board[data.squares[i]] = previousValue(data.squares[i], i); },
    render(position) {
      for (let i = 0; i < cells.length; i++) {
        const value = board[i];
        cells[i].textContent = value > 0 ? (symbols[value] ?? String(value)) : "";
        cells[i].classList.toggle("numbered", value > 0);
        cells[i].style.background = palette[value] ?? "";
        cells[i].classList.remove("placed", "erased", "refused");
      }
      if (position > 0) {
        const last = position - 1, value = data.values[last], shown = cells[data.squares[last]];
        shown.classList.add(value > 0 ? "placed" : value === 0 ? "erased" : "refused");
        if (value < 0 && board[data.squares[last]] === 0) shown.textContent = symbols[-value] ?? String(-value);
      }
      if (best.length) showBest(position);
      if (data.tree) growTree(position);
    },
    note: "Each event numbers a square (outlined in green), erases one (in red) or is a try the promising test " +
          "refused (dashed red, the value tried shown faint)",
    api: {
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
