"""Undirected graphs drawn (Arc Kayles, Partizan Arc Kayles, Col and Snort on graphs): every edge
and every vertex a clickable part (``data-part="e:3"`` the third edge of the board's list,
``v:2`` the vertex named 2), an edge in its player's colour (``l`` blue, ``r`` red, ``e`` green),
a vertex filled with the colour it is tagged with (``L`` blue, ``R`` red), any other tag (a
weight) in a badge beside it.

A cycle is drawn as a ring; any other connected piece by its distance from a vertex of least
degree (a path is a straight row, a tree stands on its side); pieces side by side.  Parallel edges
bend apart, a loop is a petal.

>>> from zermelo.rules.boards import network_board
>>> svg = network_svg(network_board(3, [(0, 1, "l"), (1, 2, "r")], ["", "", "L"]))
>>> svg.count('data-part="e:'), svg.count('data-part="v:'), "edge-l" in svg, "tag-L" in svg
(2, 3, True, True)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from html import escape

from ..rules.boards import Board
from .svg import INK, MUTED, document, part

__all__ = ["EDGE_COLOURS", "network_svg"]

#: An edge's colour: Left's (blue), Right's (red), either's (green), plain.
EDGE_COLOURS = {"l": "#1f4fa3", "r": "#c62828", "e": "#2e7d32", "": "#475467"}
#: A tagged vertex's fill: it touches Left's colour (blue) or Right's (red).
TAG_COLOURS = {"L": "#1f4fa3", "R": "#c62828"}
GAP = 70  # px between neighbouring vertices
RADIUS = 20


def _pieces(vertices: Sequence[str], edges: Sequence[Sequence[str]]) -> list[list[str]]:
    """The connected pieces, each a list of its vertices in the board's order."""
    adj: dict[str, set[str]] = {v: set() for v in vertices}
    for a, b, _ in edges:
        adj[a].add(b)
        adj[b].add(a)
    seen: set[str] = set()
    pieces = []
    for v in vertices:
        if v in seen:
            continue
        stack, piece = [v], []
        seen.add(v)
        while stack:
            u = stack.pop()
            piece.append(u)
            for w in sorted(adj[u] - seen, key=vertices.index):
                seen.add(w)
                stack.append(w)
        pieces.append(sorted(piece, key=vertices.index))
    return pieces


def _layout(
    vertices: Sequence[str], edges: Sequence[Sequence[str]]
) -> tuple[dict[str, tuple[float, float]], float, float]:
    """Each vertex's centre, and the drawing's width and height."""
    adj: dict[str, list[str]] = {v: [] for v in vertices}
    for a, b, _ in edges:
        if a != b:
            adj[a].append(b)
            adj[b].append(a)
    at: dict[str, tuple[float, float]] = {}
    left, height = 0.0, 0.0
    for piece in _pieces(vertices, edges):
        inside = [e for e in edges if e[0] in piece]
        if len(piece) >= 3 and len(inside) == len(piece) and all(len(set(adj[v])) == 2 for v in piece):
            r = GAP * len(piece) / (2 * math.pi)  # a ring, its neighbours GAP apart
            for i, v in enumerate(_ring(piece, adj)):
                turn = 2 * math.pi * i / len(piece)
                at[v] = (left + r + GAP / 2 + r * math.sin(turn), GAP / 2 + r - r * math.cos(turn))
            left += 2 * r + GAP
            height = max(height, 2 * r + GAP)
            continue
        root = min(piece, key=lambda v: (len(set(adj[v])), vertices.index(v)))
        depth = {root: 0}
        order = [root]
        for u in order:
            for w in adj[u]:
                if w not in depth:
                    depth[w] = depth[u] + 1
                    order.append(w)
        layers: dict[int, list[str]] = {}
        for v in order:
            layers.setdefault(depth[v], []).append(v)
        for d, layer in layers.items():
            for i, v in enumerate(layer):
                at[v] = (left + GAP / 2 + d * GAP, GAP / 2 + i * GAP)
        left += GAP * len(layers)
        height = max(height, GAP * max(len(layer) for layer in layers.values()))
    return at, max(left, GAP), max(height, GAP)


