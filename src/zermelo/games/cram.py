"""Cram — the notes' *dominos* (exercises 1.2, 1.5, 1.9): place a domino on two adjacent free squares,
horizontally or vertically; the player who cannot place one loses.

A position is a board ``(rows, columns, filled)``: ``filled`` is a bit mask with bit ``r·columns + c``
set for every square already covered or blocked.  Its text form is ``RxC`` for an empty board, or
the rows separated by ``|`` with ``.`` free and ``#`` filled: ``"...|.#.|..."``.

* Symmetries: a board is the same game after any of the 8 symmetries of the square (for a
  rectangle, turning it a quarter changes its shape, which is fine), and after cutting off filled
  border rows and columns; :meth:`Cram.key` merges all of these.
* Independent regions: free squares that are not connected (through free squares, orthogonally)
  are separate games — the notes' "contiguous fields" — so :meth:`Cram.components` splits a board
  into them and the engine XORs their values.
* Closed forms: on an empty m × n board with m and n both even the second player wins by
  point-mirroring every move through the centre (Grundy value 0); with exactly one of them odd the
  first player covers the two centre squares and then mirrors (exercise 1.2 (b), (c)).  A strip
  1 × n is Dawson's Kayles, octal 0.07 (exercise 1.5), so any board whose regions are all straight
  strips has the Grundy value ``D_{k₁} ⊕ D_{k₂} ⊕ …``.
"""

from __future__ import annotations

import re
from collections.abc import Hashable, Iterator, Sequence
from functools import cache, lru_cache
from typing import TYPE_CHECKING, ClassVar

from ..core.errors import InvalidPosition
from ..core.reasons import Mirror, Why
from ..rules import Impartial, Move, Outcome, is_natural, parse_int, validate_by_text
from ..rules.boards import Board, cell_name, grid_board, read_cells
from ..rules.catalogue import CGSuiteName, GameEntry, no_params, register
from ..rules.wording import first_move, notes_verdict, parts_text, plural
from ._grid import Grid, bad_cell, crop, mirror_key, regions
from .kayles import DawsonKayles

if TYPE_CHECKING:
    from ..analyses.analysis import Analysis

__all__ = ["Cram", "Filled"]

#: (rows, columns, mask of filled squares)
Filled = tuple[int, int, int]

_DAWSON = DawsonKayles()


@cache
def _dominos(h: int, w: int) -> tuple[tuple[int, int, int], ...]:
    """Every domino of an h × w board: (mask of its two squares, first square, second square)."""
    out = []
    for r in range(h):
        for c in range(w):
            a = r * w + c
            if c + 1 < w:
                out.append(((1 << a) | (1 << (a + 1)), a, a + 1))
            if r + 1 < h:
                out.append(((1 << a) | (1 << (a + w)), a, a + w))
    return tuple(out)


@cache
def _symmetries(h: int, w: int) -> tuple[tuple[int, int, tuple[int, ...]], ...]:
    """The 8 symmetries of an h × w board: (new rows, new columns, where each square goes)."""
    out = []
    for t in range(8):
        nh, nw = (w, h) if t & 4 else (h, w)
        perm = []
        for r in range(h):
            for c in range(w):
                rr, cc = (c, r) if t & 4 else (r, c)
                if t & 1:
                    rr = nh - 1 - rr
                if t & 2:
                    cc = nw - 1 - cc
                perm.append(rr * nw + cc)
        out.append((nh, nw, tuple(perm)))
    return tuple(out)


def _bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _permute(mask: int, perm: tuple[int, ...]) -> int:
    out = 0
    for b in _bits(mask):
        out |= 1 << perm[b]
    return out


