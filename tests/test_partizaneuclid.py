"""Partizan Euclid: values worked by hand, one option each, the fast value against plain play.

Rules from McKay and Nowakowski, *Outcomes of Partizan Euclid*, INTEGERS 12B (2012/13) #A9."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import zermelo as z
from partisan_check import check_position
from zermelo.cgsuite import evaluate
from zermelo.core.errors import InvalidPosition
from zermelo.games.partizaneuclid import PartizanEuclid

G = PartizanEuclid()


@pytest.mark.parametrize(
    ("pairs", "expected"),
    [("2 1", "0"), ("6 3", "0"), ("3 2", "*"), ("5 3", "v"), ("7 3", "^"), ("7 3 + 5 3", "0")],
)
def test_golden(pairs: str, expected: str) -> None:
    assert str(z.canonical_form(G, G.parse(pairs))) == expected


@settings(max_examples=30, deadline=None)
@given(st.integers(1, 200), st.integers(1, 200))
def test_each_player_has_one_move_until_q_divides_p(q: int, d: int) -> None:
    p = q + d
    n = 0 if p % q == 0 else 1
    assert len(list(G.left_options(((p, q),)))) == n == len(list(G.right_options(((p, q),))))


pairs = st.lists(
    st.tuples(st.integers(2, 60), st.integers(1, 59)).filter(lambda t: t[0] > t[1])
    | st.tuples(st.integers(0, 40), st.integers(0, 40)),  # CGSuite's any pair: (3, 5), (8, 0)
    min_size=1,
    max_size=3,
)


@settings(max_examples=10, deadline=None)
@given(position=pairs)
def test_fast_value_matches_plain_play(position: list[tuple[int, int]]) -> None:
    check_position(G, tuple(sorted(position)))


def test_errors() -> None:
    with pytest.raises(InvalidPosition, match="q must be a whole number"):
        G.parse("3 -5")
    with pytest.raises(InvalidPosition, match="give pairs"):
        G.parse("7 3 2")


def test_cgsuite_name() -> None:
    assert evaluate("game.heap.PartizanEuclid((7,3)).CanonicalForm") == "^"
    # CGSuite's worksheet row (GameHeapTest, commit e909ab8b): any pair, (8, 0) and (8, 9) too
    assert evaluate("[game.heap.PartizanEuclid((8,n)).CanonicalForm for n from 0 to 8]") == "[0,0,0,v,0,0,^,^5,0]"
    assert evaluate("game.heap.PartizanEuclid((3,5)).CanonicalForm") == evaluate(
        "{(5,3)|(5,2)}".replace("(5,3)", "game.heap.PartizanEuclid((5,3))").replace(
            "(5,2)", "game.heap.PartizanEuclid((5,2))"
        )
        + ".CanonicalForm"
    )
