// The zermelo explorer page: talks to the JSON API of zermelo.web, draws what the server drew.
// No framework and no network beyond this server.  Modules: api (requests), moves (the list and
// its colours), board (the SVG board), chart (value history), panels (Solve, Value), tree.
"use strict";

import { $, api, cancelAll, make } from "./api.js";
import { growBoard, renderBoard } from "./board.js";
import { drawChart } from "./chart.js";
import { openEditor, showSyntax } from "./editor.js";
import { historyOf, readHistory, saveHistory } from "./history.js";
import { renderMoves } from "./moves.js";
import { copyCGSuiteText, hideSolution, hideValue, showScored, showSolve, showTrace, showValue } from "./panels.js";
import { openTree } from "./tree.js";

let games = [];
let epoch = 0;  // bumped whenever the game or position changes: late answers are dropped
const game = {
  spec: "", start: "", misere: false, skill: 1, first: "human", turns: [], redo: [],
  busy: false, partisan: false, side: null,
};
const START_STATUS = "Choose a game and a position, then “Play from here”.";

const setState = (s) => { document.body.dataset.state = s; };
const hints = () => $("hints").checked;
const other = (who) => (who === "human" ? "computer" : "human");
const otherSide = (side) => (side === "left" ? "right" : "left");
const capital = (word) => word.charAt(0).toUpperCase() + word.slice(1);
const turnParam = (turn) => (turn ? { turn } : {});
const current = () => game.turns[game.turns.length - 1];
const chartView = () => document.querySelector('input[name="chart-view"]:checked')?.value || "remoteness";

function showError(message) {
  const el = $("error");
  el.textContent = message || "";
  el.hidden = !message;
}

function entryOf(spec) {
  const name = spec.split(":")[0].trim();
  return games.find((g) => g.name === name || (g.aliases || []).includes(name));
}
// The games of a position: the spec's, and each summand's of a sum (``3 + domineering ..|..``).
function summandSpecs(spec, position) {
  const words = (position || "").trim().split(/\s+/);
  return [spec, ...words.filter((w, i) => i > 0 && words[i - 1] === "+")];
}
// A sum is partisan when any of its summands is.
const isPartisan = (spec, position = "") => summandSpecs(spec, position).some((s) => {
  const e = entryOf(s);
  return !!e && e.kind === "partisan";
});
const showSide = () => { $("side-label").hidden = !isPartisan($("spec").value, $("position").value); };

// ------------------------------------------------------------------ one state, never stale
function clearAll() {
  epoch += 1;
  cancelAll();  // the requests of what was on screen: abandoned, the spinner gone with them
  game.turns = [];
  game.redo = [];
  game.busy = false;
  hideSolution();
  hideValue();
  showError("");
  for (const id of ["board", "moves", "more-moves", "log", "tree"]) $(id).replaceChildren();
  $("more-moves").hidden = true;
  $("take-form").hidden = true;
  $("board-note").textContent = "";
  $("board-legend").hidden = true;
  $("tree-panel-body").hidden = true;
  $("status").textContent = START_STATUS;
  $("typed-error").textContent = "";
  $("grundy-note").hidden = true;
  $("history-note").textContent = "";
  drawChart([], hints(), chartView());
  updateButtons();
  setState("ready");
}

// The table belongs to a game and its play (normal or misère): gone when either changes.
function clearTable() {
  $("table-image").hidden = true;
  $("table-error").hidden = true;
}

// A position written for the person (an example, the board editor): as if typed.
function setPosition(text) {
  $("position").value = text;
  $("position").dispatchEvent(new Event("input"));
}

function chooseGame() {
  const e = games.find((g) => g.name === $("game-select").value);
  if (!e) return;
  $("spec").value = e.spec;
  $("position").value = e.position;
  $("game-summary").textContent = e.summary + (e.params ? ` — parameters: ${e.params}` : "");
  $("game-help").textContent = e.help || "";
  showSyntax(e, (text) => setPosition(text));
  showSide();
  const row = e.table && e.table.includes("{n}");
  $("table-rows").disabled = !!row;
  $("table-cols").value = row ? 60 : 16;
  clearTable();
  clearAll();
}

async function loadGames() {
  games = await api("/api/games", {});
  const select = $("game-select");
  for (const g of games) select.appendChild(make("option", { value: g.name }, `${g.name} — ${g.summary}`));
  chooseDefault();
}

