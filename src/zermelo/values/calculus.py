"""Heating, overheating, Norton and Conway multiplication, incentives, freezing of canonical short games.

The operations of temperature theory beyond cooling (Winning Ways, ch. 6 "The heat of battle";
Siegel, *Combinatorial Game Theory* (2013), ch. II.5–II.6), ported from CGSuite's
``CanonicalShortGameOps`` (``heat``, ``overheat``, ``nortonMultiply``, ``incentives``) and
``CanonicalShortGame.freeze`` (aaron-siegel/cgsuite, lib/core/src/main/scala/org/cgsuite/core/).

* ``heat(G, t)``, ∫^t G: a number is unchanged, otherwise {∫^t G^L + t | ∫^t G^R − t}.
* ``overheat(G, s, t)``, ∫_s^t G: an integer n becomes n.s (n copies of s), otherwise
  {∫_s^t G^L + t | ∫_s^t G^R − t}.
* ``norton_multiply(G, U)``, G.U: an integer n is n copies of U (of −U when n < 0), otherwise
  {G^L.U + U + Δ | G^R.U − (U + Δ)} with Δ ranging over the incentives of U.
* ``conway_multiply(G, H)``: Conway's product (ONAG ch. 1), nim-multiplication on nimbers.
* ``power(G, x)``, ``power_to(G, x)``: G^x and G^→x for G = {0 | H} and dyadic x (CGSuite's
  ``Pow``, ``PowTo``: ↑^3 = {0 | ↓^→2 *}, ↑^→3 = {0|*||*|||*}), by ordinal sums.
* ``left_incentives``, ``right_incentives``, ``incentives``: G^L − G, G − G^R (undominated ones).
* ``freeze(G)``: G cooled by its own temperature; ``is_infinitesimal``, ``is_numberish``.

Heating, overheating and the two multiplications depend on the *form* of G (and of s, t, U), not
only on the value: like CGSuite, these functions use canonical forms throughout.

>>> from zermelo.values import parse_value
>>> g = parse_value("{3||2*|1*}")
>>> print(heat(parse_value("*"), 1), heat(g, 1), heat(g, Fraction(-3, 4)), heat(g, parse_value("*")))
±1 {4|||3|1||0|-2} 9/4* {3*||2|1}
>>> up = parse_value("^")
>>> print(norton_multiply(6, up), norton_multiply(Fraction(1, 2), up), norton_multiply(up, up))
^6 {^^*|v*} {^^*||0|v4}
>>> print(overheat(Fraction(7, 16), 0, 0), freeze(g), *incentives(g))
{^|*||*} 9/4* {2*|1*||0}
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable
from fractions import Fraction
from typing import Any

from ..core.cache import memo_table
from ..core.limits import deep
from ..core.nimber import nim_multiply
from ..core.traversal import fold
from .game import Game, add, game, le, neg, number, star
from .ordinal import ordinal_sum
from .thermograph import cool

__all__ = [
    "conway_multiply",
    "freeze",
    "heat",
    "incentives",
    "is_infinitesimal",
    "is_numberish",
    "left_incentives",
    "norton_multiply",
    "overheat",
    "power",
    "power_to",
    "right_incentives",
]

Scalar = Game | Fraction | int


def _as_game(x: Scalar) -> Game:
    """A game from a Game, an int or a dyadic Fraction; anything else is a ValueError (no floats)."""
    if isinstance(x, Game):
        return x
    if isinstance(x, int | Fraction):
        return number(x)
    raise ValueError(f"expected a game, an int or a dyadic Fraction, not {x!r}")


def _transform(
    g: Game,
    leaf: Callable[[Game], Game | None],
    left_tax: Game,
    right_tax: Game,
    memo: dict[Hashable, Any],
) -> Game:
    """{f(G^L) + left_tax | f(G^R) + right_tax} bottom-up over canonical options, ``leaf`` ending it.

    Iterative (the engine's fold), so a game's depth never meets the recursion limit here;
    the sums themselves recurse to a depth bounded by birthdays, under :func:`deep`.
    """

    def children(x: Game) -> list[Game]:
        return [] if leaf(x) is not None else [*x.left, *x.right]

    def combine(x: Game, vals: list[Game]) -> Game:
        hit = leaf(x)
        if hit is not None:
            return hit
        n = len(x.left)
        return game([add(v, left_tax) for v in vals[:n]], [add(v, right_tax) for v in vals[n:]])

    with deep():
        out: Game = fold(g, children, combine, key=_ident, memo=memo)
    return out


def _ident(g: Game) -> int:
    return g.id


# ---------------------------------------------------------------------- heating
_HEAT: dict[int, dict[Hashable, Any]] = memo_table("calculus: heat", nested=True)


def heat(g: Game, t: Scalar) -> Game:
    """∫^t G, G heated by t: numbers are unchanged, otherwise {∫^t G^L + t | ∫^t G^R − t}.

    ``t`` may be any game (CGSuite heats by games too: ∫^* is the heating behind the reduced
    canonical form) or a dyadic number of any sign.  Heating by a number t > 0 undoes cooling:
    (∫^t G)_t = G for every G (see ``tests/test_values_calculus.py`` for the argument).
    Port of ``CanonicalShortGameOps.heat``.

    >>> from zermelo.values import parse_value
    >>> print(heat(parse_value("^"), 1), heat(parse_value("{1|-1}"), 2), heat(number(5), 7))
    {1||0|-2} ±3 5
    """
    tg = _as_game(t)
    memo = _HEAT.setdefault(tg.id, {})
    return _transform(g, lambda x: x if x.num is not None else None, tg, neg(tg), memo)


# ---------------------------------------------------------------------- Norton multiplication
_NORTON: dict[int, dict[Hashable, Any]] = memo_table("calculus: norton", nested=True)


def norton_multiply(g: Scalar, u: Game) -> Game:
    """G.U, Norton's product of G by the unit U.

    An integer n gives n copies of U (|n| copies of −U when n < 0, summed by doubling); any
    other G gives {G^L.U + U + Δ | G^R.U − (U + Δ)}, Δ ranging over the undominated
    incentives of U (:func:`incentives`).  For U > 0 the map G ↦ G.U respects sums and order
    (Norton; Siegel, *CGT*, II.6), so 1/2.U + 1/2.U = U.  It is not the product of numbers:
    1/2.2 = {1|1} = 1*, and 1* + 1* = 2.  Port of ``CanonicalShortGameOps.nortonMultiply``;
    like CGSuite, any U is accepted.

    >>> from zermelo.values import parse_value
    >>> print(norton_multiply(-4, parse_value("^")), norton_multiply(Fraction(1, 2), number(2)))
    v4 1*
    """
    gg = _as_game(g)
    memo = _NORTON.setdefault(u.id, {})
    if gg.num is not None and gg.num.denominator == 1:
        return _copies(int(gg.num), u, memo)
    unit_plus = [add(u, d) for d in incentives(u)]

    def leaf(x: Game) -> Game | None:
        if x.num is not None and x.num.denominator == 1:
            return _copies(int(x.num), u, memo)
        return None

    def children(x: Game) -> list[Game]:
        return [] if leaf(x) is not None else [*x.left, *x.right]

    def combine(x: Game, vals: list[Game]) -> Game:
        hit = leaf(x)
        if hit is not None:
            return hit
        n = len(x.left)
        return game(
            [add(v, w) for v in vals[:n] for w in unit_plus],
            [add(v, neg(w)) for v in vals[n:] for w in unit_plus],
        )

    with deep():
        out: Game = fold(gg, children, combine, key=_ident, memo=memo)
    return out


def _copies(n: int, u: Game, memo: dict[Hashable, Any]) -> Game:
    """n·U by binary doubling (CGSuite's "binary addition"), cached with the other products by U."""
    key = ("copies", n)
    hit = memo.get(key)
    if hit is not None:
        return hit  # type: ignore[no-any-return]
    acc = number(0)
    power = u if n >= 0 else neg(u)
    m = abs(n)
    with deep():
        while m:
            if m & 1:
                acc = add(acc, power)
            m >>= 1
            if m:
                power = add(power, power)
    memo[key] = acc
    return acc


# ---------------------------------------------------------------------- Conway multiplication
_CONWAY: dict[Hashable, Any] = memo_table("calculus: conway")


def conway_multiply(g: Scalar, h: Scalar) -> Game:
    """G·H, Conway's product: {G^L·H + G·H^L − G^L·H^L, G^R·H + G·H^R − G^R·H^R |
    G^L·H + G·H^R − G^L·H^R, G^R·H + G·H^L − G^R·H^L} (Conway, *On Numbers and Games*, ch. 1).

    On numbers it is the product of numbers and on nimbers nim-multiplication (both taken as
    shortcuts); on other games it depends on the forms, here canonical, as in CGSuite's
    ``conwayMultiply``.

    >>> from zermelo.values import parse_value
    >>> print(conway_multiply(star(4), star(4)), conway_multiply(15, parse_value("^^*2")))
    *6 ^30*2
    >>> print(conway_multiply(parse_value("{3|1}"), parse_value("^^")), conway_multiply(Fraction(3, 4), -6))
    {^6|^^} -9/2
    """

    def leaf(pair: tuple[Game, Game]) -> Game | None:
        a, b = pair
        if a.num is not None and b.num is not None:
            return number(a.num * b.num)
        if a.nim is not None and b.nim is not None:
            return star(nim_multiply(a.nim, b.nim))
        return None

    def children(pair: tuple[Game, Game]) -> list[tuple[Game, Game]]:
        if leaf(pair) is not None:
            return []
        a, b = pair
        out = []
        for xs, ys in ((a.left, b.left), (a.right, b.right), (a.left, b.right), (a.right, b.left)):
            for x in xs:
                for y in ys:
                    out += [(x, b), (a, y), (x, y)]
        return out

    def combine(pair: tuple[Game, Game], vals: list[Game]) -> Game:
        hit = leaf(pair)
        if hit is not None:
            return hit
        a, b = pair
        terms = [add(add(vals[i], vals[i + 1]), neg(vals[i + 2])) for i in range(0, len(vals), 3)]
        n_left = len(a.left) * len(b.left) + len(a.right) * len(b.right)
        return game(terms[:n_left], terms[n_left:])

    with deep():
        out: Game = fold((_as_game(g), _as_game(h)), children, combine, key=_pair_key, memo=_CONWAY)
    return out


def _pair_key(pair: tuple[Game, Game]) -> tuple[int, int]:
    return (pair[0].id, pair[1].id)


# ---------------------------------------------------------------------- overheating
_OVERHEAT: dict[tuple[int, int], dict[Hashable, Any]] = memo_table("calculus: overheat", nested=True)


def overheat(g: Scalar, s: Scalar, t: Scalar) -> Game:
    """∫_s^t G, G overheated from s to t (Berlekamp).

    An integer n becomes n.s (n copies of s); any other G, numbers included, becomes
    {∫_s^t G^L + t | ∫_s^t G^R − t} over its canonical options.  Port of
    ``CanonicalShortGameOps.overheat``; s and t may be any games.

    >>> from zermelo.values import parse_value
    >>> print(overheat(Fraction(1, 2), 1, parse_value("1*")), overheat(3, parse_value("^"), 1))
    {1*|*} ^3
    """
    gg, sg, tg = _as_game(g), _as_game(s), _as_game(t)
    memo = _OVERHEAT.setdefault((sg.id, tg.id), {})
    products = _NORTON.setdefault(sg.id, {})

    def leaf(x: Game) -> Game | None:
        if x.num is not None and x.num.denominator == 1:
            return _copies(int(x.num), sg, products)
        return None

    return _transform(gg, leaf, tg, neg(tg), memo)


# ---------------------------------------------------------------------- powers
def power_to(g: Game, x: Fraction | int) -> Game:
    """G^→x, CGSuite's ``PowTo``: 0 for x = 0, else the ordinal sum G : blowup(x).

    For ↑ this is ↑^→n = {0|*||*|...} (n bars deep) at integers n and Siegel's interpolation in
    between; ``blowup`` is ported from CGSuite's ``DyadicRationalNumber.blowup``.

    >>> from zermelo.values import parse_value
    >>> up = parse_value("^")
    >>> print(power_to(up, 3), power_to(up, Fraction(7, 4)), power_to(parse_value("±1"), 3))
    {^|*||*} {^|*,{^|*}||*,{^|*}} {1,{1,±1|-1}|-1}
    """
    x = _exponent(x)
    if x == 0:
        return number(0)
    with deep():
        return ordinal_sum(g, number(_blowup(x)))


def power(g: Game, x: Fraction | int) -> Game:
    """G^x, CGSuite's ``Pow``, for G = {0 | H} and x ≥ 1: {0 | H − G^→(x−1)}.

    ↑^n (``^<n>`` in CGSuite) is the n-th power of ↑: ↑^1 = ↑, ↑^2 = {0 | ↓*}.

    >>> from zermelo.values import parse_value
    >>> up = parse_value("^")
    >>> print(power(up, 2), power(up, 3), power(parse_value("{0||0|-2}"), 3))
    {0|v*} {0||0|0,v*} {0||0|-2,{0|-2,{0|-2}}}
    """
    x = _exponent(x)
    if len(g.left) != 1 or len(g.right) != 1 or g.left[0] is not number(0):
        raise ValueError(f"the base of a power must be of the form {{0|H}}, not {g}")
    if x < 1:
        raise ValueError(f"the exponent of a power must be at least 1, not {x}")
    with deep():
        return game([number(0)], [add(g.right[0], neg(power_to(g, x - 1)))])


def _exponent(x: Fraction | int) -> Fraction:
    if not isinstance(x, int | Fraction):
        raise ValueError(f"an exponent is an int or a dyadic Fraction, not {x!r}")
    x = Fraction(x)
    if x.denominator & (x.denominator - 1):
        raise ValueError(f"{x} is not a dyadic rational")
    if x < 0:
        raise ValueError(f"exponents are non-negative, not {x}")
    return x


def _blowup(x: Fraction) -> Fraction:
    """CGSuite's ``DyadicRationalNumber.blowup`` of x > 0: n − 1 at an integer n, else a section
    between the blowups of the neighbours (x ∓ 1/2^k)."""
    if x.denominator == 1:
        return x - 1
    down = Fraction(x.numerator - 1, x.denominator)
    up = Fraction(x.numerator + 1, x.denominator)
    if down == 0:
        return _from_section(None, _blowup(up))
    return _from_section(_blowup(down), _blowup(up))


def _from_section(left: Fraction | None, right: Fraction | None) -> Fraction:
    """CGSuite's ``DyadicRationalNumber.fromSection``, case by case (it is not always the simplest number)."""
    if left is None and right is None:
        return Fraction(0)
    if right is None:
        assert left is not None
        return Fraction(0) if left < 0 else Fraction(math.floor(left) + 1)
    if left is None:
        return Fraction(0) if right > 0 else Fraction(math.ceil(right) - 1)
    if left < 0 < right:
        return Fraction(0)
    if math.floor(left) + 1 < right:
        return Fraction(math.floor(left) + 1)
    if math.ceil(right) - 1 > left:
        return Fraction(math.ceil(right) - 1)
    if left >= right:
        raise ArithmeticError("left section must be < right section")
    ls = Fraction(left.numerator + 1, left.denominator)
    if ls < right:
        while Fraction(ls.numerator + 1, ls.denominator) < right:
            ls = Fraction(ls.numerator + 1, ls.denominator)
        return ls
    rs = Fraction(right.numerator - 1, right.denominator)
    if rs > left:
        while Fraction(rs.numerator - 1, rs.denominator) > left:
            rs = Fraction(rs.numerator - 1, rs.denominator)
        return rs
    return (left + right) / 2


# ---------------------------------------------------------------------- incentives
def left_incentives(g: Game) -> tuple[Game, ...]:
    """Left's incentives G^L − G, dominated (smaller) ones dropped, as CGSuite's ``LeftIncentives``.

    >>> from zermelo.values import parse_value
    >>> print(*left_incentives(parse_value("^")), *left_incentives(number(5)))
    v -1
    """
    return _maximal([add(x, neg(g)) for x in g.left])


def right_incentives(g: Game) -> tuple[Game, ...]:
    """Right's incentives G − G^R, dominated (smaller) ones dropped, as CGSuite's ``RightIncentives``.

    >>> from zermelo.values import parse_value
    >>> print(*right_incentives(parse_value("v*")))
    v v*
    """
    return _maximal([add(g, neg(x)) for x in g.right])


def incentives(g: Game) -> tuple[Game, ...]:
    """The undominated incentives of both players, as CGSuite's ``Incentives``.

    A move's incentive is what it gains its mover; the largest ones are where a player wants to
    move first.  Norton multiplication uses these.

    >>> from zermelo.values import parse_value
    >>> print(*incentives(parse_value("v*")), *incentives(star(2)))
    ^* *2 *3
    """
    return _maximal([*(add(x, neg(g)) for x in g.left), *(add(g, neg(x)) for x in g.right)])


def _maximal(games: list[Game]) -> tuple[Game, ...]:
    """The distinct maximal elements (the order is partial: confused games all stay), numbers first."""
    distinct = list(dict.fromkeys(games))
    with deep():
        keep = [a for a in distinct if not any(b is not a and le(a, b) for b in distinct)]
    return tuple(sorted(keep, key=_display_key))


def _display_key(g: Game) -> tuple[int, Fraction, int, str]:
    if g.num is not None:
        return (0, g.num, 0, "")
    if g.nim is not None:
        return (1, Fraction(0), g.nim, "")
    return (2, Fraction(0), 0, str(g))


# ---------------------------------------------------------------------- freezing, kinds
def freeze(g: Game) -> Game:
    """G cooled by its own temperature: infinitesimally close to the mean (CGSuite's ``Freeze``).

    A number freezes to itself (CGSuite's golden tables: 5, −1/2, 25/16); a non-number has a
    temperature ≥ 0, so this is ``cool(g, g.temperature)``.

    >>> from zermelo.values import parse_value
    >>> print(freeze(parse_value("{3||2*|1*}")), freeze(parse_value("^")), freeze(parse_value("{2|-1/2}")))
    9/4* ^ 3/4*
    """
    if g.num is not None:
        return g
    t = g.temperature
    if t < 0:  # never for a short non-number; kept as a guard rather than a wrong answer
        raise ArithmeticError(f"{g} is not a number but has temperature {t}")
    return cool(g, t)


def is_infinitesimal(g: Game) -> bool:
    """−x < G < x for every positive number x; for short games: both stops are 0 (0 included).

    >>> from zermelo.values import parse_value
    >>> [is_infinitesimal(parse_value(s)) for s in ("0", "^", "*8", "{0||0|-3/2}", "1/2*", "±1")]
    [True, True, True, True, False, False]
    """
    return g.left_stop == 0 and g.right_stop == 0


def is_numberish(g: Game) -> bool:
    """G is a number plus an infinitesimal: its stops are equal.

    >>> from zermelo.values import parse_value
    >>> [is_numberish(parse_value(s)) for s in ("9/8*", "^", "{1|0}")]
    [True, True, False]
    """
    return g.left_stop == g.right_stop
