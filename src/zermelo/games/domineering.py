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
from typing import ClassVar

from ..rules import Partisan
from ..rules.boards import Board
from ..rules.catalogue import CGSuiteName, GameEntry, no_params, register
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
        # position -> (its regions, (key, negated)): one lookup answers both questions the
        # value search asks of every position it meets.
        self._info: dict[Grid, tuple[list[Grid], tuple[Hashable, bool]]] = {}

    def components(self, position: Grid) -> list[Grid]:
        hit = self._info.get(position)
        return (hit if hit is not None else self._analyse(position))[0]

    def key(self, position: Grid) -> Hashable:
        return self.value_key(position)

    def value_key(self, position: Grid) -> tuple[Hashable, bool]:
        """(key, negated): mirror images are equal; the transposed board is the negative.

        Turning the board a quarter turn swaps vertical and horizontal, so Left and Right:
        the value is negated.  The key is the least image; ``negated`` says it was transposed.
        """
        hit = self._info.get(position)
        return (hit if hit is not None else self._analyse(position))[1]

    def _analyse(self, position: Grid) -> tuple[list[Grid], tuple[Hashable, bool]]:
        info = self._info
        out: tuple[list[Grid], tuple[Hashable, bool]]
        if len(info) > 2_000_000:
            info.clear()
        # Lone cells take no domino: they are 0 and are dropped.
        parts = regions(position, singles=False)
        if len(parts) == 1:
            part = parts[0]
            if part is position:
                out = info[position] = (parts, region_key(part))
                return out
            # Many boards crop to the same region: analyse the region once.  A cropped
            # connected region is its own one component.
            hit = info.get(part)
            if hit is None:
                hit = info[part] = ([part], region_key(part))
            out = info[position] = (parts, hit[1])
        else:
            out = info[position] = (parts, (tuple(sorted(self.value_key(p) for p in parts)), False))
        return out


def region_key(part: Grid) -> tuple[Grid, bool]:
    """(least image, transposed?) of one region, as :func:`mirror_key` of it or of its transpose.

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
