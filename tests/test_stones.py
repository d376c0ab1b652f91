"""The stone games: LeetCode's examples, and interval DP == negamax search on random rows."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from zermelo import InvalidGame, InvalidPosition, negamax, outcome
from zermelo.games import Square, StoneGame, StoneGameII, StoneGameIII, StoneGameIV, StoneGameV
from zermelo.games.registry import make_game
from zermelo.games.stones import (
    stone_game_dp,
    stone_game_ii_dp,
    stone_game_iii_dp,
    stone_game_iv_dp,
    stone_game_v_dp,
)
from zermelo.rules import Outcome

rows = st.lists(st.integers(0, 20), min_size=1, max_size=9)


# -- 877: take the first or the last pile -----------------------------------------------------


def test_877_examples() -> None:
    # LeetCode 877: [5,3,4,5] -> Alice wins (5 + 4 = 9 against 3 + 5 = 8); [3,7,2,3] -> true.
    assert stone_game_dp([5, 3, 4, 5]) == 1
    assert stone_game_dp([3, 7, 2, 3]) > 0
    g = StoneGame((5, 3, 4, 5))
    assert negamax(g, g.parse("")).value == 1


@settings(max_examples=80, deadline=None)
@given(rows)
def test_877_dp_equals_search(piles: list[int]) -> None:
    g = StoneGame(piles)
    assert negamax(g, g.parse("")).value == stone_game_dp(piles)


@settings(max_examples=50, deadline=None)
@given(st.lists(st.integers(1, 30), min_size=1, max_size=6))
def test_877_even_rows_with_odd_total_are_first_player_wins(half: list[int]) -> None:
    # LeetCode's constraints (an even number of piles, an odd total) make Alice always win.
    piles = half + half[::-1]
    piles[0] += 1  # the total is now odd
    assert stone_game_dp(piles) > 0


# -- 1140: take 1..2M from the front ----------------------------------------------------------


def test_1140_examples() -> None:
    assert stone_game_ii_dp([2, 7, 9, 4, 4]) == 10
    assert stone_game_ii_dp([1, 2, 3, 4, 5, 100]) == 104
    g = StoneGameII((2, 7, 9, 4, 4))
    r = negamax(g, g.parse(""))
    assert (sum(g.piles) + r.value) // 2 == 10  # Alice's stones from the score difference


@settings(max_examples=60, deadline=None)
@given(rows)
def test_1140_dp_equals_search(piles: list[int]) -> None:
    g = StoneGameII(piles)
    diff = negamax(g, g.parse("")).value
    assert (sum(piles) + diff) % 2 == 0
    assert (sum(piles) + diff) // 2 == stone_game_ii_dp(piles)


# -- 1406: take 1-3 from the front, values may be negative -------------------------------------


def test_1406_examples() -> None:
    assert stone_game_iii_dp([1, 2, 3, 7]) < 0  # "Bob"
    assert stone_game_iii_dp([1, 2, 3, -9]) > 0  # "Alice"
    assert stone_game_iii_dp([1, 2, 3, 6]) == 0  # "Tie"
    g = StoneGameIII((1, 2, 3, 6))
    assert negamax(g, g.parse("")).outcome == "draw"


@settings(max_examples=80, deadline=None)
@given(st.lists(st.integers(-10, 10), min_size=1, max_size=12))
def test_1406_dp_equals_search(values: list[int]) -> None:
    g = StoneGameIII(values)
    assert negamax(g, g.parse("")).value == stone_game_iii_dp(values)


# -- 1510: remove a square number (win/lose) ---------------------------------------------------


def test_1510_examples() -> None:
    win = stone_game_iv_dp(17)
    # LeetCode 1510: n = 1 true, 2 false, 4 true, 7 false, 17 false.
    assert [win[n] for n in (1, 2, 4, 7, 17)] == [True, False, True, False, False]
    assert negamax(StoneGameIV(), 7).describe() == "loss in 4"


def test_1510_dp_equals_search_and_the_engine() -> None:
    win = stone_game_iv_dp(60)
    for n in range(61):
        r = negamax(StoneGameIV(), n)
        assert (r.value > 0) == win[n]
        # The impartial engine on the Square game (the same rules) agrees.
        assert (outcome(Square(), n) is Outcome.N) == win[n]


# -- 1563: split, Bob throws away the larger part ----------------------------------------------


def test_1563_examples() -> None:
    assert stone_game_v_dp([6, 2, 3, 4, 5, 5]) == 18
    assert stone_game_v_dp([7, 7, 7, 7, 7, 7, 7]) == 28
    assert stone_game_v_dp([4]) == 0
    g = StoneGameV((6, 2, 3, 4, 5, 5))
    assert negamax(g, g.parse("")).value == 18


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(1, 9), min_size=1, max_size=7))
def test_1563_dp_equals_search(values: list[int]) -> None:
    g = StoneGameV(values)
    assert negamax(g, g.parse("")).value == stone_game_v_dp(values)


# -- text forms and errors ---------------------------------------------------------------------


def test_registry_and_positions() -> None:
    g = make_game("stone-game:5,3,4,5")
    assert isinstance(g, StoneGame) and g.parse("1:3") == (1, 3) and g.format((1, 3)) == "1:3"
    g2 = make_game("lc1140:1,2,3")
    assert isinstance(g2, StoneGameII) and g2.parse("1 M=2") == (1, 2)
    assert make_game("stone-game-iii:-1,2").parse("") == 0  # type: ignore[union-attr]
    with pytest.raises(InvalidGame, match="give the row"):
        make_game("stone-game")
    with pytest.raises(InvalidGame, match="whole numbers"):
        make_game("stone-game:1,x")
    with pytest.raises(InvalidGame, match=">= 0"):
        make_game("stone-game:1,-2")
    with pytest.raises(InvalidPosition, match="slice"):
        g.parse("3:9")
    with pytest.raises(InvalidPosition, match="number of stones"):
        StoneGameIV().parse("many")


def test_leetcode_877_why_gives_the_parity_strategy_and_its_move() -> None:
    g = StoneGame((5, 3, 4, 5))
    why = negamax(g, g.parse("")).why()
    assert "The odd-numbered sum to 9, the even-numbered to 8; she takes the odd-numbered ones, starting with " in why
    assert "take first (5), which guarantees at least +1" in why
    assert why.endswith("the player to move takes 5 + 4 = 9, the opponent 5 + 3 = 8: +1, the value.")
    g = StoneGame((3, 7, 2, 3))  # the even-numbered piles (7 + 3) are worth more: start at the right end
    assert "she takes the even-numbered ones, starting with take last (3)" in negamax(g, g.parse("")).why()


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 30), min_size=1, max_size=8))
def test_the_line_in_words_adds_up_to_the_value(row: list[int]) -> None:
    for game in (StoneGame(row), StoneGameIII(row)):
        r = negamax(game, game.parse(""))
        why = r.why()
        assert why.endswith(f"{r.value:+d}, the value.") or why.endswith("The game is over: no move is left.")


def test_positions_are_ascii_digits() -> None:
    """'¹' and '٣' pass str.isdigit() but are not positions: one-line InvalidPosition, not int()'s error."""
    for spec in ("stone-game-iii:1,2,3,7", "stone-game:5,3,4,5"):
        game = make_game(spec)
        for text in ("¹", "٣", "1 ²"):
            with pytest.raises(InvalidPosition):
                game.parse(text)
