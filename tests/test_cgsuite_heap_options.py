"""A heap ruleset's HeapOptions(n) in CGSuite's order (zermelo.cgsuite.heap_options): rows worked
from CGSuite's definitions, the take-and-break order against the engine's options of random codes,
joins, procedures as they list them."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from zermelo.cgsuite import evaluate
from zermelo.cgsuite.heap_options import heap_parts
from zermelo.games.tbcode import CodeGame
from zermelo.heaps.heap import heap_tuple


@pytest.mark.parametrize(
    ("expr", "listed"),
    [
        # A take-and-break code: fewest tokens taken first, then fewest heaps, then increasing.
        ("game.heap.Kayles.HeapOptions(5)", "[[4],[1,3],[2,2],[3],[1,2]]"),
        ("game.heap.Nim.HeapOptions(3)", "[[2],[1],[]]"),
        ("game.heap.DawsonsKayles.HeapOptions(6)", "[[4],[1,3],[2,2]]"),
        ("game.heap.GrundysGame.HeapOptions(7)", "[[1,6],[2,5],[3,4]]"),
        ('game.heap.TakeAndBreak("0.3F").HeapOptions(4)', "[[3],[2],[1,1]]"),
        ('game.heap.TakeAndBreak("{2+}=.0").HeapOptions(6)', "[[3,3],[2,2,2],[1,1,1,1,1,1]]"),
        ("game.heap.Subtraction([1,3]).HeapOptions(4)", "[[3],[1]]"),
        ("game.heap.Kayles.HeapOptions(0)", "[]"),
        # Spawning: by element, then count, then increasing; Turnips' widest spacing first.
        ('game.heap.Spawning("1-3").HeapOptions(4)', "[[],[1],[2],[3],[1,2],[1,3],[2,3]]"),
        ('game.heap.Spawning("3E").HeapOptions(9)', "[[1,5],[3,6],[5,7],[7,8]]"),
        ('game.heap.Spawning("1-3,2").HeapOptions(3)', "[[],[1],[2],[1,2],[1],[2]]"),
        # A join: R's, then S's; a procedure: as it lists them, empty heaps and all.
        ("game.heap.Kayles.Join(game.heap.Nim).HeapOptions(3)", "[[2],[1,1],[1],[2],[1],[]]"),
        ("game.heap.HeapRuleset(n -> [[0, n - 1], [n - 1]]).HeapOptions(3)", "[[0,2],[2]]"),
        (
            "game.heap.HeapRuleset(n -> [[k, n - k] for k from 1 to n - 1 where k != n - k]).HeapOptions(5)",
            "[[1,4],[2,3],[3,2],[4,1]]",
        ),
    ],
)
def test_cgsuites_order(expr: str, listed: str) -> None:
    assert evaluate(expr) == listed


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from("0123467"), min_size=1, max_size=4), st.integers(0, 12))
def test_take_and_break_order_against_the_engines_options(digits: list[str], n: int) -> None:
    """The same options as the engine's, once each, ordered by (taken, heaps, sizes)."""
    game = CodeGame("0." + "".join(digits))
    parts = heap_parts(game, n)
    engine = {tuple(sorted(h for h in heap_tuple(o) if h)) for o in game.heap_options(n)} if n else set()
    assert set(parts) == engine and len(parts) == len(engine)
    keys = [(n - sum(hs), len(hs), hs) for hs in parts]
    assert keys == sorted(keys)
