"""zermelo.cgsuite.periodicity: a heap ruleset's ``.CheckPeriodicity(n)`` and ``.code``.  Golden
rows from CGSuite's GameHeapTest (github.com/aaron-siegel/cgsuite, commit e909ab8b); the periods
are the known ones (Winning Ways ch. 4: Kayles 12 from 71, Dawson's Kayles 34 from 53)."""

from __future__ import annotations

import re

import pytest

from zermelo.cgsuite import CGSuiteError, evaluate, evaluate_value

ROWS = [
    ("game.heap.Nim.code", '"0.[3]"'),
    ("game.heap.Nim.CheckPeriodicity(2000)", "Nothing"),  # an arithmetic period, saltus 1
    ("game.heap.GrundysGame.code", '"4!.0"'),
    ("game.heap.GrundysGame.CheckPeriodicity(2000)", "Nothing"),
    ("game.heap.Kayles.code", '"0.77"'),
    ("game.heap.Kayles.CheckPeriodicity(2000)", "Periodicity(Period => 12, Preperiod => 71, Saltus => 0)"),
    ("game.heap.DawsonsKayles.code", '"0.07"'),
    ("game.heap.DawsonsKayles.CheckPeriodicity(2000)", "Periodicity(Period => 34, Preperiod => 53, Saltus => 0)"),
    ("game.heap.Subtraction([2,3,7]).code", '"0.0330003"'),
    ("game.heap.Subtraction([2,3,7]).CheckPeriodicity(2000)", "Periodicity(Period => 5, Preperiod => 0, Saltus => 0)"),
    ('game.heap.TakeAndBreak("0.3F").code', '"0.3F"'),
    ('game.heap.TakeAndBreak("0.3F").CheckPeriodicity(2000)', "Nothing"),
    # Kayles' period is proven from heap 2·71 + 12 + 2 = 156 on (Guy–Smith): not within 100 heaps
    ("game.heap.Kayles.CheckPeriodicity(100)", "Nothing"),
]


@pytest.mark.parametrize(("text", "expected"), ROWS)
def test_heap_rulesets(text: str, expected: str) -> None:
    assert evaluate(text) == expected


@pytest.mark.parametrize("ruleset", ["game.heap.DawsonsKayles", "game.heap.Subtraction([1,4])"])
def test_a_period_found_holds(ruleset: str) -> None:
    m = re.fullmatch(
        r"Periodicity\(Period => (\d+), Preperiod => (\d+), Saltus => 0\)", evaluate(f"{ruleset}.CheckPeriodicity(500)")
    )
    assert m is not None
    p, n0 = int(m[1]), int(m[2])
    values = [0, *(int(str(v)) for v in evaluate_value(f"{ruleset}.NimValueSequence(600)"))]
    assert all(values[n + p] == values[n] for n in range(n0, 600 - p))


def test_not_a_heap_ruleset() -> None:
    with pytest.raises(CGSuiteError, match="Not a method or member variable: `CheckPeriodicity`"):
        evaluate("game.heap.Wythoff.CheckPeriodicity(10)")
    with pytest.raises(CGSuiteError, match="Not a method or member variable: `code`"):
        evaluate("game.heap.Splittles([1,2]).code")
