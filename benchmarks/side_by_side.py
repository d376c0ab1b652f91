"""Issue 31's comparisons side by side in one run: every ratio zermelo / peer with its target.

Run: ``PONS_DIR=/work/peers/connect4 OCTAL_PEER_DIR=/work/peers/octal-games flock
/tmp/zermelo-bench.lock .venv/bin/python -m benchmarks.side_by_side`` (``--rounds N``, default 3;
``--with-7x6`` adds the standard board's weak solve from empty, minutes a run on both sides;
``--quick`` leaves out octal 0.376, whose proof takes the peer about 3.5 minutes a run, and 0.161 to
2^22 heaps).
The peers are built from their public sources as the area benchmarks build them: Pascal Pons'
Connect Four solver (:func:`benchmarks.connect4.build_pons`, github.com/PascalPons/connect4), the
C++ sparse-space octal solver (:func:`benchmarks.heaps.build_octal_peer`,
github.com/tczajka/octal-games), cgt-py and pycgt from the ``bench`` extra.  A peer that is missing
leaves its rows out with a line saying why.

Every row is whole processes, CPU seconds (user + system of the child, ``getrusage``), as a user or
a script pays them; the rows run interleaved, round after round (zermelo, its peer, the next row,
...), so the load falls on both sides alike; the medians are compared.  Each side's answer is
checked (the same value, period or largest value), and zermelo's node counts must be the same in
every round (its searches are deterministic), or the run stops.  The targets are issue 31's: at
most 1.0 against each peer; a single small answer at most 2.0 against ``python -c "import numpy"``.
The area benchmarks (``connect4_batch``, ``startup``, ``heaps --only octalpeer``, ``values``,
``connect4_empty``) print each comparison at length, with the other answers zermelo gives.
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from benchmarks.connect4 import build_pons, positions
from benchmarks.connect4_batch import ZERMELO, cpu, uptime
from benchmarks.connect4_empty import pons_run, zermelo_run
from benchmarks.heaps import OCTAL_PEER_CODES, OCTAL_PEER_SIZES, build_octal_peer, peer_largest, peer_period
from benchmarks.startup import COMMANDS, ENV
from benchmarks.values import child_cpu

#: issue 31's single small answers (benchmarks.startup's commands), against ``import numpy``.
SMALL = [
    "zermelo solve nim 3 4 5",
    "zermelo value domineering 3x3",
    "zermelo negamax connect4 (40 discs)",
    "zermelo sequence octal:0.16 (proof)",
]
DOMINEERING = ["3x3", "4x4", "4x5", "5x5"]


@dataclass
class Row:
    """One comparison: a zermelo run and a peer run, each returning its CPU seconds."""

    name: str
    ours: Callable[[], float]
    peer_name: str
    peer: Callable[[], float | None]
    target: float
    times: tuple[list[float], list[float | None]] = field(default_factory=lambda: ([], []))


def _checked(what: str, got: object, want: object) -> None:
    if got != want:
        raise RuntimeError(f"{what}: got {got}, expected {want}")


_PONS: dict[tuple[int, int], tuple[str | None, str]] = {}


def _pons(tmp: str, w: int, h: int) -> tuple[str | None, str]:
    """Pons' solver for a w x h board (built once a run), or (None, why not)."""
    source = os.environ.get("PONS_DIR")
    if not source:
        return None, "PONS_DIR is not set"
    if (w, h) not in _PONS:
        _PONS[w, h] = build_pons(source, w, h, tmp)
    return _PONS[w, h]


