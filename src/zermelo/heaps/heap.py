"""Heap games: positions are heaps of counters, a move changes one heap.

A position is an ``int`` (one heap) or a tuple of ints (several heaps, a disjunctive sum).  A game
says only what one move does to one heap (:meth:`HeapGame.heap_options`): the heap becomes a smaller
heap, or — in take-and-break games — splits into several.  Sums, keys, labels and the text form
come from here, so Nim, subtraction games, Kayles and octal games are a few lines each.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable, Sequence
from itertools import islice
from typing import TYPE_CHECKING, ClassVar

from ..core.checks import shown
from ..core.errors import InvalidPosition, SearchLimitExceeded
from ..rules import Impartial, Move, is_natural, parse_int, short
from ..rules.boards import Board, heap_clicks, heaps_board, read_heap_move
from ..rules.wording import heap_move_label

if TYPE_CHECKING:
    from ..core.heap_codes import Code

__all__ = ["MAX_LISTED_OPTIONS", "HeapGame", "Heaps", "canonical_heaps", "heap_tuple", "partition_count"]

#: The most options of one heap ever listed.  The engine's budget refuses big heaps before it
#: lists anything (``size_hint``), but canonical forms, play and move listings ask a heap for its
#: options directly: a heap of 10**400 in Nim must get a one-line error, not a hang or an
#: ``OverflowError``.
MAX_LISTED_OPTIONS = 10**7

#: A heap-game position: one heap, or several.
Heaps = int | tuple[int, ...]


def heap_tuple(position: Heaps | Iterable[int]) -> tuple[int, ...]:
    """The heaps of a position as a tuple: the one place a single heap (a bare ``int``, as it is
    parsed, printed and returned: ``40``) is read as the tuple ``(40,)``.

    >>> heap_tuple(40), heap_tuple((3, 4)), heap_tuple([5])
    ((40,), (3, 4), (5,))
    """
    return (position,) if type(position) is int else tuple(position)  # type: ignore[arg-type]


#: Totals past this get the count of this one (already about 10^45): no budget reaches it.
_PARTITION_CAP = 2000
_PARTITIONS: list[int] = [1]  # p(0), p(1), …: extended as far as a question needs
_PARTITION_SUMS: list[int] = [1]  # p(0) + … + p(n)


def partition_count(n: int) -> int:
    """p(n), the partitions of ``n`` (``n`` past 2,000 counts as 2,000, a lower bound of 10^45).

    >>> [partition_count(n) for n in range(8)], partition_count(59)
    ([1, 1, 2, 3, 5, 7, 11, 15], 831820)
    """
    partitions_up_to(n)  # extends the table
    return _PARTITIONS[min(n, _PARTITION_CAP)]


def partitions_up_to(total: int) -> int:
    """p(0) + p(1) + … + p(total): the multisets of positive heaps whose sizes add up to at most
    ``total`` (``total`` past 2,000 counts as 2,000, a lower bound of 10^45).

    >>> [partitions_up_to(t) for t in range(6)]
    [1, 2, 4, 7, 12, 19]
    >>> len(str(partitions_up_to(1000)))
    33
    """
    total = min(total, _PARTITION_CAP)
    p = _PARTITIONS
    for n in range(len(p), total + 1):  # Euler's pentagonal number recurrence
        value, k = 0, 1
        while (a := k * (3 * k - 1) // 2) <= n:
            b = a + k  # k(3k + 1)/2
            sign = 1 if k % 2 else -1
            value += sign * p[n - a] + (sign * p[n - b] if b <= n else 0)
            k += 1
        p.append(value)
        _PARTITION_SUMS.append(_PARTITION_SUMS[-1] + value)
    return _PARTITION_SUMS[total]


def canonical_heaps(heaps: Iterable[int]) -> Heaps:
    """The canonical form of a multiset of heaps: empty heaps dropped, sorted; one heap as an int.

    >>> canonical_heaps((5, 0, 3))
    (3, 5)
    >>> canonical_heaps((0, 4))
    4
    >>> canonical_heaps(())
    0
    """
    hs = sorted(h for h in heaps if h)
    if not hs:
        return 0
    if len(hs) == 1:
        return hs[0]
    return tuple(hs)


class HeapGame(Impartial[Heaps]):
    """Base class of games on heaps.  Subclasses give :meth:`heap_options`.

    ``heap_options(n)`` yields what one heap of ``n`` may become: an ``int`` (a smaller heap) or a
    tuple of ints (the heap is broken into several).  A heap of 0 must have no options.
    """

    syntax = "heap sizes, separated by spaces (a heap of 10^60 is fine)"
    examples = ("7", "3 4 5")

    canonical_options: ClassVar[bool] = True
    #: True when a heap may have far more options than counters (a code that splits a heap into
    #: any number of heaps: p(n) of them): :meth:`option_count` is then asked for every heap,
    #: and more than :attr:`most_options` options are refused.
    many_options: ClassVar[bool] = False
    most_options: ClassVar[int] = MAX_LISTED_OPTIONS
    #: True when some move breaks a heap into several (Kayles, Lasker's Nim, octal games).
    breaks: ClassVar[bool] = False
    #: True when the game's misère closed forms read its misère quotient (take-and-break games).
    misere_by_quotient: ClassVar[bool] = False
    #: What the counters are called in move labels.
    unit: ClassVar[str] = ""
    #: A subtraction game's set S (``None`` for other games); the compiled kernels of
    #: :mod:`zermelo.heaps.sequence` read it, so they need not import the subtraction games.
    subtraction_set: tuple[int, ...] | None = None
    #: An all-but game's excluded numbers (``None`` for other games).
    excluded: frozenset[int] | None = None
    #: The game's octal code as a plain string, when a game outside :mod:`zermelo.heaps` is an
    #: octal game (Kayles's class carries ``"0.77"`` too); :mod:`zermelo.heaps.sequence` reads it.
    octal_code: ClassVar[str | None] = None

    def take_and_break_code(self) -> Code | None:
        """The game's take-and-break code, if it has one (the kernels of :mod:`zermelo.heaps.sequence`
        read it, so they need not import the take-and-break games)."""
        return None

    def heap_options(self, n: int) -> Iterable[int | tuple[int, ...]]:
        """What one heap of ``n`` can become in one move."""
        raise NotImplementedError

    def heap_grundy(self, n: int) -> int | None:
        """A closed form for one heap's Grundy value, or ``None``."""
        return None

    def option_count(self, n: int) -> int:
        """At most how many options a heap of ``n`` has (default ``n``: one per counter taken).

        Only compared with :attr:`most_options`, to refuse listing a huge heap's options.
        """
        return n

    def _listable(self, n: int) -> bool:
        """Listed without asking :meth:`option_count` (at most one option a counter, few counters)."""
        return n <= MAX_LISTED_OPTIONS and not self.many_options

    def _too_many(self, n: int) -> bool:
        return not self._listable(n) and self.option_count(n) > self.most_options

    def _check_listable(self, n: int) -> None:
        if self._too_many(n):
            raise SearchLimitExceeded(
                f"{self.name}: a heap of {short(str(n), 40)} has too many moves to list"
                f" (more than {self.most_options:,}); positions this big are beyond search"
            )

    # -- Impartial ------------------------------------------------------------------------
    def options(self, position: Heaps) -> list[Heaps]:
        if type(position) is int:
            if not self._listable(position):
                self._check_listable(position)
            if not self.breaks:
                opts = self.heap_options(position)
                return opts if type(opts) is list else list(opts)
            return [r if type(r) is int else canonical_heaps(r) for r in self.heap_options(position)]  # type: ignore[arg-type]
        heaps: tuple[int, ...] = position  # type: ignore[assignment]
        out: list[Heaps] = []
        seen: set[int] = set()
        for i, h in enumerate(heaps):
            if h in seen:
                continue  # equal heaps give the same options
            seen.add(h)
            if not self._listable(h):
                self._check_listable(h)
            rest = heaps[:i] + heaps[i + 1 :]
            for r in self.heap_options(h):
                out.append(canonical_heaps(rest + heap_tuple(r)))
        return out

    def moves(self, position: Heaps) -> Iterable[Move[Heaps]]:
        heaps = heap_tuple(position)
        for i, h in enumerate(heaps):
            if not self._listable(h):
                self._check_listable(h)
            for r in self.heap_options(h):
                yield self.heap_move(heaps, i, heap_tuple(r))

    def count_moves(self, position: Heaps, most: int) -> int | None:
        """One move a heap and option (as :meth:`moves` lists them), equal heaps counted once.

        >>> from zermelo.games import Nim
        >>> Nim().count_moves((1,) * 100_000, 5_000) > 5_000, Nim().count_moves((3, 3, 2), 5_000)
        (True, 8)
        """
        total = 0
        for h, times in Counter(heap_tuple(position)).items():
            if self._too_many(h):
                return None  # listing them is refused on its own terms
            # No more options counted than it takes to pass ``most``: a heap may have 10^10.
            total += times * sum(1 for _ in islice(self.heap_options(h), most + 1))
            if total > most:
                break
        return total

    def heap_move(self, heaps: tuple[int, ...], i: int, parts: tuple[int, ...]) -> Move[Heaps]:
        """The move that turns heap ``i`` (from 0) of ``heaps`` into ``parts``, labelled as :meth:`moves` does.

        >>> from zermelo.games import Nim
        >>> Nim().heap_move((7, 5), 1, (2,)).label
        'take 3 from heap 2 (5 -> 2)'
        >>> Nim().heap_move((1,), 0, ()).position  # the last heap gone (a spawning heap of 1): 0, as written
        0
        """
        new = heaps[:i] + parts + heaps[i + 1 :]
        result: Heaps = new[0] if len(new) == 1 else (new or 0)
        return Move(heap_move_label(heaps, i, parts, self.unit), result)

    def options_never_split(self) -> bool:
        return not self.breaks  # one heap becomes one heap unless the game breaks heaps

    def components(self, position: Heaps) -> Sequence[Heaps] | None:
        if type(position) is int:
            return None
        return [h for h in position if h]  # type: ignore[union-attr]

    def period_proof(self, p: int, n0: int) -> int | None:
        """The largest heap a periodicity theorem needs to prove that per-heap values (Grundy
        values, misère quotient elements) repeat with period ``p`` from heap ``n0`` on, or ``None``
        when no theorem applies to the game (the default).  Take-and-break codes give Guy–Smith's bound."""
        return None

    def size_hint(self, position: Heaps) -> int:
        """Positions below this one: at most the product of (heap + 1) over the heaps."""
        n = 1
        for h in heap_tuple(position):
            n *= h + 1
        return n

    def whole_size_hint(self, position: Heaps) -> int:
        """Whole positions below this one.  A game that breaks heaps reaches multisets of heaps of
        total at most the position's: p(0) + … + p(T) of them (p: the partition numbers), which
        grows like e^(π·sqrt(2T/3)) — about 10^32 for Kayles 1000, against 1,001 parts."""
        if not self.breaks:
            return self.size_hint(position)
        return partitions_up_to(sum(heap_tuple(position)))

    def key(self, position: Heaps) -> Hashable:
        return position if type(position) is int else canonical_heaps(position)  # type: ignore[arg-type]

    def grundy_formula(self, position: Heaps) -> int | None:
        x = 0
        for h in heap_tuple(position):
            g = self.heap_grundy(h)
            if g is None:
                return None
            x ^= g
        return x

    def parse(self, text: str) -> Heaps:
        parts = text.replace(",", " ").split()
        if not parts:
            raise InvalidPosition(f"{self.name}: give at least one heap size, like '7' or '3 4 5'")
        heaps = tuple(parse_int(p, "a heap size") for p in parts)
        return heaps[0] if len(heaps) == 1 else heaps

    def format(self, position: Heaps) -> str:
        if type(position) is int:
            return str(position)
        return " ".join(str(h) for h in position)  # type: ignore[union-attr]

    def validate(self, position: Heaps) -> Heaps:
        """Check a position given from Python; raise :class:`InvalidPosition` if it is not one."""
        heaps = (position,) if is_natural(position) else position
        if not isinstance(heaps, tuple) or not all(is_natural(h) for h in heaps):
            raise InvalidPosition(f"{self.name}: a position is a heap size or a tuple of them, got {shown(position)}")
        return position

    def board(self, position: Heaps) -> Board:
        """Rows of counters, one per heap."""
        return heaps_board(heap_tuple(position))

    def board_clicks(self, position: Heaps, after: Heaps, side: str | None = None) -> list[list[str]] | None:
        """A game that breaks heaps is a row of pins: a move knocks out a run of them, anywhere it
        leaves the parts it leaves (Kayles 5 -> 1 + 3: pin 2 or pin 4, counted from 1).  One pin is
        one click (``h1:1``), a run its first and last pin (``h1:1``, ``h1:2``), a split that takes
        nothing (Grundy's game) the two pins beside it; ``None`` for a game that never breaks (the
        drawing's own comparison: the counter clicked and all after it are taken).

        >>> from zermelo.games import Kayles
        >>> Kayles().board_clicks(5, (1, 3))
        [['h1:1'], ['h1:3']]
        >>> Kayles().board_clicks((2, 3), (1, 1, 2))  # the 3 knocked in its middle
        [['h2:1']]
        """
        if not self.breaks:
            return None
        return heap_clicks(heap_tuple(position), heap_tuple(after), pins=True)

    def parse_move(self, position: Heaps, text: str, moves: Sequence[Move[Heaps]]) -> Move[Heaps] | None:
        """``2 3`` = take 3 from heap 2; ``heap 2 -> 1``; ``take 3 from heap 2``; ``take 3`` (one
        heap); ``take all`` (one heap), ``take all from heap 2``.  ``moves`` may be a few standing
        for all (:meth:`few_moves`): a heap whose options are a ``range`` (Nim's) is checked without them.

        >>> from zermelo.games import Nim
        >>> Nim().parse_move((10**60, 3), "take all from heap 1", []).label[:10]
        'take 10000'
        """
        heaps = heap_tuple(position)
        typed = read_heap_move(heaps, text)
        return None if typed is None else self._match(heaps, moves, *typed)

    def _match(
        self, heaps: tuple[int, ...], moves: Sequence[Move[Heaps]], heap: int, new: int, what: str
    ) -> Move[Heaps]:
        """The move that leaves heap ``heap`` (from 1) with ``new`` counters, the others as they are."""
        if not 1 <= heap <= len(heaps):
            raise InvalidPosition(f"there is no heap {heap}: the heaps are numbered 1 to {len(heaps)}")
        want = (*heaps[: heap - 1], new, *heaps[heap:])
        for m in moves:
            if heap_tuple(m.position) == want:
                return m
        h = heaps[heap - 1]
        if h > MAX_LISTED_OPTIONS and not self.breaks:
            options = self.heap_options(h)
            if isinstance(options, range) and new in options:  # checked, not listed
                return self.heap_move(heaps, heap - 1, (new,))
        raise InvalidPosition(f"{what} is not a legal move (heap {heap} has {h})")
