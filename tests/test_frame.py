"""Framed boards (8-column stride): regions, transpose and symmetry keys against the grid helpers."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from zermelo.games._frame import frame_key, frame_regions, frame_shape, framed, transpose
from zermelo.games._grid import Grid, mirror_key, mirror_key_transposed, regions


@st.composite
def small_boards(draw: st.DrawFn) -> Grid:
    rows, cols = draw(st.integers(1, 7)), draw(st.integers(1, 7))
    return (rows, cols, draw(st.integers(0, (1 << (rows * cols)) - 1)))


@settings(max_examples=200, deadline=None)
@given(small_boards())
def test_regions_and_keys_are_the_grid_ones(board: Grid) -> None:
    rows, cols, bits = board
    b = framed(board)
    assert [b >> (8 * r) & 0xFF for r in range(rows)] == [bits >> (cols * r) & ((1 << cols) - 1) for r in range(rows)]
    want = sorted(framed(p) for p in regions(board, singles=False))
    got = frame_regions(b)
    assert sorted(got) == want  # the same regions, each moved to the top left corner
    for part in got:
        h, w = frame_shape(part)
        grid = (h, w, sum(((part >> (8 * r)) & ((1 << w) - 1)) << (w * r) for r in range(h)))
        assert framed(grid) == part
        on = [(r, c) for r in range(h) for c in range(w) if part >> (8 * r + c) & 1]
        assert transpose(part) == framed((w, h, sum(1 << (c * h + r) for r, c in on)))
        plain, turned = framed(mirror_key(grid)), framed(mirror_key_transposed(grid))
        key = frame_key(part)
        if h < w:
            assert key == (plain, False)
        elif h > w:
            assert key == (turned, True)
        else:
            assert key == min((plain, False), (turned, True))
