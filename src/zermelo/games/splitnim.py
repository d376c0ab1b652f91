"""Split-nim, also called Lasker's Nim (the notes' exercise 1.10).

A move removes any positive number of chips from one heap, as in Nim, or splits one heap into two
non-empty heaps.  The Grundy value of a heap (Lasker; Berlekamp–Conway–Guy) is

    G(4k + 1) = 4k + 1,  G(4k + 2) = 4k + 2,  G(4k + 3) = 4k + 4,  G(4k + 4) = 4k + 3,

so heaps 1, 2, 3, 4 have values 1, 2, 4, 3.  The map is a bijection, so two single heaps are
equivalent exactly when they have equal size (exercise 1.10(d): true).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar

from ..registry import GameEntry, no_params, register
from .heap import HeapGame

__all__ = ["SplitNim", "lasker_grundy"]


def lasker_grundy(n: int) -> int:
    """The Grundy value of a split-nim heap of ``n``: swap 4k + 3 and 4k + 4, keep the others.

    >>> [lasker_grundy(n) for n in range(9)]
    [0, 1, 2, 4, 3, 5, 6, 8, 7]
    """
    r = n % 4
    if r == 3:
        return n + 1
    if r == 0 and n:
        return n - 1
    return n


class SplitNim(HeapGame):
    """Split-nim (Lasker's Nim): take from one heap, or split a heap into two non-empty heaps.

    >>> from zermelo import solve
    >>> [m.label for m in solve(SplitNim(), (1, 2, 3)).winning_moves]
    ['heap 3: 3 -> 1 + 2']
    """

    name: ClassVar[str] = "splitnim"
    breaks: ClassVar[bool] = True

    def heap_options(self, n: int) -> Iterator[int | tuple[int, int]]:
        yield from range(n)
        for a in range(1, n // 2 + 1):
            yield (a, n - a)

    def heap_grundy(self, n: int) -> int:
        return lasker_grundy(n)


register(
    GameEntry(
        "splitnim",
        no_params(SplitNim, "splitnim"),
        "split-nim (Lasker's Nim): take from a heap, or split a heap into two",
        "",
        "splitnim 1 2 4",
        table="{n}",
        aliases=("lasker",),
    )
)
