"""Konane: small values, walls, colour swap = negation, fast value against plain play."""

from __future__ import annotations

import pytest
from hypothesis import given, settings

import zermelo as z
from partisan_check import check_position, grid_boards
from zermelo.core.errors import InvalidPosition
from zermelo.games.konane import Konane

K = Konane()


@pytest.mark.parametrize(
    ("board", "expected"),
    [
        ("xo.", "1"),  # one jump for Left
        ("xo.o.", "1"),  # a double jump is still one move
        (".xo.", "*"),
        ("xx|oo", "0"),  # no jump at all
        ("xo.#.xo", "0"),  # walled apart: 1 + -1
        ("o.|x.|..", "-1"),
    ],
)
def test_golden(board: str, expected: str) -> None:
    assert str(z.canonical_form(K, K.parse(board))) == expected


def test_multiple_jumps_are_separate_options() -> None:
    assert sorted(K.format(p) for p in K.left_options(K.parse("xo.o."))) == ["....x", "..xo."]


def test_colour_swap_is_negation() -> None:
    for board in ("xo.o.", ".xo.o.o.|.o......|.x......", "xoo.|.x.o"):
        swapped = board.translate(str.maketrans("xo", "ox"))
        assert z.canonical_form(K, K.parse(swapped)) is -z.canonical_form(K, K.parse(board))


def test_errors() -> None:
    with pytest.raises(InvalidPosition, match="unexpected 'q'"):
        K.parse("xq")


@settings(max_examples=15, deadline=None)
@given(grid_boards(3, 3, "xo..#"))
def test_fast_value_matches_plain_play(board: str) -> None:
    check_position(K, K.parse(board))
