"""Canonical forms in compiled code: a table of games as rows of option ids, hash-consed (numba).

The same arithmetic as :mod:`zermelo.values.game` — dominated options removed, reversible ones
bypassed, numbers never expanded into options, the stops settling most comparisons, sums by the
definition with number avoidance — over integer ids instead of Python objects, for the value
searches that build hundreds of thousands of forms (:mod:`zermelo.analyses.canonical` switches to
it once a search is large).  A game is a row of one table: a number ``n / 2^e`` (no options
stored), or a form whose Left and Right options are runs of ids in one flat array, sorted;
equal forms share one row (hash-consing), so equality is equality of ids, as the interned
:class:`~zermelo.values.game.Game` is identity.  :class:`Forms` turns ids into ``Game`` and back.

The tables (``S``, a tuple of arrays, passed to every kernel of :mod:`zermelo.values.forms_kernel`):

* ``T[i]``: the fields :data:`KIND` … :data:`NEG` of game ``i`` (its number, nimber, stops as
  dyadic pairs, where its options lie in ``O``, its negative once known);
* ``O``: the options; ``M``: counters (games, options used, the *full* flag);
* ``HF``, ``HN``: open-addressing hash tables of forms and numbers (ids, -1 empty);
* ``CK``/``CV`` and ``AK``/``AV``: caches of comparisons and sums, one slot per hash (a later
  pair overwrites an earlier one: a cache, never a wrong answer);
* ``RC``: a cache of canonical forms by their raw options, one slot per hash, each holding the
  raw options it was computed from (compared before it is used): a value search meets the same
  options again and again (a Konane search of 101,774 regions has 39,794 distinct ones), and
  removing dominated options and bypassing reversible ones was most of the forms' work.

A kernel never grows an array: when the table or ``O`` is full it sets the *full* flag, every
new game it would make reads as 0 and nothing computed from then on is stored; the Python side
grows the arrays and asks again (:meth:`Forms.call`).  Comparisons are stored even then: a
comparison never makes a game, so it is a fact about the two ids it was asked of.

Numbers are dyadic pairs of int64 with ``|n| < 2^31`` and ``e <= 31`` (their comparisons and
sums cannot overflow); a value outside that sets the *overflow* flag and :class:`Forms` refuses
(:class:`OutOfRange`), so a caller falls back on the Python core.

>>> from zermelo.values import parse_value
>>> f = Forms()
>>> a, b = f.from_game(parse_value("{2|-1/2}")), f.from_game(parse_value("^*"))
>>> print(f.to_game(f.add(a, b)), f.le(f.neg(b), b), f.to_game(f.canonical([b], [a])))
{2^*|-1/2^*} True 0
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Any

import numpy as np

from ..core import aot
from ..core._jit import cached, compiled, resolved
from ..core._jit import ready as loaded
from ..core.limits import ambient_deadline
from .budget import timer_armed
from .forms_kernel import (
    COUNT,
    EXP,
    EXP_LIMIT,
    FIELDS,
    FULL,
    IS_NUMBER,
    KIND,
    LCNT,
    LOFF,
    NIM,
    NUM,
    NUM_LIMIT,
    OFILL,
    OVERFLOW,
    RAW_WIDTH,
    RCNT,
    ROFF,
    run,
)
from .game import TOTAL_HOOK, Game, canonical_row, dyadic, game, number, star

__all__ = [
    "Forms",
    "OutOfRange",
    "ahead",
    "cache_slots",
    "cheap",
    "compiled_total",
    "current",
    "forms",
    "ready",
    "warm",
]

#: At most 2^20 slots in each cache of comparisons and sums (``CK``/``CV``, ``AK``/``AV``: 25 MB).
_CACHE_BITS = 20
#: At most 2^16 slots in the cache of canonical forms by raw options (``RC``: 16 numbers a slot, 8 MB).
_RAW_BITS = 16


def cache_slots(capacity: int) -> tuple[int, int]:
    """The slots of the comparisons' and sums' caches and of the raw forms' cache for a table of
    ``capacity`` rows: four and a quarter of a slot a row, up to :data:`_CACHE_BITS` and
    :data:`_RAW_BITS` (reached at 2^18 rows).  Caches of the largest size from the first search
    cost a small one more than its work: its look-ups land on 33 MB of memory, each a miss of
    the processor's caches and of its table of pages (a 5 x 5 Amazons endgame, 808 regions, took
    6.6-7.5 ms with them, 5.9 ms with caches of 2^14 and 2^10 slots).

    >>> cache_slots(1 << 12), cache_slots(1 << 18), cache_slots(1 << 22)
    ((16384, 1024), (1048576, 65536), (1048576, 65536))
    """
    return min(1 << _CACHE_BITS, 4 * capacity), min(1 << _RAW_BITS, max(1, capacity // 4))


class OutOfRange(ArithmeticError):
    """A number past the kernels' limits (:data:`~zermelo.values.forms_kernel.NUM_LIMIT`): the
    caller uses the Python core."""


#: The operations of :func:`run`.
OPS = {
    "number": 0,
    "star": 1,
    "intern": 2,
    "le": 3,
    "neg": 4,
    "add": 5,
    "total": 6,
    "canonical": 7,
    "value_of": 8,
    "rehash": 9,
}
_NONE = np.zeros(0, np.int64)


# ---------------------------------------------------------------------- the Python side
class Forms:
    """One table of compiled forms, grown as needed, with the bridge to :class:`Game`."""

    def __init__(self, capacity: int = 1 << 12) -> None:
        self.S: tuple[Any, ...] = ()
        self._grow(capacity)
        self._from: dict[int, int] = {}  # Game.id -> id here
        self._to: dict[int, Game] = {}  # id here -> Game
        self.kernel = compiled(run)
        self.zero = self.call(0, 0, 0)  # numba compiles (or loads) it now if it must
        self.kernel = resolved(self.kernel, self.S, 0, 0, 0, _NONE, _NONE)  # the types checked once

    def _grow(self, capacity: int) -> None:
        old = self.S
        T = np.zeros((capacity, FIELDS), np.int64)
        OPT = np.zeros(4 * capacity, np.int64)
        M = np.zeros(8, np.int64)
        cache, raw = cache_slots(capacity)
        if old and old[5].shape[0] == cache and old[9].shape[0] == RAW_WIDTH * raw:
            CK, CV, AK, AV, RC = old[5], old[6], old[7], old[8], old[9]
        else:  # the caches grow with the table, emptied (a slot's place depends on their size)
            CK, CV = np.full(cache, -1, np.int64), np.zeros(cache, np.int8)
            AK, AV = np.full(cache, -1, np.int64), np.zeros(cache, np.int64)
            RC = np.full(RAW_WIDTH * raw, -1, np.int64)
        if old:
            count, ofill = int(old[2][COUNT]), int(old[2][OFILL])
            T[:count] = old[0][:count]
            OPT[:ofill] = old[1][:ofill]
            M[:] = old[2]
            M[FULL] = 0
        HF = np.full(2 * capacity, -1, np.int64)
        HN = np.full(2 * capacity, -1, np.int64)
        grown = (T, OPT, M, HF, HN, CK, CV, AK, AV, RC)
        if old:  # hashed before it replaces the table: an interrupt leaves one whole table or the other
            self.kernel(grown, 9, 0, 0, _NONE, _NONE)
        self.S = grown
        # The counters as Python ints, and the sizes past which the table grows (3/4 full): read
        # by room() and len() with no numpy call (a small root's search asks them once or twice).
        self._m = M.data
        self._full = (T.shape[0] * 3, OPT.shape[0] * 3)

    def call(self, op: int, a: int = 0, b: int = 0, X: Any = _NONE, Y: Any = _NONE) -> int:
        """:func:`run` ``(S, op, a, b, X, Y)``, again on grown arrays when it ran out of room."""
        S = self.S
        M = S[2]
        if M[COUNT] * 4 > S[0].shape[0] * 3 or M[OFILL] * 4 > S[1].shape[0] * 3:
            self._grow(2 * S[0].shape[0])
            S, M = self.S, self.S[2]
        while True:
            out = self.kernel(S, op, a, b, X, Y)
            if M[OVERFLOW]:
                M[OVERFLOW] = 0
                raise OutOfRange("a number too large for the compiled forms")
            if not M[FULL]:
                return int(out)
            self._grow(2 * S[0].shape[0])
            S, M = self.S, self.S[2]

    def room(self, *, full: bool = False) -> tuple[Any, ...]:
        """The tables for a kernel that calls :func:`run` itself (the compiled value walk), grown
        first when 3/4 full or when ``full`` (that kernel found them full and stopped)."""
        M, (rows, opts) = self._m, self._full
        if full or M[COUNT] * 4 > rows or M[OFILL] * 4 > opts:
            self._grow(2 * self.S[0].shape[0])
        return self.S

    def overflowed(self) -> None:
        """Clear the overflow flag a kernel calling :func:`run` found set (the caller refuses)."""
        self.S[2][OVERFLOW] = 0

    # -------------------------------------------------------------- operations on ids
    def canonical(self, left: Sequence[int], right: Sequence[int]) -> int:
        """The id of the canonical form of {left | right}."""
        return self.call(7, X=np.array(left, np.int64), Y=np.array(right, np.int64))

    def value_of(self, kids: Sequence[int], flips: Sequence[bool], lefts: int, negate: bool = False) -> int:
        """See :func:`value_of`: a search's position from its children's ids."""
        return self.call(8, lefts, int(negate), np.array(kids, np.int64), np.array(flips, np.int64))

    def add(self, g: int, h: int) -> int:
        return self.call(5, g, h)

    def total(self, ids: Iterable[int]) -> int:
        return self.call(6, X=np.array(list(ids), np.int64))

    def neg(self, g: int) -> int:
        return self.call(4, g)

    def le(self, g: int, h: int) -> bool:
        return self.call(3, g, h) != 0

    def __len__(self) -> int:
        return int(self._m[COUNT])

    # -------------------------------------------------------------- the bridge
    def from_game(self, g: Game) -> int:
        """The id of a canonical :class:`Game`."""
        i = self._from.get(g.id)
        if i is not None:
            return i
        if g.num is not None:
            x = g.num
            e = x.denominator.bit_length() - 1
            if abs(x.numerator) >= NUM_LIMIT or e > EXP_LIMIT:
                raise OutOfRange(f"the number {x} is too large for the compiled forms")
            i = self.call(0, x.numerator, e)
        elif g.nim is not None:
            if g.nim >= NUM_LIMIT:
                raise OutOfRange(f"the nimber *{g.nim} is too large for the compiled forms")
            i = self.call(1, g.nim)
        else:
            left = [self.from_game(o) for o in g.left]
            right = [self.from_game(o) for o in g.right]
            i = self.call(2, X=np.array(left, np.int64), Y=np.array(right, np.int64))
        self._from[g.id] = i
        self._to.setdefault(i, g)
        return i

    def made(self, i: int) -> Game | None:
        """The :class:`Game` of an id if it was made before (no recursion), else None."""
        return self._to.get(i)

    def to_game(self, i: int) -> Game:
        """The :class:`Game` of an id."""
        g = self._to.get(i)
        if g is not None:
            return g
        row = self.S[0][i].tolist()
        if row[KIND] == IS_NUMBER:
            g = dyadic(row[NUM], row[EXP])
        elif row[NIM] >= 0:
            g = star(row[NIM])
        else:  # a canonical form of canonical options: interned as it is, not simplified again
            OPT, lo, ro = self.S[1], row[LOFF], row[ROFF]
            left = tuple(map(self.to_game, OPT[lo : lo + row[LCNT]].tolist()))
            g = canonical_row(left, tuple(map(self.to_game, OPT[ro : ro + row[RCNT]].tolist())))
        self._to[i] = g
        self._from.setdefault(g.id, i)
        return g

    def fill(self) -> None:
        """Every row's :class:`Game` made now (a warm-up's: its small values are then read, not built,
        by the first searches; 16 rows after the web's warm-up, 0.2 ms)."""
        for i in range(len(self)):
            self.to_game(i)


