"""Coin-turning games by turning code (zermelo.games.turning): values against plain search of the
whole row, the heads against the spawning game, CGSuite's worksheet values, bad input."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from zermelo.analyses.analysis import grundy
from zermelo.cgsuite import CGSuiteError, evaluate
from zermelo.cli import main
from zermelo.core.errors import InvalidGame, InvalidPosition
from zermelo.core.sprague_grundy import mex
from zermelo.games.registry import make_game
from zermelo.games.spawning import Spawning
from zermelo.games.turning import NAMED, Turning
from zermelo.search.engine import Engine

CODES = ["1-3", "1+C", "3", "3E", "4FS", "1+S", "1-3C(5)", "2-3,6C", "1+"]


class _Whole(Turning):
    """The same rules without the coin-turning theorem: the plain search of the whole row."""

    def components(self, coins):  # type: ignore[no-untyped-def]
        return None


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(CODES), st.integers(1, 8), st.integers(0, 255))
def test_rows_against_plain_search(code: str, n: int, heads: int) -> None:
    heads &= (1 << n) - 1
    assert grundy(Turning(code), (n, heads)) == Engine(_Whole(code)).grundy((n, heads))


@pytest.mark.parametrize("code", CODES)
def test_a_head_plays_as_the_spawning_heap(code: str) -> None:
    heaps = Spawning(code)
    for n in range(1, 9):
        assert Engine(_Whole(code)).grundy((n, 1 << (n - 1))) == grundy(heaps, n), (code, n)


def test_cgsuites_worksheet_values() -> None:
    # CGSuite's worksheet tests (GameStripTest, commit e909ab8b): both constructors, value 29.
    assert evaluate('game.strip.Turning(game.heap.Spawning("1-3"))("htththtth").NimValue') == "29"
    assert evaluate('game.strip.Turning("1-3")("htththtth").NimValue') == "29"
    assert evaluate('game.strip.Turning("1-3")("htth")') == 'game.strip.Turning("1-3")("htth")'
    # Mock Turtles' heads are the odious numbers; Ruler's the largest power of 2 dividing n
    # (Winning Ways ch. 14; CGSuite's Spawning rows in its GameHeapTest).
    assert [grundy(Turning("1-3"), Turning("1-3").parse(str(n))) for n in range(1, 9)] == [1, 2, 4, 7, 8, 11, 13, 14]
    assert evaluate('[game.strip.Turning("1+C")("hhhh").NimValue]') == "[6]"  # 1 ^ 2 ^ 1 ^ 4


def test_names_and_moves() -> None:
    assert NAMED["1-3"] == "Mock Turtles" and Turning("1-3c").spec() == "turning:1-3C"
    g = Turning("1-3")
    p = g.parse("htth")
    assert sorted(g.format(q) for q in g.options(p)) == sorted(
        ["TTTH", "HHTT", "HTHT", "HTTT", "THTT", "TTHT", "HHHT", "TTTT"]
    )
    move = g.parse_move(p, "turn 4 1", list(g.moves(p)))
    assert move is not None and g.format(move.position) == "TTTT"


def test_bad_input() -> None:
    with pytest.raises(InvalidGame, match="is not an element like"):
        Turning("1-x")
    with pytest.raises(InvalidGame, match="'x' is neither a turning code"):
        Turning("x")
    with pytest.raises(InvalidGame, match="domineering is not a game on heaps"):
        Turning("domineering")
    with pytest.raises(
        InvalidPosition, match=r"turning: unexpected 'X' at row 1, column 2 of 'HXH' \(use one of 'HT'\)"
    ):
        Turning("1-3").parse("hxh")
    with pytest.raises(CGSuiteError, match=r"wythoff is not a game on heaps"):
        evaluate("game.strip.Turning(game.heap.Wythoff)")
    assert main(["value", "turning:1-3", "htxh"]) == 2
    assert main(["value", "turning:q", "h"]) == 2


def test_cli(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "turning:4FS", "thhtthth"]) == 0
    out = capsys.readouterr().out
    assert "Grundy      2" in out and "Grunt (turning code 4FS)" in out
    assert main(["value", "--cgsuite", "--expr", 'game.strip.Turning("1-3")("htththtth").NimValue']) == 0
    assert capsys.readouterr().out.strip() == "29"


def plain_grundy(g: Turning, coins: tuple[int, int]) -> int:
    """Mex over the whole row's options: no split into heads."""
    return mex(plain_grundy(g, o) for o in g.options(coins))


