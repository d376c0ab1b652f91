"""Misère quotients: computation time per game up to heap 30 and 100, a 50-heap misère sum
answered from the quotient beside plain search (which cannot finish: it is refused by its
budget), and with ``--codes K`` the counts over every octal code with up to K digits.

``python -m benchmarks misere`` (or ``python -m benchmarks.misere``): the named games, each quotient
run bounded by ``--seconds`` (default 60): a wild game whose quotient keeps growing reports how far
it got.

``python -m benchmarks.misere --codes 2 --maxheap 30``: every octal code with up to two digits
(the 63 codes of ``zermelo census octal --digits 2``): how many have a quotient whose pretending
function's period is proven (the misère quotient of the whole game, finite), how many have their
quotient of heaps 0..30 computed within the budget (finite, every Q_n is, but not proven to settle),
and how many stopped at the budget; then one line per code.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from collections import Counter

from zermelo.core.errors import SearchLimitExceeded
from zermelo.core.limits import Limits
from zermelo.heaps import Octal
from zermelo.heaps.census import members
from zermelo.misere import misere_quotient

GAMES = ["0.75", "0.77", "0.07", "4.7", "0.312"]
SECONDS = 60.0


def _load() -> str:
    one, five, _ = os.getloadavg()
    return f"load average {one:.1f} / {five:.1f} on {os.cpu_count()} cores"


def named(seconds: float) -> None:
    print(_load())
    print("| game | maxheap | heaps done | order | proven period | seconds |")
    print("| --- | --- | --- | --- | --- | --- |")
    for code in GAMES:
        for top in (30, 100):
            q = misere_quotient(Octal(code), top, seconds=seconds, cache=False)
            period = f"{q.period} from {q.preperiod}" if q.proven else "—"
            done = q.upto if q.complete or q.proven else f"{q.upto} (stopped)"
            name = f" ({q.name})" if q.name else ""
            print(f"| {code} | {top} | {done} | {q.order}{name} | {period} | {q.seconds:.2f} |", flush=True)
    game = Octal("0.75")
    heaps = tuple(range(11, 61))
    q = misere_quotient(game, 30, cache=False)
    t = time.perf_counter()
    for _ in range(100):
        q.outcome(heaps)
    per = (time.perf_counter() - t) / 100
    from zermelo.analyses.analysis import solve

    t = time.perf_counter()
    misere_quotient(game, 30)  # into the cache, as `zermelo misere` would leave it
    a = solve(game, heaps, misere=True)
    full = time.perf_counter() - t
    t = time.perf_counter()
    try:
        from zermelo.search.engine import engine_for

        engine_for(game).outcome(heaps, True, Limits(10_000_000, 60.0))
        searched = "finished"
    except SearchLimitExceeded as exc:
        searched = f"refused: {exc}"
    plain = time.perf_counter() - t
    print(f"\n50 heaps 11..60 of 0.75 under misère play: outcome {a.outcome} from the quotient in {per * 1e3:.3f} ms;")
    print(f"  solve (outcome + all {len(a.winning_moves)} winning moves + why) {full * 1e3:.0f} ms;")
    print(f"  plain misère search: {searched[:110]} ({plain:.2f} s)")
    print(_load())


def codes(digits: int, maxheap: int, seconds: float) -> None:
    ms = members("octal", digits=digits)
    print(f"octal codes with up to {digits} digits: {len(ms)}; quotients to heap {maxheap}, {seconds:g} s each")
    print(_load())
    rows = []
    began = time.perf_counter()
    for m in ms:
        q = misere_quotient(Octal(m.code), maxheap, seconds=seconds, cache=False)
        rows.append((m.code, q))
    wall = time.perf_counter() - began
    proven = [c for c, q in rows if q.proven]
    computed = [c for c, q in rows if q.complete and not q.proven]
    stopped = [c for c, q in rows if not q.complete]
    print(f"\nproven (pretending function periodic, the quotient of the whole game): {len(proven)}")
    print(f"quotient of heaps 0..{maxheap} computed, no proven period: {len(computed)}")
    print(f"stopped at the budget: {len(stopped)} ({' '.join(stopped) or 'none'})")
    orders = Counter(q.order for c, q in rows if q.proven)
    print("orders of the proven quotients: " + ", ".join(f"{o}: {n}" for o, n in sorted(orders.items())))
    names = Counter(q.name for c, q in rows if q.proven and q.name)
    print("named among them: " + (", ".join(f"{k}: {n}" for k, n in sorted(names.items())) or "none"))
    print(f"total {wall:.1f} s; {_load()}\n")
    print("| code | order | name | P | period | heaps done | seconds |")
    print("| --- | ---: | --- | ---: | --- | ---: | ---: |")
    for code, q in rows:
        period = f"{q.period} from {q.preperiod}" if q.proven else ("stopped" if not q.complete else "—")
        p = len(q.monoid.p_portion)
        print(f"| {code} | {q.order} | {q.name or ''} | {p} | {period} | {q.upto} | {q.seconds:.2f} |")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.misere")
    ap.add_argument("--codes", type=int, default=None, metavar="K", help="every octal code with up to K digits")
    ap.add_argument("--maxheap", type=int, default=30)
    ap.add_argument("--seconds", type=float, default=SECONDS, help="time budget of each quotient run")
    args = ap.parse_args([] if argv is None else argv)
    os.environ["ZERMELO_CACHE_DIR"] = tempfile.mkdtemp()
    if args.codes is None:
        named(args.seconds)
    else:
        codes(args.codes, args.maxheap, args.seconds)


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])
