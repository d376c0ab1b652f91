"""Flags may stand anywhere among a command's POSITION words."""

from __future__ import annotations

import json

import pytest

from zermelo.cli import main


def test_flag_before_the_position(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "nim", "--misere", "1", "1", "1"]) == 0
    assert "P: the second player" in capsys.readouterr().out


def test_json_flag_between_position_words(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "nim", "3", "--json", "4", "5"]) == 0
    assert json.loads(capsys.readouterr().out)["position"] == "3 4 5"


def test_compare_before_the_board(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["negamax", "tictactoe", "--compare", "........."]) == 0
    out = capsys.readouterr().out
    assert "minimax" in out and "alphabeta" in out


def test_unknown_flag_is_still_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "nim", "3", "--frobnicate"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--frobnicate" in err


def test_games_lists_whole_runnable_example_commands(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games"]) == 0
    examples = [
        line.split("example:", 1)[1].strip() for line in capsys.readouterr().out.splitlines() if "example:" in line
    ]
    assert examples and all(e.startswith(("zermelo solve ", "zermelo value ", "zermelo negamax ")) for e in examples)
