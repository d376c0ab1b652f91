"""Northcott's game: a loopy game whose gaps are Nim heaps, tested by the engine's cycle search."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cli_helper_games import solve_json
from selfcheck_games import Reference, key_merges_are_sound, self_check
from zermelo import Outcome, solve
from zermelo.games import Northcott
from zermelo.games.northcott import gaps

GAME = Northcott()
REF = Reference(GAME)


def _row(width: int) -> st.SearchStrategy[tuple[int, int]]:
    return st.tuples(st.integers(0, width - 1), st.integers(0, width - 1)).filter(lambda r: r[0] != r[1])


positions = st.integers(2, 5).flatmap(
    lambda w: st.tuples(st.just(w), st.lists(_row(w), min_size=1, max_size=2).map(tuple), st.booleans())
)


def _mirror(p: tuple[int, tuple[tuple[int, int], ...], bool]) -> tuple[int, tuple[tuple[int, int], ...], bool]:
    width, rows, white = p
    return (width, tuple((width - 1 - w, width - 1 - b) for w, b in rows), white)


def _colours(p: tuple[int, tuple[tuple[int, int], ...], bool]) -> tuple[int, tuple[tuple[int, int], ...], bool]:
    width, rows, white = p
    return (width, tuple((b, w) for w, b in rows), not white)


@settings(max_examples=60, deadline=None)
@given(positions)
def test_outcome_is_nim_on_the_gaps(position: tuple[int, tuple[tuple[int, int], ...], bool]) -> None:
    found = REF.outcome(position)
    assert found is not Outcome.DRAW
    s = 0
    for d in gaps(position):
        s ^= d
    assert found is (Outcome.N if s else Outcome.P)
    assert GAME.outcome_formula(position) is found
    assert REF.grundy(position) == GAME.grundy_formula(position)
    formula = GAME.winning_moves_formula(position)
    assert formula is not None
    assert [m.position for m in formula] == REF.winning(GAME, position)


def test_three_rows_by_search() -> None:
    pos = GAME.parse("W..B|.B.W|B..W")
    assert REF.outcome(pos) is GAME.outcome_formula(pos) is Outcome.N  # gaps 2, 1, 2
    assert REF.outcome(GAME.parse("W..B|.B.W|BW..")) is Outcome.N  # gaps 2, 1, 0


def test_big_board_by_the_closed_form() -> None:
    # An 8 x 8 board like the notes' (the figure is lost): far beyond search, answered exactly.
    pos = GAME.parse("..W..B..|B......W|...WB...|.W....B.|..B.W...|W......B|....B.W.|.B...W..")
    a = solve(GAME, pos)
    assert a.outcome is Outcome.N and a.winning_moves
    assert all(GAME.outcome_formula(m.position) is Outcome.P for m in a.winning_moves)


def test_self_check_and_symmetries() -> None:
    sample = [GAME.parse(t) for t in ("W..B.|.B.W.", "WB|BW black", "B...W")]
    assert self_check(GAME, sample, [_mirror, _colours]) == 3
    every = [(4, ((w, b),), white) for w in range(4) for b in range(4) if w != b for white in (True, False)]
    assert key_merges_are_sound(GAME, every) > 0


def test_cli(capsys: pytest.CaptureFixture[str]) -> None:
    data = solve_json(capsys, "northcott", "W..B.|.B.W.")
    assert data["winner"] == "first"
    assert [m["position"] for m in data["winning_moves"]] == [".W.B.|.B.W. black", "W..B.|.B..W black"]


def test_explanation_treats_gaps_as_heaps() -> None:
    text = solve(GAME, GAME.parse("W..B|.B.W|B..W")).explanation
    assert "are 2, 1, 2, with nim-sum 2 ⊕ 1 ⊕ 2 = 1" in text and "player to move wins" in text


def test_moves_are_named_on_the_notes_board() -> None:
    # Exercise 1.6: "in row 8 white may move from e8 to ... c8": column letters, rows from the bottom.
    pos = GAME.parse(".B..W...")
    labels = [m.label for m in GAME.moves(pos)]
    assert labels == ["white e1 -> c1 (toward)", "white e1 -> d1 (toward)"] + [
        f"white e1 -> {c}1 (away)" for c in "fgh"
    ]
    top = GAME.parse(".B..W...|" + "|".join(["W......B"] * 7))
    assert {m.label for m in GAME.moves(top)} >= {"white e8 -> c8 (toward)", "white e8 -> h8 (away)"}


NOTES_8_ROWS = "W......B|B......W|W.....B.|..W..B..|W......B|B......W|.W....B.|W......B"


def test_golden_why_never_contradicts_its_move() -> None:
    a = solve(GAME, GAME.parse(NOTES_8_ROWS))
    assert a.explanation == (
        "The gaps between the two counters of each row are Nim heaps: moving toward the other counter is a Nim move on "
        "the gap. Moving away only makes a gap bigger, and the opponent can move toward by as much to undo it, so the "
        "winner never has to move away and the game ends. The gaps (rows 8 down to 1, numbered from the bottom as on "
        "the notes' chessboard: row 8 is the first line of the text) are 6, 6, 5, 2, 6, 6, 4, 6, with "
        "nim-sum 6 ⊕ 6 ⊕ 5 ⊕ 2 ⊕ 6 ⊕ 6 ⊕ 4 ⊕ 6 = 5, so the player to move wins. A winning move: white a8 -> d8 "
        "(toward), a Nim move on row 8's gap, 6 -> 3 (6 ⊕ 5)."
    )
    small = solve(GAME, GAME.parse("W..B.|.B.W."))
    assert "A winning move: white a2 -> b2 (toward)" in small.explanation
    assert "A move away wins as well (white d1 -> e1 (away))" in small.explanation
    assert "allowed, never needed" in small.explanation


@settings(max_examples=40, deadline=None)
@given(positions)
def test_the_named_move_is_a_toward_winning_move(position: tuple[int, tuple[tuple[int, int], ...], bool]) -> None:
    a = solve(GAME, position)
    if a.outcome is Outcome.N:
        named = a.explanation.split("A winning move: ")[1].split(", a Nim move")[0]
        assert named.endswith("(toward)") and named in [m.label for m in a.winning_moves]
    else:
        assert "A winning move" not in a.explanation


def test_the_answer_says_which_way_its_rows_count() -> None:
    # Issue 30 item 6: row 1 is the top in tic-tac-toe (zermelo's cells: a1 top left, the first line
    # of the text) but the bottom in Northcott (the notes' chessboard, "e8 -> c8").  Northcott keeps
    # the notes' names and says so; before, the why read only "The gaps (rows 2 down to 1) are 2, 1".
    text = solve(GAME, GAME.parse("W..B.|.B.W.")).explanation
    assert (
        "The gaps (rows 2 down to 1, numbered from the bottom as on the notes' chessboard: row 2 is the first line "
        "of the text) are 2, 1" in text
    )
    assert "A winning move: white a2 -> b2 (toward), a Nim move on row 2's gap" in text
    from zermelo.rules.boards import cell_name

    assert cell_name(0, 0) == "a1"  # every other board: row 1 is the top row, the text's first line
