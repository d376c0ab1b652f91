"""Konane's and Amazons' options step alone: :func:`zermelo.games.chargrid_kernel.keyed_options`
on the key of every region one value walk expands, in a numba loop, with no walk around it.

The walk of a 5 x 5 Amazons endgame spends half its time in this step (``perf record``); this
isolates it, so that a change to the step is measured to a few percent.  The keys are read from the
walk's state after a search (:mod:`zermelo.analyses.walk_kernel`: ``KP``, ``E``); the step is
compiled by numba from its Python source (the source on ``PYTHONPATH``, any version), each pass
over the keys timed with ``process_time``, the best of 7 runs of 50 passes.

Run: ``python -m benchmarks.options_step ['amazons:x.###|..#.o|##...|.####|o..x.' ...]``
(figures in docs/benchmarks.md, "The small rows with the kernels loaded").
"""

from __future__ import annotations

import sys
import time
from typing import Any

import numpy as np

#: The 5 x 5 Amazons endgame of the values benchmark's small row, and the 14-stone Konane.
CASES = ["amazons:x.###|..#.o|##...|.####|o..x.", "konane:x..o..x.|o...oxox|...ox...|ox...xo."]
RUNS, PASSES = 7, 50


def region_keys(kind: str, board: str) -> list[bytes]:
    """The key bytes of every region the compiled walk expands valuing ``board``."""
    import zermelo as z
    from zermelo.analyses import compiled_walk
    from zermelo.analyses import walk_kernel as wk

    rules = z.games.Amazons() if kind == "amazons" else z.games.Konane()
    compiled_walk.warm(rules, "x." if kind == "amazons" else "xo.")  # the walk set up (compiled or loaded)
    z.canonical_form(rules, rules.parse(board))
    walk = compiled_walk.kept(rules)
    assert walk is not None, "no compiled walk kept for these rules"
    E, KP = walk.W[1], walk.W[0]
    F = wk.FIELDS
    return [bytes(KP[E[F * e] : E[F * e] + E[F * e + 1]]) for e in range(len(walk))]


def seconds_per_pass(kind: str, keys: list[bytes]) -> tuple[float, int]:
    """The best time of one pass of the step over ``keys``, and the options it listed in a pass."""
    import numba

    from zermelo.games import chargrid_kernel as ck

    step = numba.njit(ck.keyed_options.py_func if hasattr(ck.keyed_options, "py_func") else ck.keyed_options)
    flat = np.frombuffer(b"".join(keys), np.uint8).copy()
    offs = np.cumsum([0] + [len(k) for k in keys]).astype(np.int64)

    @numba.njit  # type: ignore[misc]
    def passes(flat: Any, offs: Any, rules: int, arrays: Any, n: int) -> int:
        text, opts, regs, count, work = arrays
        listed = 0
        for _ in range(n):
            for e in range(offs.shape[0] - 1):
                k = flat[offs[e] : offs[e + 1]]
                if not step(k[2:], np.int64(k[0]), np.int64(k[1]), rules, text, opts, regs, count, work):
                    return -1
                listed += count[1]
        return listed

    width = max(len(k) for k in keys)
    arrays = (
        np.zeros(1 << 20, np.uint8),
        np.zeros(1 << 16, np.int64),
        np.zeros(1 << 18, np.int64),
        np.zeros(8, np.int64),
        np.zeros(ck.WORK * width + width * width, np.int64),
    )
    rules = ck.RULES[kind]
    listed = passes(flat, offs, rules, arrays, 1)  # compiled here
    if listed < 0:
        raise RuntimeError("the step's arrays are too small for these regions")
    best = float("inf")
    for _ in range(RUNS):
        t = time.process_time()
        passes(flat, offs, rules, arrays, PASSES)
        best = min(best, (time.process_time() - t) / PASSES)
    return best, listed


def main(argv: list[str] | None = None) -> None:
    cases = argv or CASES
    print("| case | regions | options | ms a pass |")
    print("|---|---:|---:|---:|")
    for case in cases:
        kind, _, board = case.partition(":")
        keys = region_keys(kind, board)
        s, listed = seconds_per_pass(kind, keys)
        shown = case.replace("|", "\\|")
        print(f"| `{shown}` | {len(keys):,} | {listed:,} | {s * 1e3:.3f} |", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
