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

from .errors import InvalidPosition

__all__ = [
    "birthday_of_number",
    "format_dyadic",
    "from_signs",
    "is_dyadic",
    "parse_dyadic",
    "sign_expansion",
    "simplest_between",
    "simplest_pair",
]


def is_dyadic(x: Fraction) -> bool:
    """Whether the denominator of ``x`` is a power of two.

    >>> is_dyadic(Fraction(3, 8)), is_dyadic(Fraction(1, 3))
    (True, False)
    """
    d = x.denominator
    return d & (d - 1) == 0


def simplest_between(low: Fraction | None, high: Fraction | None) -> Fraction:
    """The simplest (earliest-born) dyadic rational strictly between ``low`` and ``high``.

    ``None`` stands for no bound.  Requires ``low < high``.

    >>> simplest_between(Fraction(1, 4), Fraction(3, 8)), simplest_between(None, Fraction(-5, 4))
    (Fraction(5, 16), Fraction(-2, 1))
    """
    lo = None if low is None else (low.numerator, low.denominator)
    hi = None if high is None else (high.numerator, high.denominator)
    if lo is not None and hi is not None and lo[0] * hi[1] >= hi[0] * lo[1]:
        raise ValueError(f"no number strictly between {low} and {high}")
    n, d = simplest_pair(lo, hi)
    return Fraction(n) if d == 1 else Fraction(n, d)


def simplest_pair(low: tuple[int, int] | None, high: tuple[int, int] | None) -> tuple[int, int]:
    """:func:`simplest_between` on (numerator, denominator) pairs, lowest terms in and out.

    Integer arithmetic only: Fraction operations are slow, and this runs for every position
    whose value is a number.  Requires low < high.

    >>> simplest_pair((1, 4), (3, 8)), simplest_pair((-3, 1), None)
    ((5, 16), (0, 1))
    """
    if (low is None or low[0] < 0) and (high is None or high[0] > 0):
        return (0, 1)
    if high is None or (low is not None and low[0] >= 0):
        assert low is not None
        ln, ld = low
        n = ln // ld + 1  # the least integer above low
        if high is None or n * high[1] < high[0]:
            return (n, 1)
    else:
        hn, hd = high
        n = -(-hn // hd) - 1  # the greatest integer below high
        if low is None or n * low[1] > low[0]:
            return (n, 1)
    assert low is not None and high is not None
    (ln, ld), (hn, hd) = low, high
    # Both bounds lie in one unit interval: the coarsest grid point m/2^k strictly inside (m is
    # odd, or a coarser k would have held it).
    scale = 2
    while True:
        m = ln * scale // ld + 1
        if m * hd < hn * scale:
            return (m, scale)
        scale <<= 1


def birthday_of_number(x: Fraction) -> int:
    """The day a number is born: n for ±n, ⌊|x|⌋ + k + 1 for an odd m / 2^k.

    >>> [birthday_of_number(Fraction(v)) for v in ("0", "-3", "1/2", "3/4", "3/2")]
    [0, 3, 2, 3, 3]
    """
    whole = math.floor(abs(x))
    if x.denominator == 1:
        return whole
    return whole + x.denominator.bit_length()


def sign_expansion(x: Fraction) -> str:
    """The signs of the path from 0 to ``x`` in the tree of numbers (its Hackenbush stalk).

    ``+`` steps up (a blue edge), ``-`` down (a red one): the integer part is a run of one
    sign, then each binary digit of the fraction after the first sign change is a step up
    (1) or down (0), the last digit being the step that stops.

    >>> [sign_expansion(Fraction(v)) for v in ("0", "3", "-2", "1/2", "3/4", "5/8", "-3/2")]
    ['', '+++', '--', '+-', '+-+', '+-+-', '--+']
    """
    if x == 0:
        return ""
    up, down = ("+", "-") if x > 0 else ("-", "+")
    y = abs(x)
    whole, num, den = y.numerator // y.denominator, y.numerator % y.denominator, y.denominator
    if num == 0:
        return up * whole
    k = den.bit_length() - 1  # the fraction is num / 2^k, num odd
    bits = bin(num)[2:].zfill(k)[:-1]  # its binary digits but the final 1
    return up * (whole + 1) + down + bits.replace("1", up).replace("0", down)


def from_signs(signs: str) -> Fraction:
    """The number whose sign expansion is ``signs`` (the inverse of :func:`sign_expansion`).

    >>> [str(from_signs(s)) for s in ("", "++", "+-", "+--", "-+-+")]
    ['0', '2', '1/2', '1/4', '-5/8']
    """
    if not signs:
        return Fraction(0)
    first = signs[0]
    run = len(signs) - len(signs.lstrip(first))
    if run == len(signs):
        return Fraction(run if first == "+" else -run)
    bits = signs[run + 1 :].replace(first, "1").replace("-" if first == "+" else "+", "0") + "1"
    value = (run - 1) + Fraction(int(bits, 2), 1 << len(bits))
    return value if first == "+" else -value


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
