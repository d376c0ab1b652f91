"""Loopy values one strongly connected component at a time (zermelo.values.loopy_parts): the
same values as the whole graph's simplification, on random graphs and on the loopy rulesets, and
a budget on the largest part simplified."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from test_values_loopy import graphs
from zermelo.analyses.loopy_form import game_graph, loopy_value
from zermelo.cgsuite import loopy_text  # noqa: F401  (it teaches the printer loopy values)
from zermelo.cgsuite.printer import cgsuite_text
from zermelo.core.errors import SearchLimitExceeded, Unsupported
from zermelo.core.limits import Limits
from zermelo.games.backsliding import BackslidingToads
from zermelo.games.foxandgeese import FoxAndGeese, Position
from zermelo.values import loopy_parts
from zermelo.values.loopy import Graph
from zermelo.values.loopy_parts import value_by_components
from zermelo.values.stopper import Sided, equal, value_of_graph

FEW = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _same_value(g: Graph, root: int = 0) -> None:
    """The value by components is the whole graph's: equal, and a stopper printed alike (a
    canonical stopper is unique)."""
    try:
        whole = value_of_graph(g, root)
    except Unsupported:
        assume(False)
    parts = value_by_components(g, root)
    assert equal(parts, whole)
    assert isinstance(parts, Sided) == isinstance(whole, Sided)
    if not isinstance(whole, Sided):
        assert cgsuite_text(parts) == cgsuite_text(whole)


@FEW
@given(graphs(6))
def test_random_graphs_have_the_whole_graphs_value(g: Graph) -> None:
    _same_value(g)


@st.composite
def chains(draw: Any) -> Graph:
    """Random small graphs strung together: each may move to the ones before it, so the graph
    has several components, some of them loopy, with exits shared."""
    parts: list[Graph] = [draw(graphs(3)) for _ in range(draw(st.integers(2, 4)))]
    left: list[tuple[int, ...]] = []
    right: list[tuple[int, ...]] = []
    for part in parts:
        base = len(left)
        earlier = list(range(base))
        for v in range(len(part)):
            extra = draw(st.lists(st.sampled_from(earlier), max_size=2, unique=True)) if earlier else []
            side = draw(st.booleans())
            left.append(tuple(base + w for w in part.left[v]) + (tuple(extra) if side else ()))
            right.append(tuple(base + w for w in part.right[v]) + (() if side else tuple(extra)))
    return Graph(tuple(left), tuple(right))


@FEW
@given(chains())
def test_chains_of_components_have_the_whole_graphs_value(g: Graph) -> None:
    _same_value(g, len(g) - 1)


@settings(max_examples=20, deadline=None)
@given(st.text(alphabet="TF.", min_size=1, max_size=5))
def test_backsliding_toads_and_frogs(row: str) -> None:
    rules = BackslidingToads()
    _same_value(game_graph(rules, rules.parse(row))[0])


DARK = [(r, c) for r in range(1, 5) for c in range(1, 5) if (r + c) % 2 == 0]


@st.composite
def fox_and_geese(draw: Any) -> Position:
    fox = draw(st.sampled_from(DARK))
    geese = draw(st.sets(st.sampled_from([s for s in DARK if s != fox]), min_size=1, max_size=3))
    return 4, frozenset(geese), fox


@settings(max_examples=20, deadline=None)
@given(fox_and_geese(), st.sampled_from([1, 2]))
def test_fox_and_geese_and_ceylonese(p: Position, fox_range: int) -> None:
    _same_value(game_graph(FoxAndGeese(fox_range), p)[0])


def test_the_parts_simplified_are_small(monkeypatch: pytest.MonkeyPatch) -> None:
    """Three geese on the 8-wide board: 1,421 positions, the largest graph simplified 36 (the
    fox's steps among the geese standing still, and the values they lead to) — counted, not timed."""
    sizes: list[int] = []
    table = loopy_parts.le_table

    def counted(g: Graph, side: int = 0) -> Any:
        sizes.append(len(g))
        return table(g, side)

    monkeypatch.setattr(loopy_parts, "le_table", counted)
    rules = FoxAndGeese()
    graph, _ = game_graph(rules, rules.parse("x.x.x.x.|........|o......."))
    assert cgsuite_text(value_by_components(graph, 0)) == "{6|2over}"
    assert len(graph) == 1421 and max(sizes) <= 40 and len(sizes) < 200


def test_a_part_over_the_budget_stops_with_the_budget_error() -> None:
    # Parts that are not stoppers are kept as they are and sidled at the root: the budget caps
    # the graph they make as it grows (Backsliding Toads and Frogs' tt..ff has 90 positions).
    toads = BackslidingToads()
    with pytest.raises(SearchLimitExceeded, match=r"pairs of positions to compare \(\d+ positions in one part\)"):
        loopy_value(toads, toads.parse("tt..ff"), limits=Limits(max_positions=2_000))
    rules = FoxAndGeese()
    p = rules.parse("x.x.x.x.|........|o.......")
    with pytest.raises(SearchLimitExceeded, match=r"pairs of positions to compare \(\d+ positions in one part\)"):
        loopy_value(rules, p, limits=Limits(max_positions=2_000))
    assert cgsuite_text(loopy_value(rules, p, limits=Limits(max_positions=4_000))) == "{6|2over}"
