"""Tables and pattern tools: one engine call per table, against one search per cell.

``python -m benchmarks tables``.  The baseline is what a naive tool does: a fresh search for each
cell (``Engine(game).outcome(position)``).  The table fills all its cells from one search.  Also
the P-set checker's throughput (moves checked per second).
"""

from __future__ import annotations

import time

from zermelo.analyses.patterns import check_pset
from zermelo.analyses.tables import table
from zermelo.games import Square, Wythoff
from zermelo.search.engine import Engine


def _time(fn: object, repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        fn()  # type: ignore[operator]
        best = min(best, time.perf_counter() - t)
    return best


def main() -> None:
    print("| table | cells | one engine call (s) | one search per cell (s) | ratio |")
    print("|---|---|---|---|---|")
    for name, make, size in (("wythoff 30 x 30", Wythoff, (30, 30)), ("square row", Square, 400)):
        template = "{r} {c}" if isinstance(size, tuple) else "{n}"
        # A fresh game object each time: engines are shared per game object, so reuse would be free.
        one = _time(lambda m=make, s=size, tp=template: table(m(), size=s, template=tp))
        t = table(make(), size=size, template=template)
        game = make()
        positions = [game.parse(p) for row in t.positions for p in row if p is not None]
        per_cell = _time(lambda g=game, ps=positions: [Engine(g).outcome(p) for p in ps], repeat=1)
        print(f"| {name} | {len(positions)} | {one:.3f} | {per_cell:.3f} | {per_cell / one:.0f}x |")
    print()
    print("| conjecture | positions | moves | seconds | moves/s |")
    print("|---|---|---|---|---|")
    for spec, pred, upto in (
        ("subtraction:1,3,4", "n % 7 in (0, 2)", 100_000),
        ("nim", "a ^ b == 0", 100),
    ):
        t0 = time.perf_counter()
        r = check_pset(spec, pred, upto)
        dt = time.perf_counter() - t0
        print(f"| {spec} `{pred}` --upto {upto} | {r.checked:,} | {r.moves:,} | {dt:.2f} | {r.moves / dt:,.0f} |")


if __name__ == "__main__":
    main()
