"""Canonical forms beside the Python peers: pycgt (pure Python) and cgt-py (Rust with Python bindings).

Each (library, case) runs in a fresh interpreter, so no library reuses a cache from an earlier
row, and the garbage left by the imports is collected before the clock starts; the time is CPU
seconds (``time.process_time``) of the computation alone, which other processes on a shared
machine disturb less than wall-clock time.  Run:
``.venv/bin/python -m benchmarks values`` (the peers come with ``pip install -e ".[bench]"``).

Cases: empty Domineering rectangles (rows x columns; Left places vertical dominoes in all three
libraries), the sum of 20 random switches {a|b}, a random blue-red Hackenbush tree with 30
edges, and (issue 28) Konane positions on a 4 x 8 board and Amazons endgames on 5 x 5 boards
(seeded random stones, amazons and burnt squares; see :data:`KONANE`, :data:`AMAZONS`), which
pycgt has no ruleset for: those rows compare zermelo with cgt-py only.  pycgt has no
Hackenbush: its row evaluates the tree the way zermelo does (colon principle: an edge carrying
trees of value H is the ordinal sum edge : H) with pycgt's own
``game``/canonical form.  cgt-py has no Hackenbush and no way to build a game from options in
Python: that cell is empty.
"""

from __future__ import annotations

import ast
import gc
import json
import os
import random
import subprocess
import sys
import time
from fractions import Fraction
from typing import Any

DOMINEERING = [(2, 2), (3, 3), (3, 4), (4, 4), (4, 5), (5, 5)]
#: Konane on 4 x 8 boards: 10, 14 and 18 stones on their checkerboard colours (``random.Random(1)``).
KONANE = [
    "..xo....|o.....ox|..x.....|ox.x...x",
    "x..o..x.|o...oxox|...ox...|ox...xo.",
    "x..o..xo|..o.oxo.|xox.xo.o|oxo.o...",
]
#: Amazons endgames on 5 x 5 boards, two amazons a side, 11-15 burnt squares.
AMAZONS = ["x.###|..#.o|##...|.####|o..x.", "##o#x|.##o#|.##.#|#.#x#|.....", "##o#x|.##o.|.##.#|#.#x#|....."]
#: Issue 28 item 4's bigger boards: 4 x 8 Konane with 20 and 22 stones (10 and 12 cells empty, as
#: some ten moves into a game from the full board; stones on their checkerboard colours, drawn by
#: ``random.Random(28)``), and 5 x 5 Amazons endgames with two amazons a side and 10 and 9 burnt
#: squares (11 and 12 empty cells; the same seed).  Tens of seconds each: not in the main table.
BIGGER = {
    "KONANE20": "konane:..x.xoxo|.x..oxo.|.o.ox.xo|.xox.xox",
    "KONANE22": "konane:..xoxoxo|.x.xoxo.|.o.ox.xo|.xox.xox",
    "AMAZONS_B10": "amazons:..#xo|###..|...##|.#o.#|..#x#",
    "AMAZONS_B9": "amazons:..#xo|#.#..|...##|.#o.#|..#x#",
}
#: Named cases, for commands and tables (``python -m benchmarks.values_variants ... -- KONANE18``):
#: the rows of docs/benchmarks.md's warm-process tables, and the bigger boards.
NAMED = {
    "KONANE14": f"konane:{KONANE[1]}",
    "KONANE18": f"konane:{KONANE[2]}",
    "AMAZONS1": f"amazons:{AMAZONS[1]}",
    "AMAZONS4": f"amazons:{AMAZONS[2]}",
    **BIGGER,
}
LIBS = ("zermelo", "pycgt", "cgt-py")
TIMEOUT = 180.0
REPEATS = 5


def switches() -> list[tuple[Fraction, Fraction]]:
    """20 switches {a|b}, a > b, halves between -3 and 3 (seeded)."""
    rng = random.Random(2026)
    out = []
    for _ in range(20):
        a, b = sorted(rng.sample(range(-6, 7), 2), reverse=True)
        out.append((Fraction(a, 2), Fraction(b, 2)))
    return out


def hackenbush_tree() -> str:
    """A random blue-red tree with 30 edges, as zermelo's text form (seeded)."""
    rng = random.Random(30)
    parent = [-1] + [rng.randrange(0, i) for i in range(1, 31)]  # vertex 0 is the ground
    edges = [f"{'g' if parent[v] == 0 else parent[v]}-{v}:{rng.choice('BR')}" for v in range(1, 31)]
    # One edge from the ground: re-hang every other root edge under vertex 1.
    fixed = []
    for e in edges:
        if e.startswith("g-") and not e.startswith("g-1:"):
            e = "1-" + e[2:]
        fixed.append(e)
    return "[" + ", ".join(fixed) + "]"