// The page as it opens without a link: Nim's example, nothing played.
function chooseDefault() {
  $("game-select").value = games.some((g) => g.name === "nim") ? "nim" : games[0].name;
  chooseGame();
}

const params = (extra) => Object.assign({ game: $("spec").value, misere: $("misere").checked ? "1" : "0" }, extra);

// ------------------------------------------------------------------ solving
// An empty Rules field, said in the page's words (the API would say "missing parameter 'game'").
function noRules() {
  if ($("spec").value.trim()) return false;
  showError("the Rules field is empty: choose a game from the Game list, which fills it in");
  return true;
}

async function solvePosition(ev) {
  if (ev) ev.preventDefault();
  clearAll();
  if (noRules()) return;
  const link = setupQuery();
  link.set("solve", "1");
  goTo(link, true);  // a Solve is a link
  const mine = epoch;
  const spec = $("spec").value, position = $("position").value;
  if (isPartisan(spec, position)) {
    // A partisan position has no single winner to list: its value says who wins, and by how much.
    showValue(spec, position, $("misere").checked);
    return;
  }
  try {
    const a = await api("/api/solve", params({ position }));
    if (mine !== epoch) return;
    if (a.pv !== undefined) showScored(a); else showSolve(a, $("misere").checked);
  } catch (e) {
    if (mine !== epoch) return;
    clearAll();
    showError(e.message);
  }
}

// ------------------------------------------------------------------ playing
function gameParams(extra) {
  return Object.assign({ game: game.spec, misere: game.misere ? "1" : "0" }, extra);
}

// The cells of the two-cell moves played so far: the server draws placed dominoes as those pairs.
function placed(extra = null) {
  const moves = game.turns.filter((t) => t.played).map((t) => t.played);
  if (extra) moves.push(extra);
  const cells = (m) => m.parts && m.parts.length === 2 && m.parts.every((p) => /^[a-z]+[0-9]+$/.test(p));
  const pairs = moves.filter(cells).map((m) => m.parts.join("-"));
  return pairs.length ? { dominoes: pairs.join(" ") } : {};
}

async function startGame(replay = []) {
  clearAll();
  if (noRules()) return;
  const mine = epoch;
  game.spec = $("spec").value;
  game.start = $("position").value;
  game.misere = $("misere").checked;
  game.skill = parseFloat($("skill").value);
  game.partisan = isPartisan(game.spec, game.start);
  game.side = game.partisan ? $("side").value : null;
  game.first = $("first").value;
  const turn = game.partisan ? (game.first === "human" ? game.side : otherSide(game.side)) : null;
  setState("busy");
  try {
    const data = await api("/api/moves", gameParams(Object.assign({ position: game.start }, turnParam(turn))));
    if (mine !== epoch) return;
    game.turns.push({ data, mover: game.first, played: null });
    let stopped = null;  // a move of the link that is not legal here: said, not silently dropped
    for (const [i, number] of replay.entries()) {
      const t = current();
      // A move by its number in the list; a move typed beyond a list of a few (a heap of 10^60),
      // saved in words, is read again as typed.
      const m = typeof number === "string"
        ? (await api("/api/find", gameParams(Object.assign({ position: t.data.position, move: number },
          turnParam(t.data.turn)))).catch(() => null))?.move
        : t.data.moves.find((x) => x.number === number);
      if (mine !== epoch) return;
      const what = typeof number === "string" ? `“${number}”` : `number ${number}`;
      if (!m) { stopped = `move ${i + 1} of this link (${what}) is not a legal move here: the game stops before it`; break; }
      const next = await api("/api/moves", gameParams(Object.assign({ position: m.position },
        turnParam(t.data.turn ? otherSide(t.data.turn) : null), placed(m))));
      if (mine !== epoch) return;
      t.played = m;
      game.turns.push({ data: next, mover: other(t.mover), played: null });
    }
    render();
    revealPlay();
    if (stopped) showError(stopped);
    writeUrl(replay.length === 0);
    await maybeComputer(mine);
  } catch (e) {
    if (mine !== epoch) return;
    clearAll();  // nothing of a previous game stays under the new heading
    showError(e.message);
  }
}