def _ring(piece: list[str], adj: dict[str, list[str]]) -> list[str]:
    """A cycle's vertices in their order round it."""
    ring = [piece[0]]
    while len(ring) < len(piece):
        ring.append(next(w for w in adj[ring[-1]] if w not in ring))
    return ring


def network_svg(board: Board) -> str:
    """The SVG drawing of a ``network`` board (:func:`~zermelo.rules.boards.network_board`)."""
    vertices: list[str] = board["vertices"]
    edges: list[list[str]] = board["edges"]
    tags: dict[str, str] = board.get("tags", {})
    at, width, height = _layout(vertices, edges)
    body = []
    between: dict[tuple[str, str], int] = {}
    for i, (a, b, colour) in enumerate(edges):
        (x1, y1), (x2, y2) = at[a], at[b]
        k = between.get((a, b), 0)
        between[(a, b)] = k + 1
        if a == b:  # a loop: a petal over its vertex
            foot = y1 - RADIUS + 2
            top = y1 - 60
            d = f"M{x1 - 8:.1f},{foot:.1f} C{x1 - 30:.1f},{top:.1f} {x1 + 30:.1f},{top:.1f} {x1 + 8:.1f},{foot:.1f}"
            hit = f'<rect x="{x1 - 24:.1f}" y="{y1 - 64:.1f}" width="48" height="44" fill="transparent"/>'
        else:
            bend = 18 * ((k + 1) // 2) * (1 if k % 2 else -1)  # the second of two parallel edges bends
            n = math.hypot(x2 - x1, y2 - y1) or 1
            ux, uy = -(y2 - y1) / n, (x2 - x1) / n  # the unit normal
            mx, my = (x1 + x2) / 2 + ux * bend, (y1 + y2) / 2 + uy * bend
            d = f"M{x1:.1f},{y1:.1f} Q{mx:.1f},{my:.1f} {x2:.1f},{y2:.1f}"
            # The target a finger taps: a band 22 px each side of the edge's chord, moved halfway to its bend.
            sx, sy = ux * bend / 2, uy * bend / 2
            band = [(x1 + sx + ux * s * 22, y1 + sy + uy * s * 22) for s in (1, -1)]
            band += [(x2 + sx - ux * s * 22, y2 + sy - uy * s * 22) for s in (1, -1)]
            hit = f'<polygon points="{" ".join(f"{x:.1f},{y:.1f}" for x, y in band)}" fill="transparent"/>'
        ink = EDGE_COLOURS.get(colour, MUTED)
        shapes = (
            f'{hit}<path class="halo" d="{d}" fill="none" stroke="transparent" stroke-width="22"/>'
            f'<path d="{d}" fill="none" stroke="{ink}" stroke-width="5" stroke-linecap="round"/>'
        )
        body.append(part(f"e:{i + 1}", shapes, f" edge edge-{colour or 'plain'}"))
    for v in vertices:
        x, y = at[v]
        tag = tags.get(v, "")
        fill = TAG_COLOURS.get(tag, "#fff")
        shapes = (
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{RADIUS}" fill="{fill}" stroke="{INK}" stroke-width="2"/>'
            f'<text x="{x:.1f}" y="{y + 6:.1f}" text-anchor="middle" font-size="16" font-weight="700" '
            f'fill="{"#fff" if tag in TAG_COLOURS else INK}">{escape(v)}</text>'
        )
        if tag and tag not in TAG_COLOURS:  # a weight (Weighted Arc Kayles): a badge by the vertex
            shapes += (
                f'<circle cx="{x + 18:.1f}" cy="{y - 18:.1f}" r="11" fill="#f2c200" stroke="{INK}"/>'
                f'<text class="weight" x="{x + 18:.1f}" y="{y - 13:.1f}" text-anchor="middle" font-size="14" '
                f'font-weight="700" fill="{INK}">{escape(tag)}</text>'
            )
        body.append(part(f"v:{v}", shapes, f" vertex{f' tag-{tag}' if tag else ''}"))
    label = f"graph of {len(vertices)} vertices and {len(edges)} edges"
    return document(round(width), round(height), body, label)
