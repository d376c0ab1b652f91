"""Domineering: literature values, orientation, components and symmetry keys against plain play."""

from __future__ import annotations

import pytest
from hypothesis import given, settings

import zermelo as z
from partisan_check import check_position, grid_boards
from zermelo.core.errors import InvalidPosition
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
        ("........#..", "-5"),  # a region wider than the frame beside one in it (their keys sort together)
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


def _images(board: str) -> tuple[list[str], list[str]]:
    """The board's mirror images (same players) and its transposes' images (players swapped)."""
    rows = board.split("|")
    mirrors = {board, "|".join(r[::-1] for r in rows), "|".join(rows[::-1]), "|".join(r[::-1] for r in rows[::-1])}
    turned = "|".join("".join(r[c] for r in rows) for c in range(len(rows[0])))
    t_rows = turned.split("|")
    swapped = {turned, "|".join(r[::-1] for r in t_rows), "|".join(t_rows[::-1])}
    swapped.add("|".join(r[::-1] for r in t_rows[::-1]))
    return sorted(mirrors), sorted(swapped)


@settings(max_examples=80, deadline=None)
@given(grid_boards(4, 5, "....#"))
def test_symmetry_keys_agree_with_the_images(board: str) -> None:
    # Every image under the mirrors has the board's key and sign.  For one region, a quarter turn
    # has its key and the other sign, unless the least image is the same either way (the board
    # is then its own negative).  A board of several regions keys the sum of its regions' keys.
    d = Domineering()
    key, negated = d.value_key(d.parse(board))
    mirrors, swapped = _images(board)
    assert {d.value_key(d.parse(b)) for b in mirrors} == {(key, negated)}
    if len(d.components(d.parse(board))) != 1:
        return
    turned = {d.value_key(d.parse(b)) for b in swapped}
    assert {k for k, _ in turned} == {key}
    if {n for _, n in turned} != {not negated}:
        g = z.canonical_form(d, d.parse(board))
        assert g is -g


@settings(max_examples=12, deadline=None)
@given(grid_boards(2, 9, "...#"))
def test_boards_wider_than_the_frame_match_plain_play(board: str) -> None:
    # Up to 7 x 7 every region is keyed in the 8-column frame; 8 or 9 columns go by the grid
    # helpers until a move splits them into regions that fit.
    check_position(D, D.parse(board))


@pytest.mark.parametrize(("rows", "cols"), [(r, c) for r in range(1, 8) for c in range(1, 8)])
def test_a_full_rectangle_is_keyed_without_its_mirrors(rows: int, cols: int) -> None:
    """``frame_key`` of a full rectangle skips its mirror images (each is itself): the key the
    images give."""
    from zermelo.games._frame import _least_mirror, frame_key, framed, transpose

    b = framed((rows, cols, (1 << rows * cols) - 1))
    turned = _least_mirror(transpose(b), cols, rows)
    plain = _least_mirror(b, rows, cols) if rows <= cols else None
    images = (plain, False) if plain is not None and (rows < cols or plain <= turned) else (turned, True)
    assert frame_key(b) == images


@pytest.mark.parametrize(
    ("board", "one"),
    [("..|..", True), ("..#|...", True), ("#..|#..", False), (".#.|.#.", False), (".#|#.", False), ("..|.#|#.", False)],
)
def test_root_bytes_are_a_board_of_one_region_in_the_corner(board: str, one: bool) -> None:
    """The short way's bytes of a root (a framed board as it stands): only for one region in the
    corner of the frame, no lone cell (else the long way keys it)."""
    from zermelo.games._frame import framed

    position = D.parse(board)
    assert D.root_bytes(position) == (framed(position).to_bytes(8, "little") if one else None)
    assert D.root_bytes(D.parse("........")) is None  # wider than the frame
