"""Blue-Red-Green Hackenbush: literature values, trees, graphs, text form, fast value vs plain play."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import zermelo as z
from partisan_check import check_position
from zermelo.core.errors import InvalidPosition
from zermelo.games import Hackenbush

H = Hackenbush()


def value(text: str) -> str:
    return str(z.canonical_form(H, H.parse(text)))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("B", "1"),
        ("R", "-1"),
        ("BR", "1/2"),
        ("BRR", "1/4"),
        ("BRRR", "1/8"),
        ("BRB", "3/4"),
        ("BBR", "3/2"),
        ("RBB", "-1/4"),
        ("B R", "0"),
        ("BR BR R", "0"),
        ("G", "*"),
        ("GGG", "*3"),
        ("G GG", "*3"),
        ("BG", "1*"),
        ("GB", "^*"),  # {0,*|0}
        ("B(R,R)", "1/4"),
        ("B(B,R)", "1"),  # {0,1/2|2}
        ("G(G,G)", "*"),  # green tree: colon principle, G on *2 ... = *(1 + (1 xor 1))
        ("[g-a:B, a-g:R]", "0"),  # a blue and a red edge from the ground to one vertex: {-1|1}
        ("[g-a:G, a-g:G]", "0"),  # {*|*}
        ("[g-a:B, a-g:B, a-b:R]", "1"),  # {1/2 | 2}
        ("[g-a:B, a-a:R]", "1/2"),  # a red loop on a blue edge is like BR
        ("0", "0"),
    ],
)
def test_golden(text: str, expected: str) -> None:
    assert value(text) == expected


def test_text_form() -> None:
    assert H.format(H.parse("brr")) == "BRR"
    assert H.format(H.parse("B(GG,R) R")) == "B(GG,R) R"
    assert H.format(H.parse("[g-x:B, x-y:R, y-g:B]")) == "[g-1:B,g-2:B,1-2:R]"
    # A graph that is a tree becomes the tree's canonical form.
    assert H.parse("[g-a:B, a-b:R, a-c:G]") == H.parse("B(G,R)")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("BX", "unexpected 'X'"),
        ("B(R", "expected ',' or ')'"),
        ("[g-a:B", "unclosed '['"),
        ("[g-a:Q]", "bad edge"),
        ("[]", "at least one edge"),
        ("B" * 2001, "at most 2,000 edges"),
    ],
)
def test_errors(text: str, message: str) -> None:
    with pytest.raises(InvalidPosition) as exc:
        H.parse(text)
    assert message in str(exc.value)


def test_long_stalk_is_not_recursive() -> None:
    assert value("B" + "R" * 60) == "1/" + str(2**60)


trees = st.recursive(
    st.sampled_from("BRG"),
    lambda inner: st.tuples(st.sampled_from("BRG"), st.lists(inner, min_size=1, max_size=2)).map(
        lambda t: t[0] + "(" + ",".join(t[1]) + ")"
    ),
    max_leaves=5,
)


@settings(max_examples=40, deadline=None)
@given(st.lists(trees, min_size=1, max_size=2))
def test_trees_fast_value_matches_plain_play(words: list[str]) -> None:
    check_position(H, H.parse(" ".join(words)))


@settings(max_examples=30, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 3), st.integers(0, 3), st.sampled_from("BRG")), min_size=1, max_size=6))
def test_graphs_fast_value_matches_plain_play(edges: list[tuple[int, int, str]]) -> None:
    text = "[" + ", ".join(f"{'g' if a == 0 else a}-{'g' if b == 0 else b}:{c}" for a, b, c in edges) + "]"
    check_position(H, H.parse(text))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("B" * 2000, "2000"),
        ("G" * 2000, "*2000"),
        ("B" + "R" * 1999, "1/" + str(2**1999)),
        ("B(" * 999 + "B" + ")" * 999, "1000"),
        ("[g-v1:B, " + ", ".join(f"v{i}-v{i + 1}:B" for i in range(1, 600)) + "]", "600"),
    ],
)
def test_positions_up_to_the_edge_limit_have_values(text: str, expected: str) -> None:
    # 500 edges in a stalk ended in a RecursionError (comparing and printing nested tuples).
    assert value(text) == expected
    H.validate(H.parse(text))


def test_a_tall_tree_from_python_is_validated_and_quoted_briefly() -> None:
    tall = H.parse("B" * 1500)
    with pytest.raises(InvalidPosition) as exc:
        H.validate((("Q", tall[0][1]),))
    assert len(str(exc.value)) < 200
