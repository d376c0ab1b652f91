"""Canonical short partisan games: values ``{L | R}``, interned, with cached operations.

Every short game equals exactly one game in *canonical form* — no dominated and no reversible
options (Conway, *On Numbers and Games*; Siegel, *Combinatorial Game Theory*, II.2).  A
:class:`Game` here is always canonical, and each canonical game exists once (interning, weak),
so equality of values is identity and every operation is cached (bounded: :mod:`zermelo.core.cache`).

Numbers are stored as dyadic rationals and never expanded into option trees unless an option is
asked for; comparisons with numbers use *number avoidance* (a winning move in a sum of a number
and a non-number is never in the number), so the integer 1000 costs no more than 0.

>>> from zermelo.values import parse_value
>>> up, star = parse_value("^"), parse_value("*")
>>> (up + star).outcome, (up + up + star).outcome
(<Outcome.N: 'N'>, <Outcome.L: 'L'>)
>>> print(parse_value("{2|-1/2}").mean, parse_value("{2|-1/2}").temperature)
3/4 5/4

Operations recurse over options; their depth is bounded by the birthdays of the non-number
games involved (numbers and nimbers are compared and added without recursion).
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Iterable
from fractions import Fraction
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from ..core import cache
from ..core.cache import Ids, intern_weakly, memo_filled, memo_full, memo_table, trim_memos
from ..core.dyadic import simplest_pair
from ..core.limits import deep
from ..core.sprague_grundy import mex
from ..rules import Outcome
from .built_on import BUILT_ON, BuiltOn
from .domination import bypass, undominated
from .folds import birthday, fold_values, stops

if TYPE_CHECKING:
    from .thermograph import Thermograph

__all__ = [
    "BUILT_ON",
    "BuiltOn",
    "Game",
    "canonical_row",
    "count_work",
    "deep",
    "dyadic",
    "fold_values",
    "game",
    "integer",
    "number",
    "repair_interrupted",
    "star",
    "total",
    "work_done",
    "zero",
]


class Game:
    """A short partisan game in canonical form.  Build with :func:`game`, :func:`number`, :func:`star`.

    Do not construct directly: every value is interned, so ``a == b`` is ``a is b``.
    ``num`` is the value as a :class:`~fractions.Fraction` when the game is a number, else
    ``None``; ``nim`` is n when the game is the nimber *n (0 for zero), else ``None``.
    """

    __slots__ = ("_L", "_R", "__weakref__", "_d", "_ls", "_n", "_neg", "_rs", "id", "nim", "num")

    def __init__(self, ident: int, left: tuple[Game, ...] | None, right: tuple[Game, ...] | None) -> None:
        self.id = ident
        self._L = left
        self._R = right
        self.num: Fraction | None = None
        self.nim: int | None = None
        self._neg: Game | None = None
        # A number's numerator and denominator as ints: compared by cross-multiplying, which
        # is much cheaper than Fraction comparisons (this is the hot path of small values).
        self._n = 0
        self._d = 1
        # The left and right stops, as number games (a number is its own stops): they settle
        # most comparisons without looking at an option (see :func:`le`).
        self._ls: Game = self
        self._rs: Game = self

    # ------------------------------------------------------------------ options
    @property
    def left(self) -> tuple[Game, ...]:
        """Left's options, in canonical form (a number's are computed on demand)."""
        if self._L is None:
            self._number_options()
        assert self._L is not None
        return self._L

    @property
    def right(self) -> tuple[Game, ...]:
        """Right's options, in canonical form."""
        if self._R is None:
            self._number_options()
        assert self._R is not None
        return self._R

    def _number_options(self) -> None:
        x = self.num
        assert x is not None
        if x.denominator == 1:
            self._L = (number(x - 1),) if x > 0 else ()
            self._R = (number(x + 1),) if x < 0 else ()
        else:
            step = Fraction(1, x.denominator)
            self._L, self._R = (number(x - step),), (number(x + step),)

    # ------------------------------------------------------------------ kinds
    @property
    def is_number(self) -> bool:
        """Whether the game is a (dyadic rational) number."""
        return self.num is not None

    @property
    def is_integer(self) -> bool:
        """Whether the game is an integer."""
        return self.num is not None and self.num.denominator == 1

    @property
    def is_nimber(self) -> bool:
        """Whether the game is a nimber *n (0 included)."""
        return self.nim is not None

    # ------------------------------------------------------------------ arithmetic
    def __add__(self, other: Game) -> Game:
        return add(self, other)

    def __neg__(self) -> Game:
        return neg(self)

    def __sub__(self, other: Game) -> Game:
        return add(self, neg(other))

    def __pos__(self) -> Game:
        return self

    def __le__(self, other: Game) -> bool:
        return le(self, other)

    def __ge__(self, other: Game) -> bool:
        return le(other, self)

    def __lt__(self, other: Game) -> bool:
        return self is not other and le(self, other)

    def __gt__(self, other: Game) -> bool:
        return self is not other and le(other, self)

    def fuzzy(self, other: Game) -> bool:
        """``G || H``: confused with (incomparable to) ``other``."""
        return not le(self, other) and not le(other, self)

    def __hash__(self) -> int:
        return self.id

    def __eq__(self, other: object) -> bool:
        return self is other

    def __reduce__(self) -> tuple[Any, ...]:
        return (BUILT_ON.parse_value, (str(self),))

    # ------------------------------------------------------------------ analyses
    @property
    def outcome(self) -> Outcome:
        """Outcome class: L (G > 0), R (G < 0), P (G = 0, second player wins) or N (G || 0)."""
        z = ZERO
        if self is z:
            return Outcome.P
        ge0, le0 = le(z, self), le(self, z)
        if ge0:
            return Outcome.L
        if le0:
            return Outcome.R
        return Outcome.N

    @property
    def left_stop(self) -> Fraction:
        """Where play ends when Left starts and both play well, ignoring the tempo (a number)."""
        return stops(self)[0]

    @property
    def right_stop(self) -> Fraction:
        """The stop when Right starts."""
        return stops(self)[1]

    @property
    def thermograph(self) -> Thermograph:
        """The exact thermograph (walls and mast), see :mod:`zermelo.values.thermograph`."""
        return BUILT_ON.thermograph(self)

    @property
    def mean(self) -> Fraction:
        """The mean value (the mast of the thermograph)."""
        return self.thermograph.mast

    @property
    def temperature(self) -> Fraction:
        """The temperature; CGSuite's convention: -1 for an integer, -1/2^k for m/2^k."""
        return self.thermograph.temperature

    @property
    def birthday(self) -> int:
        """The day the game is born: 0 for 0, 1 + the latest-born option otherwise."""
        return birthday(self)

    @property
    def reduced(self) -> Game:
        """The reduced canonical form: the simplest game equal to this one up to an infinitesimal."""
        return BUILT_ON.reduced_canonical_form(self)

    def cool(self, t: Fraction | int) -> Game:
        """The game cooled by the number ``t`` ≥ 0 (see :func:`zermelo.values.thermograph.cool`)."""
        return BUILT_ON.cool(self, Fraction(t))

    def __str__(self) -> str:
        return BUILT_ON.format_value(self)

    def __repr__(self) -> str:
        return f"Game({str(self)!r})"

    def _repr_pretty_(self, p: Any, cycle: bool) -> None:  # IPython
        p.text(str(self))


