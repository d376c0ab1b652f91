"""Take-and-break codes: parsing, printing, errors, and the rules they give."""

from __future__ import annotations

import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from zermelo import InvalidGame, grundy, make_game, outcome
from zermelo.core.cache import KeyedCache
from zermelo.heaps import (
    DawsonChess,
    DawsonKayles,
    GrundyGame,
    Hexadecimal,
    LaskersNim,
    Octal,
    Officers,
    TakeAndBreak,
    Treblecross,
    parse_code,
)
from zermelo.heaps import games as heap_games
from zermelo.heaps.games import partitions
from zermelo.search.engine import engine_for

# input in the user's notation -> the code as zermelo prints it
PRINTED = [
    ("0.137", "0.137"),
    (".77", "0.77"),
    ("4.7", "4.7"),
    ("0.6", "0.6"),
    ("0.0700", "0.07"),
    ("4!.0", "4!.0"),
    ("4.3...", "4.3..."),
    ("0.3F", "0.3F"),
    ("0.[40]", "0.[40]"),
    ("0.3333...", "0.3333..."),
]


@pytest.mark.parametrize(("text", "printed"), PRINTED)
def test_codes_print_back(text: str, printed: str) -> None:
    assert str(parse_code(text)) == printed


BAD = [
    ("octal", "0.8", "not a digit of an octal code"),
    ("octal", "0.137x", "not a digit"),
    ("octal", "137", "a code has a point"),
    ("octal", "1.7", "may only split a heap"),
    ("octal", "04.7", "one digit before the point"),
    ("octal", "0.0", "allows no move"),
    ("octal", "", "give the code"),
    ("hex", "0.G", "not a digit of a hexadecimal code"),
    ("tbreak", "0.8!", "only for digits that leave at most two heaps"),
    ("tbreak", "0.[x]", "bracketed digit"),
    ("tbreak", "4....", "repeats the last digit"),
]


@pytest.mark.parametrize(("family", "text", "message"), BAD)
def test_malformed_codes_are_one_line_errors(family: str, text: str, message: str) -> None:
    with pytest.raises(InvalidGame, match=message) as info:
        make_game(f"{family}:{text}")
    assert "\n" not in str(info.value)


def test_code_properties() -> None:
    c = parse_code("0.137")
    assert (c.max_removal, c.max_heaps, c.is_octal) == (3, 2, True)
    assert parse_code("0.F").max_heaps == 3
    grundys = parse_code("4!.0")
    assert grundys.is_unequal(0) and not grundys.is_octal
    lasker = parse_code("4.3...")
    assert lasker.max_removal is None and lasker.digit(1000) == 3


def test_partitions_are_all_and_only_the_ways() -> None:
    for total in range(0, 12):
        for parts in range(1, 5):
            for distinct in (False, True):
                got = list(partitions(total, parts, distinct))
                assert len(set(got)) == len(got)
                for p in got:
                    assert sum(p) == total and len(p) == parts and min(p) >= 1
                    assert list(p) == sorted(p, reverse=True)
                    if distinct:
                        assert len(set(p)) == parts
                # brute force count
                from itertools import combinations_with_replacement

                brute = [
                    c
                    for c in combinations_with_replacement(range(1, total + 1), parts)
                    if sum(c) == total and (not distinct or len(set(c)) == parts)
                ]
                assert len(brute) == len(got)


def test_heap_options_follow_the_digits() -> None:
    # 0.137: remove 1 only if it is the whole heap; remove 2 leaving 0 or 1 heap; remove 3 leaving 0, 1 or 2 heaps.
    # The pieces of a split come smallest first, as a row read from the left (Kayles' labels).
    assert sorted(Octal("0.137").heap_options(6), key=str) == [(1, 2), 3, 4]
    assert sorted(Octal("0.137").heap_options(1), key=str) == [0]
    assert sorted(Octal("0.137").heap_options(2), key=str) == [0]
    assert sorted(Hexadecimal("0.8").heap_options(5), key=str) == [(1, 1, 2)]
    assert sorted(GrundyGame().heap_options(6), key=str) == [(1, 5), (2, 4)]


# the named games and their first values (hand-checked against search in the engine tests)
NAMED = [
    (DawsonChess, "dawsonchess", "0.137"),
    (DawsonKayles, "dawsonkayles", "0.07"),
    (Treblecross, "treblecrossheap", "0.007"),
    (Officers, "officers", "0.6"),
    (GrundyGame, "grundygame", "4!.0"),
]


@pytest.mark.parametrize(("cls", "name", "code"), NAMED)
def test_named_instances(cls: type[TakeAndBreak], name: str, code: str) -> None:
    g = make_game(name)
    assert isinstance(g, cls) and g.spec() == name and str(g.code) == code
    ref = TakeAndBreak(code)
    assert [grundy(g, n) for n in range(25)] == [grundy(ref, n) for n in range(25)]


def test_named_take_no_parameters() -> None:
    with pytest.raises(InvalidGame, match="takes no parameters"):
        make_game("dawsonchess:3")


def test_registry_names() -> None:
    assert make_game("octal:.77").spec() == "octal:0.77"
    assert make_game("hexadecimal:0.3F").spec() == "hex:0.3F"
    assert make_game("tbreak:4.3...").spec() == "tbreak:4.3..."


def test_grundys_game_published_values() -> None:
    # OEIS A002188: 0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0
    assert [grundy(GrundyGame(), n) for n in range(21)] == [
        0,
        0,
        0,
        1,
        0,
        2,
        1,
        0,
        2,
        1,
        0,
        2,
        1,
        3,
        2,
        1,
        3,
        2,
        4,
        3,
        0,
    ]


