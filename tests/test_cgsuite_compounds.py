"""zermelo.cgsuite.compounds: ``G ConjunctiveSum H``, ``G SelectiveSum H``, ``G OrdinalProduct H``
kept as written and valued by ``.CanonicalForm`` on the forms of their parts.  Golden rows from
CGSuite's GameTest and CompoundGameTestCase (github.com/aaron-siegel/cgsuite, commit e909ab8b),
except its selective sums of nimbers (see tests/test_values_compounds.py)."""

from __future__ import annotations

import functools

import pytest
from hypothesis import given, settings

from test_values_calculus import games
from zermelo.cgsuite import cgsuite_text, evaluate
from zermelo.values import Game
from zermelo.values.compounds import conjunctive_sum, ordinal_product, selective_sum
from zermelo.values.game import game

ROWS = [
    ("-(1 ConjunctiveSum '{1|0}')", "-1 ConjunctiveSum '{0|-1}'"),
    ("-(1 SelectiveSum '{1|0}')", "-1 SelectiveSum '{0|-1}'"),
    ("-(1 OrdinalProduct '{1|0}')", "-(1 OrdinalProduct '{1|0}')"),
    ("((1/2) ConjunctiveSum (1/4)).CanonicalForm", "1/2"),
    ("((1/2) OrdinalProduct (1/4)).CanonicalForm", "11/32"),
    ("((1/2) SelectiveSum (1/4)).CanonicalForm", "3/4"),
    ("((*5) ConjunctiveSum (*6)).CanonicalForm", "*5"),
    ("((*5) OrdinalProduct (*6)).CanonicalForm", "*30"),
    ("((+-1) ConjunctiveSum (^^)).CanonicalForm", "{0|-1}"),
    ("((+-1) OrdinalProduct (^^)).CanonicalForm", "+-1"),
    ("(('{*|*}') ConjunctiveSum (3)).CanonicalForm", "2"),
    ("(('{*|*}') OrdinalProduct (3)).CanonicalForm", "0"),
    ("(('{*|*}') SelectiveSum (3)).CanonicalForm", "3"),
    # the compound's own form is read where a form matters: (1 ∧ 2) is the form {0 ∧ 1|} = {0|}
    ("((1 ConjunctiveSum 2) : 1).CanonicalForm", "2"),
    ("(-(1 OrdinalProduct '{1|0}')).CanonicalForm", "{0|-1}"),
    # a written sum as a part: '{*|*}' + 0 has the options * + 0, and {*+0|*+0} ∧ 3 = {1|} = 2
    ("(('{*|*}' + 0) ConjunctiveSum 3).CanonicalForm", "2"),
    ("(('{*|*}' + 0) : 1).CanonicalForm", "^"),  # {*, {*|*} | *} = ^, as '{*|*}' : 1
    ("1/2 ConjunctiveSum 1/4", "1/2 ConjunctiveSum 1/4"),
    ("(1/2).ConjunctiveSum(1/4).CanonicalForm", "1/2"),
]


@pytest.mark.parametrize(("text", "expected"), ROWS)
def test_compounds(text: str, expected: str) -> None:
    assert evaluate(text) == expected


def test_a_loopy_part_is_refused() -> None:
    with pytest.raises(ValueError, match="loopy"):
        evaluate("1/2 ConjunctiveSum on")


@settings(max_examples=40, deadline=None)
@given(games(), games())
def test_the_evaluator_values_compounds_by_the_engine(g: Game, h: Game) -> None:
    env = {"g": g, "h": h}
    assert evaluate("(g ConjunctiveSum h).CanonicalForm", env) == cgsuite_text(conjunctive_sum(g, h))
    assert evaluate("(g SelectiveSum h).CanonicalForm", env) == cgsuite_text(selective_sum(g, h))
    assert evaluate("(g OrdinalProduct h).CanonicalForm", env) == cgsuite_text(ordinal_product(g, h))
    # −(G ⊛ H) = G ⊛ −H, the negative kept around the product as CGSuite writes it
    assert evaluate("(-(g OrdinalProduct h)).CanonicalForm == (g OrdinalProduct -h).CanonicalForm", env) == "true"


# --- a ruleset's position is walked as its game tree (CGSuite's CompoundGame reads g.options(player)) ---
# The expected values come from trees built here by hand, without the evaluator or zermelo's
# compounds: a form is a pair (Left options, Right options) of forms, each operation is its
# definition (CGSuite's CompoundGame.compoundOptions) applied to those pairs, and only the final
# canonical value is zermelo's ``game``.

Form = tuple[tuple["Form", ...], tuple["Form", ...]]
F0: Form = ((), ())
F1: Form = ((F0,), ())
FSTAR: Form = ((F0,), (F0,))
FHALF: Form = ((F0,), (F1,))


@functools.cache
def _kayles(heaps: tuple[int, ...]) -> Form:
    """Kayles' tree: knock down one pin or two adjacent pins of one row, which may split it."""
    options = set()
    for i, n in enumerate(heaps):
        rest = heaps[:i] + heaps[i + 1 :]
        for take in (1, 2):
            for left in range(n - take + 1):
                parts = (left, n - take - left)
                options.add(tuple(sorted(rest + tuple(p for p in parts if p))))
    side = tuple(_kayles(o) for o in sorted(options))
    return side, side


# game.grid.Domineering("...|.#.") (Left places vertical dominoes, Right horizontal ones): Left's two
# moves (column 0 or 2) leave an L of three cells where each player has one move to a lone cell,
# {0|0} = *; Right's two moves (in the top row) leave three lone-ish cells where only Left can move,
# {0|} = 1.  So its tree is {*, * | 1, 1}, worth 0: Left's * reverses through 0, Right's 1 too.
DOM = 'game.grid.Domineering("...|.#.")'
FDOM: Form = ((FSTAR, FSTAR), (F1, F1))


