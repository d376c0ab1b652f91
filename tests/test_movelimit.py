"""Take-away with a move limit: Schwenk's rule against plain search; m = 2 is Fibonacci Nim."""

from __future__ import annotations

import pytest

import zermelo as z
from zermelo.analyses.analysis import outcome, solve
from zermelo.cli import main
from zermelo.games.fibonacci import Fibonacci
from zermelo.games.movelimit import MoveLimit, basis
from zermelo.rules import Impartial, Outcome
from zermelo.search.engine import PREVIOUS_WINS, Engine


@pytest.mark.parametrize("m", [1, 2, 3, 4, 5])
def test_rule_matches_search(m: int) -> None:
    g = MoveLimit(m)
    search = Engine(g)
    for n in range(0, 45):
        for last in range(0, 12):
            pos = (n, last)
            searched = Outcome.P if search.outcome(pos)[0] == PREVIOUS_WINS else Outcome.N
            assert g.outcome_formula(pos) is searched, (m, pos)


def test_m1_powers_of_two_and_m2_fibonacci() -> None:
    assert basis(1, 100) == [1, 2, 4, 8, 16, 32, 64]
    assert basis(2, 100) == [1, 2, 3, 5, 8, 13, 21, 34, 55, 89]
    for n in range(1, 60):
        assert outcome(MoveLimit(2), (n, 0)) is outcome(Fibonacci(), (n, 0))


def test_why_and_cli(capsys) -> None:
    a = solve(MoveLimit(1), (12, 0))
    assert a.outcome is Outcome.N and "12 = 8 + 4" in a.explanation
    assert a.winning_moves[0].label == "take 4 (12 -> 8)"
    assert main(["solve", "movelimit:1", "16"]) == 0
    assert "P: the second player" in capsys.readouterr().out
    assert main(["table", "movelimit:3"]) == 0


@pytest.mark.parametrize("m", [1, 2, 3, 4, 5])
def test_winning_moves_formula_matches_search(m: int) -> None:
    g = MoveLimit(m)
    search = Engine(g)
    for n in range(1, 60):
        for last in range(0, 14):
            pos = (n, last)
            wins = [q for q in g.options(pos) if search.outcome(q)[0] == PREVIOUS_WINS]
            formula = g.winning_moves_formula(pos)
            assert formula is not None
            assert sorted(mv.position for mv in formula) == sorted(wins), (m, pos)


def test_fibonacci_is_the_m2_member() -> None:
    fib, two = Fibonacci(), MoveLimit(2)
    assert isinstance(fib, MoveLimit) and fib.m == 2 and fib.spec() == "fibonacci"
    for n in range(0, 40):
        for last in range(0, 10):
            pos = (n, last)
            assert fib.outcome_formula(pos) is two.outcome_formula(pos)
            assert fib.winning_moves_formula(pos) == two.winning_moves_formula(pos)
            assert fib.key(pos) == two.key(pos)
    assert "Zeckendorf: 20 = 13 + 5 + 2" in solve(fib, (20, 0)).explanation  # the notes' why stays


class _GenMem(Impartial[tuple[int, int]]):
    """CGSuite's TakeAway(r) from its definition: from (n, k) to (n - j, j), 1 <= j <= r·k."""

    name = "genmem"

    def __init__(self, r: int) -> None:
        self.r = r

    def options(self, position: tuple[int, int]) -> list[tuple[int, int]]:
        n, k = position
        return [(n - j, j) for j in range(1, min(n, self.r * k) + 1)]


def test_cgsuite_takeaway_is_movelimit_after_the_first_move() -> None:
    from zermelo.cgsuite import evaluate

    for r in (1, 2, 3):
        plain = _GenMem(r)
        for n in range(1, 10):
            for k in range(1, 5):
                expected = str(z.grundy(plain, (n, k)))
                assert evaluate(f"game.heap.TakeAway({r})(({n},{k})).NimValue") == expected, (r, n, k)
    assert evaluate("game.heap.FibonacciNim((10,3)).NimValue") == evaluate("game.heap.TakeAway(2)((10,3)).NimValue")
