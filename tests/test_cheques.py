"""The cheques game (notes 003, exercise 6): DP == search; the even-count guarantee; odd counts."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from zermelo import negamax
from zermelo.games import Cheques
from zermelo.games.cheques import cheques_dp, colour_strategy
from zermelo.registry import make_game

cheques = st.lists(st.integers(-20, 50), min_size=1, max_size=10)


@settings(max_examples=80, deadline=None)
@given(cheques)
def test_dp_equals_search(row: list[int]) -> None:
    g = Cheques(row)
    assert negamax(g, g.parse("")).value == cheques_dp(row)


@settings(max_examples=150, deadline=None)
@given(cheques.filter(lambda r: len(r) % 2 == 0))
def test_even_count_first_player_never_loses(row: list[int]) -> None:
    # The colouring strategy guarantees |even - odd| >= 0; optimal play does at least as well.
    assert cheques_dp(row) >= colour_strategy(row) >= 0


def test_odd_count_has_no_guarantee() -> None:
    assert cheques_dp([1, 5, 1]) == -3  # whatever the first player takes, the second gets the 5
    g = make_game("cheques:1,5,1")
    assert isinstance(g, Cheques)
    r = negamax(g, g.parse(""))
    assert r.value == -3 and r.outcome == "loss"


def test_a_thousand_cheques() -> None:
    # The exercise's size: 1000 cheques, 500 each.  Interval DP is instant; the guarantee holds.
    row = [(i * 7919) % 1000 - 300 for i in range(1000)]
    assert cheques_dp(row) >= colour_strategy(row) >= 0
