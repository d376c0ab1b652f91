"""Treblecross on a board: the rules against the octal game 0.007, the notes-style why, the CLI."""

from __future__ import annotations

import json

import pytest

from zermelo.analysis import solve
from zermelo.cli import main
from zermelo.engine import Engine
from zermelo.games.treblecross import Treblecross
from zermelo.heaps.games import Octal
from zermelo.rules import Outcome

T = Treblecross()


def test_five_empty_cells_the_centre_wins() -> None:
    a = solve(T, T.parse("....."))
    assert a.outcome is Outcome.N
    assert [m.label for m in a.winning_moves] == ["X on cell 3"]
    assert "centre cell 3" in a.explanation and "mirror" in a.explanation


# Two cells are the exception: no three fit, so an X next to another costs nothing (the board
# game: the second X fills the row, a P-position; the heap 4 of 0.007 is an N-position).
@pytest.mark.parametrize("n", [n for n in range(15) if n != 2])
def test_an_empty_row_of_n_cells_has_the_outcome_of_the_octal_heap_n_plus_2(n: int) -> None:
    assert (Engine(T).grundy((n, 0)) == 0) == (Engine(Octal("0.007")).grundy(n + 2) == 0)


def test_completing_three_wins_at_once() -> None:
    a = solve(T, T.parse("XX..X"))
    assert a.winning_moves[0].label == "X on cell 3 (three in a row)"
    assert a.explanation.startswith("X on cell 3 completes three in a row, so the player to move wins")
    assert a.remoteness == 1


def test_every_cell_dangerous_loses() -> None:
    a = solve(T, T.parse("X..X"))
    assert a.outcome is Outcome.P
    assert "every empty cell is within two cells of an X" in a.explanation


def test_cli_board_and_json(capsys) -> None:
    assert main(["solve", "treblecross", "X.....X..X......", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["position"] == "X.....X..X......" and data["outcome"] in ("N", "P")
    for m in data["winning_moves"]:
        assert m["move"].startswith("X on cell ")
    assert main(["solve", "treblecross", "..O.."]) == 2
    assert capsys.readouterr().err.count("\n") == 1
    assert main(["table", "treblecross", "--size", "12"]) == 0
    assert main(["solve", "octal:0.007", "7"]) == 0  # the heap game stays available under its code


def test_reversed_rows_share_a_key() -> None:
    assert T.key(T.parse("X....")) == T.key(T.parse("....X"))
