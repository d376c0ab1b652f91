"""Take-and-break games as rules: :class:`TakeAndBreak`, :class:`Octal`, :class:`Hexadecimal`,
:class:`GrundyGame` and the named instances of the literature.

These classes only say what a move does to one heap; the generic engine solves them, and the
compiled kernels of :mod:`zermelo.search.heap_kernels` are tested against it.

>>> from zermelo import grundy
>>> [grundy(Octal("0.77"), n) for n in range(10)]
[0, 1, 2, 3, 1, 4, 3, 2, 1, 4]
>>> [grundy(GrundyGame(), n) for n in range(10)]
[0, 0, 0, 1, 0, 2, 1, 0, 2, 1]
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, ClassVar

from ..core.cache import KeyedCache
from ..core.heap_codes import Code, parse_code
from ..core.limits import ambient_deadline, deadline_scope
from ..rules import Move, Outcome
from ..rules.catalogue import CGSuiteName, GameEntry, needs_params, plain_entry, register
from .heap import HeapGame, Heaps, heap_tuple

if TYPE_CHECKING:
    from ..core.reasons import Reason

__all__ = [
    "NAMED_CODES",
    "DawsonChess",
    "DawsonKayles",
    "GrundyGame",
    "Hexadecimal",
    "Kayles",
    "LaskersNim",
    "Octal",
    "Officers",
    "TakeAndBreak",
    "Treblecross",
    "lasker_grundy",
    "partitions",
]

#: Named take-and-break games and their codes.
NAMED_CODES: dict[str, str] = {
    "kayles": "0.77",
    "dawsonkayles": "0.07",
    "dawsonchess": "0.137",
    "treblecrossheap": "0.007",
    "officers": "0.6",
    "splitnim": "4.3...",
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


def _splits(digit: int, rest: int) -> int:
    """The options one digit gives ``rest`` counters left (three or more heaps: the leading term
    of their count, compositions over ``j!``).

    >>> _splits(0b111, 6), _splits(0b1000, 7), len(list(partitions(7, 3)))
    (4, 2, 4)
    """
    total = 0
    for j in range(digit.bit_length()):
        if digit >> j & 1:
            if j == 0:
                total += int(rest == 0)
            elif j == 1:
                total += int(rest >= 1)
            elif j == 2:
                total += rest // 2
            elif rest >= j:
                total += math.comb(rest - 1, j - 1) // math.factorial(j)
    return total


class TakeAndBreak(HeapGame):
    """A take-and-break game given by its code (see :mod:`zermelo.core.heap_codes`).

    >>> g = TakeAndBreak("0.6")
    >>> sorted(g.heap_options(4), key=str)
    [(1, 2), 3]
    """

    name: ClassVar[str] = "tbreak"
    breaks: ClassVar[bool] = True
    misere_by_quotient: ClassVar[bool] = True
    radix: ClassVar[int] = 36
    #: A heap may have far more options than counters: a split into three heaps (hex:0.9) gives
    #: about n²/12, a repeating split (0.7...) n²/4, so :meth:`option_count` is asked for every
    #: heap (listing the 8·10^10 options of hex:0.9's heap of 999,999 grew without bound).
    many_options: ClassVar[bool] = True

    def __init__(self, code: str | Code) -> None:
        self.code: Code = code if isinstance(code, Code) else parse_code(code, self.radix, self.name)
        self._counts: dict[int, int] = {}  # option_count per heap

    def option_count(self, n: int) -> int:
        """About how many options a heap of ``n`` has (exact but for splits into three or more
        heaps, counted as their compositions over ``j!``, the leading term), counted as far as
        :attr:`most_options` + 1; kept per heap.

        >>> Octal("0.77").option_count(10), Hexadecimal("0.9").option_count(999_999) > 10**10
        (10, True)
        """
        if n in self._counts:
            return self._counts[n]
        code, total = self.code, 0
        if code.max_heaps <= 1:  # at most one option per number taken
            total = n + 1 if code.repeat else min(n + 1, len(code.digits))
        else:
            for k in range(n + 1 if code.repeat else min(n + 1, len(code.digits))):
                total += _splits(code.digit(k), n - k)
                if total > self.most_options:
                    break
        if len(self._counts) < 4096:
            self._counts[n] = total
        return total

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
                        # Smallest first, as the pieces of a row read from the left (Kayles' labels).
                        for parts in partitions(rest, j, self.code.is_unequal(k)):
                            yield parts[::-1]
                j += 1

    def spec(self) -> str:
        return f"{self.name}:{self.code}"

    def take_and_break_code(self) -> Code:
        return self.code

    def period_proof(self, p: int, n0: int) -> int | None:
        code = self.code
        if code.repeat or any(code.unequal) or code.max_removal is None:
            return None  # no theorem for '!' or repeating codes
        from ..search.period_bounds import proof_length

        return proof_length(p, n0, removal=code.max_removal, heaps=code.max_heaps) - 1

    # Misère play: answers from the game's misère quotient when one is computed (zermelo.misere).
    def outcome_formula(self, position: Heaps, misere: bool = False) -> Outcome | None:
        if not misere:
            return None
        from ..misere import hook

        return hook.outcome(self, position)

    def winning_moves_formula(self, position: Heaps, misere: bool = False) -> list[Move[Heaps]] | None:
        if not misere:
            from . import instant  # a heap of 500 or more: every winning move from the proven period

            wins = instant.winning_moves(self, position)
            return wins.moves if wins is not None and wins.count == len(wins.moves) else None
        from ..misere import hook

        return hook.winning_moves(self, position)

    def some_winning_move(self, position: Heaps, misere: bool = False) -> Move[Heaps] | None:
        if misere:
            return None
        from . import instant

        return instant.some_winning_move(self, position)

    def explain(self, position: Heaps, analysis: Any) -> str | None:
        if not analysis.misere:
            from . import instant  # the proven period and its theorem, for a heap of 500 or more

            return instant.explain(self, position, analysis, self.spec())
        from ..misere import hook

        return hook.explain(self, position, analysis)

    def grundy_formula(self, position: Heaps) -> int | None:
        """Big heaps take their values from the compiled kernels (tested against the engine).

        Positions with a heap of at least :data:`KERNEL_FROM` take their values from the proven
        period (:mod:`zermelo.heaps.instant`, proven once per code and kept on disk) where a
        theorem proves one; else they are looked up in a Grundy sequence computed once per code
        and extended on demand up to :data:`KERNEL_UPTO` heaps.  Smaller positions go to the engine, which starts
        faster.
        """
        closed = super().grundy_formula(position)  # a named game's own closed form, if it has one
        if closed is not None:
            return closed
        heaps = heap_tuple(position)
        if max(heaps, default=0) < KERNEL_FROM:
            return None
        from . import instant  # a proven period (kept on disk) answers any heap at once

        by_period = instant.grundy(self, position)
        if by_period is not None:
            return by_period
        x = 0
        for h in heaps:
            g = _kernel_value(self, h)
            if g is None:
                return None
            x ^= g
        return x

    def grundy_grounds(self, position: Heaps) -> str | None:
        """The proven period behind a big heap's value (a heap the kernels computed, with no
        proof: ``None``)."""
        from . import instant

        return instant.grounds(self, position)

    def reasons(self, position: Heaps) -> tuple[Reason, ...]:
        """The proven period behind a big heap's value, as data."""
        from . import instant

        return instant.reasons(self, position)


