"""Memory of a long-running process: distinct games solved one after another must not grow it.

A server runs for weeks and meets game after game; every cache zermelo keeps is bounded
(:mod:`zermelo.core.cache`).  This solves ``MEMORY_GAMES`` (3,000) distinct subtraction games at heap
3,000 — big enough that each game's period is proven (:mod:`zermelo.heaps.period_cache`) and its
value read from the proof — in one process, and prints the resident set size (RSS) after the first
100 games and at the end: the growth must stay within 50 MB (issue 24).

Run: ``.venv/bin/python -m benchmarks memory`` (``MEMORY_GAMES=N`` for another count; the test,
tests/test_cache.py, runs ``python -m benchmarks.memory 600``).  The period proofs go to a
temporary cache directory, not the user's.

``python -m benchmarks.memory values [N]`` does the same for the value arithmetic: N (3,000)
distinct values (a Domineering position plus a hot game of its own) one after another, each in its
own value budget as the web's value panel and ``zermelo value`` do, with temperature and reduced
form: the interning tables hold values weakly and the memos are bounded
(:mod:`zermelo.core.cache`), so the growth must stay within 50 MB too.

``python -m benchmarks.memory large [N]`` is a web worker's week at the value panel: N (40) distinct
5 x 6 Domineering boards (15 % of the cells blocked, a fixed seed), each within the explorer's
budget (``web.api.LIMITS``: 300,000 positions, 5 s; a search stopped by it counts as done), on one
rules object, after the compiled forms are loaded as the explorer's warm-up loads them.  Its first
5 boards are the warm-up; the growth after them is bounded by the value memos' trim
(``analyses.canonical.VALUES_KEEP``) and the compiled forms' table (``MAX_ROWS``), not by the count.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time

#: Heaps of this size get their value from the proven period (``heaps.instant.FROM`` is 500).
HEAP = 3_000
#: Games solved before the first measurement (imports, numba's kernels, the first caches filled).
WARM = 100


def rss() -> int:
    """The resident set size of this process, in bytes."""
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def games(start: int, count: int) -> None:
    """Solve ``count`` distinct subtraction games at :data:`HEAP`, each a new rules object."""
    from zermelo import solve
    from zermelo.games import Subtraction

    for i in range(start, start + count):
        # {1, 2 + i % 50, 53 + i}: every set distinct, each game's period proven anew.
        solve(Subtraction({1, 2 + i % 50, 53 + i}), HEAP)


def values(start: int, count: int) -> None:
    """Value ``count`` distinct sums: a 4 x 5 Domineering position (cells blocked by the bits of
    ``i``) plus a hot game of its own ``{i | {i mod 7 | -i/8*} || -i}``, with temperature and
    reduced form."""
    from zermelo.analyses.canonical import canonical_form
    from zermelo.core.limits import Limits
    from zermelo.games import Domineering
    from zermelo.values import parse_value
    from zermelo.values.budget import value_budget

    d = Domineering()
    for i in range(start, start + count):
        j = i * 2654435761 % 2**20  # spread over the 2^20 boards
        board = "|".join("".join("#" if j >> (5 * r + c) & 1 else "." for c in range(5)) for r in range(4))
        with value_budget(Limits(max_positions=None, max_seconds=600)):
            v = canonical_form(d, d.parse(board)) + parse_value(f"{{{i}|{{{i % 7}|-{i}/8*}}||-{i}}}")
            _ = v.temperature, v.reduced, v.mean


def large(start: int, count: int) -> None:
    """Value ``count`` distinct 5 x 6 Domineering boards as the web explorer's value panel does."""
    import random

    from zermelo.analyses.canonical import canonical_form
    from zermelo.core.errors import SearchLimitExceeded
    from zermelo.games import Domineering
    from zermelo.values import compiled_forms
    from zermelo.values.budget import value_budget
    from zermelo.web.api import LIMITS

    global _LARGE
    if _LARGE is None:
        compiled_forms.warm()
        _LARGE = Domineering()
    d = _LARGE
    for i in range(start, start + count):
        rng = random.Random(i)
        board = "|".join("".join("#" if rng.random() < 0.15 else "." for _ in range(6)) for _ in range(5))
        limits = LIMITS.started()
        try:
            with value_budget(limits, count_work=False, arithmetic_only=True):
                canonical_form(d, d.parse(board), limits=limits)
        except SearchLimitExceeded:
            pass  # the explorer answers "past the budget": the work and its memory happened
        _PEAK[0] = max(_PEAK[0], rss())


_LARGE = None  # the one rules object a worker keeps
_PEAK = [0]  # the largest RSS seen after a board: the trim empties the memos, so the end may be low
#: kind -> (its run, the games before the first measurement)
KINDS = {"games": (games, WARM), "values": (values, WARM), "large": (large, 5)}


def measure(count: int, kind: str = "games") -> tuple[int, float]:
    """(growth of the RSS in bytes from the kind's warm-up count to game ``count``, seconds taken)."""
    run, warm = KINDS[kind]
    run(0, warm)
    before = rss()
    start = time.perf_counter()
    run(warm, count - warm)
    end = max(rss(), _PEAK[0]) if kind == "large" else rss()
    return end - before, time.perf_counter() - start


def main(count: int | None = None, kind: str = "games") -> None:
    count = count or (40 if kind == "large" else int(os.environ.get("MEMORY_GAMES", "3000")))
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["ZERMELO_CACHE_DIR"] = tmp
        growth, seconds = measure(count, kind)
    if kind == "large":
        print(f"| boards | game | largest RSS growth after the first {KINDS[kind][1]} | seconds |")
        print("| --- | --- | --- | --- |")
        print(f"| {count:,} | 5 x 6 Domineering, 15 % blocked | {growth / 2**20:.1f} MB | {seconds:.0f} |")
        return
    if kind == "values":
        print(f"| values | game | RSS growth after the first {WARM} | seconds |")
        print("| --- | --- | --- | --- |")
        print(f"| {count:,} | 4 x 5 Domineering | {growth / 2**20:.1f} MB | {seconds:.0f} |")
        return
    print(f"| games | heap | RSS growth after the first {WARM} | seconds |")
    print("| --- | --- | --- | --- |")
    print(f"| {count:,} | {HEAP:,} | {growth / 2**20:.1f} MB | {seconds:.0f} |")


if __name__ == "__main__":
    if sys.argv[1:2] in (["values"], ["large"]):
        main(int(sys.argv[2]) if len(sys.argv) > 2 else None, sys.argv[1])
    elif len(sys.argv) > 1:  # the test: the growth in bytes, alone on a line
        with tempfile.TemporaryDirectory() as tmp:
            os.environ["ZERMELO_CACHE_DIR"] = tmp
            print(measure(int(sys.argv[1]))[0])
    else:
        main()
