"""The one cache policy (zermelo.core.cache): bounded per rules object, one clear, dead rules free theirs."""

from __future__ import annotations

import gc
import subprocess
import sys
from pathlib import Path

from zermelo.analyses.canonical import VALUES, canonical_form
from zermelo.core.cache import DEFAULT_SIZE, RulesCache, clear_caches
from zermelo.games import Domineering, Subtraction
from zermelo.search.engine import ENGINES, engine_for

ROOT = Path(__file__).resolve().parent.parent


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
