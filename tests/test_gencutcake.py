"""The cake games: Eatcake, Maundy Cake, Turn-and-Eatcake and gencutcake codes — values worked by
hand, Maundy strips' closed form, a turned cake is the negative, the fast value against plain play."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import zermelo as z
from partisan_check import check_position
from zermelo.cgsuite import evaluate
from zermelo.core.errors import InvalidGame, InvalidPosition
from zermelo.games.cutcake import Cutcake
from zermelo.games.gencutcake import CAKES, gen_cutcake, maundy_strip, named_cake

GOLDEN = [
    ("eatcake", "1x1", "*"),  # either player eats it
    ("eatcake", "1x2", "v"),  # {* | 0}
    ("eatcake", "2x1", "^"),
    ("eatcake", "2x2", "*"),  # {^ | v}
    ("maundycake", "2x2", "0"),  # {-2 | 2}
    ("maundycake", "1x6", "4"),  # three pieces of 1x2, each cut once, plus the first cut
    ("turneatcake", "1x1", "*"),
]


@pytest.mark.parametrize(("game", "cake", "expected"), GOLDEN)
def test_golden(game: str, cake: str, expected: str) -> None:
    g = named_cake(game)
    assert str(z.canonical_form(g, g.parse(cake))) == expected


def test_maundy_strips_match_search() -> None:
    m = named_cake("maundycake")
    for c in range(1, 25):
        assert str(z.canonical_form(m, ((1, c),))) == str(maundy_strip(c)), c


@settings(max_examples=15, deadline=None)
@given(st.integers(1, 6), st.integers(1, 9))
def test_cutcake_is_gencutcake_4_0(r: int, c: int) -> None:
    g, cut = gen_cutcake("4.0,4.0"), Cutcake()
    assert z.canonical_form(g, ((r, c),)) is z.canonical_form(cut, cut.parse(f"{r}x{c}"))


@pytest.mark.parametrize("game", list(CAKES))
def test_a_turned_cake_is_the_negative(game: str) -> None:
    g = named_cake(game)
    for r, c in ((1, 3), (2, 3), (3, 5)):
        assert z.canonical_form(g, ((c, r),)) is -z.canonical_form(g, ((r, c),))


cakes = st.lists(st.tuples(st.integers(1, 3), st.integers(1, 3)), min_size=1, max_size=2)


@pytest.mark.parametrize("spec", [*CAKES, "0.7,4.0", "4.0,0.7,twisted", "0.3,{2+}=.0"])
@settings(max_examples=5, deadline=None)
@given(pieces=cakes)
def test_fast_value_matches_plain_play(spec: str, pieces: list[tuple[int, int]]) -> None:
    g = named_cake(spec) if spec in CAKES else gen_cutcake(spec)
    check_position(g, tuple(sorted(pieces)))


def test_errors() -> None:
    with pytest.raises(InvalidGame, match="Left's and Right's codes"):
        gen_cutcake("0.7")
    with pytest.raises(InvalidPosition, match="pieces are RxC"):
        named_cake("eatcake").parse("3y4")


def test_cgsuite_names() -> None:
    assert evaluate("game.heap.Eatcake((1,2)).CanonicalForm") == "v"
    assert evaluate("game.heap.MaundyCake((1,6)).CanonicalForm") == "4"
    assert evaluate("game.heap.TurnAndEatcake((1,1)).CanonicalForm") == "*"


def test_moves_are_named_by_the_line_eaten_or_cut() -> None:
    e, m = named_cake("eatcake"), named_cake("maundycake")
    assert [x.label for x in e.left_moves(e.parse("2x3"))] == ["eat column 1 of 2x3", "eat column 2 of 2x3"]
    assert [x.label for x in e.right_moves(e.parse("2x3"))] == ["eat row 1 of 2x3"]
    assert [x.label for x in m.left_moves(m.parse("1x6"))] == [
        "cut 1x6 into 3+3 columns",
        "cut 1x6 into 2+2+2 columns",
        "cut 1x6 into 1+1+1+1+1+1 columns",
    ]
