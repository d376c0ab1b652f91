"""Game values: identities of the theory (property tests), literature values, outcome classes."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import zermelo as z
from zermelo.rules import Outcome, Partisan
from zermelo.values import Game, game, number, parse_value, star, total, zero

ATOMS = ["0", "1", "-1", "1/2", "-3/4", "2", "*", "*2", "^", "v", "^*", "±1", "{2|-1/2}", "{1|0}", "{0||0|-1}"]


def games() -> st.SearchStrategy[Game]:
    atoms = st.sampled_from(ATOMS).map(parse_value)
    return st.recursive(
        atoms,
        lambda inner: st.tuples(st.lists(inner, max_size=3), st.lists(inner, max_size=3)).map(
            lambda lr: game(lr[0], lr[1])
        ),
        max_leaves=6,
    )


SETTINGS = settings(max_examples=80, deadline=None)


@SETTINGS
@given(games())
def test_g_minus_g_is_zero(g: Game) -> None:
    assert g - g is zero()
    assert g.__neg__().__neg__() is g


@SETTINGS
@given(games(), games())
def test_sum_commutes(g: Game, h: Game) -> None:
    assert g + h is h + g


@settings(max_examples=40, deadline=None)
@given(games(), games(), games())
def test_sum_associates(g: Game, h: Game, k: Game) -> None:
    assert (g + h) + k is g + (h + k)


@SETTINGS
@given(games())
def test_canonical_form_is_idempotent(g: Game) -> None:
    # Rebuilding a canonical game from its own options changes nothing.
    assert game(g.left, g.right) is g


@SETTINGS
@given(games(), games())
def test_equal_values_are_one_object(g: Game, h: Game) -> None:
    # Uniqueness of the canonical form: g = h (g <= h and h <= g) exactly when they are the same object.
    assert (g <= h and h <= g) == (g is h)


@SETTINGS
@given(games(), games())
def test_comparison_agrees_with_outcome_of_difference(g: Game, h: Game) -> None:
    o = (g - h).outcome
    assert (o is Outcome.L) == (g > h)
    assert (o is Outcome.R) == (g < h)
    assert (o is Outcome.P) == (g is h)
    assert (o is Outcome.N) == g.fuzzy(h)


class Tree(Partisan[Game]):
    """A value played as a game: the options are the canonical options."""

    def left_options(self, g: Game) -> tuple[Game, ...]:
        return g.left

    def right_options(self, g: Game) -> tuple[Game, ...]:
        return g.right


@SETTINGS
@given(games())
def test_outcome_agrees_with_the_engine(g: Game) -> None:
    assert g.outcome == z.partisan_outcome(Tree(), g)


@SETTINGS
@given(games())
def test_stops_bound_the_mean(g: Game) -> None:
    assert g.right_stop <= g.mean <= g.left_stop
    assert g.left_stop >= g.right_stop or g.is_number


def test_up_star_is_fuzzy_and_double_up_star_is_positive() -> None:
    up = parse_value("^")
    assert (up + star()).outcome is Outcome.N
    assert (up + up + star()).outcome is Outcome.L
    assert up > zero() and up < number(Fraction(1, 64))
    assert star().fuzzy(zero())


def test_known_sums() -> None:
    half = number(Fraction(1, 2))
    assert half + half is number(1)
    assert star(3) + star(5) is star(6)
    assert str(total([parse_value("{1|0}")] * 2)) == "1"
    assert str(parse_value("±1") + parse_value("±1")) == "0"
    assert str(parse_value("^") + parse_value("^") + parse_value("^")) == "^3"


@pytest.mark.parametrize(
    ("text", "left", "right", "mean", "temperature", "birthday"),
    [
        ("0", "0", "0", "0", "-1", 0),
        ("5", "5", "5", "5", "-1", 5),
        ("3/4", "3/4", "3/4", "3/4", "-1/4", 3),
        ("*", "0", "0", "0", "0", 1),
        ("^", "0", "0", "0", "0", 2),
        ("±1", "1", "-1", "0", "1", 2),
        ("{2|-1/2}", "2", "-1/2", "3/4", "5/4", 3),
        ("{3|-1}", "3", "-1", "1", "2", 4),
        ("{1|0||-1}", "0", "-1", "-1/4", "3/4", 3),
        ("{5|3}", "5", "3", "4", "1", 6),
        ("1/2*", "1/2", "1/2", "1/2", "0", 3),
    ],
)
def test_stops_mean_temperature_birthday(
    text: str, left: str, right: str, mean: str, temperature: str, birthday: int
) -> None:
    g = parse_value(text)
    got = (str(g.left_stop), str(g.right_stop), str(g.mean), str(g.temperature), g.birthday)
    assert got == (left, right, mean, temperature, birthday)


def test_deep_values_do_not_hit_the_recursion_limit() -> None:
    # 300 ups: birthday 301; comparisons and printing stay iterative or bounded.
    up = parse_value("^")
    g = zero()
    for _ in range(300):
        g = g + up
    assert g.outcome is Outcome.L and g.birthday == 301
    assert str(g) == "^300"
    assert parse_value("1000 + *") is number(1000) + star()


@pytest.mark.parametrize(
    ("text", "reduced"),
    [
        ("^", "0"),
        ("*", "0"),
        ("^^*", "0"),
        ("1/2*", "1/2"),
        ("{1|0}", "{1|0}"),
        ("{1|0} + ^", "{1|0}"),
        ("{2|0||0}", "0"),
        ("±1 + v", "±1"),
        ("{3|1} + ^ + {2|-1}", "{5|3||2|0}"),  # as cgt-py's `reduced` gives
    ],
)
def test_reduced_canonical_form(text: str, reduced: str) -> None:
    assert str(parse_value(text).reduced) == reduced


@SETTINGS
@given(games())
def test_reduced_form_differs_by_an_infinitesimal(g: Game) -> None:
    r = g.reduced
    d = g - r
    assert d.left_stop == d.right_stop == 0
    assert r.reduced is r
    assert r.birthday <= g.birthday