#: Positions with a heap this big use the kernels in :meth:`TakeAndBreak.grundy_formula`.
KERNEL_FROM = 500
#: The most heaps computed for it; beyond this only a proven period answers.
KERNEL_UPTO = 10_000_000
#: The same for codes that leave three heaps (one uninterruptible kernel call; see below).
THREE_HEAPS_UPTO = 1024
#: The CPU seconds (of the asking thread, after its kernels are compiled) spent looking for a
#: proven period when a heap is beyond :data:`KERNEL_UPTO`.
HUGE_HEAP_SECONDS = 2.0

#: Codes whose period was not found in time (kept for the last few: a later ask tries again).
_GAVE_UP: KeyedCache[str, bool] = KeyedCache(size=256)


class _GiveUp(Exception):
    """The search for a proven period of a huge heap ran out of its time."""


class _CallersDeadline(_GiveUp):
    """The same search stopped by the caller's deadline first (the code is not marked as given up)."""


#: The computed sequence of the last few codes (each up to :data:`KERNEL_UPTO` values).
_SEQUENCES: KeyedCache[str, Any] = KeyedCache(size=8)


def _through_period(s: Any, n: int) -> int | None:
    p, n0 = s.period, s.preperiod
    if s.proven and p and not s.saltus and n0 is not None and n >= n0:
        return int(s.values[n0 + (n - n0) % p])
    return None


