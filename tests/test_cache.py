"""The one cache policy (zermelo.core.cache): bounded per rules object, one clear, dead rules free theirs."""

from __future__ import annotations

import gc
import subprocess
import sys
import weakref
from pathlib import Path

import pytest

from zermelo.analyses.canonical import VALUES, canonical_form
from zermelo.core.cache import DEFAULT_SIZE, RulesCache, clear_caches, memo_sizes
from zermelo.games import Domineering, Subtraction
from zermelo.search.engine import ENGINES, engine_for

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.faults
def test_six_hundred_games_with_period_proofs_keep_memory_flat() -> None:
    # Issue 24: 3,000 distinct subtraction games at heap 3,000 (each with a proven period: the
    # in-memory period cache kept every proof) grew one process by 254 MB.  The benchmark
    # (benchmarks/memory.py, docs/benchmarks.md) runs the 3,000; here 600, in a process of its own.
    out = subprocess.run(
        [sys.executable, "-m", "benchmarks.memory", "600"], capture_output=True, text=True, check=True, cwd=ROOT
    ).stdout
    assert int(out) < 50 * 2**20, f"grew by {int(out) / 2**20:.0f} MB"


def test_every_cache_by_name_is_bounded() -> None:
    from zermelo.games import Subtraction
    from zermelo.heaps import period_cache

    for k in range(period_cache._MEMO.size + 5):
        period_cache.proven_period(Subtraction({1, 2 + k}))
    assert len(period_cache._MEMO) == period_cache._MEMO.size
    clear_caches()
    assert len(period_cache._MEMO) == 0


def test_a_hundred_domineering_objects_keep_at_most_the_bound() -> None:
    clear_caches()
    kept = []
    for _ in range(100):
        d = Domineering()
        canonical_form(d, d.parse("..|..|.."))
        kept.append(d)
    assert len(VALUES) <= DEFAULT_SIZE
    del kept, d
    gc.collect()
    assert len(VALUES) == 0  # a dead rules object's values go with it


def test_engines_are_bounded_and_shared() -> None:
    clear_caches()
    games = [Subtraction({1, 2 + k}) for k in range(DEFAULT_SIZE + 10)]
    engines = [engine_for(g) for g in games]
    assert len(ENGINES) == DEFAULT_SIZE
    assert engine_for(games[-1]) is engines[-1]  # recently used: kept
    assert games[0] not in ENGINES  # least recently used: gone
    clear_caches()
    assert len(ENGINES) == 0 and len(VALUES) == 0


def test_a_rules_cache_without_weak_references_is_still_bounded() -> None:
    class Slotted:
        __slots__ = ()

    cache: RulesCache[list[int]] = RulesCache(lambda rules: [], size=3)
    keys = [Slotted() for _ in range(5)]
    for k in keys:
        cache.get(k)
    assert len(cache) == 3 and keys[-1] in cache and keys[0] not in cache


# ---------------------------------------------------------------------- the value core's memos
def test_a_value_nothing_holds_leaves_its_interning_table() -> None:
    from zermelo.values import parse_value

    text = "{7||5|3/8|||-2*}"
    clear_caches()  # no memo holds it either (a sum's result, a thermograph)
    g = parse_value(text)
    held, old = weakref.ref(g), g.id
    del g
    gc.collect()
    assert held() is None  # the interning table held it weakly: it is gone
    again = parse_value(text)
    assert str(again) == text and again.id > old  # built anew, with an id never given before
    assert parse_value(text) is again  # and interned again: equal values are one object


def test_every_memo_table_is_bounded_by_a_value_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    from zermelo.core import cache
    from zermelo.core.limits import Limits
    from zermelo.values import parse_value
    from zermelo.values.budget import value_budget
    from zermelo.values.game import work_done

    monkeypatch.setattr(cache, "MEMO_KEEP", 64)
    done = []
    for k in range(1, 40):  # distinct values: each fills comparisons, sums, stops, thermographs
        with value_budget(Limits(max_positions=None, max_seconds=60)):
            g = parse_value(f"{{{k}|{{{k - 1}|-{k}*}}||-{k}/8}}") + parse_value(f"{{*{k % 5}|-{k}}}")
            _ = g.temperature, g.mean, g.reduced, g.birthday
        done.append(work_done())
        # Emptied at each budget's start past 64: what is left is one value's work (~30 entries a
        # table); kept, the 39 values fill several hundred.
        assert all(n <= 64 + 100 for n in memo_sizes().values()), memo_sizes()
    assert done == sorted(done) and done[-1] > done[0]  # the work count only grows, tables emptied or not
    assert cache.memo_filled("values: comparisons") > 10 * memo_sizes()["values: comparisons"]


