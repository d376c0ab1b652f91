"""Heap games at scale: Grundy sequences to 10^6..10^8 heaps, and proofs of known periods.

``python -m benchmarks.heaps`` runs everything (minutes; Officers and Grundy's game to 10^7 are
the long ones); ``--quick`` runs the same cases at a tenth of the size; ``--only NAME`` (repeatable)
picks cases: kayles, dawsonkayles, p016, p056, officers, grundy, subtraction.

Speeds are ratios against the plain O(n²) kernel measured in the same run (its time at 10^6 heaps
is extrapolated from a smaller n as n², and marked so).  The machine is shared, so absolute times
are noisy; the ratios less so.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable

from zermelo.games import Subtraction
from zermelo.heaps import GrundyGame, HeapSequence, Octal, sequence
from zermelo.heaps.games import TakeAndBreak


def _timed(game: TakeAndBreak | Subtraction, n: int, **kw: object) -> tuple[HeapSequence, float]:
    t0 = time.perf_counter()
    s = sequence(game, n, **kw)  # type: ignore[arg-type]
    return s, time.perf_counter() - t0


def _warm() -> None:
    # Load every kernel from numba's cache (or compile it) outside the timings.
    for kernel in ("octal-sparse", "octal-plain"):
        sequence(Octal("0.77"), 300, kernel=kernel, use_period=False)
    sequence(GrundyGame(), 300)
    sequence(Subtraction({1, 2, 5}), 300, use_period=False)


def _row(*cells: object) -> None:
    print("| " + " | ".join(str(c) for c in cells) + " |", flush=True)


def _periodic(name: str, code: str, n: int, plain_n: int) -> None:
    game = Octal(code)
    s, t = _timed(game, n)
    raw, traw = _timed(game, plain_n, use_period=False)
    plain, tplain = _timed(game, plain_n, kernel="octal-plain", use_period=False)
    assert (raw.values == plain.values).all()
    extrapolated = tplain * (n / plain_n) ** 2
    _row(
        f"{name} {code} to {n:,}",
        f"{t:.2f} s ({s.kernel})",
        f"period {s.period}, preperiod {s.preperiod}, proven {s.proven}",
        f"sparse kernel alone at {plain_n:,}: {traw:.2f} s; plain: {tplain:.2f} s (x{tplain / max(traw, 1e-9):.1f}); "
        f"plain at {n:,} ≈ {extrapolated:,.0f} s (n² extrapolation), x{extrapolated / max(t, 1e-9):,.0f}",
    )


def _kayles(quick: bool) -> None:
    n = 100_000 if quick else 1_000_000
    _periodic("Kayles", "0.77", n, 20_000 if not quick else 5_000)
    s, t = _timed(Octal("0.77"), n, use_period=False)
    rare = f"rare {s.rare_mask}, {s.rare_count} rare heaps"
    _row(f"Kayles 0.77 to {n:,}, sparse kernel only", f"{t:.2f} s", rare, "")


def _dawsonkayles(quick: bool) -> None:
    n = 100_000 if quick else 1_000_000
    _periodic("Dawson's Kayles", "0.07", n, 10_000 if quick else 30_000)


def _prove(name: str, code: str, upto: int) -> None:
    s, t = _timed(Octal(code), upto)
    _row(
        f"prove {name}",
        f"{t:.2f} s",
        f"period {s.period:,}, preperiod {s.preperiod:,}, proven {s.proven} (computed {s.computed:,} heaps)",
        f"rare {s.rare_mask}, {s.rare_count} rare heaps, largest {s.largest}",
    )


def _long(name: str, game: TakeAndBreak, n: int) -> None:
    s, t = _timed(game, n, prove=False)
    _row(
        f"{name} to {n:,}",
        f"{t:.1f} s ({n / t / 1e3:,.0f}k heaps/s)",
        f"largest {s.largest}, period {s.period}",
        f"rare {s.rare_mask}, {s.rare_count:,} rare heaps",
    )


def _subtraction(quick: bool) -> None:
    n = 10_000_000 if quick else 100_000_000
    game = Subtraction({2, 5, 7})
    s, t = _timed(game, n, use_period=False)
    base, tb = _timed(game, n // 100, kernel="octal-plain", use_period=False)
    assert (base.values == s.values[: n // 100 + 1]).all()
    per = t / n
    _row(
        f"subtraction:2,5,7 to {n:,} (bit-set kernel, no shortcut)",
        f"{t:.2f} s ({per * 1e9:.1f} ns/heap)",
        f"period {s.period}, preperiod {s.preperiod}, proven {s.proven}",
        f"generic octal kernel at {n // 100:,}: {tb / (n // 100) * 1e9:.1f} ns/heap (x{tb / (n // 100) / per:.1f})",
    )
    s2, t2 = _timed(game, n)
    _row(f"subtraction:2,5,7 to {n:,} (proven period fills the rest)", f"{t2:.2f} s", s2.kernel, "")


CASES: dict[str, Callable[[bool], None]] = {
    "kayles": _kayles,
    "dawsonkayles": _dawsonkayles,
    "p016": lambda quick: _prove("0.16", "0.16", 400_000),
    "p056": lambda quick: _prove("0.56", "0.56", 400_000),
    "officers": lambda quick: _long("Officers 0.6", Octal("0.6"), 1_000_000 if quick else 10_000_000),
    "grundy": lambda quick: _long("Grundy's game", GrundyGame(), 1_000_000 if quick else 10_000_000),
    "subtraction": _subtraction,
}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.heaps")
    parser.add_argument("--quick", action="store_true", help="a tenth of the sizes")
    parser.add_argument("--only", action="append", choices=sorted(CASES), help="run only these cases")
    args = parser.parse_args(argv if argv is not None else [])
    _warm()
    _row("case", "time", "result", "notes")
    _row("---", "---", "---", "---")
    for name in args.only or CASES:
        CASES[name](args.quick)


if __name__ == "__main__":
    main(sys.argv[1:])
