"""Connect Four, many positions: ``zermelo negamax connect4 --batch`` beside Pons' solver, whole
processes, CPU seconds (user + system of the child processes, ``getrusage``).

Run: ``PONS_DIR=/path/to/connect4 flock /tmp/zermelo-bench.lock .venv/bin/python -m benchmarks connect4_batch``
(``PONS_DIR``: a checkout of github.com/PascalPons/connect4, built as in :mod:`benchmarks.connect4`).

The set: 30 random 7x6 positions of 12 to 16 moves (seed 31, nobody has won or can win at once),
the kind of file a script or a contest checker hands a solver.  Rows, interleaved round by round
(``--rounds``, default 3; the median of each row is printed):

* zermelo, one process for the whole set: ``zermelo negamax connect4 --batch FILE --quiet`` (the
  whole answer of each line: value, best moves, line of best play);
* zermelo, one process per position (``zermelo negamax connect4 POS --json --quiet``), as before
  ``--batch`` existed;
* Pons, one process per position, and one process for the whole set (its table cleared before
  each position, as its ``main`` does not; its score only, no best moves or line; no opening book).

Then the same batch twice more with different ``PYTHONHASHSEED``: the node counts and the lines of
best play must be equal (the search is deterministic), or the benchmark stops.
"""

from __future__ import annotations

import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from benchmarks.connect4 import build_pons, positions

ZERMELO = str(Path(sys.executable).with_name("zermelo"))


def cpu(argv: list[str], stdin: str | None = None, env: dict[str, str] | None = None) -> tuple[float, str]:
    """CPU seconds (user + system) of one child process, and its stdout."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(argv, input=stdin, capture_output=True, text=True, env=env)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode:
        raise RuntimeError(f"{' '.join(argv)}: exit {done.returncode}: {done.stderr.strip()[-500:]}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), done.stdout


def uptime() -> str:
    return os.popen("uptime").read().strip()


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    rounds = int(args[args.index("--rounds") + 1]) if "--rounds" in args else 3
    lines = positions(31, 30, 12, 16)
    tmp = tempfile.mkdtemp(prefix="zermelo-c4batch-")
    try:
        batch = Path(tmp) / "positions.txt"
        batch.write_text("".join(f"{line}\n" for line in lines))
        source = os.environ.get("PONS_DIR")
        pons = build_pons(source, 7, 6, tmp)[0] if source else None
        if pons is None:
            print("PONS_DIR is not set or Pons' solver did not build: zermelo's rows alone\n")
        rows: dict[str, list[float]] = {}

        def add(name: str, seconds: float) -> None:
            rows.setdefault(name, []).append(seconds)

        print(f"uptime before: {uptime()}")
        cpu([ZERMELO, "negamax", "connect4", "4", "--quiet"])  # numba's cache and the files warm
        nodes: list[int] = []
        for _ in range(rounds):
            t, out = cpu([ZERMELO, "negamax", "connect4", "--batch", str(batch), "--quiet"])
            add("zermelo, one process: negamax --batch", t)
            answers = [json.loads(row) for row in out.splitlines()]
            nodes = [a["nodes"] for a in answers]
            total = 0.0
            for line in lines:
                total += cpu([ZERMELO, "negamax", "connect4", line, "--json", "--quiet"])[0]
            add("zermelo, one process per position", total)
            if pons is not None:
                total = 0.0
                for line in lines:
                    total += cpu([pons], stdin=line + "\n")[0]
                add("Pons, one process per position", total)
                add("Pons, one process", cpu([pons], stdin="".join(f"{line}\n" for line in lines))[0])
        print(f"uptime after: {uptime()}\n")
        peer = statistics.median(rows["Pons, one process per position"]) if pons is not None else None
        print(f"30 Connect Four 7x6 positions (12-16 moves, seed 31), CPU seconds, median of {rounds} rounds\n")
        print("| run | CPU s | ratio to Pons, one process per position |")
        print("| --- | ---: | ---: |")
        for name, ts in rows.items():
            m = statistics.median(ts)
            ratio = f"{m / peer:.2f}" if peer else "—"
            print(f"| {name} | {m:.2f} | {ratio} |")
        print(f"\nzermelo's positions searched (the whole answers): {sum(nodes):,}")
        # Deterministic: the same batch in two more processes with other hash seeds.
        for seed in ("1", "2"):
            env = {**os.environ, "PYTHONHASHSEED": seed}
            out = cpu([ZERMELO, "negamax", "connect4", "--batch", str(batch), "--quiet"], env=env)[1]
            again = [json.loads(row) for row in out.splitlines()]
            if [a["nodes"] for a in again] != nodes:
                raise RuntimeError(f"PYTHONHASHSEED={seed}: other node counts: {sum(a['nodes'] for a in again):,}")
        print("the same node counts and lines with PYTHONHASHSEED=1 and 2: yes")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
