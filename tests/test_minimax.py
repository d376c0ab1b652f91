"""minimax.py: alpha-beta, the table, MTD(f) and deepening never change a value, only node counts.

The reference is a six-line recursive negamax over random small game trees (with transpositions,
gains, draws), written independently of the module.
"""

from __future__ import annotations

from functools import cache
from typing import ClassVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from zermelo import negamax
from zermelo.core.errors import InvalidPosition, SearchLimitExceeded
from zermelo.rules import Move, Scored
from zermelo.search.engine import Limits
from zermelo.search.minimax import WIN_SCORE, Search, compare, move_values


class Tree(Scored[int]):
    """A random game: node -> children (with gains) or a payoff.  Children have larger ids, so
    it is acyclic; several parents may share a child (transpositions)."""

    name: ClassVar[str] = "tree"

    def __init__(self, children: dict[int, list[tuple[int, int]]], payoffs: dict[int, int]) -> None:
        self.children, self.payoffs = children, payoffs

    def moves(self, p: int) -> list[Move[int]]:
        return [Move(f"{p}->{c}", c) for c, _ in self.children[p]]

    def payoff(self, p: int) -> int | None:
        return self.payoffs.get(p)

    def gain(self, p: int, move: Move[int]) -> int:
        return dict(self.children[p])[move.position]


class GainTree(Tree):
    gains: ClassVar[bool] = True


class WinLossTree(Tree):
    win_loss: ClassVar[bool] = True


@st.composite
def trees(draw: st.DrawFn, win_loss: bool = False, gains: bool = False) -> Tree:
    n = draw(st.integers(2, 25))
    children: dict[int, list[tuple[int, int]]] = {}
    payoffs: dict[int, int] = {}
    for node in range(n - 1, -1, -1):
        later = list(range(node + 1, n))
        if not later or draw(st.integers(0, 4)) == 0:
            payoffs[node] = draw(st.integers(-1, 1) if win_loss else st.integers(-5, 5))
        else:
            kids = draw(st.lists(st.sampled_from(later), min_size=1, max_size=4, unique=True))
            children[node] = [(k, draw(st.integers(-3, 3)) if gains else 0) for k in kids]
    return (WinLossTree if win_loss else GainTree if gains else Tree)(children, payoffs)


def reference(tree: Tree, root: int = 0) -> int:
    """Plain recursive negamax in the encoding of minimax.py (independent of it)."""

    @cache
    def v(p: int) -> int:
        if p in tree.payoffs:
            return tree.payoffs[p] * (WIN_SCORE if tree.win_loss else 1)
        best = None
        for c, g in tree.children[p]:
            x = g - v(c)
            if tree.win_loss and x:
                x -= 1 if x > 0 else -1
            best = x if best is None or x > best else best
        assert best is not None
        return best

    return v(root)


@settings(max_examples=150, deadline=None)
@given(st.one_of(trees(), trees(gains=True), trees(win_loss=True)))
def test_every_method_gives_the_reference_value(tree: Tree) -> None:
    want = reference(tree)
    results = compare(tree, 0)
    assert {r.raw for r in results} == {want}
    r = negamax(tree, 0)
    assert r.raw == want
    # Fewer nodes with each technique: minimax >= alpha-beta (same order, only cut-offs).
    assert results[0].nodes >= results[1].nodes


@settings(max_examples=150, deadline=None)
@given(st.one_of(trees(), trees(gains=True), trees(win_loss=True)), st.integers(-8, 8), st.integers(1, 8))
def test_fail_soft_bounds(tree: Tree, alpha: int, width: int) -> None:
    """Inside the window the value is exact; outside, the result is a bound on the right side."""
    want = reference(tree)
    if tree.win_loss:  # windows around the interesting values of the encoding
        alpha = alpha if abs(alpha) < 4 else (WIN_SCORE - 10 if alpha > 0 else -WIN_SCORE + 2)
    beta = alpha + width
    for table in (True, False):
        got = Search(tree, table=table).alphabeta(0, alpha, beta)
        if got <= alpha:
            assert want <= got
        elif got >= beta:
            assert want >= got
        else:
            assert got == want


@settings(max_examples=100, deadline=None)
@given(st.one_of(trees(), trees(gains=True), trees(win_loss=True)))
def test_best_moves_and_principal_variation(tree: Tree) -> None:
    r = negamax(tree, 0)
    if 0 in tree.payoffs:
        assert r.best_moves == [] and r.pv == []
        return
    s = Search(tree)
    values = {m.position: s.back(reference(tree, m.position), tree.gain(0, m)) for m in tree.moves(0)}
    assert {m.position for m in r.best_moves} == {c for c, v in values.items() if v == r.raw}
    # Each step of the line keeps the value: value(p) = back(value(next), gain).
    p = 0
    for m in r.pv:
        assert s.back(reference(tree, m.position), tree.gain(p, m)) == reference(tree, p)
        p = m.position
    assert tree.payoff(p) is not None
    mv = move_values(tree, 0)
    assert [x.value for x in mv] == [
        (1 if v > 0 else -1 if v < 0 else 0) if tree.win_loss else v for v in values.values()
    ]


@settings(max_examples=60, deadline=None)
@given(trees(win_loss=True))
def test_depth_limit_is_exact_when_deep_enough(tree: Tree) -> None:
    deep = negamax(tree, 0, depth=30)
    assert deep.exact and deep.raw == reference(tree)
    shallow = negamax(tree, 0, depth=1)
    if all(c in tree.payoffs for c, _ in tree.children.get(0, [])):
        assert shallow.exact
    else:
        assert not shallow.exact


class Countdown(Scored[int]):
    """Take 1 from a counter; the player facing 0 loses.  As deep as you like."""

    name: ClassVar[str] = "countdown"
    win_loss: ClassVar[bool] = True

    def moves(self, n: int) -> list[Move[int]]:
        return [Move("take 1", n - 1)]

    def payoff(self, n: int) -> int | None:
        return -1 if n == 0 else None


def test_deep_games_need_no_recursion() -> None:
    # 20,000 plies: far beyond Python's recursion limit; the explicit stack does not care.
    r = negamax(Countdown(), 20_001, method="alphabeta+table")
    assert (r.value, r.distance) == (1, 20_001)


def test_budget_stops_with_a_clear_error() -> None:
    with pytest.raises(SearchLimitExceeded, match="budget of 5,000 positions"):
        negamax(Countdown(), 20_000, limits=Limits(5_000, None))


def test_position_without_moves_or_payoff_is_reported() -> None:
    class Broken(Countdown):
        def moves(self, n: int) -> list[Move[int]]:
            return []

    with pytest.raises(InvalidPosition, match="no moves but no payoff"):
        negamax(Broken(), 3)


def test_unknown_method_and_bad_depth() -> None:
    with pytest.raises(ValueError, match="unknown method"):
        negamax(Countdown(), 3, method="magic")
    with pytest.raises(InvalidPosition, match="depth"):
        negamax(Countdown(), 3, depth=0)
