"""Drawings of positions as SVG, from a game's board description, for the web page and Jupyter.

One drawing per family of boards (:mod:`zermelo.rules.boards`): heaps of counters, a grid of cells
(pieces, dominoes, Chomp's squares, Connect Four's discs under gravity), a directed graph with
its tokens, Hackenbush's coloured edges over the ground, an undirected graph
(:mod:`~zermelo.analyses.draw_network`), cakes (:mod:`~zermelo.analyses.draw_cake`), a row of coins.  Every part a
player may click carries ``data-part`` (``h2:3`` is counter 3 of heap 2, counted from 0; ``b1`` a
cell; ``col-c`` a Connect Four column; ``v:a`` a vertex; ``e:3`` an edge; ``c:3`` coin 3), and :func:`move_parts`
says which parts a move touches, so a page (or anything else) moves by a click.

In a notebook, :class:`Drawing` shows a position's board (``_repr_svg_``) and :class:`ValueDrawing`
a value's thermograph::

    >>> from zermelo.games import Nim
    >>> d = Drawing(Nim(), (1, 2))
    >>> d.svg().count('class="part counter')
    3
    >>> d.svg().startswith('<svg')
    True
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from html import escape
from typing import Any

from ..rules import Rules
from ..rules.boards import Board, cell_index, cell_name, takes_words, with_dominoes
from .draw_cake import cakes_svg
from .draw_hackenbush import hackenbush_svg
from .draw_network import network_svg
from .svg import CELL, INK, MUTED, document, part

__all__ = ["MAX_COUNTERS", "Drawing", "ValueDrawing", "board_svg", "move_parts"]

#: Counters drawn per heap; a bigger heap is drawn with "…" and its size (moves by typing).
MAX_COUNTERS = 30
# Pieces on a grid: fill, outline, text colour; anything else is drawn as its letter.
PIECES = {
    "X": ("#c62828", "#7f1d1d", "#fff"),
    "O": ("#f2c200", "#8a6d00", INK),
    "x": ("#1d2330", "#000", "#fff"),
    "o": ("#fafafa", "#1d2330", INK),
    "T": ("#2e7d32", "#14532d", "#fff"),
    "F": ("#8d4a12", "#4a2508", "#fff"),
    "L": ("#1f4fa3", "#0b2a66", "#fff"),
    "R": ("#c62828", "#7f1d1d", "#fff"),
}


# ----------------------------------------------------------------------------- heaps
def _heaps(heaps: Sequence[int], takes: Sequence[int] | None = None, names: Sequence[str] = (), label: str = "") -> str:
    """Rows of counters, ``names`` the rows' labels (``heap 1``, ``heap 2``, … when not given),
    ``label`` the drawing's (``heaps 3 4 5`` when not given)."""
    widest = min(max(heaps, default=0), MAX_COUNTERS)
    label_w, size_w = 72, 90
    width = label_w + CELL * max(widest, 1) + size_w
    height = CELL * max(len(heaps), 1) + (28 if takes else 0)
    body = []
    for i, h in enumerate(heaps):
        y = i * CELL
        # The size beside the name, seen even when a long heap runs past the page's box.
        size = str(h) if h < 10**7 else f"{len(str(h))} digits"
        name = names[i] if i < len(names) else f"heap {i + 1}"
        body.append(f'<text x="4" y="{y + 19}" fill="{MUTED}" font-size="15">{name}</text>')
        body.append(f'<text class="heap-size" x="4" y="{y + 37}" fill="{INK}" font-size="14">{size}</text>')
        for j in range(min(h, MAX_COUNTERS)):
            cx = label_w + j * CELL + CELL / 2
            shapes = (
                f'<rect x="{cx - CELL / 2}" y="{y}" width="{CELL}" height="{CELL}" fill="transparent"/>'
                f'<circle cx="{cx}" cy="{y + CELL / 2}" r="15" fill="#d0d5dd" stroke="#475467" stroke-width="2"/>'
            )
            body.append(part(f"h{i + 1}:{j}", shapes, " counter"))
        more = "… " if h > MAX_COUNTERS else ""
        x = label_w + min(h, MAX_COUNTERS) * CELL + 8
        body.append(f'<text x="{x}" y="{y + 28}" fill="{MUTED}" font-size="15">{more}{h}</text>')
    label = label or "heaps " + " ".join(map(str, heaps))
    if takes:  # the range the previous take set (Mem, Fibonacci Nim)
        said = takes_words(takes[0], takes[1])
        width = max(width, 9 * len(said) + 8)  # the words never cut off beside a short heap
        body.append(f'<text class="takes" x="4" y="{height - 8}" fill="{INK}" font-size="15">{said}</text>')
        label += f", {said}"
    return document(width, height, body, label)


