"""Split-nim, also called Lasker's Nim (the notes' exercise 1.10).

A move removes any positive number of chips from one heap, as in Nim, or splits one heap into two
non-empty heaps.  The Grundy value of a heap (Lasker; Berlekamp–Conway–Guy) is

    G(4k + 1) = 4k + 1,  G(4k + 2) = 4k + 2,  G(4k + 3) = 4k + 4,  G(4k + 4) = 4k + 3,

so heaps 1, 2, 3, 4 have values 1, 2, 4, 3.  The map is a bijection, so two single heaps are
equivalent exactly when they have equal size (exercise 1.10(d): true).

It is the take-and-break game ``4.3...``, so its one class is :class:`zermelo.heaps.LaskersNim`;
``SplitNim`` is that class under the notes' name.

>>> from zermelo import solve
>>> [m.label for m in solve(SplitNim(), (1, 2, 3)).winning_moves]
['heap 3: 3 -> 1 + 2']
"""

from __future__ import annotations

from ..heaps.games import LaskersNim, lasker_grundy

__all__ = ["SplitNim", "lasker_grundy"]

SplitNim = LaskersNim
