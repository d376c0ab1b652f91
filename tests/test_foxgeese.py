"""Fox and Geese: the moves, small values worked by hand, every loopy value against the engine's
search with draws on random small boards, the mirror key."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from zermelo.draws import loopy_outcome
from zermelo.errors import InvalidPosition
from zermelo.games.foxgeese import FoxAndGeese
from zermelo.values.loopy_form import loopy_facts, loopy_value
from zermelo.values.stopper import outcome_class

G = FoxAndGeese()


def test_moves() -> None:
    p = G.parse("G...|..F.|....")
    assert [G.format(o) for o in G.left_options(p)] == ["....|.GF.|...."]  # down only, onto empty cells
    fox = sorted(G.format(o) for o in G.right_options(p))
    assert fox == ["G...|....|...F", "G...|....|.F..", "G..F|....|....", "GF..|....|...."]


@pytest.mark.parametrize(("board", "value"), [("F.|.G", "0"), (".F|G.", "0"), ("G..|...|..F", "*")])
def test_golden(board: str, value: str) -> None:
    assert loopy_facts(loopy_value(G, G.parse(board)))["cgsuite"] == value


def _board(cells: list[str], fox: int, cols: int) -> str:
    cells = list(cells)
    cells[fox] = "F"
    return "|".join("".join(cells[i : i + cols]) for i in range(0, len(cells), cols))


boards = st.integers(2, 3).flatmap(
    lambda rows: st.integers(2, 3).flatmap(
        lambda cols: st.tuples(
            st.lists(st.sampled_from("G..."), min_size=rows * cols, max_size=rows * cols),
            st.integers(0, rows * cols - 1),
            st.just(cols),
        )
    )
)


@settings(max_examples=10, deadline=None)
@given(boards)
def test_every_value_has_the_searched_outcome_with_draws(b: tuple[list[str], int, int]) -> None:
    p = G.parse(_board(*b))
    assert outcome_class(loopy_value(G, p)) == loopy_outcome(G, p)


def test_the_mirror_is_one_key() -> None:
    assert G.key(G.parse("G..|...|.F.")) == G.key(G.parse("..G|...|.F."))


def test_errors() -> None:
    with pytest.raises(InvalidPosition, match="exactly one fox"):
        G.parse("G.|..")
    with pytest.raises(InvalidPosition, match="unexpected 'q' at row 1, column 2"):
        G.parse("Gq|.F")
