"""zermelo.values.compounds: conjunctive and selective sums and the ordinal product, by their
definitions (ONAG ch. 14, Winning Ways ch. 9; the ordinal product as CGSuite's documentation of
``Game.OrdinalProduct`` defines it), on golden rows and against the theory (hypothesis)."""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from test_values_calculus import games  # the random games built from options of the calculus tests
from zermelo.values import Game, game, number, parse_value, star
from zermelo.values.compounds import conjunctive_sum, ordinal_product, selective_sum
from zermelo.values.game import neg
from zermelo.values.ordinal import ordinal_sum

# CGSuite's CompoundGameTestCase (github.com/aaron-siegel/cgsuite, commit e909ab8b): G, H, G ∧ H,
# G ⊛ H.  Its selective sums are left out: CGSuite's implementation gives G ∨ H the options
# G^L + H, G + H^L, G^L ∧ H^L (a disjunctive and a conjunctive sum), not the selective sums its
# own documentation and ONAG define (*5 ∨ *6 is *11 by the definition, *8 in CGSuite).
GOLDEN = [
    ("1/2", "1/4", "1/2", "11/32"),
    ("*5", "*6", "*5", "*30"),
    ("+-1", "^^", "{0|-1}", "+-1"),
    ("{1|0}", "0", "0", "0"),
]


@pytest.mark.parametrize(("g", "h", "conjunctive", "ordinal"), GOLDEN)
def test_cgsuite_compound_table(g: str, h: str, conjunctive: str, ordinal: str) -> None:
    x, y = parse_value(g), parse_value(h)
    assert conjunctive_sum(x, y) is parse_value(conjunctive)
    assert ordinal_product(x, y) is parse_value(ordinal)


def test_selective_sums_by_the_definition() -> None:
    # 1/2 ∨ 1/4 = 3/4 (CGSuite's table agrees: a sum of numbers), {1|0} ∨ 0 = {1|0}.
    assert selective_sum(parse_value("1/2"), parse_value("1/4")) is parse_value("3/4")
    assert selective_sum(parse_value("{1|0}"), number(0)) is parse_value("{1|0}")
    assert selective_sum(star(5), star(6)) is star(_selective_nim(5, 6)) is star(11)


def _tree(left: tuple[object, ...], right: tuple[object, ...]) -> tuple[tuple[object, ...], tuple[object, ...]]:
    return (left, right)


def _form_options(f: object) -> tuple[tuple[object, ...], tuple[object, ...]]:
    if isinstance(f, Game):
        return f.left, f.right
    assert isinstance(f, tuple)
    return f[0], f[1]


def test_forms_not_values_decide() -> None:
    # {*|*} = 0, but {*|*} ∧ 3 = {* ∧ 2 |} = {1|} = 2 while 0 ∧ 3 = 0 (CGSuite's table: 2).
    star_star = _tree((star(),), (star(),))
    assert conjunctive_sum(star_star, number(3), _form_options) is number(2)
    assert conjunctive_sum(number(0), number(3)) is number(0)
    assert selective_sum(star_star, number(3), _form_options) is number(3)
    assert ordinal_product(star_star, number(3), _form_options) is number(0)


def _mex(values: set[int]) -> int:
    n = 0
    while n in values:
        n += 1
    return n


@cache
def _conjunctive_nim(a: int, b: int) -> int:
    return _mex({_conjunctive_nim(x, y) for x in range(a) for y in range(b)})


@cache
def _selective_nim(a: int, b: int) -> int:
    moves = {_selective_nim(x, b) for x in range(a)} | {_selective_nim(a, y) for y in range(b)}
    return _mex(moves | {_selective_nim(x, y) for x in range(a) for y in range(b)})


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 7), st.integers(0, 7))
def test_nimbers_against_the_mex_definitions(a: int, b: int) -> None:
    assert conjunctive_sum(star(a), star(b)) is star(_conjunctive_nim(a, b)) is star(min(a, b))
    assert selective_sum(star(a), star(b)) is star(_selective_nim(a, b))
    # A green stalk of b edges, each replaced by a stalk of a edges: *(a·b).
    assert ordinal_product(star(a), star(b)) is star(a * b)


@settings(max_examples=60, deadline=None)
@given(games(), games())
def test_identities(g: Game, h: Game) -> None:
    zero, one = number(0), number(1)
    assert conjunctive_sum(g, h) is conjunctive_sum(h, g)
    assert selective_sum(g, h) is selective_sum(h, g)
    assert conjunctive_sum(g, zero) is zero  # no move in 0: no move at all
    assert selective_sum(g, zero) is g  # every move is a move in G
    assert neg(conjunctive_sum(g, h)) is conjunctive_sum(neg(g), neg(h))
    assert neg(selective_sum(g, h)) is selective_sum(neg(g), neg(h))
    assert ordinal_product(g, one) is g and ordinal_product(one, h) is h  # 1 is the unit
    assert ordinal_product(g, zero) is zero
    assert neg(ordinal_product(g, h)) is ordinal_product(g, neg(h))  # −(G ⊛ H) = G ⊛ −H
    # G ⊛ 2 = G ⊛ {1|} = {G : G^L | G : G^R}
    two = ordinal_product(g, number(2))
    assert two is game([ordinal_sum(g, x) for x in g.left], [ordinal_sum(g, x) for x in g.right])


@settings(max_examples=30, deadline=None)
@given(st.integers(-4, 4), st.integers(-4, 4))
def test_ordinal_products_of_integers(m: int, n: int) -> None:
    # Stalks: n edges, each replaced by a stalk of m (or −m for a red edge): m·n.
    assert ordinal_product(number(m), number(n)) is number(m * n)
