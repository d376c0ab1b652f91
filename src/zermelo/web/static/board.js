// The board: the server's SVG drawing, its parts coloured and clickable (data-part).
"use strict";

import { $, make, svgEl } from "./api.js";
import { bestMoves, hintClass, moveTitle } from "./moves.js";

// The parts clicked so far of a move that several moves begin with (an amazon, then where she
// goes, then her arrow): the next click narrows them down.
let path = [];

export function renderBoard(data, hints, enabled, onMove) {
  const board = $("board");
  board.replaceChildren();
  $("board-legend").hidden = true;
  path = [];
  $("board-note").textContent = "";  // a first click's note goes with the board it was made on
  if (!data.svg) {
    board.appendChild(make("p", { class: "position-text" }, data.position));
    return;
  }
  const wrap = make("div", { class: "board-wrap" });
  wrap.innerHTML = data.svg;  // drawn by zermelo.analyses.draw on the server: only our own markup
  board.appendChild(wrap);
  // A picture whose parts are buttons is a group of controls, not an image (an image's parts are
  // hidden from assistive technology).
  if (enabled) wrap.querySelector("svg").setAttribute("role", "group");
  const best = bestMoves(data.moves);
  // Every way to click each move (Kayles 5 -> 1 + 3: pin 2 or pin 4), by the part clicked first;
  // and the moves each beginning of a way leaves open (a1, then a1 b1, of Amazons' a1-b1/c1).
  const byFirst = new Map();
  const open = new Map();
  for (const m of data.moves) {
    for (const way of ways(m)) {
      if (!byFirst.has(way[0])) byFirst.set(way[0], []);
      const list = byFirst.get(way[0]);
      if (!list.includes(m)) list.push(m);
      for (let i = 1; i < way.length; i++) {
        const key = way.slice(0, i).join(" ");
        if (!open.has(key)) open.set(key, new Set());
        open.get(key).add(m);
      }
    }
  }
  // The parts clicked after others: when what was clicked before still leaves several moves open.
  const later = new Set();
  for (const m of data.moves) {
    for (const way of ways(m)) {
      for (let i = 1; i < way.length; i++) if (open.get(way.slice(0, i).join(" ")).size > 1) later.add(way[i]);
    }
  }
  const marked = [];  // the parts whose hint is a mark beside them (all but counters)
  const stops = [];  // the board's clickable parts: one Tab stop, the arrow keys move between them
  for (const g of wrap.querySelectorAll("[data-part]")) {
    const part = g.dataset.part;
    const starts = byFirst.get(part) || [];
    const seconds = later.has(part);
    if (!starts.length && !seconds) continue;
    // The move of this part alone (a pin knocked out by itself): its colour is the part's hint.
    const alone = starts.find((m) => ways(m).some((w) => w.length === 1 && w[0] === part));
    const shown = starts.length === 1 ? starts[0] : alone;
    if (shown) {
      g.setAttribute("class", `part ${g.getAttribute("class").replace(/^part ?/, "")} move-part ${hintClass(shown, best, hints)}`);
      g.dataset.value = hints ? shown.value : "";
      g.dataset.number = String(shown.number);
      if (hints && !g.classList.contains("counter")) marked.push([g, shown]);
    }
    if (starts.length === 1) {
      g.appendChild(svgTitle(moveTitle(starts[0], hints)));
    } else {
      g.classList.add("move-part", starts.length ? "choice" : "target");
      g.appendChild(svgTitle(starts.length ? choiceTitle(starts.length, alone, part) : part));
    }
    if (!enabled) continue;
    stops.push(g);
    g.setAttribute("tabindex", "-1");
    g.setAttribute("role", "button");
    g.setAttribute("aria-label", starts.length === 1 ? moveTitle(starts[0], hints) : partKind(part) === "cell" ? `cell ${part}` : partName(part));
    const act = () => clickPart(part, data.moves, wrap, onMove);
    g.addEventListener("click", act);
    // Where the moves from here land, shaded while the part is pointed at or focused (a Konane
    // stone's jumps, a Fission stone's two halves), before any click.
    if (starts.length) {
      g.addEventListener("pointerenter", () => preview(part, starts, wrap));
      g.addEventListener("focus", () => preview(part, starts, wrap));
      g.addEventListener("pointerleave", () => unpreview(wrap));
      g.addEventListener("blur", () => unpreview(wrap));
    }
    g.addEventListener("keydown", (ev) => {
      if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); act(); return; }
      const at = stops.indexOf(g);
      const to = { ArrowRight: at + 1, ArrowDown: at + 1, ArrowLeft: at - 1, ArrowUp: at - 1, Home: 0, End: stops.length - 1 }[ev.key];
      if (to === undefined) return;
      ev.preventDefault();
      const next = stops[(to + stops.length) % stops.length];  // round from the last part to the first
      g.setAttribute("tabindex", "-1");
      next.setAttribute("tabindex", "0");
      next.focus();
    });
  }
  drawMarks(wrap.querySelector("svg"), marked, best);
  growBoard();
  $("board-legend").hidden = !marked.length;
  // Tab reaches the board once, at its best move (hints on) or its first part: a heap of 60
  // counters is not 60 Tab presses.
  const first = stops.find((g) => g.classList.contains("best")) || stops[0];
  if (first) first.setAttribute("tabindex", "0");
  const svg = wrap.querySelector("svg");
  if (first && svg) svg.setAttribute("aria-label", `${svg.getAttribute("aria-label") || "board"}: arrow keys move between its parts, Enter plays`);
}

