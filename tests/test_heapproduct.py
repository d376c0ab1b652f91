"""Products and joins of heap rulesets (CGSuite's AcrosticProduct, DirectProduct, CakeProduct,
PartizanJoin, Join): values against plain search, the Tartan theorem, golden rows worked by hand
and from Winning Ways, symmetric games negated, bad input refused."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import zermelo as z
from partisan_check import check_position
from zermelo.analyses.analysis import grundy, outcome
from zermelo.cgsuite import evaluate
from zermelo.core.errors import InvalidGame, InvalidPosition
from zermelo.core.nimber import nim_multiply
from zermelo.core.sprague_grundy import mex
from zermelo.games.heapproduct import (
    HeapProduct,
    acrostic_nim,
    cake_product,
    heap_join,
    heap_product,
    partizan_join,
    tartan,
)
from zermelo.games.registry import make_game
from zermelo.rules import Impartial, Outcome


def plain_grundy(rules: Impartial[Any], position: Any, memo: dict[Any, int] | None = None) -> int:
    """Mex over the whole position's options: no components, no keys."""
    memo = {} if memo is None else memo
    if position not in memo:
        memo[position] = mex(plain_grundy(rules, o, memo) for o in rules.options(position))
    return memo[position]


ACROSTIC = [heap_product("acrostic", "spawning:1+/spawning:1+C"), heap_product("acrostic", "kayles/subtraction:1,3")]
DIRECT = [heap_product("directproduct", "spawning:1-2/kayles"), heap_product("directproduct", "kayles/nim")]
# Plain search is over whole sums (no components): its positions grow fast, so the pairs stay small.
pairs = st.lists(st.tuples(st.integers(0, 3), st.integers(0, 3)), min_size=1, max_size=2).map(
    lambda ps: tuple(sorted(ps))
)


def same_as_plain(game: HeapProduct, position: tuple[tuple[int, int], ...]) -> None:
    g = plain_grundy(game, position)
    assert grundy(game, position) == g, position
    assert outcome(game, position) == (Outcome.P if g == 0 else Outcome.N)


@pytest.mark.parametrize("game", ACROSTIC, ids=[g.spec() for g in ACROSTIC])
@settings(max_examples=12, deadline=None)
@given(position=pairs)
def test_acrostic_matches_plain_search(game: HeapProduct, position: tuple[tuple[int, int], ...]) -> None:
    same_as_plain(game, position)


@pytest.mark.parametrize("game", DIRECT, ids=[g.spec() for g in DIRECT])
def test_direct_product_matches_plain_search(game: HeapProduct) -> None:
    for m in range(4):
        for n in range(4):
            same_as_plain(game, ((m, n),))
    same_as_plain(game, ((2, 3), (3, 2)))


@pytest.mark.parametrize(
    ("first", "second"), [("nim", "nim"), ("kayles", "spawning:1-3"), ("spawning:3E", "spawning:4FS")]
)
def test_tartan_theorem(first: str, second: str) -> None:
    """Winning Ways ch. 14: a pair of the direct product is worth the nim product of its heaps' values."""
    d = heap_product("directproduct", f"{first}/{second}")
    r, s = make_game(first), make_game(second)
    for m in range(7):
        for n in range(7):
            want = nim_multiply(grundy(r, m) if m else 0, grundy(s, n) if n else 0)
            assert grundy(d, ((m, n),)) == want == tartan(grundy(r, m) if m else 0, grundy(s, n) if n else 0)


def test_golden_nim_products() -> None:
    """The direct product of Nim with Nim is nim multiplication: 2 ⊗ 2 = 3, 2 ⊗ 3 = 1, 4 ⊗ 4 = 6,
    3 ⊗ 3 = 2, 4 ⊗ 2 = 8 (ONAG ch. 6; Winning Ways ch. 14's table of nim products)."""
    d = heap_product("directproduct", "nim/nim")
    for (m, n), v in {(2, 2): 3, (2, 3): 1, (4, 4): 6, (3, 3): 2, (4, 2): 8, (1, 5): 5}.items():
        assert grundy(d, ((m, n),)) == v


