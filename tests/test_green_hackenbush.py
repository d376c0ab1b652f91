"""Green Hackenbush: stalks, the colon principle and the fusion principle against plain search."""

from __future__ import annotations

from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cli_helper_games import solve_error, solve_json
from selfcheck_games import Reference, key_merges_are_sound, self_check
from zermelo import grundy
from zermelo.games import GreenHackenbush
from zermelo.games.green_hackenbush import canonical_key, colon_steps, grounded, hackenbush_value
from zermelo.search.engine import Engine

GAME = GreenHackenbush()
REF = Reference(GAME)
VERTICES = ["g", "a", "b", "c", "d", "e"]


def _edges(pairs: list[tuple[int, int]]) -> tuple[tuple[str, str], ...]:
    return grounded([tuple(sorted((VERTICES[u], VERTICES[v]))) for u, v in pairs])  # type: ignore[misc]


def _stalk(n: int, base: str = "g", name: str = "s") -> list[str]:
    names = [base] + [f"{name}{i}" for i in range(n)]
    return [f"{u}-{v}" for u, v in pairwise(names)]


graphs = st.lists(st.tuples(st.integers(0, 5), st.integers(0, 5)), min_size=1, max_size=8).map(_edges)


def _random_tree(parents: list[int]) -> tuple[tuple[str, str], ...]:
    # Vertex i + 1 hangs from an earlier vertex: a tree rooted at the ground (vertex 0).
    return _edges([(p % (i + 1), i + 1) for i, p in enumerate(parents[:5])])


def test_stalks_are_nim_heaps() -> None:
    for n in range(0, 7):
        pos = GAME.parse(", ".join(_stalk(n))) if n else ()
        assert REF.grundy(pos) == hackenbush_value(pos) == n


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 10), min_size=1, max_size=5))
def test_colon_principle_on_trees(parents: list[int]) -> None:
    tree = _random_tree(parents)
    assert REF.grundy(tree) == hackenbush_value(tree)


@settings(max_examples=120, deadline=None)
@given(graphs)
def test_fusion_principle_on_graphs_with_cycles(position: tuple[tuple[str, str], ...]) -> None:
    expected = REF.grundy(position)
    assert hackenbush_value(position) == expected
    assert grundy(GAME, position) == expected
    assert Engine(GAME).grundy(position) == expected  # keys and components


def test_notes_tree_of_exercise_1_11c() -> None:
    # A stem of 2 carrying branches (stalks) of heights 3, 2 and 4: 2 + (3 ⊕ 2 ⊕ 4) = 7.
    edges = ["g-x", "x-y", *_stalk(3, "y", "p"), *_stalk(2, "y", "q"), *_stalk(4, "y", "r")]
    pos = GAME.parse(", ".join(edges))
    assert hackenbush_value(pos) == 7 == REF.grundy(pos)


def test_cycles() -> None:
    triangle = GAME.parse("g-a, a-b, b-g")  # fuses to three loops at the ground: 1
    square_on_stalk = GAME.parse("g-a, a-b, b-c, c-d, d-a")  # a 4-cycle on a stalk: 1 + (0) = 1
    assert hackenbush_value(triangle) == REF.grundy(triangle) == 1
    assert hackenbush_value(square_on_stalk) == REF.grundy(square_on_stalk) == 1
    loops = GAME.parse("g-a, a-a, a-a, a-a")
    assert hackenbush_value(loops) == REF.grundy(loops) == 2  # 1 + (1 ⊕ 1 ⊕ 1)


def test_key_is_sound_and_merges_relabellings() -> None:
    a = GAME.parse("g-a, a-b, a-c, g-d")
    b = GAME.parse("g-x, x-y, g-z, z-w")
    c = GAME.parse("g-z, z-w, g-x, x-y")
    assert canonical_key(b) == canonical_key(c)
    assert canonical_key(a) != canonical_key(b)
    sample = [_edges([(0, 1), (1, 2), (u, v)]) for u in range(4) for v in range(4)]
    assert key_merges_are_sound(GAME, sample) > 0


def test_self_check() -> None:
    sample = [GAME.parse(t) for t in ("g-a-b-c, g-d", "g-a, a-b, b-g, a-a", "g-g, g-a, g-a")]
    assert self_check(GAME, sample, [_rename]) == 3  # renaming the vertices is no matter


