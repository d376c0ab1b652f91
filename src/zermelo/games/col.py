"""Col and Snort on a grid: colour an empty cell; Col forbids touching your own colour, Snort the enemy's.

Cells: ``.`` empty, ``L`` Left's colour (blue), ``R`` Right's (red), ``#`` no cell.  Only the
empty cells matter for the future, each with which colours touch it, so a position keeps the
empty cells marked ``l`` (touches Left's colour), ``r`` (Right's) or ``b`` (both); coloured
cells are dropped.  Regions of empty cells are independent.  (Col and Snort on any graph are
the same games; this module plays them on grid graphs, as CGSuite does.)

>>> from zermelo.analyses.canonical import canonical_form
>>> c, s = Col(), Snort()
>>> [str(canonical_form(c, c.parse(t))) for t in (".", "..", "...", "L.")]
['*', '0', '0', '-1']
>>> [str(canonical_form(s, s.parse(t))) for t in (".", "..", "...", "L.")]
['*', '±1', '±2', '1']
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar

from ..rules.catalogue import GameEntry, no_params, register
from ._chargame import CharGridGame
from ._grid import CharGrid, char_neighbours, parse_chars

__all__ = ["Col", "Snort"]

_ADD = {("l", "."): "l", ("l", "l"): "l", ("l", "r"): "b", ("r", "."): "r", ("r", "r"): "r", ("r", "l"): "b"}


class _Colouring(CharGridGame):
    syntax = "the board's rows from the top, separated by |: . uncoloured, # coloured or out"
    examples = ("...|...", "....|....")
    chars: ClassVar[str] = ".lrb#"
    live: ClassVar[str] = ".lr"
    blank: ClassVar[str] = "#"
    swap: ClassVar[dict[str, str]] = {"l": "r", "r": "l"}
    #: The tint of a cell that forbids Left / Right (Col: your own; Snort: the enemy's).
    forbid_left: ClassVar[str] = "l"
    forbid_right: ClassVar[str] = "r"

    def parse(self, text: str) -> CharGrid:
        rows, cols, cells = parse_chars(text, ".LRlrb#", name=self.name, aliases={"B": "L", "x": "L", "o": "R"})
        board = list(cells)
        # Coloured cells tint their empty neighbours, then leave the board.
        for i, ch in enumerate(cells):
            if ch in "LR":
                tint = ch.lower()
                for n in char_neighbours((rows, cols, cells), i):
                    if board[n] in ".lrb":
                        board[n] = _ADD.get((tint, board[n]), board[n]) if board[n] != "b" else "b"
                board[i] = "#"
        return (rows, cols, "".join("#" if ch == "b" else ch for ch in board))

    def _moves(self, position: CharGrid, tint: str, forbidden: str) -> Iterator[CharGrid]:
        rows, cols, cells = position
        for i, ch in enumerate(cells):
            if ch in ".lr" and ch != forbidden:
                new = list(cells)
                new[i] = "#"
                for n in char_neighbours(position, i):
                    if new[n] in ".lr":
                        t = _ADD[(tint, new[n])]
                        new[n] = "#" if t == "b" else t  # touched by both colours: nobody may colour it
                yield (rows, cols, "".join(new))

    def left_options(self, position: CharGrid) -> Iterator[CharGrid]:
        return self._moves(position, "l", self.forbid_left)

    def right_options(self, position: CharGrid) -> Iterator[CharGrid]:
        return self._moves(position, "r", self.forbid_right)


class Col(_Colouring):
    """Col: never colour a cell next to your own colour."""

    name: ClassVar[str] = "col"


class Snort(_Colouring):
    """Snort: never colour a cell next to the enemy's colour."""

    name: ClassVar[str] = "snort"
    forbid_left: ClassVar[str] = "r"
    forbid_right: ClassVar[str] = "l"


register(
    GameEntry(
        "col",
        no_params(Col, "col"),
        "Col: colour a cell not next to your own colour (L: Left, R: Right; partisan)",
        "",
        'col "...|..."',
        rules=Col,
    )
)
register(
    GameEntry(
        "snort",
        no_params(Snort, "snort"),
        "Snort: colour a cell not next to the enemy's colour (L: Left, R: Right; partisan)",
        "",
        'snort "...|..."',
        rules=Snort,
    )
)
