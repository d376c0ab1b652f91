"""Treblecross as people play it: a row of cells, both players place an X, and whoever completes
three X's in a row wins.

A position is ``(n, xs)``: ``n`` cells, and the bit mask ``xs`` of the cells that hold an X (cell 1
is bit 0).  Its text is the row itself, ``X.....X..X......``; a bare number ``n`` is a row of ``n``
empty cells.  Normal play models the rule exactly: completing three in a row ends the game (the
board then has no move), so the opponent, who cannot move, loses.

The same game counted in heaps is the octal game 0.007 (``octal:0.007``, the heap game that the
name ``treblecross`` meant before; now ``treblecrossheap``): an empty row of ``n`` cells has the
outcome of the heap ``n + 2`` — the tests check every row up to 14 cells but 2 (too short for
three: a second X there costs nothing).  The heap game leaves out the moves within two cells of
an X, which lose at once, so the Grundy values differ.  Here the cells are numbered as the board
shows them, and the winning moves are cells.

>>> from zermelo.analysis import solve
>>> t = Treblecross()
>>> [m.label for m in solve(t, t.parse(".....")).winning_moves]
['X on cell 3']
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from typing import TYPE_CHECKING, ClassVar

from ..catalogue import GameEntry, no_params, register
from ..checks import is_digits
from ..errors import InvalidPosition
from ..rules import Impartial, Move, Outcome, validate_by_text
from ..wording import notes_verdict

if TYPE_CHECKING:
    from ..analysis import Analysis

__all__ = ["Treblecross"]

Row = tuple[int, int]

#: The longest row read (2^n positions lie below an empty one; the budget refuses big ones first).
MAX_CELLS = 200


def _three(n: int, xs: int) -> bool:
    """Whether three X's stand in a row somewhere."""
    return bool(xs & (xs >> 1) & (xs >> 2))


def _reverse(n: int, xs: int) -> int:
    return int(format(xs, f"0{n}b")[::-1], 2) if n else 0


def _danger(n: int, xs: int) -> int:
    """The empty cells within two cells of an X: an X there lets the opponent complete three."""
    full = (1 << n) - 1
    near = (xs << 1) | (xs << 2) | (xs >> 1) | (xs >> 2)
    return near & full & ~xs


class Treblecross(Impartial[Row]):
    """Treblecross on a row of cells: place an X on any empty cell; three in a row wins."""

    name: ClassVar[str] = "treblecross"

    def options(self, row: Row) -> Iterator[Row]:
        n, xs = row
        if _three(n, xs):
            return
        for i in range(n):
            if not xs >> i & 1:
                yield (n, xs | 1 << i)

    def moves(self, row: Row) -> Iterator[Move[Row]]:
        n, xs = row
        if _three(n, xs):
            return
        for i in range(n):
            if not xs >> i & 1:
                new = xs | 1 << i
                wins = " (three in a row)" if _three(n, new) else ""
                yield Move(f"X on cell {i + 1}{wins}", (n, new))

    def key(self, row: Row) -> Hashable:
        n, xs = row
        return (n, min(xs, _reverse(n, xs)))  # a row read backwards is the same game

    def size_hint(self, row: Row) -> int:
        n, xs = row
        return 1 << (n - xs.bit_count())

    def parse(self, text: str) -> Row:
        t = "".join(text.split())
        if is_digits(t):
            n = int(t)
            if n > MAX_CELLS:
                raise InvalidPosition(f"treblecross: at most {MAX_CELLS} cells, got {n}")
            return (n, 0)
        if not t or any(c not in "xX." for c in t):
            raise InvalidPosition(
                "treblecross: a row is cells '.' (empty) and 'X', like 'X.....X..X', or a number of empty cells;"
                f" got {text.strip()!r}"
            )
        if len(t) > MAX_CELLS:
            raise InvalidPosition(f"treblecross: at most {MAX_CELLS} cells, got {len(t)}")
        xs = sum(1 << i for i, c in enumerate(t) if c in "xX")
        return (len(t), xs)

    def format(self, row: Row) -> str:
        n, xs = row
        return "".join("X" if xs >> i & 1 else "." for i in range(n))

    def validate(self, row: Row) -> Row:
        return validate_by_text(self, row)

    def explain(self, row: Row, analysis: Analysis) -> str | None:
        """Three in a row at once; otherwise the dangerous cells, and the centre of an empty row."""
        a = analysis
        n, xs = row
        if a.misere:
            return None
        shown = f"'{self.format(row)}'"
        if _three(n, xs):
            return f"The row {shown} already holds three X's in a row: the game is over, {notes_verdict(a)}."
        finish = next((m for m in a.winning_moves if "three in a row" in m.label), None)
        if finish is not None:
            return f"{finish.label[: finish.label.index(' (')]} completes three in a row, {notes_verdict(a)} at once."
        danger = _danger(n, xs)
        free = ((1 << n) - 1) & ~xs
        rule = (
            "An X next to another X, or one cell away from it, lets the opponent complete three in a row at "
            "once; so neither player puts an X within two cells of another while a safe cell is left."
        )
        if free and free & ~danger == 0:
            return f"{rule} In {shown} every empty cell is within two cells of an X, {notes_verdict(a)}."
        if (
            not xs
            and n % 2
            and a.outcome is Outcome.N
            and any(m.position == (n, 1 << (n // 2)) for m in a.winning_moves)
        ):
            return (
                f"{rule} On an empty row of {n} cells the first player puts an X on the centre cell {n // 2 + 1} "
                f"and then answers every X with its mirror image: the mirror cell is always safe when the "
                f"opponent's was, so the opponent runs out of safe cells first, {notes_verdict(a)}."
            )
        return None  # the mex rule (the generic reasons) says why


register(
    GameEntry(
        "treblecross",
        no_params(Treblecross, "treblecross"),
        "Treblecross on a row of cells: both place an X; three in a row wins (in heaps: treblecrossheap)",
        "",
        'treblecross "X.....X..X......"',
        table="{n}",
    )
)
