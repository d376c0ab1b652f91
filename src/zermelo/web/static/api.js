// Talking to the JSON API: exact big integers, a busy indicator, errors in the page's words.
"use strict";

let pending = 0;

function busy(delta) {
  pending += delta;
  const el = document.getElementById("busy");
  if (el) el.hidden = pending === 0;
  document.querySelector("main")?.setAttribute("aria-busy", pending ? "true" : "false");
}

// JSON.parse keeps whole numbers beyond 2^53 exact: as their digits (a string), never a float.
export function parseExact(text) {
  return JSON.parse(text, (key, value, context) => {
    if (typeof value === "number" && !Number.isSafeInteger(value) && context && /^-?\d+$/.test(context.source)) {
      return context.source;
    }
    return value;
  });
}

// Every request on its way belongs to what the page shows: cancelAll() drops them (another game,
// another position), so the busy indicator goes at once and the server's answer is not awaited.
let requests = new AbortController();

export function cancelAll() {
  requests.abort();
  requests = new AbortController();
}

export async function api(path, params) {
  const q = new URLSearchParams(params);
  busy(1);
  try {
    let res;
    try {
      res = await fetch(`${path}?${q}`, { signal: requests.signal });
    } catch (e) {
      if (e.name === "AbortError") throw new Error("cancelled: the page moved on");
      throw new Error("the server cannot be reached: check that it is still running");
    }
    const text = await res.text();
    let body;
    try { body = parseExact(text); } catch (e) { body = { error: `the server answered ${res.status} ${res.statusText}` }; }
    if (!res.ok) throw new Error(body.error || `the server answered ${res.status} ${res.statusText}`);
    return body;
  } finally {
    busy(-1);
  }
}

export const $ = (id) => document.getElementById(id);

// An SVG element with its attributes (and text): the chart's and the board's marks.
export function svgEl(name, attrs = {}, text) {
  const e = document.createElementNS("http://www.w3.org/2000/svg", name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

export function make(tag, attrs = {}, text) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") e.className = v; else if (k.startsWith("data-")) e.setAttribute(k, v); else e[k] = v;
  }
  if (text !== undefined) e.textContent = text;
  return e;
}
