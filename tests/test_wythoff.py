"""Wythoff's game: the Beatty pairs by exact arithmetic, the outcome and every winning move,
against search for small heaps and self-consistent for heaps with a thousand digits."""

from __future__ import annotations

import random
from math import isqrt

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from zermelo import InvalidPosition, Outcome, outcome, solve, winning_moves
from zermelo.games import Wythoff
from zermelo.games.wythoff import partner, wythoff_pair
from zermelo.search.engine import PREVIOUS_WINS, Engine

W = Wythoff()
SEARCH = Engine(W)  # shared: every example below reuses one searched graph
SIDE = 40


def key(p: tuple[int, int]) -> tuple[int, int]:
    return (min(p), max(p))


@settings(max_examples=300, deadline=None)
@given(st.integers(0, SIDE - 1), st.integers(0, SIDE - 1))
def test_outcome_formula_equals_search(x: int, y: int) -> None:
    searched = Outcome.P if SEARCH.outcome((x, y))[0] == PREVIOUS_WINS else Outcome.N
    assert W.outcome_formula((x, y)) == searched


@settings(max_examples=300, deadline=None)
@given(st.integers(0, SIDE - 1), st.integers(0, SIDE - 1))
def test_winning_moves_formula_equals_search(x: int, y: int) -> None:
    moves = list(W.moves((x, y)))
    states = SEARCH.outcomes([m.position for m in moves])
    searched = {key(m.position) for m, (s, _) in zip(moves, states, strict=True) if s == PREVIOUS_WINS}
    formula = W.winning_moves_formula((x, y))
    assert formula is not None
    assert {key(m.position) for m in formula} == searched
    assert len({m.position for m in formula}) == len(formula)
    labels = {m.label: m.position for m in moves}
    assert all(labels[m.label] == m.position for m in formula)


def test_grundy_values_by_search() -> None:
    g = [[SEARCH.grundy((x, y)) for y in range(6)] for x in range(6)]
    assert g[0] == [0, 1, 2, 3, 4, 5]
    assert g[1][:4] == [1, 2, 0, 4] and g[2][:3] == [2, 0, 1]
    assert all(g[x][y] == g[y][x] for x in range(6) for y in range(6))


def test_misere_is_searched() -> None:
    assert W.outcome_formula((1, 2), misere=True) is None
    # Misère: (0, 1) and (1, 0) are lost (the mover must take the last counter); (0, 0) is a win.
    assert outcome(W, (0, 1), misere=True) is Outcome.P and outcome(W, (0, 0), misere=True) is Outcome.N
    assert outcome(W, (2, 2), misere=True) is Outcome.P  # unlike normal play, where (2, 2) -> (0, 0) wins
    assert outcome(W, (2, 2)) is Outcome.N
    moves = winning_moves(W, (3, 3), misere=True)
    assert moves and all(outcome(W, m.position, misere=True) is Outcome.P for m in moves)


def test_pairs_are_the_beatty_pairs() -> None:
    firsts: set[int] = set()
    seconds: set[int] = set()
    for k in range(3000):
        a, b = wythoff_pair(k)
        assert b - a == k
        firsts.add(a)
        seconds.add(b)
    # Complementary Beatty sequences: every positive number below the bound is in exactly one.
    bound = wythoff_pair(2999)[0]
    assert (firsts & seconds) == {0}
    assert set(range(1, bound)) <= (firsts | seconds)


def _is_floor_k_phi(a: int, k: int) -> bool:
    """a = ⌊kφ⌋, i.e. 2a - k <= k√5 < 2a + 2 - k, compared in integers."""
    lo, hi = 2 * a - k, 2 * a + 2 - k
    return (lo <= 0 or lo * lo <= 5 * k * k) and hi > 0 and hi * hi > 5 * k * k


def test_thousand_digit_heaps_are_self_consistent() -> None:
    rng = random.Random(1907)
    for _ in range(60):
        k = rng.randrange(10**999, 10**1000)
        a, b = wythoff_pair(k)
        assert _is_floor_k_phi(a, k) and b == a + k
        assert partner(a) == b and partner(b) == a  # partner() is an involution on the pairs
        assert outcome(W, (a, b)) is Outcome.P and outcome(W, (b, a)) is Outcome.P
        # Every move from the P-position goes to an N-position (sampled: there are ~10^1000).
        for _ in range(20):
            d = rng.randrange(1, a + 1)
            for q in ((a - d, b), (a, b - d), (a - d, b - d), (a, rng.randrange(b))):
                assert outcome(W, q) is Outcome.N
        # Every winning move of an N-position reaches a P-position.
        x, y = a + rng.randrange(1, 10**50), b + rng.randrange(0, 10**50)
        moves = winning_moves(W, (x, y))
        assert moves and all(outcome(W, m.position) is Outcome.P for m in moves)
    v = rng.randrange(10**999, 10**1000)
    assert partner(partner(v)) == v
    phi_float = (1 + 5**0.5) / 2
    k = 10**20 + 3
    assert wythoff_pair(k)[0] != int(k * phi_float)  # where floating-point φ already fails


def test_notes_examples() -> None:
    assert [key(m.position) for m in winning_moves(W, (26, 34))] == [(21, 34), (16, 26), (12, 20)]
    assert [m.position for m in winning_moves(W, (153, 289))] == [(153, 248)]
    assert [m.label for m in winning_moves(W, (153, 289))] == ["take 41 from heap 2 (289 -> 248)"]
    a = solve(W, (26, 34))
    assert (
        a.outcome is Outcome.N and a.grundy == SEARCH.grundy((26, 34)) and a.remoteness == SEARCH.outcome((26, 34))[1]
    )
    assert [m.label for m in a.winning_moves] == [
        "take 14 from both heaps (26, 34 -> 12, 20)",  # fastest first: remoteness 16, 20, 26
        "take 18 from heap 2 (34 -> 16)",
        "take 5 from heap 1 (26 -> 21)",
    ]
    assert a.winning_remoteness == [16, 20, 26]


def test_parse_and_format() -> None:
    assert W.parse("26 34") == (26, 34) and W.parse("(26, 34)") == (26, 34) and W.format((26, 34)) == "26 34"
    for bad in ("26", "1 2 3", "a b", "-1 2"):
        with pytest.raises(InvalidPosition):
            W.parse(bad)


def test_isqrt_is_exact() -> None:
    n = 5 * (10**1000 + 1) ** 2
    assert isqrt(n) ** 2 <= n < (isqrt(n) + 1) ** 2


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 30), st.integers(0, 30))
def test_options_are_the_definition_and_canonical(x: int, y: int) -> None:
    moves = [(i, y) for i in range(x)] + [(x, j) for j in range(y)] + [(x - d, y - d) for d in range(1, min(x, y) + 1)]
    got = W.options((x, y))
    assert sorted(got) == sorted(key(p) for p in moves)  # the same multiset, written sorted
    assert all(W.key(p) == p for p in got)  # canonical_options keeps its promise
