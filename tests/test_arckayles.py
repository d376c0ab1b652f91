"""Arc Kayles and Partizan Arc Kayles: against Dawson's Kayles on paths, against plain search on
random graphs, graph notation round trips, colour swap = negation."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import zermelo as z
from partisan_check import check_position
from zermelo.core.errors import InvalidPosition
from zermelo.games._graphs import format_graph, graph_key, make_graph, parse_graph
from zermelo.games.arckayles import ArcKayles, PartizanArcKayles
from zermelo.heaps.games import DawsonKayles
from zermelo.rules import Impartial

A, P = ArcKayles(), PartizanArcKayles()


class PlainArcKayles(Impartial[object]):
    """The options alone: no components, no isomorphism key."""

    name = "plainarckayles"

    def options(self, position: object) -> list[object]:
        return list(A.options(position))  # type: ignore[arg-type]


def test_paths_are_dawsons_kayles() -> None:
    d = DawsonKayles()
    assert [z.grundy(A, A.parse(f"path:{n}")) for n in range(1, 16)] == [z.grundy(d, n) for n in range(1, 16)]


@pytest.mark.parametrize(
    ("graph", "value"), [("star:5", 1), ("cycle:6", 0), ("complete:3", 1), ("complete:4", 0), ("complete:5", 0)]
)
def test_small_graphs(graph: str, value: int) -> None:
    # By hand: any move on a star empties it (*1); C6 leaves a path of 4 vertices (value 2), so
    # mex {2} = 0; K3 leaves a lone vertex (0): 1; K4 leaves K2 (1): 0; K5 leaves K3 (1): 0.
    g = A.parse(graph)
    assert z.grundy(A, g) == value == z.grundy(PlainArcKayles(), g)


def graphs(labels: str) -> st.SearchStrategy[tuple[int, tuple[tuple[int, int, str], ...], tuple[str, ...]]]:
    return st.integers(1, 7).flatmap(
        lambda n: st.lists(
            st.tuples(st.integers(0, n - 1), st.integers(0, n - 1), st.sampled_from(labels or [""])), max_size=9
        ).map(lambda es: make_graph(n, [(i, j, lab) for i, j, lab in es if i != j], [""] * n))
    )


@settings(max_examples=30, deadline=None)
@given(graphs(""))
def test_arc_kayles_matches_plain_search(g: tuple[int, tuple[tuple[int, int, str], ...], tuple[str, ...]]) -> None:
    p = A.parse(format_graph(g))
    assert z.grundy(A, p) == z.grundy(PlainArcKayles(), p)
    assert graph_key(parse_graph(format_graph(g))) == graph_key(g)


@settings(max_examples=20, deadline=None)
@given(graphs("lre"))
def test_partizan_matches_plain_play(g: tuple[int, tuple[tuple[int, int, str], ...], tuple[str, ...]]) -> None:
    if not g[1]:
        return
    p = P.parse(format_graph(g))
    v = check_position(P, p)
    swapped = format_graph(g).translate(str.maketrans("lr", "rl"))
    assert z.canonical_form(P, P.parse(swapped)) is -v


def test_partizan_golden() -> None:
    assert [str(z.canonical_form(P, P.parse(t))) for t in ("l", "r", "e", "lr", "ll")] == ["1", "-1", "*", "*", "1"]


def test_errors() -> None:
    with pytest.raises(InvalidPosition, match="column 2"):
        A.parse("-x-")
    with pytest.raises(InvalidPosition, match="every edge needs a colour"):
        P.parse("l-r")
    with pytest.raises(InvalidPosition, match="needs its"):
        A.parse("-(-;-")