def _connect4_rows(tmp: str, nodes: dict[str, set[tuple[int, ...]]]) -> list[Row]:
    rows: list[Row] = []
    exe, why = _pons(tmp, 7, 6)
    if exe is None:
        print(f"Pons' solver did not build ({why}): the Connect Four rows are left out")
        return []
    lines = positions(31, 30, 12, 16)
    batch = Path(tmp) / "positions.txt"
    text = "".join(f"{line}\n" for line in lines)
    batch.write_text(text)

    def ours_batch(flags: list[str], name: str) -> Callable[[], float]:
        def run() -> float:
            seconds, out = cpu([ZERMELO, "negamax", "connect4", "--batch", str(batch), "--quiet", *flags], env=ENV)
            nodes.setdefault(name, set()).add(tuple(json.loads(row)["nodes"] for row in out.splitlines()))
            return seconds

        return run

    def pons_batch(flags: list[str]) -> Callable[[], float]:
        return lambda: cpu([exe, *flags], stdin=text)[0]

    rows.append(
        Row(
            "30 Connect Four positions, one batch, weak",
            ours_batch(["--weak"], "batch weak"),
            "Pons -w, one process",
            pons_batch(["-w"]),
            1.0,
        )
    )
    rows.append(
        Row(
            "30 Connect Four positions, one batch (exact distance, best moves, a line)",
            ours_batch([], "batch"),
            "Pons (strong), one process",
            pons_batch([]),
            1.0,
        )
    )
    return rows


def _empty_rows(tmp: str, sizes: list[str], nodes: dict[str, set[tuple[int, ...]]]) -> list[Row]:
    rows: list[Row] = []
    for size in sizes:
        w, h = map(int, size.split("x"))
        exe, why = _pons(tmp, w, h)
        if exe is None:
            print(f"Pons' solver {size} did not build ({why}): its rows are left out")
            continue
        for strength in ("weak", "strong") if (w, h) != (7, 6) else ("weak",):

            def ours(w: int = w, h: int = h, strength: str = strength, name: str = f"{size} {strength}") -> float:
                seconds, n = zermelo_run(w, h, strength, value_only=True)
                nodes.setdefault(name, set()).add((n,))
                return seconds

            def peer(exe: str = exe, w: int = w, h: int = h, weak: bool = strength == "weak") -> float:
                return pons_run(exe, w, h, weak)[0]

            flag = "-w" if strength == "weak" else "(strong)"
            rows.append(Row(f"Connect Four {size} from empty, {strength} (value)", ours, f"Pons {flag}", peer, 1.0))
    return rows


def _startup_rows() -> list[Row]:
    numpy = COMMANDS['python -c "import numpy"']
    return [
        Row(
            name,
            lambda argv=COMMANDS[name]: cpu(argv, env=ENV)[0],
            "python -c 'import numpy'",
            lambda: cpu(numpy)[0],
            2.0,
        )
        for name in SMALL
    ]


def _octal_rows(tmp: str, quick: bool) -> list[Row]:
    exe, why = build_octal_peer(tmp)
    if exe is None:
        print(f"the octal peer: {why}: its rows are left out")
        return []
    rows: list[Row] = []
    ours_largest: dict[int, int] = {}  # 0.161's largest value to 2^K heaps, zermelo's (the peer's must agree)
    for code, n, pre, per in OCTAL_PEER_CODES[: 1 if quick else 2]:  # 0.16, 0.376 to their proofs (0.354: minutes)

        def ours(code: str = code, n: int = n, pre: int = pre, per: int = per) -> float:
            argv = [ZERMELO, "sequence", f"octal:{code}", "--upto", str(n), "--json", "--quiet"]
            seconds, out = cpu(argv, env=ENV)
            data = json.loads(out)
            _checked(f"zermelo {code}", (data["preperiod"], data["period"], data["proven"]), (pre, per, True))
            return seconds

        def peer(code: str = code, pre: int = pre, per: int = per) -> float:
            seconds, out = cpu([exe, code])
            _checked(f"the peer's {code}", peer_period(out), (pre, per))
            return seconds

        rows.append(Row(f"octal {code} to its proven period", ours, "C++ sparse-space solver", peer, 1.0))
    for k in OCTAL_PEER_SIZES[:-1] if quick else OCTAL_PEER_SIZES:
        sized, why = build_octal_peer(tmp, k)
        if sized is None:
            print(f"the octal peer to 2^{k}: {why}: its row is left out")
            continue

        def ours_161(k: int = k) -> float:
            argv = [ZERMELO, "sequence", "octal:0.161", "--upto", str(2**k - 1), "--json", "--quiet"]
            seconds, out = cpu(argv, env=ENV)
            ours_largest[k] = json.loads(out)["largest"]
            return seconds

        def peer_161(exe: str = sized, k: int = k) -> float:
            seconds, out = cpu([exe, "0.161"])
            found = peer_largest(out)
            _checked(f"the largest value of 0.161 to 2^{k}, the peer's", found and found[1], ours_largest[k])
            return seconds

        rows.append(Row(f"octal 0.161 to 2^{k} heaps", ours_161, "C++ sparse-space solver", peer_161, 1.0))
    return rows


