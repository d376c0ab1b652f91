"""zermelo's misère quotients beside Siegel's MisereSolver, as whole processes, CPU time.

``CGSUITE_GIT=/path/to/cgsuite.git .venv/bin/python -m benchmarks.miseresolver [--runs 3] [TASK ...]``

MisereSolver is built from CGSuite's public repository by ``benchmarks/peers/miseresolver.sh`` (javac
alone; read that script for what is built as it is and what stands in for CGSuite's Scala core).
Without ``CGSUITE_GIT`` the script clones the repository (needs the network).  A task is
``CODE:MAXHEAP`` (default: 0.07:30 0.75:30); both programs compute the quotient of heaps
``0..MAXHEAP``, each stopping earlier when the pretending function's period is proven.  Runs are
interleaved (zermelo, MisereSolver, zermelo, ...); the CPU time of each process (user + sys, with
its start-up) is read from ``resource.getrusage(RUSAGE_CHILDREN)``; the medians are compared.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).parent
TASKS = ["0.07:30", "0.75:30"]


def _cpu(cmd: list[str], env: dict[str, str], timeout: float) -> tuple[float, str]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=timeout, check=True).stdout
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, out


def _load() -> str:
    one, five, _ = os.getloadavg()
    return f"load average {one:.1f} / {five:.1f} on {os.cpu_count()} cores"


def build(out: Path) -> Path:
    cmd = ["sh", str(HERE / "peers" / "miseresolver.sh"), str(out)]
    if os.environ.get("CGSUITE_GIT"):
        cmd.append(os.environ["CGSUITE_GIT"])
    return Path(subprocess.run(cmd, capture_output=True, text=True, check=True).stdout.strip())


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.miseresolver")
    ap.add_argument("tasks", nargs="*", default=TASKS, metavar="CODE:MAXHEAP")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--timeout", type=float, default=3600.0, help="seconds for one process")
    args = ap.parse_args([] if argv is None else argv)
    work = Path(tempfile.mkdtemp(prefix="miseresolver-"))
    try:
        classes = build(work)
    except (subprocess.CalledProcessError, OSError) as exc:
        print(f"MisereSolver could not be built ({exc}); set CGSUITE_GIT to a clone of CGSuite's repository")
        return
    env = dict(os.environ, ZERMELO_CACHE_DIR=str(work / "cache"))
    zermelo = str(Path(sys.executable).with_name("zermelo"))
    print(_load())
    print("| task | zermelo CPU s (median) | MisereSolver CPU s (median) | ratio | zermelo | MisereSolver |")
    print("| --- | ---: | ---: | ---: | --- | --- |")
    for task in args.tasks:
        code, top = task.split(":")
        ours = [zermelo, "misere", f"octal:{code}", "--maxheap", top, "--no-cache", "--quiet", "--genus", "0", "--json"]
        peer = ["java", "-cp", str(classes), "org.cgsuite.core.misere.solver.Bench", code, top]
        z_cpu: list[float] = []
        p_cpu: list[float] = []
        z_out = p_out = ""
        for _ in range(args.runs):
            t, z_out = _cpu(ours, env, args.timeout)
            z_cpu.append(t)
            t, p_out = _cpu(peer, env, args.timeout)
            p_cpu.append(t)
        data = json.loads(z_out)
        said = f"Q_{data['upto']} order {data['order']}, \\|P\\| = {data['p_size']}"
        zm, pm = statistics.median(z_cpu), statistics.median(p_cpu)
        theirs = p_out.strip().splitlines()[-1]
        print(f"| {task} | {zm:.2f} | {pm:.2f} | {zm / pm:.2f}× | {said} | {theirs} |", flush=True)
    print(_load())


if __name__ == "__main__":
    main(sys.argv[1:])
