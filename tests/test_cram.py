"""Cram (the notes' dominos): symmetry keys, independent regions, 1 x n strips, 2 x 3."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cli_helper_games import solve_json
from selfcheck_games import Reference, key_merges_are_sound, self_check
from zermelo import Outcome, Sum, grundy, solve
from zermelo.engine import Engine
from zermelo.games import Cram

GAME = Cram()
REF = Reference(GAME)


def _flip(board: tuple[int, int, int]) -> tuple[int, int, int]:
    h, w, filled = board
    out = 0
    for r in range(h):
        for c in range(w):
            if filled >> (r * w + c) & 1:
                out |= 1 << (r * w + (w - 1 - c))
    return (h, w, out)


def _transpose(board: tuple[int, int, int]) -> tuple[int, int, int]:
    h, w, filled = board
    out = 0
    for r in range(h):
        for c in range(w):
            if filled >> (r * w + c) & 1:
                out |= 1 << (c * h + r)
    return (w, h, out)


boards = st.tuples(st.integers(1, 3), st.integers(1, 4)).flatmap(
    lambda hw: st.tuples(st.just(hw[0]), st.just(hw[1]), st.integers(0, (1 << (hw[0] * hw[1])) - 1))
)


def test_2x3_dominos() -> None:
    # Exercise 1.9(a): the nim value of 2 x 3 dominos; (b): winning moves of 2 x 3 + 1 x 4.
    assert REF.grundy(GAME.parse("2x3")) == 1
    a = solve(Sum(GAME, GAME), (GAME.parse("2x3"), GAME.parse("1x4")))
    assert a.grundy == 1 ^ 2
    assert [Sum(GAME, GAME).format(m.position) for m in a.winning_moves] == [
        "##.|... + 1x4",
        ".##|... + 1x4",
        "...|##. + 1x4",
        "...|.## + 1x4",
        "2x3 + ##..",
        "2x3 + ..##",
    ]


def test_rectangles_mirror_strategy() -> None:
    # Exercise 1.2: even x even is a second-player win, odd x even a first-player win; 3 x 3 is lost.
    for h, w in [(2, 2), (2, 4), (4, 4), (2, 6), (1, 2), (3, 2), (3, 4), (1, 6), (5, 2)]:
        board = (h, w, 0)
        assert REF.outcome(board) is GAME.outcome_formula(board), (h, w)
    assert REF.outcome(GAME.parse("3x3")) is Outcome.P


@settings(max_examples=50, deadline=None)
@given(boards)
def test_regions_keys_and_formulas_against_plain_search(board: tuple[int, int, int]) -> None:
    expected = REF.grundy(board)
    assert Engine(GAME).grundy(board) == expected  # with keys and components
    assert grundy(GAME, board) == expected
    g = GAME.grundy_formula(board)
    assert g is None or g == expected
    o = GAME.outcome_formula(board)
    assert o is None or o is REF.outcome(board)
    assert GAME.key(_flip(board)) == GAME.key(board) == GAME.key(_transpose(board))


def test_components_split_regions() -> None:
    board = GAME.parse("..#..|..#..")
    parts = GAME.components(board)
    assert parts is not None and len(parts) == 2
    assert GAME.key(parts[0]) == GAME.key(parts[1]) == GAME.key(GAME.parse("2x2"))
    # Strips of 3, 2, 4 and 1 squares: D_3 ⊕ D_2 ⊕ D_4 ⊕ D_1.
    strips = GAME.parse("...#..|######|....#.")
    assert GAME.grundy_formula(strips) == 1 ^ 1 ^ 2 ^ 0 == REF.grundy(strips)


def test_self_check_and_key_soundness() -> None:
    sample = [GAME.parse(t) for t in ("2x3", "...|.#.|...", "1x5", "#.|..", "0x0")]
    assert self_check(GAME, sample, [_flip, _transpose]) == 5
    assert key_merges_are_sound(GAME, [(2, 3, m) for m in range(64)]) > 0


def test_cli(capsys: pytest.CaptureFixture[str]) -> None:
    assert solve_json(capsys, "dominos", "2x3")["grundy"] == 1
    data = solve_json(capsys, "cram", "3x3")
    assert data["winner"] == "second" and data["winning_moves"] == []
    assert solve_json(capsys, "cram", "...|.#.|...")["winner"] in ("first", "second")


def test_explanation_names_regions_and_mirroring() -> None:
    assert "2 separate regions" in solve(GAME, GAME.parse("..#..|..#..")).explanation
    assert "point-mirrored" in solve(GAME, GAME.parse("4x4")).explanation
    assert "D_9 = 0" in solve(GAME, GAME.parse("1x9")).explanation


def test_size_hint_bounds_the_search() -> None:
    # The hint counts domino matchings; the positions a plain search reaches can never exceed it.
    for text in ("2x2", "3x3", "...|.#.|...", "2x5", "4x3"):
        board = GAME.parse(text)
        eng = Engine(_Unkeyed())
        eng.status(board)
        assert eng.positions_seen <= GAME.size_hint(board)
    assert GAME.size_hint(GAME.parse("2x2")) == 7


class _Unkeyed(Cram):
    def key(self, board: tuple[int, int, int]) -> tuple[int, int, int]:
        return board