def _pairs(pairs: Sequence[Sequence[int]]) -> str:
    """Each pair as two rows of counters, ``pair 1`` beside its first (larger) number's row."""
    rows = [n for pair in pairs for n in pair]
    names = [f"pair {i // 2 + 1}" if i % 2 == 0 else "" for i in range(len(rows))]
    return _heaps(rows, names=names, label="pairs " + " + ".join(" ".join(map(str, pair)) for pair in pairs))


# ----------------------------------------------------------------------------- grids
#: A cell's whole square, the target a finger taps (the drawn square inside it is smaller).
HIT = f'<rect class="hit" x="{{x}}" y="{{y}}" width="{CELL}" height="{CELL}" fill="transparent"/>'


def _piece(ch: str, cx: float, cy: float, disc: bool, burnt: bool = False) -> str:
    if ch in ".":
        return ""
    if ch == "#":
        s = CELL - 6
        square = f'<rect x="{cx - s / 2}" y="{cy - s / 2}" width="{s}" height="{s}" rx="5" fill="#3b4252"/>'
        if not burnt:
            return square
        # Burnt by an arrow (Amazons): the arrow drawn in it, so it is not taken for a missing cell.
        return square + (
            f'<g class="arrow" stroke="#f5b041" fill="#f5b041"><path d="M{cx - 10},{cy + 10}L{cx + 6},{cy - 6}" '
            f'stroke-width="3"/><path d="M{cx + 11},{cy - 11}L{cx + 1},{cy - 8}L{cx + 8},{cy - 1}z" stroke="none"/>'
            f'<path d="M{cx - 10},{cy + 10}l-6,0M{cx - 10},{cy + 10}l0,6" stroke-width="2"/></g>'
        )
    fill, line, text = PIECES.get(ch, ("#e4e7ec", "#475467", INK))
    shape = f'<circle cx="{cx}" cy="{cy}" r="17" fill="{fill}" stroke="{line}" stroke-width="2.5"/>'
    if disc or ch in "xo":
        return shape
    return shape + (
        f'<text x="{cx}" y="{cy + 7}" text-anchor="middle" font-size="20" font-weight="700" fill="{text}">'
        f"{escape(ch)}</text>"
    )


def _dominoes(board: Board) -> list[tuple[int, int, int, int]]:
    """The dominoes placed on a grid, as the moves placed them (``board["dominoes"]``, see
    :func:`~zermelo.rules.boards.with_dominoes`): the cells alone cannot say which ``#`` make one domino,
    so a ``#`` of no known pair is drawn as a blocked square, never guessed into a pair."""
    pairs = []
    for a, b in board.get("dominoes", ()):
        (r1, c1), (r2, c2) = sorted((cell_index(a) or (-1, -1), cell_index(b) or (-1, -1)))
        if r1 >= 0:
            pairs.append((r1, c1, r2, c2))
    return pairs


