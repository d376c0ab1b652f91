// The Solve panel (impartial and scored games) and the Value panel (partisan values).
"use strict";

import { $, api, make } from "./api.js";
import { resetLoopy, showLoopyValue } from "./loopy.js";

const OUTCOME_WORDS = {
  L: "Left wins, whoever starts (L: the value is positive)",
  R: "Right wins, whoever starts (R: the value is negative)",
  P: "the second player wins (P: the value is 0)",
  N: "the first player wins (N: the value is fuzzy with 0)",
};

export function hideSolution() {
  $("solution").hidden = true;
  $("scored-solution").hidden = true;
  $("trace-panel").hidden = true;
  $("trace-button").disabled = false;
}

// ------------------------------------------------------------------ the alpha-beta search tree
// A bound as the notes write it, from its typed fact (relation, value, plies): +1 in 3, ≥ 0, +∞.
function boundWords(b) {
  if (b.value === null) return b.relation === "+" ? "+∞" : "−∞";
  const v = `${b.value > 0 && b.plies !== null ? "+" : ""}${b.value}${b.plies !== null ? ` in ${b.plies}` : ""}`;
  return b.relation === "=" ? v : `${b.relation} ${v}`;
}

// Every cut-off of the drawn plies, with the path that leads to it and why (α ≥ β).
function cutsOf(node, path, out) {
  const here = node.move === null ? path : [...path, node.move];
  if (node.cut) {
    out.push(`${here.length ? `after ${here.join(", ")}` : "at the start"}: ${node.cut.moves.join(", ")} not searched,`
      + ` since α = ${boundWords(node.cut.alpha)} ≥ β = ${boundWords(node.cut.beta)}`);
  }
  for (const child of node.children || []) cutsOf(child, here, out);
  return out;
}

export async function showTrace(spec, position, isCurrent) {
  $("trace-button").disabled = true;
  let t;
  try {
    t = await api("/api/trace", { game: spec, position });
  } catch (e) {
    if (!isCurrent()) return;
    $("trace-summary").textContent = e.message;
    $("trace-summary").className = "error";
    $("trace-svg").replaceChildren();
    $("trace-cuts").replaceChildren();
    $("trace-panel").hidden = false;
    return;
  }
  if (!isCurrent()) return;
  const tree = t.tree;
  $("trace-summary").className = "";
  $("trace-summary").textContent = `Alpha-beta searched ${tree.positions.toLocaleString("en")} positions and cut off`
    + ` ${tree.cutoffs.toLocaleString("en")} branches; the top ${t.plies} plies are drawn. Value: ${boundWords(tree.value)}.`;
  $("trace-svg").innerHTML = t.svg;  // drawn by zermelo.analyses.draw_trace on the server: only our own markup
  const cuts = cutsOf(tree, [], []);
  listInto($("trace-cuts"), cuts.length ? cuts : ["none in the drawn plies"]);
  $("trace-panel").hidden = false;
  const wrap = $("trace-svg");  // the root's box, drawn over the middle of a wide tree, in view
  wrap.scrollLeft = (wrap.scrollWidth - wrap.clientWidth) / 2;
}

function listInto(ul, items) {
  ul.replaceChildren();
  for (const text of items) ul.appendChild(make("li", {}, text));
}

// Whether the analysis rests on a reason of this kind (its typed "why": a.reasons).
const hasReason = (a, kind) => (a.reasons || []).some((r) => r.kind === kind);

// An impartial position: outcome, Grundy value, remoteness, winning moves and why.
export function showSolve(a, misere = false) {
  $("sol-outcome").textContent = a.outcome === "DRAW" ? "a draw: neither player can force a win"
    : `${a.outcome} — the ${a.winner} player wins`;
  const loopy = a.outcome === "DRAW" || hasReason(a, "loopy");
  // Misère play has no Grundy value to find: the budget is not why there is none.
  $("sol-grundy").textContent = a.grundy !== null ? String(a.grundy)
    : misere ? "none in misère play (Grundy values decide normal play only)"
      : loopy ? "∞ (a loopy value: see the explanation)" : "not known within this server's budget";
  $("sol-remoteness").textContent = a.remoteness !== null ? String(a.remoteness)
    : a.outcome === "DRAW" ? "none (the game can go on for ever)" : "not known within this server's budget";
  const moves = a.winning_moves.map((m) => `${m.move}  ⇒  ${m.position}`);
  if (!a.winning_moves_listed && a.outcome === "N" && moves.length) {
    moves.push("not every winning move is listed within this server's budget");
  } else if (!a.winning_moves_listed && a.outcome === "N") {
    moves.push(hasReason(a, "strategy stealing")
      ? "the first player wins by strategy stealing; the winning move is not known within this server's budget"
      : "the winning move is not known within this server's budget");
  } else if (!moves.length) {
    moves.push(a.outcome === "P" ? "none: every move loses" : "none");
  }
  listInto($("sol-moves"), moves);
  $("sol-why").textContent = a.explanation;
  const notes = $("sol-notes");
  listInto(notes, a.notes || []);
  notes.hidden = !(a.notes && a.notes.length);
  showQuotient(misere ? a.misere_quotient : null);
  $("solution").hidden = false;
}

