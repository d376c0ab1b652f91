"""Loopy partisan values (zermelo.values.loopy, zermelo.values.stopper) against the theory and
against plain search of the game graphs, with draws, on the one engine (analysis.loopy_outcome)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import loopy_reference as reference
from loopy_reference import GraphGame
from zermelo.analyses.draws import loopy_outcome
from zermelo.core.errors import Unsupported
from zermelo.values.game import number
from zermelo.values.loopy import OFFSIDE, ONSIDE, STOPPER, Graph, is_loopfree, is_stopper, le, le_table
from zermelo.values.stopper import (
    Sided,
    Stopper,
    add,
    canonical,
    compare,
    equal,
    graph_of,
    negative,
    offside,
    onside,
    outcome_class,
    value_of_graph,
)

ON = Graph(((0,),), ((),))
OFF = ON.negative()
OVER = Graph(((1,), ()), ((0,), ()))  # {0 | pass}


def test_on_off_dud_by_survival() -> None:
    assert le(OFF, 0, ON, 0) and not le(ON, 0, OFF, 0)
    dud, r = ON.sum(OFF)
    assert not is_stopper(dud, r)
    # dud's onside is on and its offside off: equal in the side comparisons
    assert le(dud, r, ON, 0, ONSIDE) and le(ON, 0, dud, r, ONSIDE)
    assert le(dud, r, OFF, 0, OFFSIDE) and le(OFF, 0, dud, r, OFFSIDE)
    assert not le(dud, r, OFF, 0, ONSIDE)


def test_over_is_positive_and_below_every_positive_number() -> None:
    over = canonical(OVER, 0)
    assert isinstance(over, Stopper) and over.pseudonumber() == ("over", 0)
    assert compare(number(0), over) and not compare(over, number(0))
    for x in ("1", "1/64", "1/1024"):
        from fractions import Fraction

        assert compare(over, number(Fraction(x))) and not compare(number(Fraction(x)), over)


def test_loopfree_graphs_are_short_games() -> None:
    g = Graph(((1,), (), (1,)), ((2,), (), ()))  # {0 | {0|}} = {0|1} = 1/2
    assert is_loopfree(g, 0)
    value = canonical(g, 0)
    assert not isinstance(value, Stopper | Sided) and str(value) == "1/2"


# ---------------------------------------------------------------------- random small graphs
@st.composite
def graphs(draw: Any, most: int = 3) -> Graph:
    """A graph of up to ``most`` positions and a terminal one (0), any moves between them."""
    n = draw(st.integers(1, most))
    nodes = range(n + 1)
    opts = st.lists(st.sampled_from(nodes), max_size=2, unique=True).map(lambda xs: tuple(sorted(xs)))
    left = (*(draw(opts) for _ in range(n)), ())
    right = (*(draw(opts) for _ in range(n)), ())
    return Graph(left, right)


def _value(g: Graph) -> Any:
    try:
        return value_of_graph(g, 0)
    except Unsupported:
        assume(False)


FEW = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FEW
@given(graphs())
def test_the_canonical_stopper_equals_the_game(g: Graph) -> None:
    assume(is_stopper(g, 0))
    value = canonical(g, 0)
    h, r = graph_of(value)
    assert le(g, 0, h, r) and le(h, r, g, 0)
    again = canonical(h, r)
    assert equal(again, value)
    if isinstance(value, Stopper):  # simplest form: its positions are distinct values
        assert len(h.reachable(r)[0]) == len(value.graph.reachable(value.root)[0])


@FEW
@given(graphs())
def test_onside_is_at_least_offside_and_the_sides_are_the_games(g: Graph) -> None:
    value = _value(g)
    if not (isinstance(value, Sided) and value.carousel):  # sides that are not stoppers compare only in their side
        assert compare(offside(value), onside(value))
    for side, part in ((ONSIDE, onside(value)), (OFFSIDE, offside(value))):
        h, r = graph_of(part)
        assert le(g, 0, h, r, side) and le(h, r, g, 0, side)


@FEW
@given(graphs())
def test_a_stopper_minus_itself_has_a_degree_at_least_zero(g: Graph) -> None:
    """G − G ≥ 0 in the onside and ≤ 0 in the offside (the second player copies); = 0 loop-free."""
    assume(is_stopper(g, 0))
    value = canonical(g, 0)
    try:
        diff = add(value, negative(value))
    except Unsupported:
        assume(False)
    assert compare(number(0), onside(diff)) and compare(offside(diff), number(0))
    if is_loopfree(g, 0):
        assert equal(diff, number(0))


@FEW
@given(graphs())
def test_the_outcome_class_is_the_searched_outcome_with_draws(g: Graph) -> None:
    assert outcome_class(_value(g)) == loopy_outcome(GraphGame(g), 0)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(graphs(6))
def test_larger_graphs_have_the_searched_outcome_with_draws(g: Graph) -> None:
    """Graphs of up to six positions and a terminal one (the table of side comparisons at work)."""
    assert outcome_class(_value(g)) == loopy_outcome(GraphGame(g), 0)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(graphs(2), graphs(2))
def test_sums_have_the_outcome_of_their_graphs(g: Graph, h: Graph) -> None:
    """The value of a sum, added side by side (upsum and downsum), has the outcome class that
    a plain search of the sum's game graph finds, draws included."""
    a, b = _value(g), _value(h)
    try:
        total = add(a, b)
    except Unsupported:
        assume(False)
    sum_graph, root = g.sum(h)
    assert outcome_class(total) == loopy_outcome(GraphGame(sum_graph), root)


