"""Spawning games: the coin-turning games of Winning Ways by their CGSuite codes, each element's
sets against a brute-force filter of all subsets, values against plain search."""

from __future__ import annotations

from itertools import combinations, pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import zermelo as z
from zermelo.core.errors import InvalidGame
from zermelo.games.spawning import Element, Spawning, parse_spawning


def test_winning_ways_rows() -> None:
    # Mock Turtles: the odious numbers; Ruler: the largest power of 2 dividing n; Turning Turtles: n.
    odious = [m for m in range(60) if bin(m).count("1") % 2][:16]
    assert [z.grundy(Spawning("1-3"), n) for n in range(1, 17)] == odious
    assert [z.grundy(Spawning("1+C"), n) for n in range(1, 17)] == [n & -n for n in range(1, 17)]
    assert [z.grundy(Spawning("1-2"), n) for n in range(1, 17)] == list(range(1, 17))


def _brute(code: str, n: int) -> set[tuple[int, ...]]:
    """Every set of distinct heaps below n, kept by the element's definition read literally."""
    return {heaps for e in parse_spawning(code) for heaps in _brute_element(e, n)}


def _brute_element(e: Element, n: int) -> set[tuple[int, ...]]:
    out: set[tuple[int, ...]] = set()
    for k in range(0, n):
        if not e.low <= k + 1 <= e.high:
            continue
        for heaps in combinations(range(1, n), k):
            coins = (*heaps, n)
            if coins[0] < n - e.window + 1:
                continue
            # F: heap 1 among the coins; a move turning only coin n passes when the window
            # reaches coin 1 (CGSuite's reading, kept)
            if e.first and (heaps[:1] or (n - e.window + 1,))[0] > 1:
                continue
            gaps = {b - a for a, b in pairwise(coins)}
            if e.spacing == "C" and gaps - {1}:
                continue
            if e.spacing == "E" and len(gaps) > 1:
                continue
            if e.spacing == "S" and any(a + b != coins[0] + n for a, b in zip(coins, reversed(coins), strict=True)):
                continue
            out.add(heaps)
    return out


@pytest.mark.parametrize("code", ["1-3", "1+C", "2-4E", "1-4S", "2+S", "1-3F", "1+C(3)", "3", "2-3EF"])
def test_each_code_spawns_what_its_definition_says(code: str) -> None:
    g = Spawning(code)
    for n in range(1, 9):
        got = {h if isinstance(h, tuple) else (h,) for h in g.heap_options(n)}
        assert got == _brute(code, n), (code, n)


@pytest.mark.parametrize("code", ["1-3", "1+C", "2-4E", "3E", "1-4S", "2+S", "1-3F", "1+C(3)", "4FS", "1-3,2", "2-3EF"])
def test_listed_in_cgsuites_order(code: str) -> None:
    """CGSuite's HeapOptions: element by element of the code, by count of heaps, then in increasing
    order (its spawning traversal), an option of two elements twice; heap_options keeps each once."""
    g = Spawning(code)
    for n in range(1, 10):
        want = [hs for e in parse_spawning(code) for hs in sorted(_brute_element(e, n), key=lambda hs: (len(hs), hs))]
        assert list(g.listed(n)) == want, (code, n)
        once = [h if isinstance(h, tuple) else (h,) for h in g.heap_options(n)]
        assert once == list(dict.fromkeys(want))
    assert list(Spawning("3E").listed(9)) == [(1, 5), (3, 6), (5, 7), (7, 8)]  # Turnips: widest spacing first


@settings(max_examples=15, deadline=None)
@given(st.sampled_from(["1-3", "1+C", "2-4E", "1-4S", "1-3F", "1+C(3)"]), st.integers(1, 12))
def test_values_follow_the_mex_rule(code: str, n: int) -> None:
    g = Spawning(code)
    values = [z.grundy(g, h) for h in range(n)]
    reached = set()
    for heaps in _brute(code, n):
        x = 0
        for h in heaps:
            x ^= values[h]
        reached.add(x)
    mex = next(m for m in range(len(reached) + 1) if m not in reached)
    assert z.grundy(g, n) == mex


def test_errors() -> None:
    with pytest.raises(InvalidGame, match="'1-X'"):
        Spawning("1-X")
    with pytest.raises(InvalidGame, match="two spacings"):
        Spawning("1-3CE")


@pytest.mark.parametrize("code", ["9" * 4301, "1-" + "9" * 4301, "1C(" + "9" * 4301 + ")"])
def test_a_count_too_long_to_read_is_one_line(code: str) -> None:
    """make fuzz found `play spawning:<4,301 nines>` reaching the CLI's last-resort handler (int())."""
    with pytest.raises(ValueError, match=r"^spawning: a count of coins has 4,301 digits, too many \(at most 4,300\)$"):
        parse_spawning(code)


def test_a_heap_with_too_many_moves_is_refused_at_once() -> None:
    # make fuzz (issue 32): /api/thermograph of spawning:10 at 71 listed C(70, 9) = 6.5·10^10 sets
    # inside one expansion, past any budget (a 1 s request ran for minutes): counted first now.
    import pytest

    from zermelo import grundy
    from zermelo.core.errors import SearchLimitExceeded
    from zermelo.games.spawning import Spawning

    g = Spawning("10")
    assert g.option_count(12) == len(g.options(12)) == 55  # C(11, 9): the count is exact here
    assert g.option_count(71) > 10**10
    with pytest.raises(SearchLimitExceeded, match="a heap of 71 has too many moves to list"):
        grundy(g, 71)


@pytest.mark.parametrize("code", ["1+S", "2+S", "1-4S", "3S", "1+SC(6)"])
def test_the_count_of_symmetric_moves_is_exact(code: str) -> None:
    # The bound of an S code was m·2·C(m, k/2) per count k: 2·10^7 for "1+S" at heap 20, which
    # has 2,046 moves (CGSuite: game.heap.Spawning("1+S")(20).Options.Size is 2046), so the heap
    # was refused as too big.  Counted exactly now, it is never below what heap_options lists.
    g = Spawning(code)
    for n in range(1, 14):
        assert g.option_count(n) == len(_brute(code, n)), (code, n)
    if code == "1+S":
        assert g.option_count(20) == 2046
