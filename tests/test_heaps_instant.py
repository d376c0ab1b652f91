"""Instant answers from proven periods (heaps/instant.py), checked against plain search: values,
every winning move, the all-but theorem, and the "why" that cites the proof."""

from __future__ import annotations

from functools import cache

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cli_helper_games import solve_json
from zermelo.analyses.analysis import solve, winning_moves
from zermelo.core.sprague_grundy import mex
from zermelo.games import AllBut, Subtraction
from zermelo.heaps import instant
from zermelo.heaps.games import Octal
from zermelo.search.engine import Engine
from zermelo.search.periodicity import allbut_periodicity

FROM = instant.FROM


def brute_values(game, upto: int) -> list[int]:
    """G(0..upto) by the mex rule straight from the rules (no kernel, no period)."""
    g: list[int] = []
    for n in range(upto + 1):
        seen = set()
        for r in game.heap_options(n):
            parts = (r,) if isinstance(r, int) else r
            x = 0
            for h in parts:
                x ^= g[h]
            seen.add(x)
        g.append(mex(seen))
    return g


def brute_wins(game, heaps: tuple[int, ...], g: list[int]) -> list:
    """The positions every winning move leads to, by plain enumeration of the moves."""
    total = 0
    for h in heaps:
        total ^= g[h]
    out = []
    for i, h in enumerate(heaps):
        rest = total ^ g[h]
        for r in game.heap_options(h):
            parts = (r,) if isinstance(r, int) else r
            x = rest
            for p in parts:
                x ^= g[p]
            if x == 0:
                out.append(game.heap_move(heaps, i, tuple(parts)).position)
    return out


excluded_sets = st.sets(st.integers(1, 9), min_size=0, max_size=3)


@settings(max_examples=25, deadline=None)
@given(excluded_sets, st.integers(FROM, FROM + 300), st.integers(0, 40))
def test_allbut_values_and_winning_moves_match_plain_search(x: set[int], n: int, small: int) -> None:
    game = AllBut(x) if x else AllBut({99})
    g = brute_values(game, n)
    for heaps in ((n,), (n, small)):
        position = heaps[0] if len(heaps) == 1 else heaps
        x_ = 0
        for h in heaps:
            x_ ^= g[h]
        assert game.grundy_formula(position) == x_
        wins = instant.winning_moves(game, position)
        assert wins is not None and wins.count == len(wins.moves)
        assert sorted(map(str, (m.position for m in wins.moves))) == sorted(map(str, brute_wins(game, heaps, g)))


@settings(max_examples=25, deadline=None)
@given(st.sets(st.integers(1, 12), min_size=1, max_size=4), st.integers(FROM, FROM + 1500), st.integers(0, 30))
def test_subtraction_sums_of_heaps_match_plain_search(s: set[int], n: int, small: int) -> None:
    game = Subtraction(s)
    assert game.grundy_formula((n, small)) == Engine(game).grundy(n) ^ Engine(game).grundy(small)
    wins = winning_moves(game, (n, small))
    g = brute_values(game, n)
    assert sorted(map(str, (m.position for m in wins))) == sorted(map(str, brute_wins(game, (n, small), g)))


CODES = ["0.07", "0.137", "0.77", "0.51", "4.7", "0.17", "0.15", "0.31"]


@cache
def _octal_values(code: str) -> list[int]:
    return brute_values(Octal(code), 1000)


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(CODES), st.integers(FROM, 1000))
def test_octal_values_and_winning_moves_match_plain_search(code: str, n: int) -> None:
    game = Octal(code)
    pp = instant.period_of(game)
    if pp is None:  # no proof for this code within the cache's limit: nothing instant to check
        return
    g = _octal_values(code)
    assert game.grundy_formula(n) == g[n]
    wins = instant.winning_moves(game, n)
    assert wins is not None
    expected = brute_wins(game, (n,), g)
    assert wins.count == len(expected)
    assert sorted(map(str, (m.position for m in wins.moves))) == sorted(map(str, expected))[: instant.MAX_WINS]


