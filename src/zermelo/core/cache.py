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
:func:`clear_caches` empties every one.

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

__all__ = ["DEFAULT_SIZE", "KeyedCache", "RulesCache", "clear_caches"]

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
    """Empty every :class:`RulesCache` and :class:`KeyedCache` (engines' graphs, partisan graphs,
    values' memos, proven periods, sequences, misère quotients)."""
    for cache in list(_ALL):
        cache.clear()
