"""CGSuite's game.heap.HeapRuleset(fn) (zermelo.cgsuite.heap_ruleset): CGSuite's worksheet row,
the values against the same game written in Python and searched, sums, bad procedures."""

from __future__ import annotations

from itertools import combinations

import pytest

from zermelo.analyses.analysis import grundy
from zermelo.cgsuite import CGSuiteError, evaluate
from zermelo.cli import main
from zermelo.heaps.heap import HeapGame

PAIRS = "game.heap.HeapRuleset(k -> [[a,b] for a from 0 to k - 1 for b from 0 to a - 1])"


class Pairs(HeapGame):
    """The same rules in Python: a heap becomes two distinct smaller heaps (one may be empty)."""

    name = "pairs"
    breaks = True

    def heap_options(self, n: int):  # type: ignore[no-untyped-def]
        for b, a in combinations(range(n), 2):
            yield a if b == 0 else (b, a)


def test_cgsuites_worksheet_values() -> None:
    # CGSuite's worksheet tests (GameHeapTest, commit e909ab8b): the nim values of heaps 1 to 20
    # and the options of a heap of 20.
    row = "[0,1,2,4,7,8,11,13,14,16,19,21,22,25,26,28,31,32,35,37]"
    assert evaluate(f"[{PAIRS}(n).NimValue for n from 1 to 20]") == row
    assert evaluate(f"{PAIRS}.NimValueSequence(20)") == row
    assert evaluate(f"{PAIRS}(20).Options.Size") == "190"


def test_values_against_the_same_game_in_python() -> None:
    values = evaluate(f"[{PAIRS}(n).NimValue for n from 0 to 14]")
    assert values == "[" + ",".join(str(grundy(Pairs(), n)) for n in range(15)) + "]"
    assert evaluate(f"({PAIRS}(6) + {PAIRS}(9)).NimValue") == str(grundy(Pairs(), (6, 9)))
    nim = "game.heap.HeapRuleset(n -> [[m] for m from 0 to n - 1])"
    assert evaluate(f"{nim}(3) + {nim}(5)") == "*6"


@pytest.mark.parametrize(
    ("expr", "words"),
    [
        (
            "game.heap.HeapRuleset(n -> [[n]])(3).NimValue",
            "the option [3] of a heap of 3 has a heap that is not from 0 to 2",
        ),
        ("game.heap.HeapRuleset(n -> 3)(3).NimValue", "fn(3) must be a list of lists of heap sizes, not 3"),
        ("game.heap.HeapRuleset(n -> [3])(3).NimValue", "an option of fn(3) must be a list of heap sizes, not 3"),
        ("game.heap.HeapRuleset(3)", "takes one procedure of the heap size"),
        ("game.heap.HeapRuleset", "takes one procedure of the heap size"),
    ],
)
def test_bad_procedures(expr: str, words: str) -> None:
    with pytest.raises(CGSuiteError) as info:
        evaluate(expr)
    assert words in str(info.value)


def test_cli_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["value", "--cgsuite", "--expr", "game.heap.HeapRuleset(n -> [[n]])(2).NimValue"]) == 2
    assert capsys.readouterr().out.strip().startswith("!! HeapRuleset: the option [2] of a heap of 2")