# ---------------------------------------------------------------------- interning
# Held weakly (intern_weakly): numbers by (numerator, denominator), other forms by options' ids.
_NUMBERS: dict[tuple[int, int], Any] = {}
_FORMS: dict[tuple[tuple[int, ...], tuple[int, ...]], Any] = {}
_NIMBERS: dict[int, Game] = {}
_IDS = Ids()
_LE: dict[int, bool] = memo_table("values: comparisons")
_ADD: dict[int, Game] = memo_table("values: sums")
#: Canonical forms of raw forms {L | R} by their options' ids (a Konane search meets 100,000
#: positions and 40,000 distinct raw forms).
_RAW: dict[tuple[frozenset[int], frozenset[int]], weakref.ref[Game]] = memo_table("values: raw forms")
_ID = attrgetter("id")
_SHIFT = 40  # ids fit in 40 bits: a pair (a, b) is one int key, cheaper than a tuple


def _new(left: tuple[Game, ...] | None, right: tuple[Game, ...] | None) -> Game:
    return Game(_IDS.new(), left, right)


def number(x: Fraction | int) -> Game:
    """The number ``x`` (a dyadic rational) as a game.

    >>> print(number(Fraction(-3, 4)), number(2).left)
    -3/4 (Game('1'),)
    """
    if type(x) is not Fraction:
        x = Fraction(x)
    return _number(x.numerator, x.denominator)


