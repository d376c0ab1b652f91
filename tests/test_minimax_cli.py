"""`zermelo negamax`: the issue's "done means" commands, JSON, --compare, --depth, errors."""

from __future__ import annotations

import json

import pytest

from cli_helper_games import run


def test_tictactoe_is_a_draw_with_node_counts(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "negamax", "tictactoe", ".........")
    assert status == 0
    assert "value       draw" in out
    assert "nodes       875 searched" in out
    assert "best moves  X a1, X b1, X c1, X a2, X b2, X c2, X a3, X b3, X c3" in out


def test_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "negamax", "tictactoe", "XX.OO....", "--json")
    data = json.loads(out)
    assert status == 0
    assert (data["value"], data["outcome"], data["distance"]) == (1, "win", 1)
    assert data["best_moves"] == [{"move": "X c1", "position": "XXXOO...."}]
    assert data["pv"] == ["X c1"] and data["nodes"] > 0


def test_compare_shows_what_each_technique_saves(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "negamax", "tictactoe", "X...O....", "--compare", "--json")
    data = json.loads(out)
    assert status == 0
    assert [m["method"] for m in data["methods"]] == ["minimax", "alphabeta", "alphabeta+table", "mtdf"]
    assert [m["nodes"] for m in data["methods"]] == [7332, 871, 196, 175]
    status, out, _ = run(capsys, "negamax", "tictactoe", "X...O....", "--compare")
    assert "minimax" in out and "7,332" in out


def test_empty_tictactoe_board_by_default(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "negamax", "mnk:3,2,3")
    assert status == 0 and "draw" in out


def test_depth_limit_is_labelled_heuristic(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "negamax", "mnk:4,4,4", "................", "--depth", "2")
    assert status == 0 and "heuristic" in out


def test_connect4_small_board(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "negamax", "connect4:6x4", "", "--json")
    data = json.loads(out)
    assert status == 0 and data["outcome"] == "loss" and data["method"] == "compiled"


def test_stone_game_score(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "negamax", "stone-game:5,3,4,5")
    assert status == 0 and "+1 (score difference" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("tictactoe", "XX"), "9 cells"),
        (("tictactoe", "XXXOOO..."), "both players"),
        (("tictactoe", "OO......."), "X moves first"),
        (("connect4", "4444444"), "full column"),
        (("connect4:9", ""), "COLUMNSxROWS"),
        (("nim", "3"), "not a scored game"),
        (("stone-game-iv", "7", "--depth", "0"), "--depth: must be a whole number from 1"),
        (("tictactoe", ".........", "--compare", "--depth", "3"), "leave out --depth"),
        (("nosuchgame", "1"), "unknown game"),
        (("connect4", "", "--budget", "100"), "budget of 100,000 positions"),
    ],
)
def test_errors_are_one_line_exit_2(capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], message: str) -> None:
    status, out, err = run(capsys, "negamax", *argv)
    assert status == 2 and out == ""
    assert message in err and err.count("\n") == 1


def test_compare_marks_techniques_over_budget(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "negamax", "connect4:4x4", "1234", "--compare", "--budget", "3000", "--json")
    data = json.loads(out)
    rows = {m["method"]: m for m in data["methods"]}
    assert status == 0
    assert rows["minimax"]["stopped"] and rows["minimax"]["value"] is None
    assert not rows["compiled"]["stopped"] and rows["compiled"]["value"] == rows["mtdf"]["value"] == 0


def test_play_uses_move_values_from_the_start(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # `zermelo play` (another module) asks minimax.move_values for hints; "" is the empty board.
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO("hint\nquit\n"))
    status, out, _ = run(capsys, "play", "connect4:4x4", "")
    assert status == 0 and "hint: X" in out and "[draw]" in out


def test_negamax_says_why(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "negamax", "tictactoe", "X.O......")
    assert code == 0
    assert "  why: Backward induction (negamax)" in out
    assert "Best play (X first): X a2, O a3, X b2, O b1, X c2; X wins in 5 plies." in out
    code, out, _ = run(capsys, "negamax", "stone-game-iv", "7", "--json")
    data = json.loads(out)
    assert data["explanation"].endswith("the player to move loses in 4 plies: no move avoids it.")
    code, out, _ = run(capsys, "negamax", "tictactoe", ".........", "--depth", "2")
    assert "the value is an estimate, not a proof" in out


def test_a_weak_solve_says_what_it_knows(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "negamax", "connect4:5x4", "", "--weak")
    assert code == 0 and "why: Only who wins was solved (a weak solve, no distance and no line of play): a draw." in out


def test_one_ply_is_singular(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "negamax", "tictactoe", "XX.OO....")
    assert status == 0
    assert "X wins in 1 ply." in out and "1 plies" not in out


@pytest.mark.parametrize(
    ("game", "position", "strength"),
    [
        ("connect4:5x4", "12", "--strong"),  # a loss in 18 plies
        ("connect4:5x4", "1", "--weak"),  # a win
        ("connect4:5x4", "", "--weak"),  # a draw: no proof for each move that keeps it
        ("tictactoe", "", "--strong"),  # the generic search
    ],
)
def test_value_only_gives_the_same_value_with_fewer_positions(
    capsys: pytest.CaptureFixture[str], game: str, position: str, strength: str
) -> None:
    _, out, _ = run(capsys, "negamax", game, position, strength, "--json")
    whole = json.loads(out)
    status, out, _ = run(capsys, "negamax", game, position, strength, "--json", "--value-only")
    alone = json.loads(out)
    assert status == 0 and alone["best_moves"] is None and alone["pv"] is None
    keys = ("value", "outcome", "distance", "weak")
    assert [alone[k] for k in keys] == [whole[k] for k in keys]
    # The generic search counts the value's positions alone either way; the compiled solver's
    # count includes the proofs of the moves, which --value-only skips.
    assert alone["nodes"] < whole["nodes"] if game.startswith("connect4") else alone["nodes"] == whole["nodes"]
    status, out, _ = run(capsys, "negamax", game, position, strength, "--value-only")
    assert "best moves  not searched (--value-only)" in out and "why: Only " in out


def test_value_only_goes_with_one_answer(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "negamax", "tictactoe", "", "--value-only", "--compare")
    assert status == 2 and out == "" and "leave out --trace and --compare" in err
