"""Games from a few lines (zermelo.rules.define): every analysis takes them as it takes a built-in game."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import zermelo
from zermelo.analyses.canonical import canonical_form
from zermelo.analyses.patterns import check_pset, guess_pset
from zermelo.analyses.tables import render_text, table
from zermelo.core.errors import InvalidPosition
from zermelo.games import Subtraction
from zermelo.heaps.sequence import sequence
from zermelo.rules import Impartial, Move, Outcome


@zermelo.impartial
def divisors(n: int) -> list[int]:
    """Subtract a proper divisor of n."""
    return [n - d for d in range(1, n) if n % d == 0]


@zermelo.impartial(subtraction_set=(1, 3, 4))
def s134(n: int) -> list[int]:
    return [n - s for s in (1, 3, 4) if s <= n]


@zermelo.impartial
def bachet(n: int, k: int) -> list[int]:
    return [n - t for t in range(1, min(n, k) + 1)]


@zermelo.impartial
class Wyt:
    """Wythoff's game on a tuple (x, y)."""

    positions = "tuple"

    def options(self, p: tuple[int, int]) -> list[tuple[int, int]]:
        x, y = p
        return (
            [(x - t, y) for t in range(1, x + 1)]
            + [(x, y - t) for t in range(1, y + 1)]
            + [(x - t, y - t) for t in range(1, min(x, y) + 1)]
        )


def test_the_api_takes_a_decorated_game() -> None:
    assert zermelo.solve(divisors, 21).outcome is Outcome.P
    assert render_text(table(divisors, size=8)).splitlines()[1].split() == ["P", "P", "N", "P", "N", "P", "N", "P"]
    assert check_pset(divisors, "n == 0 or n % 2 == 1", 60).holds
    assert guess_pset(divisors, 60) is not None
    s = sequence(divisors, 64)
    assert [int(v) for v in s.values[1:9]] == [0, 1, 0, 2, 0, 1, 0, 3]  # the 2-adic valuation


def test_text_form_keys_and_labels() -> None:
    assert divisors.parse(" 12 ") == 12 and divisors.format(12) == "12"
    assert [m.label for m in divisors.moves(4)] == ["4 -> 3", "4 -> 2"]
    assert all(isinstance(m, Move) for m in divisors.moves(9))
    with pytest.raises(InvalidPosition):
        divisors.validate(2.5)
    w = Wyt()
    assert w.parse("1 2") == (1, 2) and w.format((1, 2)) == "1 2" and w.table_template() == "{r} {c}"
    assert table(w, size=(3, 3)).cells[1][2] is Outcome.P


def test_parameters_are_bound_by_a_call() -> None:
    g = bachet(3)
    assert g.spec() == "bachet:3" and list(g.options(5)) == [4, 3, 2]
    assert zermelo.solve(g, 8).outcome is Outcome.P


def test_a_declared_subtraction_set_proves_the_period() -> None:
    s = sequence(s134, 100)
    assert (s.period, s.proven) == (7, True)
    assert s.values.tolist() == sequence(Subtraction({1, 3, 4}), 100).values.tolist()


@settings(deadline=None, max_examples=50)  # the first call may compile the kernels
@given(st.integers(0, 200))
def test_decorated_equals_built_in(n: int) -> None:
    assert zermelo.grundy(s134, n) == zermelo.grundy(Subtraction({1, 3, 4}), n)


def test_a_string_game_and_a_partisan_and_a_scored_one() -> None:
    @zermelo.impartial
    def strip(word: str) -> list[str]:  # remove one letter from either end
        return sorted({word[1:], word[:-1]}) if word else []

    assert strip.parse("abc") == "abc" and zermelo.solve(strip, "abc").outcome is Outcome.N

    @zermelo.partisan
    def cut(n: int) -> tuple[list[int], list[int]]:  # Left takes 1, Right takes 2
        return ([n - 1] if n >= 1 else []), ([n - 2] if n >= 2 else [])

    assert str(canonical_form(cut, 0)) == "0"
    assert str(canonical_form(cut, 1)) == "1"

    @zermelo.scored(payoff=lambda n: -1 if n == 0 else None, win_loss=True)
    def race(n: int) -> list[int]:  # take 1 or 2; whoever cannot move loses
        return [n - t for t in (1, 2) if t <= n]

    assert zermelo.negamax(race, 3).value < 0 < zermelo.negamax(race, 4).value


def test_unknown_hooks_are_refused() -> None:
    with pytest.raises(TypeError, match="does not know"):
        zermelo.impartial(grundy=lambda n: 0)(lambda n: [])


def test_a_class_keeps_its_hooks() -> None:
    @zermelo.impartial
    class Nimish:
        def options(self, n: int) -> list[int]:
            return list(range(n))

        def grundy_formula(self, n: Any) -> int:
            return int(n)

    g = Nimish()
    assert isinstance(g, Impartial) and g.grundy_formula(5) == 5 and zermelo.grundy(g, 5) == 5