def test_turning_of_any_heap_ruleset() -> None:
    """CGSuite's Turning(R) for a heap ruleset R that is not a spawning one: a head on coin n plays
    as R's heap of n (the coin-turning theorem), checked against plain search; a coin named twice by
    a move is turned twice (Kayles' heap of 5 -> 2 + 2 turns only coin 5)."""
    for spec in ("kayles", "cgtbreak:0.07", "subtraction:1,2"):
        g, heaps = Turning(spec), make_game(spec)
        for text in ("HTHH", "THTHT", "HHTTH", "TTTTTH"):
            coins = g.parse(text)
            want = 0
            for i, c in enumerate(text, 1):
                if c == "H":
                    want ^= grundy(heaps, i)
            assert grundy(g, coins) == want == plain_grundy(g, coins), (spec, text)
    kayles = Turning("kayles")
    assert (5, 0) in set(kayles.options(kayles.parse("TTTTH")))  # 5 -> 2 + 2: coin 2 turned twice
    assert evaluate('game.strip.Turning(game.heap.Kayles)("hthh").NimValue') == "3"


# Procedures of CGSuite's HeapRuleset, each with the same rule in Python: the coins (below n)
# that a move turning coin n turns with it.
_PROCEDURES = {
    "n -> [[a] for a from 1 to n - 1 where (a * n) % {k} != 1]": lambda n, k: [
        (a,) for a in range(1, n) if (a * n) % k != 1
    ],
    "n -> [[a, b] for b from 1 to n - 1 for a from 1 to b - 1 where (a + b + n) % {k} == 0] Concat [[]]": (
        lambda n, k: [(a, b) for b in range(1, n) for a in range(1, b) if (a + b + n) % k == 0] + [()]
    ),
}


def _plain_row_grundy(turns: dict[int, list[tuple[int, ...]]], row: int, memo: dict[int, int]) -> int:
    """The coin-turning game searched whole: a head n goes to tails with the coins of one of its moves."""
    if row not in memo:
        options = {
            _plain_row_grundy(turns, row ^ (1 << n) ^ sum(1 << a for a in coins), memo)
            for n in turns
            if row >> n & 1
            for coins in turns[n]
        }
        memo[row] = mex(options)
    return memo[row]


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(sorted(_PROCEDURES)), st.integers(2, 4), st.lists(st.booleans(), min_size=1, max_size=7))
def test_turning_of_a_procedures_heap_ruleset(fn: str, k: int, heads: list[bool]) -> None:
    """CGSuite's Turning(HeapRuleset(fn)): the row's nim value against the whole row searched."""
    text = "".join("h" if h else "t" for h in heads)
    rule = _PROCEDURES[fn]
    turns = {n: rule(n, k) for n in range(1, len(heads) + 1)}
    want = _plain_row_grundy(turns, sum(1 << (i + 1) for i, h in enumerate(heads) if h), {})
    ruleset = f"game.strip.Turning(game.heap.HeapRuleset({fn.replace('{k}', str(k))}))"
    assert evaluate(f'{ruleset}("{text}").NimValue') == str(want)


def test_turning_of_a_procedure_prints_and_moves() -> None:
    r = "game.strip.Turning(game.heap.HeapRuleset(n -> [[m] for m from 1 to n - 1]))"
    assert evaluate(r) == r
    assert evaluate(f'{r}("hthh").NimValue') == "1"  # heads 1, 3, 4: 0 ^ 2 ^ 3 (heap n is *(n - 1))
    assert evaluate(f'{r}("thh").Options.Size') == "3"  # coin 2 with coin 1; coin 3 with coin 1 or 2
