// The board: the server's SVG drawing, its parts coloured and clickable (data-part).
"use strict";

import { $, make } from "./api.js";
import { bestMoves, hintClass, moveTitle } from "./moves.js";

let selected = null;  // a part clicked that starts several moves: the next click picks one

export function renderBoard(data, hints, enabled, onMove) {
  const board = $("board");
  board.replaceChildren();
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
  const byFirst = new Map();
  for (const m of data.moves) {
    if (!m.parts || !m.parts.length) continue;
    const p = m.parts[0];
    if (!byFirst.has(p)) byFirst.set(p, []);
    byFirst.get(p).push(m);
  }
  const stops = [];  // the board's clickable parts: one Tab stop, the arrow keys move between them
  for (const g of wrap.querySelectorAll("[data-part]")) {
    const part = g.dataset.part;
    const starts = byFirst.get(part) || [];
    // A second click is needed only after a first part that starts several moves (a1, then a2);
    // Connect Four's landing cell is no target of its own: the column is the move.
    const seconds = data.moves.filter((m) => m.parts && m.parts.indexOf(part) > 0 && byFirst.get(m.parts[0]).length > 1);
    if (!starts.length && !seconds.length) continue;
    if (starts.length === 1) {
      const m = starts[0];
      g.setAttribute("class", `part ${g.getAttribute("class").replace(/^part ?/, "")} move-part ${hintClass(m, best, hints)}`);
      g.dataset.value = hints ? m.value : "";
      g.dataset.number = String(m.number);
      g.appendChild(svgTitle(moveTitle(m, hints)));
    } else {
      g.classList.add("move-part", starts.length ? "choice" : "target");
      g.appendChild(svgTitle(starts.length ? `${starts.length} moves start here: click, then the other cell` : part));
    }
    if (!enabled) continue;
    stops.push(g);
    g.setAttribute("tabindex", "-1");
    g.setAttribute("role", "button");
    g.setAttribute("aria-label", starts.length === 1 ? moveTitle(starts[0], hints) : `cell ${part}`);
    const act = () => clickPart(part, starts, data.moves, wrap, onMove);
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
  // Tab reaches the board once, at its best move (hints on) or its first part: a heap of 60
  // counters is not 60 Tab presses.
  const first = stops.find((g) => g.classList.contains("best")) || stops[0];
  if (first) first.setAttribute("tabindex", "0");
  const svg = wrap.querySelector("svg");
  if (first && svg) svg.setAttribute("aria-label", `${svg.getAttribute("aria-label") || "board"}: arrow keys move between its parts, Enter plays`);
}

function svgTitle(text) {
  const t = document.createElementNS("http://www.w3.org/2000/svg", "title");
  t.textContent = text;
  return t;
}

function clickPart(part, starts, moves, wrap, onMove) {
  if (selected && selected !== part) {
    const both = moves.filter((m) => m.parts && m.parts.includes(selected) && m.parts.includes(part));
    if (both.length === 1) { onMove(both[0]); return; }
  }
  if (starts.length === 1) { onMove(starts[0]); return; }
  for (const g of wrap.querySelectorAll(".selected")) g.classList.remove("selected");
  selected = starts.length ? part : null;
  if (selected) wrap.querySelector(`[data-part="${CSS.escape(part)}"]`).classList.add("selected");
  $("board-note").textContent = selected ? `${part} selected: now click the other cell of your move` : "";
}
