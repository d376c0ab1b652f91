"""Col and Snort on graphs: CGSuite's tags, agreement with the grid games, plain play, L/R swap."""

from __future__ import annotations

import pytest
from hypothesis import given, settings

import zermelo as z
from partisan_check import check_position, tagged_graphs
from zermelo.games import Col, Snort
from zermelo.games._graphs import format_graph
from zermelo.games.graphcol import GraphCol, GraphSnort

C, S = GraphCol(), GraphSnort()


@pytest.mark.parametrize(("rows", "cols"), [(1, 3), (2, 2), (2, 3), (3, 3)])
def test_grid_graphs_agree_with_the_grid_games(rows: int, cols: int) -> None:
    board = "|".join("." * cols for _ in range(rows))
    graph = f"grid:{rows}x{cols}"
    assert z.canonical_form(C, C.parse(graph)) is z.canonical_form(Col(), Col().parse(board))
    assert z.canonical_form(S, S.parse(graph)) is z.canonical_form(Snort(), Snort().parse(board))


def test_golden() -> None:
    # Winning Ways: Snort on a path of two is ±1, of three ±2; Col on any path of two or three is 0.
    assert [str(z.canonical_form(S, S.parse(t))) for t in (".-.", ".-.-.")] == ["±1", "±2"]
    assert [str(z.canonical_form(C, C.parse(t))) for t in (".", ".-.", ".-.-.")] == ["*", "0", "0"]
    # A vertex touching Left's colour: in Col only Right may colour it, in Snort only Left.
    assert [str(z.canonical_form(g, g.parse("L"))) for g in (C, S)] == ["-1", "1"]


tagged = tagged_graphs()


@settings(max_examples=25, deadline=None)
@given(tagged)
def test_fast_value_matches_plain_play(g: tuple[int, tuple[tuple[int, int, str], ...], tuple[str, ...]]) -> None:
    for rules in (C, S):
        p = rules.parse(format_graph(g))
        v = check_position(rules, p)
        swapped = format_graph(g).translate(str.maketrans("LR", "RL"))
        assert z.canonical_form(rules, rules.parse(swapped)) is -v
