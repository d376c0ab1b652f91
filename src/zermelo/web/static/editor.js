// Writing a position: the game's own syntax and examples (from its rules class), and for a grid
// game a board editor: each click on a cell turns it into the next of the game's cell symbols,
// and the Position field follows.
"use strict";

import { $, make } from "./api.js";

// The help: how a position is written, and examples a click puts in the Position field.
export function showSyntax(e, choose) {
  $("game-syntax").textContent = e.syntax || "";
  $("game-syntax").parentElement.hidden = !e.syntax;  // a game of the user's own file may say none
  $("game-examples").parentElement.hidden = !(e.examples || []).length;
  const list = $("game-examples");
  list.replaceChildren();
  for (const ex of e.examples || []) {
    const b = make("button", { type: "button", class: "example" }, ex === "" ? "(empty: the start)" : ex);
    b.addEventListener("click", () => choose(ex));
    list.appendChild(b);
  }
  $("editor-button").hidden = !e.cell_symbols;
  $("editor").hidden = true;
  $("editor").replaceChildren();
}

// The rows of a grid position as the editor writes them (split by | or /, as the game writes
// them): ``RxC`` is an empty board of that size.
function rowsOf(text, empty) {
  const t = text.trim();
  const size = /^(\d+)\s*x\s*(\d+)$/.exec(t);
  if (size && Number(size[1]) <= 12 && Number(size[2]) <= 12) {
    return Array.from({ length: Number(size[1]) }, () => empty.repeat(Number(size[2])).split(""));
  }
  return t ? t.split(/[|/]/).map((r) => r.split("")) : [];
}

// The editor of the Position field's board; ``changed`` is told the new text after each click.
export function openEditor(symbols, changed) {
  const box = $("editor");
  const rows = rowsOf($("position").value, symbols[0]);
  const split = $("position").value.includes("/") ? "/" : "|";
  box.replaceChildren();
  if (!rows.length || rows.some((r) => r.some((c) => !symbols.includes(c)))) {
    box.appendChild(make("p", { class: "muted" },
      `The editor reads a board written row by row with ${[...symbols].join(" ")} (and | or / between rows); start from an example.`));
    box.hidden = false;
    return;
  }
  const grid = make("div", { class: "editor-grid", role: "grid", "aria-label": "the board: click a cell to change it" });
  grid.style.gridTemplateColumns = `repeat(${Math.max(...rows.map((r) => r.length))}, 44px)`;
  rows.forEach((row, i) => row.forEach((c, j) => {
    const cell = make("button", { type: "button", class: "editor-cell" }, c);
    cell.dataset.cell = `${i},${j}`;
    cell.setAttribute("aria-label", `row ${i + 1}, column ${j + 1}: ${c}`);
    cell.addEventListener("click", () => {
      row[j] = symbols[(symbols.indexOf(row[j]) + 1) % symbols.length];
      cell.textContent = row[j];
      cell.setAttribute("aria-label", `row ${i + 1}, column ${j + 1}: ${row[j]}`);
      changed(rows.map((r) => r.join("")).join(split));
    });
    grid.appendChild(cell);
  }));
  box.appendChild(grid);
  box.appendChild(make("p", { class: "muted" }, `A click turns a cell into the next of ${[...symbols].join(" ")}.`));
  box.hidden = false;
}