const SYMBOL = { win: "+", draw: "=", lose: "−" };

// A hint as a mark beside its part, never a colour of it: a free cell stays free, a disc and an
// edge keep their player's colour.  A cell's mark sits in its corner, an edge's beside its middle,
// a column's in the strip under the board (the legend says what the marks mean).
function drawMarks(svg, marked, best) {
  if (!svg) return;
  for (const [g, m] of marked) {
    const box = g.getBBox();
    let x = box.x + 10, y = box.y + 10;
    if (g.classList.contains("column")) { x = box.x + box.width / 2; y = box.y + box.height + 15; }
    else if (g.classList.contains("edge")) { x = box.x + box.width / 2 + 16; y = box.y + box.height / 2; }
    else if (g.classList.contains("vertex")) { x = box.x + box.width - 6; y = box.y + 6; }
    const mark = svgEl("g", { class: `hint-mark ${m.value}${best.has(m.number) ? " best" : ""}`, "aria-hidden": "true" });
    mark.appendChild(svgEl("circle", { cx: x, cy: y, r: 9 }));
    mark.appendChild(svgEl("text", { x, y: y + 5, "text-anchor": "middle" }, SYMBOL[m.value] || "?"));
    svg.appendChild(mark);
  }
}

const svgTitle = (text) => svgEl("title", {}, text);

// The parts the moves starting at ``part`` go to (each way's second click) and the cells a
// one-click move fills (its ``lands``), marked "lands" while nothing is selected.
function preview(part, starts, wrap) {
  unpreview(wrap);
  if (path.length) return;
  const cells = new Set();
  for (const m of starts) {
    for (const w of ways(m)) {
      if (w[0] !== part) continue;
      if (w.length > 1) cells.add(w[1]);
      else for (const c of m.lands || []) cells.add(c);
    }
  }
  cells.delete(part);
  for (const c of cells) {
    const g = wrap.querySelector(`[data-part="${CSS.escape(c)}"]`);
    if (g) g.classList.add("lands");
  }
}

function unpreview(wrap) {
  for (const g of wrap.querySelectorAll(".lands")) g.classList.remove("lands");
}

// The ways to click a move: its ``clicks`` (every one), else its ``parts``.
const ways = (m) => (m.clicks && m.clicks.length ? m.clicks : m.parts && m.parts.length ? [m.parts] : []);

function choiceTitle(n, alone, part) {
  return alone ? `${n} moves start here: click it again to play it alone, or click where your move ends`
    : `${n} moves start here: click, then the next ${partKind(part)}`;
}

// Whether a move still open takes more than two clicks (then "the next" part, not "the other").
const longer = (open) => open.some((m) => ways(m).some((w) => w.length > 2 && path.every((p, i) => w[i] === p)));

// The moves still open after a selection, named when they are few (a split of a heap into three
// is built click by click: the note says which splits the clicks so far lead to).
function stillOpen(open) {
  if (open.length > 3) return ` (${open.length} moves go on from here)`;
  return ` (${open.length === 1 ? "the move" : "one of"}: ${open.map((m) => m.move).join("; ")})`;
}

