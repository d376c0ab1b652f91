"""Coin-turning games: each rule's head values against plain search, and the theorem on rows."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from zermelo.analyses.analysis import grundy, solve
from zermelo.cli import main
from zermelo.games.coins import RULES, CoinTurning
from zermelo.search.engine import Engine


class _Whole(CoinTurning):
    """The same rules without the coin-turning theorem: the plain search of the whole row."""

    def components(self, coins):  # type: ignore[no-untyped-def]
        return None


@pytest.mark.parametrize("rule", sorted(RULES))
def test_head_values_match_search(rule: str) -> None:
    g, plain = CoinTurning(rule), Engine(_Whole(rule))
    for i in range(1, 11):
        assert plain.grundy((i, 1 << (i - 1))) == g.coin_value(i), (rule, i)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(sorted(RULES)), st.integers(1, 9), st.integers(0, 511))
def test_rows_are_sums_of_their_heads(rule: str, n: int, heads: int) -> None:
    heads &= (1 << n) - 1
    assert grundy(CoinTurning(rule), (n, heads)) == Engine(_Whole(rule)).grundy((n, heads))


def test_long_rows_use_the_formula() -> None:
    g = CoinTurning("ruler")
    row = g.parse("T" * 30 + "H" + "T" * 1 + "H")  # heads on coins 31 and 33
    assert grundy(g, row) == (1 ^ 1)


def test_why_and_cli(capsys) -> None:
    a = solve(CoinTurning("turtles"), CoinTurning("turtles").parse("THHTH"))
    assert "coin 2: *2, coin 3: *3, coin 5: *5" in a.explanation and "Nim with a heap of i" in a.explanation
    assert main(["solve", "coins:mockturtles", "THHTH"]) == 0
    assert main(["table", "coins:ruler", "--grundy", "--size", "17"]) == 0
    assert main(["solve", "coins:nosuch", "H"]) == 2
