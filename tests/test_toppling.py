"""Toppling Dominoes: small values, reversal and colour swap, fast value against plain play."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import zermelo as z
from partisan_check import check_position
from zermelo.core.errors import InvalidPosition
from zermelo.games import TopplingDominoes

T = TopplingDominoes()


@pytest.mark.parametrize(
    ("row", "expected"),
    [
        ("B", "1"),
        ("BB", "2"),
        ("BR", "*"),
        ("G", "*"),
        ("GG", "*2"),
        ("BRB", "1/2"),
        ("B R", "0"),
        ("BBR", "{1|0}"),  # Left: 0, *, 1, -1; Right: 0, 2
    ],
)
def test_golden(row: str, expected: str) -> None:
    assert str(z.canonical_form(T, T.parse(row))) == expected


def test_reverse_and_swap() -> None:
    for row in ("BBRG", "BRRBG", "GBR"):
        assert z.canonical_form(T, T.parse(row[::-1])) is z.canonical_form(T, T.parse(row))
        swapped = row.translate(str.maketrans("BR", "RB"))
        assert z.canonical_form(T, T.parse(swapped)) is -z.canonical_form(T, T.parse(row))


def test_errors() -> None:
    with pytest.raises(InvalidPosition, match="unexpected 'X' at row 1, column 2"):
        T.parse("BXR")


@settings(max_examples=60, deadline=None)
@given(st.lists(st.text("BRG", min_size=1, max_size=6), min_size=1, max_size=2))
def test_fast_value_matches_plain_play(rows: list[str]) -> None:
    check_position(T, T.parse(" ".join(rows)))


def test_cgsuite_strip() -> None:
    """CGSuite's strip l.rl: a toppled domino knocks over the gaps too, so it is BRB = 1/2."""
    from zermelo.cgsuite import evaluate

    assert evaluate('game.strip.TopplingDominoes("l.rl").CanonicalForm') == "1/2"


@settings(max_examples=40, deadline=None)
@given(st.text("lre.", max_size=6))
def test_cgsuite_listing_is_the_rules_options(strip: str) -> None:
    """CGSuite's list of a strip's options, its strips read as rows, are the rules' options (the
    list has repeats: two strips, or one domino toppled either way, may leave the same rows)."""
    from zermelo.games.toppling import cgsuite_listed, cgsuite_strip

    row = T.parse(cgsuite_strip(strip)) if strip else ()
    for left in (True, False):
        listed = {T.parse(cgsuite_strip(s)) for s in cgsuite_listed(T, strip, left)}
        assert listed == set(T.left_options(row) if left else T.right_options(row))
        assert all(len(s) == len(strip) for s in cgsuite_listed(T, strip, left))