// On a phone the play panel lies below the Position panel: a game that starts off screen is
// brought into view at its status line (the board follows it), else "Play" seems to do nothing.
function revealPlay() {
  const box = $("status").getBoundingClientRect();
  if (box.top < 0 || box.bottom > window.innerHeight) $("status").scrollIntoView({ block: "start" });
}

// A move made from the keyboard (or a click) on the board or the move list: the focus goes back
// there once it is the person's turn again, not to the page (the board is drawn anew).
// A move typed: the focus goes back to the field it was typed in.
let refocus = null;

function restoreFocus(enabled) {
  const dropped = !document.activeElement || document.activeElement === document.body;
  if (!refocus || !enabled || !dropped) return;  // never taken from where the person has put it
  const el = refocus !== "board" ? $(refocus)
    : $("board").querySelector('[tabindex="0"]') || $("moves").querySelector("button:not(:disabled)");
  if (el) el.focus();
}

async function humanMove(move) {
  const t = current();
  if (!t || t.mover !== "human" || t.data.over || game.busy) return;
  const at = document.activeElement;
  refocus = !at ? null : $("board").contains(at) || $("moves").contains(at) || $("more-moves").contains(at) ? "board"
    : ["typed-move", "take-count"].includes(at.id) ? at.id : null;
  const mine = epoch;
  game.busy = true;
  setState("busy");
  try {
    const next = t.data.turn ? otherSide(t.data.turn) : null;
    const data = await api("/api/moves", gameParams(Object.assign({ position: move.position }, turnParam(next),
      placed(move))));
    if (mine !== epoch) return;
    t.played = move;
    game.redo = [];
    game.turns.push({ data, mover: "computer", played: null });
    game.busy = false;
    render();
    writeUrl(true);
    await maybeComputer(mine);
  } catch (e) {
    if (mine !== epoch) return;
    showError(e.message);
  } finally {
    if (mine === epoch) { game.busy = false; render(); }
  }
}

async function maybeComputer(mine) {
  const t = current();
  if (!t || t.data.over || t.mover !== "computer") { render(); return; }
  setState("computer");
  const reply = await api("/api/play", gameParams(Object.assign(
    { position: t.data.position, skill: String(game.skill) }, turnParam(t.data.turn), placed())));
  if (mine !== epoch) return;
  t.played = reply.move;
  game.turns.push({ data: reply.after, mover: "human", played: null });
  render();
  writeUrl(false);
}

// Any number taken from any heap, however long (the drawing shows 30 counters at most, and a
// phone fewer): said in the game's own words and read as a typed move is.
function renderTake(t, enabled) {
  const heaps = t && t.data.heaps;
  $("take-form").hidden = !heaps || !heaps.length || t.data.over;
  if ($("take-form").hidden) return;
  const select = $("take-heap");
  const chosen = select.value;
  select.replaceChildren(...heaps.map((h, i) => make("option", { value: String(i + 1) }, `heap ${i + 1} (${h})`)));
  if (chosen && Number(chosen) <= heaps.length) select.value = chosen;
  for (const id of ["take-count", "take-heap", "take-button"]) $(id).disabled = !enabled;
}

async function takeMove(ev) {
  ev.preventDefault();
  const count = $("take-count").value.trim();
  if (!count) return;
  await typedMove(null, `take ${/^all$/i.test(count) ? "all" : count} from heap ${$("take-heap").value}`);
  if (!$("typed-error").textContent) $("take-count").value = "";
}

async function typedMove(ev, said = null) {
  if (ev) ev.preventDefault();
  const t = current();
  const text = said || $("typed-move").value.trim();
  if (!t || !text) return;
  $("typed-error").textContent = "";
  const mine = epoch;
  try {
    const found = await api("/api/find", gameParams(Object.assign(
      { position: t.data.position, move: text }, turnParam(t.data.turn))));
    if (!said) $("typed-move").value = "";
    await humanMove(found.move);
  } catch (e) {
    if (mine === epoch) $("typed-error").textContent = e.message;
  }
}

// Undo takes back the person's last move (and the computer's reply): only once there is one.  Going
// back past the computer's opening move left the page "thinking" for ever, nobody to move.
const undoable = () => game.turns.some((t) => t.mover === "human" && t.played);

