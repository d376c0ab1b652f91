"""Treblecross as people play it: a row of cells, both players place an X, and whoever completes
three X's in a row wins.

A position is ``(n, xs)``: ``n`` cells, and the bit mask ``xs`` of the cells that hold an X (cell 1
is bit 0).  Its text is the row itself, ``X.....X..X......``; a bare number ``n`` is a row of ``n``
empty cells.  Normal play models the rule exactly: completing three in a row ends the game (the
board then has no move), so the opponent, who cannot move, loses.

The same game counted in heaps is the octal game 0.007 (``octal:0.007``, the heap game that the
name ``treblecross`` meant before; now ``treblecrossheap``).  On a row of at least three cells with
no three in a row and no two X's within two cells of each other, an X within two cells of another
loses at once (the opponent completes three), so both players place only on the *safe* cells, at
least three cells from every X.  The safe cells form runs, and an X on a run of ``m`` safe cells
spoils it and two cells on each side: the run is the heap ``m + 2`` of 0.007 (remove 3 counters,
leaving up to two heaps), and the board is the sum of its runs.  So the outcome and every winning
cell come from the runs' Grundy values at any length (:meth:`Treblecross.outcome_formula`,
:meth:`Treblecross.winning_moves_formula`; the heaps' values are the engine's), and the tests check
both against plain search on random boards.  An empty row of ``n`` cells is the heap ``n + 2``
(but ``n = 2``: too short for three, a second X there costs nothing).  The heap game leaves out
the moves within two cells of an X, which lose at once, so the Grundy values differ.  Here the
cells are numbered as the board shows them, and the winning moves are cells.

>>> from zermelo.analyses.analysis import solve
>>> t = Treblecross()
>>> [m.label for m in solve(t, t.parse(".....")).winning_moves]
['X on cell 3']
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from functools import cache
from typing import TYPE_CHECKING, ClassVar

from ..core.checks import is_digits, parse_int
from ..core.errors import InvalidPosition
from ..core.reasons import NimSum, Why
from ..rules import Impartial, Move, Outcome, validate_by_text
from ..rules.catalogue import GameEntry, no_params, register
from ..rules.wording import notes_verdict

if TYPE_CHECKING:
    from ..analyses.analysis import Analysis
    from ..heaps.heap import HeapGame

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


def _completions(n: int, xs: int) -> list[int]:
    """The empty cells (0-based) where an X completes three in a row."""
    return [i for i in range(n) if not xs >> i & 1 and _three(n, xs | 1 << i)]


def safe_runs(n: int, xs: int) -> list[tuple[int, int]]:
    """The runs of safe cells (empty, at least three cells from every X): (first cell, length), 0-based.

    >>> safe_runs(12, 0b100000)
    [(0, 3), (8, 4)]
    """
    free = ((1 << n) - 1) & ~xs & ~_danger(n, xs)
    runs: list[tuple[int, int]] = []
    i = 0
    while i < n:
        if free >> i & 1:
            j = i
            while j < n and free >> j & 1:
                j += 1
            runs.append((i, j - i))
            i = j
        else:
            i += 1
    return runs


def _heap_values(top: int) -> list[int]:
    """The Grundy values of the heaps 0..top of the octal game 0.007, by the engine."""
    from ..search.engine import engine_for  # loaded on first use: listing the games needs no numpy

    values = engine_for(_heap_game()).grundies([(h,) for h in range(top + 1)])
    return [v for v in values if isinstance(v, int)]  # an octal game has no cycles: no ∞ value


def _sum_of_runs(n: int, xs: int) -> tuple[list[tuple[int, int]], list[int], int]:
    """The runs of safe cells, the Grundy values of 0.007's heaps up to the longest run's, and the
    nim-sum of the runs' heaps (a run of m safe cells is the heap m + 2)."""
    runs = safe_runs(n, xs)
    values = _heap_values(max((m for _, m in runs), default=0) + 2)
    total = 0
    for _, m in runs:
        total ^= values[m + 2]
    return runs, values, total


