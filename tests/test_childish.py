"""Childish Hackenbush: values worked by hand, a blue or red cut drops no other edge, colour swap
is negation, the value against plain play (on trees, where the colon principle is switched off)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import zermelo as z
from partisan_check import check_position
from zermelo.cgsuite import evaluate
from zermelo.games.childish import ChildishHackenbush, edge_count

C = ChildishHackenbush()


@pytest.mark.parametrize(
    ("text", "expected"),
    [("BBB", "3"), ("BR", "0"), ("RB", "0"), ("BRB", "1"), ("B(B,R)", "1"), ("GB", "^*"), ("GG", "*2")],
)
def test_golden(text: str, expected: str) -> None:
    assert str(z.canonical_form(C, C.parse(text))) == expected


def test_a_coloured_cut_drops_nothing_else() -> None:
    p = C.parse("B(BR,R) GB [g-a:B,a-b:R,b-g:B]")
    n = edge_count(p)
    blue_or_red = [o for o in [*C.left_options(p), *C.right_options(p)] if edge_count(o) < n - 1]
    # only a green cut may drop more: the ground edge of GB
    assert all(C.format(o).count("G") == C.format(p).count("G") - 1 for o in blue_or_red)


def test_colour_swap_is_negation() -> None:
    for text in ("B(B,R)R", "BRB GB", "[g-a:B,a-b:R,b-g:B]"):
        swapped = text.translate(str.maketrans("BR", "RB"))
        assert z.canonical_form(C, C.parse(swapped)) is -z.canonical_form(C, C.parse(text))


trees = st.recursive(
    st.sampled_from("BRG"),
    lambda inner: st.tuples(st.sampled_from("BRG"), st.lists(inner, min_size=1, max_size=2)).map(
        lambda t: t[0] + ("(" + ",".join(t[1]) + ")" if len(t[1]) > 1 else t[1][0])
    ),
    max_leaves=4,
)


@settings(max_examples=15, deadline=None)
@given(st.lists(trees, min_size=1, max_size=2))
def test_value_matches_plain_play(words: list[str]) -> None:
    check_position(C, C.parse(" ".join(words)))


def test_cgsuite_name() -> None:
    assert evaluate('game.graph.ChildishHackenbush("lrl").CanonicalForm') == "1"