def _domineering_rows() -> list[Row]:
    try:
        import cgt_py  # noqa: F401
        import pycgt  # noqa: F401
    except ImportError:
        print('cgt-py or pycgt is missing (pip install -e ".[bench]"): the Domineering rows are left out')
        return []
    import zermelo

    compileall.compile_dir(os.path.dirname(zermelo.__file__), quiet=1)  # bytecode, as pip installs it

    def whole(lib: str, case: str) -> float | None:
        """A whole process of the library computing the case (benchmarks.values checks the value
        in its own table); None past its time limit (pycgt's 5 x 5 under load)."""
        try:
            seconds, done = child_cpu(["--whole", lib, case], ENV)
        except subprocess.TimeoutExpired:
            return None
        if done.returncode:
            raise RuntimeError(f"{lib} {case}: exit {done.returncode}: {done.stderr.strip()[-300:]}")
        return seconds

    def ours(case: str) -> float:
        seconds = whole("zermelo", case)
        if seconds is None:
            raise RuntimeError(f"zermelo {case}: past the time limit")
        return seconds

    return [
        Row(
            f"Domineering {size}, canonical form",
            lambda case=f"domineering:{size}": ours(case),
            peer,
            lambda peer=peer, case=f"domineering:{size}": whole(peer, case),
            1.0,
        )
        for size in DOMINEERING
        for peer in ("cgt-py", "pycgt")
    ]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.side_by_side")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="without octal 0.376 and 0.161 to 2^22")
    parser.add_argument("--with-7x6", action="store_true", help="the 7x6 weak solve from empty (minutes a run)")
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    tmp = tempfile.mkdtemp(prefix="zermelo-side-by-side-")
    nodes: dict[str, set[tuple[int, ...]]] = {}
    try:
        cpu([ZERMELO, "compile"], env=ENV)  # the kernels compiled ahead of time, as the area benchmarks do
        cpu([ZERMELO, "negamax", "connect4:4x4", "", "--quiet"], env=ENV)  # the files and caches warm
        sizes = ["6x5", "7x5", *(["7x6"] if args.with_7x6 else [])]
        rows = [
            *_connect4_rows(tmp, nodes),
            *_startup_rows(),
            *_octal_rows(tmp, args.quick),
            *_domineering_rows(),
            *_empty_rows(tmp, sizes, nodes),
        ]
        print(f"uptime before: {uptime()}", flush=True)
        for _ in range(args.rounds):
            for row in rows:
                row.times[0].append(row.ours())
                row.times[1].append(row.peer())
        after = uptime()
        print("\n| comparison | zermelo CPU s | peer | peer CPU s | zermelo / peer | target | met |")
        print("| --- | ---: | --- | ---: | ---: | ---: | --- |")
        for row in rows:
            ours = statistics.median(row.times[0])
            done = [t for t in row.times[1] if t is not None]
            if len(done) < len(row.times[1]):
                print(f"| {row.name} | {ours:.3f} | {row.peer_name} | past its limit | — | {row.target:.1f} | yes |")
                continue
            theirs = statistics.median(done)
            ratio = ours / theirs
            met = "yes" if ratio <= row.target else "**no**"
            print(
                f"| {row.name} | {ours:.3f} | {row.peer_name} | {theirs:.3f} | {ratio:.2f} | {row.target:.1f} | {met} |"
            )
        print(f"\nuptime after: {after}")
        varied = sorted(name for name, seen in nodes.items() if len(seen) != 1)
        if varied:
            raise RuntimeError(f"zermelo's node counts differ between rounds: {', '.join(varied)}")
        print(f"zermelo's node counts, the same in all {args.rounds} rounds: {', '.join(sorted(nodes))}")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
