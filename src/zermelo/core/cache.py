"""The one cache policy: what zermelo keeps per rules object, bounded, with one ``clear()``.

The engine keeps each game's searched graph, the partisan analyses their (position, side) graph,
the values their memo of canonical forms.  Each is a :class:`RulesCache`: a least-recently-used
table of at most ``size`` rules objects, keyed by identity (rules objects need not be hashable),
and an entry goes as soon as its rules object is garbage (a weak reference, where the rules
object takes one).  What is kept by a game's name instead — proven periods, a take-and-break
code's computed sequence, misère quotients, the games given up on — is a :class:`KeyedCache`,
least recently used out past its ``size`` too (what also lives on disk is read back from there).
A process that meets thousands of games — a server running for weeks, a census of subtraction
games — keeps the last few, not all of them (``benchmarks/memory.py`` measures it).

The value arithmetic keeps two more kinds, for speed in its innermost loops:

* **Interning tables** (:func:`intern_weakly`, :func:`interned`) map a canonical form to its one
  object, so equal values are one object.  They hold it *weakly*: a form nothing else holds leaves
  its table, and when it is built again it is a new object with a new id from an :class:`Ids`,
  which never gives an id twice — so a memo keyed by a dead form's id is never wrong, only unused.
* **Memo tables** (:func:`memo_table`: comparisons, sums, stops, thermographs… by value ids) are
  plain dicts, registered by name; :func:`trim_memos` empties those past :data:`MEMO_KEEP`
  entries.  It is called where no computation is under way (a value budget's start,
  :func:`clear_caches`), because a fold reads back what it stored a moment ago; a table that can
  grow within one computation and is only ever read by ``.get`` (comparisons, sums) checks itself
  before it stores (:func:`memo_full`, past :data:`MEMO_LIMIT`).  Emptying a memo loses only time.
  A memo kept elsewhere with a measure of its own (a value search's memo per rules object)
  registers a :func:`memo_trimmer`, which :func:`trim_memos` calls at the same moments.

:func:`clear_caches` empties every one of these caches but the interning tables.

Bottom floor: imports nothing from zermelo.

>>> class Rules: pass
>>> sizes = RulesCache(lambda rules: [], size=2)
>>> a, b, c = Rules(), Rules(), Rules()
>>> sizes.get(a) is sizes.get(a), len(sizes)
(True, 1)
>>> _ = sizes.get(b), sizes.get(c)     # a is the least recently used: it goes
>>> len(sizes), a in sizes, c in sizes
(2, False, True)
>>> del c; len(sizes)                    # a dead rules object's entry goes with it
1
"""

from __future__ import annotations

import threading
import weakref
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, Generic, TypeVar

__all__ = [
    "DEFAULT_SIZE",
    "MEMO_KEEP",
    "MEMO_LIMIT",
    "Ids",
    "KeyedCache",
    "RulesCache",
    "clear_caches",
    "intern_weakly",
    "interned",
    "memo_filled",
    "memo_full",
    "memo_sizes",
    "memo_table",
    "memo_trimmer",
    "trim_memos",
]

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")

#: Rules objects each cache keeps by default: the last few games of a session or a server.
DEFAULT_SIZE = 32

_ALL: weakref.WeakSet[RulesCache[Any] | KeyedCache[Any, Any]] = weakref.WeakSet()


