"""The board player's own part of its page (essais.draw.player.replay_page, in essais.draw.page's
skeleton): its style, its view (the board in a frame that scrolls, the caption, the best so far,
the tree) and its script (the squares drawn, the events applied and undone, the tree grown)."""

BOARD_STYLE = """  .grid { display: grid; border: 2px solid #6b4f33; width: max-content; }
  #board-frame { position: relative; max-height: 78vh; max-width: min(100%, 72em); overflow: auto; }
  .grid div { display: flex; align-items: center; justify-content: center; font-size: var(--font);
               width: var(--cell); height: var(--cell); font-variant-numeric: tabular-nums; }
  .grid .light { background: #f0d9b5; } .grid .dark { background: #b58863; }
  .grid .lined { box-shadow: inset 0 0 0 1px rgba(60, 40, 20, 0.18); }  /* (squares inside a box) */
  .grid .plain { background: #eeeeee; box-shadow: inset 0 0 0 1px #bbbbbb; } .grid .absent { background: #ffffff; }
  .grid .numbered { font-weight: 600; }
  .grid .label { width: auto; padding: 0 0.3em; justify-content: flex-start; position: sticky; left: 0; z-index: 1; }
  #caption { color: #c0392b; min-height: 1.3em; margin: 0.4em 0 0; max-width: 36em; }
  .grid .placed { outline: 3px solid #2e8b57; outline-offset: -3px; }
  .grid .erased { outline: 3px solid #c0392b; outline-offset: -3px; }
  .grid .refused { outline: 3px dashed #c0392b; outline-offset: -3px; color: rgba(0, 0, 0, 0.35); }
  #best-panel h2, #tree-panel h2 { font-size: 1em; font-weight: 600; margin: 0.8em 0 0.4em; }
  #tree-panel { flex-basis: 100%; overflow-x: auto; order: 2; }  /* (after the counters, below both) */
  #caption.call { color: #666; }
  #tree svg.unfound line.way { stroke: inherit; stroke-width: inherit; }  /* (bold once the solution is found) */"""

BOARD_VIEW = """<div>
    <div id="board-frame"><div id="board" class="grid" role="grid" aria-label="the board"></div></div>
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
    grid.style.gridTemplateColumns = data.labelled ? "max-content repeat(" + (data.cols - 1) + ", var(--cell))"
                                                   : "repeat(" + data.cols + ", var(--cell))";
    for (let i = 0; i < data.rows * data.cols; i++) {
      const div = document.createElement("div");
      const row = Math.floor(i / data.cols), col = i % data.cols;
      const shade = data.box ? Math.floor(row / data.box) + Math.floor(col / data.box) : row + col;
      if (data.cells === null) div.className = (shade % 2 === 0 ? "light" : "dark") + (data.box ? " lined" : "");
      else div.className = i < data.cells ? "plain" : "absent";
      if (data.labelled && col === 0) div.classList.add("label");
      grid.appendChild(div);
      into.push(div);
    }
  }
  makeGrid(element("board"), cells);
  const drawn = new Int32Array(cells.length).fill(-1);  // the number each square shows (-1: to draw)
  let outlined = -1;  // the square of the last event, outlined
  const boardFrame = element("board-frame");
  // A board larger than its frame scrolls to the square of the last event (the frame, not the
  // page), once a frame drawn: scrolling lays out every square again (0.06 s on a table of 36,000
  // squares), so not at each event of a quick replay; where a square stands is counted.
  const firstWidth = cells.length ? cells[0].offsetWidth : cell, border = 2;
  const scrolls = boardFrame.scrollHeight > boardFrame.clientHeight || boardFrame.scrollWidth > boardFrame.clientWidth;
  let toScroll = -1;
  function bringIntoView(square) {
    if (scrolls && toScroll < 0) requestAnimationFrame(() => { scrollToSquare(toScroll); toScroll = -1; });
    toScroll = square;
  }
  function scrollToSquare(square) {
    const row = Math.floor(square / data.cols), col = square % data.cols;
    const top = border + row * cell, left = border + (col === 0 ? 0 : firstWidth + (col - 1) * cell);
    const width = col === 0 ? firstWidth : cell;
    if (top < boardFrame.scrollTop) boardFrame.scrollTop = top;
    else if (top + cell > boardFrame.scrollTop + boardFrame.clientHeight)
      boardFrame.scrollTop = top + cell - boardFrame.clientHeight;
    if (left < boardFrame.scrollLeft) boardFrame.scrollLeft = left;
    else if (left + width > boardFrame.scrollLeft + boardFrame.clientWidth)
      boardFrame.scrollLeft = left + width - boardFrame.clientWidth;
  }
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
      // (only the squares whose number changed are drawn again: a model's table has tens of thousands)
      for (let i = 0; i < cells.length; i++) {
        const value = board[i];
        if (drawn[i] === value) continue;
        cells[i].textContent = value > 0 ? (symbols[value] ?? String(value)) : "";
        cells[i].classList.toggle("numbered", value > 0);
        cells[i].style.background = palette[value] ?? "";
        drawn[i] = value;
      }
      if (outlined >= 0) cells[outlined].classList.remove("placed", "erased", "refused");
      const last = position - 1, call = position > 0 && data.squares[last] === CALL;
      outlined = position > 0 && !call ? data.squares[last] : -1;
      if (outlined >= 0) {
        const value = data.values[last], shown = cells[outlined];
        shown.classList.add(value > 0 ? "placed" : value === 0 ? "erased" : "refused");
        bringIntoView(outlined);
        if (value < 0 && board[outlined] === 0) {
          shown.textContent = symbols[-value] ?? String(-value);
          drawn[outlined] = -1;  // (the try's value shown faint: drawn anew next time)
        }
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
