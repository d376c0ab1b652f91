"""Connect Four: zermelo's compiled solver beside Pascal Pons' C++ solver, position by position.

Run: ``PONS_DIR=/path/to/connect4 .venv/bin/python -m benchmarks connect4`` (``make bench`` runs it
too).  ``PONS_DIR`` is a checkout of the public repository github.com/PascalPons/connect4; its
``Solver.cpp`` and headers are copied into a temporary folder (for 6x5 with the board size
constants changed there) and built with ``g++ -O3`` together with ``benchmarks/peers/pons_timer.cpp``,
zermelo's own timing driver that calls the solver's API (no opening book; the table cleared
before each position, outside the timing).  Without ``PONS_DIR`` (or g++) the Pons rows are
skipped with a message and zermelo's times are still printed.

Cases: (a) ten random middle-game 7x6 positions (16-24 moves), exact score; (b) 6x5 from empty,
strong and weak; (c) six random 8-move and four 6-move 7x6 positions, weak and strong (6-move strong
only with ``--full``); (d) 7x6 from the empty board, weak, only with ``--empty`` or ``--only d``
(minutes on each side): the whole process ``zermelo negamax connect4 ""`` against Pons' weak solve;
(e) only with ``--only e``: the exact score of the empty board, zermelo alone, stopped after
``--strong-seconds`` (how far the score bisection got). zermelo's time is the ``solve()`` call
(Python wrapper and numba dispatch included); its table is cleared before each position like Pons'
(``--session`` keeps it, as a session of ``zermelo`` does). Every score must agree, or the benchmark
stops. The positions come from a fixed seed, in Pons' notation (columns from 1). Also printed
(``--only calls``): the cost of one call on a position settled at once, at three levels (the kernel,
the game's ``exact_value`` hook, the whole ``negamax`` answer). ``--only`` picks cases (``--only d``
is the empty board).
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from zermelo.core.errors import SearchLimitExceeded
from zermelo.games import Connect4
from zermelo.games import connect4_kernel as kernel

DRIVER = Path(__file__).parent / "peers" / "pons_timer.cpp"


def positions(seed: int, count: int, lo: int, hi: int, w: int = 7, h: int = 6) -> list[str]:
    """Random move sequences of ``lo``..``hi`` moves where nobody has won or can win at once."""
    g = Connect4(w, h, compiled=False)
    rng = random.Random(seed)
    out: list[str] = []
    while len(out) < count:
        p, seq = g.parse(""), ""
        for _ in range(rng.randint(lo, hi)):
            going_on = [m for m in g.moves(p) if g.payoff(m.position) is None]
            if not going_on:
                break
            m = rng.choice(going_on)
            seq += m.label.split()[1]
            p = m.position
        else:
            if all(g.payoff(m.position) is None for m in g.moves(p)):
                out.append(seq)
    return out


def build_pons(source: str, w: int, h: int, into: str) -> tuple[str | None, str]:
    """Pons' solver for a w x h board with our driver: (executable, "") or (None, why not)."""
    cxx = shutil.which("g++")
    if cxx is None:
        return None, "no g++"
    src = Path(source)
    if not (src / "Solver.cpp").exists():
        return None, f"{source} has no Solver.cpp (PONS_DIR is a checkout of PascalPons/connect4)"
    folder = Path(into) / f"pons{w}x{h}"
    folder.mkdir()
    for f in [*src.glob("*.hpp"), src / "Solver.cpp"]:
        shutil.copy(f, folder)
    if (w, h) != (7, 6):  # the board size is a pair of constants in Position.hpp
        header = folder / "Position.hpp"
        text = header.read_text()
        text = re.sub(r"WIDTH = 7;", f"WIDTH = {w};", text)
        text = re.sub(r"HEIGHT = 6;", f"HEIGHT = {h};", text)
        header.write_text(text)
    exe = folder / "pons_timer"
    cmd = [cxx, "-O3", "-DNDEBUG", "-std=c++11", f"-I{folder}", "-o", str(exe), str(DRIVER), str(folder / "Solver.cpp")]
    done = subprocess.run(cmd, capture_output=True, text=True)
    if done.returncode:
        return None, f"g++ failed: {done.stderr.strip().splitlines()[-1] if done.stderr.strip() else done.returncode}"
    return str(exe), ""


def run_pons(exe: str, lines: list[str], weak: bool) -> list[tuple[int, int, float]]:
    """(score, nodes, seconds) per position from Pons' solver (its own timing of solve())."""
    done = subprocess.run(
        [exe, *(["-w"] if weak else [])], input="\n".join(lines) + "\n", capture_output=True, text=True, check=True
    )
    out = []
    for row in done.stdout.split("\n"):
        if row.strip():
            score, nodes, us = row.split()
            out.append((int(score), int(nodes), int(us) / 1e6))
    return out


