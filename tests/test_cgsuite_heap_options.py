"""A heap ruleset's HeapOptions(n) in CGSuite's order (zermelo.cgsuite.heap_options): rows worked
from CGSuite's definitions, the take-and-break order against the engine's options of random codes,
joins, procedures as they list them."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from zermelo.cgsuite import evaluate
from zermelo.cgsuite.heap_options import heap_listed, heap_parts
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


@pytest.mark.parametrize(
    ("expr", "printed"),
    [
        # A heap position's Options are its HeapOptions mapped (CGSuite's HeapRuleset.Position):
        # no heap left is the integer 0, one heap its position, several their sum.
        ("game.heap.Nim(3).Options", "[game.heap.Nim(2),game.heap.Nim(1),0]"),
        ("game.heap.Kayles(1).Options", "[0]"),
        ("game.heap.Kayles(0).Options", "[]"),
        (
            "game.heap.GrundysGame(5).Options",
            "[game.heap.GrundysGame(1) + game.heap.GrundysGame(4),game.heap.GrundysGame(2) + game.heap.GrundysGame(3)]",
        ),
        (
            "game.heap.Nim.Join(game.heap.Kayles)(2).Options",
            "[game.heap.Nim.Join(game.heap.Kayles)(1),0," * 1 + "game.heap.Nim.Join(game.heap.Kayles)(1),0]",
        ),
        # A procedure's heaps as it wrote them, heaps of 0 too, also inside a join.
        (
            "game.heap.Nim.Join(game.heap.HeapRuleset(n -> [[0, n - 1], []]))(2).Options",
            "[game.heap.Nim.Join(game.heap.HeapRuleset(n -> [[0, n - 1], []]))(1),0,"
            "game.heap.Nim.Join(game.heap.HeapRuleset(n -> [[0, n - 1], []]))(0)"
            " + game.heap.Nim.Join(game.heap.HeapRuleset(n -> [[0, n - 1], []]))(1),0]",
        ),
        (
            "game.heap.HeapRuleset(n -> [[0, n - 1], []])(2).Options",
            "[game.heap.HeapRuleset(n -> [[0, n - 1], []])(0) + game.heap.HeapRuleset(n -> [[0, n - 1], []])(1),0]",
        ),
        # Partizan: Left's heap ruleset for LeftOptions, Right's for RightOptions; Options both, Left's first.
        (
            "game.heap.PartizanHeapRuleset(game.heap.Nim, game.heap.Kayles)(2).LeftOptions",
            "[game.heap.PartizanHeapRuleset(game.heap.Nim, game.heap.Kayles)(1),0]",
        ),
        (
            "game.heap.PartizanHeapRuleset(game.heap.Nim, game.heap.Kayles)(2).RightOptions",
            "[game.heap.PartizanHeapRuleset(game.heap.Nim, game.heap.Kayles)(1),0]",
        ),
        (
            "game.heap.PartizanHeapRuleset(game.heap.Nim, game.heap.DawsonsKayles)(2).Options",
            "[game.heap.PartizanHeapRuleset(game.heap.Nim, game.heap.DawsonsKayles)(1),0,0]",
        ),
    ],
)
def test_a_heaps_options_are_its_heap_options_mapped(expr: str, printed: str) -> None:
    assert evaluate(expr) == printed


def test_the_zero_option_is_a_follower_and_a_game() -> None:
    # The integer 0 among a heap's options is a game like the others: a follower, with a nim value.
    assert evaluate("game.heap.Nim(3).Followers") == "{0,game.heap.Nim(1),game.heap.Nim(2),game.heap.Nim(3)}"
    assert evaluate("[o.NimValue for o in game.heap.Kayles(5).Options]") == "[1,2,0,3,3]"
    assert evaluate("[o.NimValue for o in game.heap.Nim(2).Options]") == "[1,0]"


@settings(max_examples=30, deadline=None)
@given(st.lists(st.sampled_from("0123467"), min_size=1, max_size=3), st.integers(0, 10))
def test_a_heaps_listed_options_are_the_engines(digits: list[str], n: int) -> None:
    """Options is HeapOptions mapped entry by entry (checked on the printed texts), and holds the
    engine's options, each once."""
    code = "0." + "".join(digits)
    name = f'game.heap.TakeAndBreak("{code}")'
    heaps = json.loads(evaluate(f"{name}.HeapOptions({n})"))
    mapped = ["0" if not hs else " + ".join(f"{name}({h})" for h in hs) for hs in heaps]
    assert evaluate(f"{name}({n}).Options") == "[" + ",".join(mapped) + "]"
    game = CodeGame(code)
    engine = {tuple(sorted(h for h in heap_tuple(o) if h)) for o in game.heap_options(n)} if n else set()
    got = heap_listed(game, n, True)
    assert got is not None and len(got) == len(heaps) == len(engine)
    assert {() if p is None else (p,) if isinstance(p, int) else p for p in got} == engine
