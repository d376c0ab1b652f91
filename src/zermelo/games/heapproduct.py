"""Products and joins of two heap rulesets, by CGSuite's names (its ``HeapRuleset`` methods;
*Winning Ways* ch. 14): ``R.AcrosticProduct(S)``, ``R.DirectProduct(S)``, ``R.CakeProduct(S)``
and ``R.PartizanJoin(S)``, for any two heap games R and S (Nim, Kayles, a subtraction game, a
take-and-break or spawning code, …).

**Rules.**  A position of a product is a sum of pairs ``m n`` (written ``3 5, 2 4``; CGSuite's
coordinates ``(3,5)``): a heap of R beside a heap of S, played together.

* ``acrostic:R/S`` — the *acrostic product*: a move is a move of R on m *or* a move of S on n;
  a move of R taking m to heaps a₁, a₂, … takes the pair (m, n) to the pairs (a₁, n) + (a₂, n) + …
  (and likewise on n).  *Winning Ways* ch. 14 plays Motley × Ruler so ("Strip and Streak");
  no general solution is known.
* ``directproduct:R/S`` — the *direct product* (the heap form of a product of two coin-turning
  games, *Winning Ways* ch. 14's tartans): a move is a move of R on m *and* one of S on n
  together; with R's a₁, … and S's b₁, … the pair (m, n) becomes Σ(aᵢ, n) + Σ(m, bⱼ) + Σ(aᵢ, bⱼ).
* ``cakeproduct:R/S`` (``cakeproduct:R/S/twisted``) — the partizan *cake product*: Left moves on
  n by R, Right on m by S (CGSuite's ``GenCutcake(R, S)``, played on cakes ``m x n``; Cutcake is
  the product of ``4.0`` with itself); twisted, the cake turns a quarter turn before each move.
* ``partizanjoin:R/S`` — on plain heaps: Left moves as in R, Right as in S (CGSuite's
  ``PartizanHeapRuleset(R, S)``; Partizan Subtraction is the join of two subtraction games).

R and S are written as zermelo's game specs (``kayles``, ``subtraction:1,2``, ``spawning:1+C``,
``cgtbreak:0.07``), apart by a ``/``: ``acrostic:spawning:1+/spawning:1+C``.

**Why the values come fast, and the closed form.**  The pairs of a sum are independent: the engine
values each pair once.  The direct product obeys the *Tartan theorem* (*Winning Ways* ch. 14):
if R(m) has nim value a and S(n) has b, the pair (m, n) has the nim product a ⊗ b, checked
against search in tests/test_heapproduct.py (the engine searches; the theorem is the "why").

Small values, worked by hand for Nim × Nim (``acrostic:nim/nim``): a move that empties either heap
takes the whole pair away, so (1, 1) moves only to 0 and is *1; (2, 2) moves to (1, 2) = *2, to
(2, 1) = *2 and to 0, so it is *1.  In general (m, n) is *(((m − 1) ⊕ (n − 1)) + 1) for m, n ≥ 1:
its options are those of the Nim pair (m − 1, n − 1) each one higher, and 0 (by induction; the tests
check it against search).  The direct product of Nim with itself at (2, 3) is 2 ⊗ 3 = 1.

>>> from zermelo.analyses.analysis import grundy
>>> a, d = heap_product("acrostic", "nim/nim"), heap_product("directproduct", "nim/nim")
>>> [grundy(a, a.parse(t)) for t in ("1 1", "2 2", "3 5")], grundy(d, d.parse("2 3"))
([1, 1, 7], 1)
"""

from __future__ import annotations

import re
from collections.abc import Hashable, Iterator
from functools import partial
from typing import TYPE_CHECKING, ClassVar

from ..core.checks import parse_int
from ..core.errors import InvalidGame, InvalidPosition
from ..core.nimber import nim_multiply
from ..heaps.heap import HeapGame, heap_tuple
from ..rules import Impartial, Move, is_natural, require
from ..rules.boards import Board, pairs_board
from ..rules.catalogue import GameEntry, needs_params, register
from .gencutcake import GenCutcake
from .partizanheap import PartizanHeap

if TYPE_CHECKING:
    from ..analyses.analysis import Analysis

__all__ = [
    "HeapJoin",
    "HeapProduct",
    "cake_product",
    "heap_join",
    "heap_operands",
    "heap_product",
    "pair_args",
    "partizan_join",
    "tartan",
]

Pair = tuple[int, int]
Pairs = tuple[Pair, ...]

#: The largest number of a pair (a heap of R or S).
MOST = 10_000

