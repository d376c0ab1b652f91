"""CGSuite's variants of a ruleset (zermelo.cgsuite.variants): the impartial, dicotic and twisted
variants against their definitions recursed in Python over zermelo's own rules, Cram as the
impartial variant of Domineering (CGSuite's definition of it), the names, bad calls."""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from zermelo.cgsuite import CGSuiteError, evaluate
from zermelo.cgsuite.printer import cgsuite_text
from zermelo.core.sprague_grundy import mex
from zermelo.games.clobber import Clobber
from zermelo.games.domineering import Domineering
from zermelo.values.game import Game, game, neg

RULES: dict[str, Any] = {"Clobber": Clobber(), "Domineering": Domineering()}


@cache
def twisted(name: str, text: str) -> Game:
    """CGSuite's definition: Options(player) := [-TwistedVariantGame(g) for g in base.Options(player)]."""
    r = RULES[name]
    p = r.parse(text)
    return game(
        [neg(twisted(name, r.format(g))) for g in r.left_options(p)],
        [neg(twisted(name, r.format(g))) for g in r.right_options(p)],
    )


@cache
def dicotic(name: str, text: str) -> Game:
    """No move unless both players have one."""
    r = RULES[name]
    p = r.parse(text)
    left, right = list(r.left_options(p)), list(r.right_options(p))
    if not (left and right):
        return game([], [])
    return game([dicotic(name, r.format(g)) for g in left], [dicotic(name, r.format(g)) for g in right])


@cache
def impartial(name: str, text: str) -> int:
    """Either player makes any move of Left's or Right's: the mex of the options' nim values."""
    r = RULES[name]
    p = r.parse(text)
    return mex(impartial(name, r.format(g)) for g in [*r.left_options(p), *r.right_options(p)])


def boards(cells: str) -> st.SearchStrategy[str]:
    return st.lists(st.text(cells, min_size=3, max_size=3), min_size=1, max_size=2).map("|".join)


@settings(max_examples=12, deadline=None)
@given(st.sampled_from(["Clobber", "Domineering"]), st.data())
def test_variants_against_their_definitions(name: str, data: st.DataObject) -> None:
    text = data.draw(boards("xo." if name == "Clobber" else ".#"))
    pos = f'game.grid.{name}("{text}")'
    typed = RULES[name].format(RULES[name].parse(text)).lower()
    assert evaluate(f"{pos}.TwistedVariant.CanonicalForm") == cgsuite_text(twisted(name, typed))
    assert evaluate(f"{pos}.DicoticVariant.CanonicalForm") == cgsuite_text(dicotic(name, typed))
    assert evaluate(f"{pos}.ImpartialVariant.NimValue") == str(impartial(name, typed))


@settings(max_examples=20, deadline=None)
@given(boards(".#"))
def test_cram_is_the_impartial_variant_of_domineering(text: str) -> None:
    # CGSuite's library: Cram := game.grid.Domineering.ImpartialVariant
    assert evaluate(f'game.grid.Domineering.ImpartialVariant("{text}").NimValue') == evaluate(
        f'game.grid.Cram("{text}").NimValue'
    )


def test_names_and_printing() -> None:
    assert evaluate("game.grid.Domineering.ImpartialVariant") == "game.grid.Domineering.ImpartialVariant"
    assert evaluate('game.variant.ImpartialVariantGame(game.grid.Domineering("..."))') == (
        'game.grid.Domineering.ImpartialVariant("...")'
    )
    assert evaluate('game.variant.TwistedVariantRuleset(game.grid.Clobber)("xoo").CanonicalForm') == "v"
    # T("xoo") = {-T(".xo") | -T("o.o")} = {-*|0} = v: a twisted option prints as the negative it is
    assert evaluate('game.grid.Clobber("xoo").TwistedVariant.CanonicalForm') == "v"
    assert evaluate('game.grid.Clobber("xoo").TwistedVariant.LeftOptions') == (
        '{-game.grid.Clobber.TwistedVariant(".xo")}'
    )
    assert evaluate('game.grid.Clobber("xoo").DicoticVariant.CanonicalForm') == "v"
    assert evaluate("game.heap.Nim(3).TwistedVariant.CanonicalForm") == "*3"  # impartial: twisting changes nothing


@pytest.mark.parametrize(
    ("expr", "words"),
    [
        ("game.variant.Foo", "game.variant has ImpartialVariantRuleset"),
        ("game.variant.TwistedVariantRuleset(3)", "takes one ruleset"),
        ("game.variant.TwistedVariantGame(game.grid.Clobber)", "takes one position of a ruleset"),
        ('game.grid.Clobber("xo").TwistedVariant(3)', "takes no arguments"),
    ],
)
def test_errors(expr: str, words: str) -> None:
    with pytest.raises(CGSuiteError, match=words):
        evaluate(expr)