class RulesCache(Generic[V]):
    """At most ``size`` values, one per live rules object, made by ``make(rules)`` when first asked."""

    def __init__(self, make: Callable[[Any], V], size: int = DEFAULT_SIZE) -> None:
        self.make = make
        self.size = size
        # id(rules) -> (the rules object or a weak reference to it, value)
        self._entries: OrderedDict[int, tuple[Any, V]] = OrderedDict()
        self._lock = threading.Lock()
        _ALL.add(self)

    def get(self, rules: Any) -> V:
        """The value kept for ``rules`` (made now if it has none), marked most recently used."""
        key = id(rules)
        with self._lock:
            hit = self._entries.get(key)
            if hit is not None and _referent(hit[0]) is rules:
                self._entries.move_to_end(key)
                return hit[1]
        value = self.make(rules)
        with self._lock:
            self._entries[key] = (self._reference(rules, key), value)
            self._entries.move_to_end(key)
            while len(self._entries) > self.size:
                self._entries.popitem(last=False)
        return value

    def _reference(self, rules: Any, key: int) -> Any:
        entries = weakref.ref(self._entries)

        def gone(ref: weakref.ref[Any]) -> None:
            table = entries()
            if table is not None:
                hit = table.get(key)
                if hit is not None and hit[0] is ref:
                    del table[key]

        try:
            return weakref.ref(rules, gone)
        except TypeError:  # a rules object without weak references: the size bounds it
            return rules

    def __contains__(self, rules: object) -> bool:
        hit = self._entries.get(id(rules))
        return hit is not None and _referent(hit[0]) is rules

    def __len__(self) -> int:
        return len(self._entries)

    def items(self) -> list[tuple[Any, V]]:
        """The live (rules object, value) pairs kept, least recently used first (a copy)."""
        with self._lock:
            held = list(self._entries.values())
        return [(r, value) for ref, value in held if (r := _referent(ref)) is not None]

    def discard(self, rules: object) -> None:
        """Forget the value kept for ``rules``, if any (a batch drops a graph grown past its budget)."""
        with self._lock:
            hit = self._entries.get(id(rules))
            if hit is not None and _referent(hit[0]) is rules:
                del self._entries[id(rules)]

    def clear(self) -> None:
        """Forget every entry."""
        with self._lock:
            self._entries.clear()


class KeyedCache(Generic[K, V]):
    """At most ``size`` values by a hashable key (a game's spec), the least recently used out first.

    >>> periods: KeyedCache[str, int] = KeyedCache(size=2)
    >>> periods["a"] = 1; periods["b"] = 2; periods.get("a"); periods["c"] = 3
    1
    >>> sorted(periods.keys()), periods.get("b", -1)
    (['a', 'c'], -1)
    """

    def __init__(self, size: int = DEFAULT_SIZE) -> None:
        self.size = size
        self._entries: OrderedDict[K, V] = OrderedDict()
        self._lock = threading.Lock()
        _ALL.add(self)

    def get(self, key: K, default: Any = None) -> Any:
        """The value kept for ``key`` (marked most recently used), else ``default``."""
        with self._lock:
            if key not in self._entries:
                return default
            self._entries.move_to_end(key)
            return self._entries[key]

    def peek(self, key: K, default: Any = None) -> Any:
        """The value kept for ``key``, else ``default``, not marked used: one look-up, no lock (for
        a hot path whose entries are few: the least recently *stored* goes first)."""
        return self._entries.get(key, default)

    def __setitem__(self, key: K, value: V) -> None:
        with self._lock:
            self._entries[key] = value
            self._entries.move_to_end(key)
            while len(self._entries) > self.size:
                self._entries.popitem(last=False)

    def __contains__(self, key: object) -> bool:
        return key in self._entries

    def __len__(self) -> int:
        return len(self._entries)

    def keys(self) -> list[K]:
        return list(self._entries)

    def values(self) -> list[V]:
        """The values kept, least recently used first (a copy: safe to iterate while adding)."""
        with self._lock:
            return list(self._entries.values())

    def clear(self) -> None:
        """Forget every entry."""
        with self._lock:
            self._entries.clear()


def _referent(held: Any) -> Any:
    return held() if isinstance(held, weakref.ref) else held


def clear_caches() -> None:
    """Empty every :class:`RulesCache`, :class:`KeyedCache` and memo table (engines' graphs,
    partisan graphs, values' memos, proven periods, sequences, misère quotients)."""
    for cache in list(_ALL):
        cache.clear()
    trim_memos(limit=0)


# ---------------------------------------------------------------------- the value core's memos
#: Entries one memo table may keep between two computations: :func:`trim_memos` (at a value
#: budget's start) empties a table past it.  A few MB a table: a process valuing one thing after
#: another stays flat (``python -m benchmarks.memory values``).
MEMO_KEEP = 1 << 13
#: Entries past which a table that checks itself on store (:func:`memo_full`) is emptied within a
#: computation: some 60-150 MB for a table of ints or values, so one big computation keeps its
#: comparisons and sums but stays well under a web worker's address-space cap.
MEMO_LIMIT = 1 << 21

_MEMOS: dict[str, tuple[dict[Any, Any], bool]] = {}
_EMPTIED: dict[str, int] = {}


