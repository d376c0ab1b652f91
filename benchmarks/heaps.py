"""Heap games at scale: Grundy sequences to 10^6..10^8 heaps, and proofs of known periods.

``python -m benchmarks.heaps`` runs everything (minutes; Officers and Grundy's game to 10^7 are
the long ones); ``--quick`` runs the same cases at a tenth of the size; ``--only NAME`` (repeatable)
picks cases: kayles, dawsonkayles, p016, p056, officers, grundy, subtraction, cpeer, octalpeer.

Speeds are ratios against the plain O(n²) kernel measured in the same run (its time at 10^6 heaps
is extrapolated from a smaller n as n², and marked so).  The machine is shared, so absolute times
are noisy; the ratios less so.

``cpeer`` compiles the C peer ``benchmarks/peers/octal.c`` (gcc -O3 -march=native, into a temporary
folder) and runs the same cases in C and in zermelo, both without a period shortcut (the C peer
has none), comparing CPU seconds; every C sequence must equal zermelo's value for value, or the
benchmark stops with the first heap where they differ.  Without a C compiler those rows are skipped
with a message.

``octalpeer`` is an independent peer: the C++ sparse-space solver of github.com/tczajka/octal-games
(``old/src``; ``OCTAL_PEER_DIR`` is a checkout of the repository), built with ``g++ -O3`` without
its test library, and ``zermelo sequence`` on the same codes (0.16, 0.376, 0.354), each as a whole
process (start-up included) and each proving the period; the periods and preperiods must agree.
CPU seconds of the children, ``OCTAL_PEER_RUNS`` (default 3) interleaved runs, medians; zermelo
after ``zermelo compile`` and again with ``ZERMELO_NO_AOT=1`` (numba's own path).  Then 0.161 (no
period known) to 2^16, 2^18, 2^20 and 2^22 heaps (``--quick``: the first two), the peer's ``maxn``
set to 2^K in a copy of its source; the largest values must agree.
Without ``OCTAL_PEER_DIR`` or g++ the rows are skipped with a message.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

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


# -- the C peer ----------------------------------------------------------------------------------
PEER_SOURCE = Path(__file__).parent / "peers" / "octal.c"


class CPeer:
    """``benchmarks/peers/octal.c`` compiled into a temporary folder (``exe`` is None if it cannot be)."""

    def __init__(self) -> None:
        self.dir = tempfile.mkdtemp(prefix="zermelo-cpeer-")
        self.exe: str | None = None
        self.flags = ""
        self.why = ""
        wanted = os.environ.get("CC")
        cc = shutil.which(wanted) if wanted else shutil.which("gcc") or shutil.which("cc")
        if cc is None:
            self.why = f"no C compiler ({wanted or 'gcc or cc'}) found: the C peer rows are skipped"
            return
        exe = os.path.join(self.dir, "octal")
        errors = ""
        for flags in (["-O3", "-march=native"], ["-O3"]):  # a compiler may not know -march=native
            done = subprocess.run([cc, *flags, "-o", exe, str(PEER_SOURCE)], capture_output=True, text=True)
            if done.returncode == 0:
                self.exe, self.flags = exe, f"{os.path.basename(cc)} {' '.join(flags)}"
                return
            errors = done.stderr.strip().splitlines()[-1] if done.stderr.strip() else f"exit {done.returncode}"
        self.why = f"the C peer did not compile with {cc} ({errors}): its rows are skipped"

    def run(self, mode: str, spec: str, n: int) -> tuple[np.ndarray, float, dict[str, str]]:
        """G(0..n) from the C peer, its CPU seconds (computation only) and its other reports."""
        assert self.exe is not None
        out = os.path.join(self.dir, "values.bin")
        done = subprocess.run([self.exe, mode, spec, str(n), out], capture_output=True, text=True)
        if done.returncode:
            raise RuntimeError(f"C peer {mode} {spec} {n} failed: {done.stderr.strip()}")
        info = dict(re.findall(r"(\w+)=(\S+)", done.stdout))
        values = np.fromfile(out, dtype=np.uint8 if mode == "sub" else "<u2")
        os.remove(out)
        return values, float(info["cpu"]), info

    def close(self) -> None:
        shutil.rmtree(self.dir, ignore_errors=True)


def _agree(name: str, ours: np.ndarray, theirs: np.ndarray) -> None:
    """Stop the benchmark loudly unless the two sequences are equal."""
    if ours.shape != theirs.shape:
        raise RuntimeError(f"{name}: zermelo gave {ours.size} values, the C peer {theirs.size}")
    diff = np.nonzero(ours.astype(np.int64) != theirs.astype(np.int64))[0]
    if diff.size:
        i = int(diff[0])
        raise RuntimeError(
            f"{name}: the C peer disagrees with zermelo at heap {i}: C {theirs[i]}, zermelo {ours[i]} "
            f"({diff.size} heaps differ)"
        )


def _cpu(game: TakeAndBreak | Subtraction, n: int, **kw: object) -> tuple[HeapSequence, float]:
    t0 = time.process_time()
    s = sequence(game, n, prove=False, use_period=False, **kw)  # type: ignore[arg-type]
    return s, time.process_time() - t0


def _cpeer(quick: bool) -> None:
    peer = CPeer()
    try:
        if peer.exe is None:
            print(f"\nC peer: {peer.why}\n", flush=True)
            return
        print(f"\nC peer ({PEER_SOURCE.name}, {peer.flags}; single-threaded). CPU seconds, no period shortcut")
        print("on either side; zermelo's time is the whole `sequence()` call (Python driver, chunks, period")
        print("detection), the C time from allocating the values to the last one. Every C sequence equals zermelo's.\n")
        _row("case", "zermelo CPU", "C CPU", "zermelo / C", "notes")
        _row("---", "---", "---", "---", "---")
        big = 10 if quick else 1
        rows: list[tuple[str, TakeAndBreak | Subtraction, str, str, int, str | None]] = [
            ("Kayles 0.77", Octal("0.77"), "sparse", "0.77", 1_000_000 // big, None),
            ("Kayles 0.77, plain O(n²)", Octal("0.77"), "plain", "0.77", 30_000, "octal-plain"),
            ("Dawson's Kayles 0.07", Octal("0.07"), "sparse", "0.07", 300_000 // big, None),
            ("Dawson's Kayles 0.07, plain O(n²)", Octal("0.07"), "plain", "0.07", 300_000 // big, "octal-plain"),
            ("0.16", Octal("0.16"), "sparse", "0.16", 400_000, None),
            ("0.56", Octal("0.56"), "sparse", "0.56", 400_000, None),
            ("Officers 0.6", Octal("0.6"), "sparse", "0.6", 1_000_000 // big, None),
            ("Grundy's game 4!.0", GrundyGame(), "sparse", "4!.0", 1_000_000 // big, None),
        ]
        if not quick:
            rows += [
                ("Officers 0.6", Octal("0.6"), "sparse", "0.6", 10_000_000, None),
                ("Grundy's game 4!.0", GrundyGame(), "sparse", "4!.0", 10_000_000, None),
            ]
        rows.append(("subtraction 2,5,7", Subtraction({2, 5, 7}), "sub", "2,5,7", 100_000_000 // big, None))
        for name, game, mode, spec, n, kernel in rows:
            s, tz = _cpu(game, n, **({"kernel": kernel} if kernel else {}))
            values, tc, info = peer.run(mode, spec, n)
            _agree(f"{name} to {n:,}", s.values, values)
            if mode == "sparse":
                note = (
                    f"zermelo {s.kernel}, {s.rare_mask}, {s.rare_count:,} rare; C mask {int(info['mask'], 16):b}"
                    f"{' (domain)' if info['domain'] == '1' else ''}, {int(info['rare']):,} rare, "
                    f"{info['picks']} picks"
                )
            else:
                note = f"{s.kernel} against C {mode}"
            _row(f"{name} to {n:,}", f"{tz:.3f} s", f"{tc:.3f} s", f"{tz / max(tc, 1e-9):.2f}", note)
    finally:
        peer.close()


# -- the independent C++ peer (tczajka/octal-games) -----------------------------------------------
#: Code, heaps zermelo computes (the proof may go on to 4N + 1000), the known preperiod and period.
#: The period must show in the last sixteenth of the heaps computed (``periodicity.detect``), so N
#: is at least 16/15 of the preperiod: 2.3 and 10.1 million heaps showed no period for 0.376 and 0.354.
#: 0.161 (no period known) against the peer to 2^K heaps, K in these (``--quick``: the first two).
OCTAL_PEER_SIZES = (16, 18, 20, 22)
OCTAL_PEER_CODES = [
    ("0.16", 600_000, 105_351, 149_459),
    ("0.376", 2_500_000, 2_268_248, 4),
    ("0.354", 10_800_000, 10_061_916, 1180),
]


#: The line of the peer's analyze_exec.cc that sets how many heaps it computes (when no period ends it).
PEER_MAXN = "constexpr uint64_t maxn = 1<<28;"


def build_octal_peer(folder: str, heaps_log2: int | None = None) -> tuple[str | None, str]:
    """The C++ peer (``OCTAL_PEER_DIR``: github.com/tczajka/octal-games, its ``old/src``) built with
    ``g++ -O3`` into ``folder``: (executable, "") or (None, why not).  ``heaps_log2``: it stops at
    2^K heaps (its constant ``maxn`` set so in a copy of analyze_exec.cc), else at a proven period."""
    source = os.environ.get("OCTAL_PEER_DIR")
    if not source:
        return None, "OCTAL_PEER_DIR is not set (a checkout of github.com/tczajka/octal-games)"
    src = Path(source) / "old" / "src" if (Path(source) / "old" / "src").is_dir() else Path(source)
    cxx = shutil.which("g++")
    if cxx is None or not (src / "analyze_exec.cc").exists():
        return None, "no g++" if cxx is None else f"no analyze_exec.cc in {src}"
    main_file = src / "analyze_exec.cc"
    if heaps_log2 is not None:
        text = main_file.read_text()
        if PEER_MAXN not in text:
            return None, "its maxn line changed"
        main_file = Path(folder) / f"analyze_exec_{heaps_log2}.cc"
        main_file.write_text(text.replace(PEER_MAXN, f"constexpr uint64_t maxn = uint64_t(1)<<{heaps_log2};"))
    exe = os.path.join(folder, "analyze" if heaps_log2 is None else f"analyze_{heaps_log2}")
    files = [str(main_file)] + [str(src / f) for f in ("game.cc", "game_util.cc", "hadamard.cc")]
    build = [cxx, "-O3", "-std=c++11", "-pthread", f"-I{src}", "-o", exe, *files]
    done = subprocess.run(build, capture_output=True, text=True)
    if done.returncode:
        return None, f"g++ failed: {done.stderr.strip()[-200:]}"
    return exe, ""


def peer_period(out: str) -> tuple[int, int] | None:
    """(preperiod, period) the peer's output reports, or None."""
    found = re.search(r"Found period start=(\d+) period=(\d+)", out)
    return None if found is None else (int(found[1]), int(found[2]))


