"""The engine's graph store: the positions a search discovered and their options, as integer arrays.

:class:`Graph` holds the nodes of one game's searches in CSR form (``parts[node_off[v] :
node_off[v + 1]]`` are the options of node ``v``), :class:`KeyTable` maps a position's key to its
node (one per rules object), and :func:`kernel` loads the compiled kernels of
:mod:`zermelo.search._kernels` that evaluate the arrays.  :class:`~zermelo.search.engine.Engine` drives them:
it decides what to search, checks the budgets and asks the kernels; this module only stores.

>>> from zermelo.games import Subtraction
>>> g = Graph(split=False)
>>> root = g.node(Subtraction({1, 2}), 3)
>>> while g.expanded < len(g):
...     g.expand(g.expanded)
>>> [g.positions[int(v)][1] for v in g.parts[g.node_off[root] : g.node_off[root + 1]]]
[2, 1]
"""

from __future__ import annotations

import sys
from array import array
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

import numpy as np

from ..core.signals import signals_deferred
from ..rules import Impartial, Rules

__all__ = ["SMALL_GRAPH", "Graph", "KeyTable", "kernel", "overrides", "plain_kernels"]


def overrides(rules: object, name: str, base: type) -> bool:
    """Whether the class of ``rules`` overrides the method ``name`` of ``base`` (a declared hook)."""
    return getattr(type(rules), name) is not getattr(base, name)


_MISSING = object()

#: The compiled kernels, imported on first use (importing numba makes `import zermelo` slow).
_KERNELS: dict[str, Any] = {}

#: While a closed form answers, its small extra searches (the remoteness beside a formula's outcome,
#: ``zermelo solve nim 3 4 5``) are evaluated by the kernels' plain Python if numba is not loaded
#: yet: a graph of up to this many option entries takes milliseconds, where loading numba takes
#: half a second.  So a closed-form game never loads numba for them (:func:`plain_kernels`).
SMALL_GRAPH = 10_000

_PLAIN_UP_TO: ContextVar[int] = ContextVar("zermelo_plain_kernels", default=-1)


@contextmanager
def plain_kernels(up_to: int = SMALL_GRAPH) -> Iterator[None]:
    """Inside the block, graphs of up to ``up_to`` entries are evaluated by the kernels' plain
    Python while numba is not loaded (same code, same answers; tests run both)."""
    token = _PLAIN_UP_TO.set(up_to)
    try:
        yield
    finally:
        _PLAIN_UP_TO.reset(token)


def kernel(name: str, size: int = 0) -> Any:
    """The kernel ``name``: compiled, or its plain Python for a graph of ``size`` entries inside
    :func:`plain_kernels` while numba is not loaded."""
    from ..core import _jit
    from . import _kernels

    if size and size <= _PLAIN_UP_TO.get() and not _jit.is_loaded():
        return _jit.interpreted(getattr(_kernels, name))
    f = _KERNELS.get(name)
    if f is None:
        f = _KERNELS[name] = _jit.compiled(getattr(_kernels, name))
    return f


