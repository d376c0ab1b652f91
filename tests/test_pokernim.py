"""Poker Nim: played like Nim, whatever the reserves (the reversing strategy), tested by search."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cli_helper_games import solve_json
from selfcheck_games import Reference, key_merges_are_sound, self_check
from zermelo import Outcome
from zermelo.games import PokerNim

GAME = PokerNim()
REF = Reference(GAME)

positions = st.tuples(
    st.lists(st.integers(0, 3), min_size=1, max_size=3).map(tuple), st.integers(0, 3), st.integers(0, 3)
)


def _nim_sum(heaps: tuple[int, ...]) -> int:
    s = 0
    for h in heaps:
        s ^= h
    return s


@settings(max_examples=40, deadline=None)
@given(positions)
def test_outcome_is_nims_and_never_a_draw(position: tuple[tuple[int, ...], int, int]) -> None:
    found = REF.outcome(position)
    assert found is not Outcome.DRAW
    assert found is (Outcome.N if _nim_sum(position[0]) else Outcome.P)
    assert GAME.outcome_formula(position) is found


small_positions = st.tuples(
    st.lists(st.integers(0, 3), min_size=1, max_size=3).map(tuple), st.integers(0, 2), st.integers(0, 1)
)


@settings(max_examples=20, deadline=None)
@given(small_positions)
def test_grundy_and_winning_moves_against_search(position: tuple[tuple[int, ...], int, int]) -> None:
    assert REF.grundy(position) == GAME.grundy_formula(position)
    formula = GAME.winning_moves_formula(position)
    assert formula is not None
    assert sorted(map(repr, (m.position for m in formula))) == sorted(map(repr, REF.winning(GAME, position)))


def test_notes_example() -> None:
    # Section 1.11: I moves 3 4 5 -> 1 4 5; II adds 50 chips: 1 54 5; I removes them again.
    assert REF.outcome(((1, 4, 5), 0, 3)) is Outcome.P
    moves = GAME.winning_moves_formula(((1, 54, 5), 3, 0))
    assert moves is not None and [m.label for m in moves] == ["take 50 from heap 2 (54 -> 4)"]


def test_self_check() -> None:
    sample = [((3, 4, 5), 2, 1), ((0, 2), 0, 0), ((1,), 3, 0)]
    assert self_check(GAME, sample, [lambda p: (p[0][::-1], p[1], p[2])]) == 3  # heap order is no matter
    swaps = [((a, b), r, s) for a in range(3) for b in range(3) for r in range(2) for s in range(2)]
    assert key_merges_are_sound(GAME, swaps) > 0


def test_cli(capsys: pytest.CaptureFixture[str]) -> None:
    data = solve_json(capsys, "pokernim", "1", "6", "5", "/", "2", "2")
    assert data["winner"] == "first" and data["grundy"] == 2
    assert [m["position"] for m in data["winning_moves"]] == ["1 4 5 / 2 4", "3 6 5 / 2 0", "1 6 7 / 2 0"]


def test_explanation_is_the_reversing_strategy() -> None:
    from zermelo import solve

    text = solve(GAME, ((1, 6, 5), 2, 2)).explanation
    assert "reverses any addition" in text and "1 ⊕ 6 ⊕ 5 = 2" in text and "player to move wins" in text
