"""A ruleset's tables and heap options in the CGSuite evaluator: NimValueTable (Wythoff's table of
Winning Ways ch. 3), GameValueTable of the cakes, GameValueSequence of a partizan heap ruleset,
HeapOptions, CGSuite's plain-text layout of a table, and bad calls refused in one line."""

from __future__ import annotations

import pytest

from zermelo.cgsuite import evaluate
from zermelo.cgsuite.ruleset_ops import CGTable
from zermelo.cli import main
from zermelo.values.surreal import surreal


def rows(text: str) -> list[list[str]]:
    return [[c.strip() for c in line.split("|")] for line in text.splitlines() if set(line) - set("-+")]


def test_wythoff_table_is_winning_ways() -> None:
    """Wythoff's nim values, rows 0-4 by columns 0-4 (Winning Ways ch. 3; Lessons in Play ch. 7)."""
    assert rows(evaluate("game.heap.Wythoff.NimValueTable(4, 4)")) == [
        ["0", "1", "2", "3", "4"],
        ["1", "2", "0", "4", "5"],
        ["2", "0", "1", "5", "3"],
        ["3", "4", "5", "6", "2"],
        ["4", "5", "3", "2", "7"],
    ]


def test_layout_is_cgsuites_plain_text() -> None:
    """Each column right-aligned to its widest cell, `` | `` between cells, ``-+-`` rules."""
    t = CGTable(((surreal(0), surreal(16)), (surreal(12), surreal(1))))
    assert t.cgsuite_text() == " 0 | 16\n---+---\n12 |  1"
    assert CGTable(()).cgsuite_text() == ""


def test_game_value_table_and_sequence() -> None:
    """Cutcake: a 1 x n strip is n - 1 (Left's cuts), n x 1 its negative, 2 x 2 is 0 (Winning Ways ch. 2)."""
    assert rows(evaluate("game.heap.Cutcake.GameValueTable(2, 3)")) == [["0", "1", "2"], ["-1", "0", "0"]]
    # Partizan Subtraction {1} / {2}: 1, {1|0}, 0, repeating (worked by hand in games/partizanheap.py)
    assert evaluate("game.heap.PartizanSubtraction([1],[2]).GameValueSequence(6)") == "[1,{1|0},0,1,{1|0},0]"


def test_nim_value_table_of_a_memory_game_matches_its_positions() -> None:
    table = rows(evaluate("game.heap.GenMem((k, a) -> a != k).NimValueTable(4, 3)"))
    for m in range(5):
        for n in range(4):
            assert table[m][n] == evaluate(f"game.heap.GenMem((k, a) -> a != k)(({m},{n})).NimValue")


def test_heap_options() -> None:
    assert evaluate("game.heap.Nim.HeapOptions(3)") == "[[2],[1],[]]"  # CGSuite's 0.[3]: one taken first
    assert evaluate("game.heap.Kayles.HeapOptions(0)") == "[]"


@pytest.mark.parametrize(
    ("expr", "message"),
    [
        ("game.heap.Kayles.NimValueTable(2, 2)", "coordinate rulesets"),
        ("game.heap.Wythoff.NimValueTable(2)", "largest row and column"),
        ("game.heap.Wythoff.NimValueTable(200, 200)", "too many cells"),
        ("game.heap.Cutcake.GameValueTable(0, 2)", "at least 1"),
        ("game.heap.Kayles.GameValueSequence(3)", "partizan heap rulesets"),
        ("game.heap.Kayles.HeapOptions(-1)", "at least 0"),
        ("game.heap.Kayles.NoSuchThing(1)", "Not a method or member variable: `NoSuchThing`"),
    ],
)
def test_bad_calls(expr: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        evaluate(expr)


def test_cli_prints_the_table_and_refuses_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["value", "--cgsuite", "--expr", "game.heap.Wythoff.NimValueTable(1, 1)"]) == 0
    assert capsys.readouterr().out == "0 | 1\n--+--\n1 | 2\n"
    assert main(["value", "--cgsuite", "--expr", "game.heap.Kayles.NimValueTable(1, 1)"]) == 2
    err = capsys.readouterr()
    assert len((err.out + err.err).strip().splitlines()) == 1
