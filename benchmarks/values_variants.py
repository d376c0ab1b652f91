"""Rows of :mod:`benchmarks.values` under several variants, interleaved: medians in process and as
whole processes.

A variant is a library of that benchmark run with its own environment: another zermelo on
``PYTHONPATH`` (a ``git archive`` of main's ``src``, "before"), another ``ZERMELO_CACHE_DIR``
(one where ``zermelo compile`` built the kernels ahead of time), ``ZERMELO_NO_AOT=1``.  Each round
runs every (case, variant) once as ``python -m benchmarks.values --one LIB CASE``, a fresh
process; the in-process figure is the one that process prints (the computation alone, after the
imports), the whole-process one its CPU time (user + system, ``getrusage`` of the child: the
interpreter's start, the imports, the computation).  The load average is printed before and after.

Run: ``python -m benchmarks.values_variants --rounds 3 --variant before zermelo PYTHONPATH=/tmp/old/src
--variant after zermelo --variant cgt-py cgt-py -- 'konane:x..o..x.|o...oxox|...ox...|ox...xo.'``
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
from typing import Any

from benchmarks.values import child_cpu

TIMEOUT = 600.0


def run(lib: str, case: str, env: dict[str, str]) -> tuple[float, float, str]:
    """(in-process seconds, whole-process CPU seconds, value) of one fresh process."""
    cpu, out = child_cpu(["--one", lib, case], env, TIMEOUT)
    out.check_returncode()
    got = json.loads(out.stdout)
    return float(got["seconds"]), cpu, str(got["check"])


def _seconds(s: float) -> str:
    """Three significant digits: the small boards' figures are tenths of a millisecond."""
    return f"{s:.3g}" if s < 0.01 else f"{s:.4f}"


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--variant", nargs="+", action="append", metavar="NAME LIB [KEY=VALUE ...]", required=True)
    parser.add_argument("cases", nargs="+")
    args = parser.parse_args(argv)
    from zermelo.values import parse_value  # every answer read back: the same canonical form

    base = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    variants = []
    for name, lib, *settings in args.variant:
        env = dict(base)
        env.update(s.split("=", 1) for s in settings)
        variants.append((name, lib, env))
    print(f"load average before: {' '.join(f'{x:.1f}' for x in os.getloadavg())}", flush=True)
    times: dict[tuple[str, str], list[tuple[float, float]]] = {}
    values: dict[str, list[Any]] = {}  # the values kept alive: interned games compare by identity
    for _ in range(args.rounds):
        for case in args.cases:
            for name, lib, env in variants:
                inside, whole, value = run(lib, case, env)
                times.setdefault((case, name), []).append((inside, whole))
                values.setdefault(case, []).append(parse_value(value))
    print(f"load average after: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    names = [v[0] for v in variants]
    print("\n| case | " + " | ".join(f"{n} in process s | {n} whole s" for n in names) + " | same value |")
    print("|---|" + "---:|---:|" * len(names) + "---|")
    for case in args.cases:
        cells = []
        for n in names:
            runs = times[(case, n)]
            cells += [_seconds(statistics.median(r[0] for r in runs)), f"{statistics.median(r[1] for r in runs):.3f}"]
        shown = case.replace("|", "\\|")
        same = all(v is values[case][0] for v in values[case])
        print(f"| `{shown}` | " + " | ".join(cells) + f" | {'yes' if same else 'NO'} |")
    print(f"\nMedians of {args.rounds} interleaved rounds, each (case, variant) a fresh process.")


if __name__ == "__main__":
    main(sys.argv[1:])