function undo() {
  if (!undoable() || game.busy) return;
  const taken = [game.turns.pop()];
  while (game.turns.length > 1 && current().mover === "computer") taken.push(game.turns.pop());
  game.redo.push({ taken, played: current().played });
  current().played = null;
  render();
  writeUrl(true);
}

function redo() {
  const step = game.redo.pop();
  if (!step || game.busy) return;
  current().played = step.played;
  for (const t of step.taken.reverse()) game.turns.push(t);
  render();
  writeUrl(true);
}

function newGame() {
  $("position").value = game.start;
  startGame();
}

// ------------------------------------------------------------------ what the page shows
function seenBefore() {
  const key = (t) => `${t.data.position}|${t.data.turn}`;
  const now = current();
  return game.turns.slice(0, -1).some((t) => key(t) === key(now));
}

// The points each player banked, in a game that scores as it goes (Cheques, the stone games).
function banked() {
  const points = { human: 0, computer: 0 };
  let any = false;
  for (const t of game.turns) {
    if (!t.played || t.played.gain === undefined) continue;
    points[t.mover] += t.played.gain;
    any = true;
  }
  return any ? points : null;
}

function winnerText(t) {
  const points = banked();
  if (points) {
    // The score difference: what each banked, and what the final position is worth to its mover.
    const end = t.data.score || 0;
    const mine = points.human + (t.mover === "human" ? end : 0);
    const theirs = points.computer + (t.mover === "computer" ? end : 0);
    const verdict = mine > theirs ? "you win" : mine < theirs ? "the computer wins" : "a draw";
    return `Game over: ${verdict}, ${mine} to ${theirs}.`;
  }
  const v = t.data.value;
  if (v === "draw") return "Game over: a draw.";
  const winner = v === "win" ? t.mover : other(t.mover);
  const stuck = t.data.turn ? `${capital(t.data.turn)} cannot move: ` : "";
  return `Game over: ${stuck}` + (winner === "human" ? "you win!" : "the computer wins.");
}

function statusText(t) {
  if (t.data.over) return winnerText(t);
  const repeated = seenBefore() ? "Position repeated: with perfect play neither side can force a win here. " : "";
  if (t.mover === "computer") return `${repeated}The computer is thinking…`;
  const side = t.data.turn ? ` (${capital(t.data.turn)})` : "";
  if (!hints()) return `${repeated}Your move${side}.`;
  const r = t.data.remoteness;
  const when = r === null ? "" : ` (the game can last ${r} more ${r === 1 ? "move" : "moves"})`;
  const v = { win: "you can win", lose: "you lose against perfect play", draw: "you can hold a draw" }[t.data.value];
  if (t.data.turn) {
    const why = { L: "> 0: Left wins", R: "< 0: Right wins", P: "= 0: whoever moves next loses",
      N: "fuzzy: whoever moves next wins" }[t.data.outcome];
    return `${repeated}Your move${side} — ${v}: the value is ${t.data.game_value} (${why}).`;
  }
  return `${repeated}Your move — ${v}${t.data.value === "draw" ? "" : when}.`;
}

function updateButtons() {
  const t = current();
  $("undo-button").disabled = !undoable() || game.busy || (!!t && t.mover === "computer" && !t.data.over);
  $("redo-button").disabled = !game.redo.length || game.busy;
  $("new-button").disabled = !game.turns.length || game.busy;
  $("typed-move").disabled = !t || t.mover !== "human" || t.data.over || game.busy;
  $("tree-button").disabled = false;
  $("export-button").disabled = !game.turns.length;
  $("link-button").disabled = !game.turns.length;
}

// Impartial games: the position's Grundy value as the mex of its moves' results (each move's
// result is on its button), said only with hints on.
function grundyNote(t) {
  const gs = t.data.moves.map((m) => m.grundy);
  const known = t.data.grundy !== null && !t.data.turn && gs.every((g) => Number.isInteger(g));
  $("grundy-note").hidden = !hints() || !known || t.data.over;
  if ($("grundy-note").hidden) return;
  const set = [...new Set(gs)].sort((a, b) => a - b);
  $("grundy-note").textContent = `Grundy value ${t.data.grundy} = mex{${set.join(", ")}}: the least value no move`
    + " leads to (each move's result is on its button, G).";
}

