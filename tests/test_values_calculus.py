"""Heating, overheating, Norton multiplication, incentives, freezing (values/calculus.py).

Golden rows are CGSuite's own: its test suite (aaron-siegel/cgsuite,
lib/core/src/test/scala/org/cgsuite/lang/CgscriptTest.scala, ">=2-ary methods") and its
``CanonicalShortGameTestCase`` table (freeze, incentives, isInfinitesimal).  Where our notation
prints a value differently (CGSuite's ``+-(1*)``, ``^[3]``, ``Tiny(3/2)``), the row gives the
same value written out with braces and compares values, not strings.

Identities (hypothesis, random games built from options as in test_values_game.py):

* heating inverts cooling: (∫^t G)_t = G for every short G and number t > 0.  Why: for a
  non-number G, H = ∫^t G = {∫^t G^L + t | ∫^t G^R − t}; cooling respects sums with numbers and
  equality, so by induction H_t = {G^L | G^R} = G — provided H does not freeze below t.  It does
  not: temperature(∫^t G) = temperature(G) + t ≥ t (a non-number has temperature ≥ 0), which is
  checked as well (Winning Ways ch. 6: "heating is the inverse of cooling");
* Norton multiplication by U > 0 is additive and order-preserving in G, (−G).U = −(G.U), and an
  integer n gives n copies of U (Norton; Conway, ONAG ch. 15; Siegel, CGT II.6);
* when U has a single incentive Δ, G.U = ∫_U^{U+Δ} G for numbers G (the two definitions agree
  term by term, integers give n copies of U in both);
* CGSuite computes the reduced canonical form as the star projection of ∫^* G
  (``CanonicalShortGameOps.rcf``); our reduced.py (Grossman–Siegel's definition) must agree.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from reduced_reference import reduced_by_definition
from zermelo.values import Game, cool, game, number, parse_value, reduced_canonical_form, star
from zermelo.values.calculus import (
    conway_multiply,
    freeze,
    heat,
    incentives,
    is_infinitesimal,
    is_numberish,
    left_incentives,
    norton_multiply,
    overheat,
    power,
    power_to,
    right_incentives,
)

ATOMS = ["0", "1", "-1", "1/2", "-3/4", "2", "*", "*2", "^", "v", "^*", "±1", "{2|-1/2}", "{1|0}", "{0||0|-1}"]


def games(atoms: list[str] = ATOMS, leaves: int = 6) -> st.SearchStrategy[Game]:
    return st.recursive(
        st.sampled_from(atoms).map(parse_value),
        lambda inner: st.tuples(st.lists(inner, max_size=3), st.lists(inner, max_size=3)).map(
            lambda lr: game(lr[0], lr[1])
        ),
        max_leaves=leaves,
    )


def numbers() -> st.SearchStrategy[Game]:
    return st.builds(lambda n, k: number(Fraction(n, 2**k)), st.integers(-12, 12), st.integers(0, 3))


TEMPERATURES = st.sampled_from(
    [Fraction(1, 8), Fraction(1, 4), Fraction(1, 2), Fraction(5, 8), Fraction(1), Fraction(2)]
)
UNITS = st.sampled_from(["^", "1", "2", "1/2", "^*+^", "{2|1}", "{1|0}+1", "{2|1}+^", "{3|1/2}", "1*+^"]).map(
    parse_value
)
SETTINGS = settings(max_examples=60, deadline=None)
G = parse_value("{3||2+*|1+*}")  # CGSuite's running example of a hot game


def v(text: str) -> Game:
    return parse_value(text)


# ---------------------------------------------------------------------- golden tables (CGSuite)
@pytest.mark.parametrize(
    ("t", "out"),
    [
        ("0", "{3||2*|1*}"),
        ("1/2", "{7/2|||5/2|3/2||±1/2}"),
        ("1", "{4|||3|1||0|-2}"),
        ("-3/4", "9/4*"),
        ("-1", "9/4"),
        ("-2", "3/2"),
        ("-3", "1"),
        ("-4", "0"),
        ("*", "{3*||2|1}"),
    ],
)
def test_heat_golden(t: str, out: str) -> None:
    assert str(heat(G, v(t))) == out


@pytest.mark.parametrize(
    ("text", "out"),
    [("*", "±1"), ("^", "{1||0|-2}"), ("*2", "{1,{2|0}|-1,{0|-2}}"), ("5", "5"), ("1/2", "1/2"), ("{1|-1}", "±2")],
)
def test_heat_by_one(text: str, out: str) -> None:
    # ∫^1 * = ±1 (WW ch. 6); numbers are unchanged; ∫^1 ↑ = {1 | ∫^1 * − 1} = {1 || 0 | −2}.
    assert str(heat(v(text), 1)) == out


@pytest.mark.parametrize(
    ("g", "t", "same_as"),
    [  # CGSuite's infix rows ("* Heat 2", ...); braces written out where its commas bind tighter than bars
        ("*", "2", "±2"),
        ("*2", "2", "{2,{4|0}|-2,{0|-4}}"),
        ("^", "2", "{2||0|-4}"),
        ("^*", "2", "{2,{4|0}|-2}"),
        ("^^", "2", "{2|{0,±2|-4}}"),
        ("^^", "*", "0"),
    ],
)
def test_heat_infix_golden(g: str, t: str, same_as: str) -> None:
    assert heat(v(g), v(t)) is v(same_as)


def test_integer_times_game_golden() -> None:
    # CGSuite: 5*{3||2|1} = {12|||11||10,{11|10}|9Tiny({2|1})} (n copies, via Integer.nortonMultiply).
    tiny = v("{0|||0||-1|-2}")  # Tiny({2|1}) = {0 || 0 | -{2|1}}
    expected = game([number(12)], [game([number(11)], [game([number(10), v("{11|10}")], [number(9) + tiny])])])
    assert norton_multiply(5, v("{3||2|1}")) is expected


@pytest.mark.parametrize(
    ("g", "u", "out"),
    [
        ("0", "^", "0"),
        ("6", "^", "^6"),
        ("-4", "^", "v4"),
        ("1/2", "^", "{^^*|v*}"),
        ("^", "^", "{^^*||0|v4}"),
        ("{0||0|-2}", "^", "{^^*||0|v6}"),  # CGSuite: Tiny(2).NortonMultiply(^)
        ("1/2", "2", "1*"),  # not the product of numbers: 1/2.2 = {1|1}
    ],
)
def test_norton_multiply_golden(g: str, u: str, out: str) -> None:
    assert str(norton_multiply(v(g), v(u))) == out


@pytest.mark.parametrize(
    ("g", "h", "same_as"),
    [
        ("*4", "*4", "*6"),
        ("*19", "*23", "*86"),
        ("15", "^^*2", "^30*2"),
        ("{3|1}", "^^", "{^6|^^}"),
        ("^^", "^^", "{0|{0,*|0,{0,*|0,*2}}}"),  # CGSuite prints {0||0,*|0,{0,*|0,*2}}
        ("3/4", "-6", "-9/2"),
    ],
)
def test_conway_multiply_golden(g: str, h: str, same_as: str) -> None:
    assert conway_multiply(v(g), v(h)) is v(same_as)


@SETTINGS
@given(games(leaves=4), games(leaves=4))
def test_conway_product_identities(g: Game, h: Game) -> None:
    gh = conway_multiply(g, h)
    assert conway_multiply(h, g) is gh
    assert conway_multiply(-g, h) is -gh
    assert conway_multiply(1, g) is g
    assert conway_multiply(0, g) is number(0)


def test_conway_product_of_number_forms_is_the_product() -> None:
    # The shortcut for two numbers must agree with the definition run on their options.
    for a in ("1/2", "-3/4", "5/8", "2", "-3"):
        for b in ("1/2", "3/2", "-1/4", "3"):
            x, y = v(a), v(b)
            terms_left = [
                *(
                    conway_multiply(xl, y) + conway_multiply(x, yl) - conway_multiply(xl, yl)
                    for xl in x.left
                    for yl in y.left
                ),
                *(
                    conway_multiply(xr, y) + conway_multiply(x, yr) - conway_multiply(xr, yr)
                    for xr in x.right
                    for yr in y.right
                ),
            ]
            terms_right = [
                *(
                    conway_multiply(xl, y) + conway_multiply(x, yr) - conway_multiply(xl, yr)
                    for xl in x.left
                    for yr in y.right
                ),
                *(
                    conway_multiply(xr, y) + conway_multiply(x, yl) - conway_multiply(xr, yl)
                    for xr in x.right
                    for yl in y.left
                ),
            ]
            assert game(terms_left, terms_right) is conway_multiply(x, y) is number(x.num * y.num)  # type: ignore[operator]


@pytest.mark.parametrize(
    ("g", "s", "t", "same_as"),
    [
        ("{3||2+*|1+*}", "*", "1*", "{1|{+-(1*)|-1,{-1|-3}}}"),  # CGSuite prints {1||+-(1*)|-1,{-1|-3}}
        ("7/16", "0", "0", "{0|*||*|||*}"),  # CGSuite prints ^[3]
        ("5", "^", "7", "^5"),
        ("1/2", "1", "1*", "{1*|*}"),
    ],
)
def test_overheat_golden(g: str, s: str, t: str, same_as: str) -> None:
    assert overheat(v(g), v(s), v(t)) is v(same_as)


@pytest.mark.parametrize(
    ("t", "out"),
    [("0", "{3||2*|1*}"), ("1/4", "{11/4||2|3/2}"), ("1/2", "{5/2|2*}"), ("5/8", "{19/8|17/8}"), ("3/4", "9/4*")],
)
def test_cooling_golden(t: str, out: str) -> None:
    # CGSuite's Cool rows for t >= 0: freeze is cooling by the temperature (3/4 here).
    assert str(cool(G, Fraction(t))) == out


# (game, left incentives, right incentives, incentives, freeze, is infinitesimal) — CanonicalShortGameTestCase
INCENTIVES = [
    ("0", [], [], [], "0", True),
    ("5", ["-1"], [], ["-1"], "5", False),
    ("-1/2", ["-1/2"], ["-1/2"], ["-1/2"], "-1/2", False),
    ("25/16", ["-1/16"], ["-1/16"], ["-1/16"], "25/16", False),
    (
        "*8",
        [f"*{k}" for k in range(8, 16)],
        [f"*{k}" for k in range(8, 16)],
        [f"*{k}" for k in range(8, 16)],
        "*8",
        True,
    ),
    ("9/8*", ["*"], ["*"], ["*"], "9/8*", False),
    ("^", ["v"], ["^*"], ["^*"], "^", True),
    ("v*", ["^*"], ["v", "v*"], ["^*"], "v*", True),
    ("6^*", ["v", "v*"], ["^*"], ["^*"], "6^*", False),
    ("^*6", ["v*6"], ["^*"], ["^*"], "^*6", True),
    ("{0||0|vvv}", ["{^3|0||0}"], ["{^3,{^3|0}|0}"], ["{^3,{^3|0}|0}"], "{0||0|v3}", True),
    ("{^^^|vv}", ["{^5|0}"], ["{^5|0}"], ["{^5|0}"], "{^3|vv}", True),
    ("{0||0|-3/2}", ["{3/2|0||0}"], ["{3/2,{3/2|0}|0}"], ["{3/2,{3/2|0}|0}"], "{0||0|-3/2}", True),
    ("{3||2*|1*}", ["{2*|1*||0}"], ["{2*|1*||0}"], ["{2*|1*||0}"], "9/4*", False),
    (
        "{3/2*|1/2||{0|-3},{-1*,{-1/2|-1*}|-5/2}}",
        ["{{4*|3||{5/2|3/2*},{5/2|2*||3/2*|1}},{9/2*|7/2||3/2*|1/2}|0}"],
        [
            # CGSuite prints {4*|3||{5/2|3/2*},{5/2|2*||3/2*|1}|||0,{5/2|1*,{1*|1/2}||-1/2|-2*,{-2*|-5/2}}}:
            # its commas bind tighter than bars, so here is the same game with every brace written.
            "{{4*|3||{5/2|3/2*},{5/2|2*||3/2*|1}}|0,{{5/2|1*,{1*|1/2}}|{-1/2|-2*,{-2*|-5/2}}}}",
            "{{9/2*|7/2||{3|0},{2*,{5/2|2*}|1/2}},{9/2*|7/2||3/2*|1/2}|0,{3/2*|1/2||{0|-3},{-1*,{-1/2|-1*}|-5/2}}}",
        ],
        [
            "{{4*|3||{5/2|3/2*},{5/2|2*||3/2*|1}},{9/2*|7/2||3/2*|1/2}|0}",
            "{{9/2*|7/2||{3|0},{2*,{5/2|2*}|1/2}},{9/2*|7/2||3/2*|1/2}|0,{3/2*|1/2||{0|-3},{-1*,{-1/2|-1*}|-5/2}}}",
        ],
        "-5/16*",
        False,
    ),
]


@pytest.mark.parametrize(("text", "left", "right", "both", "frozen", "infinitesimal"), INCENTIVES)
def test_incentives_freeze_infinitesimal_golden(
    text: str, left: list[str], right: list[str], both: list[str], frozen: str, infinitesimal: bool
) -> None:
    g = v(text)
    assert set(left_incentives(g)) == {v(x) for x in left}
    assert set(right_incentives(g)) == {v(x) for x in right}
    assert set(incentives(g)) == {v(x) for x in both}
    assert freeze(g) is v(frozen)
    assert is_infinitesimal(g) is infinitesimal


def test_incentives_print_in_order() -> None:
    assert [str(x) for x in right_incentives(v("v*"))] == ["v", "v*"]
    assert [str(x) for x in incentives(star(2))] == ["*2", "*3"]


def test_plain_numbers_are_accepted_and_bad_ones_refused() -> None:
    assert heat(v("*"), Fraction(1, 2)) is v("±1/2")
    assert norton_multiply(3, v("^")) is v("^3")
    assert overheat(2, 1, 0) is number(2)
    with pytest.raises(ValueError, match="dyadic"):
        heat(v("*"), Fraction(1, 3))
    with pytest.raises(ValueError, match=r"not 0\.5"):
        overheat(v("*"), 0.5, 1)  # type: ignore[arg-type]


def test_large_multiples_by_doubling() -> None:
    up = v("^")
    assert norton_multiply(300, up) is v("^300")
    assert norton_multiply(-301, v("1*")) is number(-301) + star()
    assert overheat(1000, v("{1|0}"), 0) is norton_multiply(1000, v("{1|0}"))


# ---------------------------------------------------------------------- identities
@SETTINGS
@given(games(), TEMPERATURES)
def test_heating_inverts_cooling(g: Game, t: Fraction) -> None:
    h = heat(g, t)
    assert cool(h, t) is g
    if g.is_number:
        assert h is g
    else:
        assert h.temperature == g.temperature + t
        assert h.mean == g.mean


@SETTINGS
@given(games(), st.one_of(TEMPERATURES.map(number), games(leaves=2)))
def test_heating_commutes_with_negation(g: Game, t: Game) -> None:
    assert heat(-g, t) is -heat(g, t)
    assert heat(g, number(0)) is g


@SETTINGS
@given(games(leaves=4), games(leaves=4), UNITS)
def test_norton_multiplication_is_linear_and_monotone(g: Game, h: Game, u: Game) -> None:
    assert u > number(0)
    gu, hu = norton_multiply(g, u), norton_multiply(h, u)
    assert norton_multiply(g + h, u) is gu + hu
    assert norton_multiply(-g, u) is -gu
    assert (g <= h) == (gu <= hu)


@SETTINGS
@given(numbers(), numbers(), UNITS)
def test_norton_multiplication_of_numbers(x: Game, y: Game, u: Game) -> None:
    assert norton_multiply(x + y, u) is norton_multiply(x, u) + norton_multiply(y, u)
    assert (x < y) == (norton_multiply(x, u) < norton_multiply(y, u))


@given(st.integers(-6, 6), UNITS)
@settings(max_examples=30, deadline=None)
def test_integer_multiples_are_repeated_sums(n: int, u: Game) -> None:
    acc = number(0)
    for _ in range(abs(n)):
        acc = acc + (u if n > 0 else -u)
    assert norton_multiply(n, u) is acc
    assert overheat(n, u, v("{5|-5}")) is acc


@SETTINGS
@given(numbers(), st.sampled_from(["^", "1", "2", "{2|1}", "1/2", "^^*", "{3|1/2}"]).map(parse_value))
def test_norton_product_is_overheating_for_a_single_incentive(x: Game, u: Game) -> None:
    (delta,) = incentives(u)
    assert norton_multiply(x, u) is overheat(x, u, u + delta)


@SETTINGS
@given(games(["0", "1", "-1", "2", "-2", "*", "*2", "{1|0}", "{2|-1}"]), TEMPERATURES)
def test_overheating_from_one_is_heating_without_fractions(g: Game, t: Fraction) -> None:
    # ∫_1^t and ∫^t differ only on non-integer numbers (n.1 = n on integers), so they agree when
    # every number the recursion meets is an integer ({-2|-1} = -3/2 is not: hence the filter).
    leaves, stack = [], [g]
    while stack:
        x = stack.pop()
        if x.is_number:
            leaves.append(x)
        else:
            stack.extend((*x.left, *x.right))
    assume(all(x.is_integer for x in leaves))
    assert overheat(g, 1, t) is heat(g, t)


@SETTINGS
@given(games(), games(leaves=2), games(leaves=2))
def test_overheating_commutes_with_negation(g: Game, s: Game, t: Game) -> None:
    assert overheat(-g, s, t) is -overheat(g, s, t)


@SETTINGS
@given(games())
def test_reduced_canonical_form_is_the_star_projection_of_heating_by_star(g: Game) -> None:
    # zermelo computes rcf(G) as CGSuite does, the star projection of G heated by *; the oracle
    # is Grossman and Siegel's construction from the definition (tests/reduced_reference.py).
    assert reduced_canonical_form(g) is reduced_by_definition(g)


@SETTINGS
@given(games())
def test_freeze_and_kinds(g: Game) -> None:
    f = freeze(g)
    assert is_numberish(f)
    assert f.left_stop == g.mean
    assert is_infinitesimal(g) == (g.left_stop == 0 == g.right_stop)
    assert is_infinitesimal(g) == all(-number(x) < g < number(x) for x in (Fraction(1, 64), Fraction(1, 1024)))
    assert is_numberish(g) == is_infinitesimal(g - number(g.left_stop))


@SETTINGS
@given(games())
def test_incentives_are_the_maximal_differences(g: Game) -> None:
    for got, raw in ((left_incentives(g), [x - g for x in g.left]), (right_incentives(g), [g - x for x in g.right])):
        assert set(got) <= set(raw)
        assert all(any(r <= x for x in got) for r in raw)  # every incentive is covered ...
        assert all(not (a <= b) for a in got for b in got if a is not b)  # ... by pairwise incomparable ones
    assert set(incentives(g)) <= set(left_incentives(g)) | set(right_incentives(g))


# CGSuite's Pow / PowTo rows, its output rewritten with every brace; CGSUITE_PRINTED below checks
# that zermelo reads CGSuite's own printing of them (commas bind tighter than bars) as the same games.
TINY2 = "{0||0|-2}"
POWERS = [
    ("^", "pow", "3/1", "{0|{0|0,v*}}"),  # ^<3>
    ("^", "pow", "7/4", "{0|{0,v*|0,{0,v*|0,*}}}"),  # {0||0,v*|0,{0,v*|0,*}}
    ("^", "to", "3/1", "{0|*||*|||*}"),  # ^[3]
    ("^", "to", "7/4", "{{^|*,{^|*}}|*,{^|*}}"),  # {^|*,^[2]||*,^[2]}
    (TINY2, "pow", "3/1", "{0|{0|-2,{0|-2,{0|-2}}}}"),
    (TINY2, "pow", "7/4", "{0|{0,{0|-2,{0|-2}}|-2,{0,{0|-2,{0|-2}}|-2,{0|-2}}}}"),
    (TINY2, "to", "3/1", "{{{0||0|-2}|{0|-2}}|{0|-2}}"),  # {Tiny(2)||0|-2|||0|-2}
    (TINY2, "to", "7/4", "{{{0||0|-2}|{0|-2},{{0||0|-2}|{0|-2}}}|{0|-2},{{0||0|-2}|{0|-2}}}"),
    ("±1", "to", "3/1", "{1,{1,±1|-1}|-1}"),
]


CGSUITE_PRINTED = [
    ("{0||0,v*|0,{0,v*|0,*}}", "{0|{0,v*|0,{0,v*|0,*}}}"),
    ("{0||0|0,v*}", "{0|{0|0,v*}}"),
    ("{^|*,{^|*}||*,{^|*}}", "{{^|*,{^|*}}|*,{^|*}}"),
]


@pytest.mark.parametrize(("cgsuite", "braced"), CGSUITE_PRINTED)
def test_cgsuite_printing_reads_as_the_braced_form(cgsuite: str, braced: str) -> None:
    assert v(cgsuite) is v(braced)


@pytest.mark.parametrize(("base", "op", "x", "same_as"), POWERS)
def test_powers_golden(base: str, op: str, x: str, same_as: str) -> None:
    f = power if op == "pow" else power_to
    assert f(v(base), Fraction(x)) is v(same_as)


def test_power_errors() -> None:
    with pytest.raises(ValueError, match=r"form \{0\|H\}"):
        power(v("±1"), 3)  # CGSuite: "Base must be of the form {0|H}."
    with pytest.raises(ValueError, match="at least 1"):
        power(v("^"), Fraction(1, 2))
    with pytest.raises(ValueError, match="non-negative"):
        power_to(v("^"), -1)
    assert power_to(v("^"), 0) is number(0)
    assert power(v("^"), 1) is v("^")


def test_up_to_the_n_is_the_sum_of_the_powers() -> None:
    # ↑^→n = ↑ + ↑^2 + … + ↑^n (Conway; Siegel, CGT II.4), the two CGSuite definitions agreeing.
    up, total = v("^"), number(0)
    for n in range(1, 7):
        total = total + power(up, n)
        assert power_to(up, n) is total
