"""NoGo: Go in which capturing and suicide are both forbidden (CGSuite's ``game.grid.NoGo``).

Left plays black stones ``x``, Right white stones ``o``; ``.`` is empty, ``#`` no cell; rows
separated by ``|``.  A move puts a stone of your colour on an empty cell, provided that afterwards
every group of stones (orthogonally connected, one colour) still has a liberty — an empty cell
next to it.  So the new stone's own group needs a liberty (no suicide), and so does every enemy
group next to it (no capture).  The player who cannot place a stone loses.  (NoGo was the game of
the 2011 Combinatorial Game Theory workshop at BIRS; CGSuite's 2011 library had it, by M. Albert.)

Why the values come fast, each tested against plain play: cells walled apart by ``#`` are
separate games, and so is a region where nobody can ever move (no empty cell); the key merges
the eight turns and mirrors of a region, and the board with the colours swapped is the negative.

Small values, worked by hand: a single empty cell ``.`` is 0 (a stone there has no liberty);
``..`` is * (the first stone is legal, a second stone of either colour would have none); ``x.o``
is 0 (the middle cell would leave one of the stones without a liberty).  Golden value from the
note in CGSuite's 2011 NoGo class: the empty 3 × 3 board is *.

>>> from zermelo.analyses.canonical import canonical_form
>>> g = NoGo()
>>> [str(canonical_form(g, g.parse(t))) for t in (".", "..", "x.o", "...", "...|...|...")]
['0', '*', '0', '±1', '*']
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar

from ..core.errors import InvalidPosition
from ..rules.catalogue import CGSuiteName, GameEntry, no_params, register
from ._chargame import CharGridGame
from ._grid import CharGrid, char_neighbours

__all__ = ["NoGo"]


class NoGo(CharGridGame):
    """NoGo on any board (Left: x, Right: o)."""

    syntax = "the board's rows from the top, separated by |: x Left's stone, o Right's, . empty"
    examples = ("..x|...|o..", "...|...")
    cell_symbols = ".xo"

    name: ClassVar[str] = "nogo"
    chars: ClassVar[str] = "xo.#"
    live: ClassVar[str] = "xo."
    blank: ClassVar[str] = "#"
    aliases: ClassVar[dict[str, str]] = {"X": "x", "O": "o"}
    swap: ClassVar[dict[str, str]] = {"x": "o", "o": "x"}

    def parse(self, text: str) -> CharGrid:
        """A board as typed; refused when a group has no liberty (no NoGo play reaches it, and
        the rule "no group without a liberty" would hold of none of its options).

        >>> NoGo().parse("xx|oo|..")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        zermelo.core.errors.InvalidPosition: nogo: the x group at row 1, column 1 has no liberty (no ...
        """
        board = super().parse(text)
        for i, ch in enumerate(board[2]):
            if ch in "xo" and not _has_liberty(board, i):
                row, col = divmod(i, board[1])
                raise InvalidPosition(
                    f"nogo: the {ch} group at row {row + 1}, column {col + 1} has no liberty (no NoGo position has one)"
                )
        return board

    def _moves(self, position: CharGrid, me: str, you: str) -> Iterator[CharGrid]:
        rows, cols, cells = position
        for i, ch in enumerate(cells):
            if ch != ".":
                continue
            new = cells[:i] + me + cells[i + 1 :]
            board = (rows, cols, new)
            if not _has_liberty(board, i):
                continue
            if all(new[n] != you or _has_liberty(board, n) for n in char_neighbours(board, i)):
                yield board

    def left_options(self, position: CharGrid) -> Iterator[CharGrid]:
        return self._moves(position, "x", "o")

    def right_options(self, position: CharGrid) -> Iterator[CharGrid]:
        return self._moves(position, "o", "x")

    def dead(self, region: CharGrid) -> bool:
        return "." not in region[2]


def _has_liberty(board: CharGrid, start: int) -> bool:
    """Whether the group of the stone on ``start`` touches an empty cell."""
    cells = board[2]
    colour = cells[start]
    seen = {start}
    todo = [start]
    while todo:
        i = todo.pop()
        for n in char_neighbours(board, i):
            ch = cells[n]
            if ch == ".":
                return True
            if ch == colour and n not in seen:
                seen.add(n)
                todo.append(n)
    return False


register(
    GameEntry(
        "nogo",
        no_params(NoGo, "nogo"),
        "NoGo: place a stone; no group may be left without a liberty (no capture, no suicide; x: Left, o: Right)",
        "",
        'nogo "..x|...|o.."',
        rules=NoGo,
        cgsuite=(CGSuiteName("game.grid.NoGo"),),
    )
)
