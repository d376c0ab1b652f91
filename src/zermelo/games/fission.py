"""Fission: a stone splits in two.  Left takes a stone whose two vertical neighbours are empty,
removes it and puts a stone on each of them; Right does the same horizontally.

Stones are ``x``, ``.`` is empty, ``#`` no cell; rows separated by ``|`` (CGSuite's conventions).
Whoever cannot split a stone loses.  Regions of cells walled by ``#`` are independent games (a
region without a stone is 0), and the key merges the four mirror images (a quarter turn swaps
the players: the transposed board is the negative game).

Small values, worked by hand: a stone in the middle of a column of three, ``.|x|.``, splits once
for Left and then nobody can move: 1; ``.x.`` is Right's: -1; a stone in the middle of a 3 × 3
box is 0, as every board equal to its own transpose must be a game equal to its negative (the
search says which: here the second player wins).

>>> from zermelo.analyses.canonical import canonical_form
>>> f = Fission()
>>> [str(canonical_form(f, f.parse(t))) for t in (".|x|.", ".x.", "...|.x.|...")]
['1', '-1', '0']
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar

from ..rules import Move
from ..rules.boards import cell_name
from ..rules.catalogue import CGSuiteName, GameEntry, no_params, register
from ._chargame import CharGridGame
from ._grid import CharGrid

__all__ = ["Fission"]


class Fission(CharGridGame):
    """Fission on any board (Left splits vertically, Right horizontally)."""

    syntax = "the board's rows from the top, separated by |: x a stone, . empty, # no cell"
    examples = ("...|.x.|...", "x..|...")
    cell_symbols = ".x"

    name: ClassVar[str] = "fission"
    chars: ClassVar[str] = "x.#"
    live: ClassVar[str] = "x."
    blank: ClassVar[str] = "#"
    aliases: ClassVar[dict[str, str]] = {"X": "x"}
    turns: ClassVar[bool] = False  # a quarter turn swaps the players

    def _moves(self, position: CharGrid, vertical: bool) -> Iterator[CharGrid]:
        return (m.position for m in self._splits(position, vertical))

    def _splits(self, position: CharGrid, vertical: bool) -> Iterator[Move[CharGrid]]:
        """``b2``: the stone that splits."""
        rows, cols, cells = position
        for i, ch in enumerate(cells):
            if ch != "x":
                continue
            r, c = divmod(i, cols)
            if vertical:
                if not (0 < r < rows - 1):
                    continue
                a, b = i - cols, i + cols
            else:
                if not (0 < c < cols - 1):
                    continue
                a, b = i - 1, i + 1
            if cells[a] == "." and cells[b] == ".":
                new = list(cells)
                new[i], new[a], new[b] = ".", "x", "x"
                yield Move(cell_name(r, c), (rows, cols, "".join(new)))

    def left_moves(self, position: CharGrid) -> Iterator[Move[CharGrid]]:
        return self._splits(position, True)

    def right_moves(self, position: CharGrid) -> Iterator[Move[CharGrid]]:
        return self._splits(position, False)

    def left_options(self, position: CharGrid) -> Iterator[CharGrid]:
        return self._moves(position, True)

    def right_options(self, position: CharGrid) -> Iterator[CharGrid]:
        return self._moves(position, False)

    def dead(self, region: CharGrid) -> bool:
        return "x" not in region[2]


def _cgsuite_listed(rules: Fission, position: CharGrid, left: bool) -> list[CharGrid]:
    """CGSuite's list of the options (its ``Fission``'s ``Options``: the stones in reading order,
    its ``FindAll``'s, one split each), which is the order the splits are made in here."""
    return list(rules.left_options(position) if left else rules.right_options(position))


register(
    GameEntry(
        "fission",
        no_params(Fission, "fission"),
        "Fission: split a stone onto its two empty neighbours (Left vertically, Right horizontally; partisan)",
        "",
        'fission "...|.x.|..."',
        rules=Fission,
        cgsuite=(CGSuiteName("game.grid.Fission", options=_cgsuite_listed),),
    )
)
