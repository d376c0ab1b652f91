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
from ._grid import CharGrid, board_of_text, char_images, char_regions, format_chars, parse_chars

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
        self._keys: dict[CharGrid, tuple[Hashable, bool]] = {}
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

    def components(self, position: CharGrid) -> list[CharGrid]:
        parts = char_regions(position, self.live, self.blank, diagonal=self.diagonal)
        return [r for r in parts if not self.dead(r)]

    def key(self, position: CharGrid) -> Hashable:
        return self.value_key(position)

    def value_key(self, position: CharGrid) -> tuple[Hashable, bool]:
        """(key, negated): the least symmetric image, or of the colour-swapped board (negated)."""
        hit = self._keys.get(position)
        if hit is not None:
            return hit
        if len(self._keys) > 1_000_000:
            self._keys.clear()
        parts = self.components(position)
        if len(parts) == 1:
            part = parts[0]
            plain = min(char_images(part, turns=self.turns))
            out: tuple[Hashable, bool] = (plain, False)
            if self.swap:
                rows, cols, cells = part
                swapped = min(char_images((rows, cols, cells.translate(self._table)), turns=self.turns))
                if swapped < plain:
                    out = (swapped, True)
        else:
            out = (tuple(sorted(self.value_key(p) for p in parts)), False)
        self._keys[position] = out
        return out
