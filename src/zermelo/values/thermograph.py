"""Exact thermographs, temperature, mean and cooling of canonical short games.

Temperature theory (Conway; Berlekamp; Siegel, *Combinatorial Game Theory*, II.5): cooling G
by t taxes every move by t.  The thermograph plots, against the temperature t ≥ −1, the left
wall L_t(G) and the right wall R_t(G) of the cooled game; they meet at the *temperature* of G
and continue upward as one vertical *mast* at the *mean* value.

* a number x: both walls are x; its temperature is −1 for an integer and −1/2^k for m/2^k
  (CGSuite's convention);
* otherwise, below the temperature, L_t(G) = max R_t(G^L) − t and R_t(G) = min L_t(G^R) + t.

Walls are piecewise linear with slopes in {−1, 0, 1} and dyadic rational breakpoints, so
everything is exact (:class:`fractions.Fraction`).

>>> from zermelo.values import parse_value
>>> th = parse_value("{2|-1/2}").thermograph
>>> print(th.temperature, th.mast)
5/4 3/4
>>> [str(v) for v in th.left_wall.points[0]]
['-1', '3']
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..core.cache import memo_table
from .folds import fold_cached, fold_values
from .game import BUILT_ON, Game, add, game, number, star

__all__ = ["Thermograph", "Wall", "cool", "expanded_thermograph", "thermograph"]

ONE = Fraction(1)
START = Fraction(-1)


@dataclass(frozen=True)
class Wall:
    """A piecewise-linear function of the temperature t ≥ −1.

    ``points`` are breakpoints (t, value) with increasing t, the first at t = −1; between them
    the wall is linear, after the last one it continues with slope ``slope``.
    """

    points: tuple[tuple[Fraction, Fraction], ...]
    slope: Fraction

    @staticmethod
    def constant(x: Fraction) -> Wall:
        return Wall(((START, x),), Fraction(0))

    def __call__(self, t: Fraction) -> Fraction:
        pts = self.points
        if t >= pts[-1][0]:
            return pts[-1][1] + self.slope * (t - pts[-1][0])
        for (t0, v0), (t1, v1) in itertools.pairwise(pts):
            if t0 <= t <= t1:
                return v0 + (v1 - v0) * (t - t0) / (t1 - t0)
        return pts[0][1]

    def tilt(self, s: int) -> Wall:
        """The wall plus s·t (s = ±1: the tax of cooling)."""
        return Wall(tuple((t, v + s * t) for t, v in self.points), self.slope + s)

    def upto(self, top: Fraction) -> Wall:
        """This wall on [−1, top], constant after ``top`` (the mast)."""
        pts = [(t, v) for t, v in self.points if t < top]
        pts.append((top, self(top)))
        return _simplify(pts, Fraction(0))


def _simplify(pts: list[tuple[Fraction, Fraction]], slope: Fraction) -> Wall:
    """Drop breakpoints where nothing bends."""
    out: list[tuple[Fraction, Fraction]] = []
    for p in pts:
        if out and out[-1][0] == p[0]:
            continue
        while len(out) >= 2:
            (t0, v0), (t1, v1) = out[-2], out[-1]
            if (v1 - v0) * (p[0] - t1) == (p[1] - v1) * (t1 - t0):
                out.pop()
            else:
                break
        out.append(p)
    if len(out) >= 2:
        (t0, v0), (t1, v1) = out[-2], out[-1]
        if (v1 - v0) == slope * (t1 - t0):
            out.pop()
    return Wall(tuple(out), slope)


def _extreme(walls: list[Wall], pick_max: bool) -> Wall:
    """The pointwise max (or min) of walls."""
    ts = sorted({t for w in walls for t, _ in w.points})
    # Crossings between any two walls on each piece, and in the tail.
    extra: set[Fraction] = set()
    span = max(abs(w(ts[-1])) for w in walls)
    bounds = [*ts, ts[-1] + 2 * span + 2]  # any crossing in the tail happens before this
    for a, b in itertools.pairwise(bounds):
        for i, f in enumerate(walls):
            for g in walls[i + 1 :]:
                da, db = f(a) - g(a), f(b) - g(b)
                if da * db < 0:
                    extra.add(a + (b - a) * da / (da - db))
    grid = sorted(set(ts) | extra)
    choose = max if pick_max else min
    pts = [(t, choose(w(t) for w in walls)) for t in grid]
    last = grid[-1] + 1
    tail = (max if pick_max else min)(walls, key=lambda w: (w(last), w.slope))
    return _simplify(pts, tail.slope)


@dataclass(frozen=True)
class Thermograph:
    """Walls, mast and temperature of a game's thermograph."""

    left_wall: Wall
    right_wall: Wall
    mast: Fraction
    temperature: Fraction

    def to_json(self) -> dict[str, Any]:
        """Breakpoints as strings (exact): ``{"temperature", "mast", "left_wall", "right_wall"}``."""

        def pts(w: Wall) -> list[list[str]]:
            return [[_s(t), _s(v)] for t, v in w.points]

        return {
            "temperature": _s(self.temperature),
            "mast": _s(self.mast),
            "left_wall": pts(self.left_wall),
            "right_wall": pts(self.right_wall),
        }


