"""Col and Snort on grids: small values, tinted cells, fast value against plain play."""

from __future__ import annotations

import pytest
from hypothesis import given, settings

import zermelo as z
from partisan_check import check_position, grid_boards
from zermelo.core.errors import InvalidPosition
from zermelo.games import Col, Snort

COL, SNORT = Col(), Snort()


@pytest.mark.parametrize(
    ("board", "col", "snort"),
    [
        (".", "*", "*"),
        ("..", "0", "±1"),
        ("...", "0", "±2"),
        ("L.", "-1", "1"),
        ("R.", "1", "-1"),
        ("L.R", "0", "0"),  # the cell touches both colours: nobody may colour it
        (".#.", "0", "0"),  # two separate cells: * + *
        ("..|..", "0", "0"),  # Snort: after either first move the reply to the far corner leaves {2|0} or {0|-2}
    ],
)
def test_golden(board: str, col: str, snort: str) -> None:
    assert str(z.canonical_form(COL, COL.parse(board))) == col
    assert str(z.canonical_form(SNORT, SNORT.parse(board))) == snort


def test_text_form_keeps_tints() -> None:
    assert COL.format(COL.parse("L..|...")) == "#l.|l.."
    assert COL.parse(COL.format(COL.parse("L..|..R"))) == COL.parse("L..|..R")


def test_errors() -> None:
    with pytest.raises(InvalidPosition, match="unexpected"):
        COL.parse("..Z")


boards = grid_boards(3, 4, "...LR#")


@settings(max_examples=30, deadline=None)
@given(boards)
def test_fast_value_matches_plain_play(board: str) -> None:
    check_position(COL, COL.parse(board))
    check_position(SNORT, SNORT.parse(board))
