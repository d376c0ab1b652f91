"""The one game-graph search every analysis uses.

The search has two halves:

1. **Discovery** (Python, generic): breadth-first expansion of the positions reachable from the
   roots, with a memo table keyed by ``rules.key(position)`` (or by a game's dense ``index``).
   Iterative — a game a million moves deep never touches Python's recursion limit.  Budgets
   (positions, seconds) stop it with :class:`~zermelo.errors.SearchLimitExceeded`; a progress
   callback reports long runs; Ctrl-C leaves the graph consistent.  The graph is stored as
   integer arrays and kept, so later questions about the same game reuse it.
2. **Evaluation** (compiled, :mod:`zermelo._kernels`): a retrograde pass over the arrays gives the
   outcome and remoteness of every position, with draws for positions on cycles nobody can force
   a way out of; a topological pass gives Grundy values by the mex rule.  Loopy impartial games
   get generalized Sprague–Grundy values (:class:`Loopy`, after Smith and Fraenkel).

Two graphs per game: the *whole* graph (outcome, remoteness, misère play) and the *split* graph
(each option a sum of independent components: normal-play Grundy values, the XOR of the parts).
"""

from __future__ import annotations

import sys
import time
from array import array
from collections.abc import Callable, Hashable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

import numpy as np

from .cache import RulesCache
from .errors import SearchLimitExceeded
from .limits import Limits, Progress, deadline, deadline_scope, over_budget, over_time, too_big
from .rules import Impartial, Rules, Sum, short
from .sprague_grundy import GValue, Loopy, mex, nim_sum
from .traversal import fold

__all__ = [
    "Engine",
    "GValue",
    "Limits",
    "Loopy",
    "Progress",
    "deadline_scope",
    "engine_for",
    "fold",
    "mex",
    "nim_sum",
]

WIN, LOSE, DRAW = 1, 2, 0

#: Budgets are checked at least once per this many options examined (see ``Engine._discover``).
CHECK_OPTIONS = 1 << 15


def _overrides(rules: object, name: str, base: type) -> bool:
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


def _kernel(name: str, size: int = 0) -> Any:
    """The kernel ``name``: compiled, or its plain Python for a graph of ``size`` entries inside
    :func:`plain_kernels` while numba is not loaded."""
    from . import _jit, _kernels

    if size and size <= _PLAIN_UP_TO.get() and not _jit.is_loaded():
        return _jit.interpreted(getattr(_kernels, name))
    f = _KERNELS.get(name)
    if f is None:
        f = _KERNELS[name] = _jit.compiled(getattr(_kernels, name))
    return f


class _Table(dict[Hashable, bytes]):
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

    def __init__(self, graph: _Graph, rules: Impartial[Any]) -> None:
        super().__init__()
        self.graph = graph
        self.rules = rules
        # key() is called only when it can differ from the position (canonical_options promises not).
        self.keyed = _overrides(rules, "key", Rules) and not rules.canonical_options
        # Options never split when the game says so (a subtraction game's heaps), or in the whole graph.
        self.atomic = not graph.split or rules.atomic_options()
        # Indexed: a dense integer encoding stands for the key (only where options never split,
        # so every option is one position with one index).
        self.indexed = (
            self.atomic and _overrides(rules, "index", Impartial) and _overrides(rules, "position_at", Impartial)
        )
        self.keyof: Callable[[Any], Hashable] = rules.index if self.indexed else rules.key
        if self.indexed:
            self.keyed = True
        self.bulk = self.atomic and (self.indexed or not self.keyed) and _overrides(rules, "option_array", Impartial)
        self.dense: np.ndarray | None = None
        self.top = -1  # the largest int key, so a dense array is sized once for all of them

    def __missing__(self, key: Hashable) -> bytes:
        g = self.graph
        j = len(g.positions)
        b = self[key] = j.to_bytes(8, sys.byteorder)
        g.positions.append((self.rules, key))  # the key stands in for the position until fixed
        g.keys.append(key)
        g.fresh.append(j)
        if self.bulk and type(key) is int:
            if key > self.top:
                self.top = key
            d = self.dense
            if d is not None and 0 <= key < d.shape[0]:
                d[key] = j
        return b

    def add(self, key: Hashable, j: int) -> None:
        """Record a node made outside ``__missing__`` (a root)."""
        self[key] = j.to_bytes(8, sys.byteorder)
        if self.bulk and type(key) is int:
            if key > self.top:
                self.top = key
            d = self.dense
            if d is not None and 0 <= key < d.shape[0]:
                d[key] = j

    def forget(self, key: Hashable) -> None:
        del self[key]
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
        dense_lookup = _kernel("dense_lookup")
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
        d = self.dense = np.full(max(2 * top + 2, 1024), -1, np.int64)
        for k, b in self.items():  # amortised: the size at least doubles
            if type(k) is int and 0 <= k < d.shape[0]:
                d[k] = int.from_bytes(b, sys.byteorder)
        return d