function render() {
  const t = current();
  $("play").classList.toggle("hinted", hints());
  updateButtons();
  if (!t) return;
  const enabled = t.mover === "human" && !t.data.over && !game.busy;
  setState(t.data.over ? "over" : game.busy ? "busy" : t.mover);
  $("status").textContent = statusText(t);
  // The value of a partisan position says who wins: with hints off, only once the game is over.
  if (t.data.partisan && (hints() || t.data.over)) showValue(game.spec, t.data.position, false);
  else if (t.data.partisan) hideValue();
  renderBoard(t.data, hints(), enabled, humanMove);
  renderMoves(t.data.moves, hints(), enabled, humanMove);
  grundyNote(t);
  renderTake(t, enabled);
  // A heap of 10^60: a few moves stand for all (the winning ones, take one, take all).
  if (t.data.listed === false && !t.data.over) {
    $("board-note").textContent = "Too many moves to list: a few are shown; take any number (or all) from a heap below.";
  }
  restoreFocus(enabled);
  const log = $("log");
  log.replaceChildren();
  const reveal = hints() || t.data.over;
  for (const turn of game.turns) {
    if (!turn.played) continue;
    const side = turn.data.turn ? ` (${capital(turn.data.turn)})` : "";
    const why = reveal ? ` (${turn.played.describe})` : "";
    const li = make("li", { class: `played ${reveal ? turn.played.value : ""}` },
      `${turn.mover === "human" ? "you" : "computer"}${side}: ${turn.played.move}${why}`);
    log.appendChild(li);
  }
  drawChart(game.turns, reveal, chartView());
}

// The chart is drawn at its width on screen: drawn again when that changes (a phone turned).
let resizing = null;
function redrawChartNow() {
  const t = current();
  drawChart(game.turns, hints() || (!!t && t.data.over), chartView());
}
function redrawChart() {
  clearTimeout(resizing);
  resizing = setTimeout(redrawChartNow, 100);
}

// ------------------------------------------------------------------ permalinks
// The address is always what the page shows: the game and position chosen (?game=&position=),
// solved (&solve=1), or played (&moves=1.3.2, with its options); reloading reopens it.
let restoring = false;

function setupQuery() {
  const q = new URLSearchParams({ game: $("spec").value, position: $("position").value });
  if ($("misere").checked) q.set("misere", "1");
  return q;
}

function goTo(q, push) {
  if (restoring) return;
  const url = `?${q}`;
  if (url === window.location.search) return;
  if (push) window.history.pushState(null, "", url); else window.history.replaceState(null, "", url);
}

function writeUrl(push) {
  if (restoring || !game.turns.length) return;
  const q = new URLSearchParams({ game: game.spec, position: game.start });
  if (game.misere) q.set("misere", "1");
  if (game.first !== "human") q.set("first", game.first);
  if (game.side) q.set("side", game.side);
  q.set("moves", game.turns.filter((t) => t.played).map((t) => t.played.number).join("."));
  const url = `?${q}`;
  if (url === window.location.search) return;
  if (push) window.history.pushState(null, "", url); else window.history.replaceState(null, "", url);
}

// The fields of a link or a saved game: false (said) when its game is unknown.
function applySetup(spec, position, misere, first, side, from) {
  const e = entryOf(spec);
  if (!e) { showError(`unknown game ${spec} in the ${from}; choose one from the Game list`); return false; }
  $("game-select").value = e.name;
  chooseGame();
  $("spec").value = spec;
  $("position").value = position || "";
  $("misere").checked = !!misere;
  showSide();
  $("first").value = first === "computer" ? "computer" : "human";
  if (side) $("side").value = side === "right" ? "right" : "left";
  return true;
}

async function loadFromUrl() {
  const q = new URLSearchParams(window.location.search);
  const spec = q.get("game");
  if (!spec) return;
  if (!applySetup(spec, q.get("position"), q.get("misere") === "1", q.get("first"), q.get("side"), "link")) return;
  if (q.get("solve") === "1") {
    restoring = true;
    try { await solvePosition(); } finally { restoring = false; }
    return;
  }
  if (!q.has("moves")) return;
  const numbers = (q.get("moves") || "").split(".").filter((x) => /^\d+$/.test(x)).map(Number);
  restoring = true;
  try { await startGame(numbers); } finally { restoring = false; }
}

