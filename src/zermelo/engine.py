"""The one game-graph search every analysis uses.

The search has two halves:

1. **Discovery** (Python, generic): breadth-first expansion of the positions reachable from the
   roots, with a memo table keyed by ``rules.key(position)``.  Iterative — a game a million moves
   deep never touches Python's recursion limit.  Budgets (positions, seconds) stop it with
   :class:`~zermelo.errors.SearchLimitExceeded`; a progress callback reports long runs; Ctrl-C
   leaves the graph consistent.  The graph is stored as integer arrays and kept, so later
   questions about the same game reuse it.
2. **Evaluation** (compiled, :mod:`zermelo._kernels`): a retrograde pass over the arrays gives the
   outcome and remoteness of every position, with draws for positions on cycles nobody can force
   a way out of; a topological pass gives Grundy values by the mex rule.  Loopy impartial games
   get generalized Sprague–Grundy values (:class:`Loopy`, after Smith and Fraenkel).

Two graphs are kept per game: the *whole* graph (each option is one node; outcome, remoteness,
misère play) and the *split* graph (each option is a sum of independent components, for games
with ``components`` and for :class:`~zermelo.rules.Sum`; normal-play Grundy values, the XOR of the
parts).  The split graph is what makes Kayles or a Nim position with big heaps cheap.
"""

from __future__ import annotations

import time
from array import array
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from .errors import SearchLimitExceeded, Unsupported
from .rules import Impartial, Rules, Sum

__all__ = [
    "Engine",
    "Limits",
    "Loopy",
    "Progress",
    "engine_for",
    "fold",
    "mex",
    "nim_sum",
]

WIN, LOSE, DRAW = 1, 2, 0


def mex(values: Iterable[int]) -> int:
    """The minimum excludant: the least non-negative integer not in ``values``.

    >>> mex([0, 1, 3])
    2
    >>> mex([])
    0
    """
    seen = set(values)
    m = 0
    while m in seen:
        m += 1
    return m


def nim_sum(*values: int) -> int:
    """The nim-sum (binary addition without carry, XOR) of Grundy values.

    >>> nim_sum(3, 4, 5)
    2
    """
    x = 0
    for v in values:
        x ^= v
    return x


@dataclass(frozen=True)
class Loopy:
    """The generalized Sprague–Grundy value ∞(K) of a loopy impartial position.

    ``K`` is the set of finite values among its options.  The position is an N-position when
    0 ∈ K and a draw otherwise; ∞(K) + n = ∞(K ⊕ n) and ∞ + ∞ is a draw (Smith; Fraenkel).
    """

    finite: frozenset[int]

    def __str__(self) -> str:
        inside = ",".join(str(v) for v in sorted(self.finite))
        return f"∞({inside})"

    def __xor__(self, n: int) -> Loopy:
        return Loopy(frozenset(v ^ n for v in self.finite))

    __rxor__ = __xor__


#: A Grundy value: a non-negative int, or ∞(K) in a loopy game.
GValue = int | Loopy


@dataclass(frozen=True)
class Progress:
    """What a long search reports: positions reached, options examined, seconds so far."""

    positions: int
    options: int
    seconds: float
    done: bool = False


@dataclass(frozen=True)
class Limits:
    """Budgets for one search.  ``None`` means unbounded."""

    max_positions: int | None = 10_000_000
    max_seconds: float | None = None
    progress: Callable[[Progress], None] | None = None

    def tighter(self, max_positions: int, max_seconds: float) -> Limits:
        """These limits, capped further (for optional extras like remoteness of a huge Nim)."""
        mp = max_positions if self.max_positions is None else min(self.max_positions, max_positions)
        ms = max_seconds if self.max_seconds is None else min(self.max_seconds, max_seconds)
        return Limits(mp, ms, self.progress)


def _approx(n: int) -> str:
    return f"{n:,}" if n < 10**12 else f"10^{len(str(n)) - 1}"


def _overrides(rules: object, name: str, base: type) -> bool:
    return getattr(type(rules), name) is not getattr(base, name)


class _Graph:
    """Positions discovered so far and their options, as integer arrays (CSR)."""

    def __init__(self, split: bool) -> None:
        self.split = split
        self.ids: dict[Hashable, int] = {}
        self.positions: list[tuple[Impartial[Any], Any]] = []  # (rules, representative position)
        self.node_off = array("q", [0])  # node -> options
        self.opt_off = array("q", [0])  # option -> parts (split graph only)
        self.parts = array("q")  # the option targets
        self.expanded = 0
        self.options_seen = 0

    def __len__(self) -> int:
        return len(self.positions)


