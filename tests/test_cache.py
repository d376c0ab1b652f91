"""The one cache policy (zermelo.cache): bounded per rules object, one clear, dead rules free theirs."""

from __future__ import annotations

import gc
import subprocess
import sys

from zermelo.cache import DEFAULT_SIZE, RulesCache, clear_caches
from zermelo.engine import ENGINES, engine_for
from zermelo.games import Domineering, Subtraction
from zermelo.values.canonical import VALUES, canonical_form

MEMORY = """
import sys
from zermelo import solve
from zermelo.games import Subtraction

def rss():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * 4096

def games(start, count):
    for i in range(start, start + count):
        # Distinct subtraction sets: {1, 2 + i % 50, 3 + i} and so on, every one a new rules object.
        solve(Subtraction({1, 2 + i % 50, 3 + i}), 400)

games(0, 30)
before = rss()
games(30, 3000)
print(rss() - before)
"""


def test_three_thousand_games_keep_memory_flat() -> None:
    # Issue 13: 3,000 distinct subtraction games in one process grew it from 145 MB to 288 MB.
    out = subprocess.run([sys.executable, "-c", MEMORY], capture_output=True, text=True, check=True).stdout
    assert int(out) < 50 * 2**20, f"grew by {int(out) / 2**20:.0f} MB"


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
