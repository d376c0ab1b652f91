// The moves on offer: which are best, how they are coloured, listed, grouped and typed.
"use strict";

import { $, make } from "./api.js";

const ORDER = { win: 0, draw: 1, lose: 2 };
export const LIST_AT_ONCE = 24;  // more moves than this are grouped, the rest collapsed

// The moves the perfect player would choose: in a scored game the best score (Cheques: taking
// the 9 beats taking the 3, though both win); then the fastest win, else a draw, else the
// slowest loss.
export function bestMoves(moves) {
  if (!moves.length) return new Set();
  const scored = moves.every((m) => m.score !== null && m.score !== undefined);
  const most = scored ? Math.max(...moves.map((m) => m.score)) : null;
  const offered = scored ? moves.filter((m) => m.score === most) : moves;
  const top = Math.min(...offered.map((m) => ORDER[m.value]));
  let best = offered.filter((m) => ORDER[m.value] === top);
  const known = best.filter((m) => m.remoteness !== null);
  if (known.length && top !== 1) {
    const rs = known.map((m) => m.remoteness);
    const want = top === 0 ? Math.min(...rs) : Math.max(...rs);
    best = known.filter((m) => m.remoteness === want);
  }
  return new Set(best.map((m) => m.number));
}

// The classes of a move's button or board part: its value and "best", only when hints are on.
export function hintClass(m, best, hints) {
  if (!hints) return "plain";
  return `${m.value} ${best.has(m.number) ? "best" : "tint"}`;
}

export function moveTitle(m, hints) {
  if (!hints) return `${m.move} — leads to ${m.position}`;
  const g = m.grundy === null || m.grundy === undefined ? "" : `, Grundy value ${m.grundy}`;
  return `${m.move}: ${m.describe}${g} — leads to ${m.position}${m.why ? ` — ${m.why}` : ""}`;
}

function moveButton(m, best, hints, enabled, onMove) {
  const b = make("button", { type: "button", class: `move ${hintClass(m, best, hints)}` });
  b.dataset.value = hints ? m.value : "";
  b.dataset.number = String(m.number);
  b.dataset.position = m.position;
  b.disabled = !enabled;
  b.title = moveTitle(m, hints);
  b.append(m.move);
  // Impartial games: the Grundy value of the move's result beside its value (the status says the mex).
  const g = m.grundy === null || m.grundy === undefined ? "" : ` · G ${m.grundy}`;
  if (hints) b.appendChild(make("span", { class: "why-move" }, `${m.describe}${g}`));
  b.addEventListener("click", () => onMove(m));
  return b;
}

// The move list: every move when there are few; else the best moves (hints on) or the first
// ones, and the rest behind "all N moves" (drawn only when opened).
export function renderMoves(moves, hints, enabled, onMove) {
  const ol = $("moves");
  ol.replaceChildren();
  const more = $("more-moves");
  more.replaceChildren();
  more.hidden = true;
  const best = bestMoves(moves);
  const add = (list, m) => { const li = make("li"); li.appendChild(moveButton(m, best, hints, enabled, onMove)); list.appendChild(li); };
  if (moves.length <= LIST_AT_ONCE) {
    for (const m of moves) add(ol, m);
    return;
  }
  const first = hints ? moves.filter((m) => best.has(m.number)).slice(0, LIST_AT_ONCE) : moves.slice(0, LIST_AT_ONCE);
  for (const m of first) add(ol, m);
  const details = make("details", { class: "all-moves" });
  const summary = make("summary", {}, `all ${moves.length.toLocaleString("en")} moves (or type one below)`);
  details.appendChild(summary);
  const all = make("ol", { class: "moves" });
  details.appendChild(all);
  details.addEventListener("toggle", () => {
    if (details.open && !all.childElementCount) for (const m of moves) add(all, m);
  });
  more.appendChild(details);
  more.hidden = false;
}
