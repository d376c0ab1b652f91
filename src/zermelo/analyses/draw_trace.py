"""An alpha-beta search tree (:mod:`zermelo.search.minimax_trace`) drawn as SVG: one box a position
(the move that led there, the maximiser's value, the window α, β), max positions as triangles
pointing up and min positions pointing down as the notes draw them, and each cut-off as a dashed
branch ending in ✂ with the moves it spared.

>>> from zermelo.games.tictactoe import TicTacToe
>>> from zermelo.analyses.trace_text import alphabeta_trace
>>> game = TicTacToe()
>>> svg = trace_svg(game, alphabeta_trace(game, game.parse("XO.XO....")), plies=2)
>>> svg.startswith("<svg") and svg.count('class="cut"') == 3 and "X a3" in svg
True
"""

from __future__ import annotations

from html import escape
from typing import Any

from ..rules import Scored
from ..search.minimax_trace import TraceNode, bound_text
from .svg import INK, MUTED, document

__all__ = ["trace_svg"]

_W, _H, _GAP_X, _GAP_Y = 112, 58, 12, 46
_CUT = "#b3261e"


def _leaves(node: TraceNode, depth: int, plies: int) -> int:
    """Columns the drawn subtree of ``node`` needs."""
    if depth >= plies or not node.children:
        return 1
    return sum(_leaves(c, depth + 1, plies) for c in node.children) + (1 if node.cut else 0)


def trace_svg(game: Scored[Any], root: TraceNode, *, plies: int = 2) -> str:
    """The tree to ``plies`` plies below the root as an SVG document."""
    body: list[str] = []
    columns = _leaves(root, 0, plies)
    width = columns * (_W + _GAP_X) + _GAP_X
    height = (plies + 1) * (_H + _GAP_Y) + _GAP_Y

    def box(node: TraceNode, x: float, y: float) -> None:
        value = bound_text(node.for_first(node.result()), game.win_loss, node.ply)
        lo, hi = node.window()
        up = node.ply % 2 == 0
        mark = "▲" if up else "▼"
        label = "start" if node.move is None else node.move.label
        window = f"α {bound_text(lo, game.win_loss, node.ply)}  β {bound_text(hi, game.win_loss, node.ply)}"
        body.append(
            f'<g class="node"><rect x="{x:g}" y="{y:g}" width="{_W}" height="{_H}" rx="6" fill="#fff" '
            f'stroke="{INK}"/><text x="{x + 6:g}" y="{y + 16:g}" font-size="13" fill="{INK}">{mark} '
            f'{escape(label)}</text><text x="{x + 6:g}" y="{y + 33:g}" font-size="13" font-weight="bold" '
            f'fill="{INK}">{escape(value)}</text>'
            + (
                ""
                if node.how == "end"
                else f'<text x="{x + 6:g}" y="{y + 50:g}" font-size="10" fill="{MUTED}">{escape(window)}</text>'
            )
            + "</g>"
        )

    def place(node: TraceNode, depth: int, left: float) -> float:
        """Draw ``node``'s subtree from column x ``left``; the centre x of its box."""
        y = _GAP_Y + depth * (_H + _GAP_Y)
        centres: list[float] = []
        col = left
        if depth < plies:
            for child in node.children:
                centres.append(place(child, depth + 1, col))
                col += _leaves(child, depth + 1, plies) * (_W + _GAP_X)
        cut_x = None
        if node.cut and depth < plies:
            cut_x = col + _W / 2
        xs = [*centres, *([cut_x] if cut_x is not None else [])]
        centre = (xs[0] + xs[-1]) / 2 if xs else left + _W / 2
        for c in centres:
            body.append(f'<line x1="{centre:g}" y1="{y + _H:g}" x2="{c:g}" y2="{y + _H + _GAP_Y:g}" stroke="{INK}"/>')
        if cut_x is not None:
            moves = ", ".join(m.label for m in node.cut)
            cy = y + _H + _GAP_Y
            body.append(
                f'<g class="cut"><line x1="{centre:g}" y1="{y + _H:g}" x2="{cut_x:g}" y2="{cy:g}" '
                f'stroke="{_CUT}" stroke-dasharray="5 4"/><text x="{cut_x - _W / 2 + 4:g}" y="{cy + 16:g}" '
                f'font-size="12" fill="{_CUT}">✂ α ≥ β</text><text x="{cut_x - _W / 2 + 4:g}" y="{cy + 32:g}" '
                f'font-size="11" fill="{_CUT}">{escape(moves)}</text></g>'
            )
        box(node, centre - _W / 2, y)
        return centre

    place(root, 0, _GAP_X)
    label = f"alpha-beta search tree of {game.spec()} {game.format(root.position)}"
    return document(width, height, body, label)
