"""Playing partisan games: moves classified by their canonical values, checked against the engine."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cli_helper_games import play_cli
from partisan_check import grid_boards
from zermelo.analyses.analysis import partisan_outcome
from zermelo.analyses.canonical import ID_VALUES, canonical_form, value_cache
from zermelo.analyses.compiled_walk import kept
from zermelo.core.errors import InvalidPosition, SearchLimitExceeded, Unsupported
from zermelo.games import Nim
from zermelo.games.clobber import Clobber
from zermelo.games.col import Col
from zermelo.games.domineering import Domineering
from zermelo.games.hackenbush import Hackenbush
from zermelo.games.toads import ToadsAndFrogs
from zermelo.play import Session, best_move, cell_name, choose_move, classify, find_move, grid, partisan_moves
from zermelo.rules import Move, Outcome, Partisan
from zermelo.search.engine import Limits

D, C, T, H, COL = Domineering(), Clobber(), ToadsAndFrogs(), Hackenbush(), Col()

positions = st.one_of(
    st.tuples(st.just(D), grid_boards(3, 4, "...#")),
    st.tuples(st.just(C), grid_boards(3, 3, "xo.")),
    st.tuples(st.just(COL), grid_boards(2, 4, "....LR#")),
    st.tuples(st.just(T), st.text("TTFF..", min_size=1, max_size=7)),
    st.tuples(st.just(H), st.text("BRG", min_size=1, max_size=4)),
)
sides = st.sampled_from(["left", "right"])
WINS = {"left": (Outcome.L, Outcome.P), "right": (Outcome.R, Outcome.P)}  # for the mover, opponent to move
TO_MOVE_WINS = {"left": (Outcome.L, Outcome.N), "right": (Outcome.R, Outcome.N)}


def _brute(
    game: Partisan[Any], position: Any, side: str, memo: dict[Any, tuple[bool, int]] | None = None
) -> tuple[bool, int]:
    """(does the side to move win, remoteness) by plain recursion over the options: the winner
    takes the quickest win, the loser the slowest loss.  Small positions only."""
    memo = {} if memo is None else memo
    k = (game.key(position), side)
    if k not in memo:
        other = "right" if side == "left" else "left"
        opts = list(game.left_options(position) if side == "left" else game.right_options(position))
        results = [_brute(game, o, other, memo) for o in opts]
        wins = [r for w, r in results if not w]
        memo[k] = (True, 1 + min(wins)) if wins else (False, 1 + max((r for _, r in results), default=-1))
    return memo[k]


@settings(max_examples=60, deadline=None)
@given(positions, sides)
def test_each_move_is_classified_as_the_engine_plays_it(gp: tuple[Partisan[Any], str], side: str) -> None:
    # win/lose comes from canonical values; partisan_outcome is a separate search of the
    # (position, side to move) graph by the engine.  They must agree on every move.
    game, text = gp
    position = game.parse(text)
    pv = classify(game, position, turn=side)
    options = list(game.left_options(position) if side == "left" else game.right_options(position))
    assert [m.position for m in pv.moves] == options
    assert pv.turn == side and pv.remoteness == _brute(game, position, side)[1]
    for m in pv.moves:
        child = partisan_outcome(game, m.position)
        assert m.value == ("win" if child in WINS[side] else "lose"), (text, m.label)
        assert m.game_value == str(canonical_form(game, m.position))
        assert m.outcome == str(child)
        assert m.why() is not None and m.game_value in (m.why() or "")
        # The count: plies to the end by plain recursion (no engine), the opponent to move.
        opponent_wins, rem = _brute(game, m.position, "right" if side == "left" else "left")
        assert (m.value == "win") == (not opponent_wins) and m.remoteness == rem, (text, m.label)
    own = partisan_outcome(game, position)
    assert pv.value == ("win" if own in TO_MOVE_WINS[side] else "lose")
    assert pv.outcome == str(own) and pv.game_value == str(canonical_form(game, position))
    assert (pv.value == "win") == any(m.value == "win" for m in pv.moves)


@settings(max_examples=40, deadline=None)
@given(positions, sides, st.integers(0, 3))
def test_the_computer_wins_fastest_then_takes_a_best_value(gp: tuple[Partisan[Any], str], side: str, seed: int) -> None:
    game, text = gp
    pv = classify(game, game.parse(text), turn=side)
    m = best_move(game, pv, random.Random(seed))
    if not pv.moves:
        assert m is None
        return
    assert m is not None
    assert m.value == ("win" if pv.value == "win" else "lose")  # a win whenever there is one
    same = [o for o in pv.moves if o.value == m.value]
    # The fastest win (slowest loss): these positions are small enough to count.
    sign = 1 if m.value == "win" else -1
    assert m.remoteness is not None and all(o.remoteness is not None for o in same)
    assert sign * m.remoteness == min(sign * (o.remoteness or 0) for o in same)
    same = [o for o in same if o.remoteness == m.remoteness]
    for o in same:  # then no move as quick leaves a value better for the mover
        assert not (o.cg > m.cg if side == "left" else o.cg < m.cg), (text, o.label, m.label)


def test_domineering_2x3_values_and_choices() -> None:
    start = D.parse("...|...")
    left = classify(D, start, turn="left")
    assert left.value == "win" and left.game_value == "{2|-1/2}" and left.outcome == "N"
    assert [(m.label, m.value, m.game_value) for m in left.moves] == [
        ("a1-a2", "lose", "±1"),
        ("b1-b2", "win", "2"),
        ("c1-c2", "lose", "±1"),
    ]
    assert left.moves[1].why() == "it leaves 2 > 0: Left wins whoever moves next"
    assert left.moves[0].why() == "it leaves ±1 || 0 (fuzzy): whoever moves next wins"
    zero = classify(T, T.parse("T.F"), turn="left").moves[0]
    assert (zero.value, zero.why()) == ("win", "it leaves 0: whoever moves next loses")
    assert classify(T, T.parse("T.F"), turn="right").moves[0].why() == zero.why()
    assert best_move(D, left) is left.moves[1]
    right = classify(D, start, turn="right")
    assert {m.game_value for m in right.moves} == {"-1/2"} and right.value == "win"
    # Among winning moves the best value for the mover: Left 3/2 over 3/4, Right -3/2 over -3/4.
    corner = D.parse("...|...|#..")
    assert best_move(D, classify(D, corner, turn="left")).game_value == "3/2"  # type: ignore[union-attr]
    assert best_move(D, classify(D, corner, turn="right")).game_value == "-3/2"  # type: ignore[union-attr]
    # Among losing moves the least bad: {2|0} > {2|-1/2} for Left on 2x4.
    lost = classify(D, D.parse("....|...."), turn="left")
    assert lost.value == "lose" and {m.game_value for m in lost.moves} == {"{2|0}", "{2|-1/2}"}
    assert best_move(D, lost).game_value == "{2|0}"  # type: ignore[union-attr]


def test_labels_name_the_cells_a_move_changes() -> None:
    assert cell_name(0, 0) == "a1" and cell_name(1, 2) == "c2" and cell_name(0, 26) == "aa1"
    assert [m.label for m in partisan_moves(D, D.parse("..#|..."), "right")] == ["a1-b1", "a2-b2", "b2-c2"]
    # Clobber: the stone's cell (emptied) first, then the captured one.
    assert [m.label for m in partisan_moves(C, C.parse("xo."), "left")] == ["a1-b1"]
    assert [m.label for m in partisan_moves(C, C.parse("xo."), "right")] == ["b1-a1"]
    # Col tints the neighbours too: the label is the one cell coloured.
    assert [m.label for m in partisan_moves(COL, COL.parse("..."), "left")] == ["a1", "b1", "c1"]
    # Toads and Frogs is one row of cells; a jump names both ends.
    assert [m.label for m in partisan_moves(T, T.parse("TF."), "left")] == ["a1-c1"]
    # Not a board: the position it leads to.
    assert [m.label for m in partisan_moves(H, H.parse("BR"), "right")] == ["to B"]
    assert grid(D, D.parse("..#|...")) == ["..#", "..."] and grid(H, H.parse("BR")) is None
    assert grid(T, T.parse("TF. ..F")) is None  # several rows of Toads and Frogs are a sum, not a board
    with pytest.raises(InvalidPosition, match="left or right"):
        partisan_moves(D, D.parse(".."), "up")


def test_rules_may_label_their_own_moves() -> None:
    class Stones(Partisan[int]):
        """Left takes 1 or 2 stones, Right takes 1; labelled by the rules themselves."""

        name = "stones"

        def left_options(self, n: int) -> list[int]:
            return [n - k for k in (1, 2) if k <= n]

        def right_options(self, n: int) -> list[int]:
            return [n - 1] if n else []

        def left_moves(self, n: int) -> list[Move[int]]:
            return [Move(f"take {n - m}", m) for m in self.left_options(n)]

    game = Stones()
    pv = classify(game, 3, turn="left")
    assert [(m.label, m.value, m.game_value) for m in pv.moves] == [("take 1", "win", "^"), ("take 2", "lose", "*")]
    assert best_move(game, pv).label == "take 1"  # type: ignore[union-attr]
    assert find_move(game, 3, "take 2", pv.moves).position == 1
    assert [m.label for m in classify(game, 3, turn="right").moves] == ["to 2"]  # no right_moves: generic


@pytest.mark.parametrize(
    ("text", "label"),
    [("a1-a2", "a1-a2"), ("a2-a1", "a1-a2"), ("A2 a1", "a1-a2"), ("b3", "b2-b3"), ("2", "b1-b2"), ("#6", "c2-c3")],
)
def test_typed_cells_in_any_order(text: str, label: str) -> None:
    s = Session(D, D.parse("...|...|..."))
    assert find_move(D, s.position, text, s.moves()).label == label


@pytest.mark.parametrize(
    ("text", "message"),
    [("b2", "could be b1-b2, b2-b3"), ("a1-b1", "no legal move of yours uses a1-b1"), ("z9", "uses z9")],
)
def test_bad_typed_cells_say_why(text: str, message: str) -> None:
    s = Session(D, D.parse("...|...|..."))
    with pytest.raises(InvalidPosition, match=message):
        find_move(D, s.position, text, s.moves())


def test_a_session_alternates_sides_and_undoes() -> None:
    s = Session(D, D.parse("...|...|..."), computer="first", first="right", seed=3)
    assert s.human_side == "left" and s.turn == "right" and s.to_move == "computer"
    m = s.computer_move()
    assert s.turn == "left" and s.to_move == "human" and "-" in m.label
    mine = s.play("#1")
    assert mine.value in ("win", "lose") and s.turn == "right"
    s.undo()
    assert s.ply == 1 and s.turn == "left"
    h = s.history()
    assert [t["side"] for t in h] == ["right", "left"] and h[0]["game_value"] == "±1"
    while not s.over:
        hint = s.hint()
        assert hint is not None
        s.play(hint) if s.to_move == "human" else s.computer_move()
    assert s.winner in ("human", "computer") and s.value().value == "lose"
    with pytest.raises(InvalidPosition, match="left or right"):
        Session(D, D.parse(".."), first="up")
    with pytest.raises(InvalidPosition, match="partisan games only"):
        Session(Nim(), (1, 2), first="left")


@settings(max_examples=15, deadline=None)
@given(grid_boards(3, 3, "....#"), sides, st.integers(0, 1000))
def test_perfect_play_wins_every_won_game_against_a_random_opponent(text: str, side: str, seed: int) -> None:
    start = D.parse(text)
    s = Session(D, start, computer="first", first=side, seed=seed)
    if s.value().value != "win":
        return
    rng = random.Random(seed)
    while not s.over:
        if s.to_move == "computer":
            assert s.computer_move().value == "win"
        else:
            s.play(rng.choice(s.moves()))
    assert s.winner == "computer"


def test_skill_zero_is_random_and_reproducible() -> None:
    pv = classify(D, D.parse("....|....|...."), turn="left")
    a = [choose_move(D, pv, 0.0, random.Random(7)) for _ in range(3)]
    b = [choose_move(D, pv, 0.0, random.Random(7)) for _ in range(3)]
    assert a == b
    picks = {choose_move(D, pv, 0.0, random.Random(k)).label for k in range(30)}  # type: ignore[union-attr]
    assert len(picks) > 3  # not always the best one


def test_values_come_from_the_shared_value_cache() -> None:
    class Counted(Domineering):
        calls = 0

        def left_options(self, position: Any) -> Any:
            Counted.calls += 1
            return super().left_options(position)

    game = Counted()
    start = game.parse("....|....|....")
    first = classify(game, start, turn="left")
    walked = kept(game)
    # as Games, as compiled ids, or in the compiled walk's memo
    cached = len(value_cache(game)) + len(ID_VALUES.get(game)) + (len(walked) if walked else 0)
    assert cached > 10
    Counted.calls = 0
    for m in first.moves:  # every move's position was valued with the start: no search again
        classify(game, m.position, turn="right")
    assert Counted.calls == 0


def test_partisan_errors() -> None:
    with pytest.raises(InvalidPosition, match="say who is to move"):
        classify(D, D.parse("..|.."))
    with pytest.raises(InvalidPosition, match="partisan games only"):
        classify(Nim(), (1, 2), turn="left")
    with pytest.raises(Unsupported, match="misère"):
        classify(D, D.parse("..|.."), turn="left", misere=True)
    with pytest.raises(SearchLimitExceeded):
        classify(Domineering(), D.parse("......|......|......|......|......|......"), turn="left", limits=Limits(2_000))


# --------------------------------------------------------------- zermelo play, through standard input
def test_terminal_domineering_won_by_the_person(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    typed = "moves\nhint\nb1-b2\na1\n"
    out = play_cli(monkeypatch, capsys, typed, "domineering", "...|...|...", "--seed", "1", "--hints")
    assert "You play Left, the computer Right; Left moves first." in out
    assert "     a b c\n  1  . . .\n  2  . . .\n  3  . . ." in out
    assert "You (Left) win with perfect play: the value is ±1 || 0 (fuzzy): whoever moves next wins" in out
    assert "  2. + b1-b2  =>  .#.|.#.|...   [win in 3, value 1]" in out
    assert "  1. - a1-a2  =>  #..|#..|...   [lose in 2, value {1/2|-2}]" in out
    assert "hint: b1-b2  =>  .#.|.#.|...   [win in 3, value 1]" in out
    assert "you: b1-b2   [win in 3, value 1]" in out
    assert "computer: a3-b3   [lose in 2, value 2]" in out  # the slowest loss
    assert out.rstrip().endswith("Game over: Right cannot move: you win!")


def test_terminal_sides_and_who_moves_first(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = play_cli(monkeypatch, capsys, "quit\n", "toads", "TT..FF", "--as", "right", "--first", "left")
    assert "You play Right, the computer Left; Left moves first." in out
    assert "computer: b1-c1   [win in 11, value 0]" in out  # the only toad that can move
    out = play_cli(monkeypatch, capsys, "undo\nbye\nquit\n", "hackenbush", "BRR", "--as", "right", "--first", "human")
    assert "You play Right, the computer Left; Right moves first." in out
    assert "nothing to undo" in out and "cannot read the move 'bye'" in out
    out = play_cli(monkeypatch, capsys, "e1-d1\n", "toads", "TT..FF", "--first", "computer", "--as", "left")
    assert "You play Left, the computer Right; Right moves first." in out


def test_terminal_partisan_errors_are_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    from zermelo.cli import main

    assert main(["play", "nim", "3", "--as", "left"]) == 2
    assert main(["play", "nim", "3", "--first", "right"]) == 2
    assert main(["play", "domineering", "..|..", "--misere"]) == 2
    assert (
        main(["play", "domineering", "......|......|......|......|......|......", "--budget", "2000", "--quiet"]) == 2
    )
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 4 and all(line.startswith("zermelo: error: ") for line in err)
    assert "not a partisan game" in err[0] and "misère" in err[2] and "budget" in err[3]


def test_past_the_count_budget_moves_keep_their_values(monkeypatch: pytest.MonkeyPatch) -> None:
    # The (position, side) search does not split a board into regions: past its budget the
    # moves carry values without a count, and the computer still picks a winning move.
    import zermelo.play.evaluate as play

    monkeypatch.setattr(play, "REMOTENESS_POSITIONS", 10)
    d = Domineering()
    pv = classify(d, d.parse("...|...|..."), turn="left")
    assert pv.remoteness is None and all(m.remoteness is None for m in pv.moves)
    assert [m.describe() for m in pv.moves][:2] == ["lose, value {1/2|-2}", "win, value 1"]
    m = best_move(d, pv, random.Random(0))
    assert m is not None and m.value == "win"


def test_a_repeated_position_ends_a_loopy_game_as_a_draw(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Backsliding Toads and Frogs: Left steps forward and back, Right's frog too; the start comes
    back with Left to move, and the game ends there as a draw by repetition."""
    out = play_cli(monkeypatch, capsys, "a1-b1\nb1-a1\nquit\n", "backsliding", "T..F", "--seed", "1")
    assert out.count("Game over") == 1
    assert out.rstrip().endswith("the position met at the start is repeated with Left to move: a draw by repetition.")
    assert "your move> bye" not in out  # the game ended before the third move was asked for


def test_session_repeated_names_the_ply_first_met() -> None:
    from zermelo.games.backsliding import BackslidingToads

    s = Session(BackslidingToads(), "T..F", computer=None)
    seen = []
    for to in (".T.F", ".TF.", "T.F.", "T..F"):
        seen.append(s.repeated)
        s.play(f"to {to}")
    assert seen == [None, None, None, None] and s.repeated == 0 and s.turn == "left"
    s.undo()
    assert s.repeated is None
