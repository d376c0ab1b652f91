"""Play: how long a hint takes, against judging every move on its own, and over HTTP.

1. ``classify`` (the position and all its options in one engine search) against the obvious
   alternative: ``outcome``, ``remoteness`` and ``grundy`` asked per option, each option with a
   fresh game object, so no search is shared (what a front end without the play module would
   do).  Cold: the first question about the game.
2. A web round trip (``/api/moves`` on a running ``zermelo serve``) against ``classify`` in the
   same process, both warm: the cost of HTTP + JSON for one hint.
3. Partisan play: a whole game of Domineering (hints on both sides) in one ``Session``, whose
   values stay in the rules' shared value cache: the first hint, then all the later ones, against
   classifying each later position of the same game with a fresh rules object (no shared value
   cache; the interned game values and their comparisons are still shared).
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from zermelo import grundy, outcome, remoteness
from zermelo.games.registry import make_game
from zermelo.play import classify

CASES = [
    ("nim", "3 4 5"),
    ("nim", "5 7 9 11"),
    ("wythoff", "20 30"),
    ("subtraction:1,3,4", "500"),
    ("square", "2000"),
    ("digraph:a->b, b->a, b->c, c->d, a->e, e->f", "a"),
]


def _time(fn: Callable[[], Any], repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best


def _classify_cold(spec: str, text: str) -> None:
    g = make_game(spec)
    classify(g, g.parse(text))


def _per_move_cold(spec: str, text: str) -> None:
    g = make_game(spec)
    for m in list(g.moves(g.parse(text))):  # type: ignore[attr-defined]
        fresh: Any = make_game(spec)
        outcome(fresh, m.position)
        remoteness(fresh, m.position)
        grundy(fresh, m.position)


def main() -> None:
    _classify_cold("nim", "1 2")  # load the compiled kernels once
    print("| game | position | moves | classify (cold) | per move, unshared | ratio |")
    print("| --- | --- | ---: | ---: | ---: | ---: |")
    for spec, text in CASES:
        g = make_game(spec)
        n = len(list(g.moves(g.parse(text))))  # type: ignore[attr-defined]
        a = _time(lambda s=spec, t=text: _classify_cold(s, t))  # type: ignore[misc]
        b = _time(lambda s=spec, t=text: _per_move_cold(s, t), repeat=1)  # type: ignore[misc]
        short = spec if len(spec) < 24 else spec[:21] + "..."
        print(f"| {short} | {text} | {n} | {a * 1e3:.1f} ms | {b * 1e3:.1f} ms | {b / a:.1f}x |")
    _web()
    _partisan()


PARTISAN_BOARDS = ["....|....|....|....", ".....|.....|.....|.....", ".....|.....|.....|.....|....."]


def _partisan() -> None:
    from zermelo.games.domineering import Domineering
    from zermelo.play import Session

    print()
    print("| Domineering board | moves | first hint | later hints, shared cache | later, fresh rules | ratio |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    for board in PARTISAN_BOARDS:
        d = Domineering()
        t = time.perf_counter()
        s = Session(d, d.parse(board), computer=None)
        first = time.perf_counter() - t
        t = time.perf_counter()
        while not s.over:
            hint = s.hint()
            assert hint is not None
            s.play(hint)
        later = time.perf_counter() - t
        t = time.perf_counter()
        for turn in s.turns[1:]:
            classify(Domineering(), turn.position, turn=turn.side)
        fresh = time.perf_counter() - t
        print(
            f"| {board.count('|') + 1}x{board.index('|')} | {s.ply} | {first * 1e3:.0f} ms | {later * 1e3:.1f} ms"
            f" | {fresh * 1e3:.0f} ms | {fresh / later:.0f}x |"
        )


def _web() -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
    import httpx2

    from web_server import running_server

    g = make_game("nim")
    p = g.parse("3 4 5")
    classify(g, p)
    local = [_time(lambda: classify(g, p), repeat=1) for _ in range(50)]
    with running_server() as base, httpx2.Client(base_url=base, timeout=30.0) as c:
        c.get("/api/moves", params={"game": "nim", "position": "3 4 5"})
        remote = []
        for _ in range(50):
            t = time.perf_counter()
            c.get("/api/moves", params={"game": "nim", "position": "3 4 5"}).raise_for_status()
            remote.append(time.perf_counter() - t)
    lm, rm = statistics.median(local), statistics.median(remote)
    print()
    print("| nim 3 4 5, warm, median of 50 | time |")
    print("| --- | ---: |")
    print(f"| classify in process | {lm * 1e3:.2f} ms |")
    print(f"| GET /api/moves over HTTP | {rm * 1e3:.2f} ms ({rm / lm:.0f}x) |")


if __name__ == "__main__":
    main()
