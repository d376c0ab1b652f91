"""How long ``zermelo book connect4 --plies K`` takes, and how it splits across Dask workers.

Run: ``.venv/bin/python -m benchmarks.connect4_book`` (``--sizes 6x5`` and ``--plies 4 6 8`` choose
the whole builds; ``--sample N`` the 7x6 extrapolation).  Two parts:

* whole builds on a board that fits a session (6x5 by default): the book of every K, once in a
  local loop and once on a local Dask cluster of 2 worker processes (cluster start-up included),
  each into a fresh file (nothing resumed);
* 7x6, whose books take hours to days: the positions at ply K are counted exactly, and a random
  run of N consecutive ones (as a worker gets them: siblings side by side, one table shared) is
  solved; the book's time is extrapolated as count x mean time per position, for 1 worker and
  halved for 2 (an ideal: two workers do not share a table, see the whole builds).  This says
  how long a whole 7x6 book would take; it is an estimate, printed as one.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from pathlib import Path

from zermelo.games import connect4_book as books
from zermelo.games import connect4_kernel as kernel


def whole(w: int, h: int, plies: list[int]) -> None:
    print(f"\nWhole builds, connect4:{w}x{h} (fresh files; 2 workers: a local Dask cluster, start-up included)\n")
    print("| plies | positions | at ply K | searched: loop / 2 workers | local loop | 2 Dask workers | speed-up |")
    print("| ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    with tempfile.TemporaryDirectory(prefix="zermelo-book-") as tmp:
        for k in plies:
            kernel.table_for(w, h).clear()
            one = books.build(w, h, k, Path(tmp) / f"one{k}.npz")
            two = books.build(w, h, k, Path(tmp) / f"two{k}.npz", workers=2)
            print(
                f"| {k} | {one.positions:,} | {one.leaves:,} | {one.nodes:,} / {two.nodes:,} | {one.seconds:.1f} s | "
                f"{two.seconds:.1f} s | {one.seconds / two.seconds:.2f} |",
                flush=True,
            )


def sampled(plies: list[int], count: int, seed: int = 19) -> None:
    print(f"\nconnect4:7x6: a random run of {count} consecutive positions at ply K, solved as a worker would\n")
    print("| plies | positions in the book | at ply K | sample | mean per position | estimate, 1 worker | 2 workers |")
    print("| ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    rng = random.Random(seed)
    for k in plies:
        lv = books.levels(7, 6, k)
        leaves = lv[k]
        start = rng.randrange(0, len(leaves) - count)
        run = leaves[start : start + count]
        kernel.table_for(7, 6).clear()  # a fresh worker's table
        began = time.perf_counter()
        got = books.solve_chunk(7, 6, k, run)
        mean = (time.perf_counter() - began) / len(run)
        total = mean * len(leaves)
        nodes = sum(n for _, n in got)
        print(
            f"| {k} | {sum(map(len, lv)):,} | {len(leaves):,} | {count} ({nodes:,} searched) | {mean:.2f} s | "
            f"{_hours(total)} | {_hours(total / 2)} |",
            flush=True,
        )


def _hours(seconds: float) -> str:
    return f"{seconds / 3600:.1f} h" if seconds >= 3600 else f"{seconds / 60:.1f} min"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.connect4_book")
    parser.add_argument("--sizes", nargs="*", default=["6x5"], help="boards built whole (WxH)")
    parser.add_argument("--plies", nargs="*", type=int, default=[4, 6, 8], help="book depths")
    parser.add_argument("--sample", type=int, default=2, help="7x6 positions solved per depth (0: none)")
    args = parser.parse_args(argv if argv is not None else [])
    print(f"uptime: {os.popen('uptime').read().strip()}")
    kernel.solve(0, 0, 0, 4, 4)  # load the kernels outside the timings
    for size in args.sizes:
        w, h = (int(x) for x in size.split("x"))
        whole(w, h, args.plies)
    if args.sample:
        sampled(args.plies, args.sample)
    print(f"\nuptime: {os.popen('uptime').read().strip()}")


if __name__ == "__main__":
    main(sys.argv[1:])