def run_zermelo(lines: list[str], w: int, h: int, weak: bool, session: bool) -> list[tuple[int, int, float]]:
    g = Connect4(w, h)
    out = []
    for line in lines:
        cur, mask, n = g.bitboards(g.parse(line))
        if not session:
            kernel.table_for(w, h).clear()
        start = time.perf_counter()
        score, nodes = kernel.solve(cur, mask, n, w, h, weak=weak)
        out.append((score, nodes, time.perf_counter() - start))
    return out


def compare(name: str, lines: list[str], w: int, h: int, weak: bool, exe: str | None, session: bool) -> None:
    ours = run_zermelo(lines, w, h, weak, session)
    zt, zn = sum(r[2] for r in ours), sum(r[1] for r in ours)
    mode = "weak" if weak else "strong"
    if exe is None:
        print(f"| {name}, {mode} | {zt:.3f} s | {zn:,} | — | — | — | — |", flush=True)
        return
    theirs = run_pons(exe, lines, weak)
    for line, a, b in zip(lines, ours, theirs, strict=True):
        if a[0] != b[0]:
            raise RuntimeError(f"{name} {line!r}: zermelo scores {a[0]}, Pons {b[0]}")
    pt, pn = sum(r[2] for r in theirs), sum(r[1] for r in theirs)
    print(
        f"| {name}, {mode} | {zt:.3f} s | {zn:,} | {pt:.3f} s | {pn:,} | **{zt / max(pt, 1e-9):.2f}** | "
        f"{zn / max(pn, 1):.2f} |",
        flush=True,
    )


def empty_board(exe: str | None) -> None:
    """(d): the whole process ``zermelo negamax connect4 ""`` beside Pons' weak solve of the empty board."""
    cli = Path(sys.executable).with_name("zermelo")
    cmd = (
        [str(cli), "negamax", "connect4", ""]
        if cli.exists()
        else [sys.executable, "-m", "zermelo", "negamax", "connect4", ""]
    )
    start = time.perf_counter()
    done = subprocess.run(cmd, capture_output=True, text=True)
    zt = time.perf_counter() - start
    if done.returncode:
        raise RuntimeError(f"zermelo negamax connect4 '': exit {done.returncode}: {done.stderr.strip()}")
    found = re.search(r"nodes\s+([\d,]+) searched", done.stdout)
    zn = int(found.group(1).replace(",", "")) if found else 0
    if not re.search(r"value\s+win", done.stdout):
        raise RuntimeError(f"zermelo negamax connect4 '' did not find the first player's win:\n{done.stdout}")
    name = '(d) 7x6 from empty: `zermelo negamax connect4 ""` (whole process) vs Pons'
    if exe is None:
        print(f"| {name}, weak | {zt:.3f} s | {zn:,} | — | — | — | — |", flush=True)
    else:
        score, pn, pt = run_pons(exe, [""], True)[0]
        if score <= 0:
            raise RuntimeError(f"Pons' weak solve of the empty board scores {score}")
        ratios = f"**{zt / max(pt, 1e-9):.2f}** | {zn / max(pn, 1):.2f}"
        print(f"| {name}, weak | {zt:.3f} s | {zn:,} | {pt:.3f} s | {pn:,} | {ratios} |", flush=True)
    print("\n" + done.stdout.rstrip(), flush=True)


def strong_empty(seconds: float) -> None:
    """(e) the stretch: the exact score of the empty 7x6 board (zermelo alone; Pons' strong solve
    without its book is hours), stopped after ``seconds``: how far the bisection got."""
    last: list[kernel.SolveProgress] = []
    shown = [0.0]

    def show(p: kernel.SolveProgress) -> None:
        last[:] = [p]
        if p.seconds - shown[0] >= 60:
            shown[0] = p.seconds
            print(f"  {p.seconds:7.0f} s  {p.positions:>15,} positions  score in {p.lo}..{p.hi}, testing > {p.testing}")

    kernel.table_for(7, 6).clear()
    start = time.perf_counter()
    try:
        score, nodes = kernel.solve(0, 0, 0, 7, 6, deadline=time.monotonic() + seconds, progress=show)
    except SearchLimitExceeded:
        p = last[-1] if last else None
        where = f"score in {p.lo}..{p.hi}, {p.positions:,} positions" if p else "no progress report"
        print(f"| (e) 7x6 from empty, strong | stopped at {seconds:.0f} s: {where} | | | | | |", flush=True)
        return
    print(f"| (e) 7x6 from empty, strong | {time.perf_counter() - start:.1f} s, score {score:+d} | {nodes:,} | | | | |")