def _kernel_value(game: TakeAndBreak, n: int) -> int | None:
    from .runners import runner_for
    from .sequence import SequenceProgress, sequence

    key = str(game.code)
    s = _SEQUENCES.get(key)
    if s is None or (n > s.upto and _through_period(s, n) is None):
        # Enough heaps for n, or (for a huge n) a first attempt at proving the period.  Codes that
        # leave three heaps have only the O(n²·W) kernel, one call that no budget can stop (0.3F:
        # 1.4 s for 1,024 heaps, 8 s for 2,048): a thousand heaps at most, the engine beyond.
        two = game.code.max_heaps <= 2
        top = KERNEL_UPTO if two else THREE_HEAPS_UPTO
        if s is not None and s.upto >= top:
            return None
        if n <= top:
            s = sequence(game, min(max(2 * n, 4096), top), max_upto=None if two else top)
        else:
            # Only a proven period answers a heap this big.  The attempt gets a few seconds: for
            # Grundy's game or Officers (no period known) 2**20 heaps would take ~10 s for nothing.
            # Giving up leaves the heap to the engine, whose budget then refuses it with a one-line
            # error.  The seconds are this thread's CPU time from after the kernels are compiled:
            # on the wall clock a loaded machine (or a cold numba cache) gave up on octal:0.16 at
            # 10^9, which takes 0.2 CPU s, and the same question was answered or refused by the
            # load.  A caller's deadline (--timeout) still ends the attempt when it comes first:
            # then the load decides, as the user's clock does everywhere, and the code is not marked.
            if key in _GAVE_UP:
                return None
            runner_for(game, None, top)[0].prepare()
            started, caller_end = time.thread_time(), ambient_deadline()

            def give_up(p: SequenceProgress) -> None:
                if time.thread_time() - started > HUGE_HEAP_SECONDS:
                    raise _GiveUp
                if caller_end is not None and time.monotonic() > caller_end:
                    raise _CallersDeadline

            try:
                with deadline_scope(None):  # its own CPU seconds, not the caller's clock
                    s = sequence(game, min(top, 1 << 20), max_upto=None if two else top, progress=give_up)
            except _CallersDeadline:
                return None
            except _GiveUp:
                _GAVE_UP[key] = True
                return None
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


def lasker_grundy(n: int) -> int:
    """The Grundy value of a Lasker's Nim heap of ``n``: swap 4k + 3 and 4k + 4, keep the others.

    >>> [lasker_grundy(n) for n in range(9)]
    [0, 1, 2, 4, 3, 5, 6, 8, 7]
    """
    r = n % 4
    if r == 3:
        return n + 1
    if r == 0 and n:
        return n - 1
    return n


class LaskersNim(_Named):
    """Lasker's Nim, the notes' split-nim: take any number from a heap, or split a heap in two (``4.3...``).

    Registered as ``splitnim`` (aliases ``lasker``, ``laskersnim``); ``zermelo.games.SplitNim`` is
    this class.  Heap values have a closed form (:func:`lasker_grundy`), tested against the engine.

    >>> from zermelo import grundy
    >>> [grundy(LaskersNim(), n) for n in range(9)]
    [0, 1, 2, 4, 3, 5, 6, 8, 7]
    """

    name: ClassVar[str] = "splitnim"

    def heap_grundy(self, n: int) -> int:
        return lasker_grundy(n)


class DawsonChess(_Named):
    """Dawson's Chess, the octal game 0.137 (pawns on a 3 x n board; Dawson, 1934)."""

    name: ClassVar[str] = "dawsonchess"


# Kayles G(n) for n = 0 .. 82; from n = 71 on the values repeat with period 12 (Guy and Smith 1956).
# Computed by the engine once and stored; tests/test_kayles.py checks them against plain search.
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


class Kayles(_Named):
    """Kayles (Dudeney 1908), the octal game 0.77: knock down one pin or two adjacent pins.

    A row of ``n`` pins may split into two rows.  Heap values: the stored values before the
    period, then period 12 from ``n = 71`` on.

    >>> from zermelo import grundy
    >>> [grundy(Kayles(), n) for n in range(12)]
    [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
    """

    name: ClassVar[str] = "kayles"
    #: The octal code as a plain string (games outside this package may carry one too).
    octal_code: ClassVar[str] = "0.77"

    def heap_grundy(self, n: int) -> int:
        return _periodic(_KAYLES, _KAYLES_PRE, _KAYLES_PERIOD, n)


