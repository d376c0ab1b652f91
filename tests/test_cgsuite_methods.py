"""CGSuite's methods and predicates (cgsuite/methods.py) against their definitions: the ugly
product, IsPlumtree and IsPseudonumber on short games, and nim arithmetic's bad operands."""

from __future__ import annotations

import pytest
from hypothesis import given, settings

from test_values_calculus import games  # random short games built from options
from zermelo.cgsuite import evaluate
from zermelo.cgsuite.errors import CGSuiteError
from zermelo.core.nimber import ugly_multiply
from zermelo.values import Game


@settings(max_examples=60, deadline=None)
@given(games())
def test_plumtree_and_pseudonumber_on_short_games(g: Game) -> None:
    # A plumtree is a game whose every cycle has length 1: a short game has no cycle at all.
    # A pseudonumber is a number, on, off, or a plumtree G = {G | x} or {x | G} with x a number;
    # a short game is never its own option, so among short games exactly the numbers are.
    env = {"g": g}
    assert evaluate("g.IsPlumtree", env) == "true"
    assert evaluate("g.IsPseudonumber", env) == evaluate("g.IsNumber", env)


@pytest.mark.parametrize(
    ("expr", "printed"),
    [
        ("UglyProduct(14, 2)", str(ugly_multiply(14, 2))),
        ("14.UglyProduct(3)", "3"),  # 3 = 2 ⊕ 1: 13 ⊕ 14
        ("16 UglyProduct 14", "23"),
        ("2 UglyProduct 2", "1"),
    ],
)
def test_ugly_product_in_expressions(expr: str, printed: str) -> None:
    assert evaluate(expr) == printed


@pytest.mark.parametrize(
    ("expr", "words"),
    [
        ("UglyProduct(-1, 2)", "whole numbers >= 0"),
        ("NimProduct(-1, 2)", "NimProduct applies only to nonnegative integers."),
        ("(-3).NimProduct(2)", "NimProduct applies only to nonnegative integers."),
        ("NimDiv(-1, 2)", "non-negative"),
        ("{3||2|1}.Pow(2)", "the base of a power must be of the form {0|H}"),
    ],
)
def test_bad_operands_are_the_users_error(expr: str, words: str) -> None:
    with pytest.raises(CGSuiteError, match=words.replace("{", r"\{").replace("|", r"\|")):
        evaluate(expr)