class _Graph:
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
        self.tables: dict[int, _Table] = {}  # id(rules) -> its key table
        self.positions: list[tuple[Impartial[Any], Any]] = []  # (rules, representative position)
        self.keys: list[Hashable] = []  # the key of each node, for rolling back
        self.fresh: list[int] = []  # nodes created by _Table.__missing__ during one expansion
        self.node_off = array("q", [0])  # node -> its entries in parts
        self.parts = array("q")  # the options, as above
        self.opt_count = array("q", [0])  # options examined before each node (for options_seen)
        self.expanded = 0
        # numpy copies of node_off and parts for the kernels, extended as the arrays grow: the
        # kernels never see a view of an array('q') (a view left alive, by numba's first compile
        # say, would forbid the array to grow: BufferError).
        self._mirrors: dict[str, tuple[np.ndarray, int]] = {}

    def __len__(self) -> int:
        return len(self.positions)

    @property
    def options_seen(self) -> int:
        return self.opt_count[-1]

    def table(self, rules: Impartial[Any]) -> _Table:
        t = self.tables.get(id(rules))
        if t is None or t.rules is not rules:
            t = self.tables[id(rules)] = _Table(self, rules)
        return t

    def node(self, rules: Impartial[Any], position: Any) -> int:
        """The node of a position, added (unexpanded) if new."""
        t = self.table(rules)
        k = t.keyof(position)
        b = t.get(k)
        if b is not None:
            return int.from_bytes(b, sys.byteorder)
        j = len(self.positions)
        t.add(k, j)
        self.positions.append((rules, position))
        self.keys.append(k)
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
        assert self.expanded == len(self.positions), "the graph is closed between searches"
        return self.expanded

    def rollback(self, n: int) -> None:
        """Forget every node from ``n`` on: back to the closed graph of ``n`` nodes."""
        for j in range(n, len(self.positions)):
            self.tables[id(self.positions[j][0])].forget(self.keys[j])
        del self.positions[n:]
        del self.keys[n:]
        self.fresh.clear()
        del self.node_off[n + 1 :]
        del self.opt_count[n + 1 :]
        del self.parts[self.node_off[n] :]
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


