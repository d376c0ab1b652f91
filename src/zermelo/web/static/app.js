// The zermelo explorer page: talks to the JSON API of zermelo.web.app, draws everything itself.
// No framework and no network beyond this server.
"use strict";

const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";
const COLOURS = { win: "#2e9e44", draw: "#e6c229", lose: "#d23c3c" };
const MAX_COUNTERS = 30;

let games = [];
const game = {
  spec: "", misere: false, skill: 1, turns: [],  // turns: [{data, mover, played}]
  busy: false,
  partisan: false, side: null,  // partisan games: the side the person plays, left or right
};

function setState(s) { document.body.dataset.state = s; }

function showError(message) {
  const el = $("error");
  el.textContent = message || "";
  el.hidden = !message;
}

async function api(path, params) {
  const q = new URLSearchParams(params);
  const res = await fetch(`${path}?${q}`);
  let body;
  try { body = await res.json(); } catch (e) { body = { error: `${res.status} ${res.statusText}` }; }
  if (!res.ok) throw new Error(body.error || `${res.status} ${res.statusText}`);
  return body;
}

// ------------------------------------------------------------------ choosing a game
function currentEntry() { return games.find((g) => g.name === $("game-select").value); }

function entryOf(spec) {
  const name = spec.split(":")[0].trim();
  return games.find((g) => g.name === name || (g.aliases || []).includes(name));
}

const isPartisan = (spec) => { const e = entryOf(spec); return !!e && e.kind === "partisan"; };
const otherSide = (side) => (side === "left" ? "right" : "left");
const capital = (word) => word.charAt(0).toUpperCase() + word.slice(1);
// The side to move of a partisan game, as the API takes it (nothing for other games).
const turnParam = (turn) => (turn ? { turn } : {});

function chooseGame() {
  const e = currentEntry();
  if (!e) return;
  $("spec").value = e.spec;
  $("position").value = e.position;
  $("game-summary").textContent = e.summary + (e.params ? ` — parameters: ${e.params}` : "");
  $("side-label").hidden = e.kind !== "partisan";
  hideValue();
  const row = e.table && e.table.includes("{n}");
  $("table-rows").disabled = !!row;
  $("table-cols").value = row ? 60 : 16;
}

async function loadGames() {
  games = await api("/api/games", {});
  const select = $("game-select");
  for (const g of games) {
    const o = document.createElement("option");
    o.value = g.name;
    o.textContent = `${g.name} — ${g.summary}`;
    select.appendChild(o);
  }
  select.value = games.some((g) => g.name === "nim") ? "nim" : games[0].name;
  chooseGame();
}

function params(extra) {
  return Object.assign({ game: $("spec").value, misere: $("misere").checked ? "1" : "0" }, extra);
}

// ------------------------------------------------------------------ solving
async function solvePosition(ev) {
  if (ev) ev.preventDefault();
  showError("");
  if (isPartisan($("spec").value)) {
    // A partisan position has no single winner to list: its value says who wins, and by how much.
    $("solution").hidden = true;
    showValue($("spec").value, $("position").value);
    return;
  }
  try {
    const a = await api("/api/solve", params({ position: $("position").value }));
    $("sol-outcome").textContent = `${a.outcome} — the ${a.winner} player wins` .replace("the draw player wins", "a draw");
    $("sol-grundy").textContent = a.grundy === null ? "—" : a.grundy;
    $("sol-remoteness").textContent = a.remoteness === null ? "—" : a.remoteness;
    const ul = $("sol-moves");
    ul.replaceChildren();
    for (const m of a.winning_moves) {
      const li = document.createElement("li");
      li.textContent = `${m.move}  ⇒  ${m.position}`;
      ul.appendChild(li);
    }
    if (!a.winning_moves.length) ul.innerHTML = "<li>none</li>";
    $("sol-why").textContent = a.explanation;
    $("solution").hidden = false;
  } catch (e) {
    $("solution").hidden = true;
    showError(e.message);
  }
}

