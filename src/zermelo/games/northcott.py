"""Northcott's game (the notes' exercise 1.6): a white and a black counter in each row of a board.

White (player I) moves a white counter, Black a black one, any number of squares along its row,
toward or away from the other counter but never onto or over it, and never off the board.  The
player who cannot move loses.

A position is ``(width, rows, white_to_move)`` with ``rows`` a tuple of ``(white column, black
column)`` pairs, columns from 0.  Text form: the rows as strings of ``.``, ``W`` and ``B`` separated
by ``|``, then ``black`` if Black is to move: ``"W...B...|..B..W.."``, ``"W..B|.BW. black"``.
Moves are named as the notes name them on their chess-like board: ``white e8 -> c8 (toward)`` —
columns ``a``, ``b``, … from the left, rows numbered from the bottom (the last row of the text
is row 1, the first row of an 8-row board is row 8).

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

from ..core.errors import InvalidPosition
from ..core.sprague_grundy import nim_sum
from ..rules import Impartial, Move, Outcome, is_natural, require
from ..rules.catalogue import GameEntry, no_params, register
from ..rules.wording import first_move, notes_verdict, xor_text

if TYPE_CHECKING:
    from ..analyses.analysis import Analysis

__all__ = ["Northcott", "NorthcottPosition", "column_name", "gaps", "square"]

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
    ('N', ['white a2 -> b2 (toward)', 'white d1 -> e1 (away)'])
    """

    syntax = "the rows from the top, separated by |: W White's piece (Left's), B Black's, . empty"
    examples = ("W..B.|.B.W.", "W...B")
    cell_symbols = ".WB"

    name: ClassVar[str] = "northcott"
    loopy: ClassVar[bool] = True  # positions may repeat (zermelo check allows cycles)

    def moves(self, position: NorthcottPosition) -> Iterator[Move[NorthcottPosition]]:
        width, rows, white = position
        for i, (w, b) in enumerate(rows):
            me, other = (w, b) if white else (b, w)
            lo, hi = (0, other - 1) if me < other else (other + 1, width - 1)
            for c in range(lo, hi + 1):
                if c == me:
                    continue
                row = (c, b) if white else (w, c)
                yield Move(_label(position, i, c), (width, (*rows[:i], row, *rows[i + 1 :]), not white))

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
            found.append(Move(_label(position, i, c), (width, (*rows[:i], row, *rows[i + 1 :]), not white)))
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
        for i, r in enumerate(rows_text):
            if len(r) != width:
                raise InvalidPosition(
                    f"northcott: every row must have {width} squares, row {i + 1} has {len(r)}: {r!r}"
                )
            up = r.upper()
            for c, ch in enumerate(up):
                if ch not in "WB.":
                    raise InvalidPosition(
                        f"northcott: unexpected {r[c]!r} at row {i + 1}, column {c + 1} (use W, B or .)"
                    )
            if up.count("W") != 1 or up.count("B") != 1:
                raise InvalidPosition(f"northcott: row {i + 1} must hold one W, one B and dots, got {r!r}")
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
        """The gaps between the counters are Nim heaps; the move named is a Nim move (toward)."""
        a = analysis
        if a.misere:
            return None
        g = gaps(position)
        n = len(g)
        # The notes' chessboard numbers rows from the bottom; every other board of zermelo from the top
        # (docs/games.md, "Naming cells"), so the answer says which way it counts.
        rows = (
            f"row {n}, the only one"
            if n == 1
            else f"rows {n} down to 1, numbered from the bottom as on the notes' chessboard: "
            f"row {n} is the first line of the text"
        )
        head = (
            "The gaps between the two counters of each row are Nim heaps: moving toward the other counter is a Nim "
            "move on the gap. Moving away only makes a gap bigger, and the opponent can move toward by as much to "
            "undo it, so the winner never has to move away and the game ends. "
            f"The gaps ({rows}) are {', '.join(map(str, g))}, with nim-sum {xor_text(g)}, {notes_verdict(a)}."
        )
        if not a.winning_moves:
            return head
        s = nim_sum(*g)
        toward = [m for m in a.winning_moves if m.label.endswith("(toward)")]
        if not toward:
            return head + first_move(a)
        m = toward[0]
        i = next(k for k, (old, new) in enumerate(zip(position[1], m.position[1], strict=True)) if old != new)
        d = g[i]
        text = f"{head} A winning move: {m.label}, a Nim move on row {n - i}'s gap, {d} -> {d ^ s} ({d} ⊕ {s})."
        away = [x for x in a.winning_moves if x.label.endswith("(away)")]
        if away:
            fastest = a.winning_moves[0] in away and a.winning_remoteness and a.winning_remoteness[0] is not None
            which = (
                "The fastest win here moves away"
                if fastest
                else ("A move away wins as well" if len(away) == 1 else f"{len(away)} moves away win as well")
            )
            text += (
                f" {which} ({away[0].label}{', …' if len(away) > 1 and not fastest else ''}): it brings a gap to the "
                f"same value d ⊕ {s}, so it also leaves nim-sum 0 — allowed, never needed."
            )
        return text

    def format(self, position: NorthcottPosition) -> str:
        width, rows, white = position
        out = []
        for w, b in rows:
            cells = ["."] * width
            cells[w], cells[b] = "W", "B"
            out.append("".join(cells))
        return "|".join(out) + ("" if white else " black")


def column_name(c: int) -> str:
    """The notes' name of column ``c`` (from 0): ``a``, ``b``, …, ``z``, then ``aa``, ``ab``, …

    >>> column_name(0), column_name(7), column_name(26)
    ('a', 'h', 'aa')
    """
    name = ""
    c += 1
    while c:
        c, r = divmod(c - 1, 26)
        name = chr(ord("a") + r) + name
    return name


def square(position: NorthcottPosition, row: int, col: int) -> str:
    """The notes' name of a square, as on their chess-like board: the column's letter, then the row's
    number counted from the bottom (the last row of the text is row 1).

    >>> square((8, ((0, 4), (5, 2)), True), 0, 4)
    'e2'
    """
    return f"{column_name(col)}{len(position[1]) - row}"


def _label(position: NorthcottPosition, i: int, c: int) -> str:
    """``white e8 -> c8 (toward)``: the counter of row ``i`` (from the top) moved to column ``c``."""
    _, rows, white = position
    w, b = rows[i]
    me, other = (w, b) if white else (b, w)
    toward = abs(c - other) < abs(me - other)
    who = "white" if white else "black"
    return f"{who} {square(position, i, me)} -> {square(position, i, c)} ({'toward' if toward else 'away'})"


register(
    GameEntry(
        "northcott",
        no_params(Northcott, "northcott"),
        "Northcott's game: move your counter along its row, toward or away, no jumping",
        "",
        'northcott "W..B.|.B.W."',
        rules=Northcott,
    )
)
