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
    assert evaluate(f"({nim}(3) + {nim}(5)).CanonicalForm") == "*6"


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
    ],
)
def test_bad_procedures(expr: str, words: str) -> None:
    with pytest.raises(CGSuiteError) as info:
        evaluate(expr)
    assert words in str(info.value)


def test_cli_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["value", "--cgsuite", "--expr", "game.heap.HeapRuleset(n -> [[n]])(2).NimValue"]) == 2
    assert capsys.readouterr().out.strip().startswith("!! HeapRuleset: the option [2] of a heap of 2")


def test_other_names_and_the_partizan_ruleset() -> None:
    # CGSuite's FunctionalHeapRuleset(fn) is HeapRuleset(fn); PartizanHeapRuleset(L, R) is
    # L.PartizanJoin(R) (its help says so): CGSuite's worksheet row for Partizan Subtraction {1,3} | {2,3}.
    nim = "game.heap.FunctionalHeapRuleset(n -> [[m] for m from 0 to n - 1])"
    assert evaluate(f"{nim}.NimValueSequence(5)") == "[1,2,3,4,5]"
    assert evaluate(f"{nim}(2)") == f"{nim}(2)"
    both = "game.heap.Subtraction([1,3]), game.heap.Subtraction([2,3])"
    assert evaluate(f"game.heap.PartizanHeapRuleset({both})(6).CanonicalForm") == "{1|1,{1|0}||0,{1|0}|0|||0,{1|0}|0}"
    assert evaluate(f"game.heap.PartizanHeapRuleset({both}).GameValueSequence(3)") == evaluate(
        "game.heap.PartizanSubtraction([1,3],[2,3]).GameValueSequence(3)"
    )
    # Grundy's game as CGSuite's help for HeapRuleset writes it, with `where`: its worksheet row.
    grundy = "game.heap.HeapRuleset(n -> [[k, n-k] for k from 1 to n-1 where k != n-k])"
    assert evaluate(f"{grundy}.NimValueSequence(20)") == "[0,0,1,0,2,1,0,2,1,0,2,1,3,2,1,3,2,4,3,0]"
    with pytest.raises(CGSuiteError, match="takes two heap rulesets, Left's and Right's"):
        evaluate("game.heap.PartizanHeapRuleset(game.heap.Kayles)")
    with pytest.raises(CGSuiteError, match="takes one procedure of the heap size"):
        evaluate("game.heap.FunctionalHeapRuleset(3)")
