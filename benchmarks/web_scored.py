"""The web worker's cache of classified scored positions (``zermelo.web.api._SCORED``).

tests/test_web_api.py's ``test_every_move_of_every_game_can_be_typed`` asks, for every game of the
list at its example position, the moves (``/api/moves``) and then each move typed (``/api/find``),
as a person typing each move would.  A scored game's position is classified by a negamax of every
move each time it is asked; with the cache, once.  Measured in process (the handlers a worker
runs), warm (a first pass not counted), the cache on and off interleaved: CPU seconds of the whole
loop and the negamax searches run (``move_values`` calls), medians of 3, the load average with each.

    flock /tmp/zermelo-bench.lock .venv/bin/python -m benchmarks web_scored
"""

from __future__ import annotations

import json
import os
import statistics
import time
from typing import Any

import zermelo.search.minimax as minimax
from zermelo.web import api
from zermelo.web.app import games_json

RUNS = 3


def _loop(games: list[dict[str, Any]], cache: bool, searches: list[int]) -> tuple[float, int]:
    api.forget_all()
    api.SCORED_MOVES = 64 if cache else -1  # -1: no position is kept (the code before the cache)
    searches[0] = 0
    t = time.process_time()
    for g in games:
        params = {"game": g["spec"], "position": g["position"]}
        if g["kind"] == "partisan":
            params["turn"] = "left"
        for m in json.loads(api.handle("moves", params).body)["moves"]:
            api.handle("find", {**params, "move": m["move"]})
    return time.process_time() - t, searches[0]


def main() -> None:
    api.LIMITS = api.LIMITS.replace(max_seconds=None)  # as the test: the position budget only
    searches = [0]
    real = minimax.move_values

    def counted(*args: Any, **kw: Any) -> Any:
        searches[0] += 1
        return real(*args, **kw)

    minimax.move_values = counted  # type: ignore[assignment]
    games = games_json()
    _loop(games, True, searches)  # warm: imports, kernels, the games' own caches
    seen: dict[bool, list[tuple[float, int, float]]] = {False: [], True: []}
    for _ in range(RUNS):
        for cache in (False, True):
            cpu, n = _loop(games, cache, searches)
            seen[cache].append((cpu, n, os.getloadavg()[0]))
    print("| scored cache | CPU s (median of 3) | negamax searches | load |")
    print("| --- | ---: | ---: | ---: |")
    for cache in (False, True):
        rows = seen[cache]
        cpu = statistics.median(r[0] for r in rows)
        loads = ", ".join(f"{r[2]:.1f}" for r in rows)
        print(f"| {'on' if cache else 'off'} | {cpu:.2f} | {rows[0][1]} | {loads} |")
    api.SCORED_MOVES = 64


if __name__ == "__main__":
    main()