// A saved game opened: replayed move by move, and the address is its link.
async function openHistory() {
  const file = $("import-file").files[0];
  if (!file) return;
  $("import-file").value = "";
  try {
    const h = await readHistory(file);
    if (!applySetup(h.game, h.position, h.misere, h.first, h.side, "file")) return;
    await startGame(h.moves);
    writeUrl(true);
    $("history-note").textContent = `opened ${file.name}: ${h.moves.length} moves`;
  } catch (e) {
    showError(e.message);
  }
}

async function copyLink() {
  const link = window.location.href;
  try {
    await navigator.clipboard.writeText(link);
    $("history-note").textContent = "the link is copied: it reopens this game, move by move";
  } catch (e) {
    $("history-note").textContent = `the link: ${link}`;
  }
}

// ------------------------------------------------------------------ the table picture
async function drawTable(ev) {
  if (ev) ev.preventDefault();
  const e = games.find((g) => g.name === $("game-select").value);
  const img = $("table-image"), note = $("table-error");
  note.hidden = true;
  if (e && !e.table) { note.textContent = `${e.name} has no table layout.`; note.hidden = false; img.hidden = true; return; }
  const q = new URLSearchParams({
    game: $("spec").value, rows: $("table-rows").disabled ? "1" : $("table-rows").value,
    cols: $("table-cols").value, grundy: $("table-grundy").checked ? "1" : "0",
    misere: $("misere").checked ? "1" : "0", format: "png",
  });
  const res = await fetch(`/api/table?${q}`);
  if (!res.ok) {
    let msg = `the server answered ${res.status}`;
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
function treeContext() {
  return {
    spec: $("spec").value, misere: $("misere").checked, partisan: isPartisan($("spec").value, $("position").value),
    epoch: () => epoch,
    jump: (position) => { $("position").value = position; startGame(); },
  };
}

window.addEventListener("DOMContentLoaded", () => {
  $("game-select").addEventListener("change", () => { chooseGame(); goTo(setupQuery(), true); });
  for (const id of ["spec", "position"]) {
    $(id).addEventListener("input", () => { clearAll(); showSide(); goTo(setupQuery(), false); });
  }
  $("spec").addEventListener("input", clearTable);
  $("misere").addEventListener("change", () => { clearAll(); clearTable(); goTo(setupQuery(), false); });
  $("position-form").addEventListener("submit", solvePosition);
  $("play-button").addEventListener("click", () => startGame());
  $("editor-button").addEventListener("click", () => {
    const e = games.find((g) => g.name === $("game-select").value);
    if (e && e.cell_symbols) openEditor(e.cell_symbols, setPosition);
  });
  $("val-cgsuite-copy").addEventListener("click", copyCGSuiteText);
  $("trace-button").addEventListener("click", () => {
    const mine = epoch;
    showTrace($("spec").value, $("position").value, () => mine === epoch);
  });
  $("undo-button").addEventListener("click", undo);
  $("redo-button").addEventListener("click", redo);
  $("new-button").addEventListener("click", newGame);
  $("typed-form").addEventListener("submit", typedMove);
  $("take-form").addEventListener("submit", takeMove);
  $("tree-button").addEventListener("click", () => {
    const t = current();
    openTree(treeContext(), t ? t.data.position : $("position").value);
  });
  $("hints").addEventListener("change", render);
  for (const r of document.querySelectorAll('input[name="chart-view"]')) r.addEventListener("change", redrawChartNow);
  $("export-button").addEventListener("click", () => { if (game.turns.length) saveHistory(historyOf(game)); });
  $("import-file").addEventListener("change", openHistory);
  $("link-button").addEventListener("click", copyLink);
  $("skill").addEventListener("input", () => { $("skill-out").textContent = $("skill").value; });
  $("table-form").addEventListener("submit", drawTable);
  window.addEventListener("resize", () => { redrawChart(); growBoard(); });
  window.addEventListener("popstate", () => {
    // Back to the page as it opened (no game in the address): the opening page, not the last game.
    if (!new URLSearchParams(window.location.search).get("game")) { chooseDefault(); return; }
    loadFromUrl().catch((e) => showError(e.message));
  });
  loadGames()
    .then(loadFromUrl)
    .then(() => { if (document.body.dataset.state === "idle") setState("ready"); })
    .catch((e) => showError(e.message));
});
