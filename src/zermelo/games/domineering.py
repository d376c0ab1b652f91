"""Domineering: Left places vertical dominoes, Right horizontal ones; whoever cannot place loses.

Any board of empty (``.``) and blocked (``#``) cells, rows separated by ``|``.  A position is the
bitboard of its empty cells (see :mod:`zermelo.games._grid`).  The board splits into its
connected empty regions (a sum of independent games), and mirror images are the same game, so
each region is valued once.  Known values: a 2 × 2 board is ±1, 2 rows × 3 columns is {2|-1/2}.

>>> from zermelo.values.canonical import canonical_form
>>> d = Domineering()
>>> print(canonical_form(d, d.parse("..|..")), canonical_form(d, d.parse("...|...")))
±1 {2|-1/2}
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from typing import ClassVar

from ..registry import GameEntry, no_params, register
from ..rules import Partisan
from ._grid import Board, _masks, format_board, mirror_key, parse_board, regions, transposed

__all__ = ["Domineering"]


class Domineering(Partisan[Board]):
    """Domineering on any board with blocked cells (Left: vertical dominoes)."""

    name: ClassVar[str] = "domineering"

    def parse(self, text: str) -> Board:
        return parse_board(text, ".", "#xXo", name="domineering")

    def format(self, position: Board) -> str:
        return format_board(position, ".", "#")

    def left_options(self, position: Board) -> Iterator[Board]:
        rows, cols, empty = position
        pairs = empty & (empty >> cols)
        while pairs:
            low = pairs & -pairs
            pairs ^= low
            yield (rows, cols, empty ^ low ^ (low << cols))

    def right_options(self, position: Board) -> Iterator[Board]:
        rows, cols, empty = position
        pairs = empty & (empty >> 1) & _masks(rows, cols)[1]
        while pairs:
            low = pairs & -pairs
            pairs ^= low
            yield (rows, cols, empty ^ low ^ (low << 1))

    def __init__(self) -> None:
        self._parts: dict[Board, list[Board]] = {}
        self._keys: dict[Board, tuple[Hashable, bool]] = {}

    def components(self, position: Board) -> list[Board]:
        hit = self._parts.get(position)
        if hit is None:
            if len(self._parts) > 2_000_000:
                self._parts.clear()
            # Lone cells take no domino: they are 0 and are dropped.
            hit = self._parts[position] = [r for r in regions(position) if r[2] & (r[2] - 1)]
        return hit

    def key(self, position: Board) -> Hashable:
        return self.value_key(position)

    def value_key(self, position: Board) -> tuple[Hashable, bool]:
        """(key, negated): mirror images are equal; the transposed board is the negative.

        Turning the board a quarter turn swaps vertical and horizontal, so Left and Right:
        the value is negated.  The key is the least image; ``negated`` says it was transposed.
        """
        hit = self._keys.get(position)
        if hit is not None:
            return hit
        if len(self._keys) > 2_000_000:
            self._keys.clear()
        parts = self.components(position)
        if len(parts) == 1:
            part = parts[0]
            if part != position:
                # Many boards crop to the same region: key the region once.
                same = self._keys[position] = self.value_key(part)
                return same
            rows, cols, _ = part
            # Wide regions are the representatives: only a square one needs both orientations.
            if rows < cols:
                out: tuple[Hashable, bool] = (mirror_key(part), False)
            elif rows > cols:
                out = (mirror_key(transposed(part)), True)
            else:
                plain, turned = mirror_key(part), mirror_key(transposed(part))
                out = (plain, False) if plain <= turned else (turned, True)
        else:
            out = (tuple(sorted(self.value_key(p) for p in parts)), False)
        self._keys[position] = out
        return out


register(
    GameEntry(
        "domineering",
        no_params(Domineering, "domineering"),
        "Domineering: Left places vertical dominoes, Right horizontal ones (partisan)",
        "",
        'domineering "..|.."',
        kind="partisan",
    )
)
