"""Subtraction games: remove a number of counters allowed by a set S.

* :class:`Subtraction` — any finite set S of positive integers (``subtraction:1,3,4``).
* :class:`AllBut` — any positive number *except* those in a finite set (``allbut:1,2``).
* :class:`Square` — subtract a positive square (the notes' Square game).
* :class:`PrimePower` — subtract 1 or a prime power p^r (the notes count 1 = p^0 as one).

The Grundy sequence of a finite subtraction game is periodic (pigeonhole on windows of max(S)
values); :mod:`zermelo.heaps` computes and proves such periods at scale.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable
from functools import cache
from math import isqrt
from typing import TYPE_CHECKING, ClassVar

from ..core.checks import is_digits
from ..core.errors import InvalidGame
from ..core.reasons import Reason
from ..rules import Move, Outcome
from ..rules.catalogue import CGSuiteName, GameEntry, needs_params, plain_entry, register
from ..rules.wording import num, verdict
from . import instant
from .heap import HeapGame, Heaps
from .period_cache import proven_period

if TYPE_CHECKING:
    import numpy as np

    from ..analyses.analysis import Analysis
    from .period_cache import ProvenPeriod

__all__ = ["AllBut", "PrimePower", "Square", "Subtraction", "parse_set", "prime_powers"]


def parse_set(text: str, game: str) -> frozenset[int]:
    """Read a subtraction set like ``1,3,4``; one-line errors for anything else.

    >>> sorted(parse_set("4, 1,3", "subtraction"))
    [1, 3, 4]
    """
    words = [w for w in text.replace(" ", "").split(",") if w]
    if not words:
        raise InvalidGame(f"{game}: give the subtraction set, like {game}:1,3,4")
    values: set[int] = set()
    for w in words:
        digits = w.lstrip("+-")
        if not is_digits(digits):
            raise InvalidGame(f"{game}: {w[:60]!r} is not a whole number (the set is like 1,3,4)")
        if len(digits) > 4000:  # int() refuses more than 4,300 digits; no game needs a tenth of that
            raise InvalidGame(f"{game}: a number of {len(digits):,} digits is too large for a subtraction set")
        v = int(w)
        if v <= 0:
            raise InvalidGame(f"{game}: the set must hold positive numbers, got {v}")
        values.add(v)
    return frozenset(values)


class _Periodic(HeapGame):
    """A heap game whose big heaps are answered from its proven period (:mod:`zermelo.heaps.instant`):
    positions with a heap of :data:`PERIOD_FROM` or more get their value, every winning move (or one,
    when there are too many to list) and a "why" citing the proof.  The period is proven once per
    game and kept on disk (:mod:`zermelo.heaps.period_cache`); the tests check it against plain
    search.  Smaller positions go to the engine."""

    def rule(self) -> str:
        """The game's rule in a few words, the "why"'s first words (``S = {1, 2, 3}``)."""
        return self.spec()

    def grundy_formula(self, position: Heaps) -> int | None:
        return instant.grundy(self, position)

    def grundy_grounds(self, position: Heaps) -> str | None:
        return instant.grounds(self, position)

    def reasons(self, position: Heaps) -> tuple[Reason, ...]:
        return instant.reasons(self, position)

    def winning_moves_formula(self, position: Heaps, misere: bool = False) -> list[Move[Heaps]] | None:
        wins = None if misere else instant.winning_moves(self, position)
        return wins.moves if wins is not None and wins.count == len(wins.moves) else None

    def some_winning_move(self, position: Heaps, misere: bool = False) -> Move[Heaps] | None:
        return None if misere else instant.some_winning_move(self, position)

    def explain(self, position: Heaps, analysis: Analysis) -> str | None:
        return instant.explain(self, position, analysis, self.rule())


class Subtraction(_Periodic):
    """Subtract a number in the finite set S.

    >>> Subtraction({1, 2, 3}).spec()
    'subtraction:1,2,3'
    """

    name: ClassVar[str] = "subtraction"

    def __init__(self, subtraction_set: Iterable[int]) -> None:
        s = sorted(set(subtraction_set))
        if not s:
            raise InvalidGame("subtraction: the subtraction set is empty")
        if s[0] <= 0:
            raise InvalidGame(f"subtraction: the set must hold positive numbers, got {s[0]}")
        self.subtraction_set: tuple[int, ...] = tuple(s)

    def heap_options(self, n: int) -> list[int]:
        return [n - k for k in self.subtraction_set if k <= n]

    def option_count(self, n: int) -> int:
        return len(self.subtraction_set)

    def spec(self) -> str:
        return f"{self.name}:{','.join(map(str, self.subtraction_set))}"

    def rule(self) -> str:
        return f"S = {{{', '.join(map(str, self.subtraction_set))}}}"

    def period(self) -> ProvenPeriod | None:
        """The proven period of the Grundy sequence (every finite subtraction game has one)."""
        return proven_period(self)


#: Positions with a heap this big take their Grundy value from the proven period
#: (:data:`zermelo.heaps.instant.FROM`).
PERIOD_FROM = 500


class AllBut(_Periodic):
    """Subtract any positive number not in the finite set S (an "all-but" subtraction game); its values
    are arithmetic-periodic, proven by :func:`zermelo.search.periodicity.allbut_proven`."""

    name: ClassVar[str] = "allbut"

    def __init__(self, excluded: Iterable[int]) -> None:
        s = sorted(set(excluded))
        if s and s[0] <= 0:
            raise InvalidGame(f"allbut: the excluded numbers must be positive, got {s[0]}")
        self.excluded: frozenset[int] = frozenset(s)

    def heap_options(self, n: int) -> list[int]:
        ex = self.excluded
        return [n - k for k in range(1, n + 1) if k not in ex]

    def spec(self) -> str:
        return f"{self.name}:{','.join(map(str, sorted(self.excluded)))}"

    def rule(self) -> str:
        return f"all but {{{', '.join(map(str, sorted(self.excluded)))}}}"


_SQUARES: list[int] = [k * k for k in range(1, 1025)]


@cache
def _squares_array() -> np.ndarray:
    import numpy as np  # only a wide search needs numpy: `zermelo games` does not load it

    return np.array(_SQUARES, dtype=np.int64)


class Square(HeapGame):
    """The Square game: subtract a positive square number.

    >>> Square().heap_options(10)
    [9, 6, 1]
    """

    name: ClassVar[str] = "square"

    def option_count(self, n: int) -> int:
        return isqrt(n)

    def heap_options(self, n: int) -> list[int]:
        r = isqrt(n)
        if r <= len(_SQUARES):
            return [n - s for s in _SQUARES[:r]]  # a table of squares: the hot loop of big searches
        return [n - k * k for k in range(1, r + 1)]

    def option_array(self, position: Heaps) -> np.ndarray | None:
        """Options of a wide heap in bulk (numpy), for the engine; ``None`` for narrow ones.

        >>> Square().option_array(10_000)[:3].tolist()
        [9999, 9996, 9991]
        """
        if type(position) is not int:
            return None
        r = isqrt(position)
        if r < 48 or r > len(_SQUARES):
            return None  # narrow: the list is cheaper; huge: beyond the table
        return position - _squares_array()[:r]


_PP: list[int] = [1]
_PP_LIMIT = 1


def prime_powers(limit: int) -> list[int]:
    """1 and every prime power p^r (r >= 1) up to ``limit``, ascending (a cached sieve).

    >>> prime_powers(20)
    [1, 2, 3, 4, 5, 7, 8, 9, 11, 13, 16, 17, 19]
    """
    global _PP, _PP_LIMIT
    if limit > _PP_LIMIT:
        top = max(limit, 2 * _PP_LIMIT, 1024)
        sieve = bytearray([1]) * (top + 1)
        sieve[0:2] = b"\x00\x00"
        for p in range(2, isqrt(top) + 1):
            if sieve[p]:
                sieve[p * p :: p] = bytes(len(range(p * p, top + 1, p)))
        found = {1}
        for p in range(2, top + 1):
            if sieve[p]:
                q = p
                while q <= top:
                    found.add(q)
                    q *= p
        _PP = sorted(found)
        _PP_LIMIT = top
    return _PP[: bisect_right(_PP, limit)]


class PrimePower(HeapGame):
    """The Prime-power game: subtract 1 or a prime power.

    No prime power is a multiple of 6, and 1, 2, 3, 4, 5 all are prime powers; so the P-positions
    are exactly the multiples of 6 (a closed form the tests check against search).
    """

    name: ClassVar[str] = "primepower"

    def heap_options(self, n: int) -> list[int]:
        return [n - q for q in prime_powers(n)]

    def outcome_formula(self, position: Heaps, misere: bool = False) -> Outcome | None:
        if misere or type(position) is not int:
            return None
        return Outcome.P if position % 6 == 0 else Outcome.N

    def some_winning_move(self, position: Heaps, misere: bool = False) -> Move[Heaps] | None:
        """Take n mod 6 (1 to 5: each a prime power or 1) to reach a multiple of 6.

        >>> PrimePower().some_winning_move(10**10).label
        'take 4 (10000000000 -> 9999999996)'
        """
        if misere or type(position) is not int or position % 6 == 0:
            return None
        q = position % 6
        return Move(f"take {q}{self.unit} ({position} -> {position - q})", position - q)  # as moves() labels it

    def winning_moves_formula(self, position: Heaps, misere: bool = False) -> list[Move[Heaps]] | None:
        """Every winning move where they are few: from n ≡ 2, 3, 4 (mod 6) the takes that reach a
        multiple of 6 are prime powers ≡ n (mod 6), so powers of 2 or of 3 — at most log2(n) of them.

        >>> [m.label for m in PrimePower().winning_moves_formula(100)]
        ['take 4 (100 -> 96)', 'take 16 (100 -> 84)', 'take 64 (100 -> 36)']
        """
        if misere or type(position) is not int:
            return None
        takes = _powers_reaching_six(position)
        if takes is None:
            return None  # n ≡ 1 or 5 (mod 6): 1 and the primes ≡ n (mod 6) and their powers — search lists them
        return [Move(f"take {q}{self.unit} ({position} -> {position - q})", position - q) for q in takes]

    def explain(self, position: Heaps, analysis: Analysis) -> str | None:
        """The notes' rule: the P-positions are the multiples of 6."""
        a = analysis
        if a.misere or type(position) is not int:
            return None
        n = position
        rule = (
            "No prime power is a multiple of 6 (its only prime is 2 or 3, never both), and 1, 2, 3, 4 and 5 are "
            "all allowed takes; so the P-positions are exactly the multiples of 6: from a multiple of 6 every move "
            "leaves a number that is not one, and from any other n, taking n mod 6 reaches one."
        )
        r = n % 6
        if r == 0:
            return f"{rule} {num(n)} ≡ 0 (mod 6), {verdict(a)}."
        which = {
            1: "1 or a prime power ≡ 1 (mod 6)",
            2: "a power of 2 that is ≡ 2 (mod 6) (2, 8, 32, …: odd powers)",
            3: "a power of 3 (3, 9, 27, …: all ≡ 3 (mod 6))",
            4: "a power of 4 (4, 16, 64, …: the prime powers ≡ 4 (mod 6))",
            5: "a prime power ≡ 5 (mod 6)",
        }[r]
        text = f"{rule} {num(n)} ≡ {r} (mod 6), {verdict(a)}: take {which} to reach a multiple of 6"
        takes = _powers_reaching_six(n)
        if takes is not None:
            count = f"{len(takes)} winning move{'s' if len(takes) != 1 else ''}"
            return f"{text}: {count}, the smallest take {r} ({num(n)} -> {num(n - r)})."
        return f"{text}, for instance take {r} ({num(n)} -> {num(n - r)})."


