"""Transfinite nimbers (values/transfinite.py): nim-addition and Conway's nim-multiplication of
ordinals against the definitions, ONAG's identities and the field laws."""

from __future__ import annotations

from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from test_nimber import brute_product  # Conway's mex definition of the finite nim-product
from zermelo.core.cantor import OMEGA, GeneralizedOrdinal, integer, omega_power
from zermelo.core.nimber import nim_multiply
from zermelo.values.transfinite import NimberError, TransfiniteNimber, nim_power, nim_product, nim_sum

W = OMEGA
ZERO, ONE = integer(0), integer(1)


def ordinal(*coefficients: int, level: int = 0) -> GeneralizedOrdinal:
    """Σ cᵢ·ω^(ω^level · i): coefficients from the lowest power up."""
    step = omega_power(integer(level)) if level else ONE
    return GeneralizedOrdinal.of([(step * i, c) for i, c in enumerate(coefficients)])


def test_finite_products_follow_the_mex_definition() -> None:
    for a in range(24):
        for b in range(24):
            assert nim_product(integer(a), integer(b)) == integer(brute_product(a, b)), (a, b)


def test_onag_identities() -> None:
    # ONAG ch. 6: ω² is ω⊗ω; ω is the cube root of 2, ω^ω the fifth root of 4, ω^(ω²) the
    # seventh root of ω+1; below κ = ω^(ω^k) an ordinal κ·a + b is the nim-polynomial κ⊗a ⊕ b.
    assert nim_product(W, W) == W * W
    assert nim_power(W, 3) == integer(2)
    assert nim_power(omega_power(W), 5) == integer(4)
    assert nim_power(omega_power(W * W), 7) == W + 1
    assert nim_product(W, integer(5)) == W * 5 and nim_product(W * W, W + 1) == integer(2) + W * W
    # 1/ω = ω²⊗(1/2) = ω²⊗3 = 3ω²
    assert nim_product(W, W * W * 3) == ONE
    # ω^ω ⊗ ω = ω^(ω+1): generators of different primes multiply as ordinals
    assert nim_product(omega_power(W), W) == omega_power(W + 1)


def test_alpha_is_not_a_pth_power_below_kappa() -> None:
    # κ_p^p = α_p generates a field of degree p exactly when α_p is not a p-th power below κ_p.
    finite = [integer(x) for x in range(256)]
    assert all(nim_power(x, 3) != integer(2) for x in finite)
    assert all(nim_power(x, 5) != integer(4) for x in finite)
    below = [ordinal(a, b, c) for a, b, c in product(range(4), repeat=3)]
    assert all(nim_power(x, 7) != W + 1 for x in below)


def test_the_ordinals_below_omega_cubed_with_coefficients_below_4_are_a_field() -> None:
    # GF(4)[ω] with ω³ = 2: 64 elements, each non-zero one has an inverse among them
    elements = [ordinal(a, b, c) for a, b, c in product(range(4), repeat=3)]
    table = {x: y for x in elements[1:] for y in elements[1:] if nim_product(x, y) == ONE}
    assert len(table) == 63
    assert all(nim_product(x, y) in elements for x in elements for y in elements[:8])


EXPONENTS = [ZERO, ONE, integer(2), integer(4), integer(9), W, W + 2, W * 3, W * 6 + 1, W * W, W * W * 2 + W + 1]


@st.composite
def ordinals(draw: st.DrawFn) -> GeneralizedOrdinal:
    exps = draw(st.lists(st.sampled_from(EXPONENTS), max_size=3))
    return GeneralizedOrdinal.of([(e, draw(st.integers(1, 17))) for e in exps])


LAWS = settings(max_examples=150, deadline=None)


@LAWS
@given(ordinals(), ordinals(), ordinals())
def test_field_laws(a: GeneralizedOrdinal, b: GeneralizedOrdinal, c: GeneralizedOrdinal) -> None:
    assert nim_sum(a, b) == nim_sum(b, a) and nim_sum(nim_sum(a, b), c) == nim_sum(a, nim_sum(b, c))
    assert nim_sum(a, a) == ZERO and nim_sum(a, ZERO) == a
    ab = nim_product(a, b)
    assert ab == nim_product(b, a)
    assert nim_product(ab, c) == nim_product(a, nim_product(b, c))
    assert nim_product(a, nim_sum(b, c)) == nim_sum(ab, nim_product(a, c))
    assert nim_product(a, ONE) == a and nim_product(a, ZERO) == ZERO
    assert ab.is_ordinal() and (ab == ZERO) == (a == ZERO or b == ZERO)


@LAWS
@given(ordinals(), st.integers(0, 300))
def test_times_a_finite_number_on_each_coefficient(a: GeneralizedOrdinal, n: int) -> None:
    # a finite n lies below every κ: (ω^e·c) ⊗ n = ω^e·(c ⊗ n), coefficient by coefficient
    expect = GeneralizedOrdinal.of([(e, nim_multiply(c, n)) for e, c in a.terms])
    assert nim_product(a, integer(n)) == expect == nim_product(integer(n), a)


def test_nimbers_print_as_cgsuite_prints_them() -> None:
    rows = [(W, "*ω"), (W + 1, "*(ω+1)"), (W * 2, "*(ω×2)"), (W * W, "*ω^2"), (omega_power(W), "*ω^ω"),
            (ZERO, "0"), (ONE, "*"), (integer(5), "*5")]  # fmt: skip
    for value, text in rows:
        assert str(TransfiniteNimber(value)) == text
    a = TransfiniteNimber(W)
    assert (a + TransfiniteNimber(W)).is_zero() and a.outcome == "N" and (a - a).outcome == "P"


def test_refusals_are_one_line() -> None:
    with pytest.raises(NimberError, match="not an ordinal"):
        TransfiniteNimber(W - 1)
    with pytest.raises(NimberError, match="only to ordinals"):
        nim_sum(W - 1, W)
    with pytest.raises(NimberError, match="below ω\\^\\(ω\\^3\\)"):
        nim_product(omega_power(omega_power(integer(3))), W)
    with pytest.raises(NimberError, match="whole number"):
        nim_power(W, -1)
