"""The cheques game (notes 003, exercise 6): DP == search; the even-count guarantee; odd counts."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from zermelo import negamax
from zermelo.games import Cheques
from zermelo.games.cheques import cheques_dp, colour_strategy
from zermelo.games.registry import make_game

cheques = st.lists(st.integers(-20, 50), min_size=1, max_size=10)


@settings(max_examples=80, deadline=None)
@given(cheques)
def test_dp_equals_search(row: list[int]) -> None:
    g = Cheques(row)
    assert negamax(g, g.parse("")).value == cheques_dp(row)


@settings(max_examples=150, deadline=None)
@given(cheques.filter(lambda r: len(r) % 2 == 0))
def test_even_count_first_player_never_loses(row: list[int]) -> None:
    # The colouring strategy guarantees |even - odd| >= 0; optimal play does at least as well.
    assert cheques_dp(row) >= colour_strategy(row) >= 0


def test_odd_count_has_no_guarantee() -> None:
    assert cheques_dp([1, 5, 1]) == -3  # whatever the first player takes, the second gets the 5
    g = make_game("cheques:1,5,1")
    assert isinstance(g, Cheques)
    r = negamax(g, g.parse(""))
    assert r.value == -3 and r.outcome == "loss"


def test_a_thousand_cheques() -> None:
    # The exercise's size: 1000 cheques, 500 each.  Interval DP is instant; the guarantee holds.
    row = [(i * 7919) % 1000 - 300 for i in range(1000)]
    assert cheques_dp(row) >= colour_strategy(row) >= 0


def _colour_play(row: list[int], opponent: list[bool]) -> tuple[int, str]:
    """Follow the move the "why" names and then the colouring strategy against the given opponent
    choices (True: the opponent takes the first cheque); what the player collects, and her first move."""
    g = Cheques(row)
    why = negamax(g, g.parse("")).why()
    first_move = why.split("starting with ")[1].split(", which")[0]
    odd, even = sum(row[0::2]), sum(row[1::2])
    mine = 0 if odd >= even else 1  # the indices (mod 2) she collects
    i, j, got, turn = 0, len(row), 0, 0
    while i < j:
        if turn % 2 == 0:
            take_first = i % 2 == mine
            assert take_first or (j - 1) % 2 == mine  # one end is always of her kind
        else:
            take_first = opponent[turn // 2 % len(opponent)]
        k = i if take_first else j - 1
        if turn % 2 == 0:
            got += row[k]
        i, j = (i + 1, j) if take_first else (i, j - 1)
        turn += 1
    return got, first_move


@settings(max_examples=100, deadline=None)
@given(cheques.filter(lambda r: len(r) % 2 == 0 and len(r) >= 2), st.lists(st.booleans(), min_size=1, max_size=10))
def test_the_parity_why_names_a_move_that_guarantees_the_larger_colour(row: list[int], opponent: list[bool]) -> None:
    got, first_move = _colour_play(row, opponent)
    odd, even = sum(row[0::2]), sum(row[1::2])
    assert got == max(odd, even)  # every cheque of her colour, whatever the opponent does
    assert first_move == (f"take first ({row[0]})" if odd >= even else f"take last ({row[-1]})")


def test_golden_why_of_the_notes_cheques() -> None:
    g = Cheques((3, 1, 4, 1, 5, 9))
    assert negamax(g, g.parse("")).why() == (
        "An even number of cheques (6): number them 1 to 6 from the left. The player to move can take every "
        "odd-numbered one or every even-numbered one: after she takes one of a kind, both ends of the row are of the "
        "other kind, so the opponent must take one of those and uncover another of hers. The odd-numbered sum to 12, "
        "the even-numbered to 11; she takes the odd-numbered ones, starting with take first (3), which guarantees at "
        "least +1; so with an even number she never does worse than the opponent. Best play does better: the value "
        "is +9. Backward induction (negamax): a position is worth, to the player to move, the best over her moves of "
        "what she gains minus what the position left is worth to the opponent. Best play (the player to move first): "
        "take last (9), take last (5), take first (3), take first (1), take first (4), take the last one (1); the "
        "player to move takes 9 + 3 + 4 = 16, the opponent 5 + 1 + 1 = 7: +9, the value."
    )
    even = Cheques((5, 3, 4, 5))
    assert "The strategy is also best play here: the value is +1." in negamax(even, even.parse("")).why()
    odd = Cheques((1, 5, 1))
    assert (
        negamax(odd, odd.parse(""))
        .why()
        .startswith("An odd number of cheques (3): the colouring argument for an even number does not apply")
    )
