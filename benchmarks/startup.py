"""Start-up: ``zermelo`` as a whole process against ``python -c "import numpy"``.

What a user feels first is the time from the command to its answer.  The three commands
(``zermelo solve nim 3 4 5``, ``zermelo games``, ``zermelo --help``) and the peer (the same
interpreter importing numpy, which zermelo needs anyway) run interleaved, round after round, so
load on the machine falls on all of them alike; the table gives the median wall time of each and
its ratio to the peer's median.  Issue 19's target: every ratio at most 2.

Run: ``.venv/bin/python -m benchmarks startup`` (``STARTUP_ROUNDS=N`` for more rounds).
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

PYTHON = sys.executable
ZERMELO = str(Path(PYTHON).with_name("zermelo"))

COMMANDS = {
    'python -c "import numpy"': [PYTHON, "-c", "import numpy"],
    "zermelo solve nim 3 4 5": [ZERMELO, "solve", "nim", "3", "4", "5"],
    "zermelo games": [ZERMELO, "games"],
    "zermelo --help": [ZERMELO, "--help"],
}


def wall(argv: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def main() -> None:
    rounds = int(os.environ.get("STARTUP_ROUNDS", "15"))
    for argv in COMMANDS.values():  # warm the file cache (and numba's, if anything loads it)
        wall(argv)
    times: dict[str, list[float]] = {name: [] for name in COMMANDS}
    for _ in range(rounds):
        for name, argv in COMMANDS.items():
            times[name].append(wall(argv))
    peer = statistics.median(times['python -c "import numpy"'])
    print(f"uptime: {os.popen('uptime').read().strip()}")
    print(f"{'command':<28} {'median s':>9} {'ratio':>6}   ({rounds} interleaved rounds)")
    for name, ts in times.items():
        m = statistics.median(ts)
        print(f"{name:<28} {m:9.3f} {m / peer:6.2f}")


if __name__ == "__main__":
    main()
