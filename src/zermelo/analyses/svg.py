"""The pieces every drawing of :mod:`zermelo.analyses.draw` is made of: the SVG document, a clickable part.

>>> part("e:1", "<path/>", " edge")
'<g class="part edge" data-part="e:1"><path/></g>'
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape

__all__ = ["CELL", "INK", "MUTED", "document", "part"]

CELL = 44  # px: every clickable part is at least a 44 px target
INK = "#1d2330"
MUTED = "#5b6474"


def document(width: float, height: float, body: Iterable[str], label: str) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:g} {height:g}" width="{width:g}" '
        f'height="{height:g}" role="img" aria-label="{escape(label)}" class="board-svg">'
        f"<title>{escape(label)}</title>{''.join(body)}</svg>"
    )


def part(name: str, shapes: str, extra: str = "") -> str:
    return f'<g class="part{extra}" data-part="{escape(name)}">{shapes}</g>'
