"""Loopy partisan games as finite game graphs, and the survival comparison of their values.

A *loopy* game may return to a position it has left: its positions and moves form a finite
directed graph with Left edges and Right edges, in which a node may even reach itself (``pass``:
a move back to the same position).  An infinite play is a draw unless a convention says
otherwise.  This module holds the graph (:class:`Graph`), its sums and negatives, the test for a
*stopper* (no infinite *alternating* play from any position: Siegel, *Combinatorial Game
Theory*, VI.1) and the comparison of values, :func:`le`.  Canonical forms, sides and the value
classes are in :mod:`zermelo.values.stopper`.

The comparison is a game played on the pairs of positions of H − G (Left moves in H or, as
Right's moves of G, in −G), with Right to move first:

* **Stoppers** (Siegel, CGT, Theorem VI.1.6 in the form of Winning Ways ch. 11): G ≤ H iff
  Left, playing second in H − G, *survives* — she is never left without a move; an infinite
  play counts as survival.  Who can force the opponent out of moves in finitely many moves is
  retrograde analysis with counters on the pairs of positions; the rest are survivals.
* **Sides** of any games (Winning Ways ch. 11, "sidling"; Siegel VI.4): G⁺ ≤ H⁺ (the onsides)
  iff Left survives H − G and, in an infinite play, the H component is played infinitely often
  (H's onside makes infinite play there Left's); G⁻ ≤ H⁻ (the offsides) likewise with the G
  component.  This is a Büchi condition: the states from which Left can force a move in the
  preferred component (without being forced out of moves) are found as a least fixed point;
  the others are Right's, and the two steps repeat until nothing changes.  The same criterion
  is CGSuite's (Aaron Siegel's ``LoopyGame`` comparison with sides).

Both are solved for every pair at once in arrays by a compiled kernel
(:mod:`zermelo.values.survival`).  Tests check what rests on these theorems against plain search of the sums' graphs
(tests/test_values_loopy.py; docs/values.md, Loopy games).

>>> on = Graph(((0,),), ((),))          # {pass|}
>>> off = on.negative()
>>> le(off, 0, on, 0), le(on, 0, off, 0)
(True, False)
>>> is_stopper(on.sum(off)[0], on.sum(off)[1])   # dud = on + off: both pass forever
False
"""

from __future__ import annotations

from collections.abc import Collection, Container, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from .game import Game, count_work

__all__ = [
    "OFFSIDE",
    "ONSIDE",
    "STOPPER",
    "Graph",
    "alternates",
    "from_game",
    "is_loopfree",
    "is_plumtree",
    "is_stopper",
    "le",
    "nodes_from",
    "reach",
]

STOPPER, ONSIDE, OFFSIDE = 0, 1, 2
_RIGHT = 1  # Right to move in a state of the comparison (Left is 0)


@dataclass(frozen=True)
class Graph:
    """A finite game graph: ``left[v]`` and ``right[v]`` are the nodes Left and Right move to
    from node ``v`` (``v`` itself for a pass)."""

    left: tuple[tuple[int, ...], ...]
    right: tuple[tuple[int, ...], ...]

    def __len__(self) -> int:
        return len(self.left)

    def negative(self) -> Graph:
        """−G: Left's and Right's moves exchanged."""
        return Graph(self.right, self.left)

    def sum(self, other: Graph, root: int = 0, other_root: int = 0) -> tuple[Graph, int]:
        """The disjunctive sum's graph (the pairs of positions reachable from the two roots), and its root."""
        index: dict[tuple[int, int], int] = {(root, other_root): 0}
        order = [(root, other_root)]
        left: list[tuple[int, ...]] = []
        right: list[tuple[int, ...]] = []

        def node(pair: tuple[int, int]) -> int:
            k = index.get(pair)
            if k is None:
                k = index[pair] = len(order)
                order.append(pair)
            return k

        i = 0
        while i < len(order):
            a, b = order[i]
            left.append(tuple(node((x, b)) for x in self.left[a]) + tuple(node((a, y)) for y in other.left[b]))
            right.append(tuple(node((x, b)) for x in self.right[a]) + tuple(node((a, y)) for y in other.right[b]))
            i += 1
            if i % 256 == 0:
                count_work(256)
        return Graph(tuple(left), tuple(right)), 0

    def reachable(self, root: int) -> tuple[Graph, int]:
        """The part reachable from ``root``, renumbered in order of discovery (root 0), edges deduplicated."""
        index = {root: 0}
        order = [root]
        i = 0
        while i < len(order):
            v = order[i]
            for w in (*self.left[v], *self.right[v]):
                if w not in index:
                    index[w] = len(order)
                    order.append(w)
            i += 1
        left = tuple(tuple(sorted({index[w] for w in self.left[v]})) for v in order)
        right = tuple(tuple(sorted({index[w] for w in self.right[v]})) for v in order)
        return Graph(left, right), 0


