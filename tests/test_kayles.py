"""Kayles (0.77) and Dawson's Kayles (0.07, the notes' 1 × n dominos)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cli_helper_games import solve_json
from selfcheck_games import Reference, self_check
from zermelo import grundy
from zermelo.games import Cram, DawsonKayles, Kayles
from zermelo.search.engine import Engine

UPTO = 300


@pytest.fixture(scope="module")
def kayles_values() -> list[int]:
    return [int(v) for v in Engine(Kayles()).grundies(list(range(UPTO)))]  # type: ignore[call-overload]


@pytest.fixture(scope="module")
def dawson_values() -> list[int]:
    return [int(v) for v in Engine(DawsonKayles()).grundies(list(range(UPTO)))]  # type: ignore[call-overload]


def test_kayles_closed_form_matches_search(kayles_values: list[int]) -> None:
    assert [Kayles().heap_grundy(n) for n in range(UPTO)] == kayles_values


def test_kayles_period_12_from_71(kayles_values: list[int]) -> None:
    g = kayles_values
    assert all(g[n] == g[n + 12] for n in range(71, UPTO - 12))
    assert g[70] != g[82]  # 70 is the last exception


def test_dawson_closed_form_matches_search(dawson_values: list[int]) -> None:
    assert [DawsonKayles().heap_grundy(n) for n in range(UPTO)] == dawson_values
    g = dawson_values
    assert all(g[n] == g[n + 34] for n in range(53, UPTO - 34))
    assert g[52] != g[86]


def test_notes_dominos_values_D_n(dawson_values: list[int]) -> None:
    # Exercise 1.5: D_2 = 1 (given); D_1..D_10; losing strips among 1..10 are n = 1, 5, 9.
    assert dawson_values[2] == 1
    assert dawson_values[1:11] == [0, 1, 1, 2, 0, 3, 1, 1, 0, 3]
    assert [n for n in range(1, 11) if dawson_values[n] == 0] == [1, 5, 9]
    # "higher values come at n = 16": the first 5.
    assert dawson_values.index(5) == 16


def test_one_by_n_cram_is_dawsons_kayles(dawson_values: list[int]) -> None:
    cram = Cram()
    ref = Reference(cram)
    assert [ref.grundy(cram.parse(f"1x{n}")) for n in range(1, 15)] == dawson_values[1:15]


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 40), min_size=1, max_size=4))
def test_sums_xor_the_heaps(heaps: list[int]) -> None:
    pos = tuple(heaps) if len(heaps) > 1 else heaps[0]
    expected = 0
    for h in heaps:
        expected ^= Kayles().heap_grundy(h)
    assert grundy(Kayles(), pos) == expected
    assert Engine(Kayles()).grundy(pos) == expected


def test_small_positions_against_plain_search() -> None:
    ref = Reference(Kayles())
    for pos in [(1, 2), (3, 4), (2, 2, 5), 7]:
        assert ref.grundy(pos) == Kayles().grundy_formula(pos)


def test_self_check() -> None:
    for game in (Kayles(), DawsonKayles()):
        assert self_check(game, [0, 3, 8, (2, 5), (1, 1, 4)], [lambda p: p[::-1] if isinstance(p, tuple) else p]) == 5


def test_octal_codes() -> None:
    assert Kayles.octal_code == "0.77" and DawsonKayles.octal_code == "0.07"


def test_cli(capsys: pytest.CaptureFixture[str]) -> None:
    data = solve_json(capsys, "kayles", "5", "7")
    assert data["grundy"] == 4 ^ 2 and data["winner"] == "first"
    assert [m["position"] for m in data["winning_moves"]] == ["1 3 7", "5 5"]


def test_one_class_each_under_every_name() -> None:
    import zermelo as z
    from zermelo.games.registry import make_game

    assert Kayles is z.heaps.Kayles and DawsonKayles is z.heaps.DawsonKayles
    assert str(Kayles().code) == str(z.heaps.Octal("0.77").code) == "0.77"
    for name in ("dawsonkayles", "dawson"):
        game = make_game(name)
        assert type(game) is DawsonKayles and game.spec() == "dawsonkayles"
    assert type(make_game("kayles")) is Kayles and make_game(Kayles().spec()).spec() == "kayles"
    # The closed form and the take-and-break rules agree with the generic octal game.
    octal = Engine(z.heaps.Octal("0.77")).grundies(list(range(60)))  # type: ignore[call-overload]
    assert [Kayles().heap_grundy(n) for n in range(60)] == [int(v) for v in octal]


@settings(max_examples=25, deadline=None)
@given(
    st.sampled_from(["kayles", "dawsonkayles", "grundygame", "octal:0.6", "splitnim"]),
    st.lists(st.integers(0, 9), min_size=1, max_size=3),
)
def test_the_whole_size_hint_bounds_the_whole_positions_reached(spec: str, heaps: list[int]) -> None:
    """A game that breaks heaps: the whole positions reachable (every multiset of heaps a sequence
    of moves leaves) are at most p(0) + … + p(total), the hint a whole search is refused by."""
    from zermelo import make_game
    from zermelo.heaps.heap import canonical_heaps

    g = make_game(spec)
    start = canonical_heaps(heaps)
    seen, todo = {g.key(start)}, [start]
    while todo:
        for o in g.options(todo.pop()):
            k = g.key(o)
            if k not in seen:
                seen.add(k)
                todo.append(o)
    assert len(seen) <= g.whole_size_hint(start)  # type: ignore[attr-defined]


def test_remoteness_in_kayles_1000_is_refused_at_once(capsys: pytest.CaptureFixture[str]) -> None:
    """The value comes from the proven period; the remoteness needs whole positions, about 10^32
    of them: refused by the hint before any search (it used to search a million positions, 10 s)."""
    data = solve_json(capsys, "kayles", "1000")
    assert data["grundy"] == 1 and data["remoteness"] is None
    assert any("1000 may reach about 10^32 positions" in n for n in data["notes"]), data["notes"]
