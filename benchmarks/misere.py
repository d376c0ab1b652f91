"""Misère quotients: computation time per game up to heap 30 and 100, and a 50-heap misère sum
answered from the quotient beside plain search (which cannot finish: it is refused by its budget).

``python -m benchmarks misere``.  The quotient runs are bounded by :data:`SECONDS` each: a wild
game whose quotient keeps growing reports how far it got.
"""

from __future__ import annotations

import os
import tempfile
import time

from zermelo.errors import SearchLimitExceeded
from zermelo.heaps import Octal
from zermelo.limits import Limits
from zermelo.misere import misere_quotient

GAMES = ["0.75", "0.77", "0.07", "4.7"]
SECONDS = 20.0


def main() -> None:
    os.environ["ZERMELO_CACHE_DIR"] = tempfile.mkdtemp()
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print("| game | maxheap | heaps done | order | proven period | seconds |")
    print("| --- | --- | --- | --- | --- | --- |")
    for code in GAMES:
        for top in (30, 100):
            q = misere_quotient(Octal(code), top, seconds=SECONDS, cache=False)
            period = f"{q.period} from {q.preperiod}" if q.proven else "—"
            done = q.upto if q.complete or q.proven else f"{q.upto} (stopped)"
            print(f"| {code} | {top} | {done} | {q.order} | {period} | {q.seconds:.2f} |", flush=True)
    game = Octal("0.75")
    heaps = tuple(range(11, 61))
    q = misere_quotient(game, 30, cache=False)
    t = time.perf_counter()
    for _ in range(100):
        q.outcome(heaps)
    per = (time.perf_counter() - t) / 100
    from zermelo.analysis import solve

    t = time.perf_counter()
    misere_quotient(game, 30)  # into the cache, as `zermelo misere` would leave it
    a = solve(game, heaps, misere=True)
    full = time.perf_counter() - t
    t = time.perf_counter()
    try:
        from zermelo.engine import engine_for

        engine_for(game).status(heaps, True, Limits(10_000_000, 60.0))
        searched = "finished"
    except SearchLimitExceeded as exc:
        searched = f"refused: {exc}"
    plain = time.perf_counter() - t
    print(f"\n50 heaps 11..60 of 0.75 under misère play: outcome {a.outcome} from the quotient in {per * 1e3:.3f} ms;")
    print(f"  solve (outcome + all {len(a.winning_moves)} winning moves + why) {full * 1e3:.0f} ms;")
    print(f"  plain misère search: {searched[:110]} ({plain:.2f} s)")


if __name__ == "__main__":
    main()
