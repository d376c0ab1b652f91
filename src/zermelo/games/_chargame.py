"""A base for partisan games on a grid of characters: text form, regions, symmetry keys.

A subclass says which characters a board may hold, which of them take part in play (``live``;
regions of live cells are independent games), how swapping the players recolours a cell
(``swap``: the swapped board is the negative game), and gives the two players' moves.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Hashable
from typing import Any, ClassVar

from ..core._jit import is_loaded
from ..rules import Partisan, validate_by_text
from ..rules.boards import Board
from ._grid import CharGrid, KeyImage, board_of_text, char_orbit, char_regions, format_chars, parse_chars

__all__ = ["COMPILED_AFTER", "CharGridGame"]

#: When a value search hands its regions' options to the compiled kernel
#: (:mod:`zermelo.games.chargrid_kernel`), counted in positions it has keyed in Python (options and
#: their regions).  The kernel saves about 25 µs a position (Konane, Amazons: 1.3-2x on the whole
#: search, whose canonical forms stay in Python).  Loading it costs nothing when numpy is imported
#: and ``zermelo compile`` built it ahead of time (the first number), 0.2 s of CPU when numpy must
#: be imported first (the second); through numba it costs 1 s and each call a few µs more, so a
#: search turns to numba only past the third (an Amazons endgame of 76,000 positions lost 0.9 s
#: switching at 40,000).  A small search never pays for loading.
COMPILED_AFTER = [2_000, 8_000, 100_000]


class CharGridGame(Partisan[CharGrid]):
    """Shared machinery; see the module docstring."""

    syntax: ClassVar[str] = (
        "the board's rows from the top, separated by |, one character a cell: . empty, x Left's piece, o "
        "Right's, # no cell"
    )
    examples: ClassVar[tuple[str, ...]] = ("x...|o...",)

    chars: ClassVar[str] = "."
    live: ClassVar[str] = "."
    blank: ClassVar[str] = "#"
    aliases: ClassVar[dict[str, str]] = {}
    swap: ClassVar[dict[str, str]] = {}
    #: Whether quarter turns are symmetries (moves look the same along rows and columns).
    turns: ClassVar[bool] = True
    #: Whether pieces move diagonally (then regions touching at a corner are one).
    diagonal: ClassVar[bool] = False
    #: The rules' name in :mod:`zermelo.games.chargrid_kernel` if it lists their options compiled.
    compiled_rules: ClassVar[str | None] = None

    def __init__(self) -> None:
        # position -> (key, negated), its parts: both questions the value search asks of a position.
        self._info: dict[CharGrid, tuple[tuple[Hashable, bool], list[CharGrid]]] = {}
        self._table = str.maketrans(self.swap)
        #: Whether the colour-swapped board is the negative game (an instance may have rules that
        #: treat the players differently: then no key merges the two).
        self.negates = bool(self.swap)
        self._compiled: Callable[[CharGrid], Any] | None = None
        self._switch: int | None = None  # when to load the kernel (see keyed_options)
        # The cells a board may hold that its text reads back as themselves (no alias, no row separator).
        self._cells = frozenset(c for c in self.chars if self.aliases.get(c, c) == c) - set("|/ \n")
        self._unlive = str.maketrans("", "", self.live)  # a board's text less its live cells: see split

    def validate(self, position: CharGrid) -> CharGrid:
        """A position given from Python must read back from its own text (:func:`validate_by_text`);
        a ``(rows, cols, cells)`` triple of these rules' own text form is seen to at once (the
        text's round trip cost 0.1 ms of a 10-stone Konane value)."""
        cls = type(self)
        own = cls.parse is CharGridGame.parse and cls.format is CharGridGame.format
        if own and type(position) is tuple and len(position) == 3:
            rows, cols, cells = position
            if (
                type(rows) is int
                and type(cols) is int
                and type(cells) is str
                and rows > 0
                and cols > 0
                and rows * cols == len(cells) <= 400
                and set(cells) <= self._cells
            ):
                return position
        return validate_by_text(self, position)

    def parse(self, text: str) -> CharGrid:
        return parse_chars(text, self.chars, name=self.name, aliases=self.aliases)

    def format(self, position: CharGrid) -> str:
        return format_chars(position)

    def board(self, position: CharGrid) -> Board | None:
        """The grid of cells."""
        return board_of_text(self.format(position), position[0], position[1])

    def dead(self, region: CharGrid) -> bool:
        """Whether a region is 0 for sure (no one can ever move there): it is dropped."""
        return False

    def split(self, position: CharGrid) -> list[CharGrid]:
        """The independent parts of a board (uncached): its regions of live cells, the dead ones dropped."""
        if self._whole(position):  # every cell live: the board is its one region
            return [] if self.dead(position) else [position]
        parts = char_regions(position, self.live, self.blank, diagonal=self.diagonal)
        return [r for r in parts if not self.dead(r)]

    def _whole(self, position: CharGrid) -> bool:
        """Whether every cell of the board is live (then it is connected: one region, uncropped)."""
        cells = position[2]
        return type(position) is tuple and type(cells) is str and bool(cells) and not cells.translate(self._unlive)

    def orbit(self, region: CharGrid) -> tuple[int, int, list[str]]:
        """(rows, cols, texts): the region's images under the symmetries of the rules, its key the
        least (default: the turns and mirrors, :func:`~zermelo.games._grid.char_orbit`)."""
        return char_orbit(region, turns=self.turns)

    def components(self, position: CharGrid) -> list[CharGrid]:
        if type(position) is KeyImage:  # the compiled kernel's: one region, its own key
            return [position]
        hit = self._info.get(position)
        if hit is None:
            hit = self._analyse(position)
        return hit[1]

    def forget(self) -> None:
        """Drop the analyses of the positions met (keys and parts), with the value memos' trim
        (:data:`zermelo.analyses.canonical.VALUES_KEEP`); keys are the regions' own texts, so
        nothing kept elsewhere changes meaning."""
        self._info.clear()  # in place: the compiled options' driver shares it

    def key(self, position: CharGrid) -> Hashable:
        return self.value_key(position)

    def value_key(self, position: CharGrid) -> tuple[Hashable, bool]:
        """(key, negated): the least symmetric image, or of the colour-swapped board (negated)."""
        if type(position) is KeyImage:
            return (position, False)
        hit = self._info.get(position)
        if hit is None:
            hit = self._analyse(position)
        return hit[0]

    def keyed_options(self, region: CharGrid) -> tuple[int, list[CharGrid], list[tuple[Hashable, bool]]] | None:
        """For the value search: (the count of Left's options, the options with Left's first, their
        :meth:`value_key`) of one region, from the compiled kernel once the search has keyed
        :data:`COMPILED_AFTER` positions; before that (and for rules without a kernel) ``None``: the
        search lists the options in Python.  Both give the same keys and record the same parts."""
        fast = self._compiled
        if fast is None:
            if self.compiled_rules is None:
                return None
            seen = len(self._info)
            if seen < COMPILED_AFTER[0]:
                return None
            if self._switch is None:
                self._switch = _switch_point()  # asked once: it reads files
            if seen < self._switch and not (seen >= COMPILED_AFTER[1] and is_loaded()):  # numba loaded since
                return None
            from .chargrid_kernel import KeyedOptions

            fast = self._compiled = KeyedOptions(self.compiled_rules, self._info, self._table)
        return fast(region)

    def compiled_step(self) -> tuple[Any, int] | None:
        """For the compiled value walk (:mod:`zermelo.analyses.compiled_walk`): the kernel that
        lists a region's options from its key bytes (:func:`~zermelo.games.chargrid_kernel.region_options`)
        and the number of these rules it reads; None for rules without a kernel."""
        if self.compiled_rules is None:
            return None
        from .chargrid_kernel import RULES, region_options

        return region_options, RULES[self.compiled_rules]

    def region_bytes(self, key: Hashable) -> bytes | None:
        """The bytes of a region's memo key ``(rows, columns, cells)`` for the compiled value
        walk: its rows, its columns, its cells; None for any other key (a sum's) or a region too
        long for a byte."""
        if (type(key) is not tuple and type(key) is not KeyImage) or len(key) != 3:
            return None
        rows, cols, cells = key
        if type(rows) is not int or type(cols) is not int or type(cells) is not str or rows > 255 or cols > 255:
            return None
        return bytes((rows, cols)) + cells.encode("latin-1")

    def root_bytes(self, position: CharGrid) -> bytes | None:
        """For a value search's short way (:func:`zermelo.analyses.canonical.canonical_form`): the
        bytes the compiled walk reads (:meth:`region_bytes`) of a board that is one live region as
        it stands, not its least image (any image of a region values it; the walk keys its options
        by theirs); None for any other board (several regions, a dead one, a side past 255)."""
        rows, cols, cells = position
        if not self._whole(position) or rows > 255 or cols > 255 or self.dead(position):
            return None
        return bytes((rows, cols)) + cells.encode("latin-1")

    def _analyse(self, position: CharGrid) -> tuple[tuple[Hashable, bool], list[CharGrid]]:
        info = self._info
        if len(info) > 1_000_000:
            info.clear()
        parts = self.split(position)
        key: tuple[Hashable, bool]
        if len(parts) == 1:
            rows, cols, texts = self.orbit(parts[0])
            plain = min(texts)
            key = ((rows, cols, plain), False)
            if self.negates:
                table = self._table
                swapped = min([t.translate(table) for t in texts])
                if swapped < plain:
                    key = ((rows, cols, swapped), True)
        else:
            key = (tuple(sorted(self.value_key(p) for p in parts)), False)
        out = info[position] = (key, parts)
        return out


def _switch_point() -> int:
    """The :data:`COMPILED_AFTER` threshold for this process: what loading the kernel costs now."""
    from ..core import aot

    if aot.available(__package__ + ".chargrid_kernel"):
        return COMPILED_AFTER[0] if "numpy" in sys.modules else COMPILED_AFTER[1]
    return COMPILED_AFTER[1] if is_loaded() else COMPILED_AFTER[2]
