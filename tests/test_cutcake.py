"""Cutcake: strips are integers, turned pieces are negatives, fast value against plain play."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import zermelo as z
from partisan_check import check_position
from zermelo.core.errors import InvalidPosition
from zermelo.games import Cutcake

C = Cutcake()


def value(text: str) -> str:
    return str(z.canonical_form(C, C.parse(text)))


def test_strips_are_integers() -> None:
    assert [value(f"1x{n}") for n in range(1, 7)] == ["0", "1", "2", "3", "4", "5"]
    assert [value(f"{n}x1") for n in range(1, 7)] == ["0", "-1", "-2", "-3", "-4", "-5"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [("2x2", "0"), ("2x3", "0"), ("2x4", "1"), ("3x2", "0"), ("4x2", "-1"), ("1x3 3x1", "0"), ("2x8", "3")],
)
def test_golden(text: str, expected: str) -> None:
    assert value(text) == expected


def test_errors() -> None:
    for bad, message in (
        ("3x", "pieces are RxC"),
        ("10001x0", "rows must be a whole number from 0 to 10,000"),
        ("200x200", "at most 10,000 cells"),
        ("", "give pieces"),
    ):
        with pytest.raises(InvalidPosition, match=message):
            C.parse(bad)


@settings(max_examples=20, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 4), st.integers(1, 4)), min_size=1, max_size=2))
def test_fast_value_matches_plain_play(pieces: list[tuple[int, int]]) -> None:
    check_position(C, C.parse(" ".join(f"{r}x{c}" for r, c in pieces)))
