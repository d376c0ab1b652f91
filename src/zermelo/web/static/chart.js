// The value-history chart: your value after every move, in one of three views (as GamesmanUni's):
// remoteness (how soon the game ends), Win-By (by how many points, in a game that keeps score)
// and Draw-Level (how near a draw is to a mistake, in a game with cycles).
"use strict";

import { $, svgEl as el } from "./api.js";

const COLOURS = { win: "#1a7f37", draw: "#8a6d00", lose: "#b42318" };
const FLIP = { win: "lose", lose: "win", draw: "draw" };
const MUTED = "#5b6474";

export const VIEWS = ["remoteness", "winby", "drawlevel"];

// The chart's frame, as wide as it is drawn (at most 560): on a phone the type keeps its size
// (14 px, legible), not scaled down with the picture.
function frame(svg) {
  svg.replaceChildren();
  const shown = Math.round(svg.getBoundingClientRect().width);
  const W = shown > 0 ? Math.max(280, Math.min(560, shown)) : 560;
  const H = 240, left = 84, right = 12, top = 16, bottom = 28;
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  return { W, H, left, right, top, bottom, mid: (top + H - bottom) / 2, half: (H - bottom - top) / 2 };
}

const text = (x, y, words, attrs = {}) => el("text", { x, y, "font-size": 14, ...attrs }, words);

function message(svg, f, words) {
  svg.appendChild(text(f.W / 2, f.H / 2, words, { "text-anchor": "middle", fill: MUTED }));
}

// A point per turn: x its ply, y from ``place`` (null: not drawn), coloured and titled.
function plot(svg, f, pts, place) {
  const n = Math.max(pts.length - 1, 1);
  const step = (f.W - f.left - f.right) / n;
  svg.appendChild(text(f.W - f.right, f.H - 8, "move →", { fill: MUTED, "text-anchor": "end" }));
  const drawn = pts.map((p) => ({ ...p, y: place(p) })).filter((p) => p.y !== null);
  if (drawn.length > 1) {
    const d = drawn.map((p, i) => `${i ? "L" : "M"}${f.left + p.ply * step},${p.y}`).join(" ");
    svg.appendChild(el("path", { d, fill: "none", stroke: "#98a2b3", "stroke-width": 1.5 }));
  }
  for (const p of drawn) {
    const c = el("circle", { cx: f.left + p.ply * step, cy: p.y, r: 6, fill: COLOURS[p.v], class: `point ${p.v}` });
    c.appendChild(el("title", {}, `after move ${p.ply}: ${p.title}`));
    svg.appendChild(c);
  }
}

function tick(svg, f, y, words, colour) {
  svg.appendChild(el("line", { x1: f.left - 4, y1: y, x2: f.W - f.right, y2: y, stroke: colour, "stroke-opacity": 0.18 }));
  svg.appendChild(text(4, y + 4, words, { fill: colour, class: "tick" }));  // its baseline 4 px under its line
}

// ------------------------------------------------------------------ remoteness
// "you win" at the top, "you lose" at the bottom, a draw in the middle; "win in 1" at the top
// edge, longer wins lower, towards the middle.
function remotenessView(svg, f, turns) {
  const pts = turns.map((t, ply) => {
    const v = t.mover === "human" ? t.data.value : FLIP[t.data.value];
    const r = t.data.remoteness;
    return { ply, v, r, title: `you ${v}${r === null ? "" : ` (remoteness ${r})`}` };
  });
  const maxR = Math.max(1, ...pts.map((p) => (p.r === null ? 0 : p.r)));
  const GAP = 22;  // "win in maxR" stays above the draw line: its label never sits on "draw"
  const depth = (r) => ((r === null ? maxR / 2 : r) / maxR) * (f.half - GAP);
  svg.appendChild(el("line", { x1: f.left, y1: f.mid, x2: f.W - f.right, y2: f.mid, stroke: COLOURS.draw, "stroke-dasharray": "4 3" }));
  svg.appendChild(text(4, f.mid + 5, "draw", { fill: COLOURS.draw }));
  for (const r of [...new Set([0, Math.round(maxR / 2), maxR])]) {
    tick(svg, f, f.top + depth(r), r === 0 ? "you won" : `win in ${r}`, COLOURS.win);
    tick(svg, f, f.H - f.bottom - depth(r), r === 0 ? "you lost" : `lose in ${r}`, COLOURS.lose);
  }
  plot(svg, f, pts, (p) => (p.v === "draw" ? f.mid : p.v === "win" ? f.top + depth(p.r) : f.H - f.bottom - depth(p.r)));
}

