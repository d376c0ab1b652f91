"""Fox and Geese: rules, notation, the "fox is past" convention, and values against the engine's
search of the game graph with draws."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from zermelo.analyses.draws import loopy_outcome
from zermelo.analyses.loopy_form import game_graph, loopy_value
from zermelo.cgsuite import CGSuiteError, evaluate
from zermelo.cli import main
from zermelo.core.errors import InvalidPosition, SearchLimitExceeded
from zermelo.core.limits import Limits
from zermelo.games.foxandgeese import FoxAndGeese, Position
from zermelo.values.loopy import Graph
from zermelo.values.stopper import Stopper, outcome_class

G = FoxAndGeese()


class Bounded(FoxAndGeese):
    """The plain game on a board ``height`` rows high: no "fox is past" rule, the fox runs only
    inside the board (the reference the convention is checked against)."""

    def __init__(self, height: int) -> None:
        self.height = height

    def fox_is_past(self, position: Position) -> bool:
        return False

    def right_options(self, position: Position) -> Iterator[Position]:
        return (p for p in super().right_options(position) if p[2][0] <= self.height)


def test_text_is_cgsuites_grid_with_rows_from_the_bottom() -> None:
    p = G.parse(".x.x.x.x|........|........|o.......")
    assert p == (8, frozenset({(4, 2), (4, 4), (4, 6), (4, 8)}), (1, 1))  # CGSuite's (row, column)
    assert G.format(p) == ".x.x.x.x|........|........|o......."


def test_the_fox_moves_every_diagonal_and_the_geese_only_down() -> None:
    p = G.parse(".x..|..o.|....|....")
    assert sorted(q[2] for q in Bounded(5).right_options(p)) == [(2, 2), (2, 4), (4, 4)]  # (4, 2) is a goose's
    assert sorted(q[1] for q in Bounded(5).left_options(p)) == [frozenset({(3, 1)})]  # (3, 3) is the fox's
    assert list(G.left_options(p)) == []  # the fox is past: the geese have no move
    assert list(G.right_options(p)) == [p]  # ... and the fox runs for ever: {|pass} = off
    assert loopy_value(G, p) == evaluate_off()
    trapped = G.parse("x.x.|.o..|x.x.")
    assert list(G.right_options(trapped)) == []  # the fox is trapped: moving first, he loses
    assert loopy_outcome(G, trapped) == outcome_class(loopy_value(G, trapped)) == "P"


def evaluate_off() -> object:
    return Stopper.of(Graph(((),), ((0,),)), 0)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("x.x.|....|o...", "{2|0}"),
        ("x.x.|....|..o.", "{over|0}"),
    ],
)
def test_small_values(text: str, value: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["value", "foxandgeese", text]) == 0
    assert f"  value        {value}\n" in capsys.readouterr().out


def test_cgsuites_value_of_the_fox_in_the_corner(capsys: pytest.CaptureFixture[str]) -> None:
    """CGSuite's own table (GameGridTest: FoxAndGeese.ValuesTable with the geese on row 3 of the
    8-wide board): the fox in the corner is {6|2over}.  1,421 positions, every pair compared at
    once by the compiled comparison (about 40 CPU s when it ran pair by pair in Python)."""
    assert main(["value", "foxandgeese", "x.x.x.x.|........|o......."]) == 0
    assert "  value        {6|2over}\n" in capsys.readouterr().out


def test_cgsuite_name() -> None:
    assert evaluate('game.grid.FoxAndGeese("x.x.|....|o...").GameValue') == "{2|0}"


def test_cgsuites_own_arguments() -> None:
    # CGSuite's constructor: the geese, then the fox, as (row, column) from the bottom left
    # (its worksheet tests, commit e909ab8b: the same position valued {6|2over}; bad squares refused).
    assert evaluate("game.grid.FoxAndGeese({(3,1),(3,3),(3,5),(3,7)}, (1,1)).GameValue") == "{6|2over}"
    assert evaluate("game.grid.FoxAndGeese({(3,1),(3,3),(3,5),(3,7)}, (1,1))") == (
        'game.grid.FoxAndGeese("x.x.x.x.|........|o.......")'
    )
    for text, words in [
        ("{(3,1),(3,3),(3,5),(3,7)}, (1,6)", "`fox` must be a valid `Coordinates`"),
        ("{(3,1),(3,3),(2,5),(3,7)}, (1,1)", "Every element of `geese` must be a valid `Coordinates`"),
        ("{(3,1),(1,1)}, (1,1)", "the fox stands on a goose's square"),
    ]:
        with pytest.raises(CGSuiteError, match=re.escape(words)):
            evaluate(f"game.grid.FoxAndGeese({text})")
    with pytest.raises(CGSuiteError, match=r"That is not a short game\. If that is intentional, try `GameValue`"):
        evaluate('game.grid.FoxAndGeese("x.x.|....|o...").CanonicalForm')


def test_a_part_too_large_for_the_budget_stops_with_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    """The graph is valued one strongly connected component at a time (zermelo.values.loopy_parts):
    the budget caps the pairs of positions of the largest graph simplified (here 36 positions) and,
    on the command line, the steps of value arithmetic too (whichever it meets first)."""
    p = G.parse("x.x.x.x.|........|o.......")
    with pytest.raises(SearchLimitExceeded, match=r"more than 2,000 pairs of positions to compare \(\d+ positions"):
        loopy_value(G, p, limits=Limits(max_positions=2000))
    assert main(["value", "foxandgeese", "x.x.x.x.|........|o.......", "--budget", "2000"]) == 2
    assert "search budget exceeded: more than 2,000 " in _error_line(capsys)


@pytest.mark.parametrize(
    ("expr", "value"),
    [
        ("game.grid.FoxAndGeese({(4,2),(4,4),(4,6),(4,8)}, (1,1))", "{4*|7/2}"),
        ("game.grid.CeyloneseFoxAndGeese({(4,2),(4,4),(4,6),(4,8)}, (1,1))", "{9||4v[on]*|5/2*|||3|5/2*,5/2v||5/2}"),
        ("game.grid.GenFoxAndGeese(boardWidth => 10)({(3,1),(3,3),(3,5),(3,7),(3,9)}, (1,9))", "{6over|5*}"),
    ],
)
def test_cgsuites_worksheet_with_four_and_five_geese(expr: str, value: str) -> None:
    """CGSuite's own test worksheet: 10,597, 12,721 and 8,492 positions, valued component by
    component (the whole graph's pairs were over the budget).  About a CPU second each, so in
    tests/slow_tests.txt; the CPU times are in docs/benchmarks.md ("Fox and Geese")."""
    assert evaluate(f"{expr}.GameValue") == value


def _error_line(capsys: pytest.CaptureFixture[str]) -> str:
    """The one error line on stderr (after progress lines, if the walk of the graph took a while)."""
    *progress, last = capsys.readouterr().err.splitlines()
    assert all(line.startswith("zermelo: value arithmetic: ") for line in progress)
    assert last.startswith("zermelo: error: ")
    return last


DARK = [(r, c) for r in range(1, 4) for c in range(1, 5) if (r + c) % 2 == 0]


@st.composite
def positions(draw: st.DrawFn) -> Position:
    fox = draw(st.sampled_from(DARK))
    geese = draw(st.sets(st.sampled_from([s for s in DARK if s != fox]), min_size=1, max_size=3))
    return 4, frozenset(geese), fox


@settings(max_examples=15, deadline=None)
@given(positions())
def test_every_value_has_the_searched_outcome_with_draws(p: Position) -> None:
    assert outcome_class(loopy_value(G, p)) == loopy_outcome(G, p)


@settings(max_examples=15, deadline=None)
@given(positions())
def test_the_fox_is_past_rule_keeps_who_wins(p: Position) -> None:
    top = max([p[2][0], *(r for r, _ in p[1])])
    assert loopy_outcome(G, p) == loopy_outcome(Bounded(top + 2), p)


def test_positions_repeat() -> None:
    p = G.parse("x.x.|....|o...")
    graph, order = game_graph(G, p)
    assert len(graph) == len(order) == 32
    fox_up = next(iter(G.right_options(p)))
    assert p in G.right_options(fox_up)  # the fox steps up and back: the same position again


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("x.x.|....|.o..", "light square"),
        ("x.x.|....|....", "one fox"),
        ("x.x.|....|o.o.", "one fox"),
        ("x.y.|....|o...", "unexpected 'y' at row 1, column 3"),
        ("x|.|o", "2 to 16 squares wide"),
    ],
)
def test_bad_boards_are_refused(text: str, message: str) -> None:
    with pytest.raises(InvalidPosition, match=message):
        G.parse(text)


# Ceylonese Fox and Geese (CGSuite's CeyloneseFoxAndGeese = GenFoxAndGeese(foxRange => 2)).
C = FoxAndGeese(2)


class BoundedCeylonese(Bounded):
    fox_range = 2


def test_the_ceylonese_fox_moves_two_squares_but_not_over_a_goose() -> None:
    p = C.parse("....|....|.x..|o...")  # fox (1,1), a goose on (2,2)
    assert sorted(q[2] for q in BoundedCeylonese(6).right_options(p)) == []  # its only diagonal is blocked
    p = C.parse(".x..|....|....|o...")
    assert sorted(q[2] for q in BoundedCeylonese(6).right_options(p)) == [(2, 2), (3, 3)]
    assert C.spec() == "foxandgeese:2" and FoxAndGeese(1, 10).spec() == "foxandgeese:1,10"


@settings(max_examples=15, deadline=None)
@given(positions())
def test_ceylonese_values_have_the_searched_outcome_with_draws(p: Position) -> None:
    assert outcome_class(loopy_value(C, p)) == loopy_outcome(C, p)


@settings(max_examples=10, deadline=None)
@given(positions())
def test_the_fox_is_past_rule_keeps_who_wins_in_ceylonese(p: Position) -> None:
    top = max([p[2][0], *(r for r, _ in p[1])])
    assert loopy_outcome(C, p) == loopy_outcome(BoundedCeylonese(top + 3), p)


def test_ceylonese_by_name(capsys: pytest.CaptureFixture[str]) -> None:
    # The fox's second square matters: with range 1 Left (the geese) wins {2|0} moving first...
    assert evaluate('game.grid.FoxAndGeese("x.x.|....|o...").GameValue') == "{2|0}"
    value = evaluate('game.grid.CeyloneseFoxAndGeese("x.x.x.|......|o.....").GameValue')
    assert value == evaluate('game.grid.GenFoxAndGeese(foxRange => 2)("x.x.x.|......|o.....").GameValue')
    assert main(["value", "ceylonese", "x.x.x.|......|o....."]) == 0
    assert f"  value        {value}\n" in capsys.readouterr().out
    # CGSuite's coordinates on a board of another width (its boardWidth)
    assert evaluate("game.grid.GenFoxAndGeese(boardWidth => 4)({(3,1),(3,3)}, (1,1))") == (
        'game.grid.GenFoxAndGeese(boardWidth => 4)("x.x.|....|o...")'
    )
    with pytest.raises(CGSuiteError, match=re.escape("`fox` must be a valid `Coordinates`")):
        evaluate("game.grid.GenFoxAndGeese(boardWidth => 4)({(3,1),(3,3)}, (1,5))")
    with pytest.raises(CGSuiteError, match="the board is 4 squares wide; got 6"):
        evaluate('game.grid.GenFoxAndGeese(boardWidth => 4)("x.x.x.|......|o.....")')
    with pytest.raises(CGSuiteError, match=re.escape("`foxRange` must be >= 1")):  # CGSuite's own check
        evaluate("game.grid.GenFoxAndGeese(foxRange => 0)")
    assert main(["value", "ceylonese", "x.x.x.|......|.o...."]) == 2
    assert "light square" in capsys.readouterr().err
    assert main(["value", "foxandgeese:0", "x.x.|....|o..."]) == 2


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("game.grid.FoxAndGeese({(3,1),(3,3),(3,5),(3,7)}, (1,6))", "`fox` must be a valid `Coordinates`"),
        ("game.grid.FoxAndGeese({(3,1),(3,3),(2,5),(3,7)}, (1,1))", "Every element of `geese` must be a valid"),
        ("game.grid.GenFoxAndGeese(foxRange => 0)", "`foxRange` must be >= 1"),
    ],
)
def test_cgsuite_checks_are_worded_as_cgsuite_words_them(text: str, message: str) -> None:
    """The checks CGSuite makes itself keep its words, without the ruleset's name in front (the
    line CGSuite prints)."""
    with pytest.raises(CGSuiteError) as err:
        evaluate(text)
    assert str(err.value).startswith(message)