def memo_table(name: str, *, nested: bool = False) -> dict[Any, Any]:
    """A new memo table (a plain dict) that :func:`trim_memos` bounds, registered as ``name``.
    ``nested``: its values are dicts (one memo per unit, say), and their entries are what counts.

    >>> t = memo_table("doctest squares")
    >>> t.update((i, i * i) for i in range(10))
    >>> trim_memos(limit=5) >= 10, len(t), memo_filled("doctest squares")  # other tables may go too
    (True, 0, 10)
    """
    if name in _MEMOS:
        raise ValueError(f"the memo table {name!r} is made twice")
    made: dict[Any, Any] = {}
    _MEMOS[name] = (made, nested)
    _EMPTIED[name] = 0
    return made


def _entries(name: str) -> int:
    table, nested = _MEMOS[name]
    return sum(len(inner) for inner in list(table.values())) if nested else len(table)


def _empty(name: str) -> int:
    n = _entries(name)
    _EMPTIED[name] += n
    _MEMOS[name][0].clear()
    return n


def memo_full(name: str) -> None:
    """Empty the memo table ``name`` once it holds :data:`MEMO_LIMIT` entries (called before a store)."""
    if _entries(name) >= MEMO_LIMIT:
        _empty(name)


def trim_memos(limit: int | None = None) -> int:
    """Empty every memo table holding more than ``limit`` (:data:`MEMO_KEEP`) entries, and call
    each :func:`memo_trimmer` with ``limit``; how many entries went."""
    bound = MEMO_KEEP if limit is None else limit
    return sum(_empty(name) for name in list(_MEMOS) if _entries(name) > bound) + sum(trim(limit) for trim in _TRIMMERS)


_TRIMMERS: list[Callable[[int | None], int]] = []


def memo_trimmer(trim: Callable[[int | None], int]) -> Callable[[int | None], int]:
    """Register ``trim(limit)`` with :func:`trim_memos`, at the same safe moments: for memos that
    are not tables made here and have a measure of their own (a value search's memo per rules
    object, :mod:`zermelo.analyses.canonical`).  ``limit`` is None for the trimmer's own bound,
    0 to empty everything; it returns the entries emptied."""
    _TRIMMERS.append(trim)
    return trim


def memo_filled(name: str) -> int:
    """Entries ever stored in the memo table ``name``, those emptied since included: a count of
    work done that only grows."""
    return _entries(name) + _EMPTIED[name]


def memo_sizes() -> dict[str, int]:
    """The entries each memo table holds now, by name."""
    return {name: _entries(name) for name in _MEMOS}


class Ids:
    """The ids of one kind of interned form: 0, 1, 2, … — never one twice.

    >>> ids = Ids(); ids.new(), ids.new(), ids.count
    (0, 1, 2)
    """

    __slots__ = ("count",)

    def __init__(self) -> None:
        self.count = 0

    def new(self) -> int:
        i = self.count
        self.count = i + 1
        return i


def interned(forms: dict[Any, weakref.KeyedRef[Any, Any]], key: Hashable) -> Any:
    """The live form interned under ``key`` in ``forms``, else None."""
    ref = forms.get(key)
    return None if ref is None else ref()


def intern_weakly(forms: dict[Any, weakref.KeyedRef[Any, Any]], key: Hashable, form: V) -> V:
    """Intern ``form`` under ``key`` in ``forms``, held weakly: it leaves ``forms`` when nothing
    else holds it (a later form under the same key is not removed by the old one's death).

    >>> class Form: pass
    >>> forms: dict = {}
    >>> f = intern_weakly(forms, "k", Form())
    >>> interned(forms, "k") is f, len(forms)
    (True, 1)
    >>> del f; len(forms), interned(forms, "k")
    (0, None)
    """
    drop = _DROPPERS.get(id(forms))
    if drop is None:

        def drop(ref: weakref.KeyedRef[Any, Any]) -> None:
            if forms.get(ref.key) is ref:
                forms.pop(ref.key, None)  # another thread may have dropped it between the two

        _DROPPERS[id(forms)] = drop
    forms[key] = weakref.KeyedRef(form, drop, key)
    return form


_DROPPERS: dict[int, Callable[[weakref.KeyedRef[Any, Any]], None]] = {}
