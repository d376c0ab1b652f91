"""The compiled forms (values/compiled_forms.py) against the Python value core, and the value
search's switch to them (analyses/canonical.py)."""

from __future__ import annotations

import importlib
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import zermelo as z
from zermelo.analyses import canonical as walk
from zermelo.rules import Partisan
from zermelo.values import Game, compiled_forms, game, number, parse_value
from zermelo.values.compiled_forms import Forms, OutOfRange, forms

ATOMS = ["0", "1", "-1", "1/2", "-3/4", "2", "*", "*2", "^", "v", "^*", "±1", "{2|-1/2}", "{1|0}", "{0||0|-1}"]


def raw_forms() -> st.SearchStrategy[Any]:
    """A raw form as nested (left, right) lists over atoms: built both ways by :func:`both`."""
    atoms = st.sampled_from(ATOMS)
    return st.recursive(
        atoms, lambda inner: st.tuples(st.lists(inner, max_size=3), st.lists(inner, max_size=3)), max_leaves=7
    )


def both(f: Forms, t: Any) -> tuple[Game, int]:
    """The raw form ``t`` canonicalised by the Python core and by the compiled forms."""
    if isinstance(t, str):
        g = parse_value(t)
        return g, f.from_game(g)
    left = [both(f, x) for x in t[0]]
    right = [both(f, x) for x in t[1]]
    g = game([a for a, _ in left], [a for a, _ in right])
    return g, f.canonical([b for _, b in left], [b for _, b in right])


SETTINGS = settings(max_examples=40, deadline=None)


@SETTINGS
@given(raw_forms(), raw_forms())
def test_canonical_forms_sums_and_comparisons_agree(s: Any, t: Any) -> None:
    f = forms()[0]
    g, i = both(f, s)
    h, j = both(f, t)
    # Hash-consed: the compiled canonical form is the row of the Python one (not re-simplified).
    assert f.from_game(g) == i and f.from_game(h) == j
    assert f.to_game(i) is g
    assert f.le(i, j) == (g <= h) and f.le(j, i) == (h <= g)
    assert f.from_game(g + h) == f.add(i, j) == f.total([j, i])
    assert f.from_game(-g) == f.neg(i)
    assert f.add(i, f.neg(i)) == f.zero
    assert f.from_game(game([g, -h], [h])) == f.value_of([i, j, j], [False, True, False], 2)
    assert f.from_game(-(g + h)) == f.value_of([i, j], [False, False], -1, negate=True)


@SETTINGS
@given(st.lists(raw_forms(), min_size=2, max_size=4))
def test_the_cache_of_canonical_forms_by_raw_options_tells_raw_forms_apart(ts: list[Any]) -> None:
    # One slot (every raw form hashes to it): a cached answer is used only for the very options
    # it was computed from, whatever the others that passed through the slot.
    f = Forms()
    f.S = (*f.S[:9], f.S[9][: compiled_forms.RAW_WIDTH].copy())  # the cache cut to one slot
    f.S[9][:] = -1
    for t in ts + ts:  # each twice: the second time from the cache when its slot still holds it
        g, i = both(f, t)
        assert f.to_game(i) is g


def test_a_small_table_grows_and_keeps_its_answers() -> None:
    f = Forms(capacity=4)  # full at once: every call grows it and asks again
    g = parse_value("{0||0|-1}") + parse_value("^*") + parse_value("{2|-1/2}")
    assert f.to_game(f.from_game(g)) is g
    h = parse_value("{3|1}")
    i = f.from_game(h)
    assert f.to_game(f.add(i, f.add(i, i))) is h + h + h
    assert len(f) > 4


def test_numbers_past_the_limit_are_refused() -> None:
    f = Forms()
    with pytest.raises(OutOfRange):
        f.from_game(number(Fraction(1, 2**40)))
    assert f.to_game(f.from_game(number(Fraction(-5, 8)))) is number(Fraction(-5, 8))  # still usable


@pytest.mark.parametrize(
    ("name", "board"),
    [("domineering", "....|....|...."), ("domineering", "...#|....|.#..|...."), ("konane", "x.o.|oxox|.o.x")],
)
def test_the_search_switches_to_ids_halfway_and_answers_the_same(
    monkeypatch: pytest.MonkeyPatch, name: str, board: str
) -> None:
    rules = z.make_game(name)
    plain = z.canonical_form(rules, rules.parse(board))
    monkeypatch.setattr(walk, "COMPILED_AFTER", [3, 3])
    monkeypatch.setattr(walk, "_short", lambda *args: None)  # the long way's switch (not a kept walk's root)
    again = z.make_game(name)  # fresh memo
    assert walk.canonical_form(again, again.parse(board)) is plain
    assert walk.ID_VALUES.get(again)  # the search did switch
    # A later search on the same rules resumes with ids and reads both memos.
    for child in list(again.left_options(again.parse(board)))[:3]:
        assert walk.canonical_form(again, child) is z.canonical_form(rules, child)


