"""Grid bitboards: the table-driven mirror keys and region splitting against direct definitions."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from zermelo.cli import main
from zermelo.core.errors import InvalidPosition
from zermelo.games._grid import (
    CharGrid,
    Grid,
    char_images,
    char_orbit,
    char_regions,
    crop,
    mirror_key,
    mirror_key_transposed,
    regions,
    transposed,
)
from zermelo.games.registry import make_game


def cells(board: Grid) -> set[tuple[int, int]]:
    rows, cols, bits = board
    return {(r, c) for r in range(rows) for c in range(cols) if bits >> (r * cols + c) & 1}


def from_cells(rows: int, cols: int, on: set[tuple[int, int]]) -> Grid:
    return (rows, cols, sum(1 << (r * cols + c) for r, c in on))


def images(board: Grid) -> list[Grid]:
    """The four images under the mirrors that keep rows as rows, written cell by cell."""
    rows, cols, _ = board
    on = cells(board)
    return [
        from_cells(rows, cols, {(fr(r), fc(c)) for r, c in on})
        for fr in (lambda r: r, lambda r: rows - 1 - r)
        for fc in (lambda c: c, lambda c: cols - 1 - c)
    ]


@st.composite
def boards(draw: st.DrawFn, max_cols: int = 14) -> Grid:
    rows = draw(st.integers(1, 6))
    cols = draw(st.integers(1, max_cols))  # past 12 columns the keys take the table-free path
    return (rows, cols, draw(st.integers(0, (1 << (rows * cols)) - 1)))


@settings(max_examples=300, deadline=None)
@given(boards())
def test_mirror_keys_are_the_least_image(board: Grid) -> None:
    rows, cols, _ = board
    assert mirror_key(board) == (rows, cols, min(b[2] for b in images(board)))
    flipped = transposed(board)
    assert cells(flipped) == {(c, r) for r, c in cells(board)}
    assert mirror_key_transposed(board) == (cols, rows, min(b[2] for b in images(flipped)))
    assert mirror_key(board, transpose=True) == min(mirror_key(board), mirror_key_transposed(board))


@settings(max_examples=300, deadline=None)
@given(boards(max_cols=9))
def test_regions_partition_the_cells_and_are_cropped(board: Grid) -> None:
    parts = regions(board)
    assert sum(len(cells(p)) for p in parts) == len(cells(board))
    for p in parts:
        assert p == crop(p)  # already tight
        assert len(regions(p)) == 1  # connected
    assert regions(board, singles=False) == [p for p in parts if len(cells(p)) > 1]


def test_crop_cuts_to_the_bounding_box() -> None:
    assert crop((3, 4, 0b0000_0110_0000)) == (1, 2, 0b11)
    assert crop((3, 3, 0b010_000_001)) == (3, 2, 0b10_00_01)
    assert crop((2, 2, 0)) == (0, 0, 0)


# ------------------------------------------------------------------ bad boards name their cell
BAD_BOARDS = [
    ("domineering", "..|.q", "'q' at row 2, column 2"),
    ("cram", "...|..q", "'q' at row 2, column 3"),
    ("clobber", "xo|oq", "'q' at row 2, column 2"),
    ("konane", "x?.", "'?' at row 1, column 2"),
    ("amazons", "x..|.z.", "'z' at row 2, column 2"),
    ("fission", "..|x.|.y", "'y' at row 3, column 2"),
    ("col", "L.|..|q.", "'q' at row 3, column 1"),
    ("toads", "TT..FF T.Q", "'Q' at row 2, column 3"),
    ("toppling", "BRQ", "'Q' at row 1, column 3"),
    ("backsliding", "T.Z", "'Z' at row 1, column 3"),
    ("northcott", "W.B|BqW", "'q' at row 2, column 2"),
    ("tictactoe", "X.O.Q....", "'Q' at row 2, column 2"),
    ("konane", "xo.|x", "row 2 has 1 cell, row 1 has 3"),
    ("cram", "...|..", "row 2 has 2 squares, row 1 has 3"),
]


@pytest.mark.parametrize(("game", "text", "where"), BAD_BOARDS)
def test_a_bad_board_names_the_row_and_column(game: str, text: str, where: str) -> None:
    with pytest.raises(InvalidPosition) as info:
        make_game(game).parse(text)
    message = str(info.value)
    assert where in message and "\n" not in message


def test_the_cli_says_it_in_one_line_with_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["value", "clobber", "xox|oqo"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "unexpected 'q' at row 2, column 2" in err


@st.composite
def char_boards(draw: st.DrawFn) -> CharGrid:
    rows, cols = draw(st.integers(1, 5)), draw(st.integers(1, 6))
    return (rows, cols, "".join(draw(st.lists(st.sampled_from("xo..#?"), min_size=rows * cols, max_size=rows * cols))))


def regions_cell_by_cell(board: CharGrid, live: str, blank: str, diagonal: bool) -> list[CharGrid]:
    """The definition: grow each region from its first unseen live cell, crop it, blank the rest."""
    rows, cols, cells = board
    seen: set[int] = set()
    out = []
    for s in range(rows * cols):
        if s in seen or cells[s] not in live:
            continue
        comp, todo = {s}, [s]
        while todo:
            r, c = divmod(todo.pop(), cols)
            for dr in (-1, 0, 1):
                for dc in (-1, 0, 1):
                    near = (dr == 0) != (dc == 0) or (diagonal and dr and dc)
                    i = (r + dr) * cols + c + dc
                    if near and 0 <= r + dr < rows and 0 <= c + dc < cols and i not in comp and cells[i] in live:
                        comp.add(i)
                        todo.append(i)
        seen |= comp
        rs, cs = [i // cols for i in comp], [i % cols for i in comp]
        r0, c0, h, w = min(rs), min(cs), max(rs) - min(rs) + 1, max(cs) - min(cs) + 1
        text = "".join(
            cells[(r0 + y) * cols + c0 + x] if (r0 + y) * cols + c0 + x in comp else blank
            for y in range(h)
            for x in range(w)
        )
        out.append((h, w, text))
    return out


@settings(max_examples=60, deadline=None)
@given(char_boards(), st.booleans())
def test_char_regions_are_the_connected_live_cells(board: CharGrid, diagonal: bool) -> None:
    for live, blank in (("xo.", "#"), ("x.", "?")):
        assert char_regions(board, live, blank, diagonal=diagonal) == regions_cell_by_cell(board, live, blank, diagonal)


@settings(max_examples=60, deadline=None)
@given(char_boards(), st.booleans())
def test_char_images_and_the_least_shape(board: CharGrid, turns: bool) -> None:
    rows, cols, cells = board
    at = {(r, c): cells[r * cols + c] for r in range(rows) for c in range(cols)}
    images = char_images(board, turns=turns)
    for h, w, text in images:  # each image is the board moved by a symmetry: rows or columns read backwards
        assert sorted(text) == sorted(cells) and {h, w} == {rows, cols}
    plain = {
        "".join(at[(r, c)] for r in rr for c in cc)
        for rr in (range(rows), range(rows)[::-1])
        for cc in (range(cols), range(cols)[::-1])
    }
    assert {t for h, _, t in images if h == rows} >= plain
    h, w, texts = char_orbit(board, turns=turns)
    assert min((h, w, t) for t in texts) == min(images)
