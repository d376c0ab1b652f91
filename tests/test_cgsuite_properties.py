"""Property tests of zermelo.cgsuite against the theory (hypothesis): what the printer writes reads
back to the same canonical form, G - G = 0, the stops, mean and temperature of sums, uptimal
expansions rebuilt from their digits, and nim-products against Conway's mex definition."""

from __future__ import annotations

import re
from fractions import Fraction
from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

from test_values_calculus import games  # the random games built from options of the calculus tests
from zermelo.cgsuite import CGSuiteError, NotSupported, cgsuite_text, evaluate, evaluate_value
from zermelo.cgsuite.uptimal import _up_to, shown_expansion, up_power, uptimal_expansion
from zermelo.cgsuite.values import as_game
from zermelo.core.nimber import nim_add
from zermelo.values import Game, game, number, parse_value, star
from zermelo.values.calculus import power, power_to
from zermelo.values.game import add, neg


@settings(max_examples=150, deadline=None)
@given(games())
def test_what_is_printed_reads_back_to_the_same_game(g: Game) -> None:
    text = cgsuite_text(g)
    # A number then a star with a count (2*3 for 2 + *3) reads as a product in CGSuite's grammar.
    if re.search(r"\d\*\d", text) is None:
        assert as_game(evaluate_value(text)) is g, text
    assert evaluate(f"'{{{text}|}}'.CanonicalForm") == cgsuite_text(game([g], []))


@settings(max_examples=100, deadline=None)
@given(games(), games())
def test_sums_differences_and_comparisons(g: Game, h: Game) -> None:
    env = {"g": g, "h": h}
    assert evaluate("g - g == 0", env) == "true"
    assert evaluate("g + h", env) == evaluate("h + g", env) == cgsuite_text(add(g, h))
    assert evaluate("-(g + h) == -g - h", env) == "true"
    below, above = evaluate("g <= h", env) == "true", evaluate("g >= h", env) == "true"
    assert evaluate("g <> h", env) == ("true" if not below and not above else "false")
    assert evaluate("g <| h", env) == ("false" if above else "true")


def _number(text: str) -> Fraction:
    return Fraction(text)


@settings(max_examples=100, deadline=None)
@given(games(), games())
def test_stops_mean_and_temperature_of_sums(g: Game, h: Game) -> None:
    env = {"g": g, "h": h}
    assert _number(evaluate("g.RightStop", env)) <= _number(evaluate("g.LeftStop", env))
    assert _number(evaluate("(g + h).Mean", env)) == _number(evaluate("g.Mean", env)) + _number(evaluate("h.Mean", env))
    t = _number(evaluate("(g + h).Temperature", env))
    assert t <= max(_number(evaluate("g.Temperature", env)), _number(evaluate("h.Temperature", env)))
    assert evaluate("g.Stop(Left)", env) == evaluate("g.LeftStop", env)


@settings(max_examples=60, deadline=None)
@given(games(), games(), st.sampled_from(["1/4", "1/2", "1", "3/2"]))
def test_cooling_is_additive_and_keeps_the_mean(g: Game, h: Game, t: str) -> None:
    env = {"g": g, "h": h}
    # Cooling is a homomorphism: (G + H)_t = G_t + H_t (Siegel, CGT II.5); it keeps the mean,
    # and past the temperature it leaves a number plus an infinitesimal.
    assert evaluate(f"(g + h).Cool({t}) == g.Cool({t}) + h.Cool({t})", env) == "true"
    assert evaluate(f"(g.Cool({t})).Mean == g.Mean", env) == "true"
    assert evaluate("g.Cool(g.Temperature + 1).IsNumberish", env) == "true"
    # Heating by t keeps the mean of a game that is not a number (its walls move by t·slope).
    assert evaluate(f"(g.Heat({t})).Mean == g.Mean or g.IsNumber", env) == "true"


@settings(max_examples=60, deadline=None)
@given(st.integers(-4, 4), st.sampled_from(["^", "*", "{1|0}", "^*", "{2|1}"]))
def test_norton_product_by_an_integer_is_repeated_sum(n: int, u: str) -> None:
    env = {"u": parse_value(u)}
    assert evaluate(f"({n}).NortonProduct(u)", env) == evaluate(f"({n}) * u", env)


@settings(max_examples=50, deadline=None)
@given(
    st.lists(st.integers(-2, 2), min_size=1, max_size=5),
    st.integers(0, 3),
    st.sampled_from([Fraction(0), Fraction(1), Fraction(-5, 4)]),
)
def test_uptimal_expansions_rebuild_their_game(digits: list[int], m: int, x: Fraction) -> None:
    g = add(number(x), star(m))
    for k, d in enumerate(digits, start=1):
        for _ in range(abs(d)):
            g = add(g, up_power(k) if d > 0 else neg(up_power(k)))
    u = uptimal_expansion(g)
    assert u is not None
    while digits and digits[-1] == 0:
        digits.pop()
    assert (u.number, u.nimber, u.digits) == (x, m, tuple(digits))


