"""References for loopy values: the comparison game of two loopy games written out one object per
state (the pure-Python reference that zermelo.values.survival's compiled kernel is checked against,
tests/test_values_loopy.py; it was zermelo.values.loopy's implementation until the kernel replaced
it), and a game graph as a partisan game for the engine's search with draws."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from typing import Any

import pytest

from zermelo.rules import Partisan
from zermelo.values.loopy import STOPPER, Graph

_LEFT, _RIGHT = 0, 1


class GraphGame(Partisan[int]):
    """A partisan game whose positions are the nodes of a graph (cycles allowed)."""

    loopy = True

    def __init__(self, graph: Graph) -> None:
        self.graph = graph

    def left_options(self, v: int) -> tuple[int, ...]:
        return self.graph.left[v]

    def right_options(self, v: int) -> tuple[int, ...]:
        return self.graph.right[v]

    def key(self, v: int) -> int:
        return v

    def validate(self, v: int) -> None:
        return None


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
    arena = _Arena(g, h, [(groot, hroot, _RIGHT)])
    if side != STOPPER:
        arena.sidle(prefer_h=side == 1)
    return not arena.right_wins(arena.state(groot, hroot, _RIGHT))


def counted_side_comparisons(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """The comparisons of sides zermelo.values.sidling makes from now on (each call's arguments)."""
    from zermelo.values import sidling

    calls: list[Any] = []
    compare = sidling.le

    def counted(*args: Any) -> bool:
        calls.append(args)
        return compare(*args)

    monkeypatch.setattr(sidling, "le", counted)
    return calls