def _start() -> float:
    """Collect the garbage the imports left before the clock starts, for every library alike.

    Otherwise a collection triggered by the imports' leftovers can land inside a sub-millisecond
    computation and double it (about 0.1 ms here), depending only on what was imported before.
    The collector stays on while timing, so a computation pays for its own garbage.
    """
    gc.collect()
    return time.process_time()


def run_one(lib: str, case: str) -> dict[str, Any]:
    """Compute one case with one library in this process; returns seconds and the printed value."""
    kind, _, arg = NAMED.get(case, case).partition(":")
    if kind == "domineering":
        r, c = map(int, arg.split("x"))
        board = "|".join(["." * c] * r)
        if lib == "zermelo":
            import zermelo as z

            d = z.games.Domineering()
            return _zermelo_value(d, d.parse(board))
        elif lib == "pycgt":
            from pycgt import render
            from pycgt.rulesets import domineering

            t = _start()
            g = domineering.rectangle(r, c)
            seconds = time.process_time() - t
            value = render(g)
            return {"seconds": seconds, "value": value, "check": _pycgt_braces(g)}
        else:
            import cgt_py

            return _cgt_value(cgt_py.Domineering, board)
    if kind in ("konane", "amazons"):
        if lib == "zermelo":
            import zermelo as z

            rules = z.games.Konane() if kind == "konane" else z.games.Amazons()
            return _zermelo_value(rules, rules.parse(arg))
        elif lib == "pycgt":
            return {"seconds": None, "value": "no such ruleset"}
        else:
            import cgt_py

            return _cgt_value(cgt_py.Konane if kind == "konane" else cgt_py.Amazons, arg)
    if kind == "switches":
        sw = switches()
        if lib == "zermelo":
            from zermelo.values import game, number, total

            _warm_if_asked()
            _load_if_asked(None)  # the compiled forms' table: sums of three or more hot games go there
            t = _start()
            g = total(game([number(a)], [number(b)]) for a, b in sw)
            seconds = time.process_time() - t
            value = str(g)
            return {"seconds": seconds, "value": value, "check": value}
        elif lib == "pycgt":
            from pycgt import ZERO, add, render
            from pycgt import values as pv

            t = _start()
            acc = ZERO
            for a, b in sw:
                acc = add(acc, pv.switch(a, b))
            seconds = time.process_time() - t
            value = render(acc)
            return {"seconds": seconds, "value": value, "check": _pycgt_braces(acc)}
        else:
            import cgt_py

            t = _start()
            acc = cgt_py.CanonicalForm("0")
            for a, b in sw:
                acc = acc + cgt_py.CanonicalForm(f"{{{a}|{b}}}")
            seconds = time.process_time() - t
            value = repr(acc)
            return {"seconds": seconds, "value": value, "check": _cgt_text(acc)}
    if kind == "hackenbush":
        import zermelo as z

        h = z.games.Hackenbush()
        pos = h.parse(hackenbush_tree())
        if lib == "zermelo":
            return _zermelo_value(h, pos)
        elif lib == "pycgt":
            from pycgt import ZERO, add, game, render
            from pycgt import values as pv

            t = _start()

            # The same colon-principle evaluation zermelo uses, with pycgt's arithmetic:
            # an edge carrying trees of value H is edge : H = {edge^L, edge : H^L | edge^R, edge : H^R}.
            edge = {"B": pv.integer(1), "R": pv.integer(-1), "G": pv.nimber(1)}
            ords: dict[Any, Any] = {}

            def ordinal(base: Any, top: Any) -> Any:  # depth <= birthday of top: small here
                hit = ords.get((base, top))
                if hit is None:
                    hit = ords[(base, top)] = game(
                        [*base.left, *(ordinal(base, x) for x in top.left)],
                        [*base.right, *(ordinal(base, x) for x in top.right)],
                    )
                return hit

            def tree(branch: Any) -> Any:
                colour, kids = branch
                above = ZERO
                for k in kids:
                    above = add(above, tree(k))
                return ordinal(edge[colour], above)

            total = ZERO
            for comp in pos:
                total = add(total, tree(comp))
            seconds = time.process_time() - t
            value = render(total)
            return {"seconds": seconds, "value": value, "check": _pycgt_braces(total)}
        else:
            return {"seconds": None, "value": "not expressible"}
    raise ValueError(case)


