"""Amazons: move one of your amazons like a chess queen, then fire an arrow from where it lands,
again like a queen; the arrow's cell is burnt for good.

Left's amazons are ``x``, Right's ``o``; ``.`` is empty, ``#`` burnt (or no cell); rows separated
by ``|`` (CGSuite's conventions).  Amazons and arrows pass through empty cells only (the arrow may
pass through or land on the square the amazon just left).  Whoever cannot move loses.

Burnt cells wall the board into regions (cells touching at a corner are connected: a queen moves
diagonally) that are independent games (a region without an amazon
is 0); the key merges the eight symmetric images and, negated, the board with the colours swapped.

Small values, worked by hand (Berlekamp, *Sums of N × 2 Amazons*, 2000, studies such
endgames): a Left amazon with one free cell, ``x.``, moves there and fires back at the cell it
left: one move, 1; ``x..`` gives her two moves, 2; in ``x.o`` whoever moves first takes the
middle and burns their own cell, leaving nobody a move: *.

>>> from zermelo.analyses.canonical import canonical_form
>>> a = Amazons()
>>> [str(canonical_form(a, a.parse(t))) for t in ("x.", "x..", "x.o", "x#o", "x.|.o")]
['1', '2', '*', '0', '0']
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar

from ..rules import Move
from ..rules.boards import cell_name
from ..rules.catalogue import CGSuiteName, GameEntry, no_params, register
from ._chargame import CharGridGame
from ._grid import CharGrid

__all__ = ["Amazons"]

_QUEEN = ((0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (1, -1), (-1, 1), (-1, -1))


def _rays(rows: int, cols: int, cells: list[str], i: int) -> Iterator[int]:
    """The empty cells a queen at ``i`` reaches, ray by ray."""
    r0, c0 = divmod(i, cols)
    for dr, dc in _QUEEN:
        r, c = r0 + dr, c0 + dc
        while 0 <= r < rows and 0 <= c < cols and cells[r * cols + c] == ".":
            yield r * cols + c
            r, c = r + dr, c + dc


def _cell(i: int, cols: int) -> str:
    return cell_name(*divmod(i, cols))


class Amazons(CharGridGame):
    """Amazons on any board (Left: x, Right: o, # burnt)."""

    syntax = "the board's rows from the top, separated by |: x Left's amazon, o Right's, # a burnt square, . empty"
    examples = ("x...|o...", "x.#.|...o")
    cell_symbols = ".xo#"

    name: ClassVar[str] = "amazons"
    chars: ClassVar[str] = "xo.#"
    live: ClassVar[str] = "xo."
    blank: ClassVar[str] = "#"
    aliases: ClassVar[dict[str, str]] = {"X": "x", "O": "o"}
    swap: ClassVar[dict[str, str]] = {"x": "o", "o": "x"}
    diagonal: ClassVar[bool] = True  # queens pass between burnt cells that touch at a corner

    def _moves(self, position: CharGrid, me: str) -> Iterator[CharGrid]:
        for _label, option in self._labelled_moves(position, me):
            yield option

    def _labelled_moves(self, position: CharGrid, me: str) -> Iterator[tuple[str, CharGrid]]:
        rows, cols, cells = position
        board = list(cells)
        seen: set[str] = set()
        for i, ch in enumerate(cells):
            if ch != me:
                continue
            board[i] = "."
            for to in list(_rays(rows, cols, board, i)):
                board[to] = me
                for arrow in _rays(rows, cols, board, to):
                    board[arrow] = "#"
                    out = "".join(board)
                    board[arrow] = "."
                    if out not in seen:  # two routes to one board are one option
                        seen.add(out)
                        label = f"{_cell(i, cols)}-{_cell(to, cols)}/{_cell(arrow, cols)}"
                        yield label, (rows, cols, out)
                board[to] = "."
            board[i] = me

    def left_moves(self, position: CharGrid) -> Iterator[Move[CharGrid]]:
        """``a1-c1/c3``: the amazon's cell, where it goes, and where its arrow lands."""
        return (Move(label, p) for label, p in self._labelled_moves(position, "x"))

    def right_moves(self, position: CharGrid) -> Iterator[Move[CharGrid]]:
        return (Move(label, p) for label, p in self._labelled_moves(position, "o"))

    def left_options(self, position: CharGrid) -> Iterator[CharGrid]:
        return self._moves(position, "x")

    def right_options(self, position: CharGrid) -> Iterator[CharGrid]:
        return self._moves(position, "o")

    def dead(self, region: CharGrid) -> bool:
        return "x" not in region[2] and "o" not in region[2]

    def board_clicks(self, position: CharGrid, after: CharGrid) -> list[list[str]] | None:
        """The amazon's cell, where she goes, where her arrow lands: three clicks.

        >>> a = Amazons()
        >>> a.board_clicks(a.parse("x..|..."), a.parse(".x#|..."))
        [['a1', 'b1', 'c1']]
        >>> a.board_clicks(a.parse("x..|..."), a.parse("#x.|..."))  # the arrow back where she stood
        [['a1', 'b1', 'a1']]
        """
        rows, cols, before = position
        if after[:2] != (rows, cols):
            return None
        changed = [i for i, (a, b) in enumerate(zip(before, after[2], strict=True)) if a != b]
        went = [i for i in changed if before[i] in "xo"]
        came = [i for i in changed if after[2][i] in "xo"]
        burnt = [i for i in changed if after[2][i] == "#"]
        if len(went) != 1 or len(came) != 1 or len(burnt) != 1:
            return None
        return [[_cell(i, cols) for i in (went[0], came[0], burnt[0])]]


register(
    GameEntry(
        "amazons",
        no_params(Amazons, "amazons"),
        "Amazons: move an amazon like a queen, then fire an arrow like a queen (x: Left, o: Right; partisan)",
        "",
        'amazons "x...|o..."',
        rules=Amazons,
        cgsuite=(CGSuiteName("game.grid.Amazons"),),
    )
)
