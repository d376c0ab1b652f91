"""Connect Four, many positions: ``zermelo negamax connect4 --batch`` beside Pons' solver, whole
processes, CPU seconds (user + system of the child processes, ``getrusage``).

Run: ``PONS_DIR=/path/to/connect4 flock /tmp/zermelo-bench.lock .venv/bin/python -m benchmarks connect4_batch``
(``PONS_DIR``: a checkout of github.com/PascalPons/connect4, built as in :mod:`benchmarks.connect4`).

The set: 30 random 7x6 positions of 12 to 16 moves (seed 31, nobody has won or can win at once),
the kind of file a script or a contest checker hands a solver.  Rows, one after the other:

* zermelo, one process for the whole set: ``zermelo negamax connect4 --batch FILE --quiet --weak``
  (who wins, and a winning move or every move that keeps the draw), then without ``--weak`` (the
  default answer: the exact distance when it is cheap, every best move, a line of best play);
* Pons, weak (``-w``) and strong, one process per position and one process for the whole set
  (our driver clears its table before each position; its score only, no moves; no opening book);
* with ``--singles``: zermelo ``--weak`` with one process per position, as before ``--batch``.

Then the weak batch twice more with other ``PYTHONHASHSEED``: the node counts must be equal (the
search is deterministic), or the benchmark stops.
"""

from __future__ import annotations

import json
import os
import resource
import shutil
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
    singles = "--singles" in args
    lines = positions(31, 30, 12, 16)
    tmp = tempfile.mkdtemp(prefix="zermelo-c4batch-")
    try:
        batch = Path(tmp) / "positions.txt"
        text = "".join(f"{line}\n" for line in lines)
        batch.write_text(text)
        source = os.environ.get("PONS_DIR")
        pons = build_pons(source, 7, 6, tmp)[0] if source else None
        if pons is None:
            print("PONS_DIR is not set or Pons' solver did not build: zermelo's rows alone\n")
        print(f"uptime before: {uptime()}", flush=True)
        cpu([ZERMELO, "negamax", "connect4", lines[0], "--quiet"])  # numba's cache and the files warm
        print("\n| run | CPU s | positions searched |", flush=True)
        print("| --- | ---: | ---: |", flush=True)
        nodes: dict[str, list[int]] = {}
        for flag in ("--weak", None):
            argv = [ZERMELO, "negamax", "connect4", "--batch", str(batch), "--quiet", *([flag] if flag else [])]
            t, out = cpu(argv)
            nodes[flag or ""] = [json.loads(row)["nodes"] for row in out.splitlines()]
            name = f"zermelo negamax connect4 --batch FILE {flag or '(auto: exact distance, best moves, line)'}"
            print(f"| {name} | {t:.2f} | {sum(nodes[flag or '']):,} |", flush=True)
        if pons is not None:
            for weak in (True, False):
                w = ["-w"] if weak else []
                total = sum(cpu([pons, *w], stdin=line + "\n")[0] for line in lines)
                print(f"| Pons {' '.join(w) or '(strong)'}, one process per position | {total:.2f} | |", flush=True)
                print(
                    f"| Pons {' '.join(w) or '(strong)'}, one process | {cpu([pons, *w], stdin=text)[0]:.2f} | |",
                    flush=True,
                )
        if singles:
            total = sum(cpu([ZERMELO, "negamax", "connect4", line, "--weak", "--json", "--quiet"])[0] for line in lines)
            print(f"| zermelo negamax connect4 POS --weak, one process per position | {total:.2f} | |", flush=True)
        print(f"\nuptime after: {uptime()}", flush=True)
        # Deterministic: the same batch in two more processes with other hash seeds.
        for seed in ("1", "2"):
            env = {**os.environ, "PYTHONHASHSEED": seed}
            argv = [ZERMELO, "negamax", "connect4", "--batch", str(batch), "--quiet", "--weak"]
            again = [json.loads(row)["nodes"] for row in cpu(argv, env=env)[1].splitlines()]
            if again != nodes["--weak"]:
                raise RuntimeError(f"PYTHONHASHSEED={seed}: other node counts: {sum(again):,}")
        print("the same node counts with PYTHONHASHSEED=1 and 2: yes")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
