"""Partizan Subtraction and partizan take-and-break: values worked by hand, the period of
L = {1}, R = {2}, swapping the rules negates, the fast value against plain play."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import zermelo as z
from partisan_check import check_position
from zermelo.cgsuite import evaluate
from zermelo.core.errors import InvalidGame
from zermelo.games.partizanheap import partizan_subtraction, partizan_take_and_break
from zermelo.heaps.subtraction import Subtraction
from zermelo.values.game import star


def test_one_and_two_has_period_three() -> None:
    g = partizan_subtraction("1/2")
    first = [str(z.canonical_form(g, (n,) if n else ())) for n in range(3)]
    assert first == ["0", "1", "{1|0}"]
    for n in range(3, 40):
        assert str(z.canonical_form(g, (n,))) == first[n % 3], n


def test_equal_sets_are_the_impartial_game() -> None:
    """With L = R the game is impartial: every heap is the nimber of the subtraction game."""
    g = partizan_subtraction("1,3,4/1,3,4")
    s = Subtraction((1, 3, 4))
    for n in range(1, 16):
        assert z.canonical_form(g, (n,)) is star(z.grundy(s, n)), n


@pytest.mark.parametrize(("left", "right"), [("1,2", "2,3"), ("1", "2"), ("2,5", "1,3,4")])
def test_swapping_the_sets_negates(left: str, right: str) -> None:
    g, h = partizan_subtraction(f"{left}/{right}"), partizan_subtraction(f"{right}/{left}")
    for n in range(1, 15):
        assert z.canonical_form(h, (n,)) is -z.canonical_form(g, (n,))


heaps = st.lists(st.integers(1, 9), min_size=1, max_size=3).map(lambda hs: tuple(sorted(hs)))


@pytest.mark.parametrize(
    "game",
    [partizan_subtraction("1,2/2,3"), partizan_subtraction("1,4/2"), partizan_take_and_break("0.07/0.7")],
    ids=["1,2/2,3", "1,4/2", "0.07/0.7"],
)
@settings(max_examples=10, deadline=None)
@given(position=heaps)
def test_fast_value_matches_plain_play(game: object, position: tuple[int, ...]) -> None:
    check_position(game, position)  # type: ignore[arg-type]


def test_errors() -> None:
    with pytest.raises(InvalidGame, match="separated by '/'"):
        partizan_subtraction("1,2")
    with pytest.raises(InvalidGame, match="a number to take"):
        partizan_subtraction("0/1")


def test_cgsuite_names() -> None:
    assert evaluate("game.heap.PartizanSubtraction([1],[2])(5).CanonicalForm") == "{1|0}"
    assert evaluate("game.heap.PartizanSubtraction([1,2],[2,3])(7)") == "game.heap.PartizanSubtraction([1,2],[2,3])(7)"


def test_splittles_names() -> None:
    """CGSuite's Splittles([1,2]) is Kayles (0.77); PartizanSplittles is the codes' partizan game."""
    assert evaluate("game.heap.Splittles([1,2]).NimValueSequence(10)") == "[1,2,3,1,4,3,2,1,4,2]"
    assert evaluate("game.heap.PartizanSplittles([1,2],[2])(6).CanonicalForm") == evaluate(
        'game.heap.PartizanTakeAndBreak("0.77","0.07")(6).CanonicalForm'
    )