def test_acrostic_nim_closed_form() -> None:
    a = heap_product("acrostic", "nim/nim")
    for m in range(9):
        for n in range(9):
            assert grundy(a, ((m, n),)) == acrostic_nim(m, n), (m, n)


def test_strip_and_streak_golden() -> None:
    """Motley × Ruler, acrostic (Winning Ways ch. 14): a row of Motley alone is the powers of two
    (1, 2, 4, 8), a column of Ruler alone the ruler function; worked by hand, (1, 1) moves to 0
    only (either heap of one taken, the pair gone) so it is *1, and (2, 1) to (1, 1) = *1 or 0 so *2."""
    a = heap_product("acrostic", "spawning:1+/spawning:1+C")
    assert [grundy(a, ((m, 0),)) for m in range(1, 5)] == [1, 2, 4, 8]
    assert [grundy(a, ((0, n),)) for n in range(1, 9)] == [1, 2, 1, 4, 1, 2, 1, 8]
    assert grundy(a, ((1, 1),)) == 1 and grundy(a, ((2, 1),)) == 2


def test_the_join_is_the_union_of_moves() -> None:
    """Subtraction {1} joined with {3} is Subtraction {1, 3}: period 2 (*, 0, *, 0, …)."""
    j = heap_join("subtraction:1/subtraction:3")
    both = make_game("subtraction:1,3")
    assert [grundy(j, n) for n in range(1, 12)] == [grundy(both, n) for n in range(1, 12)]


@settings(max_examples=10, deadline=None)
@given(position=st.lists(st.integers(1, 8), min_size=1, max_size=2).map(lambda hs: tuple(sorted(hs))))
def test_partizan_join_matches_plain_play(position: tuple[int, ...]) -> None:
    check_position(partizan_join("kayles/subtraction:2,3"), position)


def test_partizan_join_swapped_negates_and_equals_partizan_subtraction() -> None:
    g, h = partizan_join("subtraction:1,3/subtraction:2,3"), partizan_join("subtraction:2,3/subtraction:1,3")
    ps = make_game("partizansubtraction:1,3/2,3")
    for n in range(1, 12):
        assert z.canonical_form(h, (n,)) is -z.canonical_form(g, (n,))
        assert z.canonical_form(g, (n,)) is z.canonical_form(ps, (n,))


@settings(max_examples=10, deadline=None)
@given(cakes=st.lists(st.tuples(st.integers(0, 3), st.integers(0, 3)), min_size=1, max_size=2))
def test_cake_product_matches_plain_play(cakes: list[tuple[int, int]]) -> None:
    for g in (cake_product("nim/kayles"), cake_product("spawning:1-3/nim/twisted")):
        check_position(g, g.parse(" ".join(f"{r}x{c}" for r, c in cakes)))


def test_cake_product_of_one_ruleset_negates_when_turned() -> None:
    g = cake_product("kayles/kayles")
    for r in range(4):
        for c in range(4):
            assert z.canonical_form(g, ((c, r),)) is -z.canonical_form(g, ((r, c),))


def test_cakes_with_a_zero_side() -> None:
    """CGSuite's Cutcake((8,0)) is -7: no columns to cut, but Right's seven cuts of the rows remain;
    a 0 x n Eatcake is Left's n bites (n), its n x 0 the negative."""
    cut, eat = make_game("cutcake"), make_game("eatcake")
    assert str(z.canonical_form(cut, cut.parse("8x0"))) == "-7"
    assert str(z.canonical_form(cut, cut.parse("0x5"))) == "4"
    assert [str(z.canonical_form(eat, eat.parse(f"0x{n}"))) for n in range(1, 5)] == ["1", "2", "3", "4"]
    assert str(z.canonical_form(eat, eat.parse("3x0"))) == "-3"
    assert evaluate("[game.heap.Cutcake((3,n)).CanonicalForm for n from 0 to 3]") == "[-2,-2,0,0]"


