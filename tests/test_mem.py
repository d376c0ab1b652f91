"""Mem: values worked by hand, the outcome rule and the ⌊n/k⌋ closed form against search."""

from __future__ import annotations

import pytest

from zermelo.analyses.analysis import grundy, outcome
from zermelo.cgsuite import evaluate
from zermelo.core.errors import InvalidPosition
from zermelo.games.mem import Mem

M = Mem()


@pytest.mark.parametrize(("text", "value"), [("0", 0), ("1", 1), ("2", 2), ("3 2", 1), ("5 3", 1), ("15 3", 3)])
def test_golden(text: str, value: int) -> None:
    assert grundy(M, M.parse(text)) == value


def test_outcome_rule_matches_search() -> None:
    plain = Mem()
    plain.outcome_formula = lambda position, misere=False: None  # type: ignore[method-assign]
    for n in range(0, 25):
        for k in range(0, 8):
            assert outcome(plain, (n, k)) == M.outcome_formula((n, k)), (n, k)


def test_floor_closed_form_matches_search() -> None:
    plain = Mem()
    plain.grundy_formula = lambda position: None  # type: ignore[method-assign]
    for k in range(1, 15):
        for n in range(0, min(k * (k + 2), 120)):
            assert grundy(plain, (n, k)) == n // k == M.grundy_formula((n, k)), (n, k)
    assert M.grundy_formula((15, 3)) is None


def test_errors() -> None:
    with pytest.raises(InvalidPosition, match="'n' \\(the start\\) or 'n k'"):
        M.parse("1 2 3")


def test_cgsuite_name() -> None:
    assert evaluate("[game.heap.Mem((n,0)).NimValue for n from 0 to 8]") == "[0,1,2,1,2,3,4,3,2]"