class Engine:
    """Search and memo tables for one game.  Use :func:`engine_for` to share one per game.

    >>> from zermelo.games import Subtraction
    >>> e = Engine(Subtraction({1, 3, 4}))
    >>> [e.grundy(n) for n in range(8)]
    [0, 1, 0, 1, 2, 3, 2, 0]
    """

    def __init__(self, rules: Impartial[Any]) -> None:
        self.rules = rules
        self.splits = isinstance(rules, Sum) or _overrides(rules, "components", Impartial)
        self._keyed = _overrides(rules, "key", Rules) and not rules.canonical_options
        self._whole = _Graph(split=False)
        self._split = _Graph(split=True)
        self._outcomes: dict[bool, tuple[np.ndarray, np.ndarray, int]] = {}
        self._g_whole = np.empty(0, np.int64)
        self._g_split = np.empty(0, np.int64)
        self._loopy: dict[int, GValue] = {}  # generalized SG values of unresolved whole nodes
        self._loopy_done = 0

    # ------------------------------------------------------------------ discovery
    def _key(self, rules: Rules[Any], position: Any, split: bool) -> Hashable:
        k = rules.key(position)
        return (id(rules), k) if split else k

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

    def _node(self, graph: _Graph, rules: Impartial[Any], position: Any) -> int:
        k = self._key(rules, position, graph.split)
        j = graph.ids.get(k)
        if j is None:
            j = graph.ids[k] = len(graph.positions)
            graph.positions.append((rules, position))
        return j

    def _check_size(self, rules: Impartial[Any], position: Any, limits: Limits) -> None:
        hint = rules.size_hint(position)
        if hint is not None and limits.max_positions is not None and hint > limits.max_positions:
            raise SearchLimitExceeded(
                f"search budget exceeded: {rules.format(position)} may reach about {_approx(hint)}"
                f" positions, more than the budget of {limits.max_positions:,} (raise it with --budget)"
            )

    def _discover(self, graph: _Graph, roots: Sequence[int], limits: Limits) -> None:
        """Expand every unexpanded node (the roots were just added) until none is left."""
        for j in roots:
            if j >= graph.expanded:
                self._check_size(*graph.positions[j], limits)
        start_time = time.monotonic()
        ids, positions, parts = graph.ids, graph.positions, graph.parts
        node_off, opt_off = graph.node_off, graph.opt_off
        max_pos = limits.max_positions
        max_sec = limits.max_seconds
        report = limits.progress
        next_report = start_time + 0.25
        i = graph.expanded
        try:
            while i < len(positions):
                rules, p = positions[i]
                if graph.split:
                    for option in rules.options(p):
                        for r, q in self._parts(rules, option):
                            parts.append(self._node(graph, r, q))
                        opt_off.append(len(parts))
                    node_off.append(len(opt_off) - 1)
                else:
                    self._expand_whole(rules, p, ids, positions, parts)
                    node_off.append(len(parts))
                i += 1
                graph.expanded = i
                if not i & 255:
                    if max_pos is not None and len(positions) > max_pos:
                        raise SearchLimitExceeded(
                            f"search budget exceeded: more than {max_pos:,} positions (raise it with --budget)",
                            positions=len(positions),
                            seconds=time.monotonic() - start_time,
                        )
                    now = time.monotonic()
                    if max_sec is not None and now - start_time > max_sec:
                        raise SearchLimitExceeded(
                            f"time budget exceeded: more than {max_sec:g} s"
                            f" after {len(positions):,} positions (raise it with --timeout)",
                            positions=len(positions),
                            seconds=now - start_time,
                        )
                    if report is not None and now >= next_report:
                        report(Progress(len(positions), len(parts), now - start_time))
                        next_report = now + 0.25
        finally:
            # Keep the arrays consistent whatever stopped us (a budget, Ctrl-C): drop the
            # half-expanded node's options; it stays in the queue for next time.
            done = graph.expanded
            del node_off[done + 1 :]
            if graph.split:
                del opt_off[node_off[done] + 1 :]
                del parts[opt_off[-1] :]
            else:
                del parts[node_off[done] :]
            graph.options_seen = len(parts)
        if max_pos is not None and len(positions) > max_pos:
            raise SearchLimitExceeded(
                f"search budget exceeded: more than {max_pos:,} positions (raise it with --budget)",
                positions=len(positions),
                seconds=time.monotonic() - start_time,
            )
        if report is not None:
            report(Progress(len(positions), len(parts), time.monotonic() - start_time, done=True))

    def _expand_whole(
        self,
        rules: Impartial[Any],
        p: Any,
        ids: dict[Hashable, int],
        positions: list[tuple[Impartial[Any], Any]],
        parts: array[int],
    ) -> None:
        # The hot loop: bulk operations keep the per-option cost near one dict probe.
        opts = rules.options(p)
        reps = opts if isinstance(opts, list) else list(opts)
        keys = [rules.key(c) for c in reps] if self._keyed else reps
        for k, c in zip(keys, reps, strict=True):
            if k not in ids:
                ids[k] = len(positions)
                positions.append((rules, c))
        parts.extend(map(ids.__getitem__, keys))

    # ------------------------------------------------------------------ evaluation
    def _whole_node(self, position: Any, limits: Limits) -> int:
        g = self._whole
        j = self._node(g, self.rules, position)
        if g.expanded < len(g):
            self._discover(g, [j], limits)
        return j

    def _arrays(self, graph: _Graph) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        node_off = np.frombuffer(graph.node_off, dtype=np.int64)
        parts = np.frombuffer(graph.parts, dtype=np.int64) if len(graph.parts) else np.empty(0, np.int64)
        if graph.split:
            opt_off = np.frombuffer(graph.opt_off, dtype=np.int64)
        else:
            opt_off = np.arange(len(parts) + 1, dtype=np.int64)
        return node_off, opt_off, parts

    def _outcome_table(self, misere: bool) -> tuple[np.ndarray, np.ndarray]:
        from ._kernels import retrograde

        n = len(self._whole)
        cached = self._outcomes.get(misere)
        if cached is None or cached[2] != n:
            node_off, _, parts = self._arrays(self._whole)
            state, rem = retrograde(node_off, parts, misere)
            self._outcomes[misere] = (state, rem, n)
            return state, rem
        return cached[0], cached[1]

    def status(self, position: Any, misere: bool = False, limits: Limits | None = None) -> tuple[int, int | None]:
        """(WIN/LOSE/DRAW for the player to move, remoteness or ``None`` for a draw)."""
        j = self._whole_node(position, limits or Limits())
        state, rem = self._outcome_table(misere)
        s = int(state[j])
        return s, (int(rem[j]) if s != DRAW else None)

    def statuses(
        self, positions: Sequence[Any], misere: bool = False, limits: Limits | None = None
    ) -> list[tuple[int, int | None]]:
        """:meth:`status` of many positions with one search (tables, every option of a move)."""
        lim = limits or Limits()
        nodes = [self._node(self._whole, self.rules, p) for p in positions]
        if self._whole.expanded < len(self._whole):
            self._discover(self._whole, nodes, lim)
        state, rem = self._outcome_table(misere)
        return [(int(state[j]), int(rem[j]) if state[j] != DRAW else None) for j in nodes]

    def grundy(self, position: Any, limits: Limits | None = None) -> GValue:
        """The (generalized) Sprague–Grundy value of a position under normal play."""
        return self.grundies([position], limits)[0]

    def grundies(self, positions: Sequence[Any], limits: Limits | None = None) -> list[GValue]:
        """Grundy values of many positions with one search."""
        from ._kernels import grundy_values

        lim = limits or Limits()
        if not self.splits:
            return self._whole_grundies(positions, lim)
        graph = self._split
        roots = [[self._node(graph, r, q) for r, q in self._parts(self.rules, p)] for p in positions]
        if graph.expanded < len(graph):
            self._discover(graph, [j for r in roots for j in r], lim)
        self._g_split = self._extend_grundy(graph, self._g_split, grundy_values)
        g = self._g_split
        out: list[GValue] = []
        for p, nodes in zip(positions, roots, strict=True):
            if any(g[j] < 0 for j in nodes):
                # A loopy component: ∞ values do not simply add, so label the sum's own graph.
                out.append(self._whole_grundies([p], lim)[0])
            else:
                out.append(nim_sum(*(int(g[j]) for j in nodes)))
        return out

    def _whole_grundies(self, positions: Sequence[Any], lim: Limits) -> list[GValue]:
        from ._kernels import grundy_values

        graph = self._whole
        nodes = [self._node(graph, self.rules, p) for p in positions]
        if graph.expanded < len(graph):
            self._discover(graph, nodes, lim)
        self._g_whole = self._extend_grundy(graph, self._g_whole, grundy_values)
        g = self._g_whole
        return [int(g[j]) if g[j] >= 0 else self._loopy_value(j) for j in nodes]

    def _extend_grundy(self, graph: _Graph, g: np.ndarray, kernel: Any) -> np.ndarray:
        n = len(graph)
        start = g.shape[0]
        if start == n:
            return g
        new = np.full(n, -1, np.int64)
        new[:start] = g
        node_off, opt_off, parts = self._arrays(graph)
        kernel(node_off, opt_off, parts, new, start)
        return new

    def _loopy_value(self, j: int) -> GValue:
        """Generalized Sprague–Grundy value (Fraenkel–Yesha labelling) of an unresolved node."""
        n = len(self._whole)
        if self._loopy_done != n:
            self._label_loopy()
            self._loopy_done = n
        return self._loopy[j]

    def _label_loopy(self) -> None:
        """Label every node of the whole graph with γ: a finite value or ∞(K).

        Stage m = 0, 1, …: repeatedly label m every unlabelled u with no follower labelled m such
        that every follower of u that is unlabelled or ∞ has a follower labelled m; then label ∞
        every unlabelled u with no follower labelled m.  Nodes the topological pass resolved keep
        their value, counted as labelled from stage ``value`` on.
        """
        g = self._g_whole
        node_off, _, parts = self._arrays(self._whole)
        n = len(self._whole)
        kids = [parts[node_off[v] : node_off[v + 1]].tolist() for v in range(n)]
        value: dict[int, int] = {v: int(g[v]) for v in range(n) if g[v] >= 0}
        INF = -1
        label: dict[int, int] = {}
        unlabelled = {v for v in range(n) if g[v] < 0}
        m = 0

        def lab(v: int) -> int | None:
            if v in label:
                return label[v]
            x = value.get(v)
            return x if x is not None and x <= m else None

        while unlabelled:
            changed = True
            while changed:
                changed = False
                for u in sorted(unlabelled):
                    ks = kids[u]
                    if any(lab(c) == m for c in ks):
                        continue
                    if all(any(lab(d) == m for d in kids[c]) for c in ks if lab(c) is None or lab(c) == INF):
                        label[u] = m
                        unlabelled.discard(u)
                        changed = True
            for u in sorted(unlabelled):
                if not any(lab(c) == m for c in kids[u]):
                    label[u] = INF
                    unlabelled.discard(u)
            m += 1
        for v, x in label.items():
            if x == INF:
                finite = set()
                for c in kids[v]:
                    y = label.get(c, value.get(c))
                    if y is not None and y != INF:
                        finite.add(y)
                self._loopy[v] = Loopy(frozenset(finite))
            else:
                self._loopy[v] = x

    @property
    def positions_seen(self) -> int:
        """How many distinct positions the searches of this engine have reached."""
        return len(self._whole) + len(self._split)

    @property
    def options_seen(self) -> int:
        """How many options (edges) the searches of this engine have examined."""
        return self._whole.options_seen + self._split.options_seen


