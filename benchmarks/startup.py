"""Start-up: ``zermelo`` as a whole process against ``python -c "import numpy"``.

What a user feels first is the time from the command to its answer.  The commands (``zermelo
solve nim 3 4 5``, ``zermelo games``, ``zermelo --help`` and issue 31's small answers: the value
of Domineering 3 x 3, a 40-disc Connect Four position, octal 0.16 to its proof) and the peer (the
same interpreter importing numpy, which zermelo needs anyway) run interleaved, round after round,
so load on the machine falls on all of them alike; the table gives the median wall time and the
median CPU time (user + system of the child, ``getrusage``: less moved by other processes on a
shared machine) of each, and their ratios to the peer's.  Issue 19's and 31's target: every ratio
at most 2.

Before measuring, ``zermelo compile`` builds the kernels compiled ahead of time if they are not
up to date (a cache, as numba's: a run without it is the ``ZERMELO_NO_AOT=1`` row, numba's own
path).  The children run without ``PYTHONDONTWRITEBYTECODE`` (set in some shells and sandboxes):
zermelo's modules are then read from their bytecode, as an installed package's are (pip compiles
it at install time) and as numpy's are; with the variable set, an editable install compiles
every module from source in every process (about 0.2 s of CPU here).

Run: ``.venv/bin/python -m benchmarks startup`` (``STARTUP_ROUNDS=N`` for more rounds).
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

PYTHON = sys.executable
ZERMELO = str(Path(PYTHON).with_name("zermelo"))

OCTAL_PROOF = [ZERMELO, "sequence", "octal:0.16", "--upto", "400000", "--quiet"]
COMMANDS = {
    'python -c "import numpy"': [PYTHON, "-c", "import numpy"],
    "zermelo solve nim 3 4 5": [ZERMELO, "solve", "nim", "3", "4", "5"],
    "zermelo games": [ZERMELO, "games"],
    "zermelo --help": [ZERMELO, "--help"],
    "zermelo value domineering 3x3": [ZERMELO, "value", "domineering", "...|...|..."],
    "zermelo negamax connect4 (40 discs)": [ZERMELO, "negamax", "connect4", "7526576515141727663526411613424253744273"],
    "zermelo sequence octal:0.16 (proof)": OCTAL_PROOF,
    "the same, ZERMELO_NO_AOT=1 (numba)": ["env", "ZERMELO_NO_AOT=1", *OCTAL_PROOF],
}
#: The children's environment (see above).
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def wall(argv: list[str]) -> tuple[float, float]:
    """Wall seconds and CPU seconds (user + system) of one run of ``argv``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=ENV)
    seconds = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return seconds, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def main() -> None:
    rounds = int(os.environ.get("STARTUP_ROUNDS", "15"))
    subprocess.run([ZERMELO, "compile"], check=True, env=ENV)
    for argv in COMMANDS.values():  # warm the file cache (and numba's, if anything loads it)
        wall(argv)
    print(f"uptime before: {os.popen('uptime').read().strip()}")
    times: dict[str, list[tuple[float, float]]] = {name: [] for name in COMMANDS}
    for _ in range(rounds):
        for name, argv in COMMANDS.items():
            times[name].append(wall(argv))
    print(f"uptime after: {os.popen('uptime').read().strip()}")
    peer = [statistics.median(t[i] for t in times['python -c "import numpy"']) for i in (0, 1)]
    print(f"\n({rounds} interleaved rounds, medians)\n")
    print("| command | wall s | ratio | CPU s | ratio |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for name, ts in times.items():
        w, c = (statistics.median(t[i] for t in ts) for i in (0, 1))
        print(f"| `{name}` | {w:.3f} | {w / peer[0]:.2f} | {c:.3f} | {c / peer[1]:.2f} |")


if __name__ == "__main__":
    main()