@pytest.mark.parametrize(
    ("graph", "expected"),
    [
        (ON, "L"),
        (OFF, "R"),
        (ON.sum(OFF)[0], "D"),
        (OVER, "L"),
        (OVER.sum(OVER.negative())[0], "D"),
        (Graph(((1,), ()), ((0,), ())).sum(ON)[0], "L"),
    ],
)
def test_outcome_classes_named_as_cgsuite_does(graph: Graph, expected: str) -> None:
    assert outcome_class(value_of_graph(graph, 0)) == expected == loopy_outcome(GraphGame(graph), 0)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(graphs(), graphs(), st.sampled_from([STOPPER, ONSIDE, OFFSIDE]), st.booleans())
def test_the_compiled_comparison_is_the_reference_one(g: Graph, h: Graph, side: int, compiled: bool) -> None:
    """zermelo.values.survival's kernel (from one pair, and every pair at once; compiled, or as
    plain Python as small games run before numba is loaded) against the comparison game written
    out one object per state (tests/loopy_reference.py)."""
    from zermelo.core._jit import interpreted
    from zermelo.values import survival

    kernel = survival.solve
    survival.solve = kernel if compiled else interpreted(kernel)
    survival.SMALL, small = -1, survival.SMALL  # the module's `solve` whatever the size
    try:
        _same_as_the_reference(g, h, side)
    finally:
        survival.solve, survival.SMALL = kernel, small


def _same_as_the_reference(g: Graph, h: Graph, side: int) -> None:
    for u in range(len(g)):
        for v in range(len(h)):
            assert le(g, u, h, v, side) == reference.le(g, u, h, v, side)
    table = le_table(g, side)
    assert table == [[reference.le(g, u, g, v, side) for v in range(len(g))] for u in range(len(g))]


# Bach's Carousel (Winning Ways ch. 11): a = {0, B | 0}, B = {1 | 1, C}, C = {*, D | *}, D = {1* | 1*, a};
# then 0, 1, *, 1* as positions 4 to 7.
BACH = Graph(((4, 1), (5,), (6, 3), (7,), (), (4,), (4,), (5,)), ((4,), (5, 2), (6,), (7, 0), (), (), (4,), (5,)))


def test_bachs_carousel_sides_are_not_stoppers_and_equal_its_sides() -> None:
    """Its sides are equal to no stopper that taking moves away reaches: each is the graph sidling
    leaves, not a stopper, equal to the game's side (both ways, compared in that side), with the
    searched outcome class (N: the first player wins, draws included)."""
    from zermelo.values.stopper import SideGraph, stop

    value = value_of_graph(BACH, 0)
    assert isinstance(value, Sided) and value.carousel
    for side, part in ((ONSIDE, value.onside), (OFFSIDE, value.offside)):
        assert isinstance(part, SideGraph) and part.side == side
        h, r = graph_of(part)
        assert not is_stopper(h, r)
        assert le(BACH, 0, h, r, side) and le(h, r, BACH, 0, side)
    assert outcome_class(value) == "N" == loopy_outcome(GraphGame(BACH), 0)
    assert stop(value.onside, True) == (0, 1, 0) and stop(value.offside, False) == (0, 0, 0)
    back = add(add(value, number(1)), number(-1))
    assert equal(back, value) and isinstance(negative(value), Sided)
