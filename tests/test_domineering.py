"""Domineering: literature values, orientation, components and symmetry keys against plain play."""

from __future__ import annotations

import pytest
from hypothesis import given, settings

import zermelo as z
from partisan_check import check_position, grid_boards
from zermelo.errors import InvalidPosition
from zermelo.games import Domineering

D = Domineering()


def value(text: str) -> str:
    return str(z.canonical_form(D, D.parse(text)))


@pytest.mark.parametrize(
    ("board", "expected"),
    [
        ("..", "-1"),  # one row: only Right (horizontal) fits
        (".|.", "1"),  # one column: only Left (vertical) fits
        ("..|..", "±1"),
        ("...|...", "{2|-1/2}"),  # 2 rows x 3 columns (Left vertical): {2|-1/2}
        (".|.|.", "1"),
        ("..|..|..", "{1/2|-2}"),  # the transpose is the negative
        ("...|...|...", "±1"),
        ("....", "-2"),
        ("#.|..", "*"),
        ("....|....|....|....", "{0,{{2|0},{2||2|0}|{2|0},{2|0||0}}|0,{{0|-2},{0||0|-2}|{0|-2},{0|-2||-2}}}"),
        ("#.#|...|#.#", "*"),  # a plus sign: every move leaves only single cells
    ],
)
def test_golden(board: str, expected: str) -> None:
    assert value(board) == expected


def test_two_by_three_mean_and_temperature() -> None:
    g = z.canonical_form(D, D.parse("...|..."))
    assert (str(g.mean), str(g.temperature)) == ("3/4", "5/4")


def test_four_by_four_is_a_self_negative_first_player_win() -> None:
    g = z.canonical_form(D, D.parse("....|....|....|...."))
    assert -g is g
    assert str(g.outcome) == "N"


def test_text_form_and_errors() -> None:
    assert D.format(D.parse("..#|x..")) == "..#|#.."
    for bad in ("", "..|.", "..|.?"):
        with pytest.raises(InvalidPosition):
            D.parse(bad)


boards = grid_boards(4, 4, ".....#")


@settings(max_examples=60, deadline=None)
@given(boards)
def test_fast_value_matches_plain_play(board: str) -> None:
    check_position(D, D.parse(board))
