"""zermelo.cgsuite.compounds: ``G ConjunctiveSum H``, ``G SelectiveSum H``, ``G OrdinalProduct H``
kept as written and valued by ``.CanonicalForm`` on the forms of their parts.  Golden rows from
CGSuite's GameTest and CompoundGameTestCase (github.com/aaron-siegel/cgsuite, commit e909ab8b),
except its selective sums of nimbers (see tests/test_values_compounds.py)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings

from test_values_calculus import games
from zermelo.cgsuite import cgsuite_text, evaluate
from zermelo.values import Game
from zermelo.values.compounds import conjunctive_sum, ordinal_product, selective_sum

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