// ------------------------------------------------------------------ the value of a partisan position
const OUTCOME_WORDS = {
  L: "Left wins, whoever starts (L: the value is positive)",
  R: "Right wins, whoever starts (R: the value is negative)",
  P: "the second player wins (P: the value is 0)",
  N: "the first player wins (N: the value is fuzzy with 0)",
};
const shownValue = { key: null, request: 0 };

function hideValue() {
  shownValue.key = null;
  shownValue.request += 1;  // an answer still on its way is dropped
  $("value-panel").hidden = true;
}

async function showValue(spec, position) {
  // The facts of /api/value and the picture of /api/thermograph.png, for the position shown.
  const key = `${spec}\n${position}`;
  if (key === shownValue.key) return;
  shownValue.key = key;
  const request = ++shownValue.request;
  $("value-panel").hidden = false;
  $("value-of").textContent = `— ${spec} ${position}`;
  const note = $("value-error");
  note.textContent = "computing…";
  note.hidden = false;
  let v;
  try {
    v = await api("/api/value", { game: spec, position });
  } catch (e) {
    if (request !== shownValue.request) return;
    note.textContent = e.message;
    $("value-facts").hidden = true;
    return;
  }
  if (request !== shownValue.request) return;
  note.hidden = true;
  $("val-value").textContent = v.value;
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
  img.hidden = false;
  img.onerror = () => { img.hidden = true; };
  img.alt = `the thermograph of ${v.value}`;
  img.src = `/api/thermograph.png?${new URLSearchParams({ game: spec, position })}`;
  $("value-facts").hidden = false;
}

// ------------------------------------------------------------------ playing
const other = (who) => (who === "human" ? "computer" : "human");
const current = () => game.turns[game.turns.length - 1];

async function startGame() {
  showError("");
  game.spec = $("spec").value;
  game.misere = $("misere").checked;
  game.skill = parseFloat($("skill").value);
  game.turns = [];
  game.partisan = isPartisan(game.spec);
  game.side = game.partisan ? $("side").value : null;
  if (!game.partisan) hideValue();
  const mover = $("first").value;
  const turn = game.partisan ? (mover === "human" ? game.side : otherSide(game.side)) : null;
  setState("busy");
  try {
    const data = await api("/api/moves", params(Object.assign({ position: $("position").value }, turnParam(turn))));
    game.turns.push({ data, mover, played: null });
    render();
    await maybeComputer();
  } catch (e) {
    showError(e.message);
    setState("idle");
  }
}

function gameParams(extra) {
  return Object.assign({ game: game.spec, misere: game.misere ? "1" : "0" }, extra);
}

async function humanMove(move) {
  const t = current();
  if (!t || t.mover !== "human" || t.data.over || game.busy) return;
  game.busy = true;
  setState("busy");
  try {
    const next = t.data.turn ? otherSide(t.data.turn) : null;
    const data = await api("/api/moves", gameParams(Object.assign({ position: move.position }, turnParam(next))));
    t.played = move;
    game.turns.push({ data, mover: "computer", played: null });
    render();
    await maybeComputer();
  } catch (e) {
    showError(e.message);
    render();
  } finally {
    game.busy = false;
    render();
  }
}

async function maybeComputer() {
  const t = current();
  if (!t || t.data.over || t.mover !== "computer") { render(); return; }
  setState("computer");
  const reply = await api("/api/play", gameParams(Object.assign(
    { position: t.data.position, skill: String(game.skill) }, turnParam(t.data.turn))));
  t.played = reply.move;
  game.turns.push({ data: reply.after, mover: "human", played: null });
  render();
}

function undo() {
  if (game.turns.length < 2 || game.busy) return;
  game.turns.pop();
  while (game.turns.length > 1 && current().mover === "computer") game.turns.pop();
  current().played = null;
  render();
  maybeComputer().catch((e) => showError(e.message));
}

