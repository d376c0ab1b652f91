"""Draw levels (Garcia, "Draw Positions Are Not All Equal"): the pressing player's draw remoteness
counts down to the fringe, through drawn positions only; the other player cannot escape."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from zermelo.analyses.draw_level import draw_levels
from zermelo.games.registry import make_game
from zermelo.search.engine import DRAW, NEXT_WINS, engine_for

NODES = "abcdef"


@settings(max_examples=40, deadline=None)
@given(st.sets(st.tuples(st.sampled_from(NODES), st.sampled_from(NODES)).filter(lambda e: e[0] != e[1]), min_size=1))
def test_levels_agree_with_their_definition(edges: set[tuple[str, str]]) -> None:
    game = make_game("digraph:" + ", ".join(f"{a}->{b}" for a, b in sorted(edges)))
    nodes = sorted({n for e in edges for n in e})
    levels = dict(zip(nodes, draw_levels(game, nodes), strict=True))
    status = {n: s for n, (s, _) in zip(nodes, engine_for(game).outcomes(nodes), strict=True)}
    for n in nodes:
        lv, opts = levels[n], list(game.options(n))
        if status[n] != DRAW:
            assert lv is None  # only draws have a level
            continue
        if lv is None:
            continue
        if lv.remoteness == 0:  # the fringe: a losing move (level 0) or a draw-losing one
            assert not lv.pressing
            if lv.level == 0:
                assert any(status[q] == NEXT_WINS for q in opts)
            continue
        nexts = [levels[q] for q in opts if status[q] == DRAW]
        if lv.pressing:  # some move keeps the draw and hands the other side a lost level game, sooner
            assert any(
                q is not None and q.level == lv.level and not q.pressing and q.remoteness == lv.remoteness - 1
                for q in nexts
            )
        else:  # every drawn move hands the other side the press, at this level
            assert all(q is not None and q.level == lv.level and q.pressing for q in nexts) and nexts


def test_a_draw_of_level_one() -> None:
    game = make_game("digraph:a->b, b->a, b->c, c->d, x->a, x->y, y->x")
    found = draw_levels(game, ["x", "y", "c"])
    assert [(f.level, f.pressing, f.remoteness) if f else None for f in found] == [(1, False, 0), (1, True, 1), None]