def test_powers_of_up_are_those_of_the_calculus() -> None:
    """The printer's ↑^n and ↑^[n], built a level at a time, are CGSuite's ``^.Pow(n)`` and
    ``^.PowTo(n)`` of the calculus (↑^[n] = ↑ : (n − 1), ↑^n = {0 | * − ↑^[n−1]})."""
    up = up_power(1)
    for n in range(12, 0, -1):  # from the top: the lower ones come from the cache's walk
        assert _up_to(n) is power_to(up, n)
        assert up_power(n) is (up if n == 1 else power(up, n))


@settings(max_examples=30, deadline=None)
@given(st.integers(2, 9), st.integers(0, 5), st.booleans(), st.booleans())
def test_printed_uptimals_are_their_full_expansions(n: int, m: int, to: bool, down: bool) -> None:
    """What the printer matches outright (x ± ↑^n + *m, x ± ↑^[n] + *m) is what the greedy
    expansion finds, and prints as CGSuite writes it."""
    base = _up_to(n) if to else up_power(n)
    g = add(add(neg(base) if down else base, star(m)), number(Fraction(3, 4)))
    shown = shown_expansion(g)
    assert shown is not None and shown == uptimal_expansion(g)
    star_part = "" if m == 0 else "*" if m == 1 else f"*{m}"
    text = f"3/4{'v' if down else '^'}{'[' if to else '<'}{n}{']' if to else '>'}{star_part}"
    assert cgsuite_text(g) == text
    assert evaluate_value(text) is g


@cache
def _mex_product(a: int, b: int) -> int:
    """a ⊗ b = mex { a'⊗b ⊕ a⊗b' ⊕ a'⊗b' : a' < a, b' < b } (Conway, ONAG ch. 6)."""
    seen = {
        nim_add(nim_add(_mex_product(x, b), _mex_product(a, y)), _mex_product(x, y)) for x in range(a) for y in range(b)
    }
    n = 0
    while n in seen:
        n += 1
    return n


@settings(deadline=None)  # no wall-clock limit: a loaded machine is not a failure
@given(st.integers(0, 20), st.integers(0, 20))
def test_nim_products_against_the_mex_definition(a: int, b: int) -> None:
    assert evaluate(f"{a}.NimProduct({b})") == str(_mex_product(a, b))
    assert evaluate(f"NimProduct({a}, {b})") == str(_mex_product(a, b))
    assert evaluate(f"(*{a}).ConwayProduct(*{b})") == cgsuite_text(star(_mex_product(a, b)))
    if b:
        assert evaluate(f"NimDiv({_mex_product(a, b)}, {b})") == str(a)


# Issue 25's properties and operations by CGSuite's names, each asked of random short games: an
# answer, or CGSuite's error for a game it does not apply to (never a crash, never NotSupported).
ASKED = [
    "CanonicalForm",
    "Options(Left)",
    "Options(Right)",
    "LeftOptions",
    "RightOptions",
    "Birthday",
    "LeftStop",
    "RightStop",
    "Stop(Left)",
    "Stop(Right)",
    "Mean",
    "Temperature",
    "Thermograph",
    "AtomicWeight",
    "ReducedCanonicalForm",
    "Cool(1/2)",
    "Cool(2)",
    "Heat(1)",
    "Heat(*)",
    "Overheat(1,2)",
    "NortonProduct(^)",
    "NortonProduct({2|1})",
    "ConwayProduct(h)",
    "Incentives",
    "LeftIncentives",
    "RightIncentives",
    "Freeze",
    "Companion",
    "UptimalExpansion",
    "OutcomeClass",
    "NimValue",
    "Abs",
    "Denominator",
    "Pow(2)",
    "PowTo(2)",
    "Followers",
    "FollowerCount",
    "Followers.Size",
    "StopCount",
    "Class",
    "ConjunctiveSum(h)",
    "SelectiveSum(h)",
    "OrdinalProduct(h)",
    "Onside",
    "Offside",
    "Degree",
    "Variety",
    "IsNumber",
    "IsInteger",
    "IsNimber",
    "IsInfinitesimal",
    "IsAllSmall",
    "IsAtomic",
    "IsEven",
    "IsOdd",
    "IsEvenTempered",
    "IsOddTempered",
    "IsNumberish",
    "IsNumberTiny",
    "IsUptimal",
    "IsZero",
    "IsOrdinal",
    "IsIdempotent",
    "IsPlumtree",
    "IsPseudonumber",
    "IsLoopfree",
    "IsSwitch",
    "IsStopper",
    "IsStopperSided",
    "IsStable",
]
REFUSALS = {  # a property: CGSuite's words for the games it does not apply to
    "AtomicWeight": "That game is not atomic",
    "NimValue": "That game is not a nimber.",
    "UptimalExpansion": "Not a method or member variable: `UptimalExpansion`",
    "Denominator": "Denominator is defined for numbers only",
    "Pow(2)": "the base of a power must be of the form {0|H}",
}


@settings(max_examples=25, deadline=None)
@given(games(), games())
def test_every_property_answers_on_short_games(g: Game, h: Game) -> None:
    env = {"g": g, "h": h}
    for name in ASKED:
        try:
            evaluate(f"g.{name}", env)
        except CGSuiteError as exc:
            assert not isinstance(exc, NotSupported), (name, str(exc))
            assert name in REFUSALS and str(exc).startswith(REFUSALS[name]), (name, str(exc))
