// The Value panel of a loopy position (Backsliding Toads and Frogs, Fox and Geese): its value in
// CGSuite's words, whether it is a stopper or its onside and offside, and a small game graph.
"use strict";

import { $, svgEl } from "./api.js";

const LOOPY_OUTCOMES = {
  L: "Left wins, whoever starts (L)",
  R: "Right wins, whoever starts (R)",
  P: "the second player wins (P)",
  N: "the first player wins (N)",
  D: "a draw, whoever starts: play goes on for ever (D)",
  PHat: "Left wins moving second; moving first, a draw (PHat)",
  PCheck: "Right wins moving second; moving first, a draw (PCheck)",
  NHat: "Left wins moving first; moving second, a draw (NHat)",
  NCheck: "Right wins moving first; moving second, a draw (NCheck)",
};

// The rows of a short game's facts that a loopy value has not (a loopy value has no thermograph).
const SHORT_ONLY = ["val-mean", "val-temperature", "val-birthday", "val-reduced", "val-atomic"];

// The words of the loopy row, from the value's typed facts.
export function loopyWords(v) {
  if (v.stopper) {
    return `stopper ${v.cgsuite}: positions repeat, but no play goes on for ever with the players alternating`;
  }
  return `loopy: onside ${v.onside} (an endless play won by Left), offside ${v.offside} (won by Right)`;
}

// Back to a short game's rows (the next value may be one).
export function resetLoopy() {
  for (const id of [...SHORT_ONLY, "val-stops"]) $(id).closest("tr").hidden = false;
  $("val-loopy-row").hidden = true;
  $("val-graph").hidden = true;
  $("val-graph").replaceChildren();
  $("value-legend").hidden = false;
}

export function showLoopyValue(v) {
  $("val-value").textContent = v.cgsuite;
  $("val-cgsuite").textContent = v.cgsuite;
  $("val-cgsuite-copied").textContent = "";
  $("val-outcome").textContent = LOOPY_OUTCOMES[v.outcome] || v.outcome;
  $("val-stops").closest("tr").hidden = !v.stopper;
  if (v.stopper) $("val-stops").textContent = `Left stop ${v.left_stop}, Right stop ${v.right_stop}`;
  for (const id of SHORT_ONLY) $(id).closest("tr").hidden = true;
  $("val-loopy").textContent = loopyWords(v);
  $("val-loopy-row").hidden = false;
  $("thermograph").hidden = true;
  $("thermograph-loading").hidden = true;
  $("value-legend").hidden = true;
  const fig = $("val-graph");
  fig.replaceChildren();
  if (v.graph) {
    fig.append(graphSvg(v.graph));
    const caption = document.createElement("figcaption");
    caption.className = "legend";
    caption.textContent = `The game graph (${v.graph_size} positions, the ringed one is this position): `
      + "Left's moves blue, Right's red; a loop is a pass. Hover a position for its board.";
    fig.append(caption);
  } else {
    const note = document.createElement("figcaption");
    note.className = "legend";
    note.textContent = `The game graph has ${v.graph_size.toLocaleString("en")} positions: too many to draw here.`;
    fig.append(note);
  }
  fig.hidden = false;
}

// The positions on a circle, the root at the top; each move a curved arrow, Left's bent one way
// and Right's the other so that a move and its answer stay apart.
function graphSvg(g) {
  const n = g.positions.length;
  const size = 320, c = size / 2, r = n === 1 ? 0 : size / 2 - 36, dot = 13;
  const at = (i) => [c + r * Math.sin((2 * Math.PI * i) / n), c - r * Math.cos((2 * Math.PI * i) / n)];
  const svg = svgEl("svg", { viewBox: `0 0 ${size} ${size}`, width: size, height: size, role: "img",
    "aria-label": `the game graph: ${n} positions` });
  const defs = svgEl("defs");
  for (const [id, colour] of [["arrow-left", "#2563eb"], ["arrow-right", "#dc2626"]]) {
    const m = svgEl("marker", { id, viewBox: "0 0 10 10", refX: 9, refY: 5, markerWidth: 7, markerHeight: 7, orient: "auto" });
    m.append(svgEl("path", { d: "M0,0 L10,5 L0,10 z", fill: colour }));
    defs.append(m);
  }
  svg.append(defs);
  for (const [moves, colour, marker, bend] of [[g.left, "#2563eb", "arrow-left", 1], [g.right, "#dc2626", "arrow-right", -1]]) {
    moves.forEach((targets, i) => {
      for (const j of targets) {
        const cls = { class: marker === "arrow-left" ? "move-left" : "move-right", fill: "none", stroke: colour,
          "stroke-width": 1.6, "marker-end": `url(#${marker})` };
        if (i === j) {  // a pass: a loop outside the circle
          const [x, y] = at(i), dx = x - c, dy = y - c, d = Math.hypot(dx, dy) || 1;
          const ux = dx / d, uy = dy / d, side = bend * 9;
          const sx = x + ux * dot - uy * side / 2, sy = y + uy * dot + ux * side / 2;
          const ex = x + ux * dot + uy * side / 2, ey = y + uy * dot - ux * side / 2;
          const kx = x + ux * (dot + 26), ky = y + uy * (dot + 26);
          svg.append(svgEl("path", { ...cls, d: `M${sx},${sy} Q${kx - uy * side * 2},${ky + ux * side * 2} ${kx},${ky} T${ex},${ey}` }));
          continue;
        }
        const [x1, y1] = at(i), [x2, y2] = at(j), dx = x2 - x1, dy = y2 - y1, d = Math.hypot(dx, dy);
        const ux = dx / d, uy = dy / d, mx = (x1 + x2) / 2 - uy * 14 * bend, my = (y1 + y2) / 2 + ux * 14 * bend;
        svg.append(svgEl("path", { ...cls,
          d: `M${x1 + ux * dot},${y1 + uy * dot} Q${mx},${my} ${x2 - ux * (dot + 1)},${y2 - uy * (dot + 1)}` }));
      }
    });
  }
  g.positions.forEach((text, i) => {
    const [x, y] = at(i);
    const node = svgEl("g", { class: "graph-position" });
    node.append(svgEl("title", {}, text));
    node.append(svgEl("circle", { cx: x, cy: y, r: dot, fill: "#fff", stroke: "#444", "stroke-width": i === 0 ? 3 : 1 }));
    node.append(svgEl("text", { x, y: y + 4, "text-anchor": "middle", "font-size": 11 }, String(i)));
    svg.append(node);
  });
  return svg;
}