class DawsonKayles(_Named):
    """Dawson's Kayles, the octal game 0.07: knock down two adjacent pins.

    This is the notes' **1 × n dominos** (exercise 1.5): a domino covers two adjacent free squares
    of the strip, leaving two strips whose lengths add up to ``n - 2``; its heap values are the
    notes' ``D_n``, periodic with period 34 from ``n = 53`` on.

    >>> from zermelo import grundy
    >>> [grundy(DawsonKayles(), n) for n in range(11)]
    [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3]
    """

    name: ClassVar[str] = "dawsonkayles"
    octal_code: ClassVar[str] = "0.07"

    def heap_grundy(self, n: int) -> int:
        return _periodic(_DAWSON, _DAWSON_PRE, _DAWSON_PERIOD, n)


class Treblecross(_Named):
    """Treblecross counted in heaps, the octal game 0.007 (``treblecrossheap``): a row of n empty
    cells is the heap n + 2.  The board as people play it (cells, X's) is the game ``treblecross``
    (:mod:`zermelo.games.treblecross`)."""

    name: ClassVar[str] = "treblecrossheap"


class Officers(_Named):
    """Officers, the octal game 0.6: take one counter, leaving one or two heaps."""

    name: ClassVar[str] = "officers"


# ---------------------------------------------------------------------- the registry's entries
_CODED: tuple[tuple[type[TakeAndBreak], str, str, str, str, tuple[str, ...]], ...] = (
    (
        Octal,
        "0.137",
        "octal game: digit d_k says how many heaps may be left after removing k (bits 1, 2, 4: 0, 1, 2 heaps)",
        "CODE: d0.d1d2... with octal digits, e.g. 0.137, .77, 4.7, 0.6",
        "octal:0.137 20",
        (),
    ),
    (
        Hexadecimal,
        "0.3F",
        "hexadecimal game: like octal, and bit 8 leaves three heaps",
        "CODE: d0.d1d2... with hex digits, e.g. 0.3F, 0.F",
        "hex:0.F 10",
        ("hexadecimal",),
    ),
    (
        TakeAndBreak,
        "0.77",
        "take-and-break game: bit 2^j of d_k lets a move remove k and leave j heaps",
        "CODE: digits 0-9 A-Z or [n]; '!' after a digit: split heaps must differ; '...' repeats the last digit",
        "tbreak:4.3... 10",
        (),
    ),
)
for _coded, _code, _summary, _params, _example, _aliases in _CODED:
    _factory = needs_params(_coded, _coded.name, "the code", _code)
    register(GameEntry(_coded.name, _factory, _summary, _params, _example, _coded, table="{n}", aliases=_aliases))
_NAMED: tuple[tuple[type[TakeAndBreak], str, str, tuple[str, ...]], ...] = (
    (GrundyGame, "Grundy's game: split a heap into two heaps of different sizes", "grundygame 20", ()),
    (DawsonChess, "Dawson's Chess, the octal game 0.137", "dawsonchess 20", ()),
    (Treblecross, "Treblecross counted in heaps, octal 0.007 (n empty cells = heap n + 2)", "treblecrossheap 17", ()),
    (Officers, "Officers, the octal game 0.6", "officers 20", ()),
    # "dawson": the notes' name of the same class (zermelo.games.DawsonKayles).
    (DawsonKayles, "Dawson's Kayles: knock down two adjacent pins (octal 0.07)", "dawsonkayles 20", ("dawson",)),
    (Kayles, "Kayles: knock down one pin or two adjacent pins (octal 0.77)", "kayles 5 7", ()),
    (
        LaskersNim,
        "split-nim (Lasker's Nim): take from a heap, or split a heap into two",
        "splitnim 1 2 4",
        ("lasker", "laskersnim"),
    ),
)
#: CGSuite's names of the named take-and-break games.
_CGSUITE_NAMED: dict[type[TakeAndBreak], str] = {
    GrundyGame: "GrundysGame",
    DawsonKayles: "DawsonsKayles",
    Kayles: "Kayles",
}
for _cls, _summary, _example, _aliases in _NAMED:
    _name = _CGSUITE_NAMED.get(_cls)
    _cgn = (CGSuiteName(f"game.heap.{_name}"),) if _name else ()
    register(plain_entry(_cls, _summary, _example, aliases=_aliases, cgsuite=_cgn))
