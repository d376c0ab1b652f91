"""Amazons: small values, burnt walls, colour swap = negation, fast value against plain play."""

from __future__ import annotations

import pytest
from hypothesis import given, settings

import zermelo as z
from partisan_check import check_position, grid_boards
from zermelo.core.errors import InvalidPosition
from zermelo.games.amazons import Amazons

A = Amazons()


@pytest.mark.parametrize(
    ("board", "expected"),
    [
        ("x.", "1"),  # move, then burn the cell left behind
        ("x..", "2"),
        ("x.o", "*"),  # whoever takes the middle leaves nobody a move
        ("x#o", "0"),
        ("x.#.o", "0"),  # walled apart: 1 + -1
    ],
)
def test_golden(board: str, expected: str) -> None:
    assert str(z.canonical_form(A, A.parse(board))) == expected


def test_a_board_equal_to_its_swapped_mirror_is_its_own_negative() -> None:
    g = z.canonical_form(A, A.parse("x...|o..."))
    assert g is -g
    assert g.outcome == z.partisan_outcome(A, A.parse("x...|o...")) == z.Outcome.N


def test_diagonal_moves_join_regions() -> None:
    # the amazon passes diagonally between two burnt cells: one region, not two
    assert len(A.components(A.parse("#.o|x#."))) == 1


def test_arrow_may_land_where_the_amazon_was() -> None:
    assert {A.format(p) for p in A.left_options(A.parse("x."))} == {"#x"}


def test_colour_swap_is_negation() -> None:
    for board in ("x..|.o.", "x...|o...", "xo.|...|#.o"):
        swapped = board.translate(str.maketrans("xo", "ox"))
        assert z.canonical_form(A, A.parse(swapped)) is -z.canonical_form(A, A.parse(board))


def test_errors() -> None:
    with pytest.raises(InvalidPosition, match="unexpected 'q'"):
        A.parse("xq")


@settings(max_examples=15, deadline=None)
@given(grid_boards(2, 3, "xo...#"))
def test_fast_value_matches_plain_play(board: str) -> None:
    check_position(A, A.parse(board))