#: The two impartial products: (zermelo's name, CGSuite's method, what a move is).
KINDS = {
    "acrostic": ("AcrosticProduct", "a move of R on m or one of S on n"),
    "directproduct": ("DirectProduct", "a move of R on m and one of S on n together"),
}


def parts(game: HeapGame, n: int) -> Iterator[tuple[int, ...]]:
    """What a heap of ``n`` may become in ``game``: each option as its nonempty heaps."""
    for option in game.heap_options(n) if n else ():
        yield tuple(h for h in heap_tuple(option) if h)


class HeapProduct(Impartial[Pairs]):
    """The acrostic or direct product of two heap games (see the module docstring)."""

    syntax = "pairs m n (a heap of R, then one of S), apart by commas: 3 5, 2 4"
    examples = ("3 5", "2 4, 1 3")

    name: ClassVar[str] = "acrostic"

    def __init__(self, kind: str, first: HeapGame, second: HeapGame, *, spec: str | None = None) -> None:
        if kind not in KINDS:
            raise InvalidGame(f"a product of heap rulesets is one of {', '.join(KINDS)}, not {kind!r}")
        self.kind, self.first, self.second = kind, first, second
        self._spec = spec if spec is not None else f"{kind}:{first.spec()}/{second.spec()}"

    def spec(self) -> str:
        return self._spec

    def parse(self, text: str) -> Pairs:
        return read_pairs(text, self._spec)

    def validate(self, position: Pairs) -> Pairs:
        ok = isinstance(position, tuple) and all(
            isinstance(x, tuple) and len(x) == 2 and all(is_natural(v) and v <= MOST for v in x) for x in position
        )
        require(ok, self._spec, f"a position is a tuple of pairs (m, n) of whole numbers up to {MOST:,}", position)
        return position

    def format(self, position: Pairs) -> str:
        return ", ".join(f"{m} {n}" for m, n in position) if position else "0"

    def options(self, position: Pairs) -> list[Pairs]:
        out: list[Pairs] = []
        for i, (m, n) in enumerate(position):
            if i and position[i - 1] == (m, n):
                continue  # equal pairs give the same options
            rest = position[:i] + position[i + 1 :]
            for new in self.pair_options(m, n):
                out.append(tuple(sorted(rest + new)))
        return out

    def pair_options(self, m: int, n: int) -> Iterator[Pairs]:
        """The pairs that one pair (m, n) may become, CGSuite's order (R's moves first)."""
        return (new for _ms, _ns, new in self.changes(m, n))

    def changes(self, m: int, n: int) -> Iterator[tuple[tuple[int, ...] | None, tuple[int, ...] | None, Pairs]]:
        """Each move of one pair: what R's heap m becomes (None: not moved), what S's heap n
        becomes, and the pairs left (CGSuite's order: R's moves first)."""
        if self.kind == "acrostic":
            for ms in parts(self.first, m):
                yield ms, None, tuple((a, n) for a in ms)
            for ns in parts(self.second, n):
                yield None, ns, tuple((m, b) for b in ns)
            return
        second = list(parts(self.second, n))
        for ms in parts(self.first, m):
            for ns in second:
                left = tuple((a, n) for a in ms) + tuple((m, b) for b in ns) + tuple((a, b) for a in ms for b in ns)
                yield ms, ns, left

    def moves(self, position: Pairs) -> Iterator[Move[Pairs]]:
        """``3 5: 3 -> 1 + 2``, ``3 5: 5 -> 4``, ``2 3: 2 -> 1 and 3 -> 2`` (the direct product's
        two heaps at once); a heap taken whole goes ``-> 0``.  Two moves to one position are one
        move (the first said): emptying either heap of a pair of the acrostic product takes it away."""
        seen: set[Pairs] = set()
        for i, (m, n) in enumerate(position):
            if i and position[i - 1] == (m, n):
                continue
            rest = position[:i] + position[i + 1 :]
            for ms, ns, new in self.changes(m, n):
                after = tuple(sorted(rest + new))
                if after in seen:
                    continue
                seen.add(after)
                said = [f"{h} -> {' + '.join(map(str, hs)) or 0}" for h, hs in ((m, ms), (n, ns)) if hs is not None]
                yield Move(f"{m} {n}: {' and '.join(said)}", after)

    def board_clicks(self, position: Pairs, after: Pairs, side: str | None = None) -> list[list[str]] | None:
        """A move that leaves one heap (or none) of each heap it moves is clicked on the drawn
        pair: on a heap's row, the counter it keeps up to (``h1:2``: m's row of pair 1 keeps 2); the
        direct product's move by both of its clicks.  A heap split in several is chosen from the
        list of moves.

        >>> g = heap_product("directproduct", "nim/nim")
        >>> g.board_clicks(((2, 3),), ((1, 2), (1, 3), (2, 2))), g.board_clicks(((2, 3),), ((2, 1),))
        ([['h1:1', 'h2:2']], [['h1:0', 'h2:1']])
        """
        ways: list[list[str]] = []
        for i, (m, n) in enumerate(position):
            rest = position[:i] + position[i + 1 :]
            for ms, ns, new in self.changes(m, n):
                if tuple(sorted(rest + new)) != after:
                    continue
                way = [f"h{2 * i + k}:{hs[0] if hs else 0}" for k, hs in ((1, ms), (2, ns)) if hs is not None]
                if all(hs is None or len(hs) <= 1 for hs in (ms, ns)) and way not in ways:
                    ways.append(way)
        return ways

    def components(self, position: Pairs) -> list[Pairs]:
        return [(p,) for p in position]

    def key(self, position: Pairs) -> Hashable:
        return position

    def board(self, position: Pairs) -> Board:
        """Each pair as two rows of counters, m over n."""
        return pairs_board(position)

    def explain(self, position: Pairs, analysis: Analysis) -> str | None:
        """The direct product's Tartan theorem; the acrostic product's sum of pairs."""
        method, move = KINDS[self.kind]
        head = f"The {method[:-7].lower()} product of {self.first.spec()} and {self.second.spec()}: {move}."
        if analysis.misere:
            return None
        if self.kind == "directproduct" and isinstance(analysis.grundy, int):
            return (
                f"{head} By the Tartan theorem (Winning Ways ch. 14) a pair (m, n) is worth the nim product"
                f" of R(m)'s and S(n)'s nim values; the sum's nim value is {analysis.grundy}."
            )
        return f"{head} The pairs are played apart: the nim value is the nim sum of each pair's."


