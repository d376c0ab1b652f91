"""Generalized Toads and Frogs and Elephants and Rhinos: small values worked by hand, the mirror
is the negative, Toads and Frogs as gentoads:1,1,1, the fast value against plain play."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import zermelo as z
from partisan_check import check_position
from zermelo.cgsuite import CGSuiteError, evaluate
from zermelo.core.errors import InvalidGame, InvalidPosition
from zermelo.games.gentoads import Elephants, GenToads, gen_toads
from zermelo.games.toads import ToadsAndFrogs

E = Elephants()


@pytest.mark.parametrize(
    ("row", "expected"),
    [("T.", "1"), ("T..", "2"), ("T.F", "*"), ("T..F", "0"), ("TF.", "0"), ("T.T.F.F", "±1"), ("F.T", "0")],
)
def test_elephants_golden(row: str, expected: str) -> None:
    assert str(z.canonical_form(E, E.parse(row))) == expected


def test_longer_slides() -> None:
    g = gen_toads("1,2,1")
    assert sorted(g.left_options(g.parse("T..F"))) == [("..TF",), (".T.F",)]
    assert str(z.canonical_form(g, g.parse("T.."))) == "2"  # {1, 0 |}
    friendly = gen_toads("1,1,2,friendly")
    assert (".TFT.",) in set(friendly.left_options(friendly.parse("TTF..")))  # over a toad and a frog


@settings(max_examples=25, deadline=None)
@given(st.text("TF..", min_size=1, max_size=7))
def test_toads_and_frogs_is_gentoads_1_1_1(row: str) -> None:
    t, g = ToadsAndFrogs(), GenToads(1, 1, 1)
    assert z.canonical_form(g, g.parse(row)) is z.canonical_form(t, t.parse(row))


@settings(max_examples=15, deadline=None)
@given(st.text("TF..", min_size=1, max_size=7))
def test_mirror_is_negation(row: str) -> None:
    mirror = row[::-1].translate(str.maketrans("TF", "FT"))
    assert z.canonical_form(E, E.parse(mirror)) is -z.canonical_form(E, E.parse(row))


@pytest.mark.parametrize("params", ["1,1,0", "1,2,1", "2,3,2", "1,1,2,friendly"])
@settings(max_examples=10, deadline=None)
@given(row=st.text("TF...", min_size=1, max_size=7))
def test_fast_value_matches_plain_play(params: str, row: str) -> None:
    g = gen_toads(params)
    check_position(g, g.parse(row))


def test_errors() -> None:
    with pytest.raises(InvalidGame, match="1 <= A <= B"):
        gen_toads("0,1,1")
    with pytest.raises(InvalidGame, match="give A,B,J"):
        gen_toads("1,1")
    with pytest.raises(InvalidPosition, match="unexpected 'X' at row 1, column 2"):
        E.parse("TX.")


def test_cgsuite_names() -> None:
    assert evaluate('game.strip.ElephantsAndRhinos("t.t.f.f").CanonicalForm') == "+-1"
    assert evaluate('game.strip.GenToadsAndFrogs(1,2,1)("t..").CanonicalForm') == "2"
    # CGSuite's library: BackslidingToadsAndFrogs := GenToadsAndFrogs(minSlide => -1); its worksheet row.
    backsliding = "game.strip.GenToadsAndFrogs(minSlide => -1)"
    assert evaluate(f'{backsliding}("ttt..fff").GameValue') == "{on||0|-1/2} & {1/2|0||off}"
    assert evaluate(f'{backsliding}("t.f").Options(Left)') == f'{{{backsliding}(".tf")}}'
    with pytest.raises(CGSuiteError, match="a backslide \\(minSlide < 0\\) is played with minSlide => -1"):
        evaluate("game.strip.GenToadsAndFrogs(minSlide => -2)")


@settings(max_examples=20, deadline=None)
@given(row=st.text("TF...", min_size=4, max_size=10))
def test_elephants_split_between_a_frog_and_a_later_toad(row: str) -> None:
    """F..T: the two walk apart and the cells between are never used (checked against plain play)."""
    check_position(E, E.parse(row))
