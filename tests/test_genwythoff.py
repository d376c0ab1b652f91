"""Fraenkel's a-Wythoff: the P-positions (A_n, A_n + a·n) against plain search, a = 1 is Wythoff."""

from __future__ import annotations

import pytest

from zermelo.analyses.analysis import outcome
from zermelo.core.errors import InvalidGame
from zermelo.games.genwythoff import GenWythoff, gen_wythoff, p_positions
from zermelo.games.wythoff import wythoff_pair
from zermelo.rules import Outcome


def test_a_equal_one_is_wythoff() -> None:
    assert p_positions(1, 40) == [wythoff_pair(k) for k in range(len(p_positions(1, 40)))]


@pytest.mark.parametrize("a", [1, 2, 3, 4])
def test_fraenkels_rule_matches_search(a: int) -> None:
    rule, plain = GenWythoff(a), GenWythoff(a)
    plain.outcome_formula = lambda position, misere=False: None  # type: ignore[method-assign]
    for x in range(12):
        for y in range(x, 16):
            assert outcome(plain, (x, y)) == rule.outcome_formula((x, y)), (a, x, y)


def test_golden_from_the_rule() -> None:
    """a = 2: (0,0), (1,3), (2,6), (4,10), (5,13) — worked by hand from A_n = mex, B_n = A_n + 2n."""
    assert p_positions(2, 5) == [(0, 0), (1, 3), (2, 6), (4, 10), (5, 13)]
    assert GenWythoff(2).outcome_formula((10, 4)) is Outcome.P


def test_moves_from_both_heaps_differ_by_less_than_a() -> None:
    g = GenWythoff(2)
    both = [m.position for m in g.moves((2, 2)) if m.label.startswith("take 1 and") or m.label.startswith("take 2 and")]
    assert sorted(both) == [(0, 0), (0, 1), (1, 0), (1, 1)]  # (1,1), (1,2), (2,1), (2,2) taken


def test_errors() -> None:
    with pytest.raises(InvalidGame, match="genwythoff: a"):
        gen_wythoff("0")


def test_cgsuite_name_takes_the_bounding_function() -> None:
    from zermelo.cgsuite import CGSuiteError, evaluate

    # CGSuite's GenWythoff(k -> k + 1) is Wythoff; k -> k + 2 is a = 2, whose P-positions are above.
    assert evaluate("game.heap.GenWythoff(k -> k + 1)((3,5)).NimValue") == "0"
    assert [evaluate(f"game.heap.GenWythoff(k -> k + 2)({p}).OutcomeClass") for p in ("(2,6)", "(4,10)", "(4,9)")] == [
        "P",
        "P",
        "N",
    ]
    assert evaluate("game.heap.GenWythoff(k -> k + 2)") == "game.heap.GenWythoff(k -> k + 2)"
    with pytest.raises(CGSuiteError, match="k -> k \\+ a"):
        evaluate("game.heap.GenWythoff(k -> 2 * k)((3,5)).NimValue")