def allbut_values_by_counting(x: set[int], upto: int) -> np.ndarray:
    """G(0..upto) of all-but-x by the mex rule, counting the values of every smaller heap.

    Heap n moves to every r < n except r = n - k for k in x, so its option values are the multiset
    of G(0..n-1) less those few heaps: a count per value gives the mex without listing n options
    (the plain enumeration costs n² and took two minutes for this test's 40 examples)."""
    counts = np.zeros(upto + 2, dtype=np.int64)
    g = np.zeros(upto + 1, dtype=np.int64)
    for n in range(upto + 1):
        held = [n - k for k in x if k <= n]
        for r in held:
            counts[g[r]] -= 1
        g[n] = int(np.argmin(counts > 0))
        for r in held:
            counts[g[r]] += 1
        counts[g[n]] += 1
    return g


@settings(max_examples=40, deadline=None)
@given(st.sets(st.integers(1, 12), min_size=1, max_size=4))
def test_the_allbut_proof_never_certifies_a_period_that_later_fails(x: set[int]) -> None:
    game = AllBut(x)
    g = allbut_values_by_counting(x, 2500)
    assert g[:301].tolist() == brute_values(game, 300)  # the counting agrees with the rules
    for length in (60, 120, 250, 500):
        found, ok, _ = allbut_periodicity(g[:length], max(x))
        if ok:
            assert found is not None
            p, n0, s = found.period, found.preperiod, found.saltus
            assert np.array_equal(g[n0 + p :], g[n0 : len(g) - p] + s), (sorted(x), length, found)


def test_octal_huge_heap_counts_its_winning_moves_and_cites_guy_smith(capsys: pytest.CaptureFixture[str]) -> None:
    data = solve_json(capsys, "octal:0.07", "1000000000001")
    assert data["winner"] == "first" and data["grundy"] == 5
    why = data["explanation"]
    assert "period 34 from 53, proven" in why and "Guy–Smith" in why
    assert "1000000000001 ≡ 65 (mod 34, past the preperiod), so G(1000000000001) = G(65) = 5" in why
    assert "Move to a position of value 0: take 2 (1000000000001 -> 999999999999) (one of 117,647,058,825" in why
    assert why.count("take 2 (1000000000001 -> 999999999999)") == 1


def test_allbut_huge_heap_lists_every_winning_move(capsys: pytest.CaptureFixture[str]) -> None:
    data = solve_json(capsys, "allbut:1,2", "1000000000001", "10")
    assert data["grundy"] == 333333333333 ^ 3
    assert [m["position"] for m in data["winning_moves"]] == ["9 10", "10 10", "11 10"]
    assert "arithmetic period 3 from 0 with saltus 1, proven" in data["explanation"]


def test_kayles_and_a_small_heap_instantly() -> None:
    a = solve(Octal("0.77"), (10**12 + 1, 3))
    assert a.grundy == 4 ^ 3 and a.outcome.name == "N"
    assert "period 12 from 71, proven" in a.explanation


def test_a_sum_of_different_games_cites_each_big_parts_proof(capsys: pytest.CaptureFixture[str]) -> None:
    data = solve_json(capsys, "subtraction:1,2,3", "1000000000001", "+", "kayles", "1000000000000", "+", "nim", "3")
    assert data["grundy"] == 1 ^ 1 ^ 3
    lines = data["explanation"].splitlines()
    assert (
        "  subtraction:1,2,3 1000000000001: Grundy value 1 (period 4 from 0, proven: G(n) = G(n mod 4); "
        "1000000000001 ≡ 1 (mod 4), so G(1000000000001) = G(1) = 1)"
    ) in lines
    assert (
        "  kayles 1000000000000: Grundy value 1 (period 12 from 71, proven: G(n) = G(n - 12) for n >= 83; "
        "1000000000000 ≡ 76 (mod 12, past the preperiod), so G(1000000000000) = G(76) = 1)"
    ) in lines
    assert "  nim 3: Grundy value 3" in lines  # a small part: its value alone, no proof to cite
