"""Kayles and Dawson's Kayles: knock down pins in a row.

* :class:`Kayles` (octal code 0.77, Dudeney 1908): knock down one pin, or two adjacent pins; a row
  of ``n`` pins can split into two rows.
* :class:`DawsonKayles` (octal code 0.07): knock down exactly two adjacent pins.  This is the
  notes' **1 × n dominos** (exercise 1.5); its Grundy values are the notes' ``D_n``.

Both are take-and-break games, so the one class of each lives with the others in
:mod:`zermelo.heaps.games` (``zermelo.games.Kayles is zermelo.heaps.Kayles``), registered there
beside them; this module keeps the notes' names.  Both sequences are eventually periodic (Guy and
Smith 1956): Kayles with period 12 from ``n = 71`` on, Dawson's Kayles with period 34 from ``n = 53`` on.

>>> from zermelo import grundy
>>> [grundy(Kayles(), n) for n in range(12)]
[0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
"""

from __future__ import annotations

from ..heaps.games import DawsonKayles, Kayles

__all__ = ["DawsonKayles", "Kayles"]
