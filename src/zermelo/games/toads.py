"""Toads and Frogs: toads (``T``, Left) move right, frogs (``F``, Right) move left, one step or a jump.

A toad moves one cell right into an empty cell (``.``), or jumps over one frog into the empty
cell behind it; frogs do the same leftwards.  Several rows (words) are a sum.

Pieces that can never move again are walls: frogs at the left end of the row (and a toad
backed by two frogs there, ``TFF``), toads at the right end (``TTF``), and ``TTFF`` anywhere.
A row splits at walls into independent games.  A row read backwards with toads and frogs
exchanged is the negative game.

>>> from zermelo.analyses.canonical import canonical_form
>>> t = ToadsAndFrogs()
>>> [str(canonical_form(t, t.parse(s))) for s in ("T.", "T.F", "T..F", "TF.", "TT.FF", "FT")]
['1', '*', '0', '0', '*', '0']
"""

from __future__ import annotations

from typing import ClassVar

from ..rules.catalogue import CGSuiteName, GameEntry, cgsuite_string, no_params, register
from .gentoads import GenToads, cgsuite_listed

__all__ = ["ToadsAndFrogs"]


class ToadsAndFrogs(GenToads):
    """Toads and Frogs; a position is a sorted tuple of rows (one row is the usual game).

    It is ``gentoads:1,1,1`` (moves, text, the mirror key come from there) with its own walls."""

    name: ClassVar[str] = "toads"

    def __init__(self) -> None:
        super().__init__(1, 1, 1)

    def spec(self) -> str:
        return "toads"

    def split(self, row: str) -> list[str]:
        return split_row(row)


def split_row(row: str) -> list[str]:
    """The independent pieces of a row: cut at walls of stuck pieces, drop rows where nobody moves."""
    walls = [False] * len(row)
    n = len(row)
    for j in range(n - 3):
        if row[j : j + 4] == "TTFF":
            walls[j : j + 4] = [True] * 4
    # From the left edge (or a wall): frogs, or T F F, are stuck.
    # Walls grow from the left rightwards and from the right leftwards: one pass each way
    # carries a wall along a whole run (a pass in one direction only moved it one piece).
    changed = True
    while changed:
        changed = False
        for j in range(n):
            if walls[j]:
                continue
            left_wall = j == 0 or walls[j - 1]
            if left_wall and row[j] == "F":
                walls[j] = changed = True
            elif left_wall and row[j : j + 3] == "TFF":
                walls[j : j + 3] = [True] * 3
                changed = True
        for j in range(n - 1, -1, -1):
            if walls[j]:
                continue
            right_wall = j == n - 1 or walls[j + 1]
            if right_wall and row[j] == "T":
                walls[j] = changed = True
            elif right_wall and j >= 2 and row[j - 2 : j + 1] == "TTF" and not (walls[j - 2] or walls[j - 1]):
                walls[j - 2 : j + 1] = [True] * 3
                changed = True
    parts: list[str] = []
    cur: list[str] = []
    for ch, wall in zip(row, walls, strict=True):
        if wall:
            if cur:
                parts.append("".join(cur))
            cur = []
        else:
            cur.append(ch)
    if cur:
        parts.append("".join(cur))
    # A piece with no toad or no frog that can move still counts; one with no pieces is 0.
    return [p for p in parts if "T" in p or "F" in p]


register(
    GameEntry(
        "toads",
        no_params(ToadsAndFrogs, "toads"),
        "Toads and Frogs: toads (T, Left) move right, frogs (F, Right) move left (partisan)",
        "",
        "toads TT..FF",
        rules=ToadsAndFrogs,
        aliases=("toadsandfrogs",),
        cgsuite=(
            CGSuiteName("game.strip.ToadsAndFrogs", shown=cgsuite_string({"T": "t", "F": "f"}), options=cgsuite_listed),
        ),
    )
)
