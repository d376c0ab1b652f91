"""Framed boards (8-column stride): regions, transpose and symmetry keys against the grid helpers."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from zermelo.games._frame import frame_key, frame_regions, frame_regions_after, frame_shape, framed, transpose
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


@settings(max_examples=150, deadline=None)
@given(small_boards(), st.data())
def test_regions_after_a_move_are_the_regions(board: Grid, data: st.DataObject) -> None:
    # A region less a domino (or one cell): the fill around the removed cells finds the regions
    # a full flood fill finds, split or not.
    regions_ = frame_regions(framed(board))
    if not regions_:
        return
    region = data.draw(st.sampled_from(regions_))
    cells = [1 << i for i in range(56) if region >> i & 1]
    first = data.draw(st.sampled_from(cells))
    pair = [c for c in cells if c in (first << 1, first << 8)]
    removed = first | (data.draw(st.sampled_from(pair)) if pair and data.draw(st.booleans()) else 0)
    left = region ^ removed
    assert sorted(frame_regions_after(left, removed)) == sorted(frame_regions(left))
