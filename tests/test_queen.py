"""The queen-move game (Wythoff): figure 1.4 of the notes and exercise 1.4."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cli_helper_games import solve_json
from selfcheck_games import Reference, self_check
from zermelo import Sum, solve
from zermelo.games import Nim, Queen

# Figure 1.4 as the notes print it: rows 0-3, columns 0-4 (columns 5 and 6 are left blank).
FIGURE_1_4 = [
    [0, 1, 2, 3, 4],
    [1, 2, 0, 4, 5],
    [2, 0, 1, 5, 3],
    [3, 4, 5, 6, 2],
]


def test_figure_1_4_and_completed_columns() -> None:
    ref = Reference(Queen())
    computed = [[ref.grundy((i, j)) for j in range(7)] for i in range(4)]
    assert [row[:5] for row in computed] == FIGURE_1_4  # the printed part is right
    assert computed[3][4] == 2  # the queen of figure 1.3
    # Exercise 1.4(a): columns 5 and 6.
    assert [row[5] for row in computed] == [5, 3, 4, 0]
    assert [row[6] for row in computed] == [6, 7, 8, 1]


def test_exercise_1_4b_winning_moves() -> None:
    game = Sum(Queen(), Nim())
    a = solve(game, ((3, 4), 4))
    assert a.grundy == 6
    assert [m.position for m in a.winning_moves] == [((3, 4), 2), ((0, 4), 4), ((3, 1), 4)]  # fastest first
    assert [m.label for m in a.winning_moves][1:] == ["in game 1: up 3 (to 0 4)", "in game 1: left 3 (to 3 1)"]


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 25), st.integers(0, 25))
def test_closed_forms_against_plain_search(i: int, j: int) -> None:
    game = Queen()
    ref = Reference(game)
    assert game.outcome_formula((i, j)) is ref.outcome((i, j))
    formula = game.winning_moves_formula((i, j))
    assert formula is not None
    assert sorted(m.position for m in formula) == sorted(ref.winning(game, (i, j)))
    labels = {m.position: m.label for m in game.moves((i, j))}
    assert all(labels[m.position] == m.label for m in formula)


def test_self_check() -> None:
    assert self_check(Queen(), [(3, 4), (0, 0), (5, 2), (20, 30)], [lambda p: (p[1], p[0])]) == 4


def test_cli(capsys: pytest.CaptureFixture[str]) -> None:
    data = solve_json(capsys, "queen", "3", "4")
    assert data["grundy"] == 2 and [m["position"] for m in data["winning_moves"]] == ["1 2"]