def _rename(edges: tuple[tuple[str, str], ...]) -> tuple[tuple[str, str], ...]:
    names = {"a": "z", "b": "y", "c": "x", "d": "w"}
    return grounded([tuple(sorted((names.get(u, u), names.get(v, v)))) for u, v in edges])  # type: ignore[misc]


def test_cli(capsys: pytest.CaptureFixture[str]) -> None:
    data = solve_json(capsys, "green-hackenbush", "g-a-b-c, g-d")
    assert data["grundy"] == 2 and [m["move"] for m in data["winning_moves"]] == ["chop a-b"]
    assert "not connected to the ground" in solve_error(capsys, "greenhackenbush", "g-a, b-c")


def test_explanation_uses_fusion_and_colon() -> None:
    from zermelo import solve

    # A loop but no cycle: no fusion to speak of.
    text = solve(GAME, GAME.parse("g-a-b-c, g-d, a-a")).explanation
    assert "Fusion principle" not in text and "Colon principle" in text
    assert "at a the branches a-a (a loop, 1), a-b-c (2) are worth one stalk of 1 ⊕ 2 = 3" in text
    assert "at the ground the branches g-a… (4), g-d (1) are worth one stalk of 4 ⊕ 1 = 5" in text
    # A cycle is fused first.
    text = solve(GAME, GAME.parse("g-a-b-g, b-c, g-d-e")).explanation
    assert text.startswith(
        "Fusion principle: the cycle through a, b, g fuses into one vertex (the ground), its 3 edges a-b, g-a, "
        "g-b becoming loops, each a stalk of one edge."
    )


def test_explanation_shows_the_colon_steps() -> None:
    # Issue 30 item 2: the tree of the notes' figure said "worth *7" without the steps and spoke of
    # fusion though it has no cycle.  Before: "Fusion principle: the vertices of every cycle fuse ...
    # Here: one part at the ground, worth *7, so the player to move wins. A winning move: chop g-a."
    from zermelo import solve

    text = solve(GAME, GAME.parse("g-a-b, b-c-d-e, b-f-h, b-i-j-k-l")).explanation
    assert text == (
        "Colon principle, from the leaves down (the branches at a vertex are worth one stalk of their nim-sum): "
        "at b the branches b-c-d-e (3), b-f-h (2), b-i-j-k-l (4) are worth one stalk of 3 ⊕ 2 ⊕ 4 = 5; "
        "with a-b that is a stalk of 6 at a; with g-a that is a stalk of 7 at the ground. The graph is worth *7, "
        "so the player to move wins. A winning move: chop g-a, which leaves a graph worth *0."
    )


@settings(max_examples=60, deadline=None)
@given(graphs)
def test_colon_steps_end_at_the_value(edges: tuple[tuple[str, str], ...]) -> None:
    steps = colon_steps(grounded(edges))
    if steps:
        assert steps[-1].vertex == "g" and steps[-1].value == hackenbush_value(edges)


@settings(max_examples=80, deadline=None)
@given(graphs, graphs)
def test_winning_moves_formula_against_plain_search(
    one: tuple[tuple[str, str], ...], two: tuple[tuple[str, str], ...]
) -> None:
    # Two graphs glued at the ground: the formula re-evaluates only the part an edge belongs to.
    position = grounded([*one, *((u if u == "g" else u + "2", v if v == "g" else v + "2") for u, v in two)])
    formula = GAME.winning_moves_formula(position)
    assert formula is not None and GAME.winning_moves_formula(position, misere=True) is None
    assert [m.position for m in formula] == REF.winning(GAME, position)
    assert [m.label for m in formula] == [
        m.label for m in GAME.moves(position) if m.position in REF.winning(GAME, position)
    ]


def test_many_parts_are_fast() -> None:
    # QA: 3,000 edges at the ground took minutes (every move was judged on the whole graph); 1,000 here.
    stalks = GAME.parse(", ".join(f"g-v{i}" for i in range(1001)))
    formula = GAME.winning_moves_formula(stalks)
    assert formula is not None and len(formula) == 1001  # chop any stalk of 1: 1,000 stalks remain
    assert GAME.winning_moves_formula(stalks[1:]) == []
