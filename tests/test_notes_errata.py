"""docs/games.md's "mistakes found in the notes", each checked by running zermelo."""

from __future__ import annotations

import json

from zermelo.cli import main


def _solve(capsys, *argv: str) -> dict:
    assert main(["solve", *argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_misere_nim_rule_of_001_is_backwards(capsys) -> None:
    assert _solve(capsys, "nim", "1", "1", "--misere")["outcome"] == "N"  # XOR 0, all <= 1: the notes say losing
    assert _solve(capsys, "nim", "2", "2", "--misere")["outcome"] == "P"  # XOR 0, a pile > 1: the notes say winning
    assert _solve(capsys, "nim", "1", "1", "1", "--misere")["outcome"] == "P"  # odd number of 1s: right in the notes


def test_dag_example_of_001_has_value_0_at_vertex_0(capsys) -> None:
    graph = "0->1, 0->2, 1->3, 2->3"
    values = [_solve(capsys, "digraph", graph, v)["grundy"] for v in "0123"]
    assert values == [0, 1, 1, 0]  # the notes print [2, 1, 1, 0]


def test_nim_example_of_000_is_13_23_26(capsys) -> None:
    data = _solve(capsys, "nim", "13", "23", "28")
    assert sorted(m["position"] for m in data["winning_moves"]) == ["11 23 28", "13 17 28", "13 23 26"]


def test_chomp_is_misere_play_on_the_full_board(capsys) -> None:
    # Not a mistake: poisoned-square Chomp = misère play on the whole diagram.
    for board in ("3x4", "2x5", "4 3 1", "3x3"):
        a = _solve(capsys, "chomp", board)["outcome"]
        b = _solve(capsys, "chomp:normal", board, "--misere")["outcome"]
        assert a == b, board