class KeyTable(dict[Hashable, bytes]):
    """Key -> node id for the positions of one rules object.

    A missing key becomes a new node, so a whole list of options is looked up with one
    ``map(table.__getitem__, keys)`` running in C: one hash probe per option and no Python loop.
    Ids are stored as their 8 machine bytes, so a node's options are stored with one join.

    For games with :meth:`~zermelo.rules.Impartial.option_array` (int positions that are their own
    keys) the table also keeps ``dense``, a numpy array from key to id (-1: none), so a wide
    node's options are looked up in bulk; the dict stays the authority and ``dense`` mirrors it.
    Games with :meth:`~zermelo.rules.Impartial.index` (positions that are not ints, Wythoff's pairs)
    are *indexed*: the table's keys are the positions' indices instead of their keys, so the same
    bulk lookup serves them, and new nodes get their positions from ``position_at``.
    """

    __slots__ = ("atomic", "bulk", "dense", "graph", "indexed", "keyed", "keyof", "rules", "top")

    def __init__(self, graph: Graph, rules: Impartial[Any]) -> None:
        super().__init__()
        self.graph = graph
        self.rules = rules
        # key() is called only when it can differ from the position (canonical_options promises not).
        self.keyed = overrides(rules, "key", Rules) and not rules.canonical_options
        # Options never split when the game says so (a subtraction game's heaps), or in the whole graph.
        self.atomic = not graph.split or rules.options_never_split()
        # Indexed: a dense integer encoding stands for the key (only where options never split,
        # so every option is one position with one index).
        self.indexed = (
            self.atomic and overrides(rules, "index", Impartial) and overrides(rules, "position_at", Impartial)
        )
        self.keyof: Callable[[Any], Hashable] = rules.index if self.indexed else rules.key
        if self.indexed:
            self.keyed = True
        self.bulk = self.atomic and (self.indexed or not self.keyed) and overrides(rules, "option_array", Impartial)
        self.dense: np.ndarray | None = None
        self.top = -1  # the largest int key, so a dense array is sized once for all of them

    def __missing__(self, key: Hashable) -> bytes:
        g = self.graph
        j = len(g.positions)
        g.positions.append((self.rules, key))  # the key stands in for the position until fixed
        g.keys.append(key)
        g.fresh.append(j)
        return self.add(key, j)

    def add(self, key: Hashable, j: int) -> bytes:
        """Record node ``j`` under ``key`` (and in ``dense``); its id's bytes."""
        b = self[key] = j.to_bytes(8, sys.byteorder)
        if self.bulk and type(key) is int:
            if key > self.top:
                self.top = key
            d = self.dense
            if d is not None and 0 <= key < d.shape[0]:
                d[key] = j
        return b

    def forget(self, key: Hashable) -> None:
        # Tolerant (pop, and the dense entry cleared regardless): a rollback interrupted half-way
        # is finished by running it again.
        self.pop(key, None)
        d = self.dense
        if d is not None and type(key) is int and 0 <= key < d.shape[0]:
            d[key] = -1

    def ids(self, keys: np.ndarray) -> np.ndarray | None:
        """Node ids of an int64 array of keys, making new nodes for new keys.

        ``None`` when a key is negative, or when the keys are too sparse for a dense array (heaps
        far bigger than the table): the caller then uses the dict.
        """
        d = self.dense
        if d is None:
            if self.top > 4 * len(self) + (1 << 20):
                return None
            d = self._grow(max(self.top, 1023))
        dense_lookup = kernel("dense_lookup")
        found = np.empty(keys.shape[0], np.int64)
        missing = dense_lookup(d, keys, found)
        if missing == -1:
            return None
        if missing < -1:
            top = -2 - missing
            if top > 4 * len(self) + (1 << 20):
                return None
            d = self._grow(max(top, self.top))
            missing = dense_lookup(d, keys, found)
        if missing:
            for k in keys[found < 0].tolist():
                self[k]  # __missing__ makes the node and fills dense
            found = d[keys]
        return found

    def _grow(self, top: int) -> np.ndarray:
        """A dense array holding keys up to ``top`` at least, rebuilt from the dict."""
        d = np.full(max(2 * top + 2, 1024), -1, np.int64)
        for k, b in self.items():  # amortised: the size at least doubles
            if type(k) is int and 0 <= k < d.shape[0]:
                d[k] = int.from_bytes(b, sys.byteorder)
        self.dense = d  # only once whole: an interrupt while filling leaves the old array in place
        return d

    def reset(self) -> None:
        """Forget every key (a rollback then adds back the nodes that stay)."""
        self.clear()
        self.dense = None
        self.top = -1