def test_laskers_nim_is_the_repeating_code() -> None:
    # Lasker's Nim: G(4k+1) = 4k+1, G(4k+2) = 4k+2, G(4k+3) = 4k+4, G(4k+4) = 4k+3.
    expect = [0] + [n if n % 4 in (1, 2) else n + 1 if n % 4 == 3 else n - 1 for n in range(1, 30)]
    assert [grundy(LaskersNim(), n) for n in range(30)] == expect


FORMULA_CODES = ["0.77", "0.137", "0.6", "4.7", "0.16", "4!.0", "0.F", "4.3...", "0.56"]


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(FORMULA_CODES), st.lists(st.integers(0, 30), min_size=1, max_size=3))
def test_grundy_formula_from_the_kernels_equals_search(code: str, heaps: list[int]) -> None:
    # The formula only answers for big heaps; lowered to 0 here so plain search can check it.
    game = TakeAndBreak(code)
    position = heaps[0] if len(heaps) == 1 else tuple(heaps)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(heap_games, "KERNEL_FROM", 0)
        formula = game.grundy_formula(position)
    assert formula == engine_for(game).grundy(position)


def test_big_heaps_read_through_the_proven_period() -> None:
    assert TakeAndBreak("0.137").grundy_formula(100) is None  # small: the engine answers
    assert grundy(Octal("0.16"), 10**9) == grundy(Octal("0.16"), 105351 + (10**9 - 105351) % 149459)


def test_a_loaded_machine_does_not_decide_whether_a_huge_heap_is_answered(monkeypatch: pytest.MonkeyPatch) -> None:
    """The test above failed once at load 15: proving octal:0.16's period (510,000 heaps, 0.2 CPU
    s once its kernels are compiled) had 2 s of the wall clock, and a loaded machine (or a cold
    numba cache) used them up; the heap went to the engine, which refused it.  The attempt's
    seconds are its thread's CPU time after its kernels are compiled: here a wall clock that runs
    100 s a look changes nothing."""

    class Loaded:
        wall = 0.0
        thread_time = staticmethod(time.thread_time)

        @classmethod
        def monotonic(cls) -> float:
            cls.wall += 100.0
            return cls.wall

    monkeypatch.setattr(heap_games, "time", Loaded)
    monkeypatch.setattr(heap_games, "_GAVE_UP", KeyedCache(size=4))
    monkeypatch.setattr(heap_games, "_SEQUENCES", KeyedCache(size=4))
    small = 105351 + (10**9 - 105351) % 149459  # the same residue, a heap the kernels computed
    assert heap_games._kernel_value(Octal("0.16"), 10**9) == heap_games._kernel_value(Octal("0.16"), small)
    assert str(outcome(DawsonChess(), 10**15)) in "PN"
    assert grundy(Octal("0.77"), (10**12, 5)) == grundy(Octal("0.77"), 71 + (10**12 - 71) % 12) ^ 4


def test_a_heap_with_more_options_than_the_listing_cap_is_refused_before_any_is_listed() -> None:
    """hex:0.9's heap of 999,999 splits into three heaps about 8·10^10 ways, 0.7...'s (a split
    after any number taken) 2.5·10^11: both were listed (a play case grew to 23 GB); counted now."""
    from zermelo.core.errors import SearchLimitExceeded

    for game in (Hexadecimal("0.9"), Octal("0.7...")):
        with pytest.raises(SearchLimitExceeded, match="too many moves to list"):
            game.options(999_999)
        assert game.count_moves((999_999,), 5_000) is None
    # Counting stops past ``most``: hex:0.9's heap of 5,000 has about two million options.
    assert 5_000 < Hexadecimal("0.9").count_moves((5_000, 3), 5_000) <= 2 * 5_001
    # Exact for splits into at most two heaps.
    for game in (Octal("0.77"), Octal("0.7..."), Octal("4.3..."), Octal("0.137")):
        assert [game.option_count(n) for n in range(30)] == [sum(1 for _ in game.heap_options(n)) for n in range(30)]


def test_a_kernel_run_for_a_closed_form_keeps_to_the_deadline() -> None:
    """0.7...'s kernel is cubic (no sparse space): ``grundy`` of a heap of 5,000 ran it to 10,000
    heaps (a minute and a half; `solve octal:0.7... 999999 3 --timeout 1` ran for hours)."""
    from zermelo.core.errors import SearchLimitExceeded
    from zermelo.core.limits import Limits

    with pytest.raises(SearchLimitExceeded, match="time budget exceeded"):
        grundy(Octal("0.7..."), 5_000, limits=Limits(None, 0.2))


def test_a_callers_deadline_ends_the_search_for_a_huge_heaps_period(monkeypatch: pytest.MonkeyPatch) -> None:
    """`solve grundygame 10^400 --timeout 1` spent its own 2 CPU s looking for a period of Grundy's
    game (none is known) after the user's second had passed.  Past the caller's deadline the
    attempt stops at its next chunk, and the code is not marked as given up (more time may prove
    it); without a deadline the attempt keeps its own CPU seconds (the test above)."""
    from zermelo.core.limits import deadline_scope

    monkeypatch.setattr(heap_games, "_GAVE_UP", KeyedCache(size=4))
    monkeypatch.setattr(heap_games, "_SEQUENCES", KeyedCache(size=4))
    game = make_game("grundygame")  # no proven period
    heap_games._kernel_value(game, 10)  # its kernels made outside the count below
    started = time.thread_time()
    with deadline_scope(time.monotonic()):  # already passed
        assert heap_games._kernel_value(game, 10**400) is None
    assert time.thread_time() - started < heap_games.HUGE_HEAP_SECONDS / 4
    assert heap_games._GAVE_UP.get(str(game.code)) is None
