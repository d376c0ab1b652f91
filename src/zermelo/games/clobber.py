"""Clobber: a player moves one of their stones onto an orthogonally adjacent enemy stone, removing it.

Left plays ``x`` (black), Right ``o`` (white), ``.`` is empty; rows separated by ``|``.
Regions of touching stones are independent, and a region of one colour only is 0.

>>> from zermelo.analyses.canonical import canonical_form
>>> c = Clobber()
>>> [str(canonical_form(c, c.parse(s))) for s in ("xo", "xoo", "xxo", "xo|ox")]
['*', 'v', '^', '*']
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar

from ..rules.catalogue import CGSuiteName, GameEntry, no_params, register
from ._chargame import CharGridGame
from ._grid import CharGrid, char_neighbours

__all__ = ["Clobber"]


class Clobber(CharGridGame):
    """Clobber on any board (Left: x, Right: o)."""

    name: ClassVar[str] = "clobber"
    chars: ClassVar[str] = "xo."
    live: ClassVar[str] = "xo"
    blank: ClassVar[str] = "."
    aliases: ClassVar[dict[str, str]] = {"X": "x", "O": "o", "#": "."}
    swap: ClassVar[dict[str, str]] = {"x": "o", "o": "x"}

    def _moves(self, position: CharGrid, me: str, you: str) -> Iterator[CharGrid]:
        rows, cols, cells = position
        for i, ch in enumerate(cells):
            if ch != me:
                continue
            for n in char_neighbours(position, i):
                if cells[n] == you:
                    new = list(cells)
                    new[i], new[n] = ".", me
                    yield (rows, cols, "".join(new))

    def left_options(self, position: CharGrid) -> Iterator[CharGrid]:
        return self._moves(position, "x", "o")

    def right_options(self, position: CharGrid) -> Iterator[CharGrid]:
        return self._moves(position, "o", "x")

    def dead(self, region: CharGrid) -> bool:
        return "x" not in region[2] or "o" not in region[2]


register(
    GameEntry(
        "clobber",
        no_params(Clobber, "clobber"),
        "Clobber: capture an adjacent enemy stone (x: Left, o: Right; partisan)",
        "",
        'clobber "xox|oxo"',
        rules=Clobber,
        cgsuite=(CGSuiteName("game.grid.Clobber"),),
    )
)
