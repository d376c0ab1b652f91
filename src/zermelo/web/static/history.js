// The game so far as a file: saved (a JSON file of the moves' numbers, with their words for a
// reader) and opened again (it is replayed, as a link is). The link is the address bar's.
"use strict";

const KIND = "zermelo game history";

// What a game so far is: its rules and start, who moved first, and each move's number in its list.
export function historyOf(game) {
  const played = game.turns.filter((t) => t.played);
  return {
    kind: KIND, version: 1, game: game.spec, position: game.start, misere: game.misere, first: game.first,
    // A move typed beyond a list of a few (number 0) is saved as typed: its label without the
    // heaps it leaves ("take 20 from heap 1").
    side: game.side, moves: played.map((t) => t.played.number || t.played.move.replace(/ \([^()]*\)$/, "")),
    said: played.map((t) => t.played.move),
  };
}

export function saveHistory(history) {
  const blob = new Blob([JSON.stringify(history, null, 2)], { type: "application/json" });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = `${history.game.split(":")[0]}-game.json`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

// A saved file read back, checked: an error in words for anything else.
export async function readHistory(file) {
  let h;
  try { h = JSON.parse(await file.text()); } catch (e) { throw new Error(`${file.name} is not a saved game (not JSON)`); }
  if (!h || h.kind !== KIND || typeof h.game !== "string" || typeof h.position !== "string"
      || !Array.isArray(h.moves) || !h.moves.every((n) => (Number.isInteger(n) && n > 0) || typeof n === "string")) {
    throw new Error(`${file.name} is not a saved game of this page`);
  }
  return h;
}
