// The board: the server's SVG drawing, its parts coloured and clickable (data-part).
"use strict";

import { $, make, svgEl } from "./api.js";
import { bestMoves, hintClass, moveTitle } from "./moves.js";

let selected = null;  // a part clicked that starts several moves: the next click picks one

export function renderBoard(data, hints, enabled, onMove) {
  const board = $("board");
  board.replaceChildren();
  $("board-legend").hidden = true;
  selected = null;
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
  // Every way to click each move (Kayles 5 -> 1 + 3: pin 2 or pin 4), by the part clicked first.
  const byFirst = new Map();
  for (const m of data.moves) {
    for (const way of ways(m)) {
      if (!byFirst.has(way[0])) byFirst.set(way[0], []);
      const list = byFirst.get(way[0]);
      if (!list.includes(m)) list.push(m);
    }
  }
  const marked = [];  // the parts whose hint is a mark beside them (all but counters)
  const stops = [];  // the board's clickable parts: one Tab stop, the arrow keys move between them
  for (const g of wrap.querySelectorAll("[data-part]")) {
    const part = g.dataset.part;
    const starts = byFirst.get(part) || [];
    // A second click is needed only after a first part that starts several moves (a1, then a2);
    // Connect Four's landing cell is no target of its own: the column is the move.
    const seconds = data.moves.filter((m) => ways(m).some((w) => w.indexOf(part) > 0 && byFirst.get(w[0]).length > 1));
    if (!starts.length && !seconds.length) continue;
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
      g.appendChild(svgTitle(starts.length ? choiceTitle(starts.length, alone) : part));
    }
    if (!enabled) continue;
    stops.push(g);
    g.setAttribute("tabindex", "-1");
    g.setAttribute("role", "button");
    g.setAttribute("aria-label", starts.length === 1 ? moveTitle(starts[0], hints) : `cell ${part}`);
    const act = () => clickPart(part, starts, data.moves, wrap, onMove, alone);
    g.addEventListener("click", act);
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

// The ways to click a move: its ``clicks`` (every one), else its ``parts``.
const ways = (m) => (m.clicks && m.clicks.length ? m.clicks : m.parts && m.parts.length ? [m.parts] : []);

function choiceTitle(n, alone) {
  return alone ? `${n} moves start here: click it again to play it alone, or click where your move ends`
    : `${n} moves start here: click, then the other cell`;
}

function clickPart(part, starts, moves, wrap, onMove, alone) {
  if (selected === part && alone) { onMove(alone); return; }
  if (selected && selected !== part) {
    const both = moves.filter((m) => ways(m).some((w) => w.length === 2 && w.includes(selected) && w.includes(part)));
    if (both.length === 1) { onMove(both[0]); return; }
  }
  if (starts.length === 1) { onMove(starts[0]); return; }
  for (const g of wrap.querySelectorAll(".selected")) g.classList.remove("selected");
  selected = starts.length ? part : null;
  if (selected) wrap.querySelector(`[data-part="${CSS.escape(part)}"]`).classList.add("selected");
  $("board-note").textContent = !selected ? ""
    : alone ? `${partName(part)} selected: click it again to play it alone, or click where your move ends`
      : `${partName(part)} selected: now click the other cell of your move`;
}

// A part as people name it: counter 3 of heap 1 (its name h1:2 counts from 0), a cell a1.
function partName(part) {
  const heap = /^h(\d+):(\d+)$/.exec(part);
  return heap ? `heap ${heap[1]}, counter ${Number(heap[2]) + 1}` : part;
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