class Engine:
    """Search and memo tables for one game.  Use :func:`engine_for` to share one per game.

    >>> from zermelo.games import Subtraction
    >>> e = Engine(Subtraction({1, 3, 4}))
    >>> [e.grundy(n) for n in range(8)]
    [0, 1, 0, 1, 2, 3, 2, 0]
    >>> e.outcome(21), e.outcome(22)
    ((2, 12), (1, 13))
    """

    def __init__(self, rules: Impartial[Any]) -> None:
        self.rules = rules
        self.splits = isinstance(rules, Sum) or _overrides(rules, "components", Impartial)
        self._whole = _Graph(split=False)
        self._split = _Graph(split=True)
        self._outcomes: dict[bool, tuple[np.ndarray, np.ndarray]] = {}
        self._g_whole = np.empty(0, np.int64)
        self._g_split = np.empty(0, np.int64)
        self._labels = np.empty(0, np.int64)  # generalized SG labels of the whole graph (-2: ∞)

    # ------------------------------------------------------------------ discovery
    def _parts(self, rules: Impartial[Any], position: Any) -> list[tuple[Impartial[Any], Any]]:
        """The independent components of a position, each with its own rules."""
        if isinstance(rules, Sum):
            out: list[tuple[Impartial[Any], Any]] = []
            for game, part in zip(rules.games, position, strict=True):
                out.extend(self._parts(game, part))
            return out
        comps = rules.components(position)
        if comps is None:
            return [(rules, position)]
        return [(rules, c) for c in comps]

    def _search(self, graph: _Graph, roots: Sequence[tuple[Impartial[Any], Any]], limits: Limits) -> list[int]:
        """The nodes of ``roots``, after discovering everything reachable from them.

        Whatever stops the search (a budget, Ctrl-C, an error raised by the rules) rolls the graph
        back to where it was, so a later question starts from a consistent graph.
        """
        n0 = graph.checkpoint()
        end = deadline(limits, time.monotonic())
        if end is not None and time.monotonic() > end:
            # Out of time already (a later part of one analysis): do not even build the roots.
            raise over_time(limits.max_seconds or 0)
        try:
            nodes = [graph.node(r, p) for r, p in roots]
            for j in sorted(set(nodes)):
                if j >= n0:
                    check_size(*graph.positions[j], limits)
            if graph.expanded < len(graph):
                self._discover(graph, n0, limits)
        except BaseException:
            graph.rollback(n0)
            raise
        return nodes

    def _discover(self, graph: _Graph, n0: int, limits: Limits) -> None:
        """Expand every unexpanded node until none is left (breadth first, no recursion)."""
        start_time = time.monotonic()
        positions = graph.positions
        expand = graph.expand
        opt_count = graph.opt_count
        max_pos = limits.max_positions
        max_sec = limits.max_seconds
        end = deadline(limits, start_time)
        o0 = graph.options_seen
        max_opt = None if limits.max_options is None else limits.max_options + o0
        report = limits.progress
        next_report = start_time + 0.25
        i = graph.expanded
        # Budgets are checked every 16 expanded positions, or sooner once CHECK_OPTIONS options were
        # examined since the last check: a wide game (Kayles of 10^5, 10^5 options a position) then
        # stops within a bounded amount of work, not 16 huge expansions late.
        next_check = o0 + CHECK_OPTIONS

        def over_positions(budget: int) -> SearchLimitExceeded:
            return over_budget(budget, positions=len(positions) - n0, seconds=time.monotonic() - start_time)

        while i < len(positions):
            expand(i)
            i += 1
            if not i & 15 or opt_count[-1] >= next_check:  # cheap next to an expansion
                next_check = opt_count[-1] + CHECK_OPTIONS
                if max_pos is not None and len(positions) - n0 > max_pos:
                    raise over_positions(max_pos)
                if max_opt is not None and graph.options_seen > max_opt:
                    raise over_budget(
                        limits.max_options or 0,
                        "options examined",
                        advice=None,
                        positions=len(positions) - n0,
                        seconds=time.monotonic() - start_time,
                    )
                now = time.monotonic()
                if end is not None and now > end:
                    raise over_time(
                        max_sec,
                        f"{len(positions) - n0:,} positions",
                        positions=len(positions) - n0,
                        elapsed=now - start_time,
                    )
                if report is not None and now >= next_report:
                    report(Progress(len(positions) - n0, graph.options_seen - o0, now - start_time))
                    next_report = now + 0.25
        if max_pos is not None and len(positions) - n0 > max_pos:
            raise over_positions(max_pos)
        if report is not None:
            report(Progress(len(positions) - n0, graph.options_seen - o0, time.monotonic() - start_time, done=True))

    # ------------------------------------------------------------------ evaluation
    def _arrays(self, graph: _Graph) -> tuple[np.ndarray, np.ndarray]:
        return graph.mirror("node_off"), graph.mirror("parts")

    def _outcome_table(self, misere: bool, need: int) -> tuple[np.ndarray, np.ndarray]:
        """Outcome and remoteness of at least the first ``need`` nodes of the whole graph.

        A table computed earlier stays right for the nodes it covers: the graph was closed then,
        so nothing added later is reachable from them.
        """
        cached = self._outcomes.get(misere)
        if cached is not None and cached[0].shape[0] >= need:
            return cached
        node_off, parts = self._arrays(self._whole)
        table: tuple[np.ndarray, np.ndarray]
        if cached is not None and cached[0].shape[0]:
            # Only the new nodes need work: questions asked one by one stay linear overall.
            table = _kernel("retrograde_more", parts.shape[0])(node_off, parts, misere, cached[0], cached[1])
        else:
            table = _kernel("retrograde", parts.shape[0])(node_off, parts, misere)
        self._outcomes[misere] = table
        return table

    def outcome(self, position: Any, misere: bool = False, limits: Limits | None = None) -> tuple[int, int | None]:
        """(WIN/LOSE/DRAW for the player to move, remoteness or ``None`` for a draw)."""
        return self.outcomes([position], misere, limits)[0]

    def outcomes(
        self, positions: Sequence[Any], misere: bool = False, limits: Limits | None = None
    ) -> list[tuple[int, int | None]]:
        """:meth:`outcome` of many positions with one search (tables, every option of a move)."""
        nodes = self._search(self._whole, [(self.rules, p) for p in positions], limits or Limits())
        if not nodes:
            return []
        state, rem = self._outcome_table(misere, max(nodes) + 1)
        return [(int(state[j]), int(rem[j]) if state[j] != DRAW else None) for j in nodes]

    status, statuses = outcome, outcomes  # their old names (the literature says outcome)

    def grundy(self, position: Any, limits: Limits | None = None) -> GValue:
        """The (generalized) Sprague–Grundy value of a position under normal play."""
        return self.grundies([position], limits)[0]

    def grundies(self, positions: Sequence[Any], limits: Limits | None = None) -> list[GValue]:
        """Grundy values of many positions with one search."""
        lim = limits or Limits()
        if not self.splits:
            return self._whole_grundies(positions, lim)
        graph = self._split
        split = [self._parts(self.rules, p) for p in positions]
        flat = self._search(graph, [rp for parts in split for rp in parts], lim)
        self._g_split = self._extend_grundy(graph, self._g_split)
        values = self._g_split[np.asarray(flat, dtype=np.int64)].tolist() if flat else []
        out: list[GValue] = []
        at = 0
        for p, parts in zip(positions, split, strict=True):
            vs = values[at : at + len(parts)]
            at += len(parts)
            if min(vs, default=0) < 0:
                # A loopy component: ∞ values do not simply add, so label the sum's own graph.
                out.append(self._whole_grundies([p], lim)[0])
            else:
                out.append(vs[0] if len(vs) == 1 else nim_sum(*vs))
        return out

    def _whole_grundies(self, positions: Sequence[Any], lim: Limits) -> list[GValue]:
        nodes = self._search(self._whole, [(self.rules, p) for p in positions], lim)
        self._g_whole = self._extend_grundy(self._whole, self._g_whole)
        values = self._g_whole[np.asarray(nodes, dtype=np.int64)].tolist() if nodes else []
        return [v if v >= 0 else self._loopy_value(j) for j, v in zip(nodes, values, strict=True)]

    def _extend_grundy(self, graph: _Graph, g: np.ndarray) -> np.ndarray:
        n = len(graph)
        start = g.shape[0]
        if start == n:
            return g
        new = np.full(n, -1, np.int64)
        new[:start] = g
        node_off, parts = self._arrays(graph)
        _kernel("grundy_values", parts.shape[0])(node_off, parts, new, start)
        return new

    def _loopy_value(self, j: int) -> GValue:
        """Generalized Sprague–Grundy value of a node the topological pass left unresolved."""
        from ._kernels import INFINITE

        n = len(self._whole)
        if self._labels.shape[0] != n:
            node_off, parts = self._arrays(self._whole)
            self._labels = _kernel("loopy_grundy", parts.shape[0])(node_off, parts, self._g_whole)
        lab = self._labels
        if lab[j] != INFINITE:
            return int(lab[j])
        w = self._whole
        kids = w.parts[w.node_off[j] : w.node_off[j + 1]]
        return Loopy(frozenset(int(lab[c]) for c in kids if lab[c] != INFINITE))

    @property
    def positions_seen(self) -> int:
        """How many distinct positions the searches of this engine have reached."""
        return len(self._whole) + len(self._split)

    @property
    def options_seen(self) -> int:
        """How many options (moves) the searches of this engine have examined."""
        return self._whole.options_seen + self._split.options_seen


def check_size(rules: Impartial[Any], position: Any, limits: Limits) -> None:
    """Refuse a position whose ``size_hint`` passes ``limits.max_positions``, before any of its
    options is listed (Wythoff with 400-digit heaps has more options than memory)."""
    hint = rules.size_hint(position)
    if hint is not None and limits.max_positions is not None and hint > limits.max_positions:
        raise too_big(short(rules.format(position)), hint, limits.max_positions)


#: One engine per game object (the last few games: :mod:`zermelo.cache`).
ENGINES: RulesCache[Engine] = RulesCache(Engine)


def engine_for(rules: Impartial[Any]) -> Engine:
    """The shared engine of a game object, so repeated questions reuse the searched graph."""
    return ENGINES.get(rules)