def _grid(board: Board) -> str:
    rows: list[str] = board["rows"]
    gravity = bool(board.get("gravity"))
    line = set(board.get("line", ()))
    squares = board.get("style") == "squares"
    burnt = board.get("style") == "burnt"  # Amazons: a # is a square an arrow burnt
    dark = board.get("dark")  # a chequerboard: its cells with row + column of this parity are dark
    n_cols = max((len(r) for r in rows), default=0)
    top, left = 24, 24
    # Connect Four keeps a strip under its board for the page's hint marks (never over a disc).
    width, height = left + CELL * n_cols + 4, top + CELL * len(rows) + (30 if gravity else 4)
    body = []
    # Connect Four's moves name columns by number (X 3): its columns are numbered, its rows not.
    for c in range(n_cols):
        body.append(
            f'<text x="{left + c * CELL + CELL / 2}" y="16" text-anchor="middle" fill="{MUTED}" font-size="14">'
            f"{c + 1 if gravity else cell_name(0, c)[:-1]}</text>"
        )
    for r in range(0 if gravity else len(rows)):
        body.append(
            f'<text x="12" y="{top + r * CELL + 28}" text-anchor="middle" fill="{MUTED}" font-size="14">{r + 1}</text>'
        )
    if gravity:
        body.append(
            f'<rect x="{left}" y="{top}" width="{CELL * n_cols}" height="{CELL * len(rows)}" rx="8" fill="#1f4fa3"/>'
        )
        # The columns lie under the discs: a page colours a column's hint between the holes, never
        # over a disc (a red disc under a yellow tint looked like a yellow one); the discs let
        # clicks through to their column (the page's style sheet: .column ~ .cell).
        for c in range(n_cols):
            x = left + c * CELL
            shapes = f'<rect x="{x}" y="{top}" width="{CELL}" height="{CELL * len(rows)}" fill="transparent"/>'
            body.append(part(f"col-{cell_name(0, c)[:-1]}", shapes, " column"))
    pairs = [] if gravity or squares else _dominoes(board)
    paired = {(r, c) for r1, c1, r2, c2 in pairs for r, c in ((r1, c1), (r2, c2))}
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            x, y = left + c * CELL, top + r * CELL
            cx, cy = x + CELL / 2, y + CELL / 2
            name = cell_name(r, c)
            if gravity:
                fill, edge = {"X": ("#d32f2f", "#7f1d1d"), "O": ("#fbc02d", "#8a6d00")}.get(ch, ("#fff", "#0b2a66"))
                ring = ' stroke="#22c55e" stroke-width="5"' if name in line else f' stroke="{edge}" stroke-width="2"'
                shapes = f'<circle cx="{cx}" cy="{cy}" r="17" fill="{fill}"{ring}/>'
                if name in line:
                    shapes += f'<circle cx="{cx}" cy="{cy}" r="6" fill="#fff"/>'
            elif squares:
                shapes = HIT.format(x=x, y=y) + (
                    f'<rect x="{x + 2}" y="{y + 2}" width="{CELL - 4}" height="{CELL - 4}" rx="4" '
                    f'fill="{"#8d5a2b" if ch != "." else "#f5f3ee"}" stroke="#c9c4b8"/>'
                )
                if ch == "P":
                    shapes += f'<text x="{cx}" y="{cy + 7}" text-anchor="middle" font-size="18" fill="#fff">☠</text>'
            else:
                win = ' stroke="#22c55e" stroke-width="4"' if name in line else ' stroke="#c9c4b8"'
                shapes = HIT.format(x=x, y=y)
                floor = "#c9b79c" if dark is not None and (r + c) % 2 == dark else "#fbfaf7"
                shapes += f'<rect x="{x + 1}" y="{y + 1}" width="{CELL - 2}" height="{CELL - 2}" fill="{floor}"{win}/>'
                if (r, c) not in paired:
                    shapes += _piece(ch, cx, cy, False, burnt)
            body.append(part(name, shapes, f" cell{' filled' if ch != '.' else ''}"))
    for r1, c1, r2, c2 in pairs:
        x, y = left + c1 * CELL + 4, top + r1 * CELL + 4
        w, h = (c2 - c1 + 1) * CELL - 8, (r2 - r1 + 1) * CELL - 8
        body.append(f'<rect class="domino" x="{x}" y="{y}" width="{w}" height="{h}" rx="7" fill="#3b4252"/>')
    return document(width, height, body, "board " + "/".join(rows))


# ----------------------------------------------------------------------------- coins
def _coins(coins: str) -> str:
    """A row of coins, numbered from 1 on the left: heads gold with H, tails grey with T (part ``c:3``)."""
    top, left = 24, 4
    width, height = left + CELL * max(len(coins), 1) + 4, top + CELL + 4
    body = []
    for i, ch in enumerate(coins):
        x, cx, cy = left + i * CELL, left + i * CELL + CELL / 2, top + CELL / 2
        fill, line = ("#f2c200", "#8a6d00") if ch == "H" else ("#d0d5dd", "#475467")
        body.append(f'<text x="{cx}" y="16" text-anchor="middle" fill="{MUTED}" font-size="14">{i + 1}</text>')
        shapes = HIT.format(x=x, y=top) + (
            f'<circle cx="{cx}" cy="{cy}" r="18" fill="{fill}" stroke="{line}" stroke-width="2.5"/>'
            f'<text x="{cx}" y="{cy + 7}" text-anchor="middle" font-size="19" font-weight="700" '
            f'fill="{INK}">{ch}</text>'
        )
        body.append(part(f"c:{i + 1}", shapes, f" coin {'heads' if ch == 'H' else 'tails'}"))
    return document(width, height, body, f"coins {coins}")


