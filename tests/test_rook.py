"""The rook-move game: figure 1.2 of the notes is the nim-addition table."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cli_helper_games import solve_json
from selfcheck_games import Reference, key_merges_are_sound, self_check
from zermelo.games import Rook
from zermelo.search.engine import Engine

# Figure 1.2 as the notes print it (rows 0-10, columns 0-10).
FIGURE_1_2 = """
*0 *1 *2 *3 *4 *5 *6 *7 *8 *9 *10
*1 *0 *3 *2 *5 *4 *7 *6 *9 *8 *11
*2 *3 *0 *1 *6 *7 *4 *5 *10 *11 *8
*3 *2 *1 *0 *7 *6 *5 *4 *11 *10 *9
*4 *5 *6 *7 *0 *1 *2 *3 *12 *13 *14
*5 *4 *7 *6 *1 *0 *3 *2 *13 *12 *15
*6 *7 *4 *5 *2 *3 *0 *1 *14 *15 *12
*7 *6 *5 *4 *3 *2 *1 *0 *15 *14 *13
*8 *9 *10 *11 *12 *13 *14 *15 *0 *1 *2
*9 *8 *11 *10 *13 *12 *15 *14 *1 *0 *3
*10 *11 *8 *9 *14 *15 *12 *13 *2 *3 *0
"""


def test_figure_1_2_by_search() -> None:
    printed = [[int(w[1:]) for w in line.split()] for line in FIGURE_1_2.strip().splitlines()]
    ref = Reference(Rook())
    computed = [[ref.grundy((i, j)) for j in range(11)] for i in range(11)]
    assert computed == printed
    assert all(printed[i][j] == i ^ j for i in range(11) for j in range(11))
    # The notes' worked squares: row 3 column 2 is *1, row 3 column 5 is *6.
    assert computed[3][2] == 1 and computed[3][5] == 6


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 30), st.integers(0, 30))
def test_closed_forms_against_search(i: int, j: int) -> None:
    game = Rook()
    eng = Engine(game)
    assert eng.grundy((i, j)) == game.grundy_formula((i, j))
    formula = game.winning_moves_formula((i, j))
    assert formula is not None
    assert [m.position for m in formula] == [m.position for m in game.moves((i, j)) if eng.grundy(m.position) == 0]


def test_self_check_and_key() -> None:
    squares = [(i, j) for i in range(5) for j in range(5)]
    assert self_check(Rook(), squares, [lambda p: (p[1], p[0])]) == 25
    assert key_merges_are_sound(Rook(), squares) == 10


def test_cli(capsys: pytest.CaptureFixture[str]) -> None:
    data = solve_json(capsys, "rook", "3", "5")
    assert data["grundy"] == 6 and [m["move"] for m in data["winning_moves"]] == ["left 2 (to 3 3)"]


def test_explanation() -> None:
    from zermelo import solve

    assert "*3 + *5 = *6" in solve(Rook(), (3, 5)).explanation
