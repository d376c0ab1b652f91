"""Dyadic rationals: the simplest number between two bounds, and number arithmetic on games, by brute force."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from zermelo.core.dyadic import birthday_of_number, from_signs, sign_expansion, simplest_between, simplest_pair
from zermelo.values.game import game, le, neg, number, star
from zermelo.values.ordinal import ordinal_fold, ordinal_sum

dyadics = st.builds(lambda n, k: Fraction(n, 2**k), st.integers(-40, 40), st.integers(0, 5))
bounds = st.one_of(st.none(), dyadics)


# Every dyadic with denominator up to 2^8 and |x| <= 42, earliest-born first (enough for the bounds drawn).
GRID = sorted({Fraction(n, 256) for n in range(-42 * 256, 42 * 256 + 1)}, key=lambda x: (birthday_of_number(x), x))


def simplest_by_search(low: Fraction | None, high: Fraction | None) -> Fraction:
    """The earliest-born dyadic strictly between the bounds, by listing numbers day by day."""
    inside = (x for x in GRID if (low is None or x > low) and (high is None or x < high))
    first = next(inside)
    second = next(inside)
    assert birthday_of_number(second) > birthday_of_number(first)  # the simplest one is unique
    return first


@settings(max_examples=150, deadline=None)
@given(bounds, bounds)
def test_simplest_between_is_the_earliest_born(low: Fraction | None, high: Fraction | None) -> None:
    if low is not None and high is not None and low >= high:
        low, high = (high, low) if high < low else (low, None)
    got = simplest_between(low, high)
    assert got == simplest_by_search(low, high)
    pair = simplest_pair(
        None if low is None else (low.numerator, low.denominator),
        None if high is None else (high.numerator, high.denominator),
    )
    assert pair == (got.numerator, got.denominator)


@settings(max_examples=200, deadline=None)
@given(dyadics, dyadics)
def test_number_games_add_compare_and_switch_like_fractions(a: Fraction, b: Fraction) -> None:
    x, y = number(a), number(b)
    assert (x + y) is number(a + b) and (x + y).num == a + b
    assert neg(x) is number(-a)
    assert le(x, y) == (a <= b)
    g = game([x], [y])
    if a < b:
        assert g.num is not None and a < g.num < b
    elif a == b == 0:
        assert g.nim == 1
    else:
        assert g.num is None and g.left == (x,) and g.right == (y,)


@settings(max_examples=150, deadline=None)
@given(dyadics)
def test_sign_expansion_is_the_path_in_the_tree_of_numbers(x: Fraction) -> None:
    signs = sign_expansion(x)
    assert len(signs) == birthday_of_number(x) and from_signs(signs) == x
    # Each step goes to the simplest number between the bounds the earlier steps set.
    low: Fraction | None = None
    high: Fraction | None = None
    here = Fraction(0)
    for s in signs:
        low, high = (here, high) if s == "+" else (low, here)
        here = simplest_between(low, high)
    assert here == x


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(["", "+", "-"]) | st.text("+-", min_size=1, max_size=8), st.text("+-", max_size=8))
def test_ordinal_sums_of_numbers_and_nimbers_match_their_definition(a: str, b: str) -> None:
    g, h = number(from_signs(a)), number(from_signs(b))
    assert ordinal_sum(g, h) is ordinal_fold(g, h)
    assert ordinal_sum(star(len(a)), star(len(b))) is ordinal_fold(star(len(a)), star(len(b)))
