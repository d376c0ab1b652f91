"""Cram (the notes' dominos): symmetry keys, independent regions, 1 x n strips, 2 x 3."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cli_helper_games import solve_json
from selfcheck_games import Reference, key_merges_are_sound, self_check
from zermelo import Outcome, Sum, grundy, solve
from zermelo.core.errors import InvalidPosition
from zermelo.core.reasons import Mirror
from zermelo.games import Cram
from zermelo.search.engine import Engine

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
    w = GAME.winning_moves_formula(board)
    assert w is None or (w == [] and expected == 0)
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
    sample = [GAME.parse(t) for t in ("2x3", "...|.#.|...", "1x5", "#.|..", "#|#")]
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
        eng.outcome(board)
        assert eng.positions_seen <= GAME.size_hint(board)
    assert GAME.size_hint(GAME.parse("2x2")) == 7


class _Unkeyed(Cram):
    def key(self, board: tuple[int, int, int]) -> tuple[int, int, int]:
        return board


def test_big_even_board_is_solved_without_search() -> None:
    # QA: 'zermelo solve cram 20x20' failed with a budget error (listing the winning moves searched
    # every option) although the mirror strategy settles it: a P-position has no winning move.
    a = solve(GAME, GAME.parse("20x20"))
    assert a.outcome is Outcome.P and a.grundy == 0 and a.winning_moves == []
    for h, w in [(2, 2), (2, 4), (4, 4)]:
        assert GAME.winning_moves_formula((h, w, 0)) == [] and REF.outcome((h, w, 0)) is Outcome.P
    assert GAME.winning_moves_formula((2, 2, 0), misere=True) is None


def test_a_board_has_rows_and_columns() -> None:
    # QA: '0x0' was a board, so the table of rectangles began with a useless row and column 0.
    for text in ("0x0", "0x3", "3x0"):
        with pytest.raises(InvalidPosition, match="at least one row and one column"):
            GAME.parse(text)
    from zermelo.analyses.tables import table

    t = table("cram", size=(3, 3))
    assert t.row_labels == [1, 2, 3] and t.col_labels == [1, 2, 3]
    assert [[c.value for c in row] for row in t.cells] == [["P", "N", "N"], ["N", "P", "N"], ["N", "N", "P"]]


def test_centre_domino_wins_on_odd_by_even_boards() -> None:
    # The symmetry strategy's first move, checked by search: after it the board is a P-position.
    from zermelo.analyses.analysis import outcome as _outcome
    from zermelo.search.engine import Engine

    g = Cram()
    for h, w in [(1, 2), (1, 4), (3, 2), (3, 4), (5, 2), (2, 3), (4, 3), (2, 5), (1, 6)]:
        move = g.centre_domino((h, w, 0))
        assert move is not None
        assert Engine(g).outcome(move.position)[0] == Engine(g).outcome((0, 0, 0))[0]  # PREVIOUS_WINS for the mover
        assert _outcome(g, (h, w, 0)).value == "N"
    assert g.centre_domino((4, 4, 0)) is None and g.centre_domino((3, 3, 0)) is None


def test_cram_7x8_names_the_centre_domino() -> None:
    from zermelo.analyses.analysis import solve

    a = solve(Cram(), Cram().parse("7x8"))
    assert "places the centre domino, d4-e4" in a.explanation
    # The move is known though not every winning move is listed: it is in the list, not in prose.
    assert [m.label for m in a.winning_moves] == ["d4-e4"] and not a.winning_moves_listed
    assert Mirror("point-mirrored through the centre, after the centre domino") in a.reasons


def test_cram_7x8_json_lists_the_known_move(capsys: pytest.CaptureFixture[str]) -> None:
    from zermelo.cli import main

    assert main(["solve", "cram", "7x8", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [m["move"] for m in data["winning_moves"]] == ["d4-e4"] and data["winning_moves_listed"] is False
    assert {"kind": "mirror strategy", "how": "point-mirrored through the centre, after the centre domino"} in data[
        "reasons"
    ]
