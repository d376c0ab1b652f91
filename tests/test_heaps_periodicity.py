"""Periods at scale: detection, preperiods, and the theorems that prove them."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from zermelo.games import AllBut, Subtraction
from zermelo.heaps import Hexadecimal, LaskersNim, Octal, detect, period, preperiod, proof_length, proven, sequence

# Published values (Winning Ways ch. 4; Flammenkamp's tables):
#   Kayles 0.77: period 12, last exception at heap 70 -> preperiod 71
#   Dawson's Chess 0.137: period 34, last exception 51 -> preperiod 52
#   Dawson's Kayles 0.07: period 34 (Dawson's Chess shifted by one heap) -> preperiod 53
PUBLISHED = [("0.77", 12, 71), ("0.137", 34, 52), ("0.07", 34, 53), ("0.6", None, None), ("4.7", 2, 1)]


@pytest.mark.parametrize(("code", "p", "n0"), PUBLISHED[:3])
def test_published_periods_are_found_and_proven(code: str, p: int, n0: int) -> None:
    s = sequence(Octal(code), 2000)
    assert (s.period, s.preperiod, s.proven) == (p, n0, True)
    assert "Guy–Smith" in s.proof


def test_long_preperiods_from_the_literature() -> None:
    # 0.117: period 48, exceptions up to heap 46 (OEIS A071453); 0.127: period 4, last exception
    # at heap 46,577 (Gangolli and Plambeck 1989) -- proving it needs 93,167 heaps.
    a = sequence(Octal("0.117"), 2000)
    assert (a.period, a.preperiod, a.proven) == (48, 47, True)
    b = sequence(Octal("0.127"), 50_000)
    assert (b.period, b.preperiod, b.proven, b.computed) == (4, 46578, True, 93167)


def test_kayles_values_and_the_last_exception() -> None:
    g = sequence(Octal("0.77"), 400).values
    # the period as Winning Ways prints it, from heap 72
    assert g[72:84].tolist() == [4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7]
    assert all(g[n] == g[n + 12] for n in range(71, 388))
    assert g[70] != g[82]  # heap 70 is the last exception
    # a row of pins is never a P-position: knock down the middle one or two, then copy
    assert np.nonzero(g == 0)[0].tolist() == [0]


def test_dawsons_chess_and_kayles_are_shifts() -> None:
    a = sequence(Octal("0.137"), 500).values
    b = sequence(Octal("0.07"), 501).values
    assert np.array_equal(a, b[1:])


def test_proof_needs_the_guy_smith_length() -> None:
    # 0.16: preperiod 105,351 and period 149,459 need heaps up to 2·n0 + 2p + t - 1.
    assert proof_length(149459, 105351, removal=2, heaps=2) == 2 * 105351 + 2 * 149459 + 2
    assert proof_length(12, 71, removal=2, heaps=2) == 2 * 71 + 12 + 2 + 12
    # Kayles needs 168 values: with fewer the period is seen but not proven.
    short = sequence(Octal("0.77"), 160, prove=False)
    assert short.period == 12 and not short.proven and "needs heaps up to 167" in short.proof
    # With prove=True the run goes on just far enough.
    s = sequence(Octal("0.77"), 160)
    assert s.proven and s.computed == 168 and s.values.size == 161


def test_proven_is_false_on_a_mismatch() -> None:
    g = sequence(Octal("0.77"), 300).values.copy()
    assert proven(g, 12, 71, 168)
    g[150] += 1
    assert not proven(g, 12, 71, 168)
    assert not proven(g[:100], 12, 71, 168)


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.integers(0, 5), min_size=1, max_size=30), st.lists(st.integers(0, 5), max_size=20), st.integers(1, 8)
)
def test_detect_finds_a_planted_period(block: list[int], head: list[int], reps: int) -> None:
    p0 = len(block)
    g = np.array(head + block * (reps + 40))
    found = detect(g)
    assert found is not None
    # the least period divides the planted one and the preperiod is at most the head
    assert p0 % found.period == 0 and found.preperiod <= len(head)
    assert preperiod(g, found.period) == found.preperiod
    assert np.array_equal(g[found.preperiod + found.period :], g[found.preperiod : g.size - found.period])


def test_no_period_in_a_growing_sequence() -> None:
    assert period(np.arange(100) ** 2) is None


def test_arithmetic_periodicity_is_seen_but_not_proven() -> None:
    s = sequence(LaskersNim(), 400)
    assert (s.period, s.saltus, s.preperiod, s.proven) == (4, 4, 1, False)


def test_all_but_arithmetic_periods_are_proven() -> None:
    # allbut:1,2 is G(n) = n // 3: period 3, saltus 1, proven by the all-but check (periodicity.py).
    a = sequence(AllBut({1, 2}), 300)
    assert (a.period, a.saltus, a.preperiod, a.proven) == (3, 1, 0, True)
    assert a.proof.startswith("all-but game (m = 2 = max excluded)")
    assert list(sequence(AllBut({1, 2}), 3000).values[2990:]) == [n // 3 for n in range(2990, 3001)]


@settings(max_examples=30, deadline=None)
@given(st.sets(st.integers(1, 15), min_size=1, max_size=4))
def test_subtraction_periods_are_proven_by_max_s_values(s: set[int]) -> None:
    res = sequence(Subtraction(s), 3000)
    assert res.proven and res.period is not None and res.preperiod is not None
    p, n0, g = res.period, res.preperiod, res.values
    assert np.array_equal(g[n0 + p :], g[n0 : g.size - p])
    # the theorem: max(S) matching values after the preperiod are enough
    assert proof_length(p, n0, removal=max(s), heaps=1, subtraction=True) == n0 + max(s) + p


def test_officers_has_no_period_yet() -> None:
    s = sequence(Octal("0.6"), 3000)
    assert s.period is None and not s.proven and s.rare_count is not None


@pytest.mark.parametrize("code", ["0.81", "0.A2", "0.B1", "0.B7", "0.F1", "0.F3"])
def test_three_heap_proofs_hold_far_beyond_their_check(code: str) -> None:
    # The j-heap form of the theorem (j·n0 + (j-1)·p + t) is our own extension: a proof found on a
    # short prefix must agree with many more values.
    game = Hexadecimal(code)
    full = sequence(game, 250, prove=False).values
    found = detect(full[:120])
    assert found is not None and game.code.max_removal is not None
    need = proof_length(found.period, found.preperiod, removal=game.code.max_removal, heaps=3)
    assert need <= 120
    short = sequence(game, need - 1, prove=True)
    assert short.proven and short.computed == need
    p, n0 = short.period, short.preperiod
    assert p is not None and n0 is not None
    assert np.array_equal(full[n0 + p :], full[n0 : full.size - p])
