"""Chomp (Gale 1974; the notes' exercises 1.3 and 1.8) on any Young diagram.

A position is a Young diagram given by its row lengths, top row first, non-increasing: ``(4, 4, 4)``
is the 3 × 4 rectangle, ``(4, 3, 2, 1)`` a staircase.  A move picks a square ``(i, j)`` (row ``i``,
column ``j``, from 1 at the top left) and eats it together with every square to the right of it
and below it (all ``(i', j')`` with ``i' >= i`` and ``j' >= j``).

Two conventions:

* ``chomp`` — the notes' game: the top left square is poisoned and whoever eats it loses.  We play
  it as exercise 1.3(b) suggests, in normal play without the poisoned square: it can never be
  eaten, and the player left with only the poisoned square (no move) loses.  Its Grundy values
  are the ones exercise 1.8 needs to add Chomp to a Nim heap.
* ``chomp:normal`` — every square can be eaten and whoever eats the last square wins (a rectangle
  is then a first-player win at once: eat ``(1, 1)``).  ``zermelo solve chomp:normal 3x4 --misere``
  is the poisoned game again: the last square eaten is always the top left one.

Strategy stealing (exercise 1.3(c)): every rectangle other than 1 × 1 is a first-player win in
``chomp``.  If eating the bottom right square alone lost, the opponent would have a winning reply;
but every position that reply reaches the first player could have reached directly, since the
bottom right square goes with any other move.  The tests confirm it by search rather than assume
it, and find the actual winning moves: eat ``(2, n)`` on a 2 × n rectangle, leaving rows
``(n, n − 1)``; eat ``(2, 2)`` on an n × n square, leaving an L with equal arms.

Mirroring a diagram in its diagonal (rows ↔ columns) changes nothing: :meth:`Chomp.key` merges a
diagram with its transpose.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from functools import lru_cache
from itertools import pairwise
from math import comb
from typing import TYPE_CHECKING, ClassVar

from ..core.errors import InvalidGame, InvalidPosition
from ..core.reasons import Mirror, StrategyStealing, Why
from ..rules import Impartial, Move, Outcome, Rules, is_natural, parse_int, require
from ..rules.boards import Board, grid_board
from ..rules.catalogue import GameEntry, register
from ..rules.wording import first_move, notes_verdict

if TYPE_CHECKING:
    from ..analyses.analysis import Analysis

__all__ = ["Chomp", "transpose"]

Shape = tuple[int, ...]

#: The most rows or columns of a diagram (a box of 10,000 × 10,000 has far more diagrams than any
#: budget can search).
MAX_SIDE = 10_000
#: The largest diagram (rows or columns) given a board to draw.
MAX_DRAWN = 40


def transpose(shape: Shape) -> Shape:
    """The diagram mirrored in its diagonal: column lengths become row lengths.

    >>> transpose((4, 3, 1))
    (3, 2, 2, 1)
    """
    if not shape:
        return ()
    return tuple(sum(1 for r in shape if r > j) for j in range(shape[0]))


def eat(shape: Shape, i: int, j: int) -> Shape:
    """The diagram after eating square ``(i, j)`` (1-based) and everything right of and below it.

    >>> eat((4, 4, 4), 2, 3)
    (4, 2, 2)
    """
    rows = [*shape[: i - 1], *(min(r, j - 1) for r in shape[i - 1 :])]
    return tuple(r for r in rows if r)


def arms(shape: Shape) -> tuple[int, int] | None:
    """The arms of an L (the top row and the left column, without the corner), else ``None``.

    >>> arms((4, 1, 1)), arms((3, 2))
    ((3, 2), None)
    """
    if not shape or (len(shape) > 1 and shape[1] != 1):  # rows never grow downwards: row 2 says it
        return None
    return shape[0] - 1, len(shape) - 1


def _known_wins(shape: Shape) -> list[tuple[int, int]] | None:
    """The winning squares (i, j) where a strategy settles them; ``None`` elsewhere."""
    ell = arms(shape)
    if ell is not None:
        row, col = ell
        if row > col:
            return [(1, col + 2)]
        return [(row + 2, 1)] if col > row else []
    if len(shape) == shape[0] == shape[-1] and len(shape) > 2:
        return [(2, 2)]  # an n × n square, n >= 3 (2 × 2 has two rows)
    flipped = len(shape) > 2
    if flipped and shape[0] > 2:
        return None  # more than two rows and more than two columns (not transposed to see it)
    rows = transpose(shape) if flipped else shape
    a, b = rows[0], rows[1] if len(rows) > 1 else 0
    found: list[tuple[int, int]] = []
    if a >= b + 2:
        found.append((1, b + 2))
    if a == b:
        found.append((2, a))
    return [(j, i) for i, j in found] if flipped else found


@lru_cache(maxsize=1 << 16)
def _key(shape: Shape) -> Shape:
    # A diagram and its mirror image are the same game; a diagram is met again from many parents.
    return min(shape, transpose(shape))


class Chomp(Impartial[Shape]):
    """Chomp on a Young diagram; ``poisoned=True`` (the default) is the notes' game.

    >>> from zermelo import solve
    >>> a = solve(Chomp(), (3, 3))
    >>> str(a.outcome), [m.label for m in a.winning_moves]
    ('N', ['eat (2, 3)'])
    >>> str(solve(Chomp(), (3, 2)).outcome)
    'P'
    """

    syntax = "RxC for a full bar, or the length of each row from the top (the poisoned square is the bottom left)"
    examples = ("3x4", "4 3 1")

    name: ClassVar[str] = "chomp"

    def __init__(self, poisoned: bool = True) -> None:
        self.poisoned = poisoned

    def spec(self) -> str:
        return "chomp" if self.poisoned else "chomp:normal"

    def _squares(self, shape: Shape) -> Iterator[tuple[int, int]]:
        for i, length in enumerate(shape, 1):
            for j in range(1, length + 1):
                if not (self.poisoned and i == j == 1):
                    yield i, j

    def options(self, shape: Shape) -> Iterator[Shape]:
        for i, j in self._squares(shape):
            yield eat(shape, i, j)

    def moves(self, shape: Shape) -> Iterator[Move[Shape]]:
        for i, j in self._squares(shape):
            yield Move(f"eat ({i}, {j})", eat(shape, i, j))

    def key(self, shape: Shape) -> Hashable:
        return _key(shape)

    def size_hint(self, shape: Shape) -> int:
        # Young diagrams inside a rows × columns box.
        return comb(len(shape) + (shape[0] if shape else 0), len(shape))

    def outcome_formula(self, shape: Shape, misere: bool = False) -> Outcome | None:
        """Rectangles by strategy stealing (poisoned 1 × 1 is lost, every other rectangle won), and
        every diagram of at most two rows or two columns by :meth:`winning_moves_formula`."""
        if misere or not shape:
            return None
        if not self.poisoned:
            return Outcome.N if min(shape) == max(shape) else None  # eat (1, 1)
        wins = self.winning_moves_formula(shape)
        if wins is not None:
            return Outcome.N if wins else Outcome.P
        return Outcome.N if shape[-1] == shape[0] else None  # a rectangle (rows never grow downwards)

    def winning_moves_formula(self, shape: Shape, misere: bool = False) -> list[Move[Shape]] | None:
        """Every winning move where a strategy is known (the tests check each against search):

        * two rows (a, b), b possibly 0: the P-positions are exactly a = b + 1 (from (b + 1, b)
          every move leaves a = b or a >= b + 2, and from those one move restores a = b + 1).
          Winning moves: eat (1, b + 2) if a >= b + 2; eat (2, a) if a = b.  Two columns: the same
          on the transposed diagram.
        * an L (the top row and the left column only): its two arms are two Nim heaps; equal arms
          lose, else shorten the longer arm to the shorter one's length.
        * an n × n square: eat (2, 2), the only winning move — it leaves an L with equal arms, and
          any other bite either leaves a rectangle (a win for the opponent) or keeps square (2, 2),
          which the opponent then eats.
        """
        if misere or not self.poisoned or not shape:
            return None
        found = _known_wins(shape)
        if found is None:
            return None
        return [Move(f"eat ({i}, {j})", eat(shape, i, j)) for i, j in found]

    def parse(self, text: str) -> Shape:
        t = text.strip().lower()
        words = t.replace(",", " ").split()
        if len(words) == 1 and "x" in words[0]:
            m, _, n = words[0].partition("x")
            rows, cols = parse_int(m, "chomp: the number of rows"), parse_int(n, "chomp: the number of columns")
            self._check_size((cols,) * min(rows, MAX_SIDE + 1) if cols else ())  # before building 10**20 rows
            shape: Shape = (cols,) * rows if cols else ()
        elif len(words) == 2 and words[0] in ("staircase", "stairs"):
            k = parse_int(words[1], "chomp: the staircase size")
            self._check_size((k,))
            shape = tuple(range(k, 0, -1))
        elif words == ["empty"]:
            shape = ()
        elif words:
            shape = tuple(parse_int(w, "chomp: a row length") for w in words)
            if any(a < b for a, b in pairwise(shape)):
                raise InvalidPosition(f"chomp: row lengths must not increase downwards, got {text.strip()!r}")
            shape = tuple(r for r in shape if r)
        else:
            raise InvalidPosition("chomp: give a shape like '3x4', '4 3 1' (row lengths) or 'staircase 4'")
        if self.poisoned and not shape:
            raise InvalidPosition("chomp: the diagram must keep its poisoned top left square")
        return self._check_size(shape)

    def _check_size(self, shape: Shape) -> Shape:
        # Keys transpose the diagram (a loop over its columns): 10**400 columns would hang, and
        # 10**20 rows do not even fit in a tuple.  Far bigger than any search can handle anyway.
        if len(shape) > MAX_SIDE or (shape and shape[0] > MAX_SIDE):
            raise InvalidPosition(f"chomp: at most {MAX_SIDE:,} rows and {MAX_SIDE:,} columns")
        return shape

    def validate(self, shape: Shape) -> Shape:
        ok = isinstance(shape, tuple) and all(is_natural(r) and r > 0 for r in shape)
        require(ok, "chomp", "a position is a tuple of positive row lengths, like (3, 3, 1)", shape)
        require(all(a >= b for a, b in pairwise(shape)), "chomp", "row lengths must not increase downwards", shape)
        require(bool(shape) or not self.poisoned, "chomp", "the diagram must keep its poisoned square", shape)
        return self._check_size(shape)

    def explain(self, shape: Shape, analysis: Analysis) -> str | Why | None:
        """The notes' strategies, each with its move: 2 × n (eat the corner, then restore the "one
        shorter" shape), two rows (a = b + 1 loses), an L (two Nim heaps: mirror), n × n (eat
        (2, 2), then mirror); strategy stealing on other rectangles."""
        a = analysis
        if a.misere or not self.poisoned:
            return None
        if shape == (1,):
            return f"Only the poisoned square is left and it may not be eaten: no move is possible, {notes_verdict(a)}."
        rows, cols = len(shape), shape[0]
        rectangle = min(shape) == cols
        if rectangle and min(rows, cols) == 2:
            return self._two_by_n(shape, a)
        if rectangle and rows == cols:
            n = rows
            return Why(
                f"On {_article(n)} {n} × {n} square the first player eats (2, 2): that leaves an L, "
                f"the top row and the left column, with two arms of {n - 1} squares each beside the "
                "poisoned corner. From then on she mirrors: whatever the opponent eats from one arm, "
                "she eats as much from the other, so the arms stay equal and the opponent is the one "
                "left with only the poisoned square. Every other bite loses: it leaves a rectangle or "
                f"keeps square (2, 2) for the opponent to eat, {notes_verdict(a)}. "
                "The winning move: eat (2, 2).",
                (Mirror("the bites of the two arms of the L"),),
            )
        ell = arms(shape)
        if ell is not None and min(ell) > 0:
            row, col = ell
            if row == col:
                return Why(
                    f"The diagram is an L whose two arms (the rest of the top row and of the left column) have "
                    f"{row} squares each: they are two equal Nim heaps. Whatever the player to move eats from one "
                    f"arm, the opponent eats as much from the other and keeps them equal, {notes_verdict(a)}.",
                    (Mirror("the bites of the two arms of the L"),),
                )
            return Why(
                f"The diagram is an L with arms of {row} squares (top row) and {col} (left column) beside the poisoned "
                f"corner: two Nim heaps of different sizes. Shorten the longer arm to {min(row, col)} squares; then "
                f"mirror every bite of the opponent on the other arm, {notes_verdict(a)}.{first_move(a)}",
                (Mirror("the bites of the two arms of the L"),),
            )
        narrow = transpose(shape) if rows > 2 else shape
        if len(narrow) <= 2:
            x, y = narrow[0], narrow[1] if len(narrow) > 1 else 0
            side = "rows" if narrow is shape else "columns"
            return (
                f"A diagram of two {side} of lengths a and b (here {x} and {y}) is lost for the player to move exactly "
                "when a = b + 1: every move from there leaves a = b or a >= b + 2, and from those one bite restores "
                f"a = b + 1, {notes_verdict(a)}.{first_move(a)}"
            )
        if not rectangle:
            return None
        if a.winning_moves:
            known = f"The argument does not say which move wins; the search does: {a.winning_moves[0].label}."
        else:
            known = "The argument does not say which move wins, and the winning move is not known within the budget."
        return Why(
            f"The first player wins by strategy stealing: on a rectangle larger than 1 × 1, if eating only the bottom "
            "right square lost, the opponent would have a winning answer — but the first player could have made "
            f"that answer directly, because it eats the bottom right square too. {known}",
            (StrategyStealing(),),
        )

    def _two_by_n(self, shape: Shape, a: Analysis) -> str:
        """2 × n (or n × 2): eat the corner square, leaving the "one shorter" shape; then restore it."""
        tall = len(shape) > 2
        n = len(shape) if tall else shape[0]
        corner = f"({n}, 2)" if tall else f"(2, {n})"
        line = "column" if tall else "row"
        first, second = ("left", "right") if tall else ("top", "bottom")
        return (
            f"On {'an n × 2' if tall else 'a 2 × n'} board (here n = {n}) the first player eats the corner square "
            f"{corner}: the {second} {line} becomes one shorter than the {first} one ({n} and {n - 1}). From that "
            f'"one shorter" shape every bite leaves {line}s of equal length or a {first} {line} at least two longer, '
            "and one bite restores the one-shorter shape; she keeps restoring it until the opponent is left with "
            f"only the poisoned square, {notes_verdict(a)}. The winning move: eat {corner}."
        )

    def board(self, shape: Shape) -> Board | None:
        """The squares left (``o``; the poisoned one ``P``), eaten ones ``.``, top row first."""
        width = shape[0] if shape else 0
        if len(shape) > MAX_DRAWN or width > MAX_DRAWN:
            return None
        rows = ["o" * r + "." * (width - r) for r in shape]
        if rows and self.poisoned:
            rows[0] = "P" + rows[0][1:]
        return {**grid_board(rows), "style": "squares"}

    def format(self, shape: Shape) -> str:
        if not shape:
            return "empty"
        if len(shape) > 1 and min(shape) == max(shape):
            return f"{len(shape)}x{shape[0]}"
        return " ".join(map(str, shape))


def _article(n: int) -> str:
    """``an`` before a number read with a vowel first (8, 11, 18, 80, 800), else ``a``."""
    digits = str(n)
    vowel = digits[0] == "8" or (digits[:2] in ("11", "18") and len(digits) % 3 == 2)
    return "an" if vowel else "a"


def _factory(params: str | None) -> Rules[Shape]:
    if params is None or params.strip().lower() in ("", "poisoned", "misere"):
        return Chomp(poisoned=True)
    if params.strip().lower() == "normal":
        return Chomp(poisoned=False)
    raise InvalidGame(f"chomp: the parameter is 'normal' (chomp:normal) or none, got {params!r}")


register(
    GameEntry(
        "chomp",
        _factory,
        "Chomp on a Young diagram; the top left square is poisoned (chomp:normal: it is not)",
        "none (poisoned square) or 'normal'",
        "chomp 3x4",
        table="{r}x{c}",
        rules=Chomp,
    )
)