class Graph:
    """Positions discovered so far and their options, as integer arrays (CSR).

    ``parts[node_off[v] : node_off[v + 1]]`` are the options of node ``v``: a node id for an option
    that is one position, or, in the split graph, a marker ``-(k + 1)`` followed by the ``k`` node
    ids of an option that is a sum of ``k`` independent components.  Most options are single
    positions, so the common case costs one integer per option.

    Between two searches the graph is *closed*: every node is expanded and every option is a node.
    A search that stops early (a budget, Ctrl-C, an error in the rules) rolls back to the closed
    graph it started from, so the engine stays usable and every answer it gives stays right.
    """

    def __init__(self, split: bool) -> None:
        self.split = split
        self.tables: dict[int, KeyTable] = {}  # id(rules) -> its key table
        self.positions: list[tuple[Impartial[Any], Any]] = []  # (rules, representative position)
        self.keys: list[Hashable] = []  # the key of each node, for rolling back
        self.fresh: list[int] = []  # nodes created by KeyTable.__missing__ during one expansion
        self.node_off = array("q", [0])  # node -> its entries in parts
        self.parts = array("q")  # the options, as above
        self.opt_count = array("q", [0])  # options examined before each node (for options_seen)
        self.expanded = 0
        self.pending: int | None = None  # the size a rollback cut short was going back to
        # numpy copies of node_off and parts for the kernels, extended as the arrays grow: the
        # kernels never see a view of an array('q') (a view left alive, by numba's first compile
        # say, would forbid the array to grow: BufferError).
        self._mirrors: dict[str, tuple[np.ndarray, int]] = {}

    def __len__(self) -> int:
        return len(self.positions)

    @property
    def options_seen(self) -> int:
        return self.opt_count[-1]

    def table(self, rules: Impartial[Any]) -> KeyTable:
        t = self.tables.get(id(rules))
        if t is None or t.rules is not rules:
            t = self.tables[id(rules)] = KeyTable(self, rules)
        return t

    def node(self, rules: Impartial[Any], position: Any) -> int:
        """The node of a position, added (unexpanded) if new."""
        t = self.table(rules)
        k = t.keyof(position)
        b = t.get(k)
        if b is not None:
            return int.from_bytes(b, sys.byteorder)
        j = len(self.positions)
        # The node first, then its key (as KeyTable.__missing__): an interrupt between them leaves
        # a node the rollback forgets, never a key naming a node that does not exist.
        self.positions.append((rules, position))
        self.keys.append(k)
        t.add(k, j)
        return j

    def mirror(self, name: str) -> np.ndarray:
        """A numpy copy of ``node_off`` or ``parts``, copying only what was appended since last time."""
        src: array[int] = getattr(self, name)
        buf, have = self._mirrors.get(name, (np.empty(0, np.int64), 0))
        n = len(src)
        if n > buf.shape[0]:
            grown = np.empty(max(n, 2 * buf.shape[0]), np.int64)
            grown[:have] = buf[:have]
            buf = grown
        if n > have:
            view = np.frombuffer(src, dtype=np.int64, count=n - have, offset=8 * have)
            buf[have:n] = view
            del view  # releases the export at once
        self._mirrors[name] = (buf, n)
        return buf[:n]

    def checkpoint(self) -> int:
        if self.pending is not None:  # a rollback an exception cut short: finish it first
            self.rollback(self.pending)
        assert self.expanded == len(self.positions), "the graph is closed between searches"
        return self.expanded

    def rollback(self, n: int) -> None:
        """Forget every node from ``n`` on: back to the closed graph of ``n`` nodes.

        Signals are held off while it runs (Ctrl-C raised after), and it is ordered so that running it
        again finishes it: an exception that still cuts it short (a second signal's handler, a
        ``MemoryError``) leaves :attr:`pending` set, and the next :meth:`checkpoint` completes it.
        """
        self.pending = n
        with signals_deferred():
            self._truncate(n)
            self.pending = None

    def _truncate(self, n: int) -> None:
        keys, positions = self.keys, self.positions
        gone = min(len(keys), len(positions)) - n
        tables = self.tables
        if gone > n:  # most of the graph goes: rebuilding the tables from what stays is cheaper
            for t in tables.values():
                t.reset()
            for j in range(n):
                tables[id(positions[j][0])].add(keys[j], j)
        else:
            for j in range(n, n + max(gone, 0)):
                tables[id(positions[j][0])].forget(keys[j])
        del keys[n:]  # keys before positions: a repeat forgets by both, so forgets nothing twice
        del positions[n:]
        self.fresh.clear()
        del self.parts[self.node_off[n] :]
        del self.node_off[n + 1 :]
        del self.opt_count[n + 1 :]
        for name, (buf, have) in self._mirrors.items():
            self._mirrors[name] = (buf, min(have, len(getattr(self, name))))
        self.expanded = n

    def expand(self, j: int) -> None:
        """Append the options of node ``j`` (the hot loop: bulk operations, one probe per option)."""
        rules, p = self.positions[j]
        t = self.tables.get(id(rules))
        if t is None or t.rules is not rules:
            t = self.table(rules)
        if t.bulk:
            arr = rules.option_array(p)
            if arr is not None and arr.shape[0]:
                found = t.ids(arr)
                if found is not None:
                    self.parts.frombytes(found.tobytes())
                elif t.indexed and int(arr.min()) >= 0:
                    # Indices too sparse for a dense array (one long row of Wythoff's table, say):
                    # the dict serves, still with no position built per option.
                    self.parts.frombytes(b"".join(map(t.__getitem__, arr.tolist())))
                else:
                    arr = None  # the generic path below
                if arr is not None:
                    self.node_off.append(len(self.parts))
                    self.opt_count.append(self.opt_count[-1] + arr.shape[0])
                    if t.indexed and self.fresh:
                        self._fix_indexed(rules)
                    self.fresh.clear()
                    self.expanded = j + 1
                    return
        opts = rules.options(p)
        reps = opts if type(opts) is list else list(opts)
        keys = list(map(t.keyof, reps)) if t.keyed else reps
        parts = self.parts
        if t.atomic:
            # The table holds each node id as its 8 machine bytes: joining them is a memcpy, cheaper
            # than converting every id from a Python int.
            parts.frombytes(b"".join(map(t.__getitem__, keys)))
        else:
            for k, rep in zip(keys, reps, strict=True):
                comps = rules.components(rep)
                if comps is None:
                    parts.frombytes(t[k])
                else:
                    ck = list(map(rules.key, comps))
                    parts.append(-len(ck) - 1)
                    parts.frombytes(b"".join(map(t.__getitem__, ck)))
                    if self.fresh:
                        self._fix(dict(zip(ck, comps, strict=True)))
        self.node_off.append(len(parts))
        self.opt_count.append(self.opt_count[-1] + len(reps))
        if self.fresh:
            if t.keyed:
                self._fix(dict(zip(keys, reps, strict=True)))
            self.fresh.clear()
        self.expanded = j + 1

    def _fix_indexed(self, rules: Impartial[Any]) -> None:
        """Give the nodes just created from indices their positions (they hold their indices)."""
        positions, keys, at = self.positions, self.keys, rules.position_at
        for j in self.fresh:
            k = keys[j]
            assert type(k) is int  # an indexed table's keys are the indices
            positions[j] = (rules, at(k))

    def _fix(self, rep_of: dict[Hashable, Any]) -> None:
        """Give the nodes just created their representative positions (they hold their keys)."""
        positions = self.positions
        left = []
        for j in self.fresh:
            rules, k = positions[j]
            rep = rep_of.get(k, _MISSING)
            if rep is _MISSING:
                left.append(j)
            else:
                positions[j] = (rules, rep)
        self.fresh[:] = left
