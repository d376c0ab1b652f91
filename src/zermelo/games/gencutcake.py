"""The cake games (CGSuite's ``GenCutcake``): Eatcake, Maundy Cake, Turn-and-Eatcake, and any
cake whose two players move by take-and-break codes.

A position is a sum of rectangular cakes ``RxC`` (R rows by C columns): ``3x4 2x2``.  Left moves on
a cake's *columns* by her take-and-break code and Right on its *rows* by his: Left replaces an
R × C cake by cakes R × c₁, R × c₂, … where the code takes a heap of C to heaps c₁, c₂, …, and
Right likewise on R.  (So Left's cuts and bites run vertically, Right's horizontally, as in
``cutcake``; this is the order of CGSuite's code, ``game.heap.Cutcake((R, C))``, whose help text
words the coordinates the other way round.)  In the *twisted* form every cake is turned a quarter
turn before the move, so a player moves on the other coordinate and leaves the pieces turned.

* ``eatcake`` — Eatcake (Bynum's game, *Winning Ways* ch. 8): Left eats one whole column, Right one
  whole row; a cake eaten in the middle falls in two (the code ``0.7`` for both).
* ``maundycake`` — Maundy Cake (*Winning Ways* ch. 2): Left cuts a cake into two or more equal
  pieces along the columns, Right along the rows (``{2+}=.0``).
* ``turneatcake`` — Turn-and-Eatcake (*Winning Ways* ch. 8): Eatcake, twisted.
* ``gencutcake:L,R`` (``gencutcake:L,R,twisted``): any two codes of CGSuite's notation (see
  ``cgtbreak``); Cutcake is ``gencutcake:4.0,4.0``.

Why the values come fast, each claim tested against plain play: the cakes are independent, and
when both players have the same code a cake turned a quarter turn is the negative game (the key
merges the two).  Maundy Cake's value of a 1 × C strip is Left's most moves to its crumbs:
she cuts by C's largest prime first, :func:`maundy_strip` (checked against search).

Small values, worked by hand: a 1 × 1 Eatcake is * (either player eats it); 1 × 2 is
``{*|0}`` = ↓ (Left's bite leaves a 1 × 1; Right eats the whole row), so 2 × 1 is ↑ and 2 × 2 is
``{↑|↓}`` = *; a 2 × 2 Maundy Cake is 0 (each player's one cut leaves two strips that only the
other can cut).

>>> from zermelo.analyses.canonical import canonical_form
>>> e, m = named_cake("eatcake"), named_cake("maundycake")
>>> [str(canonical_form(e, e.parse(t))) for t in ("1x1", "1x2", "2x2")]
['*', 'v', '*']
>>> [str(canonical_form(m, m.parse(t))) for t in ("1x2", "1x6", "2x2", "3x6")]
['1', '4', '0', '1']
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from functools import partial
from typing import ClassVar

from ..core.errors import InvalidGame
from ..heaps.heap import HeapGame, heap_tuple
from ..rules import Move, Partisan, is_natural, require
from ..rules.boards import Board, cakes_board
from ..rules.catalogue import CGSuiteName, GameEntry, cgsuite_pieces, needs_params, no_params, register
from ._cakes import move_label, move_ways
from .cutcake import parse_pieces
from .tbcode import CodeGame

__all__ = ["CAKES", "GenCutcake", "maundy_strip", "named_cake"]

Piece = tuple[int, int]
Pieces = tuple[Piece, ...]

#: The named cakes: (Left's code, Right's code, twisted, CGSuite's name, summary).
CAKES: dict[str, tuple[str, str, bool, str, str]] = {
    "eatcake": ("0.7", "0.7", False, "Eatcake", "Eatcake: Left eats a column, Right a row; a cake may fall in two"),
    "maundycake": (
        "{2+}=.0",
        "{2+}=.0",
        False,
        "MaundyCake",
        "Maundy Cake: cut a cake into equal pieces (Left along columns, Right along rows)",
    ),
    "turneatcake": (
        "0.7",
        "0.7",
        True,
        "TurnAndEatcake",
        "Turn-and-Eatcake: turn a cake a quarter turn, then eat as in Eatcake",
    ),
}


class GenCutcake(Partisan[Pieces]):
    """Cakes ``RxC``: Left moves on the columns by ``left``, Right on the rows by ``right``."""

    syntax = "cakes RxC (rows by columns), separated by spaces"
    examples = ("3x4", "2x5 1x3")

    name: ClassVar[str] = "gencutcake"

    def __init__(
        self, left: str | HeapGame, right: str | HeapGame, twisted: bool = False, *, named: str | None = None
    ) -> None:
        # A code, or any heap game (CGSuite's ``R.CakeProduct(S)``: :mod:`zermelo.games.heapproduct`).
        self._left = CodeGame(left) if isinstance(left, str) else left  # a code is checked here
        self._right = CodeGame(right) if isinstance(right, str) else right
        self.left_code, self.right_code = _code_of(left), _code_of(right)
        self.twisted, self.named = twisted, named
        self.symmetric = self.left_code == self.right_code
        self._handles = _handles(self._left, self._right, twisted)

    def spec(self) -> str:
        if self.named is not None:
            return self.named
        return f"gencutcake:{self.left_code},{self.right_code}" + (",twisted" if self.twisted else "")

    def parse(self, text: str) -> Pieces:
        if text.strip() in ("0", "."):
            return ()  # every cake eaten
        return tuple(sorted(parse_pieces(text, self.spec())))

    def validate(self, position: Pieces) -> Pieces:
        ok = isinstance(position, tuple) and all(
            isinstance(p, tuple) and len(p) == 2 and all(is_natural(x) for x in p) for p in position
        )
        require(ok, self.spec(), "a position is a tuple of cakes (rows, columns), each >= 0", position)
        return position

    def format(self, position: Pieces) -> str:
        return " ".join(f"{r}x{c}" for r, c in position) if position else "0"

    def _options(self, position: Pieces, left: bool) -> Iterator[Pieces]:
        return (
            after for i, _whole, _parts, after in self._moves(position, left) if not i or position[i - 1] != position[i]
        )

    def _moves(self, position: Pieces, left: bool) -> Iterator[tuple[int, int, tuple[int, ...], Pieces]]:
        """Each move as (the cake's index, its line moved on, the pieces' lines, the position left)."""
        code = self._left if left else self._right
        for i, piece in enumerate(position):
            rest = position[:i] + position[i + 1 :]
            rows, cols = (piece[1], piece[0]) if self.twisted else piece
            for heaps in code.heap_options(cols if left else rows):
                parts = tuple(h for h in heap_tuple(heaps) if h)  # a heap game may say "none left" as 0
                new = [(rows, h) for h in parts] if left else [(h, cols) for h in parts]
                yield i, cols if left else rows, parts, tuple(sorted((*rest, *new)))

    def board(self, position: Pieces) -> Board | None:
        """The cakes, with the handles the two codes' moves are clicked by (columns eaten ``c``,
        rows ``r``, cuts ``v`` after a column, ``h`` under a row)."""
        return {**cakes_board(position), "handles": self._handles}

    def board_clicks(self, position: Pieces, after: Pieces, side: str | None = None) -> list[list[str]] | None:
        """Every way to click the move to ``after`` (:func:`~zermelo.games._cakes.move_ways`).

        >>> e = named_cake("eatcake")
        >>> e.board_clicks(e.parse("2x3"), e.parse("2x1 2x1"))  # Left eats the middle column
        [['k1:c2']]
        """
        ways: list[list[str]] = []
        for left in (True, False) if side is None else (side == "left",):
            across = left == self.twisted  # Left's moves run on the columns, twisted on the rows
            for i, whole, parts, option in self._moves(position, left):
                if option == after:
                    ways += [w for w in move_ways(i + 1, whole, parts, across=across) if w not in ways]
        return ways

    def _eat_or_cut(self, position: Pieces, left: bool) -> Iterator[Move[Pieces]]:
        across = left == self.twisted
        for i, whole, parts, after in self._moves(position, left):
            if not i or position[i - 1] != position[i]:
                label = move_label(position[i], whole, parts, across=across)
                yield Move(label or f"to {self.format(after)}", after)

    def left_moves(self, position: Pieces) -> Iterator[Move[Pieces]]:
        """``eat column 2 of 2x3``, ``cut 2x4 into 2+2 columns``: :func:`~zermelo.games._cakes.move_label`."""
        return self._eat_or_cut(position, True)

    def right_moves(self, position: Pieces) -> Iterator[Move[Pieces]]:
        return self._eat_or_cut(position, False)

    def left_options(self, position: Pieces) -> Iterator[Pieces]:
        return self._options(position, True)

    def right_options(self, position: Pieces) -> Iterator[Pieces]:
        return self._options(position, False)

    def components(self, position: Pieces) -> list[Pieces]:
        return [(p,) for p in position]

    def key(self, position: Pieces) -> Hashable:
        return self.value_key(position)

    def value_key(self, position: Pieces) -> tuple[Hashable, bool]:
        """(key, negated): with one code for both, a cake turned a quarter turn is the negative."""
        if len(position) != 1 or not self.symmetric:
            return (position, False)
        ((r, c),) = position
        return (((r, c),), False) if r <= c else (((c, r),), True)


def _code_of(rules: str | HeapGame) -> str:
    """A code as written, a heap game by its spec (what tells Left's rules from Right's)."""
    return rules if isinstance(rules, str) else rules.spec()


def _handles(left: HeapGame, right: HeapGame, twisted: bool) -> str:
    """Which handles the drawing needs: ``c``/``r`` if a code eats, ``v``/``h`` if it cuts (looked
    at on lines of up to 12 cells), Left's on the columns (the rows when twisted)."""

    def kinds(code: HeapGame) -> tuple[bool, bool]:
        moves = [(n, h if isinstance(h, tuple) else (h,)) for n in range(1, 13) for h in code.heap_options(n)]
        return any(sum(p) < n for n, p in moves), any(sum(p) == n for n, p in moves)

    (l_eat, l_cut), (r_eat, r_cut) = kinds(left), kinds(right)
    if twisted:
        (l_eat, l_cut), (r_eat, r_cut) = (r_eat, r_cut), (l_eat, l_cut)
    return "c" * l_eat + "r" * r_eat + "v" * l_cut + "h" * r_cut


