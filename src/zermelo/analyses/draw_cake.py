"""The cake games drawn (Cutcake, Eatcake, Maundy Cake, Turn-and-Eatcake, any ``gencutcake``):
each cake a block of squares, with the handles a move is clicked by around it — above a column,
``k2:c3`` (column 3 of cake 2, eaten), left of a row, ``k2:r1``; under the line after a column,
``k2:v3`` (a cut after column 3), right of the line under a row, ``k2:h1``.  The board's
``handles`` says which of the four kinds the game's moves use (``"crvh"`` all of them).

Every handle is a 44 px target; a cake wider than :data:`MAX_DRAWN` columns or rows is drawn as
its size only (its moves are typed).

>>> from zermelo.rules.boards import cakes_board
>>> svg = cakes_svg({**cakes_board([(2, 3)]), "handles": "vh"})
>>> svg.count('data-part="k1:v'), svg.count('data-part="k1:h'), svg.count('data-part="k1:c')
(2, 1, 0)
"""

from __future__ import annotations

from html import escape

from ..rules.boards import Board
from .svg import CELL, INK, MUTED, document, part

__all__ = ["MAX_DRAWN", "cakes_svg"]

#: The most columns (or rows) of a cake drawn square by square.
MAX_DRAWN = 16
_CAKE, _LINE = "#d9a066", "#8d5a2b"


def _handle(name: str, x: float, y: float, w: float, h: float, mark: str, kind: str) -> str:
    shapes = (
        f'<rect x="{x:.0f}" y="{y:.0f}" width="{w:.0f}" height="{h:.0f}" fill="transparent"/>'
        f'<text x="{x + w / 2:.0f}" y="{y + h / 2 + 5:.0f}" text-anchor="middle" font-size="15" fill="{MUTED}">'
        f"{mark}</text>"
    )
    return part(name, shapes, f" handle {kind}")


def _cake(k: int, rows: int, cols: int, x0: float, handles: str) -> tuple[list[str], float, float]:
    """One cake's shapes with its handles, its left edge at ``x0``; its width and height."""
    top, left = (CELL if "c" in handles else 0) + 22, x0 + (CELL if "r" in handles else 0)
    body = [
        f'<text x="{left:.0f}" y="16" fill="{MUTED}" font-size="14">{rows}×{cols}</text>',
    ]
    if rows > MAX_DRAWN or cols > MAX_DRAWN:
        body.append(
            f'<rect x="{left:.0f}" y="{top}" width="{2 * CELL}" height="{2 * CELL}" rx="6" '
            f'fill="{_CAKE}" stroke="{_LINE}"/>'
        )
        return body, left - x0 + 2 * CELL, top + 2 * CELL
    w, h = cols * CELL, rows * CELL
    body.append(
        f'<rect x="{left:.0f}" y="{top}" width="{w}" height="{h}" fill="{_CAKE}" stroke="{_LINE}" stroke-width="2"/>'
    )
    for c in range(1, cols):
        x = left + c * CELL
        body.append(
            f'<line x1="{x:.0f}" y1="{top}" x2="{x:.0f}" y2="{top + h}" stroke="{_LINE}" stroke-opacity="0.35"/>'
        )
    for r in range(1, rows):
        y = top + r * CELL
        body.append(
            f'<line x1="{left:.0f}" y1="{y}" x2="{left + w:.0f}" y2="{y}" stroke="{_LINE}" stroke-opacity="0.35"/>'
        )
    if "c" in handles:
        body += [_handle(f"k{k}:c{c + 1}", left + c * CELL, top - CELL, CELL, CELL, "▼", "eat") for c in range(cols)]
    if "r" in handles:
        body += [_handle(f"k{k}:r{r + 1}", left - CELL, top + r * CELL, CELL, CELL, "▶", "eat") for r in range(rows)]
    if "v" in handles:
        body += [
            _handle(f"k{k}:v{c}", left + (c - 0.5) * CELL, top + h, CELL, CELL, "✂", "cut") for c in range(1, cols)
        ]
    if "h" in handles:
        body += [
            _handle(f"k{k}:h{r}", left + w, top + (r - 0.5) * CELL, CELL, CELL, "✂", "cut") for r in range(1, rows)
        ]
    width = left - x0 + w + (CELL if "h" in handles else 0)
    return body, width, top + h + (CELL if "v" in handles else 0)


def cakes_svg(board: Board) -> str:
    """The SVG drawing of a ``cakes`` board (:func:`~zermelo.rules.boards.cakes_board`)."""
    cakes: list[list[int]] = board["cakes"]
    handles: str = board.get("handles", "")
    body: list[str] = []
    x, height = 4.0, 40.0
    for k, (rows, cols) in enumerate(cakes, 1):
        shapes, w, h = _cake(k, rows, cols, x, handles)
        body += shapes
        x += w + 24
        height = max(height, h + 4)
    if not cakes:
        body.append(f'<text x="8" y="26" fill="{INK}" font-size="16">{escape("no cake left")}</text>')
        x = 140
    label = "cakes " + (" ".join(f"{r}x{c}" for r, c in cakes) or "none")
    return document(round(x), round(height), body, label)
