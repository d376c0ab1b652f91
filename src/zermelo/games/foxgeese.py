"""Fox and Geese (*Winning Ways* ch. 20; CGSuite's ``game.grid.FoxAndGeese``): a loopy game.

The board is rows of cells separated by ``|``: ``G`` a goose, ``F`` the fox (exactly one), ``.``
empty, ``#`` no cell.  Left moves one goose one cell diagonally *down* (to the next row as written,
like a checker toward the far side) onto an empty cell; Right moves the fox one cell diagonally in
any of the four directions onto an empty cell.  Nobody jumps or captures.  The player who cannot
move loses: the geese win by penning the fox in, the fox by slipping past them so that the geese
run out of moves.  The fox can go back and forth, so play may last for ever (a draw, or the
values ``on``, ``over``, ``off`` … of loopy games, :mod:`zermelo.values.loopy_form`).

This is Winning Ways' game on a board of its own size (at most 64 cells).  CGSuite's
``FoxAndGeese(geese, fox)`` takes coordinates (rows from 1 at the bottom, geese walking toward
row 1) on a board of width 8 that is open upward without end; zermelo's board is as written, top
row first, closed on every side, so it does not answer to CGSuite's name.

Why: the value comes from the whole game graph (stoppers and sided values), so it is checked
against the engine's search with draws on random small boards; the key merges a board with its
left-right mirror.  Boards are small: a goose moves at most once per row, but the fox roams.

Small values, worked by hand: ``F.|.G`` — nobody can move (the goose is on the last row, the
fox's only diagonal is the goose): 0.  ``G..|...|..F``: the goose has two moves left, one to the
middle row, and the fox one step toward the middle; whoever moves first takes the middle cell and
wins: *.  Search: with two geese on a 4-wide board of 4 rows the geese win (``over``), on 3 rows
the fox (``off``).

>>> from zermelo.values.loopy_form import loopy_value
>>> g = FoxAndGeese()
>>> from zermelo.values.loopy_form import loopy_facts
>>> [loopy_facts(loopy_value(g, g.parse(t)))["cgsuite"] for t in ("F.|.G", "G..|...|..F", "G.G.|....|.F..")]
['0', '*', 'off']
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from typing import ClassVar

from ..boards import Board
from ..catalogue import GameEntry, no_params, register
from ..errors import InvalidPosition
from ..rules import Partisan, validate_by_text
from ._grid import CharBoard, board_of_text, format_chars, parse_chars

__all__ = ["FoxAndGeese"]


class FoxAndGeese(Partisan[CharBoard]):
    """Fox and Geese on any board of at most 64 cells (Left: the geese G, Right: the fox F)."""

    name: ClassVar[str] = "foxgeese"
    loopy: ClassVar[bool] = True

    validate = validate_by_text

    def parse(self, text: str) -> CharBoard:
        board = parse_chars(text, "GF.#", name=self.name, aliases={"g": "G", "f": "F"})
        rows, cols, cells = board
        if cells.count("F") != 1:
            raise InvalidPosition(f"foxgeese: a board has exactly one fox F, got {cells.count('F')}")
        if rows * cols > 64:
            raise InvalidPosition("foxgeese: at most 64 cells (the game graph of a larger board is too large)")
        return board

    def format(self, position: CharBoard) -> str:
        return format_chars(position)

    def board(self, position: CharBoard) -> Board | None:
        return board_of_text(self.format(position), position[0], position[1])

    def key(self, position: CharBoard) -> Hashable:
        rows, cols, cells = position
        mirror = "".join(cells[r * cols : (r + 1) * cols][::-1] for r in range(rows))
        return (rows, cols, min(cells, mirror))

    def _steps(self, position: CharBoard, piece: str, drows: tuple[int, ...]) -> Iterator[CharBoard]:
        rows, cols, cells = position
        for i, ch in enumerate(cells):
            if ch != piece:
                continue
            r, c = divmod(i, cols)
            for dr in drows:
                for dc in (-1, 1):
                    r2, c2 = r + dr, c + dc
                    if 0 <= r2 < rows and 0 <= c2 < cols and cells[r2 * cols + c2] == ".":
                        new = list(cells)
                        new[i], new[r2 * cols + c2] = ".", piece
                        yield (rows, cols, "".join(new))

    def left_options(self, position: CharBoard) -> Iterator[CharBoard]:
        return self._steps(position, "G", (1,))

    def right_options(self, position: CharBoard) -> Iterator[CharBoard]:
        return self._steps(position, "F", (1, -1))


register(
    GameEntry(
        "foxgeese",
        no_params(FoxAndGeese, "foxgeese"),
        "Fox and Geese: geese (G, Left) step diagonally down, the fox (F, Right) diagonally any way (loopy)",
        "",
        'foxgeese "G.G.|....|.F.."',
        kind="partisan",
        aliases=("foxandgeese",),
    )
)