def _warm_if_asked() -> None:
    """With ``ZERMELO_BENCH_WARM=1`` in the environment, warm the process first, outside the clock,
    as a web worker is (:func:`zermelo.web.warmup.compiled_values`: numba and the compiled forms,
    walks and options loaded), for the warm-process tables of ``benchmarks.values_variants``."""
    if os.environ.get("ZERMELO_BENCH_WARM") == "1":
        from zermelo.games import chargrid_kernel
        from zermelo.web import warmup

        warmup.compiled_values()
        chargrid_kernel.warm()


def _load_if_asked(rules: Any) -> None:
    """With ``ZERMELO_BENCH_LOADED=1`` in the environment, load zermelo's compiled code first,
    outside the clock, as importing cgt-py loads its own: the compiled forms' table and the rules'
    walk built ahead of time (``zermelo compile``; numpy and the extensions, no numba) with an
    empty state (:func:`zermelo.analyses.compiled_walk.load`), but no search."""
    if os.environ.get("ZERMELO_BENCH_LOADED") == "1":
        from zermelo.analyses import compiled_walk
        from zermelo.values import compiled_forms

        compiled_forms.forms()
        compiled_walk.load(rules)  # the rules' walk, when it has one


def _zermelo_value(rules: Any, position: Any) -> dict[str, Any]:
    """zermelo's canonical form of a position, timed; the value's text is its check.

    Warmed first when asked (:func:`_warm_if_asked`), or its compiled code loaded (:func:`_load_if_asked`)."""
    import zermelo as z

    _warm_if_asked()
    _load_if_asked(rules)
    canonical_form = z.canonical_form  # a lazy name: its import stays outside the clock, as the peers' do
    t = _start()
    g = canonical_form(rules, position)
    seconds = time.process_time() - t
    value = str(g)
    return {"seconds": seconds, "value": value, "check": value}


def _cgt_value(ruleset: Any, board: str) -> dict[str, Any]:
    """cgt-py's canonical form of a board of one of its grid rulesets, timed."""
    t = _start()
    g = ruleset(board).canonical_form
    seconds = time.process_time() - t
    return {"seconds": seconds, "value": repr(g), "check": _cgt_text(g)}


def _pycgt_braces(g: Any) -> str:
    """A pycgt game as plain braces and numbers (pycgt's own notation has Tiny(x), Miny(x), +-…),
    which zermelo reads, so the answers can be compared (outside the timed part)."""
    from pycgt import canonical
    from pycgt.values import as_number

    memo: dict[Any, str] = {}

    def text(x: Any) -> str:
        hit = memo.get(x)
        if hit is None:
            c = canonical(x)
            n = as_number(c)
            if n is not None:
                hit = str(n)
            else:
                left = ",".join(sorted(text(o) for o in c.left))
                right = ",".join(sorted(text(o) for o in c.right))
                hit = f"{{{left}|{right}}}"
            memo[x] = hit
        return hit

    return text(g)


def _cgt_text(g: Any) -> str:
    """cgt-py's value text: its repr is ``CanonicalForm('…')``."""
    r = repr(g)
    inner = r[len("CanonicalForm(") : -1] if r.startswith("CanonicalForm(") else repr(r)
    text: str = ast.literal_eval(inner)
    return text


def agree(results: dict[str, dict[str, Any]]) -> str:
    """Whether every library that answered gave the same value as zermelo: "yes", or what differs."""
    from zermelo.values import parse_value

    mine = results["zermelo"].get("check")
    if mine is None:
        return "no answer from zermelo"
    want = parse_value(mine)
    bad = [
        lib
        for lib, res in results.items()
        if lib != "zermelo" and res.get("check") is not None and parse_value(res["check"]) is not want
    ]
    return "MISMATCH: " + ", ".join(bad) if bad else "yes"


