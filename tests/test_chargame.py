"""The char-grid games' base (games/_chargame.py): a position given from Python is checked by its
text's round trip; the direct check of a triple of the rules' own text form agrees with it; a
board of live cells alone is its one region."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from partisan_check import grid_boards
from zermelo.core.errors import InvalidPosition
from zermelo.games._grid import char_regions
from zermelo.games.amazons import Amazons
from zermelo.games.clobber import Clobber
from zermelo.games.fission import Fission
from zermelo.games.konane import Konane
from zermelo.rules import validate_by_text

RULES = [Konane, Amazons, Clobber, Fission]


def outcome(check: Any, rules: Any, position: Any) -> Any:
    try:
        return check(rules, position) is position
    except InvalidPosition:
        return "refused"


def positions() -> st.SearchStrategy[Any]:
    """Triples near the rules' own form (wrong sizes, aliases, separators, bools) and others."""
    size = st.one_of(st.integers(-1, 4), st.just(True), st.just(2.0))
    cells = st.text(alphabet="xo.#XO| ?", max_size=13)
    shaped = st.tuples(st.integers(1, 3), st.integers(1, 3)).flatmap(
        lambda rc: st.tuples(
            st.just(rc[0]), st.just(rc[1]), st.text("xo.#X|", min_size=rc[0] * rc[1], max_size=rc[0] * rc[1])
        )
    )
    return st.one_of(
        shaped, st.tuples(size, size, cells), st.tuples(size, size), st.lists(size, max_size=3), st.text(max_size=5)
    )


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(RULES), positions())
def test_the_direct_check_agrees_with_the_round_trip(cls: Any, position: Any) -> None:
    rules = cls()
    assert outcome(type(rules).validate, rules, position) == outcome(validate_by_text, rules, position)


@pytest.mark.parametrize("cls", RULES)
def test_every_example_is_accepted_directly(cls: Any) -> None:
    rules = cls()
    for text in rules.examples:
        position = rules.parse(text)
        assert rules.validate(position) is position


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from(RULES).flatmap(
        lambda c: st.tuples(st.just(c), grid_boards(3, 4, [x for x in "xo..#" if x in c.chars]))
    )
)
def test_a_board_of_live_cells_is_its_one_region_without_the_flood_fill(case: tuple[Any, str]) -> None:
    """``split`` of a board whose every cell is live skips the flood fill: the same parts as
    :func:`char_regions`; ``root_bytes`` is that one region's bytes as it stands, else None."""
    cls, board = case
    rules = cls()
    position = rules.parse(board)
    flooded = [r for r in char_regions(position, rules.live, rules.blank, diagonal=rules.diagonal) if not rules.dead(r)]
    assert rules.split(position) == flooded
    whole = all(c in rules.live for c in position[2])
    expected = bytes(position[:2]) + position[2].encode() if whole and flooded == [position] else None
    assert rules.root_bytes(position) == expected
