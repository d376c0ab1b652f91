"""The value of a large loopy game graph, one strongly connected component at a time.

:func:`zermelo.values.stopper.value_of_graph` simplifies a game graph with one table of
comparisons between all its positions: quadratic in the positions, so a graph of ten thousand
(Fox and Geese with four geese) is out of reach although its cycles are small — the fox stepping
about while the geese stand still, since the geese only move forward.  :func:`value_by_components`
values the graph's strongly connected components in reverse topological order, followers first.
When a component is reached, every position it leaves to (its *exits*) already has its value,
and the value of a position depends on an exit only through the exit's value (a comparison's
play that enters the exit never comes back, and what is decided from there is the exit's
comparison).  So the component is valued on a small graph: its own positions, their moves into
the exits replaced by moves to the exits' canonical graphs.

The canonical values are kept in one *store*, a graph whose nodes are values (short games
interned by their :class:`~zermelo.values.game.Game`, stoppers by the component that found
them), so the exits of a component share their followers and the small graph is the union of
their canonical graphs, not copies of them.

* A component whose small graph is a stopper is simplified as :func:`~zermelo.values.stopper.canonical`
  does (dominated and reversible options, fusion of equal positions), but only its own positions
  move: the store's nodes are simplest forms already.  A position equal to an exit's follower is
  fused into it.  A position alone, with short exits and no pass, is the short game of its options.
* Any other component (its own cycles alternate, or an exit is not a stopper) is put in the
  store as it is, twice: once on its exits' onsides, once on their offsides (the onside of a
  position is the onside of its graph with the exits replaced by their onsides).  Its sides are
  found by sidling (:func:`~zermelo.values.stopper.side_value`) where a value is read — the root —
  on all of that graph at once, as the whole graph's value would be: sidling each position of a
  component alone costs far more comparisons (tried: docs/benchmarks.md, *loopy*).  Such a
  graph grows with the components above it, and the budget caps it as it grows.
* The root's value is read from the store and put in simplest form once more
  (:func:`~zermelo.values.stopper.canonical`): the store may hold a value twice (two components
  finding it, by options not yet shared), which a later component's graph can reach by two nodes.
* Components of one shape on the same exits' values (the fox's steps beside geese that differ
  only far away) are valued once.

Every graph simplified or sidled is at most ``max_pairs`` pairs of positions (each side to move)
to compare, else :class:`~zermelo.core.errors.SearchLimitExceeded` names the largest one.
Tests check the values against :func:`~zermelo.values.stopper.value_of_graph` of the whole
graph, on random graphs and on the loopy rulesets (tests/test_values_loopy_parts.py).

>>> from zermelo.values.stopper import value_of_graph
>>> g = Graph(((0, 1), (), (1,)), ((1,), (), (0,)))   # 0 = {pass, 0 | 0}, 2 = {0 | that}
>>> value_by_components(g, 2) == value_of_graph(g, 2)
True
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial

from ..core.errors import Unsupported
from ..core.limits import over_budget
from ..core.traversal import components
from .game import Game, count_work, game
from .loopy import OFFSIDE, ONSIDE, Graph, alternates, le_table, reach
from .stopper import (
    MAX_ROUNDS,
    Stopper,
    Value,
    canonical,
    side_value,
    sided,
    simplify_once,
)
from .survival import load_kernels

__all__ = ["value_by_components"]

#: With more components than this, the comparisons are run compiled from the start (loading numba
#: costs about half a second; a small comparison interpreted, a few milliseconds).
_MANY = 64


class _Store:
    """Values as one graph: ``left[i]``/``right[i]`` are the nodes of node i's options, ``short[i]``
    its short game (None for a loopy one)."""

    def __init__(self) -> None:
        self.left: list[tuple[int, ...]] = []
        self.right: list[tuple[int, ...]] = []
        self.short: list[Game | None] = []
        self._games: dict[int, int] = {}
        self._shapes: dict[tuple[tuple[int, ...], tuple[int, ...]], int] = {}

    def game(self, g: Game) -> int:
        """The node of a short game (its followers' nodes made first, without recursion)."""
        stack = [g]
        while stack:
            top = stack[-1]
            if top.id in self._games:
                stack.pop()
                continue
            missing = [o for o in (*top.left, *top.right) if o.id not in self._games]
            if missing:
                stack.extend(missing)
                continue
            stack.pop()
            node = self._new(tuple(self._games[o.id] for o in top.left), tuple(self._games[o.id] for o in top.right))
            self.short[node] = top
            self._games[top.id] = node
        return self._games[g.id]

    def _new(self, left: tuple[int, ...], right: tuple[int, ...]) -> int:
        self.left.append(left)
        self.right.append(right)
        self.short.append(None)
        return len(self.left) - 1

    def loopy(self, left: tuple[int, ...], right: tuple[int, ...]) -> int:
        """The node of a loopy value whose options are nodes already made or, as -1, itself (a
        pass): one node for all the values of one shape."""
        key = (tuple(sorted(set(left))), tuple(sorted(set(right))))
        hit = self._shapes.get(key)
        if hit is None:
            hit = self._shapes[key] = self.loopy_new()
            self.left[hit] = tuple(sorted(hit if w == -1 else w for w in key[0]))
            self.right[hit] = tuple(sorted(hit if w == -1 else w for w in key[1]))
        return hit

    def loopy_new(self) -> int:
        """A new node for a loopy value, its options to be filled in."""
        return self._new((), ())

    def copy(self, kept: list[int], lo: list[set[int]], ro: list[set[int]]) -> list[int]:
        """New nodes for the nodes of a small graph past its ``kept`` store nodes, as they are."""
        m = len(kept)
        node = kept + [self.loopy_new() for _ in range(len(lo) - m)]
        for v in range(m, len(lo)):
            self.left[node[v]] = tuple(sorted(node[w] for w in lo[v]))
            self.right[node[v]] = tuple(sorted(node[w] for w in ro[v]))
        return node[m:]

    def closure(self, roots: Iterable[int]) -> list[int]:
        """The nodes reachable from ``roots``, oldest first."""
        return reach(self.left, self.right, roots)

    def graph(self, root: int) -> tuple[Graph, int]:
        """The graph of the value at ``root`` (root 0)."""
        nodes = self.closure([root])
        at = {u: i for i, u in enumerate(nodes)}
        g = Graph(
            tuple(tuple(at[w] for w in self.left[u]) for u in nodes),
            tuple(tuple(at[w] for w in self.right[u]) for u in nodes),
        )
        return g, at[root]

    def side(self, root: int, side: int, max_pairs: int | None) -> Game | Stopper:
        """The value at ``root`` read as one side: its simplest form, or the graph sidling leaves."""
        s = self.short[root]
        if s is not None:
            return s
        g, r = self.graph(root)
        _check(len(g), max_pairs)
        return side_value(g, r, side)


def value_by_components(graph: Graph, root: int, max_pairs: int | None = None) -> Value:
    """The value of the game at ``root``, as :func:`~zermelo.values.stopper.value_of_graph` gives
    it, valued component by component (see the module's text)."""
    g, r = graph.reachable(root)
    n = len(g)
    comp = components({v: (*g.left[v], *g.right[v]) for v in range(n)})
    members: dict[int, list[int]] = {}
    for v, c in comp.items():  # component by component, followers' components first
        members.setdefault(c, []).append(v)
    if len(members) > _MANY:
        load_kernels()
    store = _Store()
    on = [-1] * n
    off = [-1] * n
    done: dict[tuple[object, ...], tuple[list[int], list[int]]] = {}  # components of one shape on the same exits
    for part in members.values():
        nodes = sorted(part)
        key = _shape(g, nodes, on, off)
        hit = done.get(key)
        if hit is None:
            _component(g, nodes, store, on, off, max_pairs)
            done[key] = [on[v] for v in nodes], [off[v] for v in nodes]
        else:
            for v, a, b in zip(nodes, *hit, strict=True):
                on[v], off[v] = a, b
    if on[r] == off[r]:
        s = store.short[on[r]]
        if s is not None:
            return s
        h, top = store.graph(on[r])
        _check(len(h), max_pairs)
        return canonical(h, top)
    return sided(store.side(on[r], ONSIDE, max_pairs), store.side(off[r], OFFSIDE, max_pairs))


def _shape(g: Graph, nodes: list[int], on: list[int], off: list[int]) -> tuple[object, ...]:
    """What a component's values depend on: its moves, to its own positions (by their order) or
    to its exits (by their values)."""
    inside = {v: i for i, v in enumerate(nodes)}

    def ends(opts: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
        return tuple(sorted((-1, inside[w]) if w in inside else (on[w], off[w]) for w in opts))

    return tuple((ends(g.left[v]), ends(g.right[v])) for v in nodes)


def _alternates(lo: list[set[int]], ro: list[set[int]], nodes: Iterable[int]) -> bool:
    """Whether play can alternate for ever among ``nodes`` (the store's nodes are stoppers and
    never move back to a component's positions, so an alternating cycle of a small graph is here)."""
    inside = set(nodes)
    return alternates(lo, ro, inside, inside)


def _stays_stopper(lo: list[set[int]], ro: list[set[int]], nodes: list[int]) -> bool:
    return not _alternates(lo, ro, nodes)


def _check(size: int, max_pairs: int | None) -> None:
    """The budget of one simplification: every pair of its positions compared, each side to move."""
    if max_pairs is not None and 2 * size * size > max_pairs:
        raise over_budget(max_pairs, f"pairs of positions to compare ({size:,} positions in one part)", positions=size)


def _component(
    g: Graph,
    nodes: list[int],
    store: _Store,
    on: list[int],
    off: list[int],
    max_pairs: int | None,
) -> None:
    """Value the positions ``nodes`` of one strongly connected component of ``g`` (their exits valued)."""
    inside = set(nodes)
    exits = sorted({w for v in nodes for w in (*g.left[v], *g.right[v]) if w not in inside})
    count_work(len(nodes))
    if len(nodes) == 1:
        v = nodes[0]
        shorts = {w: store.short[on[w]] for w in exits if on[w] == off[w]}
        if v not in g.left[v] and v not in g.right[v] and all(shorts.get(w) is not None for w in exits):
            value = game([shorts[w] for w in g.left[v]], [shorts[w] for w in g.right[v]])  # type: ignore[misc]
            on[v] = off[v] = store.game(value)
            return
    if all(on[w] == off[w] for w in exits):
        kept, local, lo, ro = _small_graph(g, nodes, exits, on, store)
        if not _alternates(lo, ro, range(len(kept), len(lo))):
            _check(len(lo), max_pairs)
            _simplify(kept, nodes, local, lo, ro, store, on)
            for v in nodes:
                off[v] = on[v]
            return
    for values in (on, off):  # two copies, on its exits' onsides and on their offsides: on ≠ off
        kept, _, lo, ro = _small_graph(g, nodes, exits, values, store)
        _check(len(lo), max_pairs)  # it is sidled at the root with all it reaches
        for v, node in zip(nodes, store.copy(kept, lo, ro), strict=True):
            values[v] = node


def _small_graph(
    g: Graph, nodes: list[int], exits: list[int], values: list[int], store: _Store
) -> tuple[list[int], dict[int, int], list[set[int]], list[set[int]]]:
    """The component's graph on its exits' values: the store's nodes they reach (``kept``, oldest
    first, numbered from 0), then the component's positions; ``local`` numbers the positions of ``g``."""
    kept = store.closure(values[w] for w in exits)
    at = {u: i for i, u in enumerate(kept)}
    local = {w: at[values[w]] for w in exits}
    for i, v in enumerate(nodes):
        local[v] = len(kept) + i
    lo = [{at[w] for w in store.left[u]} for u in kept] + [{local[w] for w in g.left[v]} for v in nodes]
    ro = [{at[w] for w in store.right[u]} for u in kept] + [{local[w] for w in g.right[v]} for v in nodes]
    return kept, local, lo, ro


def _simplify(
    kept: list[int],
    nodes: list[int],
    local: dict[int, int],
    lo: list[set[int]],
    ro: list[set[int]],
    store: _Store,
    values: list[int],
) -> None:
    """Simplify the component's positions in its small graph, a stopper's, as
    :func:`~zermelo.values.stopper.canonical` does (the store's nodes, simplest already, stay),
    and put their values in the store (``values``, by position of the game)."""
    m = len(kept)
    table = le_table(_frozen(lo, ro))
    rep = list(range(len(lo)))
    alive = list(range(m, len(lo)))
    for _ in range(MAX_ROUNDS):
        changed = simplify_once(lo, ro, alive, table, partial(_stays_stopper, lo, ro, alive))
        if not changed and not _fuse(lo, ro, alive, rep, m, table):
            break
        alive = [v for v in alive if rep[v] == v]
    else:
        raise Unsupported("the simplification of that loopy game did not settle")
    node = _put(lo, ro, alive, kept, store)
    for v in nodes:
        x = local[v]
        while rep[x] != x:
            x = rep[x]
        values[v] = node[x]


def _frozen(lo: list[set[int]], ro: list[set[int]]) -> Graph:
    return Graph(tuple(tuple(sorted(s)) for s in lo), tuple(tuple(sorted(s)) for s in ro))


def _fuse(
    lo: list[set[int]], ro: list[set[int]], alive: list[int], rep: list[int], m: int, table: list[list[bool]]
) -> bool:
    """Fuse each live position into the oldest node of equal value (a store node first), all at
    once or, when that is not a stopper any more, one at a time; whether anything fused."""
    into: dict[int, int] = {}
    for u in alive:
        for w in (*range(m), *alive):
            if w >= u:
                break
            if w not in into and table[u][w] and table[w][u]:
                into[u] = w
                break
    if not into:
        return False
    tries = [into] + ([{u: w} for u, w in into.items()] if len(into) > 1 else [])
    for batch in tries:
        new_lo = [{batch.get(w, w) for w in s} for s in lo]
        new_ro = [{batch.get(w, w) for w in s} for s in ro]
        if not _alternates(new_lo, new_ro, [v for v in alive if v not in batch]):
            lo[:], ro[:] = new_lo, new_ro
            for u, w in batch.items():
                rep[u] = w
            return True
    return False


def _put(lo: list[set[int]], ro: list[set[int]], alive: list[int], kept: list[int], store: _Store) -> dict[int, int]:
    """The store's node of each node of the small graph: the kept ones theirs; a live position a
    short game's when its options are short, else a loopy value's (by shape when its options have
    nodes already, a new node for each of a cycle's positions otherwise)."""
    node = dict(enumerate(kept))
    pending = list(alive)
    for shape in (False, True):
        progress = True
        while progress:
            progress = False
            for v in list(pending):
                opts = (*lo[v], *ro[v])
                if not shape and v not in opts and all(w in node and store.short[node[w]] is not None for w in opts):
                    left = [store.short[node[w]] for w in lo[v]]
                    right = [store.short[node[w]] for w in ro[v]]
                    node[v] = store.game(game(left, right))  # type: ignore[arg-type]
                elif shape and all(w in node or w == v for w in opts):
                    node[v] = store.loopy(
                        tuple(node.get(w, -1) if w != v else -1 for w in lo[v]),
                        tuple(node.get(w, -1) if w != v else -1 for w in ro[v]),
                    )
                else:
                    continue
                pending.remove(v)
                progress = True
    for v in pending:
        node[v] = store.loopy_new()
    for v in pending:
        store.left[node[v]] = tuple(sorted(node[w] for w in lo[v]))
        store.right[node[v]] = tuple(sorted(node[w] for w in ro[v]))
    return node