class HeapJoin(HeapGame):
    """CGSuite's ``R.Join(S)``: a heap of n may become what it becomes in R or in S."""

    name: ClassVar[str] = "join"
    breaks: ClassVar[bool] = True
    many_options = True

    def __init__(self, first: HeapGame, second: HeapGame) -> None:
        self.first, self.second = first, second

    def spec(self) -> str:
        return f"{self.name}:{self.first.spec()}/{self.second.spec()}"

    def heap_options(self, n: int) -> Iterator[int | tuple[int, ...]]:
        yield from self.first.heap_options(n)
        yield from self.second.heap_options(n)

    def option_count(self, n: int) -> int:
        return self.first.option_count(n) + self.second.option_count(n)


def heap_join(params: str) -> HeapJoin:
    """``R/S``: the join of two heap games by their specs."""
    first, second = (heap_game(s, "join") for s in heap_operands(params, "join", "subtraction:1/subtraction:3"))
    return HeapJoin(first, second)


def tartan(a: int, b: int) -> int:
    """The Tartan theorem's value of a pair of the direct product, from its heaps' nim values a, b.

    >>> [tartan(2, b) for b in range(5)]
    [0, 2, 3, 1, 8]
    """
    return nim_multiply(a, b)


def acrostic_nim(m: int, n: int) -> int:
    """The nim value of the pair (m, n) in the acrostic product of Nim with itself (see above).

    >>> [acrostic_nim(2, n) for n in range(6)]
    [2, 2, 1, 4, 3, 6]
    """
    if not m or not n:
        return m or n
    return ((m - 1) ^ (n - 1)) + 1


def read_pairs(text: str, spec: str) -> Pairs:
    """Pairs ``m n`` apart by commas or ``+`` (``(3,5)`` too); ``0`` is no pair at all."""
    words = [w for w in re.split(r"[\s,()+]+", text) if w]
    if words == ["0"]:
        return ()
    if not words or len(words) % 2:
        raise InvalidPosition(
            f"{spec}: give pairs m n of whole numbers, like '3 5' or '3 5, 2 4'; got {text.strip()!r}"
        )
    nums = [parse_int(w, "a heap size") for w in words]
    if any(v > MOST for v in nums):
        raise InvalidPosition(f"{spec}: a pair's numbers go up to {MOST:,}")
    return tuple(sorted(zip(nums[::2], nums[1::2], strict=True)))


