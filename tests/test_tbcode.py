"""CGSuite's take-and-break codes: the extended notation against zermelo's own codes (where both
can say a game) and against a literal reading of each digit; hand-worked values."""

from __future__ import annotations

from itertools import combinations_with_replacement

import pytest

import zermelo as z
from zermelo.core.errors import InvalidGame
from zermelo.games.tbcode import CodeGame, take_and_break
from zermelo.heaps.games import TakeAndBreak


@pytest.mark.parametrize(
    ("cgsuite", "zermelo"),
    [("0.137", "0.137"), ("4!.0", "4!.0"), ("0.[3]", "0.3..."), ("4.[3]", "4.3..."), ("0.3F", "0.3F")],
)
def test_codes_both_can_say_agree(cgsuite: str, zermelo: str) -> None:
    a, b = CodeGame(cgsuite), TakeAndBreak(zermelo)
    assert [z.grundy(a, n) for n in range(16)] == [z.grundy(b, n) for n in range(16)]
    assert isinstance(take_and_break(cgsuite), TakeAndBreak)


def test_equal_splits_by_hand() -> None:
    # {2+}=.0: n becomes k equal heaps, k >= 2 dividing n; k copies of G(n/k) are G(n/k) or 0.
    assert [z.grundy(take_and_break("{2+}=.0"), n) for n in range(1, 11)] == [0, 1, 1, 1, 1, 2, 1, 1, 2, 2]


def _literal(n: int, allowed: dict[int, set[int]], rule: str) -> set[tuple[int, ...]]:
    """Options of heap n: remove k, leave j heaps (j in allowed[k]) obeying rule, found by brute force."""
    out = set()
    for k, counts in allowed.items():
        left = n - k
        if left < 0:
            continue
        for j in counts:
            if j == 0:
                if left == 0:
                    out.add(())
                continue
            if j > left:  # j heaps of at least one counter each (their enumeration took 10 s)
                continue
            for parts in combinations_with_replacement(range(1, left + 1), j):
                if sum(parts) != left:
                    continue
                if rule == "!" and len(set(parts)) < j:
                    continue
                if rule == "=" and len(set(parts)) > 1:
                    continue
                if rule == "?" and j > 1 and len(set(parts)) == 1:
                    continue
                out.add(parts)
    return out


@pytest.mark.parametrize(
    ("code", "allowed", "rule"),
    [
        ("0.&12;", {1: {2, 3}}, ""),
        ("0.C!", {1: {2, 3}}, "!"),
        ("{2,3}?.0", {0: {2, 3}}, "?"),
        ("{3+}=.0", {0: set(range(3, 20))}, "="),
    ],
)
def test_digits_read_literally(code: str, allowed: dict[int, set[int]], rule: str) -> None:
    g = CodeGame(code)
    for n in range(1, 11):
        got = {h if isinstance(h, tuple) else (h,) for h in g.heap_options(n)}
        assert got == _literal(n, allowed, rule), (code, n)


def test_a_period_repeats() -> None:
    g = CodeGame("0.1[37]")  # remove 1: the whole heap only; 2, 4, …: leave at most one heap; 3, 5, …: two
    assert {h if isinstance(h, tuple) else (h,) for h in g.heap_options(4)} == {(2,), (1,), ()}
    assert {h if isinstance(h, tuple) else (h,) for h in g.heap_options(6)} == {(4,), (3,), (1, 2), (2,), (1,), ()}


# {+}= and {,2}: an empty count ("" is in every string: "{+}=.0" met an IndexError, found by make fuzz)
@pytest.mark.parametrize("code", ["0.W", "0.7[", "0.[]", "14.0", "0.{", "77", "0.&x;", "{+}=.0", "0.{,2}", "0.{}"])
def test_bad_codes(code: str) -> None:
    with pytest.raises(InvalidGame, match="TakeAndBreak"):
        CodeGame(code)


@pytest.mark.parametrize("code", ["{2+}=.0", "{2+}!.0", "{3+}=.0", "0.C!", "{2+}?.0"])
def test_splits_are_listed_without_filtering_every_partition(code: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Equal and all-different splits are made directly: {2+}=.0 listed every partition of a heap
    to keep the few into equal parts (the web's table of heaps 0..59 took 17 s, make fuzz)."""
    from zermelo.games import tbcode

    calls = [0]
    parts = tbcode._parts

    def counted(*args: int) -> object:
        calls[0] += 1
        return parts(*args)

    monkeypatch.setattr(tbcode, "_parts", counted)
    options = list(CodeGame(code).heap_options(40))
    # Every generator call yields (no dead ends); equal splits need none.
    assert calls[0] <= 2 * len(options) * 40 and (calls[0] == 0) == ("=" in code), (calls[0], len(options))
    assert len(options) <= 1112 or "?" in code  # 1,112 splits of 40 into different heaps, 37,330 not all equal


def test_a_heap_with_too_many_options_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """A digit that splits a heap into any number of heaps gives p(n) options (p(100) is 190
    million): past the game's most_options the heap is refused in one line, before one is listed."""
    monkeypatch.setattr(CodeGame, "most_options", 1000)
    free = CodeGame("{2+}.0")  # split a heap into two or more
    assert len(free.options(14)) == 134 <= free.option_count(14)  # p(14) - 1: every split but the heap itself
    with pytest.raises(z.SearchLimitExceeded, match=r"a heap of 30 has too many moves to list \(more than 1,000\)"):
        free.options(30)  # p(30) = 5,604
    with pytest.raises(z.SearchLimitExceeded):
        z.grundy(free, 40, limits=z.Limits(100_000))
    distinct = CodeGame("{2+}!.0")  # its quick bound is p(30) too, but 295 splits into different heaps
    assert distinct.option_count(30) == len(distinct.options(30)) == 295