@cache
def _heap_game() -> HeapGame:
    """One rules object of 0.007, so its engine (and its values) is kept between questions."""
    from ..heaps.games import Treblecross as Heap  # loaded on first use: the registry loads this module

    return Heap()


def _settled(n: int, xs: int, misere: bool) -> bool:
    """Whether the runs' closed form answers: normal play, three cells or more, no three in a row,
    and no completion at hand (those are answered by the completing cells)."""
    return not misere and n >= 3 and not _three(n, xs)


class Treblecross(Impartial[Row]):
    """Treblecross on a row of cells: place an X on any empty cell; three in a row wins."""

    syntax = "the row from the left: X a cross, . an empty cell; or a number: that many empty cells"
    examples = ("X.....X..X......", "16")
    cell_symbols = ".X"

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
            n = parse_int(t, "treblecross: a number of empty cells", maximum=MAX_CELLS)
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

    def outcome_formula(self, row: Row, misere: bool = False) -> Outcome | None:
        """N when an X completes three; else the nim-sum of the safe runs' heaps of 0.007."""
        n, xs = row
        if not _settled(n, xs, misere):
            return None
        if _completions(n, xs):
            return Outcome.N
        total = _sum_of_runs(n, xs)[2]
        return Outcome.N if total else Outcome.P

    def winning_moves_formula(self, row: Row, misere: bool = False) -> list[Move[Row]] | None:
        """The completing cells when there are any; else the safe cells that leave the runs' nim-sum 0.

        >>> t = Treblecross()
        >>> [m.label for m in t.winning_moves_formula(t.parse("X......X......"))]
        ['X on cell 11', 'X on cell 14']
        """
        n, xs = row
        if not _settled(n, xs, misere):
            return None
        done = _completions(n, xs)
        if done:
            return [Move(f"X on cell {i + 1} (three in a row)", (n, xs | 1 << i)) for i in done]
        runs, values, total = _sum_of_runs(n, xs)
        wins: list[Move[Row]] = []
        for start, m in runs:
            rest = total ^ values[m + 2]
            for j in range(m):  # X on the run's cell j (from 0): heaps j and m - 1 - j are left (0.007)
                if values[j] ^ values[m - 1 - j] == rest:
                    i = start + j
                    wins.append(Move(f"X on cell {i + 1}", (n, xs | 1 << i)))
        return wins

    def explain(self, row: Row, analysis: Analysis) -> str | Why | None:
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
        if not _settled(n, xs, a.misere):
            return None  # the mex rule (the generic reasons) says why
        runs, values, total = _sum_of_runs(n, xs)
        parts = ", ".join(f"{m} (heap {m + 2}, *{values[m + 2]})" for _, m in runs) or "none"
        cells = ", ".join(str(c) for c in sorted((m.position[1] ^ xs).bit_length() for m in a.winning_moves))
        end = (
            f"the nim-sum is {total}, not 0: an X on cell {cells} leaves 0, {notes_verdict(a)}."
            if total and a.winning_moves_listed
            else f"the nim-sum is {total}, {notes_verdict(a)}."
        )
        return Why(
            f"{rule} So both players place only on the safe cells, three or more cells from every X, "
            f"and an X spoils its cell and two on each side: a run of m safe cells is the heap m + 2 of "
            f"the octal game 0.007 (treblecrossheap), and the row is the sum of its runs. "
            f"In {shown} the runs of safe cells are {parts}; {end}",
            (NimSum(len(runs)),),
        )


register(
    GameEntry(
        "treblecross",
        no_params(Treblecross, "treblecross"),
        "Treblecross on a row of cells: both place an X; three in a row wins (in heaps: treblecrossheap)",
        "",
        'treblecross "X.....X..X......"',
        table="{n}",
        rules=Treblecross,
    )
)
