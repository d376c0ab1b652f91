"""Konane (Hawaiian checkers): jump an adjacent enemy stone into the empty cell beyond, capturing it.

Left plays ``x``, Right ``o``; ``.`` is empty, ``#`` no cell; rows separated by ``|`` (CGSuite's
conventions).  A move jumps one of your stones orthogonally over an adjacent enemy stone onto the
empty cell just beyond, removing the enemy stone; the same stone may go on jumping in the same
direction, and may stop after any jump (each stop is a separate move).  No move without a capture.

A board splits into regions of cells separated by ``#`` (or the edge) — a region without stones
of both colours is 0 — and the key merges the eight symmetric images and, negated, the board with
the colours swapped.  (Stones far apart on one open region may still meet: a landing cell can
touch another group, so nothing finer than ``#`` walls separates.)

Small values, worked by hand (Konane is studied in Ernst, *Playing Konane mathematically*, 1995,
and Lessons in Play): ``xo.`` is 1 (one jump for Left, none for Right); ``xo.o.`` is 1 too
(Left jumps once or twice, but moves once); in ``.xo.`` either player captures, leaving nothing:
*; ``xx|oo`` has no jump at all: 0.

>>> from zermelo.analyses.canonical import canonical_form
>>> k = Konane()
>>> [str(canonical_form(k, k.parse(t))) for t in ("xo.", ".xo.", "xo.o.", "xx|oo")]
['1', '*', '1', '0']
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar

from ..rules import Move
from ..rules.boards import cell_name
from ..rules.catalogue import CGSuiteName, GameEntry, no_params, register
from ._chargame import CharGridGame
from ._grid import CharGrid

__all__ = ["Konane"]

_DIRECTIONS = ((0, 1), (0, -1), (1, 0), (-1, 0))


class Konane(CharGridGame):
    """Konane on any board (Left: x, Right: o)."""

    syntax = "the board's rows from the top, separated by |: x Left's stone, o Right's, . empty"
    examples = (".xo.o.o.|.o......|.x......", "xo|ox")
    cell_symbols = ".xo"

    name: ClassVar[str] = "konane"
    chars: ClassVar[str] = "xo.#"
    live: ClassVar[str] = "xo."
    blank: ClassVar[str] = "#"
    aliases: ClassVar[dict[str, str]] = {"X": "x", "O": "o"}
    swap: ClassVar[dict[str, str]] = {"x": "o", "o": "x"}
    compiled_rules: ClassVar[str | None] = "konane"

    def _moves(self, position: CharGrid, me: str, you: str) -> Iterator[CharGrid]:
        for _label, option in self._jumps(position, me, you, labels=False):
            yield option

    def _jumps(self, position: CharGrid, me: str, you: str, *, labels: bool = True) -> Iterator[tuple[str, CharGrid]]:
        """Every jump as (``a1-c1``: from and to, or ``""`` without ``labels``; the option).

        A chain of jumps only meets cells ahead of it, so each next jump is read off the
        position's own text; a board is copied only for a stone that can jump.
        """
        rows, cols, cells = position
        i = cells.find(me)
        while i >= 0:
            r0, c0 = divmod(i, cols)
            for step, room in ((1, cols - 1 - c0), (-1, c0), (cols, rows - 1 - r0), (-cols, r0)):
                at = i
                new = None
                while room >= 2 and cells[at + step] == you and cells[at + 2 * step] == ".":
                    if new is None:
                        new = list(cells)
                    new[at] = new[at + step] = "."
                    at += 2 * step
                    room -= 2
                    new[at] = me
                    label = f"{cell_name(r0, c0)}-{cell_name(*divmod(at, cols))}" if labels else ""
                    yield label, (rows, cols, "".join(new))
            i = cells.find(me, i + 1)

    def left_moves(self, position: CharGrid) -> Iterator[Move[CharGrid]]:
        """``a1-c1``: the stone's cell and where its last jump lands."""
        return (Move(label, p) for label, p in self._jumps(position, "x", "o"))

    def right_moves(self, position: CharGrid) -> Iterator[Move[CharGrid]]:
        return (Move(label, p) for label, p in self._jumps(position, "o", "x"))

    def left_options(self, position: CharGrid) -> Iterator[CharGrid]:
        return self._moves(position, "x", "o")

    def right_options(self, position: CharGrid) -> Iterator[CharGrid]:
        return self._moves(position, "o", "x")

    def dead(self, region: CharGrid) -> bool:
        return "x" not in region[2] or "o" not in region[2]

    def board_clicks(self, position: CharGrid, after: CharGrid, side: str | None = None) -> list[list[str]] | None:
        """The jumping stone's cell, then where its last jump lands (the stones jumped go).

        >>> k = Konane()
        >>> k.board_clicks(k.parse("xo.o."), k.parse("....x"))
        [['a1', 'e1']]
        """
        rows, cols, before = position
        if after[:2] != (rows, cols):
            return None
        came = [i for i, (a, b) in enumerate(zip(before, after[2], strict=True)) if a == "." and b != "."]
        if len(came) != 1:
            return None
        me = after[2][came[0]]
        went = [i for i, (a, b) in enumerate(zip(before, after[2], strict=True)) if a == me and b == "."]
        if len(went) != 1:
            return None
        return [[cell_name(*divmod(went[0], cols)), cell_name(*divmod(came[0], cols))]]


register(
    GameEntry(
        "konane",
        no_params(Konane, "konane"),
        "Konane: jump an adjacent enemy stone into the empty cell beyond (x: Left, o: Right; partisan)",
        "",
        'konane ".xo.o.o.|.o......|.x......"',
        rules=Konane,
        cgsuite=(CGSuiteName("game.grid.Konane"),),
    )
)