def _number(n: int, d: int) -> Game:
    """The number n/d (in lowest terms, d a power of two), interned by the pair."""
    # Keyed by (numerator, denominator): hashing a Fraction costs a modular inverse.
    ref = _NUMBERS.get((n, d))
    g = None if ref is None else ref()
    if g is None:
        if d & (d - 1):
            raise ValueError(f"{n}/{d} is not a dyadic rational")
        g = intern_weakly(_NUMBERS, (n, d), _new(None, None))
        g.num = Fraction(n) if d == 1 else Fraction(n, d)
        g._n, g._d = n, d
        if n == 0:
            g.nim = 0
            g._L = g._R = ()
    return g


def integer(n: int) -> Game:
    """The integer ``n``."""
    return number(Fraction(n))


ZERO = number(0)


def zero() -> Game:
    """The game 0 = { | }."""
    return ZERO


def star(n: int = 1) -> Game:
    """The nimber *n = {0, *, …, *(n-1) | 0, *, …, *(n-1)}.

    >>> print(star(), star(3), star(0))
    * *3 0
    """
    if n < 0:
        raise ValueError("nimbers are *n with n >= 0")
    g = _NIMBERS.get(n)
    if g is not None:
        return g
    if n == 0:
        return ZERO
    # Build *1 … *n bottom-up: each is canonical as written, so it is interned directly.
    k = max(i for i in (*_NIMBERS, 0) if i < n)
    while k < n:
        k += 1
        opts = tuple(star(i) for i in range(k))
        g = _intern(opts, opts)
        g.nim = k
        _NIMBERS[k] = g
    return _NIMBERS[n]


def _intern(left: tuple[Game, ...], right: tuple[Game, ...]) -> Game:
    """The interned game with these options, which must already be canonical and non-numeric."""
    left = tuple(sorted(left, key=_ID))
    right = tuple(sorted(right, key=_ID))
    k = (tuple(map(_ID, left)), tuple(map(_ID, right)))
    ref = _FORMS.get(k)
    g = None if ref is None else ref()
    if g is None:
        g = _new(left, right)
        g._ls, g._rs = max(o._rs for o in left), min(o._ls for o in right)  # numbers: compared exactly
        intern_weakly(_FORMS, k, g)
    return g


def canonical_row(left: tuple[Game, ...], right: tuple[Game, ...]) -> Game:
    """``{left | right}`` for a form known to be canonical, neither a number nor a nimber, of
    canonical options (a row of :mod:`zermelo.values.compiled_forms`): interned as it is, not
    simplified again."""
    return _intern(left, right)


def dyadic(n: int, e: int) -> Game:
    """The number n / 2^e given in lowest terms (n odd, or e = 0), as the compiled forms keep numbers."""
    return _number(n, 1 << e)


# ---------------------------------------------------------------------- comparison
def le(g: Game, h: Game) -> bool:
    """``G ≤ H``: Left, moving second in H − G, wins.

    G ≤ H unless some G^L ≥ H or some H^R ≤ G.  The stops settle most comparisons first:
    G < H when the left stop of G is below the right stop of H (then H − G has a positive
    right stop), and G ≤ H needs both stops of G at most those of H (Siegel, *Combinatorial
    Game Theory*, II.6).  By number avoidance, when exactly one of the two is a number only
    the other one's options need looking at.
    """
    if g is h:
        return True
    gn, hn = g.num, h.num
    if gn is not None and hn is not None:
        return g._n * h._d <= h._n * g._d
    a, b = g._ls, h._rs
    if a._n * b._d < b._n * a._d:
        return True
    c = h._ls
    if a._n * c._d > c._n * a._d:
        return False
    c = g._rs
    if c._n * b._d > b._n * c._d:
        return False
    if g.nim is not None and h.nim is not None:
        return False  # distinct nimbers are confused
    k = (g.id << _SHIFT) | h.id
    r = _LE.get(k)
    if r is not None:
        return r
    r = True
    if gn is None:
        for gl in g._L:  # type: ignore[union-attr]
            if le(h, gl):
                r = False
                break
    if r and hn is None:
        for hr in h._R:  # type: ignore[union-attr]
            if le(hr, g):
                r = False
                break
    if len(_LE) >= cache.MEMO_LIMIT:  # emptied within a computation: it is only read by .get
        memo_full("values: comparisons")
    _LE[k] = r
    return r


