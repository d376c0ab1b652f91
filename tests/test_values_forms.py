"""Parity, tempering, companion and stop count (values/forms.py).

The golden rows are CGSuite's ``CanonicalShortGameTestCase`` table (aaron-siegel/cgsuite,
lib/core/src/test/scala/org/cgsuite/lang/CanonicalShortGameTestCase.scala): isEven, isOdd,
isEvenTempered, isOddTempered, companion, stopCount.  Rows whose CGSuite output uses notation we
do not print (``^[4]*``) give the value another way.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from zermelo.values import Game, game, le, number, parse_value, star
from zermelo.values.forms import (
    companion,
    follower_count,
    is_even,
    is_even_tempered,
    is_odd,
    is_odd_tempered,
    stop_count,
)

ATOMS = ["0", "1", "-1", "1/2", "-3/4", "2", "*", "*2", "^", "v", "^*", "±1", "{2|-1/2}", "{1|0}", "{0||0|-1}"]
F, T = False, True

# game, even, odd, even-tempered, odd-tempered, companion, stop count, follower count
GOLDEN = [
    ("0", T, F, T, F, "*", 1, 1),
    ("5", F, T, T, F, "5", 1, 6),
    ("-1823437481924", T, F, T, F, "-1823437481924", 1, 1823437481925),
    ("-1/2", F, F, T, F, "-1/2", 1, 3),
    ("25/16", F, F, T, F, "25/16", 1, 7),
    ("*8", F, F, F, F, "*8", 4374, 9),
    ("9/8*", F, F, F, T, "9/8*", 2, 7),
    ("^", F, F, F, F, "^*", 3, 3),
    ("v*", F, F, F, F, "v", 4, 3),
    ("6^*", F, F, F, F, "6^*", 4, 9),
    ("^*6", F, F, F, F, "^*6", 1459, 9),
    ("73/16v9*8", F, F, F, F, "73/16v9*8", 13131, 28),
    ("{0|*||*|||*||||*}", F, F, F, F, "{0|*||*|||*||||*} + *", 9, 6),  # CGSuite: ^[4] and ^[4]*
    ("{0||0|vvv}", F, F, F, F, "{0,*||*|v3*}", 7, 7),
    ("{^^^|vv}", F, F, F, F, "{^3*|vv*}", 10, 8),
    ("{0||0|-3/2}", F, F, F, F, "{0,*||*|-3/2}", 3, 6),
    ("{0|||0||-1|-3}", F, F, F, F, "{0,*|||*||-1|-3}", 4, 7),
    ("{5||3|1|||0||||0}", F, F, F, F, "{5||3|1|||*||||0,*}", 5, 10),
    ("{1|^^||^}", F, F, F, F, "{1|^^*||^*}", 9, 8),
    ("{1|^^^||^}", F, F, F, F, "{1|^3*||^*}", 9, 8),
    ("{3||2+*|1+*}", F, F, F, T, "{3||2*|1*}", 5, 8),
    (
        "{3/2+*|1/2||{0|-3},{-1+*,{-1/2|-1+*}|-5/2}}",
        F,
        F,
        F,
        F,
        "{3/2*|1/2||{*|-3},{-1*,{-1/2|-1*}|-5/2}}",
        11,
        17,
    ),
]


def test_golden_table() -> None:
    for text, even, odd, even_t, odd_t, comp, stops, followers in GOLDEN:
        g = parse_value(text)
        got = (is_even(g), is_odd(g), is_even_tempered(g), is_odd_tempered(g), companion(g), stop_count(g))
        assert got == (even, odd, even_t, odd_t, parse_value(comp), stops), text
        assert follower_count(g) == followers, text


def games(leaves: int = 6) -> st.SearchStrategy[Game]:
    return st.recursive(
        st.sampled_from(ATOMS).map(parse_value),
        lambda inner: st.tuples(st.lists(inner, max_size=3), st.lists(inner, max_size=3)).map(
            lambda lr: game(lr[0], lr[1])
        ),
        max_leaves=leaves,
    )


SETTINGS = settings(max_examples=80, deadline=None)


@SETTINGS
@given(games())
def test_parity_and_tempering_follow_the_definitions(g: Game) -> None:
    opts = [*g.left, *g.right]
    assert is_even(g) == (g is number(0) or (bool(opts) and all(is_odd(o) for o in opts)))
    assert is_odd(g) == (g is not number(0) and all(is_even(o) for o in opts))
    assert is_even_tempered(g) == (g.is_number or all(is_odd_tempered(o) for o in opts))
    assert is_odd_tempered(g) == (not g.is_number and all(is_even_tempered(o) for o in opts))


@SETTINGS
@given(games(), games())
def test_companion_is_an_order_preserving_involution(g: Game, h: Game) -> None:
    # Siegel, CGT III.2: G -> G° is an automorphism of the lattice of games born by day n >= 1.
    assert companion(companion(g)) is g
    assert le(g, h) == le(companion(g), companion(h))


def _companion_by_definition(g: Game) -> Game:
    """CGSuite's general branch of ``companion`` (no shortcut for numbers), for small g."""
    if g is number(0):
        return star()
    left = [_companion_by_definition(x) for x in g.left]
    right = [_companion_by_definition(x) for x in g.right]
    if le(number(0), g):
        left.append(number(0))
    if le(g, number(0)):
        right.append(number(0))
    return game(left, right)


def test_numbers_are_their_own_companions() -> None:
    for text in ("1", "-1", "3", "1/2", "-1/2", "3/4", "-5/8", "25/16", "-7/4"):
        x = parse_value(text)
        assert _companion_by_definition(x) is x is companion(x)


@SETTINGS
@given(games())
def test_stop_count_adds_over_options(g: Game) -> None:
    if g.is_number:
        assert stop_count(g) == 1
    else:
        assert stop_count(g) == sum(stop_count(o) for o in (*g.left, *g.right))


@SETTINGS
@given(games())
def test_follower_count_counts_every_follower(g: Game) -> None:
    # Brute force: walk every option, numbers' canonical options included.
    seen: set[int] = set()
    stack = [g]
    while stack:
        x = stack.pop()
        if x.id not in seen:
            seen.add(x.id)
            stack.extend((*x.left, *x.right))
    assert follower_count(g) == len(seen)