function winnerText(t) {
  const v = t.data.value;
  if (v === "draw") return "Game over: a draw.";
  const winner = v === "win" ? t.mover : other(t.mover);
  const stuck = t.data.turn ? `${capital(t.data.turn)} cannot move: ` : "";
  return `Game over: ${stuck}` + (winner === "human" ? "you win!" : "the computer wins.");
}

function statusText(t) {
  if (t.data.over) return winnerText(t);
  if (t.mover === "computer") return "The computer is thinking…";
  const hints = $("hints").checked;
  if (!hints) return "Your move.";
  const r = t.data.remoteness;
  const when = r === null ? "" : ` (the game can last ${r} more moves)`;
  const v = { win: "you can win", lose: "you lose against perfect play", draw: "you can hold a draw" }[t.data.value];
  if (t.data.turn) {
    const why = { L: "> 0: Left wins", R: "< 0: Right wins", P: "= 0: whoever moves next loses",
      N: "fuzzy: whoever moves next wins" }[t.data.outcome];
    return `Your move (${capital(t.data.turn)}) — ${v}: the value is ${t.data.game_value} (${why}).`;
  }
  return `Your move — ${v}${t.data.value === "draw" ? "" : when}.`;
}

function fade(move, moves) {
  // Brighter = the end is nearer.  Remoteness unknown (huge positions): full colour.
  if (move.remoteness === null) return 1;
  const rs = moves.filter((m) => m.remoteness !== null).map((m) => m.remoteness);
  const max = Math.max(1, ...rs);
  return 1 - 0.55 * (move.remoteness / max);
}

function moveButton(m, moves, enabled) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = `move ${m.value}`;
  b.dataset.value = m.value;
  b.dataset.position = m.position;
  b.disabled = !enabled;
  b.style.opacity = $("hints").checked ? fade(m, moves) : 1;
  b.title = `${m.describe}${m.grundy === null ? "" : `, Grundy value ${m.grundy}`} — leads to ${m.position}`
    + (m.why ? ` — ${m.why}` : "");
  if (m.game_value !== null && m.game_value !== undefined) b.dataset.gameValue = m.game_value;
  b.append(m.move);
  const s = document.createElement("span");
  s.className = "why-move";
  s.textContent = $("hints").checked ? m.describe : "";
  b.appendChild(s);
  b.addEventListener("click", () => humanMove(m));
  return b;
}

