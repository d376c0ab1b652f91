"""Dyadic rationals: the numbers of short games, m / 2^k as exact :class:`fractions.Fraction`.

Every short game that is a number is a dyadic rational, and the simplest number strictly
between two others is what ``{a | b}`` equals when a < b (the simplicity theorem).

>>> simplest_between(Fraction(0), Fraction(1))
Fraction(1, 2)
>>> simplest_between(Fraction(-5, 2), None)
Fraction(0, 1)
>>> format_dyadic(Fraction(-3, 4)), parse_dyadic("-3/4")
('-3/4', Fraction(-3, 4))
"""

from __future__ import annotations

import math
from fractions import Fraction

from ..errors import InvalidPosition

__all__ = ["birthday_of_number", "format_dyadic", "is_dyadic", "parse_dyadic", "simplest_between"]


def is_dyadic(x: Fraction) -> bool:
    """Whether the denominator of ``x`` is a power of two.

    >>> is_dyadic(Fraction(3, 8)), is_dyadic(Fraction(1, 3))
    (True, False)
    """
    d = x.denominator
    return d & (d - 1) == 0


def simplest_between(low: Fraction | None, high: Fraction | None) -> Fraction:
    """The simplest (earliest-born) dyadic rational strictly between ``low`` and ``high``.

    ``None`` stands for no bound.  Requires ``low < high``.  (Integer arithmetic on numerators
    and denominators: Fraction comparisons are slow, and this runs for every number position.)

    >>> simplest_between(Fraction(1, 4), Fraction(3, 8)), simplest_between(None, Fraction(-5, 4))
    (Fraction(5, 16), Fraction(-2, 1))
    """
    if low is not None:
        ln, ld = low.numerator, low.denominator
    if high is not None:
        hn, hd = high.numerator, high.denominator
        if low is not None and ln * hd >= hn * ld:
            raise ValueError(f"no number strictly between {low} and {high}")
    if (low is None or ln < 0) and (high is None or hn > 0):
        return Fraction(0)
    if high is None or (low is not None and ln >= 0):
        n = ln // ld + 1  # the least integer above low
        if high is None or n * hd < hn:
            return Fraction(n)
    else:
        n = -(-hn // hd) - 1  # the greatest integer below high
        if low is None or n * ld > ln:
            return Fraction(n)
    assert low is not None and high is not None
    # Both bounds lie in one unit interval: the coarsest grid point 1/2^k strictly inside.
    k = 1
    while True:
        scale = 1 << k
        m = ln * scale // ld + 1
        if m * hd < hn * scale:
            return Fraction(m, scale)
        k += 1


def birthday_of_number(x: Fraction) -> int:
    """The day a number is born: n for ±n, ⌊|x|⌋ + k + 1 for an odd m / 2^k.

    >>> [birthday_of_number(Fraction(v)) for v in ("0", "-3", "1/2", "3/4", "3/2")]
    [0, 3, 2, 3, 3]
    """
    whole = math.floor(abs(x))
    if x.denominator == 1:
        return whole
    return whole + x.denominator.bit_length()


def format_dyadic(x: Fraction) -> str:
    """``3``, ``-3/4``: CGSuite's way of writing a number."""
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def parse_dyadic(text: str) -> Fraction:
    """Read ``3``, ``-3/4`` or ``0.25``; the denominator must be a power of two."""
    t = text.strip()
    try:
        x = Fraction(t)
    except (ValueError, ZeroDivisionError):
        raise InvalidPosition(f"not a number: {t!r}") from None
    if not is_dyadic(x):
        raise InvalidPosition(f"{t} is not a dyadic rational (its denominator must be a power of 2)")
    return x
