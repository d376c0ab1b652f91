"""Kayles and Dawson's Kayles: knock down pins in a row.

* :class:`Kayles` (octal code 0.77, Dudeney 1908): knock down one pin, or two adjacent pins; a row
  of ``n`` pins can split into two rows.
* :class:`DawsonKayles` (octal code 0.07): knock down exactly two adjacent pins.  This is the
  notes' **1 × n dominos** (exercise 1.5): a domino covers two adjacent free squares of the strip,
  leaving two strips whose lengths add up to ``n - 2``; its Grundy values are the notes' ``D_n``.

Both sequences are eventually periodic (Guy and Smith 1956): Kayles with period 12 from ``n = 71``
on, Dawson's Kayles with period 34 from ``n = 53`` on.  The closed forms below use the values
before the period (computed by the engine once and stored) and the period after; the tests check
them against plain search up to a few hundred pins.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar

from ..registry import GameEntry, no_params, register
from .heap import HeapGame

__all__ = ["DawsonKayles", "Kayles"]

# Kayles G(n) for n = 0 .. 82; from n = 71 on the values repeat with period 12.
# fmt: off
_KAYLES = (
    0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6,
    4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7,
    4, 1, 2, 8, 5, 4, 7, 2, 1, 8, 6, 7,
    4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7,
    4, 1, 2, 8, 1, 4, 7, 2, 1, 4, 2, 7,
    4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 6, 7,
    4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7,
)
# fmt: on
_KAYLES_PRE, _KAYLES_PERIOD = 71, 12

# Dawson's Kayles (0.07) G(n) for n = 0 .. 86; from n = 53 on the values repeat with period 34.
# fmt: off
_DAWSON = (
    0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2, 7,
    4, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 3, 7,
    4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9,
)
# fmt: on
_DAWSON_PRE, _DAWSON_PERIOD = 53, 34


def _periodic(table: tuple[int, ...], pre: int, period: int, n: int) -> int:
    if n < len(table):
        return table[n]
    return table[pre + (n - pre) % period]


class Kayles(HeapGame):
    """Kayles: knock down one pin or two adjacent pins from a row (octal 0.77).

    >>> from zermelo import grundy
    >>> [grundy(Kayles(), n) for n in range(12)]
    [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
    """

    name: ClassVar[str] = "kayles"
    breaks: ClassVar[bool] = True
    #: The take-and-break code, so compiled octal kernels can recognise the game.
    octal_code: ClassVar[str] = "0.77"

    def heap_options(self, n: int) -> Iterator[int | tuple[int, int]]:
        for take in (1, 2):
            if take <= n:
                yield n - take  # from the end of the row: no split
            for left in range(1, (n - take) // 2 + 1):
                yield (left, n - take - left)

    def heap_grundy(self, n: int) -> int:
        return _periodic(_KAYLES, _KAYLES_PRE, _KAYLES_PERIOD, n)


class DawsonKayles(HeapGame):
    """Dawson's Kayles, the 1 × n dominos of the notes: knock down two adjacent pins (octal 0.07).

    >>> from zermelo import grundy
    >>> [grundy(DawsonKayles(), n) for n in range(11)]
    [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3]
    """

    name: ClassVar[str] = "dawson"
    breaks: ClassVar[bool] = True
    octal_code: ClassVar[str] = "0.07"

    def heap_options(self, n: int) -> Iterator[int | tuple[int, int]]:
        if n >= 2:
            yield n - 2  # from the end of the row: no split
        for left in range(1, (n - 2) // 2 + 1):
            yield (left, n - 2 - left)

    def heap_grundy(self, n: int) -> int:
        return _periodic(_DAWSON, _DAWSON_PRE, _DAWSON_PERIOD, n)


register(
    GameEntry(
        "kayles",
        no_params(Kayles, "kayles"),
        "Kayles: knock down one pin or two adjacent pins (octal 0.77)",
        "",
        "kayles 5 7",
        table="{n}",
    )
)
