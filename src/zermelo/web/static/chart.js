// The value-history chart: your value after every move, on a remoteness scale.
"use strict";

import { $, svgEl as el } from "./api.js";

const COLOURS = { win: "#1a7f37", draw: "#8a6d00", lose: "#b42318" };

// x: the moves so far; y: "you win" at the top, "you lose" at the bottom, a draw in the middle.
// The scale is the remoteness: "win in 1" at the top edge, longer wins lower, towards the middle.
// With hints off nothing is drawn until the game ends (it would give the answer away).
export function drawChart(turns, show) {
  const svg = $("chart");
  svg.replaceChildren();
  // As wide as the chart is drawn (at most 560): on a phone the type stays 11 px, not scaled to 6.
  const shown = Math.round(svg.getBoundingClientRect().width);
  const W = shown > 0 ? Math.max(280, Math.min(560, shown)) : 560, H = 240, left = 76, right = 12, top = 16, bottom = 26;
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  if (!show) {
    svg.appendChild(el("text", { x: W / 2, y: H / 2, "text-anchor": "middle", fill: "#5b6474", "font-size": 14 },
      "shown when the game ends (hints are off)"));
    return;
  }
  const mid = (top + H - bottom) / 2, half = (H - bottom - top) / 2;
  const pts = turns.map((t, ply) => {
    const v = t.mover === "human" ? t.data.value : { win: "lose", lose: "win", draw: "draw" }[t.data.value];
    return { ply, v, r: t.data.remoteness };
  });
  const maxR = Math.max(1, ...pts.map((p) => (p.r === null ? 0 : p.r)));
  const n = Math.max(pts.length - 1, 1);
  const step = (W - left - right) / n;
  // "win in maxR" stays GAP above the draw line: its label never sits on "draw".
  const GAP = 22;
  const depth = (r) => ((r === null ? maxR / 2 : r) / maxR) * (half - GAP);
  const y = (p) => (p.v === "draw" ? mid : p.v === "win" ? top + depth(p.r) : H - bottom - depth(p.r));
  svg.appendChild(el("line", { x1: left, y1: mid, x2: W - right, y2: mid, stroke: "#8a6d00", "stroke-dasharray": "4 3" }));
  svg.appendChild(el("text", { x: 4, y: mid + 4, "font-size": 12, fill: "#8a6d00" }, "draw"));
  // The remoteness scale: a few ticks on each half.
  const ticks = [...new Set([0, Math.round(maxR / 2), maxR])];
  for (const r of ticks) {
    for (const [v, colour] of [["win", COLOURS.win], ["lose", COLOURS.lose]]) {
      const yy = v === "win" ? top + depth(r) : H - bottom - depth(r);
      svg.appendChild(el("line", { x1: left - 4, y1: yy, x2: W - right, y2: yy, stroke: colour, "stroke-opacity": 0.18 }));
      const words = r === 0 ? (v === "win" ? "you won" : "you lost") : `${v === "win" ? "win" : "lose"} in ${r}`;
      svg.appendChild(el("text", { x: 4, y: yy + 4, "font-size": 11, fill: colour, class: "tick" }, words));
    }
  }
  svg.appendChild(el("text", { x: W - right, y: H - 6, "font-size": 11, fill: "#5b6474", "text-anchor": "end" }, "move →"));
  if (pts.length > 1) {
    const d = pts.map((p, i) => `${i ? "L" : "M"}${left + p.ply * step},${y(p)}`).join(" ");
    svg.appendChild(el("path", { d, fill: "none", stroke: "#98a2b3", "stroke-width": 1.5 }));
  }
  for (const p of pts) {
    const c = el("circle", { cx: left + p.ply * step, cy: y(p), r: 5, fill: COLOURS[p.v], class: `point ${p.v}` });
    c.appendChild(el("title", {}, `after move ${p.ply}: you ${p.v}${p.r === null ? "" : ` (remoteness ${p.r})`}`));
    svg.appendChild(c);
  }
}
