"""Weighted Arc Kayles: all weights 1 is Arc Kayles, the star formula and the fast value against
plain search on random weighted graphs, the notation round trip, and the moves as clicked."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import zermelo as z
from zermelo.games._graphs import format_graph, make_graph
from zermelo.games.arckayles import ArcKayles
from zermelo.games.weightedarckayles import WeightedArcKayles, star_moves
from zermelo.rules import Impartial

W = WeightedArcKayles()


class PlainWeighted(Impartial[object]):
    """The options alone: no components, no key, no formula."""

    name = "plainweighted"

    def options(self, position: object) -> list[object]:
        return list(W.options(position))  # type: ignore[arg-type]


weighted = st.integers(1, 6).flatmap(
    lambda n: st.tuples(
        st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=7),
        st.lists(st.sampled_from("01123"), min_size=n, max_size=n),
    ).map(lambda t: make_graph(n, [(i, j, "") for i, j in t[0] if i != j], t[1]))
)


@settings(max_examples=30, deadline=None)
@given(weighted)
def test_matches_plain_search(g: tuple[int, tuple[tuple[int, int, str], ...], tuple[str, ...]]) -> None:
    p = W.parse(format_graph(g))
    assert W.parse(W.format(p)) == p
    value = z.grundy(PlainWeighted(), p)
    assert z.grundy(W, p) == value
    formula = W.grundy_formula(p)
    assert formula is None or formula == value


def test_weight_one_is_arc_kayles() -> None:
    a = ArcKayles()
    for text in ("path:7", "cycle:6", "star:4", "grid:2x3", ":A---:A(-;-)"):
        assert z.grundy(W, W.parse(text)) == z.grundy(a, a.parse(text)), text


def test_stars_last_min_of_centre_and_leaves() -> None:
    # By hand: 3(-2;-2) lasts min(3, 4) = 3 moves whatever is chosen: *1; 5-4 lasts 4: 0.
    assert [star_moves(W.parse(t)) for t in ("3(-2;-2)", "5-4", "1-2-1")] == [3, 4, 2]
    assert [z.grundy(PlainWeighted(), W.parse(t)) for t in ("3(-2;-2)", "5-4", "1-2-1")] == [1, 0, 0]


def test_moves_are_edges_and_zero_weights_stay_as_cgsuite_keeps_them() -> None:
    p = W.parse("2-1-0")  # the vertex of weight 0 stays (CGSuite's position), but no move uses its edge
    assert W.format(p) == "2-1-0"
    assert [W.format(q) for q in W.options(p)] == ["1-0-0"]
    assert W.key(p) == W.key(W.parse("2-1"))  # the key drops it
    assert [m.label for m in W.moves(W.parse("2-1-2"))] == ["v1-v2", "v2-v3"]
    assert W.board_clicks(W.parse("2-1-2"), W.parse("1-0-2")) == [["e:1"]]
    assert z.grundy(W, W.parse("1-1;0-0;3")) == 1