_ENGINES: dict[int, tuple[Impartial[Any], Engine]] = {}


def engine_for(rules: Impartial[Any]) -> Engine:
    """The shared engine of a game object, so repeated questions reuse the searched graph."""
    hit = _ENGINES.get(id(rules))
    if hit is not None and hit[0] is rules:
        return hit[1]
    if len(_ENGINES) > 64:
        _ENGINES.clear()
    eng = Engine(rules)
    _ENGINES[id(rules)] = (rules, eng)
    return eng


def fold(
    root: Any,
    children: Callable[[Any], Iterable[Any]],
    combine: Callable[[Any, list[Any]], Any],
    key: Callable[[Any], Hashable] = lambda p: p,
    memo: dict[Hashable, Any] | None = None,
) -> Any:
    """Evaluate a value bottom-up over an acyclic game tree, iteratively, with a memo.

    ``combine(position, [values of its children])`` gives a position's value.  This is the
    traversal analyses other than outcome and Grundy values (canonical forms, say) build on: no
    recursion, so deep games are safe.

    >>> fold(5, lambda n: [n - 1] if n else [], lambda n, vs: 1 + sum(vs))
    6
    """
    table: dict[Hashable, Any] = {} if memo is None else memo
    stack: list[tuple[Any, Hashable, list[Any] | None]] = [(root, key(root), None)]
    on_path: set[Hashable] = set()
    while stack:
        pos, k, kids = stack[-1]
        if k in table:
            stack.pop()
            continue
        if kids is None:
            kids = list(children(pos))
            stack[-1] = (pos, k, kids)
            on_path.add(k)
            for c in kids:
                ck = key(c)
                if ck in on_path:
                    raise Unsupported("this analysis needs a game without cycles")
                if ck not in table:
                    stack.append((c, ck, None))
            continue
        table[k] = combine(pos, [table[key(c)] for c in kids])
        on_path.discard(k)
        stack.pop()
    return table[key(root)]
