"""Backsliding Toads and Frogs: rules, and every value against the engine's search with draws."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from loopy_reference import counted_side_comparisons
from zermelo.analyses.draws import loopy_outcome
from zermelo.analyses.loopy_form import game_graph, loopy_value
from zermelo.cli import main
from zermelo.core.errors import InvalidPosition
from zermelo.games.backsliding import BackslidingToads
from zermelo.values.stopper import outcome_class

G = BackslidingToads()


def test_moves_step_jump_and_slide_back() -> None:
    assert sorted(G.left_options(".T.F")) == ["..TF", "T..F"]
    assert sorted(G.left_options("TF.")) == [".FT"]  # the jump; no slide back off the row
    assert sorted(G.right_options("T.F")) == ["TF."]
    assert sorted(G.right_options(".F.")) == ["..F", "F.."]  # forward, and back


def test_positions_repeat() -> None:
    graph, positions = game_graph(G, "T.F")
    assert set(positions) >= {"T.F", ".TF", "TF."} and len(graph) == len(positions)
    assert "T.F" in G.left_options(".TF")  # a toad steps forward and back: the same position again


@pytest.mark.parametrize(("row", "value"), [("T.F", "0"), ("T..F", "*"), ("TT.F", "on"), ("T.FF", "off"), ("F.T", "*")])
def test_small_values(row: str, value: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["value", "backsliding", row]) == 0
    assert f"  value        {value}\n" in capsys.readouterr().out


def test_cgsuites_strip_ttt_fff(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """CGSuite's own test (GameStripTest: BackslidingToadsAndFrogs("ttt..fff").GameValue), 560
    positions.  Its sides are found with few comparisons of sides (one table of every pair first,
    zermelo.values.sidling; by components, zermelo.values.loopy_parts, its parts kept as they are
    and sidled once at the root): counted, not timed — 693 comparisons before the table, 31 now."""
    calls = counted_side_comparisons(monkeypatch)
    assert main(["value", "backsliding", "ttt..fff"]) == 0
    assert "  value        {on||0|-1/2} & {1/2|0||off}\n" in capsys.readouterr().out
    assert len(calls) <= 40


@settings(max_examples=12, deadline=None)
@given(st.text(alphabet="TF.", min_size=1, max_size=4))
def test_every_value_has_the_searched_outcome_with_draws(row: str) -> None:
    assert outcome_class(loopy_value(G, row)) == loopy_outcome(G, row)


def test_bad_rows_are_refused() -> None:
    for bad in ("", "TXF", "T" * 17):
        with pytest.raises(InvalidPosition):
            G.parse(bad)


def test_cgsuite_name_gives_the_loopy_value() -> None:
    from zermelo.cgsuite import evaluate

    assert evaluate('game.strip.BackslidingToadsAndFrogs("tt.f").GameValue') == "on"
    assert evaluate('game.strip.BackslidingToadsAndFrogs("t..f").GameValue') == "*"
