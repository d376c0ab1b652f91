"""Take-away games with a memory by a rule (zermelo.games.genmem, CGSuite's GenMem): the rule's
reader, values against the games it generalizes (Mem's closed forms, the move-limit games'
search), CGSuite's worksheet row, bad input."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from zermelo.analyses.analysis import grundy, outcome
from zermelo.cgsuite import CGSuiteError, evaluate
from zermelo.cli import main
from zermelo.core.errors import InvalidGame
from zermelo.games.genmem import GenMem, Predicate
from zermelo.games.mem import Mem
from zermelo.games.registry import make_game


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 25), st.integers(0, 30))
def test_a_at_least_k_is_mem(n: int, k: int) -> None:
    g = GenMem("(k, a) -> a >= k")
    assert grundy(g, (n, k)) == grundy(Mem(), (n, k))  # Mem's closed forms (outcome, floor(n/k))
    assert outcome(g, (n, k)) == outcome(Mem(), (n, k))


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 25), st.integers(1, 30))
def test_a_at_most_twice_k_is_the_move_limit_game(n: int, k: int) -> None:
    limit = make_game("movelimit:2")
    assert grundy(GenMem("a <= 2 * k"), (n, k)) == grundy(limit, (n, k))


def test_cgsuites_worksheet_values() -> None:
    # CGSuite's worksheet tests (GameHeapTest, commit e909ab8b): GenMem((memory, j) -> j != memory)
    # at (10, n) for n from 0 to 20, its options at (10, 10), and Mem's row beside it.
    rule = "game.heap.GenMem((memory, j) -> j != memory)"
    assert evaluate(f"[{rule}((10,n)).NimValue for n from 0 to 20]") == "[6,6,6,4,6,6,3,6,6,6,6,6,6,6,6,6,6,6,6,6,6]"
    assert evaluate(f"{rule}((10,10)).Options.Size") == "9"
    assert evaluate(f"{rule}((10,10))") == "game.heap.GenMem((memory, j) -> j != memory)((10,10))"
    assert evaluate("[game.heap.GenMem((k, a) -> a >= k)((10,n)).NimValue for n from 0 to 20]") == evaluate(
        "[game.heap.Mem((10,n)).NimValue for n from 0 to 20]"
    )


def test_the_rules_reader() -> None:
    p = Predicate("not (a % 2 == 0 or a > 3 * k / 2) and true")
    assert [p(2, a) for a in range(1, 6)] == [True, False, True, False, False]
    assert Predicate("(m, j) -> j != m").text == "(m, j) -> j != m" and Predicate("a>k").text == "(k, a) -> a>k"
    assert GenMem("a != k").spec() == "genmem:(k, a) -> a != k"
    assert make_game("genmem:(k, a) -> a != k").spec() == "genmem:(k, a) -> a != k"


@pytest.mark.parametrize(
    ("rule", "words"),
    [
        ("a >= k and", "cannot be read at its end"),
        ("(k, a) -> a >= * k", "cannot be read at column 16"),
        ("a + 1", "must be true or false"),
        ("b > k", "`b` is not a parameter of the rule (k, a)"),
        ("(k) -> k > 1", "two names"),
        ("a ** 2 > k", "a rule uses whole numbers"),
        ("__import__('os') > 1", "a rule uses whole numbers"),
        ("(a > k) + 1 > 0", "is a truth where a number belongs"),
        ("a" * 400, "at most 300 characters"),
    ],
)
def test_bad_rules(rule: str, words: str) -> None:
    with pytest.raises(InvalidGame, match=words.replace("(", r"\(").replace(")", r"\)").replace("*", r"\*")):
        GenMem(rule)


def test_bad_input_in_the_cli_and_the_evaluator(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "genmem:a != k", "10", "x"]) == 2
    assert "genmem: the previous take must be a whole number" in capsys.readouterr().err
    assert main(["solve", "genmem:a / 0 > k", "10"]) == 2  # found while searching: one line
    assert "genmem: division by zero in the rule" in capsys.readouterr().err
    assert main(["value", "genmem:a != k", "10", "3"]) == 0
    assert "value        *4" in capsys.readouterr().out
    with pytest.raises(CGSuiteError, match="`b` is not a parameter"):
        evaluate("game.heap.GenMem((k, a) -> b > 1)")