# ---------------------------------------------------------------------- canonical form
def game(left: Iterable[Game], right: Iterable[Game]) -> Game:
    """The canonical form of ``{left | right}``: dominated options removed, reversible bypassed.

    >>> print(game([ZERO], [ZERO]), game([ZERO], []), game([star()], [star()]), game([ZERO], [star()]))
    * 1 0 ^
    """
    L, R = list(left), list(right)
    k = (frozenset(map(_ID, L)), frozenset(map(_ID, R)))  # the form depends on these sets only
    ref = _RAW.get(k)
    r = None if ref is None else ref()
    if r is None:
        if len(_RAW) >= cache.MEMO_LIMIT:
            memo_full("values: raw forms")
        r = _canonical(L, R, same=k[0] == k[1])
        _RAW[k] = weakref.ref(r)  # weakly, as the interning: a value nothing else holds goes
    return r


def _canonical(left: list[Game], right: list[Game], *, same: bool) -> Game:
    """:func:`game` computed (``same``: both players have the same options)."""
    L = list({g.id: g for g in left}.values())
    R = list({g.id: g for g in right}.values())
    # Numbers only: {a | b} is a number when a < b, else a switch of its best options.
    numeric, lo, hi = _number_bounds(L, R)
    if numeric:
        if lo is None or hi is None or lo._n * hi._d < hi._n * lo._d:
            return _number(*simplest_pair(_pair(lo), _pair(hi)))
        if lo is hi is ZERO:
            return star(1)
        return _intern((lo,), (hi,))
    # Impartial: the same nimbers on both sides make *mex.
    if same and all(g.nim is not None for g in L):
        return star(mex(g.nim for g in L if g.nim is not None))
    L = undominated(L, le, left_side=True)
    R = undominated(R, le, left_side=False)
    while True:
        changed = False
        newL = bypass(L, L, R, le, left_side=True)
        if newL is not None:
            L, changed = undominated(newL, le, left_side=True), True
        newR = bypass(R, L, R, le, left_side=False)
        if newR is not None:
            R, changed = undominated(newR, le, left_side=False), True
        if not changed:
            break
    numeric, lo, hi = _number_bounds(L, R)
    if numeric and (lo is None or hi is None or lo._n * hi._d < hi._n * lo._d):
        return _number(*simplest_pair(_pair(lo), _pair(hi)))
    if len(L) == len(R) and all(g.nim is not None for g in L) and set(map(_ID, L)) == set(map(_ID, R)):
        return star(len(L))  # canonical nimber options are exactly 0 … *(n-1)
    return _intern(tuple(L), tuple(R))


def _number_bounds(L: list[Game], R: list[Game]) -> tuple[bool, Game | None, Game | None]:
    """(whether every option is a number, Left's best number, Right's best number)."""
    lo = hi = None
    for g in L:
        if g.num is None:
            return False, None, None
        if lo is None or g._n * lo._d > lo._n * g._d:
            lo = g
    for g in R:
        if g.num is None:
            return False, None, None
        if hi is None or g._n * hi._d < hi._n * g._d:
            hi = g
    return True, lo, hi


def _pair(g: Game | None) -> tuple[int, int] | None:
    return None if g is None else (g._n, g._d)


# ---------------------------------------------------------------------- sum and negation
def neg(g: Game) -> Game:
    """−G = {−G^R | −G^L}; the negative of a canonical game is canonical."""
    n = g._neg
    if n is not None:
        return n
    if g.num is not None:
        n = _number(-g._n, g._d)
    elif g.nim is not None:
        n = g
    else:
        n = _intern(tuple(neg(r) for r in g.right), tuple(neg(x) for x in g.left))
    g._neg = n
    n._neg = g
    return n


