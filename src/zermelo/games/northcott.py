"""Northcott's game (the notes' exercise 1.6): a white and a black counter in each row of a board.

White (player I) moves a white counter, Black a black one, any number of squares along its row,
toward or away from the other counter but never onto or over it, and never off the board.  The
player who cannot move loses.

A position is ``(width, rows, white_to_move)`` with ``rows`` a tuple of ``(white column, black
column)`` pairs, columns from 0.  Text form: the rows as strings of ``.``, ``W`` and ``B`` separated
by ``|``, then ``black`` if Black is to move: ``"W...B...|..B..W.."``, ``"W..B|.BW. black"``.

Who moves which counter is decided by colour, but the game is the same for both players up to a
mirror image: :meth:`Northcott.key` describes each row from the mover's side as (squares behind
the mover's counter, the gap, squares behind the other counter), so positions merge across colours
and mirror images, and the engine treats the game as impartial.

The game can go on for ever (both players moving away), so the engine runs its retrograde pass
for cycles.  **Theorem**: the player to move wins exactly when the nim-sum of the gaps (the empty
squares between the two counters of each row) is not 0.  Moving toward is a Nim move on the gap;
moving away increases a heap, and the winner reverses it at once by moving toward by as much.
The winner only ever moves toward, so each of the winner's counters moves one way and the game
ends.  Winning moves bring one gap ``d`` to ``d ⊕ s`` (``s`` the nim-sum): toward, or away when
there is room behind the mover's counter.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from math import prod
from typing import TYPE_CHECKING, ClassVar

from ..catalogue import GameEntry, no_params, register
from ..errors import InvalidPosition
from ..rules import Impartial, Move, Outcome, is_natural, require
from ..sprague_grundy import nim_sum
from ..wording import first_move, notes_verdict, xor_text

if TYPE_CHECKING:
    from ..analysis import Analysis

__all__ = ["Northcott", "NorthcottPosition", "gaps"]

Row = tuple[int, int]
#: (board width, (white column, black column) per row, white to move)
NorthcottPosition = tuple[int, tuple[Row, ...], bool]


def gaps(position: NorthcottPosition) -> list[int]:
    """The empty squares between the counters of each row: the Nim heaps.

    >>> gaps((8, ((0, 4), (5, 2)), True))
    [3, 2]
    """
    return [abs(w - b) - 1 for w, b in position[1]]


class Northcott(Impartial[NorthcottPosition]):
    """Northcott's game.

    >>> from zermelo import solve
    >>> g = Northcott()
    >>> a = solve(g, g.parse("W..B.|.B.W."))
    >>> str(a.outcome), [m.label for m in a.winning_moves]
    ('N', ['row 1: white c1 -> c2 (toward)', 'row 2: white c4 -> c5 (away)'])
    """

    name: ClassVar[str] = "northcott"

    def moves(self, position: NorthcottPosition) -> Iterator[Move[NorthcottPosition]]:
        width, rows, white = position
        who = "white" if white else "black"
        for i, (w, b) in enumerate(rows):
            me, other = (w, b) if white else (b, w)
            lo, hi = (0, other - 1) if me < other else (other + 1, width - 1)
            for c in range(lo, hi + 1):
                if c == me:
                    continue
                toward = abs(c - other) < abs(me - other)
                row = (c, b) if white else (w, c)
                yield Move(
                    f"row {i + 1}: {who} {_col(me)} -> {_col(c)} ({'toward' if toward else 'away'})",
                    (width, (*rows[:i], row, *rows[i + 1 :]), not white),
                )

    def options(self, position: NorthcottPosition) -> Iterator[NorthcottPosition]:
        for m in self.moves(position):
            yield m.position

    def key(self, position: NorthcottPosition) -> Hashable:
        width, rows, white = position
        out = []
        for w, b in rows:
            me, other = (w, b) if white else (b, w)
            behind_me = me if me < other else width - 1 - me
            behind_other = width - 1 - other if me < other else other
            out.append((behind_me, abs(w - b) - 1, behind_other))
        return tuple(sorted(out))

    def size_hint(self, position: NorthcottPosition) -> int:
        width, rows, _ = position
        return 2 * prod(width * (width - 1) for _ in rows)

    def grundy_formula(self, position: NorthcottPosition) -> int:
        """The nim-sum of the gaps: the generalized Sprague–Grundy value is finite because every
        move away can be reversed (checked against the engine's labelling in the tests).  It is the
        value of the game seen from the mover's side; in a sum with another game the turn would
        pass without a Northcott move, which this position does not model."""
        return nim_sum(*gaps(position))

    def outcome_formula(self, position: NorthcottPosition, misere: bool = False) -> Outcome | None:
        if misere:
            return None
        return Outcome.N if nim_sum(*gaps(position)) else Outcome.P

    def winning_moves_formula(
        self, position: NorthcottPosition, misere: bool = False
    ) -> list[Move[NorthcottPosition]] | None:
        """Bring one gap ``d`` to ``d ⊕ s``: toward, or away if there is room."""
        if misere:
            return None
        s = nim_sum(*gaps(position))
        if s == 0:
            return []
        width, rows, white = position
        who = "white" if white else "black"
        found: list[Move[NorthcottPosition]] = []
        for i, (w, b) in enumerate(rows):
            me, other = (w, b) if white else (b, w)
            d = abs(w - b) - 1
            target = d ^ s
            step = 1 if me < other else -1  # the direction toward the other counter
            c = me + step * (d - target)
            if not 0 <= c < width:
                continue  # no room to move away that far
            row = (c, b) if white else (w, c)
            found.append(
                Move(
                    f"row {i + 1}: {who} {_col(me)} -> {_col(c)} ({'toward' if target < d else 'away'})",
                    (width, (*rows[:i], row, *rows[i + 1 :]), not white),
                )
            )
        return found

    def parse(self, text: str) -> NorthcottPosition:
        words = text.split()
        white = True
        if words and words[-1].lower() in ("black", "white"):
            white = words.pop().lower() == "white"
        board = "".join(words).replace("/", "|")
        rows_text = [r for r in board.split("|") if r]
        if not rows_text:
            raise InvalidPosition("northcott: give rows like 'W...B...|..B..W..' (add 'black' if Black moves)")
        width = len(rows_text[0])
        rows: list[Row] = []
        for r in rows_text:
            if len(r) != width:
                raise InvalidPosition(f"northcott: every row must have {width} squares, got {r!r}")
            up = r.upper()
            if up.count("W") != 1 or up.count("B") != 1 or set(up) - set("WB."):
                raise InvalidPosition(f"northcott: a row holds one W, one B and dots, got {r!r}")
            rows.append((up.index("W"), up.index("B")))
        return (width, tuple(rows), white)

    def validate(self, position: NorthcottPosition) -> NorthcottPosition:
        what = "a position is (width, ((white column, black column), ...), white to move)"
        ok = isinstance(position, tuple) and len(position) == 3
        require(ok and is_natural(position[0]) and isinstance(position[2], bool), "northcott", what, position)
        width, rows, _ = position
        ok = isinstance(rows, tuple) and all(
            isinstance(r, tuple) and len(r) == 2 and all(is_natural(c) and c < width for c in r) for r in rows
        )
        require(ok, "northcott", f"{what}, columns from 0 to width - 1", position)
        require(all(w != b for w, b in rows), "northcott", "two counters cannot share a square", position)
        return position

    def explain(self, position: NorthcottPosition, analysis: Analysis) -> str | None:
        """The gaps between the counters are Nim heaps."""
        a = analysis
        if a.misere:
            return None
        return (
            "The gaps between the counters are Nim heaps: moving toward the other counter is a Nim move on the gap; "
            "moving away only makes a heap bigger, and the opponent moves toward by as much to undo it, so the winner "
            f"never needs to move away and the game ends. The gaps {gaps(position)} have nim-sum "
            f"{xor_text(gaps(position))}, {notes_verdict(a)}.{first_move(a)}"
        )

    def format(self, position: NorthcottPosition) -> str:
        width, rows, white = position
        out = []
        for w, b in rows:
            cells = ["."] * width
            cells[w], cells[b] = "W", "B"
            out.append("".join(cells))
        return "|".join(out) + ("" if white else " black")


def _col(c: int) -> str:
    return f"c{c + 1}"


register(
    GameEntry(
        "northcott",
        no_params(Northcott, "northcott"),
        "Northcott's game: move your counter along its row, toward or away, no jumping",
        "",
        'northcott "W..B.|.B.W."',
    )
)
