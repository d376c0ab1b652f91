"""Engine throughput against a plain ``functools.lru_cache`` recursive solver, in the same run.

Two workloads, each a full Grundy table (every option of every position is examined by both
solvers, so the comparison is like for like):

* the Square game (subtract a positive square), every heap up to n = 10^5 (21 million options),
  with the game's ``option_array`` accelerator (a wide heap's options as one numpy array, looked up
  in bulk) and without it (one list of options per heap, the engine's generic path);
* Wythoff's game, the 300 × 300 table, as one ``grundies`` call over all cells, with the game's
  dense encoding (``index`` / ``position_at``: a sorted pair is one int, and ``option_array`` gives a
  node's options as an array of indices, looked up in bulk) and without it (tuples, one hash each).

The plain solver is the obvious memoised recursion.  A heap of 10^5 recurses 10^5 deep, so it needs
``sys.setrecursionlimit`` and a big thread stack: that is part of the obvious way, and of why the
engine (iterative discovery, compiled evaluation) exists.

Run: ``make bench`` or ``.venv/bin/python -m benchmarks engine`` (``--quick`` for smaller sizes).
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable
from functools import lru_cache
from math import isqrt
from typing import Any

from zermelo.games import Square, Wythoff
from zermelo.rules import Impartial
from zermelo.search.engine import Engine

#: Each measurement is repeated this many times, alternating engine and plain; the best counts.
ROUNDS = 2


def _mex(values: set[int]) -> int:
    m = 0
    while m in values:
        m += 1
    return m


def plain_square(n: int) -> list[int]:
    """Grundy values of the Square game up to ``n``, the obvious memoised recursion."""

    @lru_cache(maxsize=None)  # noqa: UP033  (the brief names lru_cache; same as functools.cache)
    def g(h: int) -> int:
        return _mex({g(h - k * k) for k in range(1, isqrt(h) + 1)})

    top = g(n)  # recurses n deep (the first option is h - 1)
    values = [g(h) for h in range(n)]
    values.append(top)
    return values


def plain_wythoff(size: int) -> list[int]:
    """Grundy values of Wythoff's game on the size × size table, the obvious memoised recursion."""

    @lru_cache(maxsize=None)  # noqa: UP033  (the brief names lru_cache; same as functools.cache)
    def g(x: int, y: int) -> int:
        seen = {g(i, y) for i in range(x)}
        seen |= {g(x, j) for j in range(y)}
        seen |= {g(x - d, y - d) for d in range(1, min(x, y) + 1)}
        return _mex(seen)

    return [g(x, y) for x in range(size) for y in range(size)]


def in_big_stack(fn: Callable[[], Any]) -> tuple[Any, float, float]:
    """Run ``fn`` in a thread with a 1 GiB stack and a recursion limit of 10^6.

    Returns (result, wall-clock seconds, CPU seconds of the process while it ran).
    """
    out: dict[str, Any] = {}

    def target() -> None:
        t, c = time.perf_counter(), time.process_time()
        out["value"] = fn()
        out["seconds"] = time.perf_counter() - t
        out["cpu"] = time.process_time() - c

    old_limit, old_stack = sys.getrecursionlimit(), threading.stack_size()
    sys.setrecursionlimit(1_000_000)
    threading.stack_size(1 << 30)
    try:
        th = threading.Thread(target=target)
        th.start()
        th.join()
    finally:
        threading.stack_size(old_stack)
        sys.setrecursionlimit(old_limit)
    return out["value"], out["seconds"], out["cpu"]


class GenericSquare(Square):
    """The Square game without its ``option_array`` accelerator: the engine's generic path."""

    def option_array(self, position: Any) -> None:
        return None


class GenericWythoff(Wythoff):
    """Wythoff's game without its dense encoding: tuple positions, the engine's generic path."""

    index = Impartial.index  # type: ignore[assignment]
    position_at = Impartial.position_at  # type: ignore[assignment]
    option_array = Impartial.option_array  # type: ignore[assignment]


def engine_square(n: int, game: Square | None = None) -> tuple[list[Any], int]:
    eng = Engine(Square() if game is None else game)
    values = eng.grundies(list(range(n + 1)))
    return values, eng.options_seen


def engine_wythoff(size: int, game: Wythoff | None = None) -> tuple[list[Any], int]:
    eng = Engine(Wythoff() if game is None else game)
    values = eng.grundies([(x, y) for x in range(size) for y in range(size)])
    return values, eng.options_seen


def measure(name: str, engine: Callable[[], tuple[list[Any], int]], plain: Callable[[], list[int]]) -> dict[str, Any]:
    best_e = best_p = cpu_e = cpu_p = float("inf")
    options = 0
    for _ in range(ROUNDS):
        t, c = time.perf_counter(), time.process_time()
        values, options = engine()
        best_e = min(best_e, time.perf_counter() - t)
        cpu_e = min(cpu_e, time.process_time() - c)
        reference, seconds, cpu = in_big_stack(plain)
        best_p, cpu_p = min(best_p, seconds), min(cpu_p, cpu)
        if values != reference:
            raise AssertionError(f"{name}: the engine and the plain solver disagree")
    return {
        "workload": name,
        "options": options,
        "engine_s": best_e,
        "plain_s": best_p,
        "options_per_s": options / best_e,
        "ratio": best_p / best_e,
        "cpu_ratio": cpu_p / cpu_e,
    }


def main(argv: list[str] | None = None) -> list[dict[str, Any]]:
    args = sys.argv[1:] if argv is None else argv
    quick = "--quick" in args
    n, size = (20_000, 120) if quick else (100_000, 300)
    Engine(Square()).grundies(list(range(3000)))  # compile (or load) the kernels before timing
    rows = [
        measure(f"Square game, Grundy values 0..{n:,}", lambda: engine_square(n), lambda: plain_square(n)),
        measure(
            "  the same, generic options (no option_array)",
            lambda: engine_square(n, GenericSquare()),
            lambda: plain_square(n),
        ),
        measure(f"Wythoff, Grundy table {size} x {size}", lambda: engine_wythoff(size), lambda: plain_wythoff(size)),
        measure(
            "  the same, generic options (no index)",
            lambda: engine_wythoff(size, GenericWythoff()),
            lambda: plain_wythoff(size),
        ),
    ]
    print(
        f"{'workload':<40} {'options':>12} {'engine s':>9} {'plain s':>9} {'options/s':>12}"
        f" {'speed-up':>9} {'(CPU time)':>10}"
    )
    for r in rows:
        print(
            f"{r['workload']:<40} {r['options']:>12,} {r['engine_s']:>9.2f} {r['plain_s']:>9.2f}"
            f" {r['options_per_s']:>12,.0f} {r['ratio']:>8.2f}x {r['cpu_ratio']:>9.2f}x"
        )
    print(
        f"(wall clock, best of {ROUNDS} rounds each; speed-up = plain / engine;"
        " targets: >= 1,000,000 options/s and >= 2x the plain solver)"
    )
    return rows


if __name__ == "__main__":
    main()