@functools.cache
def _value(f: Form) -> Game:
    return game([_value(x) for x in f[0]], [_value(x) for x in f[1]])


@functools.cache
def _neg(f: Form) -> Form:
    return tuple(_neg(x) for x in f[1]), tuple(_neg(x) for x in f[0])


@functools.cache
def _conj(g: Form, h: Form) -> Form:
    return tuple(_conj(a, b) for a in g[0] for b in h[0]), tuple(_conj(a, b) for a in g[1] for b in h[1])


@functools.cache
def _sel(g: Form, h: Form) -> Form:
    sides = [
        tuple(_sel(a, h) for a in go) + tuple(_sel(g, b) for b in ho) + tuple(_sel(a, b) for a in go for b in ho)
        for go, ho in zip(g, h, strict=True)
    ]
    return sides[0], sides[1]


@functools.cache
def _colon(g: Form, h: Form) -> Form:
    return g[0] + tuple(_colon(g, b) for b in h[0]), g[1] + tuple(_colon(g, b) for b in h[1])


@functools.cache
def _oprod(g: Form, h: Form) -> Form:
    # for each player: (G ⊛ H^L) : G^o for G^o that player's option of G, (G ⊛ H^R) : (-G)^o
    ng = _neg(g)
    return (
        tuple(_colon(_oprod(g, b), a) for b in h[0] for a in g[0])
        + tuple(_colon(_oprod(g, b), a) for b in h[1] for a in ng[0]),
        tuple(_colon(_oprod(g, b), a) for b in h[0] for a in g[1])
        + tuple(_colon(_oprod(g, b), a) for b in h[1] for a in ng[1]),
    )


K4, N2 = "game.heap.Kayles(4)", "game.heap.Nim(2)"
FK4, FN2 = _kayles((4,)), _kayles((2,))  # a row of two pins is Nim(2)'s tree: {0, *}

TREE_ROWS = [
    # (expression, its value by the trees above, its value from the positions' canonical forms:
    # zermelo's answer before the trees were walked)
    (f"{K4} ConjunctiveSum {N2}", _conj(FK4, FN2), "*"),  # by hand: K4's options all move, so each ∧ 1 is *: {0,*} = *2
    (f"{K4} SelectiveSum {N2}", _sel(FK4, FN2), "*3"),
    (f"{K4} OrdinalProduct {N2}", _oprod(FK4, FN2), "*2"),
    (f"{K4} : 1", _colon(FK4, F1), "^*"),  # {0,*2,*3,K4 | 0,*2,*3}: K4 is *, its options 0, *2, *3
    (f"{DOM} ConjunctiveSum 1", _conj(FDOM, F1), "0"),  # by hand: {G^L ∧ 0 | } = {0|} = 1
    (f"{DOM} SelectiveSum *", _sel(FDOM, FSTAR), "*"),
    (f"{DOM} : 1", _colon(FDOM, F1), "1"),  # {*, G | 1} with G = 0: 1/2
    (f"-{DOM} : 1", _colon(_neg(FDOM), F1), "1"),  # -G's tree {-1, -1 | *, *}
    (f"1/2 OrdinalProduct {DOM}", _oprod(FHALF, FDOM), "0"),
]


@pytest.mark.parametrize(("text", "tree", "canonical"), TREE_ROWS)
def test_a_position_is_walked_as_its_game_tree(text: str, tree: Form, canonical: str) -> None:
    expected = cgsuite_text(_value(tree))
    assert expected != canonical  # the tree's answer is not the canonical form's (the old answer)
    assert evaluate(f"({text}).CanonicalForm") == expected
    assert evaluate(text) == text  # still kept as written


def test_the_expected_trees_are_the_positions() -> None:
    assert [cgsuite_text(_value(f)) for f in (FK4, FN2, FDOM)] == ["*", "*2", "0"]
    assert evaluate(f"{DOM}.CanonicalForm") == "0" and evaluate(f"{K4}.CanonicalForm") == "*"


@pytest.mark.parametrize(
    ("base", "top", "tree"), [("1", DOM, _colon(F1, FDOM)), ("1/2", DOM, _colon(FHALF, FDOM)), ("^", K4, None)]
)
def test_the_top_of_an_ordinal_sum_counts_by_its_value(base: str, top: str, tree: Form | None) -> None:
    # CGSuite walks H's tree in G : H too, but by the colon principle (H ≥ H' gives G:H ≥ G:H')
    # G : H depends only on H's value: the top's canonical form gives the same answer
    found = evaluate(f"({base} : {top}).CanonicalForm")
    assert found == evaluate(f"({base} : {top}.CanonicalForm).CanonicalForm")
    if tree is not None:
        assert found == cgsuite_text(_value(tree))


@pytest.mark.parametrize("op", ["ConjunctiveSum", "SelectiveSum", "OrdinalProduct"])
def test_a_tree_past_the_budget_is_one_line(op: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from zermelo.cgsuite import BudgetExceeded, compounds

    monkeypatch.setattr(compounds, "MAX_STEPS", 200)
    with pytest.raises(BudgetExceeded, match="more than 200 pairs, options and forms"):
        evaluate(f"(game.heap.Kayles(9) {op} game.heap.Kayles(9)).CanonicalForm")
    by_hand = {"ConjunctiveSum": _conj, "SelectiveSum": _sel, "OrdinalProduct": _oprod}[op]
    assert evaluate(f"({N2} {op} 1/2).CanonicalForm") == cgsuite_text(_value(by_hand(FN2, FHALF)))  # within it
