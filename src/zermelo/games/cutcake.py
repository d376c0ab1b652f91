"""Cutcake: Left cuts a piece of cake along a vertical line, Right along a horizontal one.

A piece is ``RxC`` (R rows by C columns); a position is a sum of pieces, ``3x4 2x2``.  Left's
vertical cut splits the columns, Right's horizontal cut splits the rows; 1 × 1 pieces are dead.
A 1 × n strip is worth n − 1 to Left (Berlekamp, Conway and Guy, *Winning Ways*, ch. 2).

>>> from zermelo.analyses.canonical import canonical_form
>>> c = Cutcake()
>>> [str(canonical_form(c, c.parse(s))) for s in ("1x1", "1x4", "4x1", "2x2", "2x3", "3x5")]
['0', '3', '-3', '0', '0', '1']
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import ClassVar

from ..core.checks import parse_int
from ..core.errors import InvalidPosition
from ..rules import Move, Partisan, is_natural, require
from ..rules.boards import Board, cakes_board
from ..rules.catalogue import CGSuiteName, GameEntry, cgsuite_pieces, no_params, register

__all__ = ["Cutcake", "parse_pieces"]

Piece = tuple[int, int]
Pieces = tuple[Piece, ...]
_PIECE = re.compile(r"^(\d+)\s*[xX×]\s*(\d+)$")
_SIDES = ((1, "rows"), (2, "columns"))


class Cutcake(Partisan[Pieces]):
    """Cutcake; a position is a sorted tuple of (rows, columns) pieces larger than 1 × 1."""

    syntax = "cakes RxC (rows by columns), separated by spaces"
    examples = ("3x4", "3x4 2x2")

    name: ClassVar[str] = "cutcake"

    def parse(self, text: str) -> Pieces:
        return _norm(parse_pieces(text, "cutcake"))

    def validate(self, position: Pieces) -> Pieces:
        ok = isinstance(position, tuple) and all(
            isinstance(p, tuple) and len(p) == 2 and all(is_natural(x) for x in p) for p in position
        )
        require(ok, "cutcake", "a position is a tuple of pieces (rows, columns), each >= 0", position)
        return position

    def format(self, position: Pieces) -> str:
        return " ".join(f"{r}x{c}" for r, c in position) if position else "1x1"

    def left_moves(self, position: Pieces) -> Iterator[Move[Pieces]]:
        """``cut 3x4 into 1+3 columns``: the piece, and the widths it is cut into."""
        return (Move(label, after) for label, after in self._cuts(position, False))

    def right_moves(self, position: Pieces) -> Iterator[Move[Pieces]]:
        return (Move(label, after) for label, after in self._cuts(position, True))

    def _cuts(self, position: Pieces, across: bool) -> Iterator[tuple[str, Pieces]]:
        for i, (r, c) in enumerate(position):
            if i and position[i - 1] == (r, c):
                continue
            rest = [*position[:i], *position[i + 1 :]]
            whole = r if across else c
            for a in range(1, whole // 2 + 1):
                new = [(a, c), (r - a, c)] if across else [(r, a), (r, c - a)]
                yield f"cut {r}x{c} into {a}+{whole - a} {'rows' if across else 'columns'}", _norm([*rest, *new])

    def left_options(self, position: Pieces) -> Iterator[Pieces]:
        for i, (r, c) in enumerate(position):
            if i and position[i - 1] == (r, c):
                continue
            rest = position[:i] + position[i + 1 :]
            for a in range(1, c // 2 + 1):
                yield _norm([*rest, (r, a), (r, c - a)])

    def right_options(self, position: Pieces) -> Iterator[Pieces]:
        for i, (r, c) in enumerate(position):
            if i and position[i - 1] == (r, c):
                continue
            rest = position[:i] + position[i + 1 :]
            for a in range(1, r // 2 + 1):
                yield _norm([*rest, (a, c), (r - a, c)])

    def board(self, position: Pieces) -> Board | None:
        """The pieces (a 1 × 1 piece is gone: no one can cut it), cut on the lines between columns
        (Left) or rows (Right)."""
        return {**cakes_board(position), "handles": "vh"}

    def board_clicks(self, position: Pieces, after: Pieces, side: str | None = None) -> list[list[str]] | None:
        """The cut lines whose cut leaves ``after`` (``k1:v2``: after column 2 of piece 1).

        >>> Cutcake().board_clicks(((2, 3),), ((2, 1), (2, 2)))
        [['k1:v1'], ['k1:v2']]
        """
        ways = []
        for k, (r, c) in enumerate(position):
            rest = [*position[:k], *position[k + 1 :]]
            if side != "right":
                ways += [[f"k{k + 1}:v{a}"] for a in range(1, c) if _norm([*rest, (r, a), (r, c - a)]) == after]
            if side != "left":
                ways += [[f"k{k + 1}:h{a}"] for a in range(1, r) if _norm([*rest, (a, c), (r - a, c)]) == after]
        return ways

    def components(self, position: Pieces) -> list[Pieces]:
        return [(p,) for p in position]

    def value_key(self, position: Pieces) -> tuple[Pieces, bool]:
        """(key, negated): a piece turned a quarter turn is the negative game."""
        if len(position) != 1:
            return (position, False)
        ((r, c),) = position
        return (((r, c),), False) if r <= c else (((c, r),), True)


def parse_pieces(text: str, name: str) -> list[Piece]:
    """Pieces ``RxC`` separated by spaces, commas or ``+`` (each up to 10,000 cells); the cake
    games of :mod:`~zermelo.games.gencutcake` read theirs here too.  A side may be 0, as in
    CGSuite's ``Cutcake((8,0))``: the cake has no cells, yet its other side is still played on,
    as a heap of the rules of that side (``0x5`` is Left's four cuts, 4; ``8x0`` is -7).

    >>> parse_pieces("3x4, 0x5", "cutcake")
    [(3, 4), (0, 5)]
    """
    pieces = []
    for word in text.replace("+", " ").replace(",", " ").split():
        m = _PIECE.match(word)
        if m is None:
            raise InvalidPosition(f"{name}: pieces are RxC like 3x4, got {word!r}")
        r, c = (parse_int(m.group(i), f"{name}: a piece's {side}", minimum=0, maximum=10_000) for i, side in _SIDES)
        if r * c > 10_000:
            raise InvalidPosition(f"{name}: a piece has at most 10,000 cells, got {word!r}")
        pieces.append((r, c))
    if not pieces:
        raise InvalidPosition(f"{name}: give pieces like 3x4 2x2")
    return pieces


def _norm(pieces: list[Piece]) -> Pieces:
    """Sorted, without the pieces no one can cut (1 × 1, and 0 × 1, 1 × 0, 0 × 0)."""
    return tuple(sorted(p for p in pieces if max(p) > 1))


register(
    GameEntry(
        "cutcake",
        no_params(Cutcake, "cutcake"),
        "Cutcake: Left cuts vertically, Right horizontally (pieces RxC; partisan)",
        "",
        "cutcake 3x4",
        rules=Cutcake,
        # CGSuite's Cutcake((3,4)): the piece's rows and columns as zermelo reads them.
        cgsuite=(
            CGSuiteName(
                "game.heap.Cutcake", text=lambda t: "x".join(t.split()) if " " in t else t, shown=cgsuite_pieces
            ),
        ),
    )
)
