"""Split-nim (Lasker's Nim), the notes' exercise 1.10."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cli_helper_games import solve_json
from selfcheck_games import Reference, self_check
from zermelo import solve
from zermelo.games import SplitNim
from zermelo.games.splitnim import lasker_grundy
from zermelo.search.engine import Engine


def test_closed_form_against_search() -> None:
    values = Engine(SplitNim()).grundies(list(range(120)))
    assert values == [lasker_grundy(n) for n in range(120)]


def test_notes_heaps_1_to_4() -> None:
    # Exercise 1.10(a).
    assert [Engine(SplitNim()).grundy(n) for n in (1, 2, 3, 4)] == [1, 2, 4, 3]


def test_notes_winning_moves() -> None:
    # Exercise 1.10(b), (c), by plain search and by the analysis.
    game = SplitNim()
    ref = Reference(game)
    assert ref.winning(game, (1, 2, 3)) == [(1, 2, 1, 2)]
    assert [m.label for m in solve(game, (1, 2, 3)).winning_moves] == ["heap 3: 3 -> 1 + 2"]
    assert ref.winning(game, (1, 2, 4)) == []
    assert solve(game, (1, 2, 4)).winning_moves == []
    # (d): equal values only for equal sizes — the closed form is a bijection on 0..1000.
    assert len({lasker_grundy(n) for n in range(1001)}) == 1001


@settings(max_examples=30, deadline=None)
@given(st.lists(st.integers(0, 9), min_size=2, max_size=3))
def test_sums_against_plain_search(heaps: list[int]) -> None:
    game = SplitNim()
    assert Reference(game).grundy(tuple(heaps)) == game.grundy_formula(tuple(heaps))


def test_self_check() -> None:
    assert self_check(SplitNim(), [0, 4, (1, 2, 3), (2, 6)], [lambda p: p[::-1] if isinstance(p, tuple) else p]) == 4


def test_cli(capsys: pytest.CaptureFixture[str]) -> None:
    data = solve_json(capsys, "lasker", "1", "2", "3")
    assert data["grundy"] == 7 and [m["position"] for m in data["winning_moves"]] == ["1 2 1 2"]


def test_one_class_under_every_name() -> None:
    import zermelo as z
    from zermelo.games.registry import make_game

    assert SplitNim is z.heaps.LaskersNim
    for name in ("splitnim", "lasker", "laskersnim"):
        game = make_game(name)
        assert type(game) is SplitNim and game.spec() == "splitnim"
    assert str(SplitNim().code) == str(z.heaps.TakeAndBreak("4.3...").code)
