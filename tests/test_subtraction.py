"""Subtraction games, the Square game and the Prime-power game: the notes' tables, against search."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from zermelo import InvalidGame, Outcome, grundy, outcome, remoteness, solve, winning_moves
from zermelo.games import AllBut, PrimePower, Square, Subtraction
from zermelo.heaps.subtraction import parse_set, prime_powers
from zermelo.search.engine import PREVIOUS_WINS, Engine


def p_positions(game: Subtraction | Square | AllBut | PrimePower, upto: int, misere: bool = False) -> list[int]:
    states = Engine(game).outcomes(list(range(upto + 1)), misere)
    return [n for n, (s, _) in enumerate(states) if s == PREVIOUS_WINS]


def test_subtraction_123_p_positions_are_the_multiples_of_4() -> None:
    assert p_positions(Subtraction({1, 2, 3}), 200) == list(range(0, 201, 4))


def test_subtraction_134_has_period_7_with_p_at_0_and_2() -> None:
    assert p_positions(Subtraction({1, 3, 4}), 300) == [n for n in range(301) if n % 7 in (0, 2)]
    values = [grundy(Subtraction({1, 3, 4}), n) for n in range(70)]
    assert values[:7] == [0, 1, 0, 1, 2, 3, 2] and all(values[n] == values[n % 7] for n in range(70))


def test_square_game_losing_numbers() -> None:
    assert [n for n in p_positions(Square(), 34)] == [0, 2, 5, 7, 10, 12, 15, 17, 20, 22, 34]


def test_square_game_remoteness_table_of_the_notes() -> None:
    sq = Square()
    table = [remoteness(sq, n) for n in range(18)]
    assert table == [0, 1, 2, 3, 1, 2, 3, 4, 5, 1, 4, 3, 6, 7, 3, 4, 1, 8]
    # 17 is lost; it moves to 16, 13, 8, 1 with remoteness 1, 7, 5, 1, so its remoteness is 1 + 7.
    assert sorted(((m.position, remoteness(sq, m.position)) for m in sq.moves(17)), reverse=True) == [
        (16, 1),
        (13, 7),
        (8, 5),
        (1, 1),
    ]
    # Even remoteness exactly for the losing positions (an exercise of the notes).
    for n in range(200):
        r = remoteness(sq, n)
        assert r is not None and (r % 2 == 0) == (outcome(sq, n) is Outcome.P)


def test_square_17_misere() -> None:
    sq = Square()
    # Misère: 0 is a win for the player to move (remoteness 0), so 1 is lost, and 17 -> 1 wins.
    assert remoteness(sq, 0, misere=True) == 0 and outcome(sq, 0, misere=True) is Outcome.N
    assert outcome(sq, 1, misere=True) is Outcome.P and remoteness(sq, 1, misere=True) == 1
    a = solve(sq, 17, misere=True)
    assert a.outcome is Outcome.N and a.remoteness == 2 and a.grundy is None
    assert [m.position for m in a.winning_moves] == [1, 16, 8, 13]  # fastest win first
    assert p_positions(sq, 40, misere=True) == [1, 3, 6, 8, 11, 13, 16, 18, 21, 23, 35, 40]


PRIME_POWER = PrimePower()
PRIME_POWER_SEARCH = Engine(PRIME_POWER)  # shared by the examples: one growing graph


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 3000))
def test_prime_power_formula_equals_search(n: int) -> None:
    searched = PRIME_POWER_SEARCH.outcome(n)[0]
    assert PRIME_POWER.outcome_formula(n) == (Outcome.P if searched == PREVIOUS_WINS else Outcome.N)


def test_prime_power_losing_numbers_are_the_multiples_of_6() -> None:
    assert p_positions(PrimePower(), 600) == list(range(0, 601, 6))
    assert outcome(PrimePower(), 10**10) is Outcome.N  # the notes' 10^10: 10^10 = 4 (mod 6)
    assert [m.position % 6 for m in winning_moves(PrimePower(), 1000)] == [0] * len(winning_moves(PrimePower(), 1000))


def test_prime_powers_include_one() -> None:
    assert prime_powers(30) == [1, 2, 3, 4, 5, 7, 8, 9, 11, 13, 16, 17, 19, 23, 25, 27, 29]


@settings(max_examples=60, deadline=None)
@given(st.sets(st.integers(1, 9), min_size=1, max_size=4), st.integers(0, 60))
def test_subtraction_games_against_a_direct_table(s: set[int], n: int) -> None:
    values: list[int] = []
    for h in range(n + 1):
        seen = {values[h - k] for k in s if k <= h}
        m = 0
        while m in seen:
            m += 1
        values.append(m)
    assert grundy(Subtraction(s), n) == values[n]


def test_all_but_game() -> None:
    game = AllBut({1, 2})  # take 3, 4, 5, ...: heaps 0, 1, 2 are terminal
    assert [grundy(game, n) for n in range(8)] == [0, 0, 0, 1, 1, 1, 2, 2]
    assert AllBut({1}).heap_options(4) == [2, 1, 0]


def test_bad_sets() -> None:
    for text in ("", ",", "0", "-1", "1,x", "1.5"):
        with pytest.raises(InvalidGame):
            parse_set(text, "subtraction")
    with pytest.raises(InvalidGame):
        Subtraction([])
    with pytest.raises(InvalidGame):
        Subtraction([0, 1])
    with pytest.raises(InvalidGame):
        AllBut([-2])


def test_several_heaps_are_a_sum() -> None:
    game = Subtraction({1, 3, 4})
    assert grundy(game, (5, 6, 9)) == grundy(game, 5) ^ grundy(game, 6) ^ grundy(game, 9)
    assert Engine(game).outcome((5, 6, 9))[0] == (PREVIOUS_WINS if grundy(game, (5, 6, 9)) == 0 else 1)


@pytest.mark.parametrize("game", [Subtraction({1, 3, 4}), AllBut({2}), Square(), PrimePower()], ids=repr)
def test_options_keep_the_canonical_promise(game: Subtraction | AllBut | Square | PrimePower) -> None:
    assert game.canonical_options and game.options_never_split()
    for n in range(300):
        opts = game.options(n)
        assert all(type(o) is int and 0 <= o < n and game.key(o) == o for o in opts)
    assert game.options((3, 5)) == [game.key(o) for o in game.options((3, 5))]


def test_primepower_10_10_why_and_moves_in_the_notes_words() -> None:
    from zermelo.heaps.subtraction import _powers_reaching_six

    a = solve(PrimePower(), 10**10)
    assert [m.position for m in a.winning_moves] == [10**10 - 4**j for j in range(1, 17)]
    assert a.winning_moves_listed
    assert "10000000000 ≡ 4 (mod 6)" in a.explanation and "power of 4" in a.explanation
    assert "16 winning moves" in a.explanation and "multiples of 6" in a.explanation
    # The few-moves formula against search: every n up to 200 with n ≡ 2, 3, 4 (mod 6).
    for n in range(1, 200):
        takes = _powers_reaching_six(n)
        if takes is None:
            continue
        search = Engine(PrimePower())  # plain search of the options, no closed form
        searched = [q for q in prime_powers(n) if search.outcome(n - q)[0] == PREVIOUS_WINS]
        assert searched == takes, n


def test_the_notes_own_numbers_cite_the_period() -> None:
    # Issue 30: at 21 (the slides' example) the "why" was only the mex of the options; the proven
    # period appeared from heap 500 up.  Now it is cited at every size, in words and as data.
    from zermelo.analyses.analysis import solve
    from zermelo.cli import main
    from zermelo.core.reasons import Period

    a = solve(Subtraction({1, 2, 3}), 21)
    assert Period(0, 4) in a.reasons
    assert "period 4 from 0, proven" in a.explanation and "21 ≡ 1 (mod 4), so G(21) = G(1) = 1" in a.explanation
    b = solve(Subtraction({1, 3, 4}), 21)
    assert Period(0, 7) in b.reasons and "21 ≡ 0 (mod 7)" in b.explanation
    assert main(["solve", "subtraction:1,2,3", "21"]) == 0
