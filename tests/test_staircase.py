"""Staircase Nim: the odd stairs are a Nim position."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cli_helper_games import solve_json
from selfcheck_games import Reference, key_merges_are_sound, self_check
from zermelo import solve
from zermelo.games import Staircase

stairs = st.lists(st.integers(0, 3), min_size=1, max_size=5).map(tuple)


@settings(max_examples=60, deadline=None)
@given(stairs)
def test_closed_forms_against_plain_search(position: tuple[int, ...]) -> None:
    game = Staircase()
    ref = Reference(game)
    assert ref.grundy(position) == game.grundy_formula(position)
    assert ref.outcome(position) is game.outcome_formula(position)
    formula = game.winning_moves_formula(position)
    assert formula is not None
    assert [m.position for m in formula] == ref.winning(game, position)


def test_notes_example() -> None:
    # 001: stairs (3, 5, 1, 4): 5 ⊕ 4 = 1, "First" wins.
    a = solve(Staircase(), (3, 5, 1, 4))
    assert a.winner == "first" and a.grundy == 1
    assert [m.position for m in a.winning_moves] == [(4, 4, 1, 4)]


def test_key_merges_only_equal_games() -> None:
    positions = [(g, a, b, c) for g in range(3) for a in range(3) for b in range(3) for c in (0, 2)]
    assert key_merges_are_sound(Staircase(), positions) > 0


def test_self_check() -> None:
    # The ground stair's stones do not matter: adding some keeps the key.
    assert self_check(Staircase(), [(0,), (3, 5, 1, 4), (0, 0, 2)], [lambda p: (p[0] + 7, *p[1:])]) == 3


def test_cli(capsys: pytest.CaptureFixture[str]) -> None:
    data = solve_json(capsys, "staircase", "3", "5", "1", "4")
    assert data["grundy"] == 1 and [m["position"] for m in data["winning_moves"]] == ["4 4 1 4"]


def test_explanation_names_the_odd_stairs() -> None:
    text = solve(Staircase(), (3, 5, 1, 4)).explanation
    assert "odd stairs (1, 3)" in text and "5 ⊕ 4 = 1" in text and "player to move wins" in text
    assert "player to move loses" in solve(Staircase(), (9, 2, 7, 2)).explanation