_FORMS: list[Forms] = []
#: Rows past which :func:`forms` starts a new table between searches: the ids of the old one are
#: gone.  ~170 bytes a row (its fields, options and hash slots) beside the caches' 33 MB at most
#: (:func:`cache_slots`): about 45 MB, so a web worker valuing large positions for weeks stays near the
#: other caches' bounds (2^23 rows, ~1.4 GB a worker, was the first bound).  One search may grow
#: the table past it; the next one starts afresh.
MAX_ROWS = 1 << 18


def forms() -> tuple[Forms, bool]:
    """The process's table of compiled forms (made on first use), and whether it is new: a table
    past :data:`MAX_ROWS` rows is dropped first (call this only where no id of it is held)."""
    if _FORMS and len(_FORMS[0]) > MAX_ROWS:
        _FORMS.clear()
    if not _FORMS:
        _FORMS.append(Forms())
        if not TOTAL_HOOK:  # from now on sums of many games add here (values.game.total)
            TOTAL_HOOK.append(compiled_total)
        return _FORMS[0], True
    return _FORMS[0], False


def compiled_total(parts: list[Game]) -> Game | None:
    """The sum of ``parts`` by the process's table (:data:`zermelo.values.game.TOTAL_HOOK`), or None
    where the sum must be Python's: no table or one past its bounds, a number too large for the
    forms, or a watched computation — an interval timer armed (the value budget's ticks, which
    stop Python code, not a kernel's call) or a deadline in the context.

    >>> from zermelo.values import parse_value
    >>> _ = forms()
    >>> print(compiled_total([parse_value(t) for t in ("{2|1}", "{3|-1}", "{1/2|-5}")]))
    {11/2|9/2||3/2|1/2|||0|-1||-4|-5}
    """
    if not _FORMS or not current(_FORMS[0]) or ambient_deadline() is not None or timer_armed():
        return None
    table = _FORMS[0]
    try:
        return table.to_game(table.total([table.from_game(g) for g in parts]))
    except OutOfRange:
        return None