function renderGrid(t, enabled) {
  // A board game: the cell a move fills is where the move's position differs from this one.
  const rows = t.data.grid, cols = rows[0].length, here = rows.join("");
  const byCell = new Map();
  if (t.data.turn) {
    // Partisan moves are labelled by their cells (a1-a2): a move is clicked on its first cell
    // (the top or left end of a domino, the one cell coloured), when no other move starts there.
    const taken = new Set();
    for (const m of t.data.moves) {
      const cell = /^([a-z])([0-9]+)(-[a-z][0-9]+)?$/.exec(m.move);
      if (!cell) continue;
      const i = (parseInt(cell[2], 10) - 1) * cols + (cell[1].charCodeAt(0) - 97);
      if (byCell.has(i)) taken.add(i); else byCell.set(i, m);
    }
    for (const i of taken) byCell.delete(i);
  } else {
    for (const m of t.data.moves) {
      const after = m.position.replace(/\//g, "");
      const diff = [...after].map((ch, i) => (ch !== here[i] ? i : -1)).filter((i) => i >= 0);
      if (diff.length === 1 && !byCell.has(diff[0])) byCell.set(diff[0], m);
    }
  }
  const table = document.createElement("table");
  table.className = "grid";
  rows.forEach((row, r) => {
    const tr = document.createElement("tr");
    [...row].forEach((ch, c) => {
      const td = document.createElement("td");
      const b = document.createElement("button");
      const m = byCell.get(r * cols + c);
      b.type = "button";
      b.className = `cell ${m ? m.value : ""}`;
      b.textContent = ch === "." ? "" : ch;
      b.dataset.cell = `${String.fromCharCode(97 + c)}${r + 1}`;
      b.disabled = !enabled || !m;
      if (m) {
        b.dataset.value = m.value;
        b.title = `${m.move} — ${m.describe}`;
        b.style.opacity = $("hints").checked ? fade(m, t.data.moves) : 1;
        b.addEventListener("click", () => humanMove(m));
      }
      td.appendChild(b);
      tr.appendChild(td);
    });
    table.appendChild(tr);
  });
  $("board").appendChild(table);
}

function renderBoard(t, enabled) {
  const board = $("board");
  board.replaceChildren();
  if (t.data.grid) { renderGrid(t, enabled); return; }
  const hs = t.data.heaps;
  if (!hs) {
    const p = document.createElement("p");
    p.className = "position-text";
    p.textContent = t.data.position;
    board.appendChild(p);
    return;
  }
  // A counter j of heap i is the move that leaves j counters there (it and those right of it go).
  const byTarget = new Map(t.data.moves.map((m) => [m.position.trim().split(/\s+/).join(" "), m]));
  hs.forEach((h, i) => {
    const row = document.createElement("div");
    row.className = "heap";
    row.dataset.heap = String(i + 1);
    const name = document.createElement("span");
    name.className = "name";
    name.textContent = `heap ${i + 1}`;
    row.appendChild(name);
    for (let j = 0; j < Math.min(h, MAX_COUNTERS); j++) {
      const target = hs.slice();
      target[i] = j;
      const m = byTarget.get(target.join(" "));
      const c = document.createElement("button");
      c.type = "button";
      c.className = `counter ${m ? m.value : ""}`;
      c.dataset.heap = String(i + 1);
      c.dataset.index = String(j);
      c.disabled = !enabled || !m;
      if (m) {
        c.dataset.value = m.value;
        c.title = `${m.move} — ${m.describe}`;
        c.style.opacity = $("hints").checked ? fade(m, t.data.moves) : 1;
        c.addEventListener("click", () => humanMove(m));
      }
      row.appendChild(c);
    }
    if (h > MAX_COUNTERS) {
      const more = document.createElement("span");
      more.className = "counters-more";
      more.textContent = "…";
      row.appendChild(more);
    }
    const size = document.createElement("span");
    size.className = "size";
    size.textContent = String(h);
    row.appendChild(size);
    board.appendChild(row);
  });
}

function render() {
  const t = current();
  $("play").classList.toggle("hinted", $("hints").checked);
  if (!t) return;
  const enabled = t.mover === "human" && !t.data.over && !game.busy;
  setState(t.data.over ? "over" : game.busy ? "busy" : t.mover);
  $("status").textContent = statusText(t);
  if (t.data.partisan) showValue(game.spec, t.data.position);
  renderBoard(t, enabled);
  const ol = $("moves");
  ol.replaceChildren();
  for (const m of t.data.moves) {
    const li = document.createElement("li");
    li.appendChild(moveButton(m, t.data.moves, enabled));
    ol.appendChild(li);
  }
  const log = $("log");
  log.replaceChildren();
  for (const turn of game.turns) {
    if (!turn.played) continue;
    const li = document.createElement("li");
    li.className = `played ${turn.played.value}`;
    const side = turn.data.turn ? ` (${capital(turn.data.turn)})` : "";
    li.textContent = `${turn.mover === "human" ? "you" : "computer"}${side}: ${turn.played.move} (${turn.played.describe})`;
    log.appendChild(li);
  }
  $("undo-button").disabled = game.turns.length < 2 || game.busy || t.mover === "computer" && !t.data.over;
  drawChart();
}

// ------------------------------------------------------------------ the value-history chart
function el(name, attrs, text) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

function drawChart() {
  // x: the moves so far; y: your value — "you win" at the top, "you lose" at the bottom, a draw
  // in the middle; the distance from the edge is the remoteness (the end of the game is at an edge).
  const svg = $("chart");
  svg.replaceChildren();
  const W = 520, H = 220, left = 70, right = 12, top = 14, bottom = 24;
  const mid = (top + H - bottom) / 2, half = (H - bottom - top) / 2;
  const pts = game.turns.map((t, ply) => {
    const v = t.mover === "human" ? t.data.value : { win: "lose", lose: "win", draw: "draw" }[t.data.value];
    return { ply, v, r: t.data.remoteness };
  });
  const maxR = Math.max(1, ...pts.map((p) => (p.r === null ? 0 : p.r)));
  const n = Math.max(pts.length - 1, 1);
  const step = (W - left - right) / n;
  const y = (p) => {
    if (p.v === "draw") return mid;
    const d = p.r === null ? half / 2 : (p.r / (maxR + 1)) * half;
    return p.v === "win" ? top + d : H - bottom - d;
  };
  svg.appendChild(el("line", { x1: left, y1: mid, x2: W - right, y2: mid, stroke: "#e6c229", "stroke-dasharray": "4 3" }));
  svg.appendChild(el("line", { x1: left, y1: top, x2: W - right, y2: top, stroke: "#2e9e44", "stroke-opacity": 0.4 }));
  svg.appendChild(el("line", { x1: left, y1: H - bottom, x2: W - right, y2: H - bottom, stroke: "#d23c3c", "stroke-opacity": 0.4 }));
  svg.appendChild(el("text", { x: 4, y: top + 4, "font-size": 12, fill: "#2e9e44" }, "you win"));
  svg.appendChild(el("text", { x: 4, y: mid + 4, "font-size": 12, fill: "#8a7300" }, "draw"));
  svg.appendChild(el("text", { x: 4, y: H - bottom + 4, "font-size": 12, fill: "#d23c3c" }, "you lose"));
  svg.appendChild(el("text", { x: W - right, y: H - 6, "font-size": 11, fill: "#667085", "text-anchor": "end" }, "move →"));
  if (pts.length > 1) {
    const d = pts.map((p, i) => `${i ? "L" : "M"}${left + p.ply * step},${y(p)}`).join(" ");
    svg.appendChild(el("path", { d, fill: "none", stroke: "#98a2b3", "stroke-width": 1.5 }));
  }
  for (const p of pts) {
    const c = el("circle", { cx: left + p.ply * step, cy: y(p), r: 5, fill: COLOURS[p.v], class: `point ${p.v}` });
    c.appendChild(el("title", {}, `move ${p.ply}: ${p.v}${p.r === null ? "" : `, remoteness ${p.r}`}`));
    svg.appendChild(c);
  }
}

// ------------------------------------------------------------------ the table picture
async function drawTable(ev) {
  if (ev) ev.preventDefault();
  const e = currentEntry();
  const q = new URLSearchParams({
    game: $("spec").value, rows: $("table-rows").disabled ? "1" : $("table-rows").value,
    cols: $("table-cols").value, grundy: $("table-grundy").checked ? "1" : "0",
    misere: $("misere").checked ? "1" : "0", format: "png",
  });
  const img = $("table-image"), note = $("table-error");
  note.hidden = true;
  if (e && !e.table) { note.textContent = `${e.name} has no table layout.`; note.hidden = false; img.hidden = true; return; }
  const res = await fetch(`/api/table?${q}`);
  if (!res.ok) {
    let msg = `${res.status}`;
    try { msg = (await res.json()).error; } catch (err) { /* not JSON */ }
    note.textContent = msg;
    note.hidden = false;
    img.hidden = true;
    return;
  }
  img.src = URL.createObjectURL(await res.blob());
  img.hidden = false;
}

// ------------------------------------------------------------------ wiring
window.addEventListener("DOMContentLoaded", () => {
  $("game-select").addEventListener("change", chooseGame);
  $("position-form").addEventListener("submit", solvePosition);
  $("play-button").addEventListener("click", startGame);
  $("undo-button").addEventListener("click", undo);
  $("hints").addEventListener("change", render);
  $("skill").addEventListener("input", () => { $("skill-out").textContent = $("skill").value; });
  $("table-form").addEventListener("submit", drawTable);
  loadGames().then(() => setState("ready")).catch((e) => showError(e.message));
});
