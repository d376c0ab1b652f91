"""A base for partisan games on a grid of characters: text form, regions, symmetry keys.

A subclass says which characters a board may hold, which of them take part in play (``live``;
regions of live cells are independent games), how swapping the players recolours a cell
(``swap``: the swapped board is the negative game), and gives the two players' moves.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import ClassVar

from ..rules import Partisan, validate_by_text
from ..rules.boards import Board
from ._grid import CharGrid, board_of_text, char_orbit, char_regions, format_chars, parse_chars

__all__ = ["CharGridGame"]


class CharGridGame(Partisan[CharGrid]):
    """Shared machinery; see the module docstring."""

    syntax: ClassVar[str] = (
        "the board's rows from the top, separated by |, one character a cell: . empty, x Left's piece, o "
        "Right's, # no cell"
    )
    examples: ClassVar[tuple[str, ...]] = ("x...|o...",)

    chars: ClassVar[str] = "."
    live: ClassVar[str] = "."
    blank: ClassVar[str] = "#"
    aliases: ClassVar[dict[str, str]] = {}
    swap: ClassVar[dict[str, str]] = {}
    #: Whether quarter turns are symmetries (moves look the same along rows and columns).
    turns: ClassVar[bool] = True
    #: Whether pieces move diagonally (then regions touching at a corner are one).
    diagonal: ClassVar[bool] = False

    def __init__(self) -> None:
        # position -> (key, negated), its parts: both questions the value search asks of a position.
        self._info: dict[CharGrid, tuple[tuple[Hashable, bool], list[CharGrid]]] = {}
        self._table = str.maketrans(self.swap)

    validate = validate_by_text  # a position given from Python must read back from its own text

    def parse(self, text: str) -> CharGrid:
        return parse_chars(text, self.chars, name=self.name, aliases=self.aliases)

    def format(self, position: CharGrid) -> str:
        return format_chars(position)

    def board(self, position: CharGrid) -> Board | None:
        """The grid of cells."""
        return board_of_text(self.format(position), position[0], position[1])

    def dead(self, region: CharGrid) -> bool:
        """Whether a region is 0 for sure (no one can ever move there): it is dropped."""
        return False

    def split(self, position: CharGrid) -> list[CharGrid]:
        """The independent parts of a board (uncached): its regions of live cells, the dead ones dropped."""
        parts = char_regions(position, self.live, self.blank, diagonal=self.diagonal)
        return [r for r in parts if not self.dead(r)]

    def components(self, position: CharGrid) -> list[CharGrid]:
        hit = self._info.get(position)
        return (hit if hit is not None else self._analyse(position))[1]

    def key(self, position: CharGrid) -> Hashable:
        return self.value_key(position)

    def value_key(self, position: CharGrid) -> tuple[Hashable, bool]:
        """(key, negated): the least symmetric image, or of the colour-swapped board (negated)."""
        hit = self._info.get(position)
        return (hit if hit is not None else self._analyse(position))[0]

    def _analyse(self, position: CharGrid) -> tuple[tuple[Hashable, bool], list[CharGrid]]:
        info = self._info
        if len(info) > 1_000_000:
            info.clear()
        parts = self.split(position)
        key: tuple[Hashable, bool]
        if len(parts) == 1:
            rows, cols, texts = char_orbit(parts[0], turns=self.turns)
            plain = min(texts)
            key = ((rows, cols, plain), False)
            if self.swap:
                table = self._table
                swapped = min([t.translate(table) for t in texts])
                if swapped < plain:
                    key = ((rows, cols, swapped), True)
        else:
            key = (tuple(sorted(self.value_key(p) for p in parts)), False)
        out = info[position] = (key, parts)
        return out
