"""Atomic weight of all-small games: how many ↑s a game is worth (Berlekamp, Conway and Guy).

A game is *all-small* when in every follower either both players can move or neither can
(Winning Ways, ch. 8; Siegel, *Combinatorial Game Theory*, II.7).  Such games are infinitesimal,
and each is "about" some multiple of ↑: its *atomic weight* aw(G).  The atomic weight is
additive, aw(G + H) = aw(G) + aw(H), aw(−G) = −aw(G), aw(↑) = 1 and aw(*n) = 0; and the
*two-ahead rule* says Left wins G when aw(G) ≥ 2 (G > 0), Right when aw(G) ≤ −2.

The definition, computed bottom-up over the canonical form:

    G° = {aw(G^L) − 2 | aw(G^R) + 2}

and aw(G) = G°, unless G° is an integer and G is comparable with a *far star* *N (N beyond
every nimber among G's followers) — the eccentric case.  Then, if G < *N, aw(G) is the least
integer n with n ⧐ aw(G^L) − 2 for every G^L; if G > *N, the greatest integer n with
n ⧏ aw(G^R) + 2 for every G^R.  An atomic weight is itself a game, not always a number.

This is a port of CGSuite's ``atomicWeight``, ``naiveAtomicWeight`` and ``farStar`` (Aaron
Siegel, ``CanonicalShortGame.java`` / ``CanonicalShortGameOps.java`` in aaron-siegel/cgsuite),
which take x + n·↑ + *m to n directly; for all-small games here ↑, ↑*, n·↑ and n·↑* (and their
negatives) are read off their canonical forms, everything else goes through the rule above (the
same value, by additivity).

Like CGSuite, an infinitesimal that is not all-small (Go's tinies and corridors) gets the same
rule's weight g when it passes David Wolfe's check: −e ≤ G − g.↑ ≤ e, with g.↑ Norton's product
and e = ↑* + *2^k : −1 (↑* plus a long red kite, 2^k at least the far star); otherwise it is
"not atomic".  Games that are not infinitesimal have no atomic weight.

>>> from zermelo.values import parse_value
>>> [str(atomic_weight(parse_value(s))) for s in ("^", "v", "*", "^*", "^^", "^3*2", "*5", "0")]
['1', '-1', '0', '1', '2', '3', '0', '0']
>>> print(atomic_weight(parse_value("{^^|v}")), atomic_weight(parse_value("{^|*}")))
1/2 1
>>> is_all_small(parse_value("{0|^}")), is_all_small(parse_value("{^|-1}"))
(True, False)
>>> print(atomic_weight(parse_value("{0||0|-1} + ^")))   # tiny-1 + ↑: infinitesimal, not all-small
1
"""

from __future__ import annotations

import math
from fractions import Fraction

from ..core.cache import memo_table
from ..core.errors import Unsupported
from ..core.limits import deep
from .calculus import is_infinitesimal, norton_multiply
from .folds import fold_values
from .game import ZERO, Game, add, game, le, neg, number, star
from .notation import pure_ups, uptimal
from .ordinal import ordinal_sum

__all__ = ["atomic_weight", "far_star", "is_all_small", "within_kite"]

_SMALL: dict[int, bool] = memo_table("atomic: small")
_FAR: dict[int, int] = memo_table("atomic: far")
_AW: dict[int, Game] = memo_table("atomic: aw")
# without the n·↑ shortcut: the rule alone (for the tests)
_AW_PLAIN: dict[int, Game] = memo_table("atomic: aw_plain")
# the rule on any game, x + n·↑ + *m read as n (CGSuite's naive weight)
_AW_ANY: dict[int, Game] = memo_table("atomic: aw_any")
_TWO = number(2)
_UP = game([ZERO], [star()])
_UP_STAR = game([ZERO, star()], [ZERO])
_MINUS_TWO = number(-2)


def is_all_small(g: Game) -> bool:
    """Whether every follower of ``g`` (``g`` included) has options for both players or for neither.

    A value is all-small exactly when its canonical form is, so this looks at the canonical form.
    Nimbers are all-small; no number but 0 is (every other number has an integer follower).
    """

    def leaf(x: Game) -> bool | None:
        hit = _SMALL.get(x.id)
        if hit is None and (x.num is not None or x.nim is not None):
            hit = _SMALL[x.id] = x.nim is not None
        elif hit is None and (not x.left) != (not x.right):
            hit = _SMALL[x.id] = False
        return hit

    def combine(x: Game) -> bool:
        out = all(_SMALL[o.id] for o in (*x.left, *x.right))
        _SMALL[x.id] = out
        return out

    return fold_values(g, leaf, combine)


def far_star(g: Game) -> int:
    """N such that *N is a far star for ``g``: one more than the largest nimber among its followers.

    CGSuite's ``farStar``: a nimber *n gives n + 1 (0 gives 1), otherwise the maximum over the
    options, at least 1.

    >>> from zermelo.values import parse_value
    >>> far_star(parse_value("^")), far_star(parse_value("^*3")), far_star(number(0))
    (2, 3, 1)
    """

    def leaf(x: Game) -> int | None:
        hit = _FAR.get(x.id)
        if hit is None and x.nim is not None:
            hit = _FAR[x.id] = x.nim + 1
        return hit

    def combine(x: Game) -> int:
        out = _FAR[x.id] = max((_FAR[o.id] for o in (*x.left, *x.right)), default=1)
        return out

    return fold_values(g, leaf, combine)


