"""Clobber: a player moves one of their stones onto an orthogonally adjacent enemy stone, removing it.

Left plays ``x`` (black), Right ``o`` (white), ``.`` is empty; rows separated by ``|``.
Regions of touching stones are independent, and a region of one colour only is 0.

>>> from zermelo.analyses.canonical import canonical_form
>>> c = Clobber()
>>> [str(canonical_form(c, c.parse(s))) for s in ("xo", "xoo", "xxo", "xo|ox")]
['*', 'v', '^', '*']
"""

from __future__ import annotations

from typing import ClassVar

from ..rules.catalogue import CGSuiteName, GameEntry, no_params, register
from .genclobber import GenClobber, cgsuite_listed

__all__ = ["Clobber"]


class Clobber(GenClobber):
    """Clobber on any board (Left: x, Right: o): the plain member of :mod:`~zermelo.games.genclobber`."""

    name: ClassVar[str] = "clobber"
    aliases: ClassVar[dict[str, str]] = {"X": "x", "O": "o", "#": "."}

    def __init__(self) -> None:
        super().__init__("clobber")

    def spec(self) -> str:
        return "clobber"


register(
    GameEntry(
        "clobber",
        no_params(Clobber, "clobber"),
        "Clobber: capture an adjacent enemy stone (x: Left, o: Right; partisan)",
        "",
        'clobber "xox|oxo"',
        rules=Clobber,
        cgsuite=(CGSuiteName("game.grid.Clobber", options=cgsuite_listed),),
    )
)
