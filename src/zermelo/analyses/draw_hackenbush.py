"""Blue-Red-Green Hackenbush drawn: coloured edges over a ground line, each edge a clickable part
(``data-part="e:3"``, the third edge of the board).  Trees are drawn as trees; any other piece
(cycles, loops, parallel edges) by each vertex's distance from the ground, parallel edges fanned
out as arcs and loops as petals.

>>> svg = hackenbush_svg({"kind": "hackenbush", "edges": [["g", "a", "B"], ["a", "a", "R"]], "ground": "g"})
>>> svg.count('data-part="e:'), "edge-R" in svg
(2, True)
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from ..rules.boards import Board
from .svg import INK, MUTED, document, part

__all__ = ["EDGE_COLOURS", "hackenbush_svg"]

EDGE_COLOURS = {"B": "#1f4fa3", "R": "#c62828", "G": "#2e7d32"}


def _components(edges: Sequence[Sequence[str]], ground: str) -> list[list[int]]:
    """The edges (indices) of each piece standing on the ground: joined through vertices other than the ground."""
    root: dict[str, str] = {}

    def find(v: str) -> str:
        while root.setdefault(v, v) != v:
            v = root[v]
        return v

    for a, b, _ in edges:
        if ground not in (a, b):
            root[find(a)] = find(b)
    pieces: dict[str, list[int]] = {}
    for i, (a, b, _) in enumerate(edges):
        pieces.setdefault(find(b if a == ground else a), []).append(i)
    return list(pieces.values())


def _is_tree(edges: Sequence[Sequence[str]], piece: list[int], ground: str) -> bool:
    """Does the piece grow as a tree from one ground edge (each vertex reached once, from below)?"""
    tops = [edges[i][1] for i in piece]
    grounded = sum(edges[i][0] == ground for i in piece)
    return grounded == 1 and len(set(tops)) == len(tops) and all(edges[i][0] != edges[i][1] for i in piece)


def _layout(edges: Sequence[Sequence[str]], ground: str) -> tuple[dict[str, tuple[float, int]], int]:
    """Each vertex's (slot, height) over the ground, and the slots used.  A tree is drawn as a
    tree (a vertex over its children); any other piece (cycles, loops, parallel edges) by its
    distance from the ground, the vertices of one height side by side."""
    at: dict[str, tuple[float, int]] = {}
    slot = 0
    for piece in _components(edges, ground):
        if _is_tree(edges, piece, ground):
            kids: dict[str, list[str]] = {}
            for i in piece:
                kids.setdefault(edges[i][0], []).append(edges[i][1])
            top = next(edges[i][1] for i in piece if edges[i][0] == ground)
            # Post-order without recursion: leaves take the next slot, a vertex sits over its children.
            order: list[tuple[str, int]] = []
            todo = [(top, 1)]
            while todo:
                v, h = todo.pop()
                order.append((v, h))
                todo.extend((w, h + 1) for w in reversed(kids.get(v, [])))
            leaves = [v for v, _ in order if not kids.get(v)]
            x = {v: float(slot + leaves.index(v)) for v in leaves}
            for v, h in reversed(order):
                if kids.get(v):
                    x[v] = sum(x[w] for w in kids[v]) / len(kids[v])
                at[v] = (x[v], h)
            slot += len(leaves)
            continue
        near: dict[str, list[str]] = {}
        for i in piece:
            a, b, _ = edges[i]
            near.setdefault(a, []).append(b)
            near.setdefault(b, []).append(a)
        height = {ground: 0}
        queue = [ground]
        for v in queue:  # breadth first: each vertex at its distance from the ground
            for w in near.get(v, []):
                if w not in height:
                    height[w] = height[v] + 1
                    queue.append(w)
        levels: dict[int, list[str]] = {}
        for v in queue[1:]:
            levels.setdefault(height[v], []).append(v)
        if not levels:  # loops on the ground itself
            at[ground] = (float(slot), 0)
            slot += 1
            continue
        width = max(len(vs) for vs in levels.values())
        for h, vs in levels.items():
            for i, v in enumerate(vs):
                at[v] = (slot + (i + 0.5) * width / len(vs) - 0.5, h)
        slot += width
    return at, slot


def hackenbush_svg(board: Board) -> str:
    """The drawing of a ``hackenbush`` board (:func:`zermelo.rules.boards.hackenbush_board`)."""
    edges: list[list[str]] = board["edges"]
    ground: str = board["ground"]
    at, slots = _layout(edges, ground)
    step = 56
    height = step * (max((h for _, h in at.values()), default=0) + 1) + 30
    width = step * max(slots, 1) + 20
    base = height - 12

    def xy(v: str) -> tuple[float, float]:
        x, h = at[v]
        return 10 + step / 2 + x * step, base - h * step

    body = [f'<line x1="0" y1="{base}" x2="{width}" y2="{base}" stroke="{MUTED}" stroke-width="4"/>']
    seen: dict[tuple[str, str], int] = {}
    twins: dict[tuple[str, str], int] = {}
    for a, b, _ in edges:
        key = (min(a, b), max(a, b))
        twins[key] = twins.get(key, 0) + 1
    for i, (a, b, colour) in enumerate(edges):
        key = (min(a, b), max(a, b))
        k = seen[key] = seen.get(key, -1) + 1
        spread = k - (twins[key] - 1) / 2  # parallel edges fan out, the middle one straight
        x2, y2 = xy(b)
        if a == b:  # a loop: a petal over its vertex, tilted by its number
            tilt = 26 * spread
            d = f"M{x2:g},{y2:g} C{x2 - 30 + tilt:g},{y2 - 52:g} {x2 + 30 + tilt:g},{y2 - 52:g} {x2:g},{y2:g}"
        else:
            x1, y1 = (x2 + 16 * spread, base) if a == ground else xy(a)
            bend = 0 if a == ground else 28 * spread
            length = math.hypot(x2 - x1, y2 - y1) or 1
            cx, cy = (x1 + x2) / 2 - (y2 - y1) / length * bend, (y1 + y2) / 2 + (x2 - x1) / length * bend
            d = f"M{x1:g},{y1:g} Q{cx:.1f},{cy:.1f} {x2:g},{y2:g}"
        shapes = (
            # The halo is what a finger taps: 44 px across the edge.
            f'<path class="halo" d="{d}" fill="none" stroke="transparent" stroke-width="44"/>'
            f'<path d="{d}" fill="none" stroke="{EDGE_COLOURS.get(colour, INK)}" stroke-width="7" '
            f'stroke-linecap="round"/><circle cx="{x2:g}" cy="{y2:g}" r="5" fill="{INK}"/>'
        )
        body.append(part(f"e:{i + 1}", shapes, f" edge edge-{colour}"))
    return document(width, height, body, f"Hackenbush, {len(edges)} edges")
