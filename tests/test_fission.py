"""Fission: small values, the transpose is the negative, fast value against plain play."""

from __future__ import annotations

import pytest
from hypothesis import given, settings

import zermelo as z
from partisan_check import check_position, grid_boards
from zermelo.games.fission import Fission

F = Fission()


@pytest.mark.parametrize(
    ("board", "expected"),
    [
        (".|x|.", "1"),
        (".x.", "-1"),
        ("x", "0"),
        ("...|.x.|...", "0"),  # its own transpose
        (".####|x#.x.|.####", "0"),  # walled apart: 1 + -1
    ],
)
def test_golden(board: str, expected: str) -> None:
    assert str(z.canonical_form(F, F.parse(board))) == expected


def _transposed(board: str) -> str:
    rows = board.split("|")
    return "|".join("".join(col) for col in zip(*rows, strict=True))


def test_transpose_is_negation() -> None:
    for board in ("..|x.|..", "...|.x.|..x|...", ".x..|....|x..."):
        assert z.canonical_form(F, F.parse(_transposed(board))) is -z.canonical_form(F, F.parse(board))


@settings(max_examples=15, deadline=None)
@given(grid_boards(4, 4, "x...#"))
def test_fast_value_matches_plain_play(board: str) -> None:
    check_position(F, F.parse(board))
