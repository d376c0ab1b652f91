"""Chomp: strategy stealing tested by search, the notes' winning moves, both conventions."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cli_helper_games import solve_error, solve_json
from selfcheck_games import Reference, key_merges_are_sound, self_check
from zermelo import Outcome, Sum, solve
from zermelo.games import Chomp, Nim
from zermelo.games.chomp import transpose

shapes = st.lists(st.integers(1, 5), min_size=1, max_size=5).map(lambda rows: tuple(sorted(rows, reverse=True)))


def test_every_rectangle_but_1x1_is_a_first_player_win() -> None:
    # Strategy stealing (exercise 1.3(c)), checked by plain search up to 6 x 7 — not assumed.
    game = Chomp()
    ref = Reference(game)
    for m in range(1, 7):
        for n in range(1, 8):
            expected = Outcome.P if m == n == 1 else Outcome.N
            assert ref.outcome((n,) * m) is expected, (m, n)
            assert game.outcome_formula((n,) * m) is expected


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 9), st.integers(0, 9), st.booleans())
def test_two_rows_and_two_columns_closed_form(a: int, b: int, flip: bool) -> None:
    game = Chomp()
    shape: tuple[int, ...] = (max(a, b), min(a, b)) if min(a, b) else (max(a, b),)
    if flip:
        shape = transpose(shape)
    ref = Reference(game)
    formula = game.winning_moves_formula(shape)
    assert formula is not None
    assert sorted(m.position for m in formula) == sorted(ref.winning(game, shape))
    labels = {m.position: m.label for m in game.moves(shape)}
    assert all(labels[m.position] == m.label for m in formula)
    assert game.outcome_formula(shape) is ref.outcome(shape)


def test_2_by_n_and_n_by_n_winning_moves() -> None:
    # Exercise 1.3(a): 2 x n — eat (2, n), leaving rows (n, n - 1); n x n — eat (2, 2), leaving an L.
    game = Chomp()
    ref = Reference(game)
    for n in range(2, 9):
        assert ref.winning(game, (n, n)) == [(n, n - 1)]
        assert [m.label for m in solve(game, (n, n)).winning_moves] == [f"eat (2, {n})"]
    for n in range(3, 7):
        ell = (n,) + (1,) * (n - 1)
        assert ref.winning(game, (n,) * n) == [ell]
        assert [m.label for m in solve(game, (n,) * n).winning_moves] == ["eat (2, 2)"]


def test_exercise_1_8_chomp_2x4_plus_heap_4() -> None:
    a = solve(Sum(Chomp(), Nim()), ((4, 4), 4))
    assert a.grundy == 5 ^ 4
    assert [m.label for m in a.winning_moves] == ["in game 1: eat (1, 4)", "in game 1: eat (2, 3)"]


@settings(max_examples=40, deadline=None)
@given(shapes)
def test_poisoned_is_normal_play_misere(shape: tuple[int, ...]) -> None:
    # chomp (poison never eaten, stuck player loses) == chomp:normal under misère play.
    assert Reference(Chomp()).outcome(shape) is Reference(Chomp(poisoned=False)).outcome(shape, misere=True)
    assert Reference(Chomp(poisoned=False)).outcome(shape) is Outcome.N


@settings(max_examples=40, deadline=None)
@given(shapes)
def test_transpose_is_the_same_game(shape: tuple[int, ...]) -> None:
    ref = Reference(Chomp())
    assert ref.grundy(shape) == ref.grundy(transpose(shape))
    assert Chomp().key(shape) == Chomp().key(transpose(shape))


def test_self_check_and_key_soundness() -> None:
    game = Chomp()
    sample = [(4, 4, 4), (4, 3, 1), (1,), (3, 2, 1), (5,), (2, 2, 2, 2, 2)]
    assert self_check(game, sample, [transpose]) == len(sample)
    assert self_check(Chomp(poisoned=False), [(), (3, 3), (2, 1)], [transpose]) == 3
    every = [
        tuple(sorted(r, reverse=True)) for r in [(a, b, c) for a in range(1, 4) for b in range(4) for c in range(4)]
    ]
    assert key_merges_are_sound(game, [tuple(x for x in s if x) for s in every]) > 0


def test_text_forms() -> None:
    game = Chomp()
    assert game.parse("3x4") == (4, 4, 4)
    assert game.parse("staircase 4") == (4, 3, 2, 1)
    assert game.format((4, 3, 1)) == "4 3 1"
    with pytest.raises(ValueError, match="must not increase"):
        game.parse("1 3")


def test_cli(capsys: pytest.CaptureFixture[str]) -> None:
    data = solve_json(capsys, "chomp", "2x5")
    assert data["winner"] == "first" and [m["position"] for m in data["winning_moves"]] == ["5 4"]
    assert solve_json(capsys, "chomp", "4", "3")["winner"] == "second"
    assert solve_json(capsys, "chomp:normal", "3x3")["winner"] == "first"
    assert solve_json(capsys, "chomp:normal", "5", "4", "--misere")["winner"] == "second"
    assert "poisoned" in solve_error(capsys, "chomp", "0x4")


def test_explanation_is_strategy_stealing() -> None:
    text = solve(Chomp(), (4, 4, 4)).explanation
    assert "Strategy stealing" in text and "eat (2, 3)" in text
    assert "lengths a and b (here 4 and 2)" in solve(Chomp(), (4, 2)).explanation
    assert "columns" in solve(Chomp(), (2, 2, 1)).explanation
    assert "mex" in solve(Chomp(), (3, 2, 1)).explanation  # no theory: the mex rule