def pair_args(text: str) -> list[str]:
    """A ``shown`` for pairs: each pair a summand at CGSuite's coordinates ``(m,n)``.

    >>> pair_args("3 5, 2 4"), pair_args("0")
    (['(3,5)', '(2,4)'], [])
    """
    return [f"({p.strip().replace(' ', ',')})" for p in text.split(",") if p.strip() and p.strip() != "0"]


def heap_operands(params: str, name: str, example: str, most: int = 2) -> list[str]:
    """The specs of R and S (and what follows) from ``R/S``."""
    words = [w.strip() for w in params.split("/")]
    if not 2 <= len(words) <= most or not all(words):
        raise InvalidGame(f"{name}: give two heap rulesets apart by '/', like {name}:{example}; got {params!r}")
    return words


def heap_game(spec: str, name: str) -> HeapGame:
    """The heap game of a spec (``kayles``, ``spawning:1+C``); refused if it is not one."""
    from .registry import make_game

    game = make_game(spec)
    if not isinstance(game, HeapGame):
        raise InvalidGame(f"{name}: {spec} is not a game on heaps (its products take heap rulesets)")
    return game


def heap_product(kind: str, params: str) -> HeapProduct:
    """``R/S``: the product of two heap games by their specs."""
    first, second = (heap_game(s, kind) for s in heap_operands(params, kind, "spawning:1+/spawning:1+C"))
    return HeapProduct(kind, first, second)


def cake_product(params: str) -> GenCutcake:
    """``R/S`` or ``R/S/twisted``: CGSuite's ``R.CakeProduct(S, twisted)``, cakes played by R and S."""
    words = heap_operands(params, "cakeproduct", "nim/kayles", most=3)
    twisted = len(words) == 3
    if twisted and words[2].lower() != "twisted":
        raise InvalidGame(f"cakeproduct: the third part is 'twisted', got {words[2]!r}")
    left, right = (heap_game(s, "cakeproduct") for s in words[:2])
    return GenCutcake(left, right, twisted, named=f"cakeproduct:{params}")


def partizan_join(params: str) -> PartizanHeap:
    """``R/S``: CGSuite's ``R.PartizanJoin(S)``, Left moving on heaps as in R, Right as in S."""
    left, right = (heap_game(s, "partizanjoin") for s in heap_operands(params, "partizanjoin", "kayles/nim"))
    return PartizanHeap(left, right, spec=f"partizanjoin:{params}")


for _kind, (_method, _move) in KINDS.items():
    register(
        GameEntry(
            _kind,
            needs_params(partial(heap_product, _kind), _kind, "two heap rulesets R/S", "spawning:1+/spawning:1+C"),
            f"the {_method[:-7].lower()} product of two heap games R and S on pairs m n: {_move}",
            "R/S: two heap games by their specs (kayles, subtraction:1,2, spawning:1+C, cgtbreak:0.07)",
            # small examples: the web's tests type every move of every example (directproduct 6 7
            # searched for minutes: its spawning moves make wide positions)
            _kind + (":spawning:1+/spawning:1+C 3 4" if _kind == "acrostic" else ":spawning:3E/spawning:4FS 3 4"),
            rules=HeapProduct,
        )
    )
register(
    GameEntry(
        "cakeproduct",
        needs_params(cake_product, "cakeproduct", "two heap rulesets R/S", "nim/kayles"),
        "the cake product of two heap games on cakes RxC: Left moves on the columns by R, Right on the rows by S"
        " (partisan)",
        "R/S[/twisted]: two heap games by their specs; twisted: turn the cake before each move",
        "cakeproduct:nim/kayles 3x4",
        rules=GenCutcake,
    )
)
register(
    GameEntry(
        "partizanjoin",
        needs_params(partizan_join, "partizanjoin", "two heap rulesets R/S", "kayles/nim"),
        "the partizan join of two heap games: Left moves on a heap as in R, Right as in S (partisan)",
        "R/S: two heap games by their specs (kayles, subtraction:1,2, spawning:1+C, cgtbreak:0.07)",
        "partizanjoin:kayles/nim 7",
        rules=PartizanHeap,
    )
)
register(
    GameEntry(
        "join",
        needs_params(heap_join, "join", "two heap rulesets R/S", "subtraction:1/subtraction:3"),
        "the join of two heap games: a move on a heap is a move of R or one of S (CGSuite's R.Join(S))",
        "R/S: two heap games by their specs (kayles, subtraction:1,2, spawning:1+C, cgtbreak:0.07)",
        "join:subtraction:1/subtraction:3 9",
        table="{n}",
        rules=HeapJoin,
    )
)