def test_memos_emptied_while_a_value_is_computed_give_the_same_values(monkeypatch: pytest.MonkeyPatch) -> None:
    # Comparisons and sums are emptied on store, while a computation runs (they fill without new
    # values): with room for 256 entries each, every answer must be the one a full memo gives.
    # (Much less room makes the comparisons exponential: the memo is what keeps them polynomial.)
    from zermelo.core import cache
    from zermelo.values import game, parse_value

    atoms = ["{2|-1/2}", "{0||0|-1}", "±1", "^", "*2", "v*"]

    def answers() -> list[str]:
        vs = [parse_value(a) for a in atoms]
        g = game(vs[: len(vs) // 2], vs[len(vs) // 2 :])
        h = game(vs[len(vs) // 2 :], [g])
        return [str(g + h), str(g - g), str(g <= h), str(h.temperature), str(g.outcome), str(h.reduced)]

    clear_caches()
    full = answers()
    emptied = cache.memo_filled("values: comparisons") - memo_sizes()["values: comparisons"]
    monkeypatch.setattr(cache, "MEMO_LIMIT", 256)
    clear_caches()
    assert answers() == full
    assert cache.memo_filled("values: comparisons") - memo_sizes()["values: comparisons"] > emptied + 256


# ---------------------------------------------------------------------- the value searches' memos
def _boards(n: int, rows: int, cols: int) -> list[str]:
    import random

    rng = random.Random(7)
    return ["|".join("".join(rng.choice("..#") for _ in range(cols)) for _ in range(rows)) for _ in range(n)]


def test_the_value_memos_of_a_long_lived_rules_object_are_bounded_by_a_value_budget(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A web worker keeps one Domineering object for weeks: its memos grew with every board valued
    # (1 GB after forty 5 x 6 boards).  Past VALUES_KEEP entries they are emptied when a budget
    # starts, with the rules' own analyses (forget); every value stays the one a fresh object gives.
    from zermelo.analyses import canonical
    from zermelo.analyses.canonical import ID_VALUES, value_cache
    from zermelo.core.limits import Limits
    from zermelo.values.budget import value_budget

    class PythonWalk(Domineering):
        region_bytes = None  # no compiled walk (loaded by an earlier test): its own state is bounded apart

    monkeypatch.setattr(canonical, "VALUES_KEEP", 300)
    clear_caches()
    d = PythonWalk()
    most = 0
    for board in _boards(30, 4, 4):
        with value_budget(Limits(max_positions=None, max_seconds=60)):
            before = len(value_cache(d)) + len(ID_VALUES.get(d))
            assert before <= 300  # emptied at this budget's start if it was past the bound
            got = canonical_form(d, d.parse(board))
        fresh = Domineering()
        assert got == canonical_form(fresh, fresh.parse(board)), board
        most = max(most, len(value_cache(d)) + len(ID_VALUES.get(d)))
        assert len(d._framed) <= 20 * 300 + len(fresh._framed)  # the rules' analyses go with the memo
    assert most > 300  # the boards do fill the memo past the bound: the trim was needed


def test_a_value_search_under_way_keeps_its_memo_when_the_memos_are_trimmed() -> None:
    # The trim runs at safe moments, but a value search may start a budget of its own (an
    # explanation valuing a part): the memo of a search under way is never emptied under it.
    from zermelo.core.cache import trim_memos

    class Trimming(Domineering):
        def left_options(self, position):  # type: ignore[no-untyped-def]
            trim_memos(limit=0)  # every memo emptied, at every position
            return super().left_options(position)

        keyed_options = None  # the Python path, which asks left_options

    clear_caches()
    t, d = Trimming(), Domineering()
    for board in _boards(6, 3, 4):
        assert canonical_form(t, t.parse(board)) == canonical_form(d, d.parse(board)), board


def test_a_domineering_sum_is_never_numbered_twice_after_forget() -> None:
    d = Domineering()
    two = d.parse("..#..|..#..")  # two regions: a sum's number
    first, _ = d.value_key(two)
    d.forget()
    again, _ = d.value_key(d.parse(".#.|.#."))  # another sum, numbered after forget
    assert isinstance(first, int) and first < 0 and again != first