# ----------------------------------------------------------------------------- graphs
def _graph(board: Board) -> str:
    edges: list[list[str]] = board["edges"]
    tokens: list[str] = board["tokens"]
    names: list[str] = []
    for a, b in edges:
        names += [v for v in (a, b) if v not in names]
    names += [t for t in tokens if t not in names]
    n = max(len(names), 1)
    radius = 40 + 22 * n
    size = 2 * radius + 60
    at = {
        v: (size / 2 + radius * math.sin(2 * math.pi * i / n), size / 2 - radius * math.cos(2 * math.pi * i / n))
        for i, v in enumerate(names)
    }
    body = [
        '<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" '
        f'orient="auto-start-reverse"><path d="M0,0L10,5L0,10z" fill="{MUTED}"/></marker></defs>'
    ]
    for a, b in edges:
        (x1, y1), (x2, y2) = at[a], at[b]
        d = math.hypot(x2 - x1, y2 - y1) or 1
        ux, uy = (x2 - x1) / d, (y2 - y1) / d
        bend = f"{(x1 + x2) / 2 - uy * 14:.1f},{(y1 + y2) / 2 + ux * 14:.1f}"  # a<->b: two arcs
        body.append(
            f'<path d="M{x1 + ux * 24:.1f},{y1 + uy * 24:.1f} Q{bend} {x2 - ux * 24:.1f},{y2 - uy * 24:.1f}" '
            f'fill="none" stroke="{MUTED}" stroke-width="2" marker-end="url(#arrow)"/>'
        )
    for v in names:
        x, y = at[v]
        count = tokens.count(v)
        shapes = f'<circle cx="{x:.1f}" cy="{y:.1f}" r="22" fill="#fff" stroke="{INK}" stroke-width="2"/>'
        if count:
            shapes += f'<circle cx="{x:.1f}" cy="{y:.1f}" r="15" fill="#c62828" class="token"/>'
        shapes += (
            f'<text x="{x:.1f}" y="{y + 6:.1f}" text-anchor="middle" font-size="16" font-weight="700" '
            f'fill="{"#fff" if count else INK}">{escape(v)}{"×" + str(count) if count > 1 else ""}</text>'
        )
        body.append(part(f"v:{v}", shapes, " vertex"))
    return document(size, size, body, f"graph, tokens on {', '.join(tokens) or 'no vertex'}")


# ----------------------------------------------------------------------------- Hackenbush
def _forest(edges: Sequence[Sequence[str]], ground: str, cut: int = -1) -> tuple[Any, ...]:
    """The trees over the ground as a canonical nested tuple, edge ``cut`` and all above it gone."""
    kids: dict[str, list[tuple[str, str]]] = {}
    for i, (a, b, colour) in enumerate(edges):
        if i != cut:
            kids.setdefault(a, []).append((colour, b))

    def canon(v: str) -> tuple[Any, ...]:
        return tuple(sorted((colour, canon(w)) for colour, w in kids.get(v, [])))

    return canon(ground)


def board_svg(board: Board | None, label: str = "") -> str | None:
    """The SVG drawing of a board description (``None`` for a kind not drawn)."""
    if board is None:
        return None
    kind = board.get("kind")
    if kind == "heaps":
        return _heaps(board["heaps"], board.get("takes"))
    if kind == "pairs":
        return _pairs(board["pairs"])
    if kind == "grid":
        return _grid(board)
    if kind == "graph":
        return _graph(board)
    if kind == "hackenbush":
        return hackenbush_svg(board)
    if kind == "network":
        return network_svg(board)
    if kind == "cakes":
        return cakes_svg(board)
    if kind == "coins":
        return _coins(board["coins"])
    return None


