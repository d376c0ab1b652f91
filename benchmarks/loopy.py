"""Loopy values (issues 26 and 28): CPU seconds of CGSuite's larger loopy examples, each in a fresh process.

``python -m benchmarks loopy`` runs each case in a new Python process and reads its CPU time
(user + system, ``resource.getrusage`` of the child: numba's import and the kernel's cache load
included), the median of three runs; the load average is printed beside the table.  With
``ZERMELO_BEFORE=SRC`` (a ``src`` folder of an older zermelo, e.g. ``git archive 22948d0 src``)
each case also runs once on that code (on ``PYTHONPATH``), interleaved, for the before / after
columns of docs/benchmarks.md.  cgt-py, the compiled peer of the ``values`` benchmark, has no
partisan loopy game (its Python module exposes none, its Rust library holds only impartial loopy
games), so there is no peer column.
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys

CLI = "from zermelo.cli import main; main"
EVAL = "from zermelo.cli import main; main(['value', '--cgsuite', '--expr', "
CASES = [
    ("backsliding ttt..fff (560 positions)", f"{CLI}(['value', 'backsliding', 'ttt..fff'])"),
    (
        "foxandgeese, fox in the corner (1,421 positions)",
        f"{CLI}(['value', 'foxandgeese', 'x.x.x.x.|........|o.......'])",
    ),
    (
        "CGSuite's 17-position stopper .Variety",
        EVAL + "'({0|{0||||-1|||-1+*,a{0||0|a|||-1+*||||-1+*}||-2|b{-2,{-1,-1+*||-1+*|b|||-2}|-2}}}).Variety'])",
    ),
    ("a{1||a|0} (a sided value, 5 positions)", EVAL + "'a{1||a|0}'])"),
    ("(a{0||||0|||a|*||*} + {1|0}).Degree", EVAL + "'(a{0||||0|||a|*||*} + {1|0}).Degree'])"),
    ("Bach's Carousel (sides not stoppers)", EVAL + "'a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}'])"),
    (
        "FoxAndGeese, four geese (10,597 positions)",
        EVAL + "'game.grid.FoxAndGeese({(4,2),(4,4),(4,6),(4,8)}, (1,1)).GameValue'])",
    ),
    (
        "CeyloneseFoxAndGeese, four geese (12,721 positions)",
        EVAL + "'game.grid.CeyloneseFoxAndGeese({(4,2),(4,4),(4,6),(4,8)}, (1,1)).GameValue'])",
    ),
    (
        "GenFoxAndGeese(boardWidth => 10), five geese (8,492 positions)",
        EVAL + "'game.grid.GenFoxAndGeese(boardWidth => 10)({(3,1),(3,3),(3,5),(3,7),(3,9)}, (1,9)).GameValue'])",
    ),
]


#: CPU seconds a run of the older code may take (it is stopped by the kernel's CPU limit after that).
BEFORE_CAP = 120


def cpu(code: str, path: str | None) -> tuple[float, str]:
    """CPU seconds of one fresh process running ``code`` (zermelo from ``path`` if given, capped at
    :data:`BEFORE_CAP` CPU seconds), and its answer line ("stopped" past the cap)."""
    env = dict(os.environ)
    if path:
        env["PYTHONPATH"] = path

    def cap() -> None:
        if path:
            resource.setrlimit(resource.RLIMIT_CPU, (BEFORE_CAP, BEFORE_CAP + 5))

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=False, preexec_fn=cap
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    used = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if out.returncode < 0:
        return used, f"stopped after {BEFORE_CAP} CPU s"
    lines = [line for line in out.stdout.splitlines() if line.strip()]
    said = next((line.strip() for line in lines if "value " in line), lines[-1].strip() if lines else out.stderr[-70:])
    return used, said[:70]


def _cell(text: str) -> str:
    return text.replace("|", "\\|")  # a bar inside a Markdown table cell


def main() -> None:
    old = os.environ.get("ZERMELO_BEFORE")
    print(f"load average before: {os.getloadavg()[0]:.2f}")
    print("| case | CPU s (median of 3) | before: CPU s (one run) | answer |")
    print("|---|---|---|---|")
    for name, code in CASES:
        times, said, was = [], "", "–"
        for i in range(3):
            t, said = cpu(code, None)
            times.append(t)
            if old and i == 0:
                spent, answer = cpu(code, old)
                was = f"> {BEFORE_CAP}" if answer.startswith("stopped") else f"{spent:.1f}"
        cells = (_cell(name), f"{statistics.median(times):.2f}", was, f"`{_cell(said)}`")
        print(f"| {' | '.join(cells)} |", flush=True)
    print(f"load average after: {os.getloadavg()[0]:.2f}")
