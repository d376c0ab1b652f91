"""Fjords: values worked by hand, the fast value against plain play on random tagged graphs, the
L/R swap as negation, and the one-player territory claim."""

from __future__ import annotations

from hypothesis import given, settings

import zermelo as z
from partisan_check import check_position, tagged_graphs
from zermelo.games._graphs import format_graph
from zermelo.games.fjords import Fjords, territory
from zermelo.values.game import integer

F = Fjords()


def test_golden() -> None:
    # By hand (see the module): L is 1, L-. is 2, L-R is *, L-.-R is {*|*} = 0, no tag is 0; a
    # free vertex touching both colours is deleted by either player's move next to it.
    values = [str(z.canonical_form(F, F.parse(t))) for t in ("L", "R", "L-.", "L-R", "L-.-R", ".-.-.", "L-.-L")]
    assert values == ["1", "-1", "2", "*", "0", "0", "3"]


tagged = tagged_graphs()


@settings(max_examples=25, deadline=None)
@given(tagged)
def test_fast_value_matches_plain_play(g: tuple[int, tuple[tuple[int, int, str], ...], tuple[str, ...]]) -> None:
    p = F.parse(format_graph(g))
    v = check_position(F, p)
    assert z.canonical_form(F, F.parse(format_graph(g).translate(str.maketrans("LR", "RL")))) is -v
    for tag in "LR":
        t = territory(p, tag)
        if t is not None:  # only one player can move: the value is her territory
            assert v is integer(t)


def test_a_move_is_clicked_where_the_mover_can_make_it() -> None:
    # L-.-.-R: Left's v1 and Right's v4 leave the same graph; each mover clicks only her own vertex.
    p, after = F.parse("L-.-.-R"), F.parse("L-.-R")
    assert F.board_clicks(p, after, side="left") == [["v:1"]]
    assert F.board_clicks(p, after, side="right") == [["v:4"]]
