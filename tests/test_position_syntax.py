"""Every game says how a position is written, with examples that parse (issue 30 item 16): in its
own rules class, which the web page's help shows."""

from __future__ import annotations

import pytest

from zermelo.games.registry import entries, make_game
from zermelo.web.app import games_json

GAMES = {g["name"]: g for g in games_json()}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_game_has_its_syntax_with_examples_that_parse(name: str) -> None:
    g = GAMES[name]
    rules = make_game(g["spec"])
    assert rules.syntax and rules.examples, name
    assert (g["syntax"], g["examples"]) == (rules.syntax, list(rules.examples))
    for example in rules.examples:
        position = rules.parse(example)
        assert rules.parse(rules.format(position)) == position or rules.key(
            rules.parse(rules.format(position))
        ) == rules.key(position)


@pytest.mark.parametrize("name", sorted(n for n, g in GAMES.items() if g["cell_symbols"]))
def test_a_grid_games_cells_write_its_boards(name: str) -> None:
    # The page's board editor writes rows of these characters: an empty board of an example's shape parses.
    rules = make_game(GAMES[name]["spec"])
    for example in rules.examples:
        if not example or example[0].isdigit():
            continue
        assert set(example) - {"|", "/"} <= set(rules.cell_symbols), (name, example)
        if name not in ("foxandgeese", "ceylonese", "northcott"):  # a board without its pieces is none of theirs
            rules.parse("".join(c if c in "|/" else rules.cell_symbols[0] for c in example))


def test_every_registered_game_is_on_the_page() -> None:
    assert {e.name for e in entries()} == set(GAMES)