def _powers_reaching_six(n: int) -> list[int] | None:
    """The takes from ``n`` to a multiple of 6 when ``n`` ≡ 2, 3 or 4 (mod 6) (powers of 2 or 3),
    ascending; ``[]`` for a multiple of 6; ``None`` for n ≡ 1, 5 (mod 6), where primes count too.

    >>> _powers_reaching_six(10**10)[:3], len(_powers_reaching_six(10**10))
    ([4, 16, 64], 16)
    """
    r = n % 6
    if r == 0:
        return []
    if r in (1, 5):
        return None
    base, first = {2: (4, 2), 3: (3, 3), 4: (4, 4)}[r]
    out = []
    q = first
    while q <= n:
        out.append(q)
        q *= base
    return out


def _set_game(cls: type[Subtraction | AllBut], params: str) -> Subtraction | AllBut:
    """The game of a set; ``S;allbut`` (CGSuite's ``Subtraction(S, allbut => true)``) the all-but game."""
    text, allbut, rest = params.partition(";")
    if allbut and rest.strip() != "allbut":
        raise InvalidGame(f"{cls.name}: after the set comes only ';allbut', got {params!r}")
    kind = AllBut if allbut else cls
    return kind(parse_set(text, kind.name))


def cgsuite_params(named: dict[str, str]) -> str:
    """CGSuite's ``Subtraction(subtset, allbut ? false)``: the set, ``;allbut`` when every other take is allowed.

    >>> cgsuite_params({"subtset": "2,3,7", "allbut": "true"}), cgsuite_params({"subtset": "1,2"})
    ('2,3,7;allbut', '1,2')
    """
    if "subtset" not in named:
        raise InvalidGame("Subtraction: missing required parameter `subtset`")
    allbut = named.get("allbut", "false")
    if allbut not in ("true", "false"):
        raise InvalidGame(f"Subtraction: `allbut` is true or false, got {allbut}")
    return named["subtset"] + (";allbut" if allbut == "true" else "")