def move_parts(before: Board | None, after: Board | None) -> list[str]:
    """The parts of ``before``'s drawing a move to ``after`` touches, the one to click first.

    >>> move_parts({"kind": "heaps", "heaps": [3, 4]}, {"kind": "heaps", "heaps": [3, 1]})
    ['h2:1']
    >>> move_parts({"kind": "grid", "rows": ["..", ".."]}, {"kind": "grid", "rows": ["#.", "#."]})
    ['a1', 'a2']
    """
    if before is None or after is None or before.get("kind") != after.get("kind"):
        return []
    kind = before["kind"]
    if kind == "heaps":
        changed = [(i, a) for i, (b, a) in enumerate(zip(before["heaps"], after["heaps"], strict=False)) if a != b]
        if (
            len(before["heaps"]) == len(after["heaps"])
            and len(changed) == 1
            and changed[0][1] < before["heaps"][changed[0][0]]
        ):
            return [f"h{changed[0][0] + 1}:{changed[0][1]}"]
        return []
    if kind == "grid":
        old, new = before["rows"], list(after["rows"])
        if len(new) > len(old) or any(len(b) > len(a) for a, b in zip(old, new, strict=False)):
            return []
        # A diagram that shrank (Chomp's) is the same board with the lost cells empty.
        new += [""] * (len(old) - len(new))
        new = [b.ljust(len(a), ".") for a, b in zip(old, new, strict=True)]
        cells = [
            (r, c, b)
            for r, (ro, rn) in enumerate(zip(old, new, strict=True))
            for c, (a, b) in enumerate(zip(ro, rn, strict=True))
            if a != b
        ]
        cells.sort(key=lambda x: (x[2] != ".", x[0], x[1]))  # an emptied cell first: moved from
        if before.get("gravity") and len(cells) == 1:
            r, c, _ = cells[0]
            return [f"col-{cell_name(0, c)[:-1]}", cell_name(r, c)]
        return [cell_name(r, c) for r, c, _ in (cells if len(cells) <= 2 else cells[:1])]
    if kind == "graph":
        gone = list(before["tokens"])
        for t in after["tokens"]:
            if t in gone:
                gone.remove(t)
        came = list(after["tokens"])
        for t in before["tokens"]:
            if t in came:
                came.remove(t)
        return [f"v:{t}" for t in came + gone]
    if kind == "hackenbush":
        want = _forest(after["edges"], after["ground"])
        edges = before["edges"]
        return [f"e:{i + 1}" for i in range(len(edges)) if _forest(edges, before["ground"], i) == want][:1]
    return []


class Drawing:
    """A position of a game, shown as its board in a notebook (``_repr_svg_``); ``dominoes`` the
    dominoes placed on a grid (``a1-a2 b1-b2``), drawn as the pairs they are."""

    def __init__(self, game: Rules[Any], position: Any, dominoes: str = "") -> None:
        self.game, self.position, self.dominoes = game, position, dominoes

    def svg(self) -> str:
        text = self.game.format(self.position)
        board = self.game.board(self.position)
        if self.dominoes and board is not None and board["kind"] == "grid":
            board = with_dominoes(board, self.dominoes)
        return board_svg(board, f"{self.game.spec()} {text}") or _text_svg(text)

    def _repr_svg_(self) -> str:
        return self.svg()

    def __repr__(self) -> str:
        return f"Drawing({self.game.spec()} {self.game.format(self.position)})"


def _text_svg(text: str) -> str:
    width = 16 + 10 * len(text)
    body = [f'<text x="8" y="26" font-family="monospace" font-size="18" fill="{INK}">{escape(text)}</text>']
    return document(width, 40, body, text)


class ValueDrawing:
    """A game value, shown in a notebook as its thermograph (SVG drawn by matplotlib)."""

    def __init__(self, value: Any, title: str = "") -> None:
        self.value, self.title = value, title

    def svg(self) -> str:
        import tempfile
        from pathlib import Path

        from .thermograph_plot import save_thermograph

        with tempfile.TemporaryDirectory() as tmp:
            return save_thermograph(self.value, Path(tmp) / "thermograph.svg", title=self.title or None).read_text()

    def _repr_svg_(self) -> str:
        return self.svg()