def _measure_case(case: str) -> dict[str, dict[str, Any]]:
    """Each library's run of ``case``, the median of interleaved fresh-interpreter runs (a shared
    machine is noisy): rounds of one run per library, :data:`REPEATS` rounds when every library
    answers within 0.5 s, 3 within 20 s, else one."""
    runs = {lib: [_measure_once(lib, case)] for lib in LIBS}
    times = [r[0]["seconds"] for r in runs.values() if r[0]["seconds"] is not None]
    slowest = max(times, default=0.0)
    rounds = REPEATS if slowest < 0.5 else 3 if slowest < 20 else 1
    for _ in range(rounds - 1):
        for lib in LIBS:
            if runs[lib][0]["seconds"] is not None:
                runs[lib].append(_measure_once(lib, case))
    out = {}
    for lib, got in runs.items():
        timed = sorted((r for r in got if r["seconds"] is not None), key=lambda r: r["seconds"])
        out[lib] = timed[(len(timed) - 1) // 2] if timed else got[0]
    return out


def _measure_once(lib: str, case: str) -> dict[str, Any]:
    try:
        out = subprocess.run(
            [sys.executable, "-m", "benchmarks.values", "--one", lib, case],
            capture_output=True,
            text=True,
            timeout=TIMEOUT,
            check=False,
        )
    except subprocess.TimeoutExpired:
        return {"seconds": None, "value": f"timeout > {TIMEOUT:.0f} s"}
    if out.returncode != 0:
        last = (out.stderr.strip().splitlines() or ["failed"])[-1]
        return {"seconds": None, "value": f"error: {last[:60]}"}
    result: dict[str, Any] = json.loads(out.stdout)
    return result


#: Rows timed a second way: the smallest, where a fresh interpreter's first call is mostly start-up.
WARM_CASES = [(2, 2), (3, 3), (3, 4), (4, 4)]
WARM_REPEATS = 20


def run_warm(lib: str, rows: int, cols: int) -> dict[str, Any]:
    """Warm code, empty caches: in one interpreter, compute the board ``WARM_REPEATS`` times and
    keep the best time, each run after emptying every cache the library keeps.

    zermelo: a fresh rules object (an empty position memo) and emptied comparison and sum tables;
    its canonical forms stay interned, which only lets the last step of building a form find it.
    pycgt: ``cache_clear`` on every cached function of every pycgt module.  No garbage collection
    before the clock here: a full collection empties the interpreter's free lists and evicts the
    processor's caches, and that start-up cost is what this table leaves out.  It times the work
    of a call once the interpreter has run the code before, which on boards this small the first
    call in a fresh interpreter (the main table) mostly does not show.
    """
    board = "|".join(["." * cols] * rows)
    best = float("inf")
    if lib == "zermelo":
        import zermelo as z
        from zermelo.values.game import reset_caches

        for _ in range(WARM_REPEATS):
            reset_caches()
            d = z.games.Domineering()
            pos = d.parse(board)
            t = time.process_time()
            z.canonical_form(d, pos)
            best = min(best, time.process_time() - t)
    else:
        import importlib
        import pkgutil

        import pycgt
        from pycgt.rulesets import domineering

        modules = [importlib.import_module(m.name) for m in pkgutil.walk_packages(pycgt.__path__, "pycgt.")]
        caches = [f for m in modules for f in vars(m).values() if callable(getattr(f, "cache_clear", None))]
        for _ in range(WARM_REPEATS):
            for f in caches:
                f.cache_clear()
            t = time.process_time()
            domineering.rectangle(rows, cols)
            best = min(best, time.process_time() - t)
    return {"seconds": best}


def _warm_table() -> None:
    print("\n| case, warm code and empty caches | zermelo s | pycgt s | pycgt / zermelo |")
    print("|---|---:|---:|---:|")
    for r, c in WARM_CASES:
        got = []
        for lib in ("zermelo", "pycgt"):
            out = subprocess.run(
                [sys.executable, "-m", "benchmarks.values", "--warm", lib, f"{r}x{c}"],
                capture_output=True,
                text=True,
                timeout=TIMEOUT,
                check=False,
            )
            got.append(json.loads(out.stdout)["seconds"] if out.returncode == 0 else None)
        print(f"| domineering:{r}x{c} | {_fmt(got[0])} | {_fmt(got[1])} | {_ratio(got[1], got[0])} |", flush=True)
    print(
        f"\nBest of {WARM_REPEATS} in one interpreter per (library, case), every cache emptied before each run"
        " (see run_warm); cgt-py is left out: its Rust-side caches cannot be emptied from Python."
    )


#: Rows timed as whole processes: interpreter start, the library's import and the computation.
WHOLE_CASES = ["domineering:2x2", "domineering:3x4", "domineering:4x4", "domineering:4x5", "switches:20"]
WHOLE_REPEATS = 3


def whole_process(lib: str, case: str) -> None:
    """Import the library and compute the case, nothing else: the process ``_whole`` times."""
    run_one(lib, case)


def _whole(lib: str, case: str) -> float | None:
    """CPU seconds (user + system) of a whole ``python -m benchmarks.values --whole`` process, best of 3.

    Every library runs from compiled bytecode, as pip installs it: zermelo's sources (an editable
    install here) are compiled first, and ``PYTHONDONTWRITEBYTECODE`` is not passed on — with it,
    an editable zermelo compiled all its modules from source in every process (0.15 s of CPU)
    while the peers, installed with their ``.pyc`` files, did not.
    """
    import compileall
    import os

    import zermelo

    compileall.compile_dir(os.path.dirname(zermelo.__file__), quiet=1)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    best: float | None = None
    for _ in range(WHOLE_REPEATS):
        cpu, out = child_cpu(["--whole", lib, case], env)
        if out.returncode != 0:
            return None
        best = cpu if best is None else min(best, cpu)
    return best


def child_cpu(args: list[str], env: dict[str, str], timeout: float = TIMEOUT) -> tuple[float, Any]:
    """CPU seconds (user + system, ``getrusage`` of the child) of ``python -m benchmarks.values
    ARGS``, a whole process, and its completed run (output as text)."""
    import resource

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run(
        [sys.executable, "-m", "benchmarks.values", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
        env=env,
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), out


def _whole_table() -> None:
    print("\n| case, whole process | zermelo s | pycgt s | cgt-py s | pycgt / zermelo | cgt-py / zermelo |")
    print("|---|---:|---:|---:|---:|---:|")
    for case in WHOLE_CASES:
        z, p, c = (_whole(lib, case) for lib in LIBS)
        print(f"| {case} | {_fmt(z)} | {_fmt(p)} | {_fmt(c)} | {_ratio(p, z)} | {_ratio(c, z)} |", flush=True)
    print(
        f"\nCPU seconds (user + system) of a whole process — interpreter start, the library's import and"
        f" the computation — best of {WHOLE_REPEATS}."
    )


def _fmt(s: float | None) -> str:
    return "—" if s is None else f"{s:.6f}" if s < 0.001 else f"{s:.4f}" if s < 0.1 else f"{s:.2f}"


def _ratio(other: float | None, mine: float | None) -> str:
    if other is None or mine is None or mine <= 0:
        return "—"
    return f"{other / mine:.1f}×"


def main(kinds: list[str] | None = None) -> None:
    """The three tables; ``kinds`` (``python -m benchmarks.values konane amazons``) keeps only the
    main table's rows of those kinds and leaves out the other two tables."""
    cases = [f"domineering:{r}x{c}" for r, c in DOMINEERING] + ["switches:20", "hackenbush:30"]
    cases += [f"konane:{b}" for b in KONANE] + [f"amazons:{b}" for b in AMAZONS]
    if kinds:
        cases = [c for c in cases if c.partition(":")[0] in kinds]
    print(
        "| case | zermelo s | pycgt s | cgt-py s | pycgt / zermelo | cgt-py / zermelo | same value | value (zermelo) |"
    )
    print("|---|---:|---:|---:|---:|---:|---|---|")
    failures = 0
    for case in cases:
        res = _measure_case(case)
        z, p, c = (res[lib]["seconds"] for lib in LIBS)
        value = res["zermelo"]["value"]
        value = (value if len(value) < 40 else value[:37] + "…").replace("|", "\\|")
        same = agree(res)
        failures += same != "yes"
        shown = case.replace("|", "\\|")
        print(
            f"| `{shown}` | {_fmt(z)} | {_fmt(p)} | {_fmt(c)} | {_ratio(p, z)} | {_ratio(c, z)} | {same} | `{value}` |",
            flush=True,
        )
    print(
        "\nCPU seconds per case, each in a fresh interpreter: the median of 5 interleaved runs when every"
        " library answers within 0.5 s, of 3 within 20 s, else one run;"
        " ratios > 1× mean zermelo is faster.  'same value': every peer's answer, read back by zermelo,"
        " is zermelo's canonical form."
    )
    if not kinds:
        _warm_table()
        _whole_table()
    if failures:
        raise SystemExit(f"{failures} case(s) where the libraries disagree")


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "--one":
        print(json.dumps(run_one(sys.argv[2], sys.argv[3])))
    elif len(sys.argv) == 4 and sys.argv[1] == "--whole":
        whole_process(sys.argv[2], sys.argv[3])
    elif len(sys.argv) == 4 and sys.argv[1] == "--warm":
        r, c = map(int, sys.argv[3].split("x"))
        print(json.dumps(run_warm(sys.argv[2], r, c)))
    else:
        main(sys.argv[1:])