def current(table: Forms) -> bool:
    """Whether ``table`` is the process's table and within :data:`MAX_ROWS` (a search may use it
    without :func:`forms`)."""
    return bool(_FORMS) and _FORMS[0] is table and table._m[COUNT] <= MAX_ROWS


def ready() -> bool:
    """Whether this process has a table already (its kernel loaded): then a search uses it at once."""
    return bool(_FORMS)


def cheap() -> bool:
    """Whether the forms cost at most a load here: this process has them, ``zermelo compile``
    built them ahead of time, or numba's disk cache holds their kernel (compiling it takes 33-40
    CPU s, uninterruptible)."""
    return ready() or loaded(run) or cached(run)


def ahead() -> bool:
    """Whether ``zermelo compile`` built the forms' kernel for this machine (asked before loading
    it: loading then costs numpy's import and a millisecond, not numba's 0.7-1.8 s)."""
    return aot.available(run.__module__)


def warm() -> None:
    """Call every kernel once (numba compiles or loads them): for the web's pool before it forks."""
    f = forms()[0]
    up_star = game([number(0)], [star(1)]) + star(1)
    a, b = f.from_game(game([number(2)], [number(Fraction(-1, 2))])), f.from_game(up_star)
    f.value_of([a, b], [False, True], 1)
    f.value_of([a, b], [False, True], -1)
    f.le(a, b)
