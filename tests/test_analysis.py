"""The analyses: one answer whichever route (closed form, split graph, whole graph) gives it."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from zermelo import (
    InvalidPosition,
    Limits,
    Loopy,
    Outcome,
    SearchLimitExceeded,
    Sum,
    grundy,
    outcome,
    partisan_outcome,
    remoteness,
    solve,
    winning_moves,
)
from zermelo.analyses.analysis import outcomes
from zermelo.games import Digraph, Nim, Square, Subtraction, Wythoff
from zermelo.rules import Impartial, Partisan
from zermelo.search.engine import PREVIOUS_WINS, Engine

JSON_FIELDS = ["game", "position", "outcome", "winner", "grundy", "remoteness", "winning_moves", "explanation"]
EXTRA_FIELDS = ["winning_moves_listed", "notes", "best_defence", "stopped", "reasons"]


def test_solve_json_has_exactly_the_design_fields() -> None:
    data = solve(Nim(), (3, 4, 5)).to_json(Nim())
    assert list(data) == JSON_FIELDS + EXTRA_FIELDS
    assert data["winning_moves_listed"] is True and data["notes"] == []
    assert data["winning_moves"] == [{"move": "take 2 from heap 1 (3 -> 1)", "position": "1 4 5", "remoteness": 10}]
    assert (data["outcome"], data["winner"], data["grundy"]) == ("N", "first", 2)
    draw = solve(Digraph.from_text("a->b, b->a"), "a").to_json()
    assert (draw["outcome"], draw["winner"], draw["grundy"], draw["remoteness"]) == ("DRAW", "draw", None, None)


def test_remoteness_definitions_both_conventions() -> None:
    sq = Square()
    assert remoteness(sq, 0) == 0 and outcome(sq, 0) is Outcome.P
    assert remoteness(sq, 0, misere=True) == 0 and outcome(sq, 0, misere=True) is Outcome.N
    eng = Engine(sq)
    for misere in (False, True):
        for n in range(1, 80):
            opts = [(m, *eng.outcome(m, misere)) for m in sq.options(n)]
            s, r = eng.outcome(n, misere)
            assert r is not None
            if s == PREVIOUS_WINS:  # lose slowly
                assert r == 1 + max(x for _, _, x in opts if x is not None)
            else:  # win quickly
                assert r == 1 + min(x for _, st_, x in opts if st_ == PREVIOUS_WINS and x is not None)


class _PlainSum(Impartial[tuple[int, int]]):
    """Subtraction {1,3,4} + Square without a components hook (searched whole)."""

    def __init__(self) -> None:
        self.a, self.b = Subtraction({1, 3, 4}), Square()

    def options(self, p: tuple[int, int]) -> list[tuple[int, int]]:
        x, y = p
        return [(o, y) for o in self.a.options(x)] + [(x, o) for o in self.b.options(y)]


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 30), st.integers(0, 30))
def test_winning_moves_of_a_split_game_equal_the_whole_search(x: int, y: int) -> None:
    split = Sum(Subtraction({1, 3, 4}), Square())
    whole = _PlainSum()
    got = [m.position for m in winning_moves(split, (x, y))]
    want = [m.position for m in winning_moves(whole, (x, y))]
    assert got == want
    assert outcome(split, (x, y)) == outcome(whole, (x, y))
    assert grundy(split, (x, y)) == grundy(whole, (x, y))
    assert remoteness(split, (x, y)) == remoteness(whole, (x, y))
    misere = [m.position for m in winning_moves(split, (x, y), misere=True)]
    assert misere == [m.position for m in winning_moves(whole, (x, y), misere=True)]


def test_outcomes_of_many_positions() -> None:
    sq = Square()
    assert outcomes(sq, range(40)) == [outcome(sq, n) for n in range(40)]
    assert outcomes(Nim(), [(1, 1), (1, 2), 3], misere=True) == [Outcome.N, Outcome.N, Outcome.N]
    assert outcomes(Wythoff(), [(1, 2), (2, 2)]) == [Outcome.P, Outcome.N]
    g = Digraph.from_text("a->b, b->a, b->c")
    assert outcomes(g, ["a", "b", ("a", "b")]) == [Outcome.P, Outcome.N, Outcome.N]


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32))
def test_analyses_agree_on_random_loopy_token_sums(seed: int) -> None:
    rng = random.Random(seed)
    names = "abcde"
    edges = [(a, b) for a in names for b in names if rng.random() < 0.25] or [("a", "b")]
    g = Digraph(edges)
    vs = sorted(g.successors)
    pos: Any = tuple(rng.choice(vs) for _ in range(rng.randrange(1, 3)))
    pos = pos[0] if len(pos) == 1 else pos
    a = solve(g, pos)
    searched = Engine(g).outcome(pos)
    assert a.outcome == {1: Outcome.N, 2: Outcome.P, 0: Outcome.DRAW}[searched[0]]
    assert a.remoteness == searched[1]
    if isinstance(a.grundy, Loopy):
        assert a.outcome is (Outcome.N if 0 in a.grundy.finite else Outcome.DRAW)
    else:
        assert (a.grundy == 0) == (a.outcome is Outcome.P)
    assert all(outcome(g, m.position) is Outcome.P for m in a.winning_moves)


def test_solve_notes_when_extras_are_too_big() -> None:
    a = solve(Wythoff(), (10**30, 10**30 + 1))
    assert a.outcome is Outcome.N and a.grundy is None and a.remoteness is None
    assert any("not computed" in n for n in a.notes)
    assert a.winning_moves


def test_a_search_beyond_the_budget_raises() -> None:
    with pytest.raises(SearchLimitExceeded):
        solve(Square(), 10**6, limits=Limits(max_positions=1000))
    with pytest.raises(SearchLimitExceeded):
        winning_moves(Square(), 10**8, limits=Limits(max_positions=100))


def test_partisan_outcome() -> None:
    class Take(Partisan[int]):  # Left takes 1 or 2, Right takes 1
        def left_options(self, n: int) -> list[int]:
            return [n - k for k in (1, 2) if k <= n]

        def right_options(self, n: int) -> list[int]:
            return [n - 1] if n else []

    assert [str(partisan_outcome(Take(), n)) for n in range(5)] == ["P", "N", "L", "L", "L"]

    class Loop(Partisan[int]):  # both players may only pass back and forth between 0 and 1
        def left_options(self, n: int) -> list[int]:
            return [1 - n]

        def right_options(self, n: int) -> list[int]:
            return [1 - n]

    assert partisan_outcome(Loop(), 0) is Outcome.DRAW


# ---------------------------------------------------------------------- QA: budgets of one solve
class _SlowChain(Impartial[int]):
    """n -> n - 1, at least a millisecond per expansion (counted); the parity is a closed form, so
    the extras may fail."""

    def __init__(self) -> None:
        self.expanded = 0

    def options(self, n: int) -> list[int]:
        self.expanded += 1
        time.sleep(0.001)
        return [n - 1] if n else []

    def grundy_formula(self, n: int) -> int | None:
        return n % 2


def test_one_deadline_for_the_whole_solve() -> None:
    # Remoteness and the explanation's own search each used to get the whole budget (and the
    # explanation its own 5 s): 0.4 s took about 5.5 s.
    # Each expansion sleeps a millisecond, so 0.4 s allow at most 400 of them however loaded the
    # machine (a loaded one allows fewer); three stages with a budget each would reach about 1,200.
    chain = _SlowChain()
    a = solve(chain, 10**6 + 1, limits=Limits(max_seconds=0.4))
    assert 0 < chain.expanded <= 600, chain.expanded
    assert a.outcome is Outcome.N and a.grundy == 1 and a.remoteness is None
    assert [m.position for m in a.winning_moves] == [10**6]
    assert any("remoteness not computed: time budget" in n for n in a.notes)


class _NoOptions(Impartial[int]):
    def options(self, n: int) -> list[int]:
        raise AssertionError("a P-position's options need no look")

    def outcome_formula(self, n: int, misere: bool = False) -> Outcome | None:
        return Outcome.P


def test_a_p_position_has_no_winning_moves_without_looking() -> None:
    assert winning_moves(_NoOptions(), 5) == []


def test_winning_moves_too_many_to_list_give_a_note_not_a_hang() -> None:
    from zermelo.games import Chomp
    from zermelo.games.kayles import Kayles
    from zermelo.heaps.subtraction import PrimePower

    a = solve(PrimePower(), 10**10 + 1, limits=Limits(max_seconds=3))  # used to sieve to 10^10
    # The move the closed form knows is listed, and the list says it is not complete.
    assert a.outcome is Outcome.N and not a.winning_moves_listed
    assert [m.label for m in a.winning_moves] == ["take 5 (10000000001 -> 9999999996)"]
    assert "take 5 (10000000001 -> 9999999996)" in a.explanation
    assert any(n.startswith("winning moves not listed") for n in a.notes)
    assert a.stopped[0].part == "winning moves" and isinstance(a.stopped[0].error, SearchLimitExceeded)
    assert outcome(PrimePower(), 10**10 - 4) is Outcome.P
    with pytest.raises(SearchLimitExceeded):
        winning_moves(PrimePower(), 10**10 + 1)
    c = solve(Chomp(), Chomp().parse("999x1000"), limits=Limits(max_seconds=3))  # 10^6 moves
    assert c.outcome is Outcome.N and not c.winning_moves_listed
    square = solve(Chomp(), Chomp().parse("1000x1000"), limits=Limits(max_seconds=3))
    assert [m.label for m in square.winning_moves] == ["eat (2, 2)"]  # the n x n strategy: no search
    k = solve(Kayles(), 10**7, limits=Limits(max_seconds=5))  # took 52 s
    assert k.outcome is Outcome.N and not k.winning_moves_listed
    p = solve(PrimePower(), 6 * 10**9)
    assert p.outcome is Outcome.P and p.winning_moves == [] and p.winning_moves_listed


def test_the_budget_note_names_a_budget_that_raising_changes() -> None:
    from zermelo.games.queen import Queen

    a = solve(Queen(), (100_000, 200_000), limits=Limits(max_positions=10**8))
    note = next(n for n in a.notes if n.startswith("remoteness"))
    assert "budget of 100,000,000" in note  # --budget was honoured (the note used to say 1,000,000)
    d = solve(Queen(), (100_000, 200_000))
    assert any("budget of 1,000,000" in n for n in d.notes)  # the default cap of the extras


# ---------------------------------------------------------------------- QA: positions from Python
def _bad_positions() -> list[tuple[Any, Any]]:
    from zermelo.games.chomp import Chomp
    from zermelo.games.divisor import Divisor
    from zermelo.games.fibonacci import Fibonacci
    from zermelo.games.northcott import Northcott
    from zermelo.games.pokernim import PokerNim
    from zermelo.games.queen import Queen
    from zermelo.games.rook import Rook
    from zermelo.games.staircase import Staircase

    return [
        (Rook(), (-1, 2)),  # gave Grundy value -3
        (Rook(), (1, 2, 3)),
        (Queen(), (3, -4)),
        (Wythoff(), (3, "4")),
        (Chomp(), (1, 3)),  # gave outcome P with Grundy value 3
        (Chomp(), ()),  # IndexError
        (Chomp(), (3, 0)),
        (Northcott(), (3, ((0, 0),), True)),  # gave -1
        (Northcott(), (3, ((0, 5),), True)),
        (Fibonacci(), 20),  # TypeError
        (Divisor(), "12"),  # TypeError
        (Nim(), (3, -1)),
        (Square(), 2.5),
        (Digraph.from_text("a->b"), "z"),
        (Digraph.from_text("a->b"), ("a", 3)),
        (Staircase(), (1, -2)),
        (PokerNim(), ((3,), -1, 0)),
    ]


@pytest.mark.parametrize(("game", "position"), _bad_positions(), ids=repr)
def test_every_analysis_rejects_a_position_that_is_not_one(game: Any, position: Any) -> None:
    for analysis in (outcome, grundy, remoteness, winning_moves, solve):
        with pytest.raises(InvalidPosition, match=f"^{game.name}: ") as info:
            analysis(game, position)
        assert "\n" not in str(info.value) and len(str(info.value)) < 200


def test_partisan_outcome_validates_its_position() -> None:
    class Strict(Partisan[int]):
        name = "strict"

        def left_options(self, n: int) -> list[int]:
            return [n - 1] if n else []

        def right_options(self, n: int) -> list[int]:
            return []

        def validate(self, n: int) -> int:
            if not isinstance(n, int) or n < 0:
                raise InvalidPosition(f"strict: a position is a whole number >= 0, got {n!r}")
            return n

    assert partisan_outcome(Strict(), 2) is Outcome.L
    with pytest.raises(InvalidPosition, match="strict"):
        partisan_outcome(Strict(), -1)
    from zermelo.games.cutcake import Cutcake

    with pytest.raises(InvalidPosition, match="cutcake"):
        partisan_outcome(Cutcake(), ((-1, 3),))


def test_valid_positions_still_pass() -> None:
    for game, position in [(Wythoff(), (0, 0)), (Nim(), 0), (Nim(), ()), (Digraph.from_text("a->b"), ("a", "b"))]:
        assert game.validate(position) == position
        outcome(game, position)