def from_game(g: Game) -> tuple[Graph, int]:
    """The game graph of a short game's canonical form (one node per distinct follower), root 0."""
    index: dict[int, int] = {g.id: 0}
    order = [g]
    i = 0
    while i < len(order):
        for o in (*order[i].left, *order[i].right):
            if o.id not in index:
                index[o.id] = len(order)
                order.append(o)
        i += 1
    left = tuple(tuple(index[o.id] for o in x.left) for x in order)
    right = tuple(tuple(index[o.id] for o in x.right) for x in order)
    count_work(len(order))
    return Graph(left, right), 0


def nodes_from(graph: Graph, roots: Iterable[int]) -> list[int]:
    """The positions reachable from ``roots`` (the roots included), in increasing order."""
    return reach(graph.left, graph.right, roots)


def reach(left: Sequence[Collection[int]], right: Sequence[Collection[int]], roots: Iterable[int]) -> list[int]:
    """The nodes reachable from ``roots`` by the moves ``left[v]`` and ``right[v]`` (the roots
    included), in increasing order: :func:`nodes_from` of a graph being built."""
    seen = set(roots)
    stack = list(seen)
    while stack:
        v = stack.pop()
        for w in (*left[v], *right[v]):
            if w not in seen:
                seen.add(w)
                stack.append(w)
    return sorted(seen)


def _has_cycle(succ: dict[int, list[int]]) -> bool:
    """Whether the directed graph ``succ`` (on its keys) has a cycle: iterative depth-first search."""
    colour: dict[int, int] = {}
    for start in succ:
        if start in colour:
            continue
        colour[start] = 1
        stack = [(start, iter(succ[start]))]
        while stack:
            v, it = stack[-1]
            w = next(it, None)
            if w is None:
                colour[v] = 2
                stack.pop()
            elif colour.get(w) == 1:
                return True
            elif w not in colour:
                colour[w] = 1
                stack.append((w, iter(succ[w])))
    return False


def alternates(
    left: Sequence[Collection[int]],
    right: Sequence[Collection[int]],
    nodes: Iterable[int],
    within: Container[int] | None = None,
) -> bool:
    """Whether play can alternate for ever among ``nodes``: the states (position, player to move),
    each move to the other player's state, have a cycle.  Moves to positions not ``within`` are
    not followed (``None``: ``nodes`` hold every follower, none is left out)."""
    succ: dict[int, list[int]] = {}
    for v in nodes:
        ls, rs = left[v], right[v]
        if within is not None:
            ls, rs = [w for w in ls if w in within], [w for w in rs if w in within]
        succ[2 * v] = [2 * w + 1 for w in ls]
        succ[2 * v + 1] = [2 * w for w in rs]
    return _has_cycle(succ)


def is_stopper(graph: Graph, root: int) -> bool:
    """No infinite alternating play from any follower of ``root``."""
    return not alternates(graph.left, graph.right, nodes_from(graph, [root]))


def is_loopfree(graph: Graph, root: int) -> bool:
    """No position reachable from ``root`` can repeat (a short game)."""
    nodes = nodes_from(graph, [root])
    return not _has_cycle({v: [*graph.left[v], *graph.right[v]] for v in nodes})


def is_plumtree(graph: Graph, root: int) -> bool:
    """No cycle but passes (a move from a position to itself): a tree hung with passes."""
    nodes = nodes_from(graph, [root])
    return not _has_cycle({v: [w for w in (*graph.left[v], *graph.right[v]) if w != v] for v in nodes})


def _csr(graph: Graph) -> Any:
    from .survival import csr  # numpy and the kernel only when a loopy game is compared

    return csr(graph.left, graph.right)


def le(g: Graph, groot: int, h: Graph, hroot: int, side: int = STOPPER) -> bool:
    """G ≤ H for the positions ``groot`` of ``g`` and ``hroot`` of ``h``: by survival for
    stoppers (``STOPPER``), else comparing their onsides (``ONSIDE``) or offsides (``OFFSIDE``).
    Only the states reachable from Right's first move are solved."""
    from .survival import results

    start = ((groot * len(h) + hroot) << 1) | _RIGHT
    count_work(len(g) * len(h))
    result = results(_csr(g), _csr(h), side, start)
    return bool(result[start] <= 0)


def le_table(g: Graph, side: int = STOPPER) -> list[list[bool]]:
    """``table[u][v]`` is u ≤ v (their ``side``s), for every pair of positions of one graph: one
    analysis of all the pairs."""
    from .survival import results

    n = len(g)
    count_work(n * n)
    c = _csr(g)
    right_first = results(c, c, side, -1)[_RIGHT::2].reshape(n, n)
    table: list[list[bool]] = (right_first <= 0).tolist()
    return table
