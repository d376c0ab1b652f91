"""Amazons: small values, burnt walls, colour swap = negation, fast value against plain play."""

from __future__ import annotations

import itertools

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


def _looks(monkeypatch: pytest.MonkeyPatch, stop_after: int) -> list[tuple[int, int]]:
    """The budget's (positions, options) counters at each of its looks at the clock; the search
    is stopped (`Enough`) after ``stop_after`` looks, so a test runs only the first few."""
    from zermelo.core.budget import Budget

    seen: list[tuple[int, int]] = []
    look = Budget.look

    def counted(self: Budget, doing: str | None = None, **counters: int) -> None:
        look(self, doing, **counters)
        seen.append((self.positions, self.options))
        if len(seen) >= stop_after:
            raise _Enough

    monkeypatch.setattr(Budget, "look", counted)
    return seen


class _Enough(Exception):
    pass


def test_a_wide_position_is_valued_with_a_look_at_the_clock_every_few_hundred_options(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`play amazons` on a 10 × 10 board with --timeout 1 ran 4 s: the value's walk looked at the
    clock once a position, and keying the 3,682 options of the first position took 0.9 CPU s.  It
    looks every KEYS_PER_LOOK options now (counted by the budget's own counters, no clock read)."""
    from zermelo.analyses.canonical import KEYS_PER_LOOK

    board = A.parse("x.....|......|o....x|......|......|.o....")
    wide = len(list(A.left_options(board))) + len(list(A.right_options(board)))
    assert wide > 3 * KEYS_PER_LOOK
    monkeypatch.setattr(A, "compiled_step", lambda: None)  # the Python walk (the compiled one: test_compiled_walk.py)
    seen = _looks(monkeypatch, stop_after=4)
    with pytest.raises(_Enough):  # a time budget, as --timeout gives (without one only the cap is watched)
        z.canonical_form(A, board, limits=z.Limits(max_seconds=3600))
    options = [o for _, o in seen]
    assert options[1:] == [KEYS_PER_LOOK, 2 * KEYS_PER_LOOK, 3 * KEYS_PER_LOOK], seen  # within the first position
    assert {p for p, _ in seen} == {1}


def test_the_engine_looks_at_the_clock_every_few_hundred_options_of_a_wide_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The engine's search (the remoteness `play` shows) looked every 16 positions: 16 positions
    of a 5 × 5 board are about 2,700 options, 0.2 to 0.4 CPU s.  Now a look comes at least every
    1,024 options (CHECK_OPTIONS), or after the one position that passes them."""
    from zermelo.analyses.analysis import partisan_remoteness

    board = A.parse("x...o|.....|.....|.....|o...x")
    seen = _looks(monkeypatch, stop_after=6)
    with pytest.raises(_Enough):
        partisan_remoteness(A, [board], "left", limits=z.Limits(20_000))
    widest = 2 * 16 * 16  # two amazons to move, at most 16 cells to land on, then 16 to shoot at
    steps = [b[1] - a[1] for a, b in itertools.pairwise(seen)]
    assert steps and max(steps) <= 1024 + widest, steps


@settings(max_examples=25, deadline=None)
@given(grid_boards(3, 3, "xo..#"))
def test_cgsuite_listing_is_every_option_once(board: str) -> None:
    """CGSuite's order of the options (its Options list) holds exactly the moves of the rules."""
    p = A.parse(board)
    for left in (True, False):
        listed = A.cgsuite_options(p, left)
        assert sorted(listed) == sorted(A.left_options(p) if left else A.right_options(p))