// The moves with a way that begins with ``prefix``, and those whose way is just ``prefix``.
function following(moves, prefix) {
  const begins = (w) => w.length >= prefix.length && prefix.every((p, i) => w[i] === p);
  return {
    open: moves.filter((m) => ways(m).some(begins)),
    done: moves.filter((m) => ways(m).some((w) => begins(w) && w.length === prefix.length)),
  };
}

function clickPart(part, moves, wrap, onMove) {
  unpreview(wrap);
  let next = [...path, part];
  let { open, done } = following(moves, next);
  if (!open.length && path.length) {
    const last = path[path.length - 1];
    const here = following(moves, path).done;
    if (part === last && here.length === 1) { onMove(here[0]); return; }  // clicked again: the move ends here
    // Two cells in either order (a2, then a1 for a1-a2).
    const pair = moves.filter((m) => ways(m).some((w) => w.length === 2 && path.length === 1 && w.includes(last) && w.includes(part)));
    if (pair.length === 1) { onMove(pair[0]); return; }
    next = [part];  // a new move begins here
    ({ open, done } = following(moves, next));
  }
  if (open.length === 1) { onMove(open[0]); return; }
  for (const g of wrap.querySelectorAll(".selected, .next")) g.classList.remove("selected", "next");
  path = open.length ? next : [];
  if (!path.length) { $("board-note").textContent = ""; return; }
  for (const p of path) wrap.querySelector(`[data-part="${CSS.escape(p)}"]`).classList.add("selected");
  // The parts that go on from here, shown.
  for (const m of open) {
    for (const w of ways(m)) {
      if (w.length > path.length && path.every((p, i) => w[i] === p)) {
        const g = wrap.querySelector(`[data-part="${CSS.escape(w[path.length])}"]`);
        if (g) g.classList.add("next");
      }
    }
  }
  const names = path.map(partName).join(", then ");
  $("board-note").textContent = (done.length === 1
    ? `${names} selected: click it again to play it alone, or click where your move goes on`
    : path.length === 1 && !longer(open) ? `${names} selected: now click the other ${partKind(part)} of your move`
      : `${names} selected: now click the next ${partKind(part)} of your move`) + stillOpen(open);
}

// What a part is called: a cell, an edge, a vertex, a handle of a cake, a counter, a coin.
function partKind(part) {
  if (/^h\d+:/.test(part)) return "counter";
  if (/^c:\d+$/.test(part)) return "coin";
  if (/^e:/.test(part)) return "edge";
  if (/^v:/.test(part)) return "vertex";
  if (/^k\d+:/.test(part)) return "line";
  return "cell";
}

// A part as people name it: counter 3 of heap 1 (its name h1:2 counts from 0), cell a1, edge 3,
// vertex 2, cake 1's column 3 (k1:c3), its row 2 (k1:r2), the cut after its column 2 (k1:v2),
// coin 3 (c:3).
function partName(part) {
  const coin = /^c:(\d+)$/.exec(part);
  if (coin) return `coin ${coin[1]}`;
  const heap = /^h(\d+):(\d+)$/.exec(part);
  if (heap) return `heap ${heap[1]}, counter ${Number(heap[2]) + 1}`;
  const cake = /^k(\d+):([crvh])(\d+)$/.exec(part);
  if (cake) {
    const what = { c: "column", r: "row", v: "the cut after column", h: "the cut under row" }[cake[2]];
    return `cake ${cake[1]}, ${what} ${cake[3]}`;
  }
  const graph = /^([ev]):(.+)$/.exec(part);
  if (graph) return `${graph[1] === "e" ? "edge" : "vertex"} ${graph[2]}`;
  return part;
}

// On a wide screen (a projector: 1280 px and more) the board grows to the width of its panel, as
// tall as a little less than the screen allows, at most three times its drawn size; on a phone or
// a laptop's narrow window it keeps the server's size (a long heap scrolls sideways).
export const WIDE = 1200;

export function growBoard() {
  const svg = $("board").querySelector("svg.board-svg");
  if (!svg) return;
  if (!svg.dataset.width) {
    svg.dataset.width = svg.getAttribute("width");
    svg.dataset.height = svg.getAttribute("height");
  }
  const w = Number(svg.dataset.width), h = Number(svg.dataset.height);
  const room = $("board").clientWidth;
  const scale = window.innerWidth >= WIDE ? Math.min(3, room / w, (0.7 * window.innerHeight) / h) : 1;
  const k = Math.max(1, scale);
  svg.setAttribute("width", String(Math.floor(w * k)));
  svg.setAttribute("height", String(Math.floor(h * k)));
}
