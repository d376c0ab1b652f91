"""Backsliding Toads and Frogs (Winning Ways ch. 11): Toads and Frogs in which a piece may also
slide one cell *back* into an empty cell, so positions repeat: a loopy game.

Toads (``T``, Left) move one cell right into an empty cell, jump right over one frog into the
empty cell behind it, or slide one cell left into an empty cell; frogs (``F``, Right) the same
the other way.  An infinite play is a draw.  Its values are loopy games' values (stoppers, or an
onside and an offside: :mod:`zermelo.analyses.loopy_form`): ``TT.F`` is ``on`` (Left can always
move, Right never), ``T..F`` is ``*``; tests/test_backsliding.py checks every value of the short
rows against the engine's search of the game graph, draws included.

>>> g = BackslidingToads()
>>> sorted(g.left_options(g.parse(".T.F")))
['..TF', 'T..F']
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from typing import ClassVar

from ..core.errors import InvalidPosition
from ..rules import Partisan, validate_by_text
from ..rules.boards import Board, grid_board
from ..rules.catalogue import CGSuiteName, GameEntry, cgsuite_string, no_params, register
from ._grid import check_cells

__all__ = ["BackslidingToads"]


class BackslidingToads(Partisan[str]):
    """Backsliding Toads and Frogs on one row: a position is the row, ``T``, ``F`` and ``.``."""

    syntax = "the row from the left: T a toad (Left's), F a frog (Right's), . an empty square"
    examples = ("T..F", "TT..FF")
    cell_symbols = ".TF"

    name: ClassVar[str] = "backsliding"
    loopy: ClassVar[bool] = True

    validate = validate_by_text

    def parse(self, text: str) -> str:
        row = text.strip().upper().replace("_", ".")
        if not row:
            raise InvalidPosition(f"backsliding: a row of T (toad), F (frog) and . (empty); got {text!r}")
        check_cells("backsliding", [row], "TF.")
        if len(row) > 16:
            raise InvalidPosition("backsliding: at most 16 cells (the game graph of a longer row is too large)")
        return row

    def format(self, position: str) -> str:
        return position

    def board(self, position: str) -> Board | None:
        return grid_board((position,))

    def key(self, position: str) -> Hashable:
        return position

    def _moves(self, row: str, piece: str, other: str, step: int) -> Iterator[str]:
        n = len(row)
        for j, ch in enumerate(row):
            if ch != piece:
                continue
            targets = []
            a, b, back = j + step, j + 2 * step, j - step
            if 0 <= a < n and row[a] == ".":
                targets.append(a)
            elif 0 <= b < n and row[a] == other and row[b] == ".":
                targets.append(b)
            if 0 <= back < n and row[back] == ".":
                targets.append(back)
            for t in targets:
                cells = list(row)
                cells[j], cells[t] = ".", piece
                yield "".join(cells)

    def left_options(self, position: str) -> Iterator[str]:
        return self._moves(position, "T", "F", 1)

    def right_options(self, position: str) -> Iterator[str]:
        return self._moves(position, "F", "T", -1)


register(
    GameEntry(
        "backsliding",
        no_params(BackslidingToads, "backsliding"),
        "Backsliding Toads and Frogs: toads and frogs may also step back (loopy, partisan)",
        "",
        "backsliding T..F",
        rules=BackslidingToads,
        aliases=("backslidingtoadsandfrogs",),
        cgsuite=(CGSuiteName("game.strip.BackslidingToadsAndFrogs", shown=cgsuite_string({"T": "t", "F": "f"})),),
    )
)
