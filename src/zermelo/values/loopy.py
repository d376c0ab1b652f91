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

Tests check what rests on these theorems against plain search of the sums' graphs
(tests/test_values_loopy.py; docs/values.md, Loopy games).

>>> on = Graph(((0,),), ((),))          # {pass|}
>>> off = on.negative()
>>> le(off, 0, on, 0), le(on, 0, off, 0)
(True, False)
>>> is_stopper(on.sum(off)[0], on.sum(off)[1])   # dud = on + off: both pass forever
False
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass

from .game import Game, count_work

__all__ = [
    "OFFSIDE",
    "ONSIDE",
    "STOPPER",
    "Graph",
    "from_game",
    "is_loopfree",
    "is_plumtree",
    "is_stopper",
    "le",
    "nodes_from",
]

STOPPER, ONSIDE, OFFSIDE = 0, 1, 2
_LEFT, _RIGHT = 0, 1  # the player to move in a state of the comparison


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
    seen = set(roots)
    stack = list(seen)
    while stack:
        v = stack.pop()
        for w in (*graph.left[v], *graph.right[v]):
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


def is_stopper(graph: Graph, root: int) -> bool:
    """No infinite alternating play from any follower of ``root``: the states (position, player
    to move) reachable from the root, each move to the other player's state, form no cycle."""
    nodes = nodes_from(graph, [root])
    succ: dict[int, list[int]] = {}
    for v in nodes:
        succ[2 * v] = [2 * w + 1 for w in graph.left[v]]
        succ[2 * v + 1] = [2 * w for w in graph.right[v]]
    return not _has_cycle(succ)


def is_loopfree(graph: Graph, root: int) -> bool:
    """No position reachable from ``root`` can repeat (a short game)."""
    nodes = nodes_from(graph, [root])
    return not _has_cycle({v: [*graph.left[v], *graph.right[v]] for v in nodes})


def is_plumtree(graph: Graph, root: int) -> bool:
    """No cycle but passes (a move from a position to itself): a tree hung with passes."""
    nodes = nodes_from(graph, [root])
    return not _has_cycle({v: [w for w in (*graph.left[v], *graph.right[v]) if w != v] for v in nodes})


