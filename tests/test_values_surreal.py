"""Surreal numbers (values/cantor.py, values/surreal.py, values/polynomial.py): CGSuite's printing,
the field laws, the order, birthdays, the lowest-terms form, reading back what is printed."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from zermelo.core.cantor import GeneralizedOrdinal, integer, omega_power
from zermelo.core.dyadic import birthday_of_number, is_dyadic
from zermelo.core.polynomial import Poly, poly_div_exact, poly_gcd, poly_mul
from zermelo.values import Game, game, le, number, parse_value
from zermelo.values.folds import birthday as game_birthday
from zermelo.values.surreal import (
    INF,
    NEG_INF,
    OMEGA,
    Surreal,
    SurrealError,
    compare_with_game,
    from_text,
    surreal,
)

W = OMEGA
Q = Surreal.of

# Golden rows: what CGSuite 2.x prints for these expressions (its worksheet tests and help pages:
# GeneralizedOrdinal, Rational, surreal quotients), each built here with Python's operators.
PRINTED = [
    (W, "ω"),
    (-W, "-ω"),
    (W + 5, "ω+5"),
    (W - 5, "ω-5"),
    (5 - W, "-ω+5"),
    (W * 5, "ω×5"),
    (W**W - 5 * W**19 + W**2 + 1, "ω^ω-ω^19×5+ω^2+1"),
    (W * 3 + W ** (W**2 + W) - W**19 * 9 * W, "ω^(ω^2+ω)-ω^20×9+ω×3"),
    ((W + 5) - W, "5"),
    (
        (W ** (W**2) + 1) ** 6,
        "ω^(ω^2×6)+ω^(ω^2×5)×6+ω^(ω^2×4)×15+ω^(ω^2×3)×20+ω^(ω^2×2)×15+ω^ω^2×6+1",
    ),
    (1 / W, "1/ω"),
    (W**W + 1 / (W + 1), "(ω^(ω+1)+ω^ω+1)/(ω+1)"),
    ((W ** (W + 1) - W**W - W + 1) / (W - 1), "ω^ω-1"),
    (Q(4, 6), "2/3"),
    (Q(2, 1) + Q(3, 4), "11/4"),
    (Q(1, 2) + Q(1, 3), "5/6"),
    (2 * Q(7, 3), "14/3"),
    (Q(2, 3) ** -3, "27/8"),
    (Q(1, 2) ** 4, "1/16"),
    (Q(3**22, 2**72), "31381059609/4722366482869645213696"),
    (Q(17, 0), "inf"),
    (Q(-17, 0), "-inf"),
    (Q(0, 7), "0"),
]


@pytest.mark.parametrize(("value", "text"), PRINTED, ids=[t for _, t in PRINTED])
def test_cgsuite_prints(value: Surreal, text: str) -> None:
    assert str(value) == text
    assert from_text(text) == value


# x, Abs, Birthday, Sign, IsOrdinal (CGSuite's GeneralizedOrdinal table)
ORDINAL_ROWS = [
    (W, "ω", "ω", 1, True),
    (-W, "ω", "ω", -1, False),
    (W + 5, "ω+5", "ω+5", 1, True),
    (W - 5, "ω-5", "ω+5", 1, False),
    (-W + 5, "ω-5", "ω+5", -1, False),
    (W * 5, "ω×5", "ω×5", 1, True),
    (W**W - 5 * W**19 + W**2 + 1, "ω^ω-ω^19×5+ω^2+1", "ω^ω+ω^19×5+ω^2+1", 1, False),
]


@pytest.mark.parametrize(("x", "abs_", "birthday", "sign", "ordinal"), ORDINAL_ROWS)
def test_generalized_ordinal_properties(x: Surreal, abs_: str, birthday: str, sign: int, ordinal: bool) -> None:
    assert (str(x.abs()), str(x.birthday()), x.sign(), x.is_ordinal()) == (abs_, birthday, sign, ordinal)
    assert x.cgsuite_class == "GeneralizedOrdinal"


# x, class, Numerator, Denominator, IsDyadic, Abs, Floor, Ceiling, Reciprocal, Birthday (Rational table)
RATIONAL_ROWS = [
    ("0/7", "Zero", "0", "1", True, "0", "0", "0", "inf", "0"),
    ("19/1", "Integer", "19", "1", True, "19", "19", "19", "1/19", "19"),
    ("-19/1", "Integer", "-19", "1", True, "19", "-19", "-19", "-1/19", "19"),
    ("3/16", "DyadicRational", "3", "16", True, "3/16", "0", "1", "16/3", "5"),
    ("-3/16", "DyadicRational", "-3", "16", True, "3/16", "-1", "0", "-16/3", "5"),
    ("6/23", "Rational", "6", "23", False, "6/23", "0", "1", "23/6", "ω"),
    ("-6/23", "Rational", "-6", "23", False, "6/23", "-1", "0", "-23/6", "ω"),
    ("17/0", "Rational", "1", "0", False, "inf", "!!/ by zero", "!!/ by zero", "0", "!!inf has no birthday"),
    ("-17/0", "Rational", "-1", "0", False, "inf", "!!/ by zero", "!!/ by zero", "0", "!!inf has no birthday"),
]


def _answer(f: object) -> str:
    try:
        return str(f() if callable(f) else f)
    except SurrealError as e:
        return f"!!{e}"


@pytest.mark.parametrize("row", RATIONAL_ROWS, ids=[r[0] for r in RATIONAL_ROWS])
def test_rational_properties(row: tuple[object, ...]) -> None:
    text, cls, num, den, dyadic, abs_, floor, ceiling, reciprocal, birthday = row
    n, d = (int(t) for t in str(text).split("/"))
    x = Q(n, d)
    assert x.cgsuite_class == cls
    got = (
        str(x.numerator),
        str(x.denominator),
        x.is_dyadic(),
        str(x.abs()),
        _answer(x.floor),
        _answer(x.ceiling),
        _answer(x.reciprocal),
        _answer(x.birthday),
    )
    assert got == (num, den, dyadic, abs_, floor, ceiling, reciprocal, birthday)


def test_max_min_and_infinities() -> None:
    for x, y, hi, lo in [(surreal(0), Q(1, 7), "1/7", "0"), (surreal(-3), Q(14, 5), "14/5", "-3"),
                         (INF, surreal(6), "inf", "6"), (INF, NEG_INF, "inf", "-inf")]:  # fmt: skip
        assert (str(x.max(y)), str(y.max(x)), str(x.min(y)), str(y.min(x))) == (hi, hi, lo, lo)
    assert str(INF + 5) == "inf" and str(INF * -2) == "-inf" and str(1 / INF) == "0" and INF + W == INF
    for bad in (lambda: Q(0, 0), lambda: INF + NEG_INF, lambda: INF * 0):
        with pytest.raises(SurrealError, match="/ by zero"):
            bad()


def test_powers_and_remainders() -> None:
    # ω^y for a generalized ordinal y is ω^(positive part) / ω^(negative part)
    assert str(W ** (W - 1)) == "ω^ω/ω" and W ** (W - 1) * W == W**W and str(W**-2) == "1/ω^2"
    assert str(Q(17, 6) % Q(1, 3)) == "1/6" and str(surreal(17) % 5) == "2" and str(surreal(-7) % 3) == "-1"
    for bad in (lambda: W % 2, lambda: surreal(1) % 0, lambda: Q(1, 2) ** Q(1, 2)):
        with pytest.raises(SurrealError):
            bad()


def test_equal_values_hash_alike() -> None:
    for x, y in [(Q(4, 2), 2), (Q(3, 4), Fraction(3, 4)), (W + 1, W.num + 1), (W - W, 0)]:
        assert x == y and hash(x) == hash(y) and len({x, y}) == 1


def test_comparisons_cgsuite_makes() -> None:
    assert -W < 0 and -W < 1 and 1 / W > 0 and Q(1, 10**30) > 1 / W and W - 10**30 > 10**40


# ----------------------------------------------------------------- random elements of the field

SMALL_ORDINALS = [integer(0), integer(1), integer(2), integer(3), W.num, W.num + 1, W.num * 2, W.num**2]


@st.composite
def generalized_ordinals(draw: st.DrawFn, size: int = 3) -> GeneralizedOrdinal:
    exps = draw(st.lists(st.sampled_from(SMALL_ORDINALS), max_size=size))
    return GeneralizedOrdinal.of([(e, draw(st.integers(-4, 4))) for e in exps])


@st.composite
def surreals(draw: st.DrawFn) -> Surreal:
    p = draw(generalized_ordinals())
    q = draw(generalized_ordinals(2).filter(lambda g: not g.is_zero()))
    return Surreal.of(p, q)


PROPS = settings(max_examples=60, deadline=None)


@PROPS
@given(surreals(), surreals(), surreals())
def test_field_axioms(a: Surreal, b: Surreal, c: Surreal) -> None:
    assert (a + b) + c == a + (b + c) and a + b == b + a
    assert (a * b) * c == a * (b * c) and a * b == b * a
    assert a * (b + c) == a * b + a * c
    assert a - a == 0 and a + 0 == a and a * 1 == a
    if a != 0:
        assert a * (1 / a) == 1 and (b / a) * a == b


@PROPS
@given(surreals(), surreals(), surreals())
def test_order_is_total_and_compatible(a: Surreal, b: Surreal, c: Surreal) -> None:
    assert [a < b, a == b, a > b].count(True) == 1
    if a < b:
        assert a + c < b + c
        if c > 0:
            assert a * c < b * c
        if b < c:
            assert a < c
    assert (a - b).sign() == (1 if a > b else -1 if a < b else 0)


@PROPS
@given(surreals())
def test_lowest_terms_are_canonical(a: Surreal) -> None:
    assert a.den.sign() > 0
    x, y = _polys(a.num, a.den)
    g = poly_gcd(x, y)
    assert len(g) == 1 and abs(next(iter(g.values()))) == 1 and not any(next(iter(g)))  # a unit
    assert from_text(str(a)) == a
    assert from_text(str(a).replace("ω", " omega ")) == a


@PROPS
@given(surreals(), surreals().filter(lambda s: s != 0))
def test_one_value_one_form(a: Surreal, b: Surreal) -> None:
    # the same number reached two ways is the same object, printed the same way
    c = (a * b) / b
    assert (c.num, c.den) == (a.num, a.den) and str(c) == str(a)


def _polys(p: GeneralizedOrdinal, q: GeneralizedOrdinal) -> tuple[Poly, Poly]:
    betas = sorted({b for x in (p, q) for e, _ in x.terms for b, _ in e.terms}, key=str)
    out = []
    for x in (p, q):
        poly: Poly = {}
        for e, c in x.terms:
            m = [0] * len(betas)
            for b, k in e.terms:
                m[betas.index(b)] = k
            poly[tuple(m)] = c
        out.append(poly)
    return out[0], out[1]


@st.composite
def polys(draw: st.DrawFn, nvars: int = 2) -> Poly:
    out: Poly = {}
    for _ in range(draw(st.integers(1, 3))):
        m = tuple(draw(st.integers(0, 2)) for _ in range(nvars))
        c = draw(st.integers(-3, 3))
        if c:
            out[m] = out.get(m, 0) + c
    return {m: c for m, c in out.items() if c} or {(0,) * nvars: 1}


@PROPS
@given(polys(), polys(), polys())
def test_polynomial_gcd(f: Poly, g: Poly, h: Poly) -> None:
    a, b = poly_mul(f, g), poly_mul(f, h)
    d = poly_gcd(a, b)
    qa, qb = poly_div_exact(a, d), poly_div_exact(b, d)  # divides both
    poly_div_exact(d, f)  # and f divides it
    unit = poly_gcd(qa, qb)
    assert len(unit) == 1 and abs(next(iter(unit.values()))) == 1 and not any(next(iter(unit)))


# ----------------------------------------------------------------- birthdays


@settings(max_examples=200, deadline=None)
@given(st.integers(-50, 50), st.integers(1, 64))
def test_birthday_of_a_rational(n: int, d: int) -> None:
    x = Fraction(n, d)
    b = Q(n, d).birthday()
    if is_dyadic(x):
        assert b == birthday_of_number(x) == game_birthday(number(x))
    else:
        assert b == W
    assert (-Q(n, d)).birthday() == b


@PROPS
@given(generalized_ordinals())
def test_birthday_of_a_generalized_ordinal(g: GeneralizedOrdinal) -> None:
    x = surreal(g)
    assert x.birthday() >= x.abs() and x.birthday().is_ordinal()
    assert (x.birthday() == x) == x.is_ordinal()
    assert (-x).birthday() == x.birthday()


def test_birthday_of_sums_and_multiples() -> None:
    # ω/2 is ω pluses then ω minuses; ω + 1/3 continues ω's pluses with 1/3's ω signs
    rows = [(W / 2, "ω×2"), (W * Q(3, 4), "ω×3"), (W + Q(1, 3), "ω×2"), (W / 3, "ω^2"), (W - Q(9, 2), "ω+6"),
            (W**2 + W, "ω^2+ω"), (W**2 / 3 + 1, "ω^3+1")]  # fmt: skip
    for x, day in rows:
        assert str(x.birthday()) == day, x
    with pytest.raises(SurrealError, match="Birthday is computed"):
        (1 / W).birthday()


# ----------------------------------------------------------------- numbers and games

GAMES = ["0", "*", "^", "v", "{1|0}", "±1", "{2|-1/2}", "1/2", "-3/4", "{0||0|-1}", "*2", "{3|1}"]


@settings(max_examples=150, deadline=None)
@given(st.integers(-40, 40), st.sampled_from([3, 5, 6, 7, 9, 12]), st.sampled_from(GAMES))
def test_a_rational_compares_with_a_game_as_a_near_dyadic_does(n: int, d: int, text: str) -> None:
    x, g = Q(n, d), parse_value(text)
    assume(not x.is_dyadic())
    # a dyadic within 2^-20 of x, on the same side of every stop (their denominators are small)
    k = 1 << 20
    near = number(Fraction(math.floor(Fraction(n, d) * k), k))
    lo, hi = le(near, g), le(g, near)
    expect = "<" if lo and not hi else ">" if hi and not lo else "||"
    assert compare_with_game(x, g) == expect


def test_infinite_numbers_are_beyond_every_short_game() -> None:
    for text in GAMES:
        g: Game = parse_value(text)
        assert compare_with_game(W, g) == ">" and compare_with_game(-W + 3, g) == "<"
        assert compare_with_game(1 / W, g) == compare_with_game(Q(1, 3**30), g)
    assert compare_with_game(Q(1, 2), game([number(0)], [number(1)])) == "="


def test_only_dyadics_are_games() -> None:
    assert Q(3, 8).to_game() == number(Fraction(3, 8))
    for x in (Q(1, 3), W, INF):
        with pytest.raises(SurrealError, match="not a short game"):
            x.to_game()


# ----------------------------------------------------------------- bad input


@pytest.mark.parametrize("text", ["", "ω^", "(ω+1", "1/", "ω^(1/2)", "ω^inf", "x", "2^3", "ω^-1", "--", "1..2"])
def test_bad_text_is_one_clear_error(text: str) -> None:
    with pytest.raises(SurrealError):
        from_text(text)


def test_exponents_must_be_ordinals() -> None:
    with pytest.raises(ValueError, match="must be an ordinal"):
        omega_power(-W.num)
    with pytest.raises(SurrealError, match="exponent must be an integer"):
        _ = Q(1, 2) ** W


def test_what_is_too_big_is_refused_at_once() -> None:
    # exact powers can be astronomically long: refused in one line before any work (CGSuite's word)
    for bad in (lambda: Q(2, 3) ** (10**9), lambda: (W + 1) ** 2000, lambda: (W**W + W + 1) ** 40):
        with pytest.raises(SurrealError, match=r"^Overflow\.$"):
            bad()
    assert str(W ** (10**30)) == "ω^" + str(10**30) and len(str((W + 1) ** 300)) > 1000
    wide = surreal(GeneralizedOrdinal.of([(integer(k), 1) for k in range(600)]))
    with pytest.raises(SurrealError, match="too big"):
        _ = wide * wide