def test_cgsuite_names() -> None:
    assert evaluate("game.heap.Nim.DirectProduct(game.heap.Nim)((4,4)).NimValue") == "6"
    assert evaluate("game.heap.Nim.AcrosticProduct(game.heap.Nim)((3,5)).NimValue") == "7"
    assert evaluate("game.heap.Nim.AcrosticProduct(game.heap.Nim)((3,5))") == (
        "game.heap.Nim.AcrosticProduct(game.heap.Nim)((3,5))"
    )
    assert evaluate("game.heap.Subtraction([1]).Join(game.heap.Subtraction([3])).NimValueSequence(4)") == "[1,0,1,0]"
    assert evaluate("game.heap.Kayles.HeapOptions(3)") == "[[2],[1,1],[1]]"
    assert evaluate(
        "game.heap.Subtraction([1,3]).PartizanJoin(game.heap.Subtraction([2,3]))(6).CanonicalForm"
    ) == evaluate("game.heap.PartizanSubtraction([1,3],[2,3])(6).CanonicalForm")
    eat = 'game.heap.TakeAndBreak("0.7")'
    assert evaluate(f"{eat}.CakeProduct({eat})((2,3)).CanonicalForm") == evaluate(
        "game.heap.Eatcake((2,3)).CanonicalForm"
    )
    assert evaluate(f"[{eat}.CakeProduct({eat}, twisted => true)((1,n)).CanonicalForm for n from 0 to 3]") == (
        evaluate("[game.heap.TurnAndEatcake((1,n)).CanonicalForm for n from 0 to 3]")
    )


@pytest.mark.parametrize(
    ("expr", "message"),
    [
        ("game.heap.Kayles.DirectProduct(game.grid.Domineering)", "takes heap rulesets"),
        ("game.heap.Kayles.AcrosticProduct()", "needs another heap ruleset"),
        ("game.heap.Kayles.NimValueTable(2, 2)", "coordinate rulesets"),
        ("game.heap.Wythoff.NimValueTable(-1, 2)", "at least 0"),
        ("game.heap.Wythoff.NimValueTable(1000, 1000)", "too many cells"),
        ("game.heap.Kayles.GameValueTable(2, 2)", "cake rulesets"),
        ("game.heap.Kayles.CakeProduct(game.heap.Nim, twisted => 3)", "true or false"),
    ],
)
def test_bad_calls(expr: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        evaluate(expr)


def test_bad_specs_and_positions() -> None:
    with pytest.raises(InvalidGame, match="apart by '/'"):
        heap_product("acrostic", "nim")
    with pytest.raises(InvalidGame, match="not a game on heaps"):
        heap_product("acrostic", "nim/domineering")
    with pytest.raises(InvalidGame, match="'twisted'"):
        cake_product("nim/nim/sideways")
    a = heap_product("acrostic", "nim/nim")
    with pytest.raises(InvalidPosition, match="give pairs"):
        a.parse("3 4 5")
    with pytest.raises(InvalidPosition, match="up to 10,000"):
        a.parse("3 40000")


def test_moves_are_said_and_clicked_on_the_drawn_pairs() -> None:
    """Each move said once (two moves to one position are one), one click per heap it leaves whole
    on the pair's rows; a heap split in several is chosen from the list, not clicked."""
    from zermelo.web import api

    for spec, position in (("acrostic:nim/kayles", "2 3, 1 4"), ("directproduct:nim/nim", "2 2")):
        reply = api.api_moves({"game": spec, "position": position})
        assert reply["board"]["kind"] == "pairs"
        owner: dict[tuple[str, ...], str] = {}
        for m in reply["moves"]:
            for way in m["clicks"]:
                assert owner.setdefault(tuple(way), m["move"]) == m["move"], (spec, way)
        assert len({m["position"] for m in reply["moves"]}) == len(reply["moves"])
    a = heap_product("acrostic", "spawning:1+/spawning:1+C")
    labels = [m.label for m in a.moves(((3, 2),))]
    assert labels[:4] == ["3 2: 3 -> 0", "3 2: 3 -> 1", "3 2: 3 -> 2", "3 2: 3 -> 1 + 2"]
    assert a.board_clicks(((3, 2),), ((1, 2), (2, 2))) == []