def peer_largest(out: str) -> tuple[int, int] | None:
    """(heap, value) of the largest value the peer's output reports last, or None."""
    found = re.findall(r"largest G\[(\d+)\]=(\d+)", out)
    return None if not found else (int(found[-1][0]), int(found[-1][1]))


def _octal_peer(quick: bool) -> None:
    folder = tempfile.mkdtemp(prefix="zermelo-octal-peer-")
    try:
        exe, why = build_octal_peer(folder)
        if exe is None:
            print(f"\noctal-games peer: {why}: skipped\n")
            return
        runs = int(os.environ.get("OCTAL_PEER_RUNS", "3"))
        print(
            "\noctal-games peer (tczajka/octal-games old/src, g++ -O3): whole processes, CPU seconds"
            f" (user + system), medians of {runs} interleaved runs; {os.popen('uptime').read().strip()}\n"
        )
        _row("code", "zermelo sequence", "the same, numba", "peer analyze", "zermelo / peer", "period, preperiod")
        _row("---", "---", "---", "---", "---", "---")
        cli = Path(sys.executable).with_name("zermelo")  # the console script, as a user runs it
        zermelo = [str(cli) if cli.exists() else "zermelo", "sequence"]
        from benchmarks.startup import ENV  # bytecode as installed (see there); the kernels compiled ahead

        subprocess.run([zermelo[0], "compile"], check=True, env=ENV, capture_output=True)
        for code, n, pre, per in OCTAL_PEER_CODES[:1] if quick else OCTAL_PEER_CODES:
            times: dict[str, list[float]] = {"aot": [], "numba": [], "peer": []}
            for _ in range(runs):
                for name, env in (("aot", ENV), ("numba", {**ENV, "ZERMELO_NO_AOT": "1"})):
                    seconds, ours = _cpu([*zermelo, f"octal:{code}", "--upto", str(n), "--json", "--quiet"], env)
                    times[name].append(seconds)
                    data = json.loads(ours)
                    got = (data["preperiod"], data["period"], data["proven"])
                    if got != (pre, per, True):
                        raise RuntimeError(f"{code}: zermelo {got}, known {(pre, per)}")
                seconds, theirs = _cpu([exe, code], None)
                times["peer"].append(seconds)
                if peer_period(theirs) != (pre, per):
                    raise RuntimeError(f"{code}: peer {peer_period(theirs)}, known {(pre, per)}")
            tz, tn, tp = (statistics.median(times[k]) for k in ("aot", "numba", "peer"))
            _row(code, f"{tz:.2f} s", f"{tn:.2f} s", f"{tp:.2f} s", f"{tz / tp:.2f}", f"{per:,}, {pre:,} (both proven)")
        _octal_peer_sizes(folder, zermelo, runs, OCTAL_PEER_SIZES[:2] if quick else OCTAL_PEER_SIZES)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _octal_peer_sizes(folder: str, zermelo: list[str], runs: int, sizes: tuple[int, ...]) -> None:
    """0.161 (no period known) to 2^K heaps on both sides: the peer stops at its constant ``maxn``,
    set to 2^K (:func:`build_octal_peer`); zermelo runs ``--upto 2^K - 1``.  Both must report the
    same largest value at the same heap."""
    from benchmarks.startup import ENV

    print(f"\n0.161 to 2^K heaps (no period known), medians of {runs} interleaved runs\n")
    _row("heaps", "zermelo sequence", "peer analyze", "zermelo / peer", "largest value (at heap)")
    _row("---", "---", "---", "---", "---")
    for k in sizes:
        exe, why = build_octal_peer(folder, k)
        if exe is None:
            print(f"\noctal-games peer: {why}; the 0.161 rows are skipped\n")
            return
        times: dict[str, list[float]] = {"zermelo": [], "peer": []}
        for _ in range(runs):
            seconds, ours = _cpu([*zermelo, "octal:0.161", "--upto", str(2**k - 1), "--json", "--quiet"], ENV)
            times["zermelo"].append(seconds)
            data = json.loads(ours)
            seconds, theirs = _cpu([exe, "0.161"], None)
            times["peer"].append(seconds)
            largest = peer_largest(theirs)
            if largest is None or largest[1] != data["largest"]:
                ours_largest = data["largest"]
                raise RuntimeError(f"0.161 to 2^{k}: peer's largest (heap, value) {largest}, zermelo's {ours_largest}")
        tz, tp = (statistics.median(times[name]) for name in ("zermelo", "peer"))
        assert largest is not None
        _row(f"2^{k}", f"{tz:.2f} s", f"{tp:.2f} s", f"{tz / tp:.2f}", f"{largest[1]} (heap {largest[0]:,})")