def matchings(h: int, w: int, filled: int) -> int:
    """How many sets of disjoint dominos fit on the free squares (the empty set included).

    >>> matchings(2, 2, 0), matchings(1, 4, 0), matchings(3, 3, 0)
    (7, 5, 131)
    """
    # Sweep the squares in row-major order; the profile marks which of the next w squares are
    # already covered by a vertical domino from the row above.
    counts: dict[int, int] = {0: 1}
    for b in range(h * w):
        c = b % w
        new: dict[int, int] = {}
        for profile, n in counts.items():
            covered = profile & 1 or filled >> b & 1
            rest = profile >> 1
            # Leave the square uncovered (or it is covered/blocked already).
            new[rest] = new.get(rest, 0) + n
            if covered:
                continue
            if b + w < h * w and not filled >> (b + w) & 1:  # a vertical domino down
                key = rest | 1 << (w - 1)
                new[key] = new.get(key, 0) + n
            if c + 1 < w and not filled >> (b + 1) & 1 and not rest & 1:  # a horizontal domino right
                key = rest | 1
                new[key] = new.get(key, 0) + n
        counts = new
    return sum(counts.values())


#: Keys and regions of recently seen boards: a board is reached from many parents, and the
#: search asks for its key each time.
_CACHE = 1 << 17


def _free(h: int, w: int, filled: int) -> Grid:
    """The free squares of a board as a grid of set bits (:mod:`zermelo.games._grid`)."""
    return (h, w, ((1 << (h * w)) - 1) & ~filled)


def _filled(region: Grid) -> Filled:
    """A cropped region of free squares back as a Cram board (its other squares filled)."""
    rows, cols, free = region
    return (rows, cols, ((1 << (rows * cols)) - 1) & ~free)


@lru_cache(maxsize=_CACHE)
def _key(h: int, w: int, filled: int) -> Hashable:
    """The free squares cropped to their bounding box, least of their 8 images under the
    square's symmetries (mirrors, and with ``transpose`` the quarter turns)."""
    return mirror_key(crop(_free(h, w, filled)), transpose=True)


@lru_cache(maxsize=_CACHE)
def _components(h: int, w: int, filled: int) -> tuple[Filled, ...] | None:
    """The regions of two or more free squares, each cropped; ``None`` when there is one."""
    parts = regions(_free(h, w, filled), singles=False)  # a lone square takes no domino
    if len(parts) == 1:
        return None
    return tuple(_filled(r) for r in parts)


def _domino(a: int, b: int, w: int) -> str:
    """A domino's name as the board's edges name its squares: ``a1-a2`` (column letter, row from 1)."""
    return "-".join(cell_name(*divmod(x, w)) for x in (a, b))


