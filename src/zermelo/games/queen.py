"""The queen-move game (the notes' figures 1.3 and 1.4): a queen moves left, up, or diagonally
up-left, any number of squares.

A position is the queen's square ``(i, j)``, row and column counted from 0 at the top left.  This is
Wythoff's game on the heaps ``i`` and ``j`` (taking the same number from both heaps is the diagonal
move), so the losing squares are the Wythoff pairs (⌊kφ⌋, ⌊kφ²⌋) and their mirror images.  The
squares' Grundy values have no known closed form; the engine computes them by the mex rule.

The notes' figure 1.4 prints rows 0–3 of columns 0–4; exercise 1.4(a) asks for columns 5 and 6.
Computed: column 5 is *5, *3, *4, *0 and column 6 is *6, *7, *8, *1 (rows 0–3); the queen of
figure 1.3 on row 3, column 4 has value *2, as printed.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar

from ..rules import Move
from ..rules.catalogue import GameEntry, no_params, register
from .rook import Square, parse_square, rook_move
from .wythoff import Wythoff

__all__ = ["Queen"]


class Queen(Wythoff):
    """The queen-move game: Wythoff's game with the heaps as the queen's row and column.

    >>> from zermelo import solve
    >>> a = solve(Queen(), (3, 4))
    >>> a.grundy, [m.label for m in a.winning_moves]
    (2, ['diagonally 2 (to 1 2)'])
    """

    syntax = "the queen's distances from the corner: two numbers"
    examples = ("3 4", "0 5")

    name: ClassVar[str] = "queen"

    def moves(self, position: Square) -> Iterator[Move[Square]]:
        for m in super().moves(position):
            yield rook_move(position, m.position)

    def winning_moves_formula(self, position: Square, misere: bool = False) -> list[Move[Square]] | None:
        found = super().winning_moves_formula(position, misere)
        if found is None:
            return None
        return [rook_move(position, m.position) for m in found]

    def parse(self, text: str) -> Square:
        return parse_square(text, self.name)


register(
    GameEntry(
        "queen",
        no_params(Queen, "queen"),
        "the queen-move game: a queen moves left, up or diagonally (Wythoff's game; figure 1.4)",
        "",
        "queen 3 4",
        table="{r} {c}",
        rules=Queen,
    )
)