def _cpu(argv: list[str], env: dict[str, str] | None) -> tuple[float, str]:
    """CPU seconds (user + system) of one whole child process, and its output."""
    import resource

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run(argv, capture_output=True, text=True, check=True, env=env).stdout
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime, out


CASES: dict[str, Callable[[bool], None]] = {
    "kayles": _kayles,
    "dawsonkayles": _dawsonkayles,
    "p016": lambda quick: _prove("0.16", "0.16", 400_000),
    "p056": lambda quick: _prove("0.56", "0.56", 400_000),
    "officers": lambda quick: _long("Officers 0.6", Octal("0.6"), 1_000_000 if quick else 10_000_000),
    "grundy": lambda quick: _long("Grundy's game", GrundyGame(), 1_000_000 if quick else 10_000_000),
    "subtraction": _subtraction,
    "cpeer": _cpeer,
    "octalpeer": _octal_peer,
}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.heaps")
    parser.add_argument("--quick", action="store_true", help="a tenth of the sizes")
    parser.add_argument("--only", action="append", choices=sorted(CASES), help="run only these cases")
    args = parser.parse_args(argv if argv is not None else [])
    _warm()
    chosen = args.only or list(CASES)
    if any(name not in ("cpeer", "octalpeer") for name in chosen):
        _row("case", "time", "result", "notes")
        _row("---", "---", "---", "---")
    for name in chosen:
        CASES[name](args.quick)


if __name__ == "__main__":
    main(sys.argv[1:])