def atomic_weight(g: Game) -> Game:
    """aw(G) (a :class:`Game`, usually an integer); :class:`Unsupported` if G is not atomic.

    All-small games always have one; other infinitesimals when they pass Wolfe's check.

    >>> from zermelo.values import parse_value
    >>> print(atomic_weight(parse_value("^ + ^ + ^")), atomic_weight(parse_value("{0|^*}")))  # {0|^*} = ^^
    3 2
    """
    if is_all_small(g):
        return _weight(g, _AW, shortcut=True)
    text = str(g)
    if len(text) > 60:
        text = text[:57] + "..."
    if not is_infinitesimal(g):
        raise Unsupported(
            f"{text} has no atomic weight: it is not infinitesimal (its stops are"
            f" {g.left_stop} and {g.right_stop}, not 0)"
        )
    w = _weight(g, _AW_ANY, shortcut=True, numbers=True)
    if not within_kite(g, w):
        raise Unsupported(f"{text} is not atomic: it is not within ↑* and a long kite of its naive weight {w}.↑")
    return w


def within_kite(g: Game, w: Game) -> bool:
    """Wolfe's check: −e ≤ G − w.↑ ≤ e for e = ↑* + *2^k : −1, 2^k ≥ the far star of G (k ≥ 1)."""
    with deep():
        diff = g - norton_multiply(w, _UP)
        power = 2
        while power < far_star(g):
            power <<= 1
        e = add(_UP_STAR, ordinal_sum(star(power), number(-1)))
        return le(diff, e) and le(neg(e), diff)


def _uptimal_weight(x: Game) -> Game | None:
    """aw of n·↑ + *s (s in {0, 1}) and of its negative, read off the canonical form: ±n."""
    if x.nim is not None:
        return ZERO
    hit = pure_ups(x)
    if hit is not None:
        return number(hit[0])
    hit = pure_ups(neg(x))
    if hit is not None:
        return number(-hit[0])
    return None


def _numberish_weight(x: Game) -> Game | None:
    """n for x = a + n·↑ + *m (a a number, m < 16): CGSuite's number-up-star base case."""
    if x.num is not None:
        return ZERO
    a = x.left_stop
    if a != x.right_stop:
        return None
    hit = uptimal(x + number(-a))
    return None if hit is None else number(hit[0])


def _weight(g: Game, cache: dict[int, Game], *, shortcut: bool, numbers: bool = False) -> Game:
    """The rule above, bottom-up over the followers of ``g`` (iterative, cached per game).

    ``numbers``: ``g`` need not be all-small (then numbers and x + n·↑ + *m are base cases).
    """

    def leaf(x: Game) -> Game | None:
        hit = cache.get(x.id)
        if hit is None:
            if x.nim is not None:
                hit = ZERO  # CGSuite: a number-up-star's weight is its up multiple
            elif numbers:
                hit = _numberish_weight(x)
            elif shortcut:
                hit = _uptimal_weight(x)
            if hit is not None:
                cache[x.id] = hit
        return hit

    def combine(x: Game) -> Game:
        out = cache[x.id] = _rule(x, [cache[o.id] for o in x.left], [cache[o.id] for o in x.right])
        return out

    with deep():
        return fold_values(g, leaf, combine)


def _rule(x: Game, left_weights: list[Game], right_weights: list[Game]) -> Game:
    """aw(x) from its options' atomic weights: G°, or the eccentric integer."""
    lefts = [add(w, _MINUS_TWO) for w in left_weights]
    rights = [add(w, _TWO) for w in right_weights]
    g0 = game(lefts, rights)
    if not g0.is_integer:
        return g0
    fs = star(far_star(x))
    below, above = le(x, fs), le(fs, x)
    if below and not above:  # x < far star: the least integer n with n ⧐ every G^L°
        if not lefts:
            return ZERO
        return number(max(_least_integer_not_le(h) for h in lefts))
    if above and not below:  # x > far star: the greatest integer n with n ⧏ every G^R°
        if not rights:
            return ZERO
        return number(min(_greatest_integer_not_ge(h) for h in rights))
    return g0


def _least_integer_not_le(h: Game) -> int:
    """The least integer n with n ≰ h (n ⧐ h): from ⌈right stop⌉, one more if that is still ≤ h."""
    n = math.ceil(Fraction(h.right_stop))
    return n + 1 if le(number(n), h) else n


def _greatest_integer_not_ge(h: Game) -> int:
    """The greatest integer n with h ≰ n (n ⧏ h): from ⌊left stop⌋, one less if h ≤ that."""
    n = math.floor(Fraction(h.left_stop))
    return n - 1 if le(h, number(n)) else n
