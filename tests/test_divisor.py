"""The divisor game: even n wins; the winning moves subtract an odd proper divisor."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cli_helper_games import solve_error, solve_json
from selfcheck_games import Reference, self_check
from zermelo import Outcome, outcome, solve
from zermelo.games import Divisor
from zermelo.games.divisor import divisors, factorize


def test_even_wins_against_plain_search() -> None:
    game = Divisor()
    ref = Reference(game)
    for n in range(1, 301):
        assert ref.outcome(n) is game.outcome_formula(n), n
        assert ref.outcome(n) is (Outcome.N if n % 2 == 0 else Outcome.P)


def test_winning_moves_against_plain_search() -> None:
    game = Divisor()
    ref = Reference(game)
    for n in range(1, 121):
        formula = game.winning_moves_formula(n)
        assert formula is not None
        assert [m.position for m in formula] == ref.winning(game, n), n


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 10**24))
def test_divisors_are_exact(n: int) -> None:
    product = 1
    for p, e in factorize(n).items():
        product *= p**e
    assert product == n
    ds = divisors(n)
    assert ds[0] == 1 and ds[-1] == n and all(n % d == 0 for d in ds)


def test_huge_n_is_answered_by_the_closed_form() -> None:
    n = 2 * 3 * 1_000_000_007 * 998_244_353
    assert outcome(Divisor(), n) is Outcome.N
    moves = solve(Divisor(), n).winning_moves
    assert [m.position for m in moves] == [n - x for x in divisors(n)[:-1] if x % 2]


def test_self_check() -> None:
    assert self_check(Divisor(), [1, 2, 12, 97, 360]) == 5


def test_cli(capsys: pytest.CaptureFixture[str]) -> None:
    data = solve_json(capsys, "divisor", "12")
    assert data["winner"] == "first"
    assert [m["position"] for m in data["winning_moves"]] == ["11", "9"]
    assert "whole number >= 1" in solve_error(capsys, "divisor", "0")


def test_explanation() -> None:
    assert "9 is odd" in solve(Divisor(), 9).explanation
    assert "12 is even" in solve(Divisor(), 12).explanation
