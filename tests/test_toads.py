"""Toads and Frogs: small values, walls of stuck pieces, fast value against plain play."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import zermelo as z
from partisan_check import check_position
from zermelo.core.errors import InvalidPosition
from zermelo.games import ToadsAndFrogs
from zermelo.games.toads import split_row

T = ToadsAndFrogs()


@pytest.mark.parametrize(
    ("row", "expected"),
    [
        ("T.", "1"),
        (".F", "-1"),
        ("T..", "2"),
        ("T.F", "*"),
        ("TF.", "0"),
        ("FT", "0"),
        ("TT.FF", "*"),
        ("T.F T.F", "0"),
    ],
)
def test_golden(row: str, expected: str) -> None:
    assert str(z.canonical_form(T, T.parse(row))) == expected


def test_walls_split_rows() -> None:
    assert split_row("T.TTFF.F") == ["T.", ".F"]
    assert split_row("FF.T") == []  # the toad at the right end is stuck too
    assert split_row("FF.T.") == [".T."]
    assert split_row("TFF.T.") == [".T."]
    assert split_row("T.TTF") == ["T."]


def test_mirror_swap_is_negation() -> None:
    for row in ("TT.F.", "T..FT.F", "T.F.F"):
        mirror = row[::-1].translate(str.maketrans("TF", "FT"))
        assert z.canonical_form(T, T.parse(mirror)) is -z.canonical_form(T, T.parse(row))


def test_errors() -> None:
    with pytest.raises(InvalidPosition, match="unexpected 'X' at row 1, column 2"):
        T.parse("TX.")


@settings(max_examples=60, deadline=None)
@given(st.text("TF..", min_size=1, max_size=8))
def test_fast_value_matches_plain_play(row: str) -> None:
    check_position(T, T.parse(row))
