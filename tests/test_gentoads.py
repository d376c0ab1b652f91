"""Generalized Toads and Frogs and Elephants and Rhinos: small values worked by hand, the mirror
is the negative, Toads and Frogs as gentoads:1,1,1, the fast value against plain play."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import zermelo as z
from partisan_check import check_position
from zermelo.analyses.draws import loopy_outcome
from zermelo.analyses.loopy_form import loopy_value
from zermelo.cgsuite import CGSuiteError, evaluate
from zermelo.core.errors import InvalidGame, InvalidPosition
from zermelo.games.gentoads import Elephants, GenToads, LoopyGenToads, gen_toads, row_moves
from zermelo.games.toads import ToadsAndFrogs
from zermelo.values.stopper import outcome_class

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
    with pytest.raises(InvalidGame, match=">= -400"):
        gen_toads("-401,1,1")
    with pytest.raises(InvalidGame, match="A >= 0"):
        GenToads(-1, 1, 1)
    with pytest.raises(InvalidGame, match="A < 0"):
        LoopyGenToads(1, 1, 1)
    with pytest.raises(InvalidPosition, match="at most 16 cells"):
        gen_toads("-2,1,1").parse("T" * 17)
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
    assert evaluate(f'{backsliding}("t.f").Options(Left)') == f'[{backsliding}(".tf")]'
    with pytest.raises(CGSuiteError, match="minSlide must be a whole number from -400 to 400, got '-500'"):
        evaluate("game.strip.GenToadsAndFrogs(minSlide => -500)")


@settings(max_examples=20, deadline=None)
@given(row=st.text("TF...", min_size=4, max_size=10))
def test_elephants_split_between_a_frog_and_a_later_toad(row: str) -> None:
    """F..T: the two walk apart and the cells between are never used (checked against plain play)."""
    check_position(E, E.parse(row))


# CGSuite's GenToadsAndFrogs(minSlide, maxSlide, maxJump, allowFriendlyJump), every parameter:
# values worked by hand (CGSuite's library documents the rules, not these values).
@pytest.mark.parametrize(
    ("ruleset", "row", "expected"),
    [
        ("minSlide => 2, maxSlide => 3", "t..", "1"),  # one slide of 2, then stuck
        ("minSlide => 2, maxSlide => 3", "t....", "2"),  # {1, 0 |}: slides of 2 or 3
        ("minSlide => 0", "tt.f", "{1/2|0}"),  # a slide of 0 is no move: Toads and Frogs
        ("minSlide => 3, maxSlide => 2", "t...f", "0"),  # no slide is long and short enough
        ("maxSlide => 0", "tf.", "1"),  # jumps only
        ("maxJump => -3", "tf.", "0"),  # no jumps, no room to slide
        ("maxJump => 2", "tttt..fff", "{1/2*|v}"),  # CGSuite's worksheet row (GameStripTest)
    ],
)
def test_cgsuite_parameters_golden(ruleset: str, row: str, expected: str) -> None:
    assert evaluate(f'game.strip.GenToadsAndFrogs({ruleset})("{row}").CanonicalForm') == expected


@pytest.mark.parametrize(
    ("ruleset", "row", "expected"),
    [
        ("minSlide => -2", "t..", "on"),  # Left moves for ever, Right never
        ("minSlide => -1, maxSlide => -1", "t..f", "0"),  # slides back only: from the edge, none
        ("minSlide => -1, maxSlide => -1", ".t.f", "1"),  # {0|}: one step back, then stuck
    ],
)
def test_backslides_golden(ruleset: str, row: str, expected: str) -> None:
    assert evaluate(f'game.strip.GenToadsAndFrogs({ruleset})("{row}").GameValue') == expected


def test_backslide_moves() -> None:
    assert sorted(row_moves(".T..F", "T", 1, (-2, 1, 1, False))) == ["..T.F", "T...F"]
    assert sorted(row_moves("..T.F", "T", 1, (-2, 1, 1, False))) == ["...TF", ".T..F", "T...F"]
    assert sorted(row_moves("..T.F", "T", 1, (-2, -2, 1, False))) == ["T...F"]  # back exactly 2
    assert gen_toads("-1,1,1").spec() == "gentoads:-1,1,1" and gen_toads("-1,1,1").loopy


_PARAMS = st.tuples(st.integers(-3, 3), st.integers(-3, 3), st.integers(-1, 2), st.booleans())


@settings(max_examples=30, deadline=None)
@given(params=_PARAMS, row=st.text("TF..", min_size=1, max_size=5))
def test_every_variant_against_plain_search(params: tuple[int, int, int, bool], row: str) -> None:
    """Any parameters: the short ones' fast value (cut ends, mirror key) against plain play; the
    loopy ones' value against the engine's search of the game graph with draws."""
    low, high, jump, friendly = params
    g = gen_toads(f"{low},{high},{max(jump, 0)}" + (",friendly" if friendly else ""))
    if isinstance(g, LoopyGenToads):
        assert outcome_class(loopy_value(g, row)) == loopy_outcome(g, row)
    else:
        check_position(g, g.parse(row))


@settings(max_examples=20, deadline=None)
@given(params=_PARAMS, row=st.text("TF..", min_size=1, max_size=6))
def test_cgsuite_listing_is_every_option_once(params: tuple[int, int, int, bool], row: str) -> None:
    """CGSuite's order of the options (its Options list) holds exactly the moves of the rules."""
    from zermelo.games.gentoads import cgsuite_listed

    low, high, jump, friendly = params
    g = gen_toads(f"{low},{high},{max(jump, 0)}" + (",friendly" if friendly else ""))
    p = g.parse(row)
    for left in (True, False):
        moves: list[Any] = list(g.left_options(p) if left else g.right_options(p))  # type: ignore[arg-type]
        assert sorted(cgsuite_listed(g, p, left)) == sorted(moves)
