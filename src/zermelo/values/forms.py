"""Properties of canonical forms that CGSuite reports: parity, tempering, the companion, the stop count.

Ported from CGSuite's ``CanonicalShortGameOps`` (``isEven``, ``isOdd``, ``isEvenTempered``,
``isOddTempered``, ``companion``, ``stopCount``; aaron-siegel/cgsuite,
lib/core/src/main/scala/org/cgsuite/core/), and checked against CGSuite's golden table
(``CanonicalShortGameTestCase``).  All walk the canonical options bottom-up without recursion.

* G is *even* if it is identically 0 or every option is odd; *odd* if it is not 0 and every
  option is even (Siegel, *CGT*, II.4 / III.1).
* G is *even-tempered* if it is a number or every option is odd-tempered; *odd-tempered* if it
  is not a number and every option is even-tempered (Siegel, *CGT*, II.7).
* The *companion* G° is the lattice automorphism of the games born by day n ≥ 1 (Siegel, *CGT*,
  III.2): 0° = *, and otherwise the companions of the options, with 0 added for Left when
  G ≥ 0 and for Right when G ≤ 0.
* The *stop count* is the number of stopping positions (numbers) in the complete game tree;
  the *follower count* the number of distinct followers (G itself included).

>>> from zermelo.values import parse_value
>>> g = parse_value("{3||2*|1*}")
>>> is_odd_tempered(g), is_even(parse_value("2")), companion(parse_value("^")), stop_count(g)
(True, True, Game('^*'), 5)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable
from fractions import Fraction
from typing import Any, TypeVar

from ..core.cache import memo_table
from ..core.traversal import fold
from .game import Game, game, le, number, star

__all__ = ["companion", "follower_count", "is_even", "is_even_tempered", "is_odd", "is_odd_tempered", "stop_count"]

T = TypeVar("T")
ZERO = number(0)


def _walk(
    g: Game, leaf: Callable[[Game], T | None], combine: Callable[[Game, list[T]], T], memo: dict[Hashable, Any]
) -> T:
    """Bottom-up over canonical options (left then right), ``leaf`` ending the walk early."""

    def children(x: Game) -> list[Game]:
        return [] if leaf(x) is not None else [*x.left, *x.right]

    def comb(x: Game, vals: list[T]) -> T:
        hit = leaf(x)
        return hit if hit is not None else combine(x, vals)

    out: T = fold(g, children, comb, key=_ident, memo=memo)
    return out


def _ident(g: Game) -> int:
    return g.id


# ---------------------------------------------------------------------- parity
# (even, odd) per game; numbers and nimbers are answered directly so huge integers cost nothing.
_PARITY: dict[Hashable, Any] = memo_table("forms: parity")


def _parity(g: Game) -> tuple[bool, bool]:
    def leaf(x: Game) -> tuple[bool, bool] | None:
        if x.num is not None:
            if x.num.denominator != 1:
                return (False, False)  # a dyadic m/2^k (k >= 1) has an even and an odd option
            return (x.num.numerator % 2 == 0, x.num.numerator % 2 == 1)
        if x.nim is not None:
            return (x.nim == 0, x.nim == 1)  # *n, n >= 2, has 0 (even) and * (odd) options
        return None

    def combine(x: Game, vals: list[tuple[bool, bool]]) -> tuple[bool, bool]:
        return (all(odd for _, odd in vals), all(even for even, _ in vals))

    return _walk(g, leaf, combine, _PARITY)


def is_even(g: Game) -> bool:
    """Identically 0, or every option odd (CGSuite's ``IsEven``).

    >>> from zermelo.values import parse_value
    >>> [is_even(parse_value(s)) for s in ("0", "2", "3", "1*", "1/2", "*2", "±1", "{2|0}")]
    [True, True, False, True, False, False, True, False]
    """
    return _parity(g)[0]


def is_odd(g: Game) -> bool:
    """Not 0, and every option even (CGSuite's ``IsOdd``).

    >>> from zermelo.values import parse_value
    >>> [is_odd(parse_value(s)) for s in ("0", "3", "*", "2*", "^", "±1", "{2|0}")]
    [False, True, True, True, False, False, True]
    """
    return _parity(g)[1]


# ---------------------------------------------------------------------- tempering
_TEMPER: dict[Hashable, Any] = memo_table("forms: temper")


def _tempering(g: Game) -> tuple[bool, bool]:
    def leaf(x: Game) -> tuple[bool, bool] | None:
        if x.num is not None:
            return (True, False)
        if x.nim is not None:
            return (False, x.nim == 1)  # *n, n >= 2, has the options 0 and *
        return None

    def combine(x: Game, vals: list[tuple[bool, bool]]) -> tuple[bool, bool]:
        return (all(odd for _, odd in vals), all(even for even, _ in vals))

    return _walk(g, leaf, combine, _TEMPER)


def is_even_tempered(g: Game) -> bool:
    """A number, or every option odd-tempered (CGSuite's ``IsEvenTempered``).

    >>> from zermelo.values import parse_value
    >>> [is_even_tempered(parse_value(s)) for s in ("1/2", "±1", "*", "{3||2*|1*}", "{2*|1*}", "{2|1*}")]
    [True, False, False, False, True, False]
    """
    return _tempering(g)[0]


def is_odd_tempered(g: Game) -> bool:
    """Not a number, and every option even-tempered (CGSuite's ``IsOddTempered``).

    >>> from zermelo.values import parse_value
    >>> [is_odd_tempered(parse_value(s)) for s in ("1/2", "±1", "*", "^", "{3||2*|1*}")]
    [False, True, True, False, True]
    """
    return _tempering(g)[1]


# ---------------------------------------------------------------------- companion
_COMPANION: dict[Hashable, Any] = memo_table("forms: companion")


def companion(g: Game) -> Game:
    """G°, the lattice companion (CGSuite's ``Companion``): 0° = *, *° = 0, ↑° = ↑*, a number x ≠ 0 is fixed.

    >>> from zermelo.values import parse_value
    >>> [str(companion(parse_value(s))) for s in ("0", "*", "*5", "^", "v*", "5", "{0||0|-3/2}")]
    ['*', '0', '*5', '^*', 'v', '5', '{0,*||*|-3/2}']
    """

    def leaf(x: Game) -> Game | None:
        if x is ZERO:
            return star()
        if x.num is not None:
            # x° = x for a number x ≠ 0: by induction its options are fixed (or 0 ↦ *), and the
            # added 0 and the * it came from are dominated or reversible through to x's form.
            return x
        if x.nim is not None:
            return x if x.nim >= 2 else ZERO
        return None

    def combine(x: Game, vals: list[Game]) -> Game:
        n = len(x.left)
        left, right = list(vals[:n]), list(vals[n:])
        if le(ZERO, x):
            left.append(ZERO)
        if le(x, ZERO):
            right.append(ZERO)
        return game(left, right)

    return _walk(g, leaf, combine, _COMPANION)


# ---------------------------------------------------------------------- stop count
_STOPS: dict[Hashable, Any] = memo_table("forms: stops")


def stop_count(g: Game) -> int:
    """The number of stopping positions (numbers) in G's complete game tree (CGSuite's ``StopCount``).

    A number counts 1, *n (n ≥ 1) counts 2·3^(n−1); otherwise the counts of the options add up.

    >>> from zermelo.values import parse_value
    >>> [stop_count(parse_value(s)) for s in ("5", "^", "v*", "*8", "^*6", "73/16v9*8")]
    [1, 3, 4, 4374, 1459, 13131]
    """

    def leaf(x: Game) -> int | None:
        if x.num is not None:
            return 1
        if x.nim is not None:
            return int(2 * 3 ** (x.nim - 1))  # x.nim >= 1 here
        return None

    def combine(x: Game, vals: list[int]) -> int:
        return sum(vals)

    return _walk(g, leaf, combine, _STOPS)


# ---------------------------------------------------------------------- follower count
def follower_count(g: Game) -> int:
    """The number of distinct followers of G's canonical form, G included (CGSuite's ``FollowerCount``).

    A number's followers are its ancestors in the tree of numbers (its canonical options are its
    two nearest ancestors), so they are counted, not listed: the integer 10^12 has 10^12 + 1.

    >>> from zermelo.values import parse_value
    >>> [follower_count(parse_value(s)) for s in ("0", "5", "25/16", "*8", "6^*", "{3||2*|1*}")]
    [1, 6, 7, 9, 9, 8]
    >>> follower_count(parse_value("-1823437481924"))
    1823437481925
    """
    seen: set[int] = set()
    numbers: set[Fraction] = set()
    stack = [g]
    while stack:
        x = stack.pop()
        if x.num is not None:
            numbers.add(x.num)
            continue
        if x.id in seen:
            continue
        seen.add(x.id)
        stack.extend(x.left)
        stack.extend(x.right)
    # The numbers' ancestors: 0, the integers out to ⌈x⌉ (⌊x⌋ below 0), then x's fractional
    # ancestors, which hang below that integer, one per binary digit.
    top = bottom = 0
    fractions: set[Fraction] = set()
    for q in numbers:
        whole = math.ceil(q) if q > 0 else math.floor(q)
        top, bottom = max(top, whole), min(bottom, whole)
        y = q
        while y.denominator > 1:
            fractions.add(y)
            y = _parent(y)
    return len(seen) + 1 + top - bottom + len(fractions)


def _parent(y: Fraction) -> Fraction:
    """The parent of a non-integer number in the tree of numbers: its later-born canonical option."""
    step = Fraction(1, y.denominator)
    lo, hi = y - step, y + step
    return lo if lo.denominator > hi.denominator else hi
