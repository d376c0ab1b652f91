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
choose others.  The machine is shared: the load average is printed beside the figures, and each
run's CPU time (user + system of this process and its worker processes) beside its wall time, so
the overhead can be read in CPU seconds when other processes take the cores.

``--stretch SECONDS --open-db FILE --checkpoints DIR`` runs instead the unsolved games (the
normal forms of :data:`UNSOLVED`) whose kernel has a sparse space in the census ``FILE``, each
towards 2^24 heaps with a checkpoint in ``DIR`` and a deadline of ``SECONDS`` (run it again to go
on from the checkpoints), and prints the heaps reached per game.

``--only-open FILE`` restricts the games to those a stored census (``FILE``) left open, skipping
the ones its kernel ran without a sparse space (quadratic: ``--with-quadratic`` keeps them);
``--db FILE`` keeps the database.  So the 10^6 count is
``python -m benchmarks.census --upto 1000000 --workers 2 --no-plain --only-open c.sqlite --db c6.sqlite``.
"""

from __future__ import annotations

import argparse
import os
import resource
import sqlite3
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


def _cpu() -> float:
    """CPU seconds (user + system) of this process and of its children that have ended."""
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def _open_games(db: str, upto: int, quadratic: bool) -> set[tuple[str, str]]:
    """The games a stored census left open (read with plain sqlite3)."""
    con = sqlite3.connect(db)
    try:
        rows = con.execute(
            "SELECT family, code, kernel FROM results WHERE same_as IS NULL AND proven = 0 AND upto = ?", (upto,)
        ).fetchall()
    finally:
        con.close()
    return {(f, c) for f, c, k in rows if quadratic or "no sparse space" not in (k or "")}


def stretch(seconds: float, db: str, folder: str, target: int = 2**24) -> None:
    """The unsolved games towards ``target`` heaps, checkpointed, ``seconds`` each."""
    import numpy as np

    from zermelo.core.errors import SearchLimitExceeded
    from zermelo.core.limits import Limits
    from zermelo.heaps import Octal, sequence

    con = sqlite3.connect(db)
    try:
        kernel = dict(con.execute("SELECT code, kernel FROM results WHERE same_as IS NULL AND upto = 100000"))
    finally:
        con.close()
    games = sorted({normal_form(c)[1] for c in UNSOLVED}, key=lambda c: (len(c), c))
    Path(folder).mkdir(parents=True, exist_ok=True)
    print(f"{_load()}\n| game | heaps reached | result | seconds |\n| --- | ---: | --- | ---: |")
    for code in games:
        if "no sparse space" in (kernel.get(code) or ""):
            print(f"| {code} | - | not run: no sparse space (quadratic) | - |", flush=True)
            continue
        ck = Path(folder) / f"{code}.npz"
        t0 = time.perf_counter()
        try:
            s = sequence(Octal(code), target, max_upto=target, checkpoint=ck, limits=Limits(None, seconds).started())
            reached = s.computed - 1
            result = f"period {s.period} from {s.preperiod} ({s.proof})" if s.proven else "no period"
        except SearchLimitExceeded:
            with np.load(ck) as z:
                reached = len(z["values"]) - 1
            result = "stopped at the time budget (checkpoint saved)"
        print(f"| {code} | {reached:,} | {result} | {time.perf_counter() - t0:.0f} |", flush=True)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.census")
    ap.add_argument("--digits", type=int, default=3)
    ap.add_argument("--upto", type=int, default=100_000)
    ap.add_argument("--workers", default="1,2", help="worker counts to time, e.g. 1,2")
    ap.add_argument("--quick", action="store_true", help="2 digits to 20,000 heaps")
    ap.add_argument("--no-plain", action="store_true", help="skip the plain loop")
    ap.add_argument("--only-open", metavar="FILE", help="only the games this census database left open")
    ap.add_argument("--open-upto", type=int, default=100_000, help="the heap count of --only-open's rows")
    ap.add_argument("--with-quadratic", action="store_true", help="with --only-open: keep games without sparse space")
    ap.add_argument("--db", metavar="FILE", help="keep the census database here (one run only)")
    ap.add_argument("--stretch", type=float, metavar="SECONDS", help="the unsolved games towards 2^24 heaps")
    ap.add_argument("--open-db", metavar="FILE", help="with --stretch: the 10^5 census (for the kernels)")
    ap.add_argument("--checkpoints", default="census-stretch", metavar="DIR", help="with --stretch")
    args = ap.parse_args(argv)
    if args.stretch is not None:
        if not args.open_db:
            ap.error("--stretch needs --open-db FILE")
        stretch(args.stretch, args.open_db, args.checkpoints)
        return
    digits, upto = (2, 20_000) if args.quick else (args.digits, args.upto)
    ms = members("octal", digits=digits)
    if args.only_open:
        keep = _open_games(args.only_open, args.open_upto, args.with_quadratic)
        ms = [m for m in ms if (m.game_family, m.game_code) in keep]
    games = sorted({(m.game_family, m.game_code) for m in ms}, key=lambda g: (len(g[1]), g[1]))
    print(f"octal codes with up to {digits} digits to {upto:,} heaps: {len(ms)} codes, {len(games)} distinct games")
    print(f"before: {_load()}\n")
    print("| run | wall s | CPU s | games/s | wall vs plain loop | CPU vs plain loop |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    compute("octal", "0.77", 300)  # load the kernels from numba's cache outside the timings
    plain = plain_cpu = None
    if not args.no_plain:
        t0, c0 = time.perf_counter(), _cpu()
        for family, code in games:
            compute(family, code, upto)
        plain, plain_cpu = time.perf_counter() - t0, _cpu() - c0
        print(
            f"| plain loop (z.sequence, one process) | {plain:.1f} | {plain_cpu:.1f} | {len(games) / plain:.2f} "
            "| 1.00 | 1.00 |",
            flush=True,
        )
    walls: dict[int, float] = {}
    cpus: dict[int, float] = {}
    with tempfile.TemporaryDirectory() as tmp:
        dbs = {}
        for w in (int(x) for x in args.workers.split(",")):
            dbs[w] = Path(args.db) if args.db else Path(tmp) / f"census-{w}.sqlite"
            t0, c0 = time.perf_counter(), _cpu()
            summary = run(ms, upto, dbs[w], workers=w)
            walls[w], cpus[w] = time.perf_counter() - t0, _cpu() - c0
            ratio = f"{walls[w] / plain:.2f}" if plain else "-"
            cratio = f"{cpus[w] / plain_cpu:.2f}" if plain_cpu else "-"
            print(
                f"| census, LocalCluster of {w} worker{'s' if w > 1 else ''} | {walls[w]:.1f} | {cpus[w]:.1f} "
                f"| {summary.computed / walls[w]:.2f} | {ratio} | {cratio} |",
                flush=True,
            )
        print(f"\nafter: {_load()}")
        if 1 in walls and 2 in walls:
            print(f"speed-up of 2 workers over 1: {walls[1] / walls[2]:.2f}x (wall)")
        for w in walls:
            print(f"{w} worker(s): {cpus[w] / walls[w]:.2f} cores busy on average (CPU s / wall s)")
        if plain and plain_cpu and 1 in walls:
            wall_over, cpu_over = 100 * (walls[1] / plain - 1), 100 * (cpus[1] / plain_cpu - 1)
            print(f"overhead of the 1-worker census against the plain loop: {wall_over:+.1f}% wall, ", end="")
            print(f"{cpu_over:+.1f}% CPU")
        with Store(dbs[min(walls)]) as s:
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
