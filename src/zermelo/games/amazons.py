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
from ..rules.boards import Board, cell_name
from ..rules.catalogue import CGSuiteName, GameEntry, no_params, register
from ._chargame import CharGridGame
from ._grid import CharGrid

__all__ = ["Amazons"]

Steps = tuple[tuple[int, int], ...]

_QUEEN: Steps = ((0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (1, -1), (-1, 1), (-1, -1))
#: CGSuite's ``Coordinates.Compass`` (north, i.e. the row above, first, then clockwise), the order
#: in which its ``Amazons`` tries the directions of a move and of its arrow.
_COMPASS: Steps = ((-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1))


_RAYS: dict[tuple[int, int, Steps], list[list[tuple[int, ...]]]] = {}


def _ray_table(rows: int, cols: int, steps: Steps = _QUEEN) -> list[list[tuple[int, ...]]]:
    """For each cell, the cells along each of the queen's rays from it (in the order of
    ``steps``), nearest first."""
    table = _RAYS.get((rows, cols, steps))
    if table is None:
        table = _RAYS[(rows, cols, steps)] = []
        for i in range(rows * cols):
            r0, c0 = divmod(i, cols)
            rays = []
            for dr, dc in steps:
                ray = []
                r, c = r0 + dr, c0 + dc
                while 0 <= r < rows and 0 <= c < cols:
                    ray.append(r * cols + c)
                    r, c = r + dr, c + dc
                if ray:
                    rays.append(tuple(ray))
            table.append(rays)
    return table


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
    compiled_rules: ClassVar[str | None] = "amazons"

    def _moves(self, position: CharGrid, me: str) -> Iterator[CharGrid]:
        for _label, option in self._labelled_moves(position, me, labels=False):
            yield option

    def cgsuite_options(self, position: CharGrid, left: bool) -> list[CharGrid]:
        """The options as CGSuite's ``Amazons`` lists them (its ``Options``, a list): amazons in
        reading order, then the directions of the move in the order of ``Coordinates.Compass``,
        nearer squares first, then the arrow's likewise.

        >>> a = Amazons()
        >>> [a.format(p) for p in a.cgsuite_options(a.parse("x.|.."), True)][:4]
        ['.x|.#', '.x|#.', '#x|..', '.#|.x']
        """
        me = "x" if left else "o"
        return [option for _label, option in self._labelled_moves(position, me, labels=False, steps=_COMPASS)]

    def _labelled_moves(
        self, position: CharGrid, me: str, *, labels: bool = True, steps: Steps = _QUEEN
    ) -> Iterator[tuple[str, CharGrid]]:
        """Every move as (``a1-c1/c3``, or ``""`` without ``labels``; the option), the rays taken
        in the order of ``steps``.

        No two moves give one board: the cell left, the cell reached and the burnt cell can all
        be read back from the option, so no set of seen boards is kept.
        """
        rows, cols, cells = position
        rays = _ray_table(rows, cols, steps)
        board = list(cells)
        i = cells.find(me)
        while i >= 0:
            board[i] = "."
            for ray in rays[i]:
                for to in ray:
                    if board[to] != ".":
                        break
                    board[to] = me
                    for shot in rays[to]:
                        for arrow in shot:
                            if board[arrow] != ".":
                                break
                            board[arrow] = "#"
                            label = f"{_cell(i, cols)}-{_cell(to, cols)}/{_cell(arrow, cols)}" if labels else ""
                            yield label, (rows, cols, "".join(board))
                            board[arrow] = "."
                    board[to] = "."
            board[i] = me
            i = cells.find(me, i + 1)

    def board(self, position: CharGrid) -> Board | None:
        """The grid, its ``#`` squares drawn as burnt by an arrow (``style: burnt``)."""
        board = super().board(position)
        return None if board is None else {**board, "style": "burnt"}

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

    def board_clicks(self, position: CharGrid, after: CharGrid, side: str | None = None) -> list[list[str]] | None:
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


def _cgsuite_listed(rules: Amazons, position: CharGrid, left: bool) -> list[CharGrid]:
    """CGSuite's list of a position's options (:meth:`Amazons.cgsuite_options`)."""
    return rules.cgsuite_options(position, left)


register(
    GameEntry(
        "amazons",
        no_params(Amazons, "amazons"),
        "Amazons: move an amazon like a queen, then fire an arrow like a queen (x: Left, o: Right; partisan)",
        "",
        'amazons "x...|o..."',
        rules=Amazons,
        cgsuite=(CGSuiteName("game.grid.Amazons", options=_cgsuite_listed),),
    )
)