def maundy_strip(c: int) -> int:
    """Maundy Cake's value of a 1 × ``c`` strip: Left's most moves (Right has none), cutting by
    the *largest* prime p of c first — v(1) = 0, v(c) = p · v(c/p) + 1 — so with c's primes
    p₁ ≥ p₂ ≥ … it is 1 + p₁ + p₁p₂ + … (*Winning Ways* ch. 2; checked against search).

    >>> [maundy_strip(c) for c in range(1, 13)]
    [0, 1, 1, 3, 1, 4, 1, 7, 4, 6, 1, 10]
    """
    if c == 1:
        return 0
    p, rest, largest = 2, c, 1
    while rest > 1:
        while rest % p == 0:
            rest //= p
            largest = p
        p += 1
    return largest * maundy_strip(c // largest) + 1


def named_cake(name: str) -> GenCutcake:
    left, right, twisted, _cg, _summary = CAKES[name]
    return GenCutcake(left, right, twisted, named=name)


def gen_cutcake(params: str) -> GenCutcake:
    """``L,R`` or ``L,R,twisted``: two codes of CGSuite's notation (they hold no comma)."""
    words = [w.strip() for w in params.split(",")]
    twisted = len(words) == 3 and words[2].lower() == "twisted"
    if twisted:
        words.pop()
    if len(words) != 2 or not all(words):
        raise InvalidGame(f"gencutcake: give Left's and Right's codes, like gencutcake:0.7,4.0; got {params!r}")
    return GenCutcake(words[0], words[1], twisted)


#: CGSuite's codes of the heap rulesets it names (its ``game/heap/constants.cgs``), by zermelo's spec.
_CODES = {"kayles": "0.77", "dawsonkayles": "0.07", "nim": "0.[3]", "grundygame": "4!.0"}


def cgsuite_params(named: dict[str, str]) -> str:
    """CGSuite's ``GenCutcake(leftRuleset, rightRuleset, twisted ? false)`` as ``L,R[,twisted]``:
    each ruleset a take-and-break one (the evaluator hands it over as ``ruleset:SPEC``), or its code.

    >>> cgsuite_params({"leftRuleset": "ruleset:cgtbreak:{2+}=.0", "rightRuleset": "0.7", "twisted": "true"})
    '{2+}=.0,0.7,twisted'
    """
    codes = []
    for side in ("leftRuleset", "rightRuleset"):
        if side not in named:
            raise InvalidGame(f"GenCutcake: missing required parameter `{side}`")
        codes.append(_heap_code(named[side]))
    twisted = named.get("twisted", "false")
    if twisted not in ("true", "false"):
        raise InvalidGame(f"GenCutcake: `twisted` is true or false, got {twisted}")
    return ",".join(codes) + (",twisted" if twisted == "true" else "")


def _heap_code(text: str) -> str:
    """A heap ruleset's CGSuite code from its ``ruleset:SPEC`` (or a code as it is)."""
    if not text.startswith("ruleset:"):
        return text
    spec = text.removeprefix("ruleset:")
    head, _, rest = spec.partition(":")
    if head in ("cgtbreak", "tbreak", "octal") and rest:
        return rest
    if head == "subtraction" and rest:
        from .tbcode import set_code

        return set_code(rest, "GenCutcake")
    if spec in _CODES:
        return _CODES[spec]
    raise InvalidGame(f"GenCutcake: its rulesets are take-and-break ones (game.heap.TakeAndBreak(code)), not {spec}")


def _cgsuite_piece(text: str) -> str:
    """CGSuite's ``Eatcake((3,4))`` arrives as the words ``3 4``: the cake ``3x4``."""
    return "x".join(text.split()) if " " in text.strip() else text


for _name, (_l, _r, _t, _cg, _summary) in CAKES.items():
    register(
        GameEntry(
            _name,
            no_params(partial(named_cake, _name), _name),
            _summary + " (pieces RxC; partisan)",
            "",
            f"{_name} 3x4",
            rules=GenCutcake,
            cgsuite=(CGSuiteName(f"game.heap.{_cg}", text=_cgsuite_piece, shown=cgsuite_pieces),),
        )
    )
register(
    GameEntry(
        "gencutcake",
        needs_params(gen_cutcake, "gencutcake", "Left's and Right's codes", "0.7,4.0"),
        "cake games by two take-and-break codes: Left's on the columns, Right's on the rows (partisan)",
        "L,R[,twisted]: CGSuite codes for Left (columns) and Right (rows); twisted: turn the cake before moving",
        "gencutcake:0.7,4.0 2x3",
        rules=GenCutcake,
        cgsuite=(
            CGSuiteName(
                "game.heap.GenCutcake",
                family=True,
                text=_cgsuite_piece,
                shown=cgsuite_pieces,
                parameters=("leftRuleset", "rightRuleset", "twisted"),
                bind=cgsuite_params,
            ),
        ),
    )
)