// The misère quotient a heap game's misère answer came from: order, P-portion, each heap's element.
function showQuotient(q) {
  $("misere-quotient").hidden = !q;
  if (!q) return;
  const proof = q.proven ? "every heap (period proven)" : `heaps up to ${q.upto}`;
  $("mq-order").textContent = `${q.order}${q.name ? ` (${q.name})` : ""}, for ${proof}`;
  $("mq-p").textContent = `{${q.p_portion.join(", ")}}`;
  $("mq-position").textContent = `${q.position}: ${q.p_portion.includes(q.position) ? "in" : "not in"} P`;
  listInto($("mq-heaps"), q.heaps.map((h) => `heap ${h.heap} ⇒ ${h.element}`));
}

// A scored game (tic-tac-toe, Connect Four, ...): value, best moves, principal variation.
export function showScored(r) {
  const v = r.outcome === "draw" ? "a draw with perfect play"
    : `${r.outcome === "win" ? "the player to move wins" : "the player to move loses"}`
      + (r.distance === null ? "" : ` in ${r.distance} ${r.distance === 1 ? "ply" : "plies"}`);
  $("sc-value").textContent = `${v} (score ${r.value})`;
  listInto($("sc-best"), r.best_moves.map((m) => `${m.move}  ⇒  ${m.position}`));
  $("sc-pv").textContent = r.pv.join(", ") || "none: the game is over";
  $("sc-why").textContent = r.explanation || "";
  $("scored-solution").hidden = false;
}

// ------------------------------------------------------------------ the value of a partisan position
const shown = { key: null, request: 0 };

export function hideValue() {
  shown.key = null;
  shown.request += 1;  // an answer still on its way is dropped
  $("value-panel").hidden = true;
  $("value-facts").hidden = true;
}

export async function showValue(spec, position, misere) {
  const key = `${spec}\n${position}\n${misere}`;
  if (key === shown.key) return;
  shown.key = key;
  const request = ++shown.request;
  $("value-panel").hidden = false;
  $("value-facts").hidden = true;
  $("value-of").textContent = `— ${spec} ${position}`;
  const note = $("value-error");
  note.className = "muted";
  note.textContent = "computing…";
  note.hidden = false;
  let v;
  const params = { game: spec, position, misere: misere ? "1" : "0" };
  try {
    v = await api("/api/value", params);
  } catch (e) {
    if (request !== shown.request) return;
    note.className = "error";
    note.textContent = e.message;
    return;
  }
  if (request !== shown.request) return;
  note.hidden = true;
  if (v.loopy) {  // a loopy game's value: no thermograph; its sides, and a small game's graph
    showLoopyValue(v);
    $("value-facts").hidden = false;
    return;
  }
  resetLoopy();
  $("val-value").textContent = v.value;
  $("val-cgsuite").textContent = v.cgsuite;
  $("val-cgsuite-copied").textContent = "";
  $("val-outcome").textContent = OUTCOME_WORDS[v.outcome] || v.outcome;
  $("val-stops").textContent = `Left stop ${v.left_stop}, Right stop ${v.right_stop}`;
  $("val-mean").textContent = v.mean;
  $("val-temperature").textContent = v.temperature;
  $("val-birthday").textContent = v.birthday;
  $("val-reduced").textContent = `${v.reduced} (equal up to an infinitesimal)`;
  $("val-reduced-row").hidden = v.reduced === v.value;
  $("val-atomic").textContent = v.atomic_weight === null ? "" : v.atomic_weight;
  $("val-atomic-row").hidden = v.atomic_weight === null;
  const img = $("thermograph");
  const loading = $("thermograph-loading");
  loading.hidden = false;
  img.hidden = true;
  img.onload = () => { loading.hidden = true; img.hidden = false; };
  img.onerror = () => { loading.hidden = true; img.hidden = true; };
  img.alt = `the thermograph of ${v.value}`;
  img.src = `/api/thermograph.png?${new URLSearchParams({ game: spec, position })}`;
  $("value-facts").hidden = false;
}

// The copy button of the Value panel: the value as CGSuite writes it, ready to paste into a worksheet.
export async function copyCGSuiteText() {
  const text = $("val-cgsuite").textContent;
  const said = $("val-cgsuite-copied");
  try {
    await navigator.clipboard.writeText(text);
    said.textContent = "copied";
  } catch {
    // No clipboard (an insecure page, a refused permission): select the text for Ctrl+C instead.
    const range = document.createRange();
    range.selectNodeContents($("val-cgsuite"));
    const sel = window.getSelection();
    sel.removeAllRanges();
    sel.addRange(range);
    said.textContent = "selected: press Ctrl+C to copy";
  }
}