def test_a_timed_search_keeps_to_python_when_the_forms_would_compile(monkeypatch: pytest.MonkeyPatch) -> None:
    """On a cold cache the forms' kernel compiles for 33-40 CPU s, which nothing interrupts (a 5 s
    --timeout stopped after 31 s): under a time budget the search switches only when that costs
    at most a load (``compiled_forms.cheap``); without one it switches as before."""
    from zermelo.values import compiled_forms

    board = "....|....|...."
    plain = z.canonical_form(z.make_game("domineering"), z.make_game("domineering").parse(board))
    monkeypatch.setattr(walk, "COMPILED_AFTER", [3, 3])
    monkeypatch.setattr(walk, "_short", lambda *args: None)  # the long way's switch (not a kept walk's root)
    monkeypatch.setattr(compiled_forms, "cheap", lambda: False)
    timed, untimed = z.make_game("domineering"), z.make_game("domineering")
    assert walk.canonical_form(timed, timed.parse(board), limits=z.Limits(max_seconds=600)) is plain
    assert not walk.ID_VALUES.get(timed)  # stayed in Python
    assert walk.canonical_form(untimed, untimed.parse(board)) is plain
    assert walk.ID_VALUES.get(untimed)  # switched


def test_a_table_past_its_bound_is_renewed_before_the_next_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 24 item 5: the process-wide table is bounded (:data:`compiled_forms.MAX_ROWS`): a
    search that left it past the bound is followed by one on a new table, whose ids of earlier
    searches are forgotten with it, and every answer stays right."""
    from zermelo.values import compiled_forms

    monkeypatch.setattr(walk, "COMPILED_AFTER", [3, 3])
    monkeypatch.setattr(walk, "_short", lambda *args: None)  # the long way's ids (the short way's: test_compiled_walk)
    unbounded = 1 << 62  # while the test looks at the table (looking would renew it)
    monkeypatch.setattr(compiled_forms, "MAX_ROWS", unbounded)
    boards = ["....|....|....", "...#|....|.#.."]
    plain = [z.canonical_form(z.make_game("domineering"), z.make_game("domineering").parse(b)) for b in boards]
    first = z.make_game("domineering")
    assert walk.canonical_form(first, first.parse(boards[0])) is plain[0]
    table = compiled_forms.forms()[0]
    assert len(table) > 10 and walk.ID_VALUES.get(first)
    monkeypatch.setattr(compiled_forms, "MAX_ROWS", 10)
    second = z.make_game("domineering")
    assert walk.canonical_form(second, second.parse(boards[1])) is plain[1]
    assert not walk.ID_VALUES.get(first)  # the first search's ids went with the old table
    assert walk.canonical_form(first, first.parse(boards[0])) is plain[0]
    monkeypatch.setattr(compiled_forms, "MAX_ROWS", unbounded)
    assert compiled_forms.forms()[0] is not table  # renewed when the second search began


class Halving(Partisan[int]):
    """Position n < 40 is {0 | position n + 1}, 40 is {0 | } = 1 and 41 is 0: n is 2^(n-40)."""

    def left_options(self, n: int) -> list[int]:
        return [41] if n < 41 else []

    def right_options(self, n: int) -> list[int]:
        return [n + 1] if n < 40 else []


def test_a_number_past_the_kernels_range_is_valued_in_python(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(walk, "COMPILED_AFTER", [1, 1])
    forms()  # loaded: the search switches at once
    got = walk.canonical_form(Halving(), 0)
    assert got is number(Fraction(1, 2**40))  # 2^-40: its exponent is past the kernels' 31


def _python_total(parts: list[Game]) -> Game:
    """The sum by the Python core alone (``values.game.total`` without its hook)."""
    acc = number(0)
    for g in parts:
        acc = acc + g
    return acc


@SETTINGS
@given(st.lists(raw_forms(), min_size=3, max_size=6))
def test_a_warm_process_sums_many_games_in_the_compiled_forms(ts: list[Any]) -> None:
    """Once a process has the compiled forms, ``total`` of three or more games that are neither
    numbers nor nimbers goes to them (``values.game.TOTAL_HOOK``): the same interned value."""
    core = importlib.import_module("zermelo.values.game")  # the package's `game` is the function

    f = forms()[0]
    assert core.TOTAL_HOOK[:1] == [compiled_forms.compiled_total]
    parts = [both(f, t)[0] for t in ts]
    calls: list[int] = []
    kernel = f.kernel

    def counted(*args: Any) -> Any:
        calls.append(args[1])
        return kernel(*args)

    f.kernel = counted
    try:
        got = core.total(parts)
    finally:
        f.kernel = kernel
    assert got is _python_total(parts)
    hot = sum(1 for g in parts if g.num is None and g.nim is None)
    assert (6 in calls) == (hot >= core.HOOK_FROM)  # op 6: the kernel's total, only for sums of 3+ hot games


def test_a_watched_or_timed_sum_stays_in_python() -> None:
    """The value budget stops Python code at its ticks, not a kernel's call: with an interval timer
    armed, or a deadline in the context, the compiled forms decline and the Python core adds."""
    import signal

    from zermelo.core.limits import deadline_scope

    forms()
    parts = [parse_value(t) for t in ("{2|1}", "{3|-1}", "{1/2|-5}", "{4|-2}")]
    assert compiled_forms.compiled_total(parts) is _python_total(parts)
    with deadline_scope(1e12):
        assert compiled_forms.compiled_total(parts) is None
    old = signal.signal(signal.SIGALRM, lambda *_: None)
    try:
        signal.setitimer(signal.ITIMER_REAL, 100.0)
        assert compiled_forms.compiled_total(parts) is None
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
    big = parse_value("{1|0}") + number(Fraction(1 << 80))  # past the forms' numbers
    assert compiled_forms.compiled_total([*parts, big]) is None