class _Arena:
    """The comparison game on pairs (g, h) of positions of H − G with a player to move.

    ``result[s]`` is +1 when the player to move in state s can force the opponent out of moves,
    −1 when the opponent can, 0 while neither is known (an infinite play).
    """

    def __init__(self, g: Graph, h: Graph, starts: Iterable[tuple[int, int, int]]) -> None:
        self.g, self.h = g, h
        nh = self.nh = len(h)
        index = self.index = [-1] * (len(g) * nh * 2)  # state key (g·|H| + h)·2 + mover -> state number
        self.moves: list[list[tuple[int, bool]]] = []  # (target, the move is in H)
        self.mover: list[int] = []
        keys: list[int] = []
        for gv, hv, m in starts:
            key = ((gv * nh + hv) << 1) | m
            if index[key] < 0:
                index[key] = len(keys)
                keys.append(key)
        i = 0
        # Each position's moves in the comparison, as state keys: Left moves in H (h -> h^L) or
        # in -G (g -> g^R); Right in H (h -> h^R) or in -G (g -> g^L).
        g_moves = (g.right, g.left)
        h_moves = (h.left, h.right)
        while i < len(keys):
            key = keys[i]
            m = key & 1
            gv, hv = divmod(key >> 1, nh)
            other = m ^ 1
            targets = [(((x * nh + hv) << 1) | other, False) for x in g_moves[m][gv]]
            targets += [(((gv * nh + y) << 1) | other, True) for y in h_moves[m][hv]]
            out = []
            for t, in_h in targets:
                s = index[t]
                if s < 0:
                    s = index[t] = len(keys)
                    keys.append(t)
                out.append((s, in_h))
            self.moves.append(out)
            self.mover.append(m)
            i += 1
        n = len(keys)
        count_work(n)
        self.preds: list[list[tuple[int, bool]]] = [[] for _ in range(n)]
        for s, out in enumerate(self.moves):
            for t, in_h in out:
                self.preds[t].append((s, in_h))
        self.result = [0] * n
        self.count = [len(out) for out in self.moves]
        self._settle(deque((s, -1) for s in range(n) if not self.moves[s]))

    def state(self, gv: int, hv: int, m: int) -> int:
        return self.index[((gv * self.nh + hv) << 1) | m]

    def _settle(self, queue: deque[tuple[int, int]]) -> None:
        """Retrograde analysis: each (state, result) in ``queue`` is decided, and so are its consequences."""
        result, count, preds = self.result, self.count, self.preds
        for s, r in queue:
            result[s] = r
        while queue:
            t, r = queue.popleft()
            for p, _ in preds[t]:
                if result[p]:
                    continue
                if r < 0:  # the mover at t loses: moving there wins
                    result[p] = 1
                    queue.append((p, 1))
                else:
                    count[p] -= 1
                    if count[p] == 0:
                        result[p] = -1
                        queue.append((p, -1))

    def right_wins(self, s: int) -> bool:
        r = self.result[s]
        return (r < 0) if self.mover[s] == _LEFT else (r > 0)

    def left_wins(self, s: int) -> bool:
        r = self.result[s]
        return (r > 0) if self.mover[s] == _LEFT else (r < 0)

    def sidle(self, prefer_h: bool) -> None:
        """Decide the infinite plays: Left must make the preferred component (H for the onsides,
        G for the offsides) be played infinitely often, else Right wins them (a Büchi game)."""
        while True:
            good = self._good(prefer_h)
            bad = [s for s in range(len(self.result)) if not self.result[s] and not good[s]]
            if not bad:
                return
            self._settle(deque((s, -1 if self.mover[s] == _LEFT else 1) for s in bad))

    def _good(self, prefer_h: bool) -> list[bool]:
        """Undecided states from which Left can force a move in the preferred component."""
        n = len(self.result)
        good = [False] * n
        need = [0] * n
        queue: deque[int] = deque()
        for s in range(n):
            if self.result[s]:
                continue
            if self.mover[s] == _LEFT:
                if any(in_h == prefer_h and not self.right_wins(t) for t, in_h in self.moves[s]):
                    good[s] = True
                    queue.append(s)
            else:
                need[s] = sum(1 for t, in_h in self.moves[s] if in_h != prefer_h and not self.left_wins(t))
                if need[s] == 0:
                    good[s] = True
                    queue.append(s)
        while queue:
            t = queue.popleft()
            for p, in_h in self.preds[t]:
                if good[p] or self.result[p] or in_h == prefer_h:
                    continue
                if self.mover[p] == _LEFT:
                    good[p] = True
                    queue.append(p)
                else:
                    need[p] -= 1
                    if need[p] == 0:
                        good[p] = True
                        queue.append(p)
        return good


def le(g: Graph, groot: int, h: Graph, hroot: int, side: int = STOPPER) -> bool:
    """G ≤ H for the positions ``groot`` of ``g`` and ``hroot`` of ``h``: by survival for
    stoppers (``STOPPER``), else comparing their onsides (``ONSIDE``) or offsides (``OFFSIDE``)."""
    arena = _Arena(g, h, [(groot, hroot, _RIGHT)])
    if side != STOPPER:
        arena.sidle(prefer_h=side == ONSIDE)
    return not arena.right_wins(arena.state(groot, hroot, _RIGHT))


def le_table(g: Graph) -> list[list[bool]]:
    """``table[u][v]`` is u ≤ v, for every pair of positions of a stopper's graph (one survival analysis)."""
    n = len(g)
    arena = _Arena(g, g, [(u, v, _RIGHT) for u in range(n) for v in range(n)])
    return [[not arena.right_wins(arena.state(u, v, _RIGHT)) for v in range(n)] for u in range(n)]
