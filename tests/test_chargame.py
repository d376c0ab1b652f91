"""The char-grid games' base (games/_chargame.py): a position given from Python is checked by its
text's round trip; the direct check of a triple of the rules' own text form agrees with it."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from zermelo.core.errors import InvalidPosition
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
