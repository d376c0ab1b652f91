"""Explanations say why, with the right numbers: Bouton's columns, Beatty pairs, mex, nim-sums."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from zermelo.analyses.analysis import Analysis, solve
from zermelo.analyses.explain import explain, generic
from zermelo.core.reasons import ClosedForm
from zermelo.games import (
    AllBut,
    Chomp,
    Cram,
    Digraph,
    Divisor,
    Fibonacci,
    GreenHackenbush,
    Nim,
    Square,
    Staircase,
    Subtraction,
    Wythoff,
)
from zermelo.games.wythoff import wythoff_pair
from zermelo.rules import Outcome, Sum, summands
from zermelo.rules.wording import nim_columns


# ---------------------------------------------------------------------- Nim
def test_nim_binary_columns_and_highest_bit() -> None:
    text = solve(Nim(), (3, 4, 5)).explanation
    for piece in (
        "heap 1:  3 = 011",
        "heap 2:  4 = 100",
        "heap 3:  5 = 101",
        "ones per column:  2 1 2 (even odd even)",
        "nim-sum 2 = 010",
        "highest bit is 2",
        "heap 1 (3) has that bit",
        "Reduce heap 1 from 3 to 3 ⊕ 2 = 1",
        "player to move wins",
    ):
        assert piece in text, piece


def test_nim_several_heaps_with_the_top_bit() -> None:
    text = solve(Nim(), (25, 21, 11)).explanation
    # 25 ⊕ 21 ⊕ 11 = 7, top bit 4: 25 = 11001 and 11 = 01011 lack it, 21 = 10101 has it.
    assert "nim-sum 7 = 00111" in text and "heap 2 (21) has that bit" in text and "21 ⊕ 7 = 18" in text
    text = solve(Nim(), (7, 5, 3)).explanation
    assert "heap 1 (7), heap 2 (5), heap 3 (3) have that bit" in text
    assert "Each of the 3 heaps" in text


@settings(max_examples=80, deadline=None)
@given(st.lists(st.integers(0, 2**70), min_size=2, max_size=6))
def test_nim_explained_move_is_bouton_move(heaps: list[int]) -> None:
    game, position = Nim(), tuple(heaps)
    outcome = game.outcome_formula(position)
    a = Analysis("nim", game.format(position), outcome, None, None, game.winning_moves_formula(position), "")
    text = explain(game, position, a).text
    s = 0
    for h in heaps:
        s ^= h
    if s == 0:
        assert ("The nim-sum is 0" in text or "Every heap is empty" in text) and "loses" in text
        return
    top = 1 << (s.bit_length() - 1)
    i = next(i for i, h in enumerate(heaps) if h & top)
    assert f"highest bit is {top}" in text or "digits" in text
    assert f"Reduce heap {i + 1} from" in text
    assert any(m.position[i] == heaps[i] ^ s for m in a.winning_moves)
    if len(str(heaps[i])) <= 40 and len(str(s)) <= 40:
        assert f"{heaps[i]} ⊕ {s} = {heaps[i] ^ s}" in text


def test_nim_p_position() -> None:
    text = solve(Nim(), (1, 2, 3)).explanation
    assert "ones per column:  2 2 (even even)  →  nim-sum 0 = 00" in text
    assert "player to move loses" in text


def test_nim_columns_helper() -> None:
    assert nim_columns((6, 1))[-1] == "  ones per column:  1 1 1 (odd odd odd)  →  nim-sum 7 = 111"


class _CountingNim(Nim):
    """Nim that counts the moves anyone pulls from ``moves``: explanations must stay bounded."""

    pulled = 0

    def moves(self, position):  # type: ignore[no-untyped-def]
        for m in super().moves(position):
            self.pulled += 1
            yield m


class _CountingAllBut(AllBut):
    pulled = 0

    def moves(self, position):  # type: ignore[no-untyped-def]
        for m in super().moves(position):
            self.pulled += 1
            yield m


def test_nim_huge_heaps_exact_and_bounded() -> None:
    big = 10**50
    game = _CountingNim()
    text = solve(game, (big, 3, big + 1)).explanation
    assert game.pulled <= 200_000  # bounded: never enumerates the 10^50 moves
    assert "too wide to print" in text and "nim-sum is 2" in text and "3 ⊕ 2 = 1" in text
    text = solve(Nim(), (2**200, 1)).explanation
    s = 2**200 + 1
    assert f"{str(s)[:8]}…{str(s)[-8:]} ({len(str(s))} digits)" in text


def test_misere_nim() -> None:
    text = solve(Nim(), (1, 1, 1), misere=True).explanation
    assert "There are 3 of them (odd)" in text and "P-position" in text
    text = solve(Nim(), (1, 1), misere=True).explanation
    assert "There are 2 of them (even)" in text and "N-position" in text
    text = solve(Nim(), (5, 1), misere=True).explanation
    assert "1 heap of 2 or more" in text and "here it is 4" in text and "5 -> 0" in text
    assert "misère play the player who cannot move wins" in solve(Nim(), (0, 0), misere=True).explanation
    text = solve(Nim(), (3, 3), misere=True).explanation
    assert "2 heaps of 2 or more" in text and "here it is 0" in text and "loses" in text


# ---------------------------------------------------------------------- Wythoff
def test_wythoff_p_position_is_a_beatty_pair() -> None:
    text = solve(Wythoff(), (21, 34)).explanation
    assert "(21, 34) is the pair k = 13" in text and "⌊13φ⌋ = 21" in text and "21 + 13 = 34" in text
    assert "player to move loses" in text


def test_wythoff_winning_families() -> None:
    text = solve(Wythoff(), (26, 34)).explanation
    assert "the pair with difference 8 is (12, 20)" in text
    assert "reduce heap 1 from 26 to 21, the partner of 34 (pair k = 13)" in text
    assert "reduce heap 2 from 34 to 16, the partner of 26 (pair k = 10)" in text
    assert "take 14 from both heaps to reach (12, 20), the pair k = 8 with the same difference 8" in text


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 10**6))
def test_wythoff_explanation_names_every_winning_move(x: int, y: int) -> None:
    # The analysis from the closed forms (themselves tested against search in test_wythoff).
    g = Wythoff()
    outcome = g.outcome_formula((x, y))
    assert outcome is not None
    a = Analysis("wythoff", f"{x} {y}", outcome, None, None, g.winning_moves_formula((x, y)) or [], "")
    text = explain(g, (x, y), a).text
    d = abs(x - y)
    assert f"difference {d}" in text or f"pair k = {d}" in text
    for m in a.winning_moves:
        nx, ny = m.position
        if nx != x and ny != y:
            assert f"take {x - nx} from both heaps" in text
        elif nx != x:
            assert f"reduce heap 1 from {x} to {nx}" in text
        else:
            assert f"reduce heap 2 from {y} to {ny}" in text


def test_wythoff_huge_exact() -> None:
    k = 10**45
    ak, bk = wythoff_pair(k)
    text = solve(Wythoff(), (ak, bk)).explanation
    assert f"{str(k)[:8]}…{str(k)[-8:]} (46 digits)" in text and "player to move loses" in text


# ---------------------------------------------------------------------- mex rule
def test_mex_explanation() -> None:
    # The Square game (no period to cite; a subtraction game cites its period instead).
    text = solve(Square(), 11).explanation
    assert "3 moves lead to positions of Grundy values {0}" in text
    assert "mex (least value not among them) is 1" in text and "take 9 (11 -> 2)" in text
    text = solve(Square(), 10).explanation
    assert "{1, 2}" in text and "Grundy value is 0" in text and "every move leads to an N-position" in text


def test_terminal_positions() -> None:
    assert "player who cannot move loses" in solve(Square(), 0).explanation
    assert "player who cannot move wins" in solve(Square(), 0, misere=True).explanation


def test_generic_is_bounded_on_huge_positions() -> None:
    a = Analysis("allbut:1", str(10**40), Outcome.N, None, None, [], "", reasons=(ClosedForm("outcome"),))
    game = _CountingAllBut({1})
    text = generic(game, 10**40, a)
    assert game.pulled <= 200_000 and "closed form" in text and "wins" in text


class _HugeHint(Square):
    """The Square game claiming a graph too big to list: no closed form, so the engine searches."""

    def size_hint(self, position: int) -> int:
        return 2_000_000  # over what an explanation lists (10 x MAX_MOVES), within the default budget


def test_a_searched_value_never_claims_a_closed_form() -> None:
    # Issue 30 item 2: 'solve cram 5x5' said its 0 came "from the game's closed form" (odd x odd has
    # none; it was searched).  Before: "The Grundy value is 0 (from the game's closed form), ...".
    a = solve(_HugeHint(), 10)
    assert not any(isinstance(r, ClosedForm) for r in a.reasons)
    assert a.explanation == (
        "The 3 moves lead to positions of Grundy values {1, 2}; the mex (least value not among them) is 0, "
        "so the Grundy value is 0: no move reaches a P-position (value 0), so the player to move loses "
        "(a P-position): every move leads to an N-position."
    )


# ---------------------------------------------------------------------- sums
def test_sum_of_games_xor() -> None:
    game = Sum(Square(), Nim(), Subtraction({1, 3, 4}))
    text = solve(game, (17, (3, 5), 22)).explanation
    assert "sum of 4 independent games" in text
    for piece in ("square 17: Grundy value 0", "nim 3: Grundy value 3", "nim 5: Grundy value 5"):
        assert piece in text
    assert "subtraction:1,3,4 22: Grundy value 1" in text
    assert "0 ⊕ 3 ⊕ 5 ⊕ 1 = 7" in text and "move in nim 5 (value 5)" in text and "5 ⊕ 7 = 2 (take 3 (5 -> 2)" in text


def test_components_of_a_heap_game_and_p_sum() -> None:
    text = solve(Subtraction({1, 3, 4}), (21, 22)).explanation  # the period cites each heap's residue
    assert "21 ≡ 0 (mod 7), so G(21) = G(0) = 0" in text and "nim-sum: 0 ⊕ 1 = 1" in text
    text = solve(Sum(Square(), Square()), (17, 11)).explanation
    assert "square 17: Grundy value 0" in text and "0 ⊕ 1 = 1" in text
    assert "move in square 11 (value 1)" in text and "take 1 (11 -> 10)" in text
    text = solve(Sum(Square(), Square()), (17, 17)).explanation
    assert "0 ⊕ 0 = 0" in text and "loses" in text


def test_summands_flattens() -> None:
    parts = summands(Sum(Sum(Nim(), Square()), Nim()), (((1, 2), 3), 4))
    assert [(g.spec(), p) for g, p in parts] == [("nim", 1), ("nim", 2), ("square", 3), ("nim", 4)]


# ---------------------------------------------------------------------- misère and loopy
def test_misere_generic() -> None:
    text = solve(Square(), 17, misere=True).explanation
    assert "Misère play" in text and "17 -> 1)" in text  # the fastest win first


@pytest.mark.parametrize(
    "graph, start, pieces",
    [
        ("a->b, b->a", "a", ["∞()", "0 is not among them", "draw"]),
        ("a->b, b->a, a->c, b->d", "a", ["∞(0)", "0 is among them", "a -> c"]),
    ],
)
def test_loopy(graph: str, start: str, pieces: list[str]) -> None:
    text = solve(Digraph.from_text(graph), start).explanation
    assert "cycles" in text
    for piece in pieces:
        assert piece in text, piece


# ---------------------------------------------------------------------- the notes' games at their edges
# QA: each explanation below described moves that do not exist, or took stones that do not exist.
def test_staircase_without_odd_stairs() -> None:
    for position in ((0,), (5,)):
        text = solve(Staircase(), position).explanation
        assert "(none)" not in text and "hold [0]" not in text
        assert "no odd stair" in text and "player to move loses" in text


def test_fibonacci_taking_everything() -> None:
    text = solve(Fibonacci(), (5, 10)).explanation
    assert "leaves 0, whose" not in text
    assert "take all 5" in text and "player to move wins" in text


def test_divisor_one_has_no_move() -> None:
    text = solve(Divisor(), 1).explanation
    assert "every move" not in text and "no proper divisor" in text and "player to move loses" in text


def test_chomp_only_the_poisoned_square() -> None:
    text = solve(Chomp(), (1,)).explanation
    assert "every move" not in text and "poisoned square" in text and "player to move loses" in text


def test_cram_board_without_squares() -> None:
    for board in ((0, 0, 0), (2, 0, 0)):
        text = solve(Cram(), board).explanation
        assert "domino" not in text and "No move is possible" in text


def test_the_only_move() -> None:
    a = solve(Divisor(), 2, misere=True)
    assert a.outcome is Outcome.P
    assert "The only move leads" in a.explanation and "Every one of the 1 move" not in a.explanation


def test_long_lists_are_cut_short() -> None:
    # QA: 3,000 stairs gave a 19,000-character explanation (every stair, every term of the nim-sum).
    text = solve(Staircase(), (5,) * 3000).explanation
    assert len(text) < 1_000 and "…" in text and "1,500 odd stairs" in text
    hb = GreenHackenbush()
    text = solve(hb, hb.parse(", ".join(f"g-v{i}" for i in range(200)))).explanation
    assert len(text) < 1_000 and "at the ground the 200 branches" in text and "= 0" in text


def test_a_move_whose_label_names_its_result_is_not_followed_by_it_again() -> None:
    # QA: "A winning move: left 2 (to 3 3), to 3 3." and "take 1 (22 -> 21), to 21."
    from zermelo.games import Rook

    assert "left 2 (to 3 3)." in solve(Rook(), (3, 5), misere=True).explanation
    assert "take 1 (22 -> 21)." in solve(Subtraction({1, 3, 4}), 22).explanation
    assert "take 2 from heap 1 (3 -> 1), to '1 4 5'" in solve(Nim(), (3, 4, 5), misere=True).explanation
