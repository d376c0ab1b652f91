"""Nim: Bouton's rule, the misère rule and every winning move, each checked against search."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from zermelo import Outcome, grundy, outcome, solve, winning_moves
from zermelo.games import Nim
from zermelo.games.nim import misere_nim_outcome
from zermelo.search.engine import NEXT_WINS, PREVIOUS_WINS, Engine

NIM = Nim()
#: One engine for every search below, so the product graphs are shared between examples.
SEARCH = Engine(NIM)

small_heaps = st.lists(st.integers(0, 7), min_size=1, max_size=4).map(tuple)


def searched_outcome(heaps: tuple[int, ...], misere: bool) -> Outcome:
    return Outcome.N if SEARCH.outcome(heaps, misere)[0] == NEXT_WINS else Outcome.P


def searched_winning_targets(heaps: tuple[int, ...], misere: bool) -> list[tuple[int, ...]]:
    moves = list(NIM.moves(heaps))
    states = SEARCH.outcomes([m.position for m in moves], misere)
    won = [m.position for m, (s, _) in zip(moves, states, strict=True) if s == PREVIOUS_WINS]
    return [p if isinstance(p, tuple) else (p,) for p in won]


@settings(max_examples=300, deadline=None)
@given(small_heaps)
def test_bouton_equals_search(heaps: tuple[int, ...]) -> None:
    x = 0
    for h in heaps:
        x ^= h
    assert searched_outcome(heaps, False) == (Outcome.P if x == 0 else Outcome.N)
    assert NIM.outcome_formula(heaps) == searched_outcome(heaps, False)


@settings(max_examples=300, deadline=None)
@given(small_heaps)
def test_misere_rule_equals_search(heaps: tuple[int, ...]) -> None:
    x = 0
    for h in heaps:
        x ^= h
    big = any(h >= 2 for h in heaps)
    rule = Outcome.P if (big and x == 0) or (not big and x == 1) else Outcome.N
    assert searched_outcome(heaps, True) == rule
    assert misere_nim_outcome(heaps) == rule


def test_the_popular_backwards_misere_rule_is_wrong() -> None:
    # (1, 1): two single counters; the mover takes one and the opponent must take the last: N.
    assert searched_outcome((1, 1), True) is Outcome.N
    assert outcome(NIM, (1, 1), misere=True) is Outcome.N
    assert outcome(NIM, (1, 1, 1), misere=True) is Outcome.P


@settings(max_examples=300, deadline=None)
@given(small_heaps, st.booleans())
def test_winning_moves_formula_equals_search(heaps: tuple[int, ...], misere: bool) -> None:
    formula = NIM.winning_moves_formula(heaps, misere)
    got = [m.position if isinstance(m.position, tuple) else (m.position,) for m in formula]
    assert got == searched_winning_targets(heaps, misere)
    labels = {m.label: m.position for m in NIM.moves(heaps)}
    assert all(labels[m.label] == m.position for m in formula)  # the same labels as the move list


def test_notes_examples() -> None:
    assert [m.position for m in winning_moves(NIM, (7, 5, 3))] == [(6, 5, 3), (7, 4, 3), (7, 5, 2)]
    assert [m.position for m in winning_moves(NIM, (25, 21, 11))] == [(25, 18, 11)]
    assert [m.position for m in winning_moves(NIM, (13, 23, 28))] == [(11, 23, 28), (13, 17, 28), (13, 23, 26)]
    assert winning_moves(NIM, (13, 23, 26)) == []  # the notes print (11,23,26); (13,23,26) is the P-position


def test_solve_nim_345() -> None:
    a = solve(NIM, (3, 4, 5))
    assert (a.outcome, a.grundy, a.remoteness) == (Outcome.N, 2, SEARCH.outcome((3, 4, 5))[1])
    assert [m.label for m in a.winning_moves] == ["take 2 from heap 1 (3 -> 1)"]


def test_thousand_digit_heaps_by_formula() -> None:
    a, b = 10**999 + 12345, 3 * 10**998 + 7
    heaps = (a, b, a ^ b ^ 5)
    moves = winning_moves(NIM, heaps)
    assert moves and all(outcome(NIM, m.position) is Outcome.P for m in moves)
    assert outcome(NIM, (a, b, a ^ b)) is Outcome.P
    assert grundy(NIM, heaps) == 5


def test_single_heap_positions_are_ints() -> None:
    assert [m.position for m in winning_moves(NIM, 5)] == [0]
    assert [m.position for m in winning_moves(NIM, 5, misere=True)] == [1]
    assert outcome(NIM, 1, misere=True) is Outcome.P and outcome(NIM, 0, misere=True) is Outcome.N


# ---------------------------------------------------------------------- remoteness's closed form
class _SearchedNim(Nim):
    """Nim without its closed forms: the plain search's answer."""

    def remoteness_formula(self, position: object, misere: bool = False) -> None:
        return None

    def outcome_formula(self, position: object, misere: bool = False) -> None:
        return None

    def winning_moves_formula(self, position: object, misere: bool = False) -> None:
        return None


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 7), max_size=4))
def test_nims_remoteness_formula_equals_plain_search(heaps: list[int]) -> None:
    position = tuple(heaps)
    searched = Engine(_SearchedNim()).outcome(position, False)[1]
    assert Nim().remoteness_formula(position) == searched
    assert Nim().remoteness_formula(position, misere=True) is None  # misère play: searched


def test_a_60_digit_heap_has_its_remoteness_and_is_played() -> None:
    # Solve said the remoteness was not known while its "why" said "take it all" (remoteness 1).
    from zermelo.core.limits import Limits
    from zermelo.play import classify, find_move, judge_move

    big = 10**59 + 12345
    a = solve(Nim(), (big,))
    assert a.remoteness == 1 and a.winning_remoteness == [0] and not a.notes
    assert solve(Nim(), (big, 7)).remoteness == 1 + 14  # to (7, 7): 14 counters left
    # Play: a few moves stand for the 10^59 (the winning ones, take one, take all); any is typed.
    pv = classify(Nim(), (big, 7), limits=Limits(max_positions=300_000))
    assert not pv.listed and pv.remoteness == 15 and len(pv.moves) == 5
    assert [m.label for m in pv.moves if m.value == "win"] == [f"take {big - 7} from heap 1 ({big} -> 7)"]

    def judge(m):  # type: ignore[no-untyped-def]
        return judge_move(Nim(), m, False, Limits())

    typed = find_move(Nim(), (big, 7), "take 20 from heap 1", pv.moves, judge)
    assert typed.number == 0 and typed.position == (big - 20, 7) and typed.describe() == "lose in 16"
    assert find_move(Nim(), (big, 7), "take all from heap 1", pv.moves, judge).position == (0, 7)


def test_the_terminal_plays_a_60_digit_heap_by_typing() -> None:
    from zermelo.play import Session

    big = 10**59 + 12345
    s = Session(Nim(), (big, 7), computer="second")
    assert s.play("take 20 from heap 1").position == (big - 20, 7)
    s.computer_move()  # Bouton's reply, listed among the few
    assert s.position == (7, 7)
