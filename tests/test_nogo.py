"""NoGo: values worked by hand, CGSuite's 3 × 3 = *, colour swap = negation, no group ever
without a liberty, the fast value against plain play."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings

import zermelo as z
from partisan_check import check_position, grid_boards
from zermelo.cgsuite import evaluate
from zermelo.core.errors import InvalidPosition
from zermelo.games._grid import CharGrid, char_neighbours
from zermelo.games.nogo import NoGo

G = NoGo()


@pytest.mark.parametrize(
    ("board", "expected"),
    [(".", "0"), ("..", "*"), ("x.o", "0"), ("...", "±1"), ("..#..", "0"), ("...|...|...", "*")],
)
def test_golden(board: str, expected: str) -> None:
    """3 × 3 = *: the note in CGSuite's NoGo class (M. Albert, 2011); the others by hand."""
    assert str(z.canonical_form(G, G.parse(board))) == expected


def _every_group_breathes(board: CharGrid) -> bool:
    _rows, _cols, cells = board
    for i, ch in enumerate(cells):
        if ch in "xo":
            seen, todo, free = {i}, [i], False
            while todo and not free:
                j = todo.pop()
                for n in char_neighbours(board, j):
                    free = free or cells[n] == "."
                    if cells[n] == ch and n not in seen:
                        seen.add(n)
                        todo.append(n)
            if not free:
                return False
    return True


def legal(board: str) -> CharGrid:
    """The board, or the test case dropped when a group has no liberty (NoGo refuses it)."""
    try:
        return G.parse(board)
    except InvalidPosition:
        assume(False)
        raise


def test_a_group_without_a_liberty_is_refused() -> None:
    # A make check drew 'xx|oo|..' (x has no liberty): no play reaches it, so it is refused.
    with pytest.raises(InvalidPosition, match="the x group at row 1, column 1 has no liberty"):
        G.parse("xx|oo|..")
    assert G.parse("x.|oo|..") == (3, 2, "x.oo..")


@settings(max_examples=10, deadline=None)
@given(grid_boards(3, 3, "xo...."))
def test_no_move_leaves_a_group_without_a_liberty(board: str) -> None:
    p = legal(board)
    for option in [*G.left_options(p), *G.right_options(p)]:
        assert _every_group_breathes(option)


def test_colour_swap_is_negation() -> None:
    for board in ("x...|..o.", "x..|.o.|..."):
        swapped = board.translate(str.maketrans("xo", "ox"))
        assert z.canonical_form(G, G.parse(swapped)) is -z.canonical_form(G, G.parse(board))


@settings(max_examples=12, deadline=None)
@given(grid_boards(3, 3, "xo...#"))
def test_fast_value_matches_plain_play(board: str) -> None:
    check_position(G, legal(board))


def test_cgsuite_name() -> None:
    assert evaluate('game.grid.NoGo("..").CanonicalForm') == "*"