def _s(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def _number_temperature(x: Fraction) -> Fraction:
    return Fraction(-1, x.denominator) if x.denominator > 1 else Fraction(-1)


_THERMOGRAPHS: dict[int, Thermograph] = memo_table(
    "thermograph: thermographs"
)  # by the value's id (values are interned)


def thermograph(g: Game) -> Thermograph:
    """The thermograph of ``g`` (cached per value; computed bottom-up without recursion)."""

    return fold_cached(g, _THERMOGRAPHS, _known_thermograph, lambda x: _from_options(x, _THERMOGRAPHS))


def _from_options(x: Game, known: dict[int, Thermograph]) -> Thermograph:
    """L_t = max R_t(G^L) − t and R_t = min L_t(G^R) + t, up to where they meet (the mast)."""
    lw = _extreme([known[o.id].right_wall for o in x.left], True).tilt(-1)
    rw = _extreme([known[o.id].left_wall for o in x.right], False).tilt(1)
    top = _meeting(lw, rw)
    return Thermograph(lw.upto(top), rw.upto(top), lw(top), top)


_EXPANDED: dict[int, Thermograph] = memo_table("thermograph: expanded")


def expanded_thermograph(g: Game) -> Thermograph:
    """The thermograph with every non-integer number drawn from its own options, CGSuite's way.

    It agrees with :func:`thermograph` at t >= 0; below that a dyadic number's walls bend toward
    its options (25/16 = {3/2|13/8} has a left wall through 2 at t = -1/2) instead of standing
    straight, which is what CGSuite's ``Thermograph`` prints.

    >>> from zermelo.values import number
    >>> [str(t) for t, _ in expanded_thermograph(number(Fraction(25, 16))).left_wall.points]
    ['-1', '-1/2', '-1/16']
    """

    def known(x: Game) -> Thermograph | None:
        if x.num is not None and x.num.denominator == 1:
            w = Wall.constant(x.num)
            return Thermograph(w, w, x.num, START)
        return None

    return fold_cached(g, _EXPANDED, known, lambda x: _from_options(x, _EXPANDED))


def _known_thermograph(x: Game) -> Thermograph | None:
    if x.num is not None:
        w = Wall.constant(x.num)
        return Thermograph(w, w, x.num, _number_temperature(x.num))
    if x.nim is not None and x.nim > 1:
        return thermograph(star(1))  # every *n (n >= 1) has the thermograph of *
    return None


def _meeting(lw: Wall, rw: Wall) -> Fraction:
    """The least t ≥ −1 where the left wall is no longer right of the right wall.

    L − R does not increase (left walls have slopes −1 or 0, right walls 0 or 1), so this is
    the one crossing point.
    """
    ts = sorted({t for t, _ in lw.points} | {t for t, _ in rw.points})
    prev_t = ts[0]
    prev_d = lw(prev_t) - rw(prev_t)
    if prev_d <= 0:
        return prev_t
    for t in ts[1:]:
        d = lw(t) - rw(t)
        if d <= 0:
            return prev_t + (t - prev_t) * prev_d / (prev_d - d)
        prev_t, prev_d = t, d
    rate = rw.slope - lw.slope
    if rate <= 0:
        raise ArithmeticError("thermograph walls never meet")  # impossible for a short game
    return prev_t + prev_d / rate


def cool(g: Game, t: Fraction) -> Game:
    """G cooled by t ≥ 0: {G^L_t − t | G^R_t + t}, and the mean once t passes the temperature.

    >>> from zermelo.values import parse_value
    >>> print(cool(parse_value("{3|-1}"), Fraction(1)), cool(parse_value("{3|-1}"), Fraction(3)))
    {2|0} 1
    """
    if t < 0:
        raise ValueError("cool by a temperature t >= 0")
    memo: dict[int, Game] = {}

    def leaf(x: Game) -> Game | None:
        if x.id in memo:
            return memo[x.id]
        if x.num is not None or x.temperature < t:
            memo[x.id] = x if x.num is not None else number(x.mean)
            return memo[x.id]
        return None

    def combine(x: Game) -> Game:
        tax = number(t)
        memo[x.id] = game([add(memo[o.id], -tax) for o in x.left], [add(memo[o.id], tax) for o in x.right])
        return memo[x.id]

    return fold_values(g, leaf, combine)


BUILT_ON.thermograph = thermograph  # Game.thermograph, mean, temperature, cool (see BuiltOn)
BUILT_ON.cool = cool
