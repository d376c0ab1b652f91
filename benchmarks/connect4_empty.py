"""Connect Four from the empty board, whole processes: ``zermelo negamax`` beside Pons' solver.

Run: ``PONS_DIR=/path/to/connect4 flock /tmp/zermelo-bench.lock .venv/bin/python -m benchmarks.connect4_empty``
(``PONS_DIR``: a checkout of github.com/PascalPons/connect4, built as in :mod:`benchmarks.connect4`
with the board-size constants changed for 6x5 and 7x5).  ``--runs N`` (default 3) runs of each
case, interleaved (zermelo, Pons, zermelo, Pons, ...); the medians are compared.  ``--sizes 6x5 7x5``
chooses the boards (``7x6`` adds the standard board, weak only: minutes a run); ``--answers whole
value`` (the default) which of zermelo's answers run (below).

Each run is one whole process, timed as CPU seconds (user + system of the child, ``getrusage``),
as a user or a script pays them:

* zermelo: ``zermelo negamax connect4:WxH "" --weak|--strong --json --quiet`` with
  ``ZERMELO_NO_BOOK=1`` (no opening book is read: everything is searched, as Pons' solver does
  without its book).  Its answer is more than a score: ``--weak`` also names every move that keeps
  the draw (a proof per move), ``--strong`` every best move and a line of best play to the end of
  the game (a null-window proof per step); its node count is all of that.  ``zermelo compile``
  runs first (the solver compiled ahead of time, loaded without numba; ``ZERMELO_NO_AOT=1`` in
  the benchmark's environment measures numba's own path instead), and the children run without
  ``PYTHONDONTWRITEBYTECODE``, as :mod:`benchmarks.startup` says why;
* zermelo, the same question as Pons: the same command with ``--value-only`` (the value alone:
  who wins with ``--weak``, the exact score with ``--strong``; no moves, no line), the rows
  marked "value only";
* Pons: ``pons_timer [-w]`` on the one line ``""`` (the score of the empty board, its table of
  2^24 entries allocated and cleared at start-up; no book).

Printed per case: the medians, the ratio zermelo / Pons, both node counts and node rates (nodes
per CPU second of the whole process), and ``uptime`` before and after.  Every answer is checked
(a draw on 6x5, 7x5; a first-player win on 7x6) and zermelo's node count must be the same in
every run (the search is deterministic), or the benchmark stops.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import sys
import tempfile

from benchmarks.connect4 import build_pons
from benchmarks.connect4_batch import ZERMELO, cpu, uptime
from benchmarks.startup import ENV

#: The value of the empty board from the first player's side: 0 a draw, 1 a win.
KNOWN = {(6, 5): 0, (7, 5): 0, (7, 6): 1}


def zermelo_run(w: int, h: int, strength: str, value_only: bool = False) -> tuple[float, int]:
    """(CPU seconds, nodes) of one whole ``zermelo negamax`` process without a book."""
    env = {**ENV, "ZERMELO_NO_BOOK": "1"}
    argv = [ZERMELO, "negamax", f"connect4:{w}x{h}", "", f"--{strength}", "--json", "--quiet"]
    if value_only:
        argv.append("--value-only")
    seconds, out = cpu(argv, env=env)
    data = json.loads(out)
    if (data["value"] > 0) - (data["value"] < 0) != KNOWN[w, h]:
        raise RuntimeError(f"zermelo {w}x{h} {strength}: value {data['value']}")
    return seconds, int(data["nodes"])


def pons_run(exe: str, w: int, h: int, weak: bool) -> tuple[float, int]:
    """(CPU seconds, nodes) of one whole Pons process on the empty board."""
    seconds, out = cpu([exe, *(["-w"] if weak else [])], stdin="\n")
    score, nodes, _ = out.split()
    if (int(score) > 0) - (int(score) < 0) != KNOWN[w, h]:
        raise RuntimeError(f"Pons {w}x{h}: score {score}")
    return seconds, int(nodes)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.connect4_empty")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--sizes", nargs="*", default=["6x5", "7x5"], choices=["6x5", "7x5", "7x6"])
    parser.add_argument(
        "--answers",
        nargs="*",
        default=["whole", "value"],
        choices=["whole", "value"],
        help="zermelo's whole answer (moves too) and/or the value only (Pons' question)",
    )
    args = parser.parse_args(argv if argv is not None else [])
    source = os.environ.get("PONS_DIR")
    tmp = tempfile.mkdtemp(prefix="zermelo-c4empty-")
    try:
        print(f"uptime before: {uptime()}", flush=True)
        if not os.environ.get("ZERMELO_NO_AOT"):
            cpu([ZERMELO, "compile"], env=ENV)
        cpu([ZERMELO, "negamax", "connect4:4x4", "", "--quiet"], env=ENV)  # the caches and the files warm
        print(
            "\n| case | zermelo CPU s (runs) | zermelo nodes | zermelo nodes/s | Pons CPU s (runs) | Pons nodes "
            "| Pons nodes/s | ratio |"
        )
        print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |", flush=True)
        for size in args.sizes:
            w, h = map(int, size.split("x"))
            exe = None
            if source:
                exe, why = build_pons(source, w, h, tmp)
                if exe is None:
                    print(f"Pons' solver {size} not built ({why}): its column is empty", flush=True)
            for strength, answer in [(s, a) for s in ("weak", "strong") for a in args.answers]:
                if (w, h) == (7, 6) and strength == "strong":
                    continue  # hours without a book, on both sides
                ours: list[tuple[float, int]] = []
                theirs: list[tuple[float, int]] = []
                for _ in range(args.runs):
                    ours.append(zermelo_run(w, h, strength, answer == "value"))
                    if exe is not None:
                        theirs.append(pons_run(exe, w, h, strength == "weak"))
                if len({n for _, n in ours}) != 1:
                    raise RuntimeError(f"{size} {strength}: zermelo's node counts differ: {[n for _, n in ours]}")
                zt, zn = statistics.median(t for t, _ in ours), ours[0][1]
                runs = " ".join(f"{t:.2f}" for t, _ in ours)
                what = f"{strength}, value only" if answer == "value" else strength
                row = f"| {size} from empty, {what} | **{zt:.2f}** ({runs}) | {zn:,} | {zn / zt / 1e6:.1f} M |"
                if theirs:
                    pt, pn = statistics.median(t for t, _ in theirs), theirs[0][1]
                    pruns = " ".join(f"{t:.2f}" for t, _ in theirs)
                    row += f" **{pt:.2f}** ({pruns}) | {pn:,} | {pn / pt / 1e6:.1f} M | **{zt / pt:.2f}** |"
                else:
                    row += " — | — | — | — |"
                print(row, flush=True)
        print(f"\nuptime after: {uptime()}", flush=True)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main(sys.argv[1:])
