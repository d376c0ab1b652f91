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

import sys
from collections.abc import Hashable, Iterator
from typing import Any, ClassVar

from ..core._jit import is_loaded
from ..rules import Partisan
from ..rules.boards import Board
from ..rules.catalogue import CGSuiteName, GameEntry, no_params, register
from ._frame import FRAME_MAX, frame_key, frame_regions, frame_regions_after, framed
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

__all__ = ["COMPILED_AFTER", "Domineering"]

#: Boards a value search meets before it lists the options of a region in compiled code
#: (:mod:`zermelo.games.domineering_kernel`), if numba is loaded by then (never loaded for it:
#: that costs more than a search of this size saves).
COMPILED_AFTER = 4_000


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
        # the regions only of the positions it expands).  A board in the frame (8 columns, see
        # _frame) is looked up by its bits alone, in ``_framed``.
        self._info: dict[Grid, list[Any]] = {}
        self._framed: dict[int, list[Any]] = {}
        self._keys: dict[int, tuple[int, bool]] = {}  # framed region -> (key, transposed?)
        # The key of a board of several regions is the sorted keys of its regions, numbered
        # (-1, -2, ...: a region's key is its framed bits or a board, never negative) so that
        # the search's memo hashes an int, not a tuple of tuples, at every look-up.
        self._sums: dict[tuple[tuple[Hashable, bool], ...], int] = {}
        self._sums_made = 0  # never reset (see forget): a number is never given twice
        # The compiled options (games.domineering_kernel), once numba is loaded and the search
        # has met COMPILED_AFTER boards; looked at again every COMPILED_AFTER boards till then.
        self._compiled: Any = None
        loaded = "zermelo.games.domineering_kernel" in sys.modules and is_loaded()  # by a search before
        self._look_at = 0 if loaded else COMPILED_AFTER

    def _lookup(self, position: Grid) -> list[Any]:
        _rows, cols, bits = position
        hit = self._framed.get(bits) if cols == 8 else self._info.get(position)
        return hit if hit is not None else self._analyse(position)

    def components(self, position: Grid) -> list[Grid]:
        hit = self._lookup(position)
        parts: list[Grid] | None = hit[0]
        if parts is None:
            corners = hit[2]
            if len(corners) == 1 and position[1] == 8 and corners[0] == position[2]:
                parts = [position]
            else:
                parts = [((b.bit_length() + 7) >> 3, 8, b) for b in corners]
                framed = self._framed
                for part in parts:  # each is one region in the corner: its own analysis
                    if part[2] not in framed:
                        framed[part[2]] = [[part], self._keys[part[2]], [part[2]]]
            hit[0] = parts
        return parts

    def forget(self) -> None:
        """Drop the analyses of the boards met (their regions, keys and sums' numbers): called
        with the value memos' trim (:data:`zermelo.analyses.canonical.VALUES_KEEP`), so a process
        valuing board after board stays bounded.  A sum's number is never given twice, so a memo
        still keyed by a forgotten one is unused, never wrong."""
        for table in (self._info, self._framed, self._keys, self._sums):
            table.clear()  # in place: the compiled options' driver shares them

    def key(self, position: Grid) -> Hashable:
        return self.value_key(position)

    def value_key(self, position: Grid) -> tuple[Hashable, bool]:
        """(key, negated): mirror images are equal; the transposed board is the negative.

        Turning the board a quarter turn swaps vertical and horizontal, so Left and Right:
        the value is negated.  The key is the least image; ``negated`` says it was transposed.
        """
        return self._lookup(position)[1]  # type: ignore[no-any-return]

    def keyed_options(self, position: Grid) -> tuple[int, list[Grid], list[tuple[Hashable, bool]]] | None:
        """For the value search: the count of Left's options, the options (Left's first) and their
        :meth:`value_key`, of a board in the frame (a region the search expands; else ``None``).

        Each option is the board less one domino, so its regions come from
        :func:`~zermelo.games._frame.frame_regions_after`, which fills only around the domino
        when the board stays connected.
        """
        rows, cols, bits = position
        if cols != 8 or rows > FRAME_MAX or bits & _GUARD or self._lookup(position)[2] != [bits]:
            return None  # not one region in the corner of the frame
        framed = self._framed
        if self._compiled is not None:
            return self._compiled(rows, bits)  # type: ignore[no-any-return]
        if len(framed) > self._look_at:
            self._look_at += COMPILED_AFTER
            if is_loaded():
                from .domineering_kernel import KeyedOptions

                self._compiled = KeyedOptions(framed, self._keys, self._sum_key)
                return self._compiled(rows, bits)  # type: ignore[no-any-return]
        kids: list[Grid] = []
        keys: list[tuple[Hashable, bool]] = []
        lefts = 0
        for step in (8, 1):  # Left's vertical dominoes, then Right's horizontal ones
            lefts = len(kids)
            pairs = bits & (bits >> step)  # the guard column keeps rows apart
            while pairs:
                low = pairs & -pairs
                pairs ^= low
                domino = low | (low << step)
                child = bits ^ domino
                hit = framed.get(child)
                if hit is None:
                    hit = self._in_frame(child, frame_regions_after(child, domino))
                kids.append((rows, 8, child))
                keys.append(hit[1])
        return lefts, kids, keys

    def compiled_step(self) -> tuple[Any, int]:
        """For the compiled value walk (:mod:`zermelo.analyses.compiled_walk`): the kernel that
        lists a framed region's options from its key bytes
        (:func:`~zermelo.games.domineering_kernel.region_options`), and 0 (it reads no number)."""
        from .domineering_kernel import region_options

        return region_options, 0

    def region_bytes(self, key: Hashable) -> bytes | None:
        """The bytes of a framed region's memo key (its least image) for the compiled value walk;
        None for any other key (a sum's, a region too big for the frame)."""
        if type(key) is not int or key < 0:
            return None
        return key.to_bytes(8, "little")

    def root_bytes(self, position: Grid) -> bytes | None:
        """For a value search's short way (:func:`zermelo.analyses.canonical.canonical_form`): the
        bytes the compiled walk reads (:meth:`region_bytes`) of a board of at most 7 × 7 that is
        one region in the corner of the frame as it stands, not its least image (any image of a
        region values it; the walk keys its options by theirs); None for any other board."""
        rows, cols, _bits = position
        if rows > FRAME_MAX or cols > FRAME_MAX:
            return None
        b = framed(position)
        return b.to_bytes(8, "little") if frame_regions(b) == [b] else None

    def _in_frame(self, bits: int, corners: list[int]) -> list[Any]:
        """The analysis of a board in the frame, from its regions moved to the corner."""
        keys = self._keys
        if len(corners) == 1:
            b = corners[0]
            k = keys.get(b)
            if k is None:
                k = keys[b] = frame_key(b)
            out = self._framed[bits] = [None, k, corners]
            return out
        found = []
        for b in corners:
            k = keys.get(b)
            if k is None:
                k = keys[b] = frame_key(b)
            found.append(k)
        out = self._framed[bits] = [None, (self._sum_key(tuple(sorted(found))), False), corners]
        return out

    def _sum_key(self, keys: tuple[tuple[Hashable, bool], ...]) -> int:
        """The number of a sorted list of region keys (a board of several regions)."""
        n = self._sums.get(keys)
        if n is None:
            self._sums_made += 1
            n = self._sums[keys] = -self._sums_made
        return n

    def _analyse(self, position: Grid) -> list[Any]:
        info = self._info
        if len(info) + len(self._framed) > 2_000_000:
            info.clear()
            self._framed.clear()
        rows, cols, bits = position
        if cols == 8 and rows <= FRAME_MAX and not bits & _GUARD:
            return self._in_frame(bits, frame_regions(bits))
        if rows <= FRAME_MAX and cols <= FRAME_MAX:
            # Small boards (every region of a board up to 7 x 7): in the frame, whole-int steps.
            bits = framed(position)
            info[position] = out = self._in_frame(bits, frame_regions(bits))
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
            # Keys of framed regions are ints, of larger ones boards: framed ones first.
            found = sorted((self.value_key(p) for p in parts), key=_key_order)
            out = info[position] = [parts, (self._sum_key(tuple(found)), False), None]
        return out


def _key_order(k: tuple[Hashable, bool]) -> tuple[bool, Any]:
    """A total order of region keys, framed (int) and too big for the frame (a board) alike."""
    return (type(k[0]) is not int, k)


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


def _cgsuite_listed(rules: Domineering, position: Grid, left: bool) -> list[Grid]:
    """CGSuite's list of the options (its ``Options``): the domino's first cell in reading order,
    which is the order the moves are made in here."""
    return list(rules.left_options(position) if left else rules.right_options(position))


register(
    GameEntry(
        "domineering",
        no_params(Domineering, "domineering"),
        "Domineering: Left places vertical dominoes, Right horizontal ones (partisan)",
        "",
        'domineering "..|.."',
        rules=Domineering,
        cgsuite=(CGSuiteName("game.grid.Domineering", options=_cgsuite_listed),),
    )
)
