"""Domineering: Left places vertical dominoes, Right horizontal ones; whoever cannot place loses.

Any board of empty (``.``) and blocked (``#``) cells, rows separated by ``|``.  A position is the
bitboard of its empty cells (see :mod:`zermelo.games._grid`).  The board splits into its
connected empty regions (a sum of independent games), and mirror images are the same game, so
each region is valued once.  Known values: a 2 × 2 board is ±1, 2 rows × 3 columns is {2|-1/2}.

>>> from zermelo.analyses.canonical import canonical_form
>>> d = Domineering()
>>> print(canonical_form(d, d.parse("..|..")), canonical_form(d, d.parse("...|...")))
±1 {2|-1/2}
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from typing import Any, ClassVar

from ..rules import Partisan
from ..rules.boards import Board
from ..rules.catalogue import CGSuiteName, GameEntry, no_params, register
from ._frame import FRAME_MAX, frame_key, frame_regions, framed
from ._grid import (
    Grid,
    board_of_text,
    check_board,
    format_board,
    grid_masks,
    mirror_key,
    mirror_key_transposed,
    parse_board,
    regions,
)

__all__ = ["Domineering"]


class Domineering(Partisan[Grid]):
    """Domineering on any board with blocked cells (Left: vertical dominoes)."""

    syntax = (
        "the board's rows from the top, separated by |: . free, # covered (Left places vertical dominoes, "
        "Right horizontal)"
    )
    examples = ("..|..", "...|.#.|...")
    cell_symbols = ".#"

    name: ClassVar[str] = "domineering"

    def parse(self, text: str) -> Grid:
        return parse_board(text, ".", "#xXo", name="domineering")

    def format(self, position: Grid) -> str:
        return format_board(position, ".", "#")

    def validate(self, position: Grid) -> Grid:
        return check_board(position, "domineering")

    def board(self, position: Grid) -> Board | None:
        """The grid of cells (``#`` covered)."""
        return board_of_text(self.format(position), position[0], position[1])

    def left_options(self, position: Grid) -> Iterator[Grid]:
        rows, cols, empty = position
        pairs = empty & (empty >> cols)
        while pairs:
            low = pairs & -pairs
            pairs ^= low
            yield (rows, cols, empty ^ low ^ (low << cols))

    def right_options(self, position: Grid) -> Iterator[Grid]:
        rows, cols, empty = position
        pairs = empty & (empty >> 1) & grid_masks(rows, cols)[1]
        while pairs:
            low = pairs & -pairs
            pairs ^= low
            yield (rows, cols, empty ^ low ^ (low << 1))

    def __init__(self) -> None:
        # position -> [its regions, (key, negated), its regions in the frame]: one lookup answers
        # both questions the value search asks of every position it meets.  The regions as
        # boards are made only when asked for (the search asks for the key of every option, for
        # the regions only of the positions it expands).
        self._info: dict[Grid, list[Any]] = {}
        self._keys: dict[int, tuple[int, bool]] = {}  # framed region -> (key, transposed?)

    def components(self, position: Grid) -> list[Grid]:
        hit = self._info.get(position)
        if hit is None:
            hit = self._analyse(position)
        parts: list[Grid] | None = hit[0]
        if parts is None:
            corners = hit[2]
            if len(corners) == 1 and position[1] == 8 and corners[0] == position[2]:
                parts = [position]
            else:
                parts = [((b.bit_length() + 7) >> 3, 8, b) for b in corners]
                for part in parts:  # each is one region in the corner: its own analysis
                    if part not in self._info:
                        self._info[part] = [[part], self._keys[part[2]], [part[2]]]
            hit[0] = parts
        return parts

    def key(self, position: Grid) -> Hashable:
        return self.value_key(position)

    def value_key(self, position: Grid) -> tuple[Hashable, bool]:
        """(key, negated): mirror images are equal; the transposed board is the negative.

        Turning the board a quarter turn swaps vertical and horizontal, so Left and Right:
        the value is negated.  The key is the least image; ``negated`` says it was transposed.
        """
        hit = self._info.get(position)
        return (hit if hit is not None else self._analyse(position))[1]  # type: ignore[no-any-return]

    def _analyse(self, position: Grid) -> list[Any]:
        info = self._info
        if len(info) > 2_000_000:
            info.clear()
        rows, cols, bits = position
        if cols == 8 and rows <= FRAME_MAX and not bits & _GUARD:
            corners = frame_regions(bits)
        elif rows <= FRAME_MAX and cols <= FRAME_MAX:
            corners = frame_regions(framed(position))
        else:
            corners = None
        if corners is not None:
            # Small boards (every region of a board up to 7 x 7): in the frame, whole-int steps.
            keys = self._keys
            if len(corners) == 1:
                b = corners[0]
                k = keys.get(b)
                if k is None:
                    k = keys[b] = frame_key(b)
                out = info[position] = [None, k, corners]
                return out
            found = []
            for b in corners:
                k = keys.get(b)
                if k is None:
                    k = keys[b] = frame_key(b)
                found.append(k)
            out = info[position] = [None, (tuple(sorted(found)), False), corners]
            return out
        # Lone cells take no domino: they are 0 and are dropped.
        parts = regions(position, singles=False)
        if len(parts) == 1:
            part = parts[0]
            if part is position:
                out = info[position] = [parts, region_key(part), None]
                return out
            out = info[position] = [[part], self.value_key(part), None]
        else:
            parts = [q for p in parts for q in self.components(p)]  # small regions go to the frame
            out = info[position] = [parts, (tuple(sorted(self.value_key(p) for p in parts)), False), None]
        return out


#: Column 7 of a board 8 columns wide: empty in a framed board.
_GUARD = sum(0x80 << (8 * r) for r in range(FRAME_MAX))


def region_key(part: Grid) -> tuple[Grid, bool]:
    """(least image, transposed?) of one region too big for the frame, as :func:`mirror_key` of
    it or of its transpose.

    Wide regions are the representatives: only a square one needs both orientations.  A full
    rectangle (a connected region one cell thick is one) is its own least image.
    """
    rows, cols, bits = part
    if rows == 1:
        return (part, False)
    if cols == 1 or (rows > cols and bits == (1 << rows * cols) - 1):
        return ((cols, rows, bits), True)  # a full rectangle is every image of itself
    if rows <= cols and bits == (1 << rows * cols) - 1:
        return (part, False)
    if rows < cols:
        return (mirror_key(part), False)
    if rows > cols:
        return (mirror_key_transposed(part), True)
    plain, turned = mirror_key(part), mirror_key_transposed(part)
    return (plain, False) if plain <= turned else (turned, True)


register(
    GameEntry(
        "domineering",
        no_params(Domineering, "domineering"),
        "Domineering: Left places vertical dominoes, Right horizontal ones (partisan)",
        "",
        'domineering "..|.."',
        rules=Domineering,
        cgsuite=(CGSuiteName("game.grid.Domineering"),),
    )
)