// ------------------------------------------------------------------ Win-By
// Your points minus the computer's at the end of perfect play from each position (both play for
// the largest margin): banked so far, plus what the rest is worth to you.
function winByView(svg, f, turns) {
  if (!turns.some((t) => t.data.score !== null && t.data.score !== undefined)) {
    message(svg, f, "Win-By is for games that keep score (tic-tac-toe, Cheques)");
    return;
  }
  let banked = 0;
  const pts = turns.map((t, ply) => {
    const rest = t.data.score || 0;
    const margin = banked + (t.mover === "human" ? rest : -rest);
    if (t.played && t.played.gain !== undefined) banked += t.mover === "human" ? t.played.gain : -t.played.gain;
    const v = margin > 0 ? "win" : margin < 0 ? "lose" : "draw";
    return { ply, v, margin, title: margin ? `you ${v} by ${Math.abs(margin)}` : "a tie" };
  });
  const most = Math.max(1, ...pts.map((p) => Math.abs(p.margin)));
  const y = (m) => f.mid - (m / most) * (f.half - 8);
  tick(svg, f, y(most), `win by ${most}`, COLOURS.win);
  tick(svg, f, f.mid, "tie", COLOURS.draw);
  tick(svg, f, y(-most), `lose by ${most}`, COLOURS.lose);
  plot(svg, f, pts, (p) => y(p.margin));
}

// ------------------------------------------------------------------ Draw-Level
// A pure draw's level and draw remoteness (moves until one side stands where a move loses):
// above the line when you press, below when the computer does; other positions on the bottom row.
function drawLevelView(svg, f, turns) {
  if (!turns.some((t) => t.data.draw_level)) {
    message(svg, f, "Draw-Level: for draws of games with cycles (none here)");
    return;
  }
  const pts = turns.map((t, ply) => {
    const d = t.data.draw_level;
    if (!d) {
      const v = t.mover === "human" ? t.data.value : FLIP[t.data.value];
      return { ply, v, d: null, title: v === "draw" ? "a draw that is not pure (NPD)" : `you ${v} (not a draw: ND)` };
    }
    const mine = (t.mover === "human") === d.pressing;
    const who = mine ? "you press" : "the computer presses";
    const where = d.remoteness ? `${who}, ${d.remoteness} ${d.remoteness === 1 ? "move" : "moves"} to the fringe`
      : `${mine ? "the computer stands" : "you stand"} at the fringe (a move there can lose)`;
    return { ply, v: mine ? "win" : "lose", d, mine, title: `draw level ${d.level}: ${where}` };
  });
  const most = Math.max(1, ...pts.filter((p) => p.d).map((p) => p.d.remoteness));
  const floor = f.H - f.bottom;
  const band = (f.half - 24) * 0.9;
  const y = (p) => (p.d ? f.mid + (p.mine ? -1 : 1) * (8 + (p.d.remoteness / most) * (band - 8)) : floor);
  tick(svg, f, f.mid - band, `you press, ${most}`, COLOURS.win);
  tick(svg, f, f.mid, "fringe", COLOURS.draw);
  tick(svg, f, f.mid + band, `they press, ${most}`, COLOURS.lose);
  tick(svg, f, floor, "ND/NPD", MUTED);
  const levels = [...new Set(pts.filter((p) => p.d).map((p) => p.d.level))].sort();
  svg.appendChild(text(f.W - f.right, f.top + 4, `level ${levels.join(", ")}`, { fill: MUTED, "text-anchor": "end" }));
  plot(svg, f, pts, y);
}

const DRAW = { remoteness: remotenessView, winby: winByView, drawlevel: drawLevelView };

// With hints off nothing is drawn until the game ends (it would give the answer away).
export function drawChart(turns, show, view = "remoteness") {
  const svg = $("chart");
  const f = frame(svg);
  if (!show) { message(svg, f, "shown when the game ends (hints are off)"); return; }
  (DRAW[view] || remotenessView)(svg, f, turns);
}
