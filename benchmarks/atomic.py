"""Atomic weight beside the canonical form it is computed from, and how fast a budget stops ``--expr``.

``python -m benchmarks atomic``: for each position the seconds of its canonical form and of its
atomic weight (the weight is one pass over the canonical form's followers, so it should cost a
small fraction of the form); then ``zermelo value --expr`` on a sum of 60 hot switches (hours
and gigabytes unbounded) under ``--timeout 1`` and ``--budget 1000000``: the wall-clock seconds
until the one-line error, which should be the budget plus at most a tick (1/20 s).
"""

from __future__ import annotations

import contextlib
import io
import random
import time

from zermelo.analyses.canonical import canonical_form
from zermelo.cli import main as cli
from zermelo.games import Clobber
from zermelo.values import atomic_weight, parse_value

BOARDS = ["xxxxo", "xoxox|oxoxo", "xxoxo|ooxox|xoxxo"]
INFINITESIMALS = ["{4|*||*}", "{0||0|-2} + {0||0|-3} + v + v"]


def hot_sum(seed: int, terms: int) -> str:
    """A sum of hot switches with nested options: its canonical form grows exponentially with the terms."""
    rng = random.Random(seed)
    out = []
    for _ in range(terms):
        a = rng.randint(1, 40)
        b = rng.randint(-40, a - 1)
        c = b - rng.randint(1, 20)
        out.append(rng.choice([f"{{{a}|{b}}}", f"{{{a}||{b}|{c}}}", f"{{{a}|{b}||{c}}}"]))
    return " + ".join(out)


def _cell(text: str) -> str:
    return text.replace("|", "\\|")  # a bar inside a Markdown table cell


def main() -> None:
    c = Clobber()
    print("| value | birthday | atomic weight | s (canonical form) | ms (atomic weight) | ratio |")
    print("|---|---|---|---|---|---|")
    for board in BOARDS:
        t = time.perf_counter()
        g = canonical_form(c, c.parse(board))
        cf = time.perf_counter() - t
        t = time.perf_counter()
        w = atomic_weight(g)
        aw = time.perf_counter() - t
        print(f"| clobber `{_cell(board)}` | {g.birthday} | {w} | {cf:.2f} | {aw * 1000:.1f} | {aw / cf:.4f} |")
    for text in INFINITESIMALS:
        g = parse_value(text)
        t = time.perf_counter()
        w = atomic_weight(g)
        aw = time.perf_counter() - t
        print(f"| `{_cell(text)}` (not all-small) | {g.birthday} | {w} | – | {aw * 1000:.1f} | – |")
    print()
    print("| zermelo value --expr (60 hot switches) | exit status | s until the error | error |")
    print("|---|---|---|---|")
    for flags in (["--timeout", "1"], ["--budget", "1000000"]):
        err = io.StringIO()
        t = time.perf_counter()
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
            status = cli(["value", "--expr", hot_sum(1, 60), *flags])
        s = time.perf_counter() - t
        print(f"| {' '.join(flags)} | {status} | {s:.2f} | {err.getvalue().strip()} |")


if __name__ == "__main__":
    main()
