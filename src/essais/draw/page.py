"""The skeleton of the player pages (essais.draw.player's board, essais.draw.state_player's
states): one self-contained HTML page (inline script and style, no network) with the counters,
the controls and `window.essais`, into which a view puts its style, its markup and its script
(an object `view` that applies the events, draws the state reached and adds its own functions
to `window.essais`), and the data of a log as JSON."""

from __future__ import annotations

import html
import json
import re
from typing import Any

from essais.core.recording import EventLog, StateLog


def log_data(log: EventLog | StateLog, final: dict[str, Any]) -> dict[str, Any]:
    """What every page holds of a log: the counters at each event, the events before each
    solution (a state log: each goal), whether every event was recorded, and the search's own
    ending."""
    if isinstance(log, StateLog):
        solutions = [i + 1 for i, kind in enumerate(log.kinds) if kind == StateLog.GOAL]
    else:
        solutions = log.solutions.tolist()
    own = {name: values.tolist() for name, values in getattr(log, "own", {}).items()}  # a method's own counters
    return {"nodes": log.nodes.tolist(), "tries": log.tries.tolist(), "backtracks": log.backtracks.tolist(),
            "own": own, "complete": log.complete, "limit": log.limit, "final": final,
            "solutions": solutions}  # fmt: skip


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
  const own = Object.keys(data.own || {});  // a method's own counters (dancing links' updates), a row each
  for (const name of own) {
    const row = document.createElement("tr");
    row.innerHTML = '<td></td><td class="value"></td>';
    row.firstChild.textContent = name;
    row.lastChild.id = "own-" + name;
    element("solutions").parentElement.before(row);
  }
  function counters() {
    const counted = {};
    if (position === total && data.complete) {
      for (const name of ["nodes", "tries", "backtracks", ...own]) counted[name] = data.final[name];
    } else {
      const i = position - 1;
      for (const name of ["nodes", "tries", "backtracks"]) counted[name] = i < 0 ? 0 : data[name][i];
      for (const name of own) counted[name] = i < 0 ? 0 : data.own[name][i];
    }
    return counted;
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
    for (const name of own) element("own-" + name).textContent = format(now[name]);
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
