"""The rook-move game (the notes' figures 1.1 and 1.2): a rook on a board moves left or up.

A position is the rook's square ``(i, j)``: row ``i`` and column ``j``, counted from 0 at the top
left corner.  A move takes the rook any number of squares left (``j`` decreases) or up (``i``
decreases); the rook in the corner ``(0, 0)`` cannot move, and the player to move there loses.

This is Nim with two heaps ``i`` and ``j``, so the square's Grundy value is ``i ⊕ j`` — figure 1.2 is
the nim-addition table — and the losing squares are the diagonal ``i = j``.  Mirroring the board in
its diagonal swaps ``i`` and ``j`` and changes nothing.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from typing import TYPE_CHECKING, ClassVar

from ..core.errors import InvalidPosition
from ..rules import Impartial, Move, Outcome, is_natural, parse_int, require
from ..rules.catalogue import GameEntry, no_params, register
from ..rules.wording import first_move, notes_verdict

if TYPE_CHECKING:
    from ..analyses.analysis import Analysis

__all__ = ["Rook", "parse_square", "rook_move"]

Square = tuple[int, int]


def parse_square(text: str, game: str) -> Square:
    """Read a square ``"r c"`` (also ``"r,c"`` or ``"(r, c)"``).

    >>> parse_square("(3, 5)", "rook")
    (3, 5)
    """
    words = text.replace(",", " ").replace("(", " ").replace(")", " ").split()
    if len(words) != 2:
        raise InvalidPosition(f"{game}: a position is a square 'row column', like '3 5', got {text.strip()!r}")
    return parse_int(words[0], f"{game}: the row"), parse_int(words[1], f"{game}: the column")


def rook_move(old: Square, new: Square) -> Move[Square]:
    """The move from ``old`` to ``new``, labelled the notes' way (``left 2 (to 3 1)``); the queen's too."""
    (i, j), (r, c) = old, new
    if r == i:
        label = f"left {j - c} (to {r} {c})"
    elif c == j:
        label = f"up {i - r} (to {r} {c})"
    else:
        label = f"diagonally {i - r} (to {r} {c})"
    return Move(label, new)


class Rook(Impartial[Square]):
    """The rook-move game.

    >>> from zermelo import solve
    >>> a = solve(Rook(), (3, 5))
    >>> a.grundy, [m.label for m in a.winning_moves]
    (6, ['left 2 (to 3 3)'])
    """

    syntax = "the rook's distances from the corner: two numbers"
    examples = ("3 5", "2 2")

    name: ClassVar[str] = "rook"

    def options(self, square: Square) -> Iterator[Square]:
        i, j = square
        for c in range(j):
            yield (i, c)
        for r in range(i):
            yield (r, j)

    def moves(self, square: Square) -> Iterator[Move[Square]]:
        for new in self.options(square):
            yield rook_move(square, new)

    def key(self, square: Square) -> Hashable:
        i, j = square
        return (i, j) if i <= j else (j, i)

    def size_hint(self, square: Square) -> int:
        return (square[0] + 1) * (square[1] + 1)

    def grundy_formula(self, square: Square) -> int:
        return square[0] ^ square[1]

    def outcome_formula(self, square: Square, misere: bool = False) -> Outcome | None:
        if misere:
            return None
        return Outcome.P if square[0] == square[1] else Outcome.N

    def winning_moves_formula(self, square: Square, misere: bool = False) -> list[Move[Square]] | None:
        """Move to the diagonal: left if the rook is right of it, up if below it."""
        if misere:
            return None
        i, j = square
        if i == j:
            return []
        return [rook_move(square, (i, i) if j > i else (j, j))]

    def parse(self, text: str) -> Square:
        return parse_square(text, self.name)

    def explain(self, square: Square, analysis: Analysis) -> str | None:
        """The rook's square is Nim with two heaps: its row and its column."""
        a = analysis
        if a.misere:
            return None
        i, j = square
        return (
            f"The rook in row {i}, column {j} is Nim with heaps {i} and {j} (moving up shrinks one, moving left the "
            f"other): the square is worth *{i} + *{j} = *{i ^ j}, {notes_verdict(a)}.{first_move(a)}"
        )

    def format(self, square: Square) -> str:
        return f"{square[0]} {square[1]}"

    def validate(self, square: Square) -> Square:
        ok = isinstance(square, tuple) and len(square) == 2 and all(map(is_natural, square))
        require(ok, self.name, "a position is a square (row, column) of whole numbers >= 0, like (3, 5)", square)
        return square


register(
    GameEntry(
        "rook",
        no_params(Rook, "rook"),
        "the rook-move game: a rook moves left or up (Nim on two heaps; figure 1.2)",
        "",
        "rook 3 5",
        table="{r} {c}",
        rules=Rook,
    )
)
