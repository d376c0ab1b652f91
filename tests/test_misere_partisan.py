"""Misère outcome classes of partisan short games (zermelo.analyses.misere_partisan and
partisan_outcome(misere=True)): the engine's search against the definition, written here as a
plain recursion, on random forms and random Domineering boards; and CGSuite's spelling."""

from __future__ import annotations

import functools

from hypothesis import given, settings
from hypothesis import strategies as st

from zermelo.analyses.analysis import partisan_outcome
from zermelo.analyses.misere_partisan import form_misere_outcome
from zermelo.cgsuite import evaluate
from zermelo.games import Domineering
from zermelo.values.game import Game, game, number, star


def _by_definition(left: object, right: object) -> str:
    """Outcome from two functions 'mover wins moving first' (misère: no move is a win)."""
    lw, rw = left, right
    return {(True, True): "N", (True, False): "L", (False, True): "R", (False, False): "P"}[(lw, rw)]  # type: ignore[index]


@functools.cache
def _left_wins(g: Game) -> bool:
    return not g.left or any(not _right_wins(x) for x in g.left)


@functools.cache
def _right_wins(g: Game) -> bool:
    return not g.right or any(not _left_wins(x) for x in g.right)


_leaves = st.sampled_from([number(0), number(1), number(-1), number(2), star(1), star(2)])
_forms = st.recursive(
    _leaves,
    lambda kids: st.builds(lambda ls, rs: game(ls, rs), st.lists(kids, max_size=3), st.lists(kids, max_size=3)),
    max_leaves=8,
)


@settings(max_examples=25, deadline=None)
@given(_forms)
def test_forms_match_the_definition(g: Game) -> None:
    assert str(form_misere_outcome(g)) == _by_definition(_left_wins(g), _right_wins(g))


def _dom_wins(d: Domineering, pos: object, side: str, memo: dict[object, bool]) -> bool:
    k = (d.key(pos), side)
    if k not in memo:
        opts = list(d.left_options(pos) if side == "L" else d.right_options(pos))
        other = "R" if side == "L" else "L"
        memo[k] = not opts or any(not _dom_wins(d, o, other, memo) for o in opts)
    return memo[k]


@settings(max_examples=15, deadline=None)
@given(st.integers(1, 3), st.integers(1, 4), st.data())
def test_domineering_boards_match_the_definition(rows: int, cols: int, data: st.DataObject) -> None:
    cells = data.draw(st.lists(st.sampled_from(".#"), min_size=rows * cols, max_size=rows * cols))
    text = "|".join("".join(cells[r * cols : (r + 1) * cols]) for r in range(rows))
    d = Domineering()
    pos = d.parse(text)
    memo: dict[object, bool] = {}
    want = _by_definition(_dom_wins(d, pos, "L", memo), _dom_wins(d, pos, "R", memo))
    assert str(partisan_outcome(d, pos, misere=True)) == want, text


def test_cgsuite_spelling() -> None:
    # CGSuite's own test (GameTest.scala, 2023): the 2 x 4 Domineering board is N in misère play.
    assert evaluate("game.grid.Domineering(Grid.Empty(2, 4)).MisereOutcomeClass") == "N"
    assert evaluate("{1|}.MisereOutcomeClass") == "R"  # {1|} is 2; Right, unable to move, wins
    assert evaluate("(-1).MisereOutcomeClass") == "L"
    assert evaluate("^.MisereOutcomeClass") == "R"
    assert evaluate("*.MisereOutcomeClass") == "P" and evaluate("0.MisereOutcomeClass") == "N"