class Cram(Impartial[Filled]):
    """Cram (the notes' dominos) on a board with blocked squares.

    >>> from zermelo import solve
    >>> g = Cram()
    >>> a = solve(g, g.parse("2x3"))
    >>> a.grundy, str(a.outcome)
    (1, 'N')
    >>> [g.format(m.position) for m in a.winning_moves]
    ['#..|#..', '.#.|.#.', '..#|..#']
    """

    syntax = "RxC for an empty board, or its rows from the top separated by |: . free, # covered"
    examples = ("3x3", "..#|...")
    cell_symbols = ".#"

    name: ClassVar[str] = "cram"

    def options(self, board: Filled) -> Iterator[Filled]:
        h, w, filled = board
        for mask, _, _ in _dominos(h, w):
            if not filled & mask:
                yield (h, w, filled | mask)

    def moves(self, board: Filled) -> Iterator[Move[Filled]]:
        h, w, filled = board
        for mask, a, b in _dominos(h, w):
            if not filled & mask:
                yield Move(_domino(a, b, w), (h, w, filled | mask))

    def parse_move(self, board: Filled, text: str, moves: Sequence[Move[Filled]]) -> Move[Filled] | None:
        """A domino typed by its squares: ``a1-a2`` (any order), or the notes' row and column of
        each, ``(1,1)-(2,1)`` or ``1 1 2 1``."""
        hit = read_cells(text, moves)
        if hit is not None:
            return hit
        numbers = re.fullmatch(r"[(\s]*(\d+)\s*[, ]\s*(\d+)[)\s]*[-, ]?[(\s]*(\d+)\s*[, ]\s*(\d+)\)?", text)
        if numbers is None:
            return None
        r1, c1, r2, c2 = (int(x) - 1 for x in numbers.groups())
        if min(r1, c1, r2, c2) < 0 or abs(r1 - r2) + abs(c1 - c2) != 1:
            raise InvalidPosition(f"cannot read {text!r} as a domino: two squares side by side, like a1-a2")
        return read_cells(f"{cell_name(r1, c1)}-{cell_name(r2, c2)}", moves)

    def free(self, board: Filled) -> int:
        """The mask of free squares."""
        return _free(*board)[2]

    def key(self, board: Filled) -> Hashable:
        return _key(*board)

    def components(self, board: Filled) -> Sequence[Filled] | None:
        return _components(*board)

    def size_hint(self, board: Filled) -> int:
        # Every reachable board is the start plus a set of disjoint dominos: at most the number of
        # matchings of the free squares' grid graph, counted exactly by a broken-profile sweep.
        h, w, filled = board
        if h < w:  # sweep along the longer side, with the shorter one as the profile
            nh, nw, perm = _symmetries(h, w)[4]
            h, w, filled = nh, nw, _permute(filled, perm)
        if w > 16:
            return 1 << self.free(board).bit_count()
        return matchings(h, w, filled)

    def grundy_formula(self, board: Filled) -> int | None:
        h, w, filled = board
        if not filled and h % 2 == 0 and w % 2 == 0:
            return 0
        x = 0
        for rh, rw, free in regions(_free(h, w, filled)):
            if free != (1 << (rh * rw)) - 1 or min(rh, rw) != 1:
                return None  # not a straight strip
            x ^= _DAWSON.heap_grundy(max(rh, rw))
        return x

    def outcome_formula(self, board: Filled, misere: bool = False) -> Outcome | None:
        if misere:
            return None
        h, w, filled = board
        if not filled and (h % 2 == 0 or w % 2 == 0):
            # Mirror strategy through the centre: second player if both sides are even, else first.
            return Outcome.P if h % 2 == 0 and w % 2 == 0 else Outcome.N
        g = self.grundy_formula(board)
        if g is None:
            return None
        return Outcome.P if g == 0 else Outcome.N

    def centre_domino(self, board: Filled) -> Move[Filled] | None:
        """On an empty odd × even board, the domino covering the two centre squares (the first
        player's winning move of the symmetry strategy); ``None`` on other boards.

        >>> Cram().centre_domino((7, 8, 0)).label
        'd4-e4'
        >>> Cram().centre_domino((4, 3, 0)).label
        'b2-b3'
        """
        h, w, filled = board
        if filled or not h or not w or (h % 2 == 0) == (w % 2 == 0):
            return None
        if h % 2:  # odd rows, even columns: a horizontal domino in the middle row
            a = (h // 2) * w + w // 2 - 1
            b = a + 1
        else:  # even rows, odd columns: a vertical domino in the middle column
            a = (h // 2 - 1) * w + w // 2
            b = a + w
        return Move(_domino(a, b, w), (h, w, (1 << a) | (1 << b)))

    def some_winning_move(self, board: Filled, misere: bool = False) -> Move[Filled] | None:
        """The centre domino on an empty odd × even board (then mirror through the centre)."""
        return None if misere else self.centre_domino(board)

    def winning_moves_formula(self, board: Filled, misere: bool = False) -> list[Move[Filled]] | None:
        """None of a P-position's moves wins: when the closed forms say P (an empty even × even board,
        strips of Dawson value 0), the answer needs no search of the options."""
        if misere:
            return None
        return [] if self.outcome_formula(board) is Outcome.P else None

    def validate(self, position: Filled) -> Filled:
        """A position given from Python must be what ``parse`` makes of its text: legal and well formed.

        A board without squares (``(0, 0, 0)``, ``(2, 0, 0)``: what a move can leave) has no text
        form of its own, and is a position too.
        """
        ints = isinstance(position, tuple) and len(position) == 3 and all(is_natural(x) for x in position)
        if ints and position[0] * position[1] == 0 and position[2] == 0:
            return position
        return validate_by_text(self, position)

    def parse(self, text: str) -> Filled:
        t = "".join(text.split()).lower()
        if "x" in t and "|" not in t and "." not in t:
            m, _, n = t.partition("x")
            h, w = parse_int(m, "cram: the number of rows"), parse_int(n, "cram: the number of columns")
            if not h or not w:
                raise InvalidPosition(f"cram: a board has at least one row and one column, got {text.strip()!r}")
            if h * w > 400:
                raise InvalidPosition(f"cram: a board of {h}x{w} is too large (at most 400 squares)")
            return (h, w, 0)
        rows = [r for r in t.replace("/", "|").split("|")]
        if not t or not rows[0]:
            raise InvalidPosition(f"cram: give a board like '3x4' or rows like '...|.#.|...', got {text.strip()!r}")
        for r, row in enumerate(rows):
            if len(row) != len(rows[0]):
                raise InvalidPosition(
                    f"cram: rows must have equal lengths: row {r + 1} has {plural(len(row), 'square')}, row 1 has"
                    f" {len(rows[0])}, in {text.strip()!r}"
                )
        w = len(rows[0])
        filled = 0
        for r, row in enumerate(rows):
            for c, ch in enumerate(row):
                if ch == "#":
                    filled |= 1 << (r * w + c)
                elif ch != ".":
                    raise bad_cell("cram", rows, r, c, ".#")
        return (len(rows), w, filled)

    def explain(self, board: Filled, analysis: Analysis) -> str | Why | None:
        """Mirror play on even × even boards, independent regions, and straight strips (Dawson's Kayles)."""
        a = analysis
        h, w, filled = board
        parts = self.components(board)
        centre = None if a.misere else self.centre_domino(board)
        if centre is not None and a.outcome is Outcome.N:
            long = "row" if h % 2 else "column"
            return Why(
                f"On an empty {h} × {w} board (one side odd, one even) the first player places the centre domino, "
                f"{centre.label} (the middle {long}'s two centre squares), and then copies every domino of the "
                "opponent point-mirrored through the centre: the mirror image of a free place is always free, so "
                f"the first player always has a move and the opponent runs out first, {notes_verdict(a)}.",
                (Mirror("point-mirrored through the centre, after the centre domino"),),
            )
        if a.misere or not isinstance(a.grundy, int) or not h or not w:
            return None
        if not filled and h % 2 == 0 and w % 2 == 0:
            return Why(
                f"On an empty {h} × {w} board with both sides even the second player copies every domino "
                f"point-mirrored through the centre, {notes_verdict(a)}.",
                (Mirror("point-mirrored through the centre"),),
            )
        if parts:
            values = [int(v) for v in (a.grundy_of(self, p) for p in parts) if isinstance(v, int)]
            if len(values) == len(parts):
                return (
                    f"The free squares form {parts_text(values, 'region', 'separate regions, independent games')}, "
                    f"{notes_verdict(a)}.{first_move(a)}"
                )
        cells = self.free(board).bit_count()
        if self.grundy_formula(board) is not None and parts is None and cells >= 2:
            return (
                f"The free squares form one straight strip of {cells}: the notes' 1 × n dominos, which is Dawson's "
                "Kayles (octal 0.07). A domino leaves two strips of a and b squares with a + b = n − 2, so "
                f"D_n = mex{{D_a ⊕ D_b}}; here D_{cells} = {a.grundy}, {notes_verdict(a)}.{first_move(a)}"
            )
        return None

    def board(self, board: Filled) -> Board | None:
        """The grid: ``#`` a square under a domino, ``.`` a free one (boards up to 40 × 40)."""
        h, w, filled = board
        if h > 40 or w > 40:
            return None
        return grid_board("".join("#" if filled >> (r * w + c) & 1 else "." for c in range(w)) for r in range(h))

    def format(self, board: Filled) -> str:
        h, w, filled = board
        if h == 0 or w == 0 or not filled:
            return f"{h}x{w}"
        return "|".join("".join("#" if filled >> (r * w + c) & 1 else "." for c in range(w)) for r in range(h))


register(
    GameEntry(
        "cram",
        no_params(Cram, "cram"),
        "Cram, the notes' dominos: place a domino on two free adjacent squares",
        "",
        "cram 3x3",
        table="{r}x{c}",
        aliases=("dominos",),
        cgsuite=(CGSuiteName("game.grid.Cram"),),
        rules=Cram,
    )
)
