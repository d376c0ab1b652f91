"""canonical_form on impartial rules agrees with the impartial engine: *n is Grundy value n."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import zermelo as z
from zermelo.analyses.canonical import canonical_form
from zermelo.games import Digraph, Nim, Square, Subtraction, Wythoff
from zermelo.values import star


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 7), min_size=1, max_size=3).map(tuple))
def test_nim(heaps: tuple[int, ...]) -> None:
    v = canonical_form(Nim(), heaps)
    assert v is star(z.grundy(Nim(), heaps))


def test_subtraction_and_square_sequences() -> None:
    for game in (Subtraction({1, 3, 4}), Square()):
        for n in range(40):
            assert canonical_form(game, n) is star(z.grundy(game, n)), (game, n)


def test_wythoff_small() -> None:
    w = Wythoff()
    for a in range(7):
        for b in range(7):
            assert canonical_form(w, (a, b)) is star(z.grundy(w, (a, b)))


@settings(max_examples=30, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 7), st.integers(0, 7)), max_size=16))
def test_acyclic_digraphs(edges: list[tuple[int, int]]) -> None:
    arcs = sorted({(a, b) for a, b in edges if a < b})  # a < b: no cycles
    text = ", ".join(f"v{a}->v{b}" for a, b in arcs) or "v0->v1"
    g = Digraph.from_text(text)
    for v in ("v0", "v1"):
        if v in text:
            assert canonical_form(g, g.parse(v)) is star(z.grundy(g, g.parse(v)))


def test_exported_from_the_package() -> None:
    assert z.canonical_form is canonical_form
    assert str(z.canonical_form(Nim(), (1, 2, 3))) == "0"


def test_budget_is_respected() -> None:
    import pytest

    from zermelo.core.errors import SearchLimitExceeded
    from zermelo.games import Domineering
    from zermelo.search.engine import Limits

    d = Domineering()
    with pytest.raises(SearchLimitExceeded):
        canonical_form(d, d.parse("......|......|......|......|......|......"), limits=Limits(max_positions=2000))


def test_a_shared_deadline_is_respected() -> None:
    # Limits.started() fixes one deadline for every search of an analysis; one already past stops
    # the value search at its next check (every 1,024 positions), whatever its own max_seconds.
    import time

    import pytest

    from zermelo.core.errors import SearchLimitExceeded
    from zermelo.games import Domineering
    from zermelo.search.engine import Limits

    d = Domineering()
    past = Limits(max_positions=100_000).replace(deadline=time.monotonic() - 1.0)
    with pytest.raises(SearchLimitExceeded, match="time budget"):
        canonical_form(d, d.parse("......|......|......|......|......|......"), limits=past)


def test_cram_values_are_its_grundy_values() -> None:
    from zermelo.games import Cram

    cram = Cram()
    for text in ("1x2", "2x2", "2x3", "3x3", "3x4", "2x5", "..#|...|#.."):
        pos = cram.parse(text)
        assert canonical_form(cram, pos) is star(z.grundy(cram, pos)), text


def test_green_hackenbush_agrees_with_all_green_blue_red_hackenbush() -> None:
    from zermelo.games import GreenHackenbush, Hackenbush

    green, brg = GreenHackenbush(), Hackenbush()
    for edges, word in (
        ("g-a-b-c, g-d", "GGG G"),
        ("g-a, a-b, a-c", "G(G,G)"),
        ("g-a-b, b-c, b-d, g-e", "GG(G,G) G"),
    ):
        pos = green.parse(edges)
        assert canonical_form(green, pos) is star(z.grundy(green, pos))
        assert canonical_form(brg, brg.parse(word)) is star(z.grundy(green, pos)), edges


def test_every_registered_impartial_example_is_its_grundy_nimber() -> None:
    """Each impartial game's own example: canonical_form is *grundy (loopy or huge ones excepted)."""
    import shlex

    from zermelo.commands.common import game_and_position
    from zermelo.core.errors import SearchLimitExceeded, Unsupported
    from zermelo.games.registry import entries
    from zermelo.search.engine import Limits

    checked = 0
    for e in entries():
        if e.kind != "impartial":
            continue
        spec, *words = shlex.split(e.example)
        game, pos = game_and_position(spec, words)
        try:
            value = canonical_form(game, pos, limits=Limits(max_positions=20_000, max_seconds=2.0))
        except (Unsupported, SearchLimitExceeded):
            continue  # loopy games have no canonical short form; big examples are not for a unit test
        assert value is star(z.grundy(game, pos)), e.example
        checked += 1
    assert checked >= 8


def test_a_position_valued_before_is_answered_without_a_search(monkeypatch: Any) -> None:
    """A root the rules' memo holds (the position or its negative) is answered before a search is
    set up; the answers are a fresh object's."""
    from zermelo.analyses import canonical
    from zermelo.games import Domineering

    made: list[int] = []

    class Counted(canonical._Walk):
        def __init__(self, *args: Any) -> None:
            made.append(1)
            super().__init__(*args)

    monkeypatch.setattr(canonical, "_Walk", Counted)
    monkeypatch.setattr(canonical, "_short", lambda *args: None)  # the long way's memo, not a kept walk's
    d = Domineering()
    wide = canonical_form(d, d.parse("...|..."))
    assert made == [1]
    assert canonical_form(d, d.parse("...|...")) is wide
    assert canonical_form(d, d.parse("..|..|..")) is -wide  # the transposed board: the negative, from the memo
    assert made == [1]
    fresh = Domineering()
    assert canonical_form(fresh, fresh.parse("..|..|..")) is -wide
    assert str(wide) == "{2|-1/2}"
