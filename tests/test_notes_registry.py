"""Every notes game is registered with its aliases, a working example and a usable table template."""

from __future__ import annotations

import pytest

from zermelo.games.registry import entries, entry, make_game
from zermelo.rules import Impartial

NAMES = {
    "staircase": (),
    "fibonacci": (),
    "divisor": (),
    "pokernim": ("poker-nim",),
    "rook": (),
    "queen": (),
    "chomp": (),
    "cram": ("dominos",),
    "splitnim": ("lasker",),
    "kayles": (),
    "greenhackenbush": ("green-hackenbush",),
    "northcott": (),
}


@pytest.mark.parametrize("name", sorted(NAMES))
def test_registered_with_aliases_and_example(name: str) -> None:
    e = entry(name)
    assert e.name == name and set(NAMES[name]) <= set(e.aliases)
    assert e in entries()
    for alias in NAMES[name]:
        assert entry(alias) is e
    spec, _, text = e.example.partition(" ")
    game = make_game(spec)
    assert isinstance(game, Impartial)
    position = game.parse(text.strip().strip('"'))
    assert game.parse(game.format(position)) == position


@pytest.mark.parametrize("name", sorted(n for n in NAMES if entry(n).table))
def test_table_template_cells_parse(name: str) -> None:
    e = entry(name)
    game = make_game(name)
    template = e.table
    assert template is not None
    cells = [template.format(r=r, c=c, n=r) for r in range(1, 5) for c in range(1, 5)]
    for cell in cells:
        assert game.parse(cell) is not None


def test_chomp_normal_spec() -> None:
    assert make_game("chomp:normal").spec() == "chomp:normal"
    assert make_game("chomp").spec() == "chomp"
