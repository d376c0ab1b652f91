"""Take-and-break games as rules: :class:`TakeAndBreak`, :class:`Octal`, :class:`Hexadecimal`,
:class:`GrundyGame` and the named instances of the literature.

These classes only say what a move does to one heap; the generic engine solves them, and the
compiled kernels of :mod:`zermelo.heaps.kernels` are tested against it.

>>> from zermelo import grundy
>>> [grundy(Octal("0.77"), n) for n in range(10)]
[0, 1, 2, 3, 1, 4, 3, 2, 1, 4]
>>> [grundy(GrundyGame(), n) for n in range(10)]
[0, 0, 0, 1, 0, 2, 1, 0, 2, 1]
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, ClassVar

from ..games.heap import HeapGame, Heaps
from .codes import Code, parse_code

__all__ = [
    "NAMED_CODES",
    "DawsonChess",
    "DawsonKayles",
    "GrundyGame",
    "Hexadecimal",
    "LaskersNim",
    "Octal",
    "Officers",
    "TakeAndBreak",
    "Treblecross",
    "partitions",
]

#: Named take-and-break games and their codes.
NAMED_CODES: dict[str, str] = {
    "kayles": "0.77",
    "dawsonkayles": "0.07",
    "dawsonchess": "0.137",
    "treblecross": "0.007",
    "officers": "0.6",
    "laskersnim": "4.3...",
    "grundygame": "4!.0",
}


def partitions(total: int, parts: int, distinct: bool = False, largest: int | None = None) -> Iterator[tuple[int, ...]]:
    """The ways to write ``total`` as ``parts`` positive numbers, non-increasing.

    >>> list(partitions(6, 2)), list(partitions(6, 2, distinct=True)), list(partitions(5, 3))
    ([(5, 1), (4, 2), (3, 3)], [(5, 1), (4, 2)], [(3, 1, 1), (2, 2, 1)])
    """
    top = total if largest is None else min(largest, total)
    if parts == 1:
        if 1 <= total <= top:
            yield (total,)
        return
    for first in range(top, 0, -1):
        rest = total - first
        if rest < parts - 1 or first * parts < total:
            continue
        for tail in partitions(rest, parts - 1, distinct, first - 1 if distinct else first):
            yield (first, *tail)


class TakeAndBreak(HeapGame):
    """A take-and-break game given by its code (see :mod:`zermelo.heaps.codes`).

    >>> g = TakeAndBreak("0.6")
    >>> sorted(g.heap_options(4), key=str)
    [(2, 1), 3]
    """

    name: ClassVar[str] = "tbreak"
    breaks: ClassVar[bool] = True
    radix: ClassVar[int] = 36

    def __init__(self, code: str | Code) -> None:
        self.code: Code = code if isinstance(code, Code) else parse_code(code, self.radix, self.name)

    def heap_options(self, n: int) -> Iterator[int | tuple[int, ...]]:
        for k in range(n + 1):
            d = self.code.digit(k)
            if not d:
                continue
            rest = n - k
            j = 0
            while d >> j:
                if d >> j & 1:
                    if j == 0:
                        if rest == 0:
                            yield 0
                    elif j == 1:
                        if rest >= 1:
                            yield rest
                    else:
                        yield from partitions(rest, j, self.code.is_unequal(k))
                j += 1

    def spec(self) -> str:
        return f"{self.name}:{self.code}"

    def grundy_formula(self, position: Heaps) -> int | None:
        """Big heaps take their values from the compiled kernels (tested against the engine).

        Positions with a heap of at least :data:`KERNEL_FROM` are looked up in a Grundy sequence
        computed once per code and extended on demand up to :data:`KERNEL_UPTO` heaps; any size
        is answered once the period is proven.  Smaller positions go to the engine, which starts
        faster.
        """
        heaps: tuple[int, ...] = (position,) if isinstance(position, int) else position
        if max(heaps, default=0) < KERNEL_FROM:
            return None
        x = 0
        for h in heaps:
            g = _kernel_value(self, h)
            if g is None:
                return None
            x ^= g
        return x


#: Positions with a heap this big use the kernels in :meth:`TakeAndBreak.grundy_formula`.
KERNEL_FROM = 500
#: The most heaps computed for it; beyond this only a proven period answers.
KERNEL_UPTO = 10_000_000

_SEQUENCES: dict[str, Any] = {}


def _through_period(s: Any, n: int) -> int | None:
    p, n0 = s.period, s.preperiod
    if s.proven and p and not s.saltus and n0 is not None and n >= n0:
        return int(s.values[n0 + (n - n0) % p])
    return None


def _kernel_value(game: TakeAndBreak, n: int) -> int | None:
    from .sequence import sequence

    key = str(game.code)
    s = _SEQUENCES.get(key)
    if s is None or (n > s.upto and _through_period(s, n) is None):
        # Enough heaps for n, or (for a huge n) a first attempt at proving the period.  Codes that
        # leave three heaps have only the O(n²·W) kernel: a few thousand heaps at most.
        top = KERNEL_UPTO if game.code.max_heaps <= 2 else 20_000
        if s is not None and s.upto >= top:
            return None
        s = sequence(game, min(max(2 * n, 4096), top if n <= top else min(top, 1 << 20)))
        _SEQUENCES[key] = s
    v = _through_period(s, n)
    if v is not None:
        return v
    return int(s.values[n]) if n <= s.upto else None


class Octal(TakeAndBreak):
    """An octal game: digits 0..7 (``Octal("0.137")`` is Dawson's Chess).

    >>> Octal(".77").spec()
    'octal:0.77'
    """

    name: ClassVar[str] = "octal"
    radix: ClassVar[int] = 8


class Hexadecimal(TakeAndBreak):
    """A hexadecimal game: digits 0..F, so a move may leave up to three heaps."""

    name: ClassVar[str] = "hex"
    radix: ClassVar[int] = 16


class _Named(TakeAndBreak):
    """A named instance: its spec is its name."""

    def __init__(self) -> None:
        super().__init__(NAMED_CODES[self.name])

    def spec(self) -> str:
        return self.name


class GrundyGame(_Named):
    """Grundy's game: split a heap into two heaps of different sizes (code ``4!.0``)."""

    name: ClassVar[str] = "grundygame"


class LaskersNim(_Named):
    """Lasker's Nim: take any number of counters from a heap, or split a heap in two (``4.3...``).

    >>> from zermelo import grundy
    >>> [grundy(LaskersNim(), n) for n in range(9)]
    [0, 1, 2, 4, 3, 5, 6, 8, 7]
    """

    name: ClassVar[str] = "laskersnim"


class DawsonChess(_Named):
    """Dawson's Chess, the octal game 0.137 (pawns on a 3 x n board; Dawson, 1934)."""

    name: ClassVar[str] = "dawsonchess"


class DawsonKayles(_Named):
    """Dawson's Kayles, the octal game 0.07: knock down two adjacent pins."""

    name: ClassVar[str] = "dawsonkayles"


class Treblecross(_Named):
    """Treblecross (one-dimensional tic-tac-toe in which both play X), the octal game 0.007."""

    name: ClassVar[str] = "treblecross"


class Officers(_Named):
    """Officers, the octal game 0.6: take one counter, leaving one or two heaps."""

    name: ClassVar[str] = "officers"
