"""Censuses: every octal code with up to 3 digits to 10^5 heaps, on Dask with 1 and 2 workers.

``python -m benchmarks.census`` (minutes) measures, side by side in one run:

* a plain loop calling :func:`zermelo.heaps.census.work.compute` (``z.sequence`` and the packing of the
  values) over the census's distinct games, in this process: the baseline;
* ``zermelo.heaps.census.run`` on a fresh database with a LocalCluster of 1 worker, then of 2 workers
  (cluster start-up included): wall time, games per second, the overhead of the 1-worker census
  against the plain loop and the speed-up of 2 workers over 1;
* how many codes are proven periodic at that heap count, and the codes left open, beside the
  published list of unsolved games (T. Czajka's octal-games UnsolvedGames.md, which follows
  Flammenkamp's tables), each mapped to every code with the same normal form.

``--quick`` runs the 2-digit codes to 20,000 heaps; ``--digits``, ``--upto``, ``--workers 1,2``
choose others.  The machine is shared: the load average is printed beside the figures.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path

from zermelo.heaps.census import Store, members, normal_form, run
from zermelo.heaps.census.work import compute

#: The 3-digit (and shorter) octal games listed as unsolved by T. Czajka's octal-games
#: (UnsolvedGames.md, after Flammenkamp's tables); Grundy's game and the 4.xxx codes left out.
UNSOLVED = [
    "0.6",
    "0.04",
    "0.06",
    "0.14",
    "0.36",
    "0.64",
    "0.74",
    "0.76",
    "0.004",
    "0.005",
    "0.006",
    "0.014",
    "0.015",
    "0.016",
    "0.024",
    "0.026",
    "0.034",
    "0.054",
    "0.064",
    "0.104",
    "0.106",
    "0.114",
    "0.125",
    "0.126",
    "0.135",
    "0.136",
    "0.142",
    "0.143",
    "0.146",
    "0.161",
    "0.162",
    "0.163",
    "0.164",
    "0.166",
    "0.167",
    "0.172",
    "0.174",
    "0.204",
    "0.205",
    "0.206",
    "0.207",
    "0.224",
    "0.244",
    "0.245",
    "0.264",
    "0.314",
    "0.324",
    "0.334",
    "0.336",
    "0.342",
    "0.344",
    "0.346",
    "0.362",
    "0.364",
    "0.366",
    "0.371",
    "0.374",
    "0.404",
    "0.414",
    "0.416",
    "0.444",
    "0.454",
    "0.564",
    "0.604",
    "0.606",
    "0.744",
    "0.764",
    "0.774",
    "0.776",
]


def _load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.1f} / {five:.1f} / {fifteen:.1f} on {os.cpu_count()} cores"


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.census")
    ap.add_argument("--digits", type=int, default=3)
    ap.add_argument("--upto", type=int, default=100_000)
    ap.add_argument("--workers", default="1,2", help="worker counts to time, e.g. 1,2")
    ap.add_argument("--quick", action="store_true", help="2 digits to 20,000 heaps")
    ap.add_argument("--no-plain", action="store_true", help="skip the plain loop")
    args = ap.parse_args(argv)
    digits, upto = (2, 20_000) if args.quick else (args.digits, args.upto)
    ms = members("octal", digits=digits)
    games = sorted({(m.game_family, m.game_code) for m in ms}, key=lambda g: (len(g[1]), g[1]))
    print(f"octal codes with up to {digits} digits to {upto:,} heaps: {len(ms)} codes, {len(games)} distinct games")
    print(f"before: {_load()}\n")
    print("| run | wall s | games/s | vs plain loop |")
    print("| --- | ---: | ---: | ---: |")
    compute("octal", "0.77", 300)  # load the kernels from numba's cache outside the timings
    plain = None
    if not args.no_plain:
        t0 = time.perf_counter()
        for family, code in games:
            compute(family, code, upto)
        plain = time.perf_counter() - t0
        print(f"| plain loop (z.sequence, one process) | {plain:.1f} | {len(games) / plain:.2f} | 1.00 |", flush=True)
    walls: dict[int, float] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for w in (int(x) for x in args.workers.split(",")):
            db = Path(tmp) / f"census-{w}.sqlite"
            t0 = time.perf_counter()
            summary = run(ms, upto, db, workers=w)
            walls[w] = time.perf_counter() - t0
            ratio = f"{walls[w] / plain:.2f}" if plain else "-"
            print(
                f"| census, LocalCluster of {w} worker{'s' if w > 1 else ''} | {walls[w]:.1f} "
                f"| {summary.computed / walls[w]:.2f} | {ratio} |",
                flush=True,
            )
        print(f"\nafter: {_load()}")
        if 1 in walls and 2 in walls:
            print(f"speed-up of 2 workers over 1: {walls[1] / walls[2]:.2f}x")
        if plain and 1 in walls:
            print(f"overhead of the 1-worker census against the plain loop: {100 * (walls[1] / plain - 1):+.1f}%")
        with Store(Path(tmp) / f"census-{min(walls)}.sqlite") as s:
            rows = list(s.records("upto = ? AND member = 1", (upto,)))
    proven = [r for r in rows if r.proven]
    open_codes = sorted((r.code for r in rows if not r.proven), key=lambda c: (len(c), c))
    print(f"\nproven periodic at {upto:,} heaps: {len(proven)} of {len(rows)} codes")
    unsolved = {normal_form(c)[1] for c in UNSOLVED}
    published_open = {m.code for m in ms if m.game_code in unsolved}
    print(f"published as unsolved (the same normal form as a listed game): {len(published_open)} codes")
    solved_here = sorted(published_open - set(open_codes), key=lambda c: (len(c), c))
    open_not_published = sorted(set(open_codes) - published_open, key=lambda c: (len(c), c))
    print(f"open here but solved in the literature ({len(open_not_published)}): {' '.join(open_not_published)}")
    print(f"proven here but listed as unsolved ({len(solved_here)}): {' '.join(solved_here) or 'none'}")


if __name__ == "__main__":
    main()
