"""The player page of a search over states of one's own (essais.core.search), recorded by
essais.core.recording.StateLog: the same controls and `window.essais` as the board's page
(essais.draw.player), with, for a depth-first search, the path of states as it grows and
shrinks (a refused try shown beside it), and for a breadth- or best-first search, the state
being expanded and the states discovered from it. Each state is drawn once, by the problem's
`draw(state)` (SVG, or text) or as its text; `state()` and `path()` give the states' texts."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from essais.core.errors import InvalidInput
from essais.core.recording import StateLog
from essais.core.result import Result
from essais.core.tree import SearchTree, tree_of_log
from essais.draw.page import log_data, page
from essais.draw.player import Watch

STATE_STYLE = """
  #states { max-width: 48em; }
  #states h2 { font-size: 1em; font-weight: 600; margin: 0.8em 0 0.4em; }
  .row { display: flex; gap: 0.5em; flex-wrap: wrap; align-items: flex-start; min-height: 2.5em; }
  .state { border: 1px solid #bbbbbb; padding: 0.3em; background: #fafafa; }
  .state pre { margin: 0; font-size: 0.9em; }
  .state.current { outline: 3px solid #2e8b57; outline-offset: -1px; }
  .state.refused, .state.left { outline: 3px dashed #c0392b; outline-offset: -1px; opacity: 0.8; }
  .state.goal { outline: 3px solid #d4a017; outline-offset: -1px; }
  .depth { color: #666; font-size: 0.85em; }"""

STATE_VIEW = """<div id="states">
    <h2 id="first-title"></h2><div class="row" id="first"></div>
    <h2 id="second-title"></h2><div class="row" id="second"></div>
  </div>"""

STATE_SCRIPT = """
  const ENTER = 0, LEAVE = 1, REFUSED = 2, GOAL = 3, DISCOVERED = 4, EXPANDED = 5;
  const depthFirst = data.strategy === "depth-first";
  let path = [], expanding = -1, expandedAt = 0, discovered = [], seen = 0, goal = -1, layers = [];
  function picture(index, extra) {
    const box = document.createElement("div");
    box.className = "state" + (extra ? " " + extra : "");
    if (data.layered) {  // the board drawn once, this state's pieces put on it
      box.innerHTML = data.layered.board;
      const frame = box.querySelector("g.frame") || box.querySelector("svg");
      for (const [square, fill] of data.drawings[index]) {
        const piece = document.createElementNS("http://www.w3.org/2000/svg", "circle");
        const [x, y] = data.layered.centres[square];
        Object.entries({class: "piece", cx: x, cy: y, r: data.layered.radius, fill: fill, stroke: "#222",
                        "stroke-width": 1.2}).forEach(([name, value]) => piece.setAttribute(name, value));
        frame.appendChild(piece);
      }
    } else if (data.svg) box.innerHTML = data.drawings[index];  // the problem's own drawing
    else { const text = document.createElement("pre"); text.textContent = data.drawings[index]; box.appendChild(text); }
    box.title = data.texts[index];
    return box;
  }
  function fill(id, title, indices, classes) {
    element(id + "-title").textContent = title;
    element(id).replaceChildren(...indices.map((index, i) => picture(index, classes[i])));
  }
  const view = {
    total: data.kinds.length,
    reset() { path = []; expanding = -1; expandedAt = 0; discovered = []; seen = 0; goal = -1; layers = []; },
    apply(i) {
      const kind = data.kinds[i], state = data.state[i];
      if (kind === ENTER) path.push(state);
      else if (kind === LEAVE) path.pop();
      else if (kind === GOAL) goal = state;
      else if (kind === DISCOVERED) {
        discovered.push(state);
        seen++;
        layers[data.depth[i]] = (layers[data.depth[i]] || 0) + 1;
      }
      else if (kind === EXPANDED) { expanding = state; expandedAt = data.depth[i]; discovered = []; }
    },
    render(position) {
      const last = position > 0 ? data.kinds[position - 1] : -1;
      const lastState = position > 0 ? data.state[position - 1] : -1;
      if (depthFirst) {
        const shown = path.slice(), classes = path.map(() => "");
        if (last === LEAVE || last === REFUSED) {
          shown.push(lastState);
          classes.push(last === LEAVE ? "left" : "refused");
        } else if (classes.length) classes[classes.length - 1] = last === GOAL ? "goal" : "current";
        const what = last === LEAVE ? " (the last taken back)" : last === REFUSED ? " (a try refused)" : "";
        fill("first", "the path, depth " + Math.max(0, path.length - 1) + what, shown, classes);
        fill("second", goal >= 0 ? "the solution's last state" : "", goal >= 0 ? [goal] : [], ["goal"]);
      } else {
        if (last === GOAL) fill("first", "a goal, depth " + data.depth[position - 1], [lastState], ["goal"]);
        else if (expanding >= 0) fill("first", "expanding (depth " + expandedAt + ")", [expanding], ["current"]);
        else fill("first", "the start", seen ? [data.state[0]] : [], ["current"]);
        const recent = discovered.slice(-24);
        const perDepth = Array.from(layers, (count) => format(count || 0)).join(" · ");
        fill("second", format(seen) + " states discovered, by depth " + perDepth + "; from this one: " +
             format(discovered.length), recent,
             recent.map((state) => (state === goal ? "goal" : "")));
      }
    },
    note: depthFirst ? "Each event puts a state on the path, takes one back or refuses a try"
                     : "Each event discovers a state or expands one",
    api: {
      state() {
        const index = depthFirst ? path[path.length - 1] : expanding;
        return index === undefined || index < 0 ? null : data.texts[index];
      },
      path() { return path.map((index) => data.texts[index]); },
      discovered() { return seen; },
    },
  };
"""


@runtime_checkable
class Layered(Protocol):
    """A drawing of states that are pieces on one board (a swap puzzle's): the page draws the
    board once and puts each state's pieces on it (`pieces(state)`: a fill by square), instead
    of a whole picture a state. A drawing passed as `draw=` is a plain function: drawn whole."""

    radius: float

    def __call__(self, state: Any) -> str: ...
    def board(self) -> str: ...
    def centres(self) -> list[tuple[float, float]]: ...
    def pieces(self, state: Any) -> Mapping[int, str]: ...


@dataclass(eq=False, repr=False)
class StateReplay(Watch):
    """A search over states of one's own watched: its result, its events, each state's text and
    drawing (`draw(state)`: SVG or text; none: the state's text), and its tree."""

    result: Result
    log: StateLog
    title: str
    strategy: str
    draw: Callable[[Any], str] | None = None
    tree: SearchTree | None = None
    method: str | None = None
    engine: str | None = "python"

    def tree_svg(self) -> str:
        """The search tree: a depth-first search's as it recorded it; a breadth- or best-first
        search's from its events (each state under the one it was discovered from)."""
        if self.tree is None:
            self.tree = tree_of_log(self.log, self.stats.tries)
        return super().tree_svg()

    def to_html(self) -> str:
        texts = [str(state) for state in self.log.states]
        drawings: list[Any] = texts
        svg, layered = False, None
        if isinstance(self.draw, Layered):
            layered = {"board": self.draw.board(), "centres": self.draw.centres(), "radius": self.draw.radius}
            drawings = [sorted(self.draw.pieces(state).items()) for state in self.log.states]
        elif self.draw is not None:
            drawings = [drawing_of(self.draw, state) for state in self.log.states]
            svg = all(drawing.lstrip().startswith("<svg") for drawing in drawings)
        data = {"strategy": self.strategy, "kinds": self.log.kinds.tolist(), "state": self.log.state.tolist(),
                "parent": self.log.parent.tolist(), "depth": self.log.depth.tolist(), "texts": texts,
                "drawings": drawings, "svg": svg, "layered": layered, **log_data(self.log, self.final())}  # fmt: skip
        return page(self.title, STATE_STYLE, STATE_VIEW, STATE_SCRIPT, data)


def drawing_of(draw: Callable[[Any], str], state: Any) -> str:
    """`draw(state)`, which must be text (SVG or not)."""
    drawing = draw(state)
    if not isinstance(drawing, str):
        raise InvalidInput(f"draw: it returned {type(drawing).__name__} for {state!r}; it must return SVG or text")
    return drawing
