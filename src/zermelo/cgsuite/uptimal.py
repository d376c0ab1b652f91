"""Uptimal expansions: G = x + *m + d1.↑ + d2.↑^2 + ... + dn.↑^n (Siegel, *Combinatorial Game
Theory*, II.4; CGSuite's ``UptimalExpansion``), with ↑^k = ``^<k>`` the k-th power of up.

The digits are found greedily, one power at a time: a star-free uptimal is positive exactly when
its first non-zero digit is, so the rest T = R − d_k.↑^k after the right digit has its first digit
further on, and then −↑^k < 2T < ↑^k, which no other choice of d_k gives.  Whatever the
greedy finds is checked exactly (the remainder must be 0), so a game is never called uptimal
wrongly.

>>> from zermelo.values import parse_value
>>> print(uptimal_expansion(parse_value("{0|*||*|||*||||*}")))
Uptimal(number=Fraction(0, 1), nimber=0, digits=(1, 1, 1, 1))
>>> format_expansion(uptimal_expansion(parse_value("{0||0|v*}")))
'*.12'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from ..core.dyadic import format_dyadic
from ..core.limits import deep
from ..values.atomic import far_star, is_all_small
from ..values.folds import birthday
from ..values.game import Game, add, game, le, neg, number, star
from ..values.notation import uptimal

__all__ = ["Uptimal", "format_expansion", "shown_expansion", "up_power", "uptimal_expansion"]

_MAX_NIMBER = 64  # nimbers tried as the star part of an uptimal
_POWERS: dict[int, Game] = {}
_CACHE: dict[int, Uptimal | None] = {}
_SHOWN: dict[int, Uptimal | None] = {}
_POWERS_TO: dict[int, Game] = {}
_UP = game([number(0)], [star()])


@dataclass(frozen=True)
class Uptimal:
    """x + *m + Σ d_k.↑^k (``digits`` = (d_1, …, d_n), no trailing zero)."""

    number: Fraction
    nimber: int
    digits: tuple[int, ...]

    @property
    def is_unit(self) -> bool:
        """One digit ±1, at a place past the first: ``^<n>``."""
        nz = [d for d in self.digits if d]
        return len(nz) == 1 and abs(nz[0]) == 1 and len(self.digits) >= 2

    @property
    def is_unit_sum(self) -> bool:
        """Digits all +1 or all −1, at least two: ``^[n]``."""
        d = self.digits
        return len(d) >= 2 and abs(d[0]) == 1 and all(x == d[0] for x in d)


def up_power(k: int) -> Game:
    """↑^k: ↑ for k = 1, {0 | ↓^[k−1]*} after (CGSuite's ``^.Pow(k)``)."""
    hit = _POWERS.get(k)
    if hit is None:
        hit = _POWERS[k] = _UP if k == 1 else game([number(0)], [add(neg(_up_to(k - 1)), star())])
    return hit


def uptimal_expansion(g: Game) -> Uptimal | None:
    """The uptimal expansion of g, or None when g is not an uptimal."""
    return _cached(g, _CACHE, _full)


def shown_expansion(g: Game) -> Uptimal | None:
    """g's expansion when CGSuite writes g by it: x, *m, x + n.↑ + *m, x ± ↑^n + *m (``^<n>``)
    and x ± ↑^[n] + *m (``^[n]``); None for any other game, uptimal or not.

    What the printer asks: each candidate is matched outright against ↑^n and ↑^[n] (no greedy
    digits, whose sums of deep forms grow fast: ``^.PowTo(60+1/16)`` took minutes)."""
    return _cached(g, _SHOWN, lambda g: _shown(add(g, number(-g.left_stop)), g.left_stop))


def _cached(g: Game, cache: dict[int, Uptimal | None], find: Callable[[Game], Uptimal | None]) -> Uptimal | None:
    """Numbers and nimbers outright; other games by ``find`` once (an uptimal's stops agree)."""
    if g.num is not None:
        return Uptimal(g.num, 0, ())
    if g.nim is not None:
        return Uptimal(Fraction(0), g.nim, ())
    if g.id in cache:
        return cache[g.id]
    out = None
    if g.right_stop == g.left_stop:
        with deep():
            out = find(g)
    cache[g.id] = out
    return out


def _full(g: Game) -> Uptimal | None:
    # Every follower of an uptimal's canonical form is an uptimal with the same number part (so
    # are those of ↑^k, *m and x, and sums and reversals keep to followers): a test bottom-up
    # through the cache that turns most other games away at once.
    x = g.left_stop
    if all(_same_number(uptimal_expansion(o), x) for o in (*g.left, *g.right)):
        return _expand(g)
    return None


def _shown(h: Game, x: Fraction) -> Uptimal | None:
    if not is_all_small(h):
        return None
    simple = uptimal(h)
    if simple is not None:
        n, m = simple
        return Uptimal(x, m, (n,) if n else ())
    places = birthday(h) + 1
    for m in range(0, min(_MAX_NIMBER, 1 << places.bit_length(), 1 << far_star(h).bit_length()), 2):
        k = add(h, star(m)) if m else h
        named = _named(k, birthday(k))  # tries k and k + *
        if named is not None:
            return Uptimal(x, m ^ named[1], named[0])
    return None


def _same_number(u: Uptimal | None, x: Fraction) -> bool:
    return u is not None and u.number == x


def _expand(g: Game) -> Uptimal | None:
    x = g.left_stop
    h = add(g, number(-x))
    if not is_all_small(h):  # every ↑^k and nimber is all-small, so their sums are
        return None
    simple = uptimal(h)  # n.↑ + *m, read off the canonical form without any search
    if simple is not None:
        n, m = simple
        return Uptimal(x, m, (n,) if n else ())
    places = birthday(h) + 1
    named = _named(h, places - 1)
    if named is not None:
        return Uptimal(x, named[1], named[0])
    # The star part *m shows among the followers as *m or *(m xor 1): below the far star's power of 2.
    for m in range(min(_MAX_NIMBER, 1 << places.bit_length(), 1 << far_star(h).bit_length())):
        k = add(h, star(m)) if m else h
        if not (le(k, number(0)) or le(number(0), k)):
            continue  # a star-free uptimal is never confused with 0
        digits = _digits(k, places)
        if digits is not None:
            return Uptimal(x, m, digits)
    return None


def _named(h: Game, born: int) -> tuple[tuple[int, ...], int] | None:
    """(digits, m) when h is ±↑^n + *m or ±↑^[n] + *m (m = 0, 1): matched outright, no search."""
    for n in range(max(2, born - 2), born + 1):
        for m in (0, 1):
            k = add(h, star(m)) if m else h
            for base, digits in ((up_power(n), (0,) * (n - 1) + (1,)), (_up_to(n), (1,) * n)):
                if k is base:
                    return digits, m
                if k is neg(base):
                    return tuple(-d for d in digits), m
    return None


def _up_to(n: int) -> Game:
    """↑^[n] = ↑ + ↑^2 + … + ↑^n (CGSuite's ``^.PowTo(n)``): the ordinal sum ↑ : (n − 1), so
    {0, ↑^[n−1] | *} (an ordinal sum on an integer k = {k−1|} is {G^L, G:(k−1) | G^R}), built
    up one level at a time from the last one known: each level one canonical step."""
    hit = _POWERS_TO.get(n)
    if hit is None:
        known = max((k for k in _POWERS_TO if k < n), default=1)
        hit = _UP if known == 1 else _POWERS_TO[known]
        for k in range(known + 1, n + 1):
            hit = _POWERS_TO[k] = game([number(0), hit], [star()])
    return hit


def _digits(k: Game, places: int) -> tuple[int, ...] | None:
    out: list[int] = []
    rest = k
    zero = number(0)
    for place in range(1, places + 1):
        if rest is zero:
            break
        unit = up_power(place)
        down = neg(unit)
        d = 0
        for _ in range(places + 1):
            twice = add(rest, rest)
            if le(unit, twice):
                d, rest = d + 1, add(rest, down)
            elif le(twice, down):
                d, rest = d - 1, add(rest, unit)
            else:
                break
        else:
            return None
        out.append(d)
    if rest is not zero:
        return None
    while out and out[-1] == 0:
        out.pop()
    return tuple(out)


def format_expansion(u: Uptimal | None) -> str:
    """CGSuite's text of an expansion: ``0.1111``, ``*.12``, ``73/16*8.9-`` (a trailing ``-``
    marks a negative digit; digits past 9 are letters)."""
    if u is None:
        raise ValueError("not an uptimal")
    out = ""
    if u.nimber == 0 or u.number != 0:
        out += format_dyadic(u.number)
    if u.nimber:
        out += "*" if u.nimber == 1 else f"*{u.nimber}"
    out += "."
    if not u.digits:
        out += "0"
    for d in u.digits:
        a = abs(d)
        out += str(a) if a < 10 else chr(a + 55) if a < 36 else f"({a})"
        if d < 0:
            out += "-"
    return out
