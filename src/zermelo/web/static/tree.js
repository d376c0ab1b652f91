// The game-tree browser: a position's options with their values, expanded on demand.
"use strict";

import { $, api, make } from "./api.js";

const MAX_CHILDREN = 60;

function optionText(m, partisan) {
  if (partisan) return `${m.move} ⇒ ${m.position}   value ${m.game_value}`;
  const g = m.grundy === null || m.grundy === undefined ? "" : `, Grundy ${m.grundy}`;
  const v = { win: "a P-position: moving here wins", lose: "an N-position: moving here loses", draw: "a draw" }[m.value] || m.value;
  return `${m.move} ⇒ ${m.position}   ${v}${g}`;
}

// One node: a button that expands (or collapses) the position's options.
function node(ctx, position, label, depth) {
  const li = make("li", { class: "tree-node" });
  const row = make("div", { class: "tree-row" });
  const toggle = make("button", { type: "button", class: "tree-toggle" }, "▸");
  toggle.setAttribute("aria-expanded", "false");
  toggle.setAttribute("aria-label", `options of ${position}`);
  row.append(toggle, make("span", { class: "tree-label" }, label));
  const jump = make("button", { type: "button", class: "tree-jump" }, "play from here");
  jump.addEventListener("click", () => ctx.jump(position));
  row.appendChild(jump);
  li.appendChild(row);
  const children = make("ul", { class: "tree" });
  children.hidden = true;
  li.appendChild(children);
  toggle.addEventListener("click", async () => {
    const open = toggle.getAttribute("aria-expanded") === "true";
    if (open) { children.hidden = true; toggle.setAttribute("aria-expanded", "false"); toggle.textContent = "▸"; return; }
    if (!children.childElementCount) await expand(ctx, position, children, depth);
    children.hidden = false;
    toggle.setAttribute("aria-expanded", "true");
    toggle.textContent = "▾";
  });
  return li;
}

async function expand(ctx, position, ul, depth) {
  const epoch = ctx.epoch();
  const sides = ctx.partisan ? ["left", "right"] : [null];
  for (const side of sides) {
    let data;
    try {
      data = await api("/api/moves", Object.assign({ game: ctx.spec, position, misere: ctx.misere ? "1" : "0" },
        side ? { turn: side } : {}));
    } catch (e) {
      if (epoch !== ctx.epoch()) return;
      ul.appendChild(make("li", { class: "error" }, e.message));
      return;
    }
    if (epoch !== ctx.epoch()) return;
    let into = ul;
    if (side) {
      const group = make("li", { class: "tree-side" }, `${side === "left" ? "Left" : "Right"}'s options`);
      into = make("ul", { class: "tree" });
      group.appendChild(into);
      ul.appendChild(group);
    }
    if (!data.moves.length) into.appendChild(make("li", { class: "muted" }, "no move"));
    for (const m of data.moves.slice(0, MAX_CHILDREN)) into.appendChild(node(ctx, m.position, optionText(m, !!side), depth + 1));
    if (data.moves.length > MAX_CHILDREN) {
      into.appendChild(make("li", { class: "muted" }, `… and ${data.moves.length - MAX_CHILDREN} more options`));
    }
  }
}

// Open the tree at a position (the root shows its options at once).
export async function openTree(ctx, position) {
  const root = $("tree");
  root.replaceChildren();
  const top = node(ctx, position, `${ctx.spec} ${position}`, 0);
  root.appendChild(top);
  $("tree-panel-body").hidden = false;
  await top.querySelector(".tree-toggle").click();
}