def call_overhead(calls: int = 50_000) -> None:
    """Microseconds per call on positions the search settles at once: the cost around the search.

    Three levels: the kernel's entry point ``connect4_kernel.solve`` (bitboards in, score out:
    table lookup, control words, numba dispatch), the game's ``exact_value`` hook that
    ``zermelo.negamax`` calls for every compiled answer (the board turned into bitboards, the game
    checked not over, the score turned into a win/loss distance), and the whole ``negamax`` answer
    (value, best moves and line: a Result and the moves' own tests).  Best of 3 rounds.
    """
    from zermelo import negamax

    g = Connect4(7, 6)
    cases = (("445566", "the mover wins at once"), ("44553", "the mover faces two threats: lost"))
    print(f"\nCost per call, best of 3 rounds of {calls:,} calls (target for the first two rows: < 5 µs)\n")
    print("| call | " + " | ".join(what for _, what in cases) + " |")
    print("| --- | " + " | ".join("---:" for _ in cases) + " |")
    rows: dict[str, list[float]] = {"connect4_kernel.solve": [], "Connect4.exact_value": [], "zermelo.negamax": []}
    for text, _ in cases:
        board = g.parse(text)
        cur, mask, n = g.bitboards(board)
        for name, fn, k in (
            ("connect4_kernel.solve", lambda c=cur, m=mask, n=n: kernel.solve(c, m, n, 7, 6), calls),
            ("Connect4.exact_value", lambda b=board: g.exact_value(b), calls),
            ("zermelo.negamax", lambda b=board: negamax(g, b), calls // 20),
        ):
            fn()
            best = float("inf")
            for _ in range(3):
                start = time.perf_counter()
                for _ in range(k):
                    fn()
                best = min(best, (time.perf_counter() - start) / k)
            rows[name].append(best * 1e6)
    for name, us in rows.items():
        print(f"| `{name}` | " + " | ".join(f"{u:.2f} µs" for u in us) + " |", flush=True)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.connect4")
    parser.add_argument("--full", action="store_true", help="also the 6-move positions, strong (minutes)")
    parser.add_argument("--empty", action="store_true", help="also 7x6 from the empty board, weak (minutes)")
    parser.add_argument("--strong-seconds", type=float, default=1800.0, help="time allowed to case e")
    parser.add_argument("--session", action="store_true", help="keep zermelo's table between positions")
    parser.add_argument(
        "--only",
        action="append",
        choices=["a", "b", "c", "d", "e", "calls"],
        help="run only these cases (repeatable): a, b, c, d (7x6 from empty, weak), e (7x6 from empty, "
        "strong, zermelo alone, stopped after --strong-seconds), calls (cost per call)",
    )
    args = parser.parse_args(argv if argv is not None else [])
    kernel.solve(0, 0, 0, 4, 4)  # load the kernels outside the timings
    source = os.environ.get("PONS_DIR")
    tmp = tempfile.mkdtemp(prefix="zermelo-pons-")
    try:
        exes: dict[tuple[int, int], str | None] = {(7, 6): None, (6, 5): None}
        if not source:
            print("PONS_DIR is not set: Pons' solver is skipped (fetch github.com/PascalPons/connect4, then")
            print("PONS_DIR=/path/to/it); zermelo's times alone follow.\n")
        else:
            for size in exes:
                exes[size], why = build_pons(source, *size, tmp)
                if exes[size] is None:
                    print(f"Pons' solver {size[0]}x{size[1]} not built ({why}): its rows are skipped")
        # Grow zermelo's 7x6 table to its full size once, as a long session would (Pons allocates
        # its 2^24 entries at start-up); clearing it before each position is then one memset.
        kernel.table_for(7, 6).grow(1 << 40)
        kernel.table_for(7, 6).clear()
        kept = "table kept" if args.session else "table cleared"
        print(f"Connect Four, zermelo vs Pons ({kept} between positions)\n")
        print("| case | zermelo | zermelo nodes | Pons | Pons nodes | time ratio | node ratio |")
        print("| --- | --- | --- | --- | --- | --- | --- |")
        cases = set(args.only or ["a", "b", "c", "calls", *(["d"] if args.empty else [])])
        if "a" in cases:
            middle = positions(2026, 10, 16, 24)
            compare("(a) 10 middle-game 7x6 positions", middle, 7, 6, False, exes[7, 6], args.session)
        if "b" in cases:
            for weak in (False, True):
                compare("(b) 6x5 from empty", [""], 6, 5, weak, exes[6, 5], args.session)
        if "c" in cases:
            eight, six = positions(8, 6, 8, 8), positions(6, 4, 6, 6)
            for weak in (True, False):
                compare("(c) six 8-move 7x6 positions", eight, 7, 6, weak, exes[7, 6], args.session)
            compare("(c) four 6-move 7x6 positions", six, 7, 6, True, exes[7, 6], args.session)
            if args.full:
                compare("(c) four 6-move 7x6 positions", six, 7, 6, False, exes[7, 6], args.session)
        if "d" in cases:
            empty_board(exes[7, 6])
        if "e" in cases:
            strong_empty(args.strong_seconds)
        if "calls" in cases:
            call_overhead()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main(sys.argv[1:])