def _set_entry(
    cls: type[Subtraction | AllBut], what: str, sample: str, summary: str, example: str, cgsuite: str = ""
) -> GameEntry:
    """The entry of a game on a set S of numbers (``subtraction:1,3,4``)."""
    name = cls.name
    factory = needs_params(lambda p: _set_game(cls, p), name, what, sample)
    cg = (CGSuiteName(cgsuite, family=True, parameters=("subtset", "allbut"), bind=cgsuite_params),) if cgsuite else ()
    return GameEntry(
        name,
        factory,
        summary,
        "S: comma-separated positive numbers (S;allbut: every take but those, CGSuite's allbut => true)",
        example,
        cls,
        table="{n}",
        cgsuite=cg,
    )


register(
    _set_entry(
        Subtraction,
        "the subtraction set",
        "1,3,4",
        "subtract a number in the set S",
        "subtraction:1,3,4 21",
        "game.heap.Subtraction",
    )
)
register(
    _set_entry(AllBut, "the excluded numbers", "1,2", "subtract any positive number not in the set S", "allbut:1,2 10")
)
register(plain_entry(Square, "the Square game: subtract a positive square", "square 17"))
register(
    plain_entry(
        PrimePower, "the Prime-power game: subtract 1 or a prime power", "primepower 40", aliases=("prime-power",)
    )
)
