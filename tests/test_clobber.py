"""Clobber: small values, regions, symmetry/colour-swap keys against plain play."""

from __future__ import annotations

import pytest
from hypothesis import given, settings

import zermelo as z
from partisan_check import check_position, grid_boards
from zermelo.core.errors import InvalidPosition
from zermelo.games import Clobber

C = Clobber()


@pytest.mark.parametrize(
    ("board", "expected"),
    [
        ("xo", "*"),
        ("x.o", "0"),
        ("xoo", "v"),
        ("xxo", "^"),
        ("ox|xo", "*"),
        ("xox", "*"),
        ("xo..xo", "0"),  # two separate regions: * + * = 0
        ("xxxx", "0"),
    ],
)
def test_golden(board: str, expected: str) -> None:
    assert str(z.canonical_form(C, C.parse(board))) == expected


def test_colour_swap_is_negation() -> None:
    for board in ("xoo", "xxoo|o..x", "xox|oxo"):
        swapped = board.translate(str.maketrans("xo", "ox"))
        assert z.canonical_form(C, C.parse(swapped)) is -z.canonical_form(C, C.parse(board))


def test_errors() -> None:
    with pytest.raises(InvalidPosition, match="unexpected 'q'"):
        C.parse("xq")


boards = grid_boards(3, 4, "xo.")


@settings(max_examples=40, deadline=None)
@given(boards)
def test_fast_value_matches_plain_play(board: str) -> None:
    check_position(C, C.parse(board))
