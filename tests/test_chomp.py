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
    text = solve(Chomp(), (5, 5, 5)).explanation
    assert "strategy stealing" in text and "eat (3, 4)" in text
    assert "lengths a and b (here 4 and 2)" in solve(Chomp(), (4, 2)).explanation
    assert "columns" in solve(Chomp(), (2, 2, 1)).explanation
    assert "mex" in solve(Chomp(), (3, 2, 1)).explanation  # no theory: the mex rule


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 8), st.integers(1, 8))
def test_l_shapes_are_two_nim_heaps(a: int, k: int) -> None:
    game = Chomp()
    shape = (a,) + (1,) * (k - 1)
    ref = Reference(game)
    formula = game.winning_moves_formula(shape)
    assert formula is not None
    assert sorted(m.position for m in formula) == sorted(ref.winning(game, shape))
    assert ref.grundy(shape) == (a - 1) ^ (k - 1)


def test_squares_have_one_winning_move_without_search() -> None:
    game = Chomp()
    for n in range(3, 8):
        formula = game.winning_moves_formula((n,) * n)
        assert formula is not None and [m.label for m in formula] == ["eat (2, 2)"]
        assert [game.format(m.position) for m in formula] == [" ".join([str(n)] + ["1"] * (n - 1))]
    # A side of 2,000: the closed form answers; the search could not.
    assert [m.label for m in game.winning_moves_formula((2000,) * 2000) or []] == ["eat (2, 2)"]


GOLDEN = {
    # Exercise 1.3(a): 2 x n and n x n, each with its strategy and its move.
    "2x5": (
        "On a 2 × n board (here n = 5) the first player eats the corner square (2, 5): the bottom row becomes one "
        'shorter than the top one (5 and 4). From that "one shorter" shape every bite leaves rows of equal length or '
        "a top row at least two longer, and one bite restores the one-shorter shape; she keeps restoring it until "
        "the opponent is left with only the poisoned square, so the player to move wins. The winning move: eat (2, 5)."
    ),
    "4x4": (
        "On a 4 × 4 square the first player eats (2, 2): that leaves an L, the top row and the left column, with two "
        "arms of 3 squares each beside the poisoned corner. From then on she mirrors: whatever the opponent eats from "
        "one arm, she eats as much from the other, so the arms stay equal and the opponent is the one left with only "
        "the poisoned square. Every other bite loses: it leaves a rectangle or keeps square (2, 2) for the opponent "
        "to eat, so the player to move wins. The winning move: eat (2, 2)."
    ),
    "8x8": "On an 8 × 8 square the first player eats (2, 2)",
    "5x2": "On an n × 2 board (here n = 5) the first player eats the corner square (5, 2)",
    "4 1 1 1": "The diagram is an L whose two arms (the rest of the top row and of the left column) have 3 squares",
}


@pytest.mark.parametrize("position", list(GOLDEN))
def test_golden_whys(capsys: pytest.CaptureFixture[str], position: str) -> None:
    assert solve_json(capsys, "chomp", position)["explanation"].startswith(GOLDEN[position])


def test_without_a_move_the_why_says_the_budget_stopped_it(capsys: pytest.CaptureFixture[str]) -> None:
    data = solve_json(capsys, "chomp", "7x9", "--budget", "1000")
    assert data["winner"] == "first" and data["winning_moves"] == [] and not data["winning_moves_listed"]
    why = data["explanation"]
    assert "first player wins by strategy stealing" in why and "not known within the budget" in why
    assert {"kind": "strategy stealing"} in data["reasons"]  # the page reads this, not the words
