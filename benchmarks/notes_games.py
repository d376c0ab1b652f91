"""The notes' games: what symmetry keys, independent regions and closed forms save.

Each row solves one position twice in the same run — with the game's own hooks (``key``,
``components``) and as a plain game with only ``options`` — and reports the positions each search
reached and the time ratio.  Closed forms are timed against the search they replace.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from zermelo.games import Chomp, Cram, GreenHackenbush
from zermelo.games.chomp import _key as chomp_key
from zermelo.games.cram import _components as cram_components
from zermelo.games.cram import _key as cram_key
from zermelo.games.green_hackenbush import hackenbush_value
from zermelo.rules import Impartial
from zermelo.search.engine import Engine


class _Plain(Impartial[Any]):
    def __init__(self, game: Impartial[Any]) -> None:
        self.game = game

    def options(self, position: Any) -> list[Any]:
        return list(self.game.options(position))


def _timed(fn: Callable[[], Any]) -> tuple[Any, float]:
    start = time.perf_counter()
    value = fn()
    return value, time.perf_counter() - start


def _hooks_vs_plain(name: str, game: Impartial[Any], position: Any) -> None:
    # Each row starts cold: no key or region cached from an earlier row.
    cram_key.cache_clear()
    cram_components.cache_clear()
    chomp_key.cache_clear()
    fast = Engine(game)
    plain = Engine(_Plain(game))
    g1, t1 = _timed(lambda: fast.grundy(position))
    g2, t2 = _timed(lambda: plain.grundy(position))
    assert g1 == g2
    print(
        f"| {name} | {g1} | {fast.positions_seen:,} | {plain.positions_seen:,} | {t1:.2f} | {t2:.2f} | {t2 / t1:.1f}x |"
    )


def main() -> None:
    print("| position | Grundy | positions (keys + regions) | positions (plain) | s (hooks) | s (plain) | speed-up |")
    print("|---|---|---|---|---|---|---|")
    cram = Cram()
    _hooks_vs_plain("cram 2x3 (warm-up: compiles the kernels)", cram, cram.parse("2x3"))
    for text in ("4x4", "3x6", "...#../....../..#...", "4x5", "3x8"):
        _hooks_vs_plain(f"cram {text}", cram, cram.parse(text))
    _hooks_vs_plain("chomp 6x7", Chomp(), (7,) * 6)
    h = GreenHackenbush()
    tree = h.parse("g-a-b-c-d, b-e-f, a-x-y-z, g-p-q, q-r, q-s-t, g-u-v-w")
    _hooks_vs_plain("greenhackenbush (tree, 17 edges)", h, tree)
    value, t_search = _timed(lambda: Engine(_Plain(h)).grundy(tree))
    formula, t_formula = _timed(lambda: hackenbush_value(tree))
    assert value == formula
    print()
    print(
        f"Green Hackenbush colon/fusion formula vs plain search on the same tree: "
        f"{t_formula * 1e3:.2f} ms vs {t_search:.2f} s ({t_search / t_formula:,.0f}x)."
    )