def add(g: Game, h: Game) -> Game:
    """G + H = {G^L + H, G + H^L | G^R + H, G + H^R}, in canonical form.

    Numbers add as numbers, nimbers by XOR; a number x translates a non-number H:
    x + H = {x + H^L | x + H^R} (number avoidance).
    """
    gn, hn = g.num, h.num
    if gn is not None and hn is not None:
        return _add_numbers(g, h)
    if g is ZERO:
        return h
    if h is ZERO:
        return g
    if g.nim is not None and h.nim is not None:
        return star(g.nim ^ h.nim)
    if g.id > h.id:
        g, h = h, g
        gn, hn = hn, gn
    k = (g.id << _SHIFT) | h.id
    r = _ADD.get(k)
    if r is not None:
        return r
    if gn is not None:
        r = game([add(g, x) for x in h.left], [add(g, x) for x in h.right])
    elif hn is not None:
        r = game([add(x, h) for x in g.left], [add(x, h) for x in g.right])
    else:
        r = game(
            [*(add(x, h) for x in g.left), *(add(g, x) for x in h.left)],
            [*(add(x, h) for x in g.right), *(add(g, x) for x in h.right)],
        )
    if len(_ADD) >= cache.MEMO_LIMIT:
        memo_full("values: sums")
    _ADD[k] = r
    return r


def _add_numbers(g: Game, h: Game) -> Game:
    """The sum of two numbers, in integers: m/2^a + n/2^b over the larger denominator, reduced."""
    if g._d < h._d:
        g, h = h, g
    d = g._d
    n = g._n + h._n * (d // h._d)
    if n == 0:
        return ZERO
    shift = min((n & -n).bit_length(), d.bit_length()) - 1  # common factors of two
    return _number(n >> shift, d >> shift)


#: A sum of many games computed elsewhere, or None there: the compiled forms put theirs here once a
#: process has them (:func:`zermelo.values.compiled_forms.compiled_total`), so a warm process adds in
#: compiled code what a fresh one adds here; this module imports nothing of them.
TOTAL_HOOK: list[Callable[[list[Game]], Game | None]] = []
#: Sums of at least this many games that are neither numbers nor nimbers go to :data:`TOTAL_HOOK`.
HOOK_FROM = 3


def total(games: Iterable[Game]) -> Game:
    """The sum of many games, added smallest-first so partial sums stay small.

    >>> print(total([star(), star(2), number(Fraction(1, 2))]))
    1/2*3
    """
    parts = sorted(games, key=lambda x: (x.num is None, x.nim is None, x.id))
    if TOTAL_HOOK and sum(1 for g in parts if g.num is None and g.nim is None) >= HOOK_FROM:
        got = TOTAL_HOOK[0](parts)
        if got is not None:
            return got
    acc = ZERO
    for g in parts:
        acc = add(acc, g)
    return acc


# ---------------------------------------------------------------------- the caches
def reset_caches() -> None:
    """Forget every memo of the value core (values stay interned): for benchmarks of cold runs."""
    trim_memos(limit=0)


_OTHER_WORK = [0]  # work of the arithmetic built on these values that keeps no cache here (loopy games)


def count_work(n: int) -> None:
    """Count ``n`` steps of value arithmetic that this module's caches do not hold (loopy games' graphs)."""
    _OTHER_WORK[0] += n


def work_done() -> int:
    """Values built, sums and comparisons computed and steps of :func:`count_work`: only grows."""
    return _IDS.count + memo_filled("values: comparisons") + memo_filled("values: sums") + _OTHER_WORK[0]


def repair_interrupted() -> None:
    """Forget a number an interrupt may have caught half-built (interned, its fields not yet set).

    Every other cache stores a result only once it is complete, so an interrupted computation
    leaves nothing wrong behind (:mod:`zermelo.values.budget` calls this after stopping it).
    """
    numbers = _NUMBERS.copy()  # a snapshot: a number that dies meanwhile leaves _NUMBERS
    for k in [k for k, ref in numbers.items() if (g := ref()) is not None and (g.num is None or (g._n, g._d) != k)]:
        _NUMBERS.pop(k, None)
