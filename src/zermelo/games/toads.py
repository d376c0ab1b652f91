"""Toads and Frogs: toads (``T``, Left) move right, frogs (``F``, Right) move left, one step or a jump.

A toad moves one cell right into an empty cell (``.``), or jumps over one frog into the empty
cell behind it; frogs do the same leftwards.  Several rows (words) are a sum.

Pieces that can never move again are walls: frogs at the left end of the row (and a toad
backed by two frogs there, ``TFF``), toads at the right end (``TTF``), and ``TTFF`` anywhere.
A row splits at walls into independent games.  A row read backwards with toads and frogs
exchanged is the negative game.

>>> from zermelo.values.canonical import canonical_form
>>> t = ToadsAndFrogs()
>>> [str(canonical_form(t, t.parse(s))) for s in ("T.", "T.F", "T..F", "TF.", "TT.FF", "FT")]
['1', '*', '0', '0', '*', '0']
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from typing import ClassVar

from ..boards import Board, grid_board
from ..catalogue import CGSuiteName, GameEntry, no_params, register
from ..errors import InvalidPosition
from ..rules import Partisan, validate_by_text
from ._grid import check_cells

__all__ = ["ToadsAndFrogs"]

Rows = tuple[str, ...]
_SWAP = str.maketrans("TF", "FT")


class ToadsAndFrogs(Partisan[Rows]):
    """Toads and Frogs; a position is a sorted tuple of rows (one row is the usual game)."""

    name: ClassVar[str] = "toads"

    validate = validate_by_text  # a position given from Python must read back from its own text

    def parse(self, text: str) -> Rows:
        words = text.replace("+", " ").replace("|", " ").replace(",", " ").split()
        words = [w.upper().replace("_", ".") for w in words]
        check_cells("toads", words, "TF.")  # rows are words of T (toad), F (frog) and . (empty)
        if len(words) > 50 or sum(map(len, words)) > 400:
            raise InvalidPosition("toads: at most 400 cells")
        if not words:
            raise InvalidPosition("toads: give a row like TT..FF")
        return tuple(sorted(words))

    def board(self, position: Rows) -> Board | None:
        """One row of cells (a sum of several rows has no board)."""
        one = len(position) == 1 and position[0] and self.format(position) == position[0]
        return grid_board(position) if one else None

    def format(self, position: Rows) -> str:
        return " ".join(position) if position else "."

    def _moves(self, position: Rows, piece: str, other: str, step: int) -> Iterator[Rows]:
        for i, row in enumerate(position):
            if i and row == position[i - 1]:
                continue
            rest = position[:i] + position[i + 1 :]
            n = len(row)
            for j, ch in enumerate(row):
                if ch != piece:
                    continue
                a, b = j + step, j + 2 * step
                if 0 <= a < n and row[a] == ".":
                    target = a
                elif 0 <= b < n and row[a] == other and row[b] == ".":
                    target = b
                else:
                    continue
                cells = list(row)
                cells[j], cells[target] = ".", piece
                yield tuple(sorted((*rest, "".join(cells))))

    def left_options(self, position: Rows) -> Iterator[Rows]:
        return self._moves(position, "T", "F", 1)

    def right_options(self, position: Rows) -> Iterator[Rows]:
        return self._moves(position, "F", "T", -1)

    def components(self, position: Rows) -> list[Rows]:
        return [(part,) for row in position for part in split_row(row)]

    def key(self, position: Rows) -> Hashable:
        return self.value_key(position)

    def value_key(self, position: Rows) -> tuple[Hashable, bool]:
        """(key, negated): the row backwards with toads and frogs exchanged is the negative."""
        parts = self.components(position)
        if len(parts) != 1:
            return (tuple(sorted(self.value_key(p) for p in parts)), False)
        row = parts[0][0]
        mirror = row[::-1].translate(_SWAP)
        return (row, False) if row <= mirror else (mirror, True)


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
        kind="partisan",
        aliases=("toadsandfrogs",),
        cgsuite=(CGSuiteName("game.strip.ToadsAndFrogs"),),
    )
)
