"""Compile zermelo's numba kernels into numba's disk cache once, before the tests run.

``make test`` and ``make check`` run this first (beside mypy).  On a fresh checkout numba's cache
is empty, and every process that calls a kernel first compiles it: the test workers, each web
server's forkserver, each Dask worker of a census, each documentation example — several at once,
the same kernels again and again until one of them has written the cache (a census test's three
Dask workers compiled the octal kernels side by side: 84 s where the test takes 19 s warm).  Here
each is compiled once (in three processes: the canonical forms and the heap kernels beside the
rest); the tests that are about a cold cache (tests/test_jit.py, the billion-heap run) point numba
at empty folders of their own.

What runs: the web explorer's warm-up, step by step (zermelo.web.warmup: the engine's retrograde,
loopy and dense kernels, the subtraction and all-but periods, the loopy comparison, Connect Four,
the misère quotient, the char grids; the compiled canonical forms and Domineering's options in a
process of their own) and a short run of every ``sequence`` kernel with its period proof, and of
the buffer kernels that the command's run without numpy calls (zermelo.heaps.quick).
"""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys
import tempfile

#: Each kernel's run: a game, the kernel, enough heaps that the kernel is called (the sparse one
#: leaves short runs to the plain one: at 300 heaps it was never compiled here).  The heap kernels
#: (octal_sparse alone ~26 CPU s) compile in a second process, beside the others.
HEAP_KERNELS = [
    ("octal:0.16", "octal-sparse", 5000),
    ("octal:0.16", "octal-plain", 300),
    ("tbreak:0.8", "tbreak-plain", 300),
]
PERIOD_KERNELS = [
    ("subtraction:1,3,4", "subtraction-bitset", 300),
    ("allbut:1,2", "allbut-counts", 300),
]


def run_sequences(runs: list[tuple[str, str, int]]) -> None:
    from zermelo.cli import main

    for spec, kernel, upto in runs:
        with contextlib.redirect_stdout(io.StringIO()):
            status = main(["sequence", spec, "--upto", str(upto), "--kernel", kernel, "--quiet"])
        if status != 0:
            raise SystemExit(f"warm_kernels: zermelo sequence {spec} --kernel {kernel} exited {status}")


def warm() -> None:
    """Every kernel called once (pytest's doctest collection imports this file: nothing runs then).

    The workers' own cache folder, empty (conftest.py gives each test run a fresh one): the user's
    ~/.cache/zermelo held octal:0.16's proven period, so its runs here called no kernel, and the
    extensions `zermelo compile` leaves there served others; either way numba's cache stayed cold
    and a worker compiled the kernel inside a test (octal_sparse: 14 CPU s, past bad input's 8 s
    alarm).  Three processes, with mypy beside them (`make -j2`): the compiled canonical forms
    alone (33-40 CPU s, the largest kernel), the heap kernels (~12 s), and the explorer's other
    steps with the period kernels here (~30 s); run one after the other, the forms made the
    explorer's warm-up 62 s of the clock on a cold cache."""
    with tempfile.TemporaryDirectory(prefix="zermelo-warm-kernels-") as cache:
        os.environ["ZERMELO_CACHE_DIR"] = cache  # the other processes' too
        beside = {part: subprocess.Popen([sys.executable, __file__, part]) for part in ("--values", "--heap-kernels")}
        from zermelo.web import warmup

        warmup.analyses()
        run_sequences(PERIOD_KERNELS)
        for part, process in beside.items():
            if process.wait() != 0:
                raise SystemExit(f"warm_kernels: the {part} process exited {process.returncode}")


if __name__ == "__main__":
    if sys.argv[1:] == ["--heap-kernels"]:
        run_sequences(HEAP_KERNELS)
        from zermelo.games import Octal
        from zermelo.heaps import quick  # the buffer kernels (the command's run without numpy)

        quick.sequence(Octal("0.16"), Octal("0.16").take_and_break_code(), 5000, found_kernels=quick.numba_kernels())
    elif sys.argv[1:] == ["--values"]:
        from zermelo.web import warmup

        warmup.compiled_values()
    else:
        warm()
