"""Fibonacci Nim: Zeckendorf terms decide every position."""

from __future__ import annotations

from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cli_helper_games import solve_json
from selfcheck_games import Reference, key_merges_are_sound, self_check
from zermelo import Outcome, solve
from zermelo.games import Fibonacci
from zermelo.games.fibonacci import is_fibonacci, zeckendorf

FIBS = [1, 2]
while FIBS[-1] < 10**60:
    FIBS.append(FIBS[-1] + FIBS[-2])


def test_first_player_loses_iff_fibonacci() -> None:
    game = Fibonacci()
    ref = Reference(game)
    for n in range(1, 90):
        assert (ref.outcome((n, 0)) is Outcome.P) == (n in FIBS), n
        assert game.outcome_formula((n, 0)) is ref.outcome((n, 0))


def test_every_position_against_plain_search() -> None:
    # The mid-game rule (z(n) <= limit) and every winning move, for all (n, last) with n <= 45.
    game = Fibonacci()
    ref = Reference(game)
    for n in range(0, 46):
        for last in range(0, n + 1):
            pos = (n, last)
            assert game.outcome_formula(pos) is ref.outcome(pos), pos
            formula = game.winning_moves_formula(pos)
            assert formula is not None
            assert [m.position for m in formula] == ref.winning(game, pos), pos


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 10**50))
def test_zeckendorf(n: int) -> None:
    terms = zeckendorf(n)
    assert sum(terms) == n
    assert all(t in FIBS for t in terms)
    idx = [FIBS.index(t) for t in terms]
    assert all(a - b >= 2 for a, b in pairwise(idx))  # non-consecutive
    assert is_fibonacci(n) == (n in FIBS)


def test_notes_example_and_huge_n() -> None:
    assert zeckendorf(20) == [13, 5, 2]
    assert [m.label for m in solve(Fibonacci(), (20, 0)).winning_moves] == ["take 2 (20 -> 18)"]
    n = 10**40 + 7
    moves = Fibonacci().winning_moves_formula((n, 0))
    assert moves is not None and moves[0].position == (n - zeckendorf(n)[-1], zeckendorf(n)[-1])


def test_key_and_self_check() -> None:
    game = Fibonacci()
    positions = [(n, last) for n in range(0, 14) for last in range(0, 14)]
    assert key_merges_are_sound(game, positions) > 0
    assert self_check(game, [(20, 0), (18, 2), (5, 9), (0, 1)]) == 4


def test_cli(capsys: pytest.CaptureFixture[str]) -> None:
    data = solve_json(capsys, "fibonacci", "20")
    assert data["winner"] == "first" and [m["position"] for m in data["winning_moves"]] == ["18 2"]
    assert solve_json(capsys, "fibonacci", "21")["winner"] == "second"
    assert solve_json(capsys, "fibonacci", "18", "2")["winner"] == "second"


def test_explanation_gives_the_zeckendorf_terms() -> None:
    text = solve(Fibonacci(), (20, 0)).explanation
    assert "20 = 13 + 5 + 2" in text and "smallest term 2" in text and "take 2 (20 -> 18)" in text
    assert "Fibonacci number" in solve(Fibonacci(), (21, 0)).explanation
    assert "twice the previous take 2" in solve(Fibonacci(), (18, 2)).explanation


def test_every_winning_move_is_named_with_its_reason() -> None:
    # Issue 30 item 2: 'solve fibonacci 100' argued for taking 3, then named "take 11" (the fastest
    # win) without saying why it wins too.  Before: "... so the player to move wins. A winning move:
    # take 11 (100 -> 89)."
    text = solve(Fibonacci(), (100, 0)).explanation.splitlines()[0]
    assert text == (
        "Zeckendorf: 100 = 89 + 8 + 3. The player to move may take at most n − 1 on the first move, that is up "
        "to 99. The smallest term 3 is allowed: taking it leaves 97, whose smallest Zeckendorf term is more than "
        "twice 3 and out of the opponent's reach, so the player to move wins: take 3 (100 -> 97). Taking the "
        "next smallest terms as well also wins while the term after them stays more than twice the take: "
        "take 11 (100 -> 89), as 3 + 8 = 11 and the smallest term of what is left, 89, is more than 2 × 11 = 22."
    )
    # Every winning move the search finds is argued for, at every start and mid-game position.
    for n in range(2, 60):
        for last in (0, 1, 2, 3, 5):
            a = solve(Fibonacci(), (n, last))
            for m in a.winning_moves:
                assert m.label in a.explanation.splitlines()[0], (n, last, m.label)


def test_many_winning_takes_stay_readable() -> None:
    # Zeckendorf terms three places apart: every tail sum wins, 62 moves; the why names twelve.
    fibs = [1, 2]
    while len(fibs) < 200:
        fibs.append(fibs[-1] + fibs[-2])
    n = sum(fibs[i] for i in range(2, 190, 3))
    text = solve(Fibonacci(), (n, 0)).explanation
    assert "; and 49 more." in text and "3 + 13 + … + " in text and len(text) < 5_000
