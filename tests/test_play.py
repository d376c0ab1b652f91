"""The play module: move classification against the engine, the perfect player, typed moves, undo."""

from __future__ import annotations

import io
import random
import subprocess
import sys
import types
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cli_helper_games import play_cli
from zermelo.analyses.analysis import grundy, outcome, remoteness
from zermelo.core.errors import InvalidPosition, SearchLimitExceeded, Unsupported
from zermelo.games import Chomp, Nim, Square, Subtraction, Wythoff
from zermelo.games.digraph import Digraph
from zermelo.play import Session, best_move, choose_move, classify, find_move
from zermelo.rules import Move, Outcome, Scored
from zermelo.rules.boards import grid_board
from zermelo.search.engine import Limits

SUB = Subtraction({1, 3, 4})

positions = st.one_of(
    st.tuples(st.just(Nim()), st.lists(st.integers(0, 5), min_size=1, max_size=3).map(tuple)),
    st.tuples(st.just(SUB), st.integers(0, 40)),
    st.tuples(st.just(Square()), st.integers(0, 40)),
    st.tuples(st.just(Wythoff()), st.tuples(st.integers(0, 9), st.integers(0, 9))),
)


@settings(max_examples=60, deadline=None)
@given(positions, st.booleans())
def test_classification_agrees_with_the_analyses(gp: tuple[Any, Any], misere: bool) -> None:
    game, position = gp
    if isinstance(position, tuple) and len(position) == 1 and not isinstance(game, Wythoff):
        position = position[0]
    pv = classify(game, position, misere=misere)
    assert [m.label for m in pv.moves] == [m.label for m in game.moves(position)]
    for m in pv.moves:
        child = outcome(game, m.position, misere=misere)
        assert m.value == {Outcome.P: "win", Outcome.N: "lose"}[child]
        assert m.remoteness == remoteness(game, m.position, misere=misere)
        assert m.grundy == (None if misere else grundy(game, m.position))
    own = outcome(game, position, misere=misere)
    assert pv.value == {Outcome.P: "lose", Outcome.N: "win"}[own]
    assert pv.remoteness == remoteness(game, position, misere=misere)
    if pv.moves:  # a terminal position is won under misère play with no winning move
        assert (pv.value == "win") == any(m.value == "win" for m in pv.moves)


@settings(max_examples=40, deadline=None)
@given(positions, st.booleans())
def test_the_computer_wins_fast_and_loses_slowly(gp: tuple[Any, Any], misere: bool) -> None:
    game, position = gp
    pv = classify(game, position, misere=misere)
    m = best_move(game, pv, random.Random(0))
    if not pv.moves:
        assert m is None
        return
    assert m is not None
    if pv.value == "win":
        assert m.value == "win"
        assert m.remoteness == min(x.remoteness for x in pv.moves if x.value == "win")
        assert pv.remoteness == m.remoteness + 1  # type: ignore[operator]
    else:
        assert m.remoteness == max(x.remoteness for x in pv.moves)  # type: ignore[type-var]
        assert pv.remoteness == m.remoteness + 1  # type: ignore[operator]


@settings(max_examples=25, deadline=None)
@given(st.lists(st.integers(0, 6), min_size=2, max_size=3).map(tuple), st.integers(0, 1000), st.booleans())
def test_perfect_play_wins_every_won_game_against_a_random_opponent(
    heaps: tuple[int, ...], seed: int, misere: bool
) -> None:
    game = Nim()
    s = Session(game, heaps, misere=misere, computer="first", seed=seed)
    won = s.value().value == "win"
    rng = random.Random(seed)
    while not s.over:
        if s.to_move == "computer":
            s.computer_move()
        else:
            s.play(rng.choice(s.moves()))
    if won:
        assert s.winner == "computer"
    assert s.turns[-1].remoteness == 0


def test_skill_zero_plays_random_moves_reproducibly() -> None:
    game = Nim()
    pv = classify(game, (5, 6, 7))
    a = [choose_move(game, pv, 0.0, random.Random(7)) for _ in range(1)]
    b = [choose_move(game, pv, 0.0, random.Random(7)) for _ in range(1)]
    assert a == b
    picks = {choose_move(game, pv, 0.0, random.Random(seed)).label for seed in range(40)}  # type: ignore[union-attr]
    assert len(picks) > 5  # a random player, not the perfect one
    perfect = {choose_move(game, pv, 1.0, random.Random(seed)).label for seed in range(10)}  # type: ignore[union-attr]
    assert perfect == {m.label for m in pv.moves if m.value == "win"}
    with pytest.raises(InvalidPosition, match="skill"):
        choose_move(game, pv, 1.5)


def test_a_half_skilled_computer_errs_sometimes_but_not_always() -> None:
    game = Nim()
    pv = classify(game, (5, 6, 7))
    good = {m.label for m in pv.moves if m.value == "win"}
    picks = [choose_move(game, pv, 0.5, random.Random(seed)) for seed in range(200)]
    errs = sum(1 for m in picks if m is not None and m.label not in good)
    assert 40 < errs < 110  # about (1 - skill) * (1 - |good| / |moves|) of 200 ≈ 98


LOOPY = Digraph.from_text("a->b, b->a, b->c, c->d, a->e, e->f")


def test_draws_in_a_loopy_digraph() -> None:
    # a <-> b cycle; b -> c -> d: c wins (to the terminal d), so b must not go to c;
    # a -> e -> f: e wins, so a must not go to e.  Neither a nor b has a winning move: draws.
    pv = classify(LOOPY, "a")
    assert pv.value == "draw" and pv.remoteness is None
    values = {m.text: (m.value, m.remoteness) for m in pv.moves}
    assert values == {"b": ("draw", None), "e": ("lose", 1)}
    s = Session(LOOPY, "a", computer="first", seed=3)
    for _ in range(6):  # the computer keeps the draw; the person (here: the hint) too
        assert s.computer_move().value == "draw"
        s.play(s.hint())  # type: ignore[arg-type]
    assert s.winner is None
    assert [t.value for t in s.turns[:4]] == ["draw"] * 4
    assert classify(LOOPY, "c").moves[0].value == "win"


def test_misere_ends_with_the_last_mover_losing() -> None:
    s = Session(Nim(), (1, 1, 1), misere=True, computer="second")
    assert s.value().value == "lose"  # misère: three 1-heaps are a P-position
    s.play("1 1")
    s.computer_move()
    s.play(s.moves()[0])
    assert s.over and s.winner == "computer"  # the person had to take the last counter
    assert s.value().value == "win" and s.to_move == "computer"


def test_huge_nim_falls_back_to_bouton() -> None:
    game, heaps = Nim(), (100, 200, 300)
    pv = classify(game, heaps, limits=Limits(max_positions=2000))
    # Nim's remoteness has a closed form (Nim.remoteness_formula): known past the budget too.
    assert not pv.exact and pv.remoteness == 1 + 100 + 200 + (100 ^ 200) and pv.value == "win"
    wins = [m for m in pv.moves if m.value == "win"]
    assert [m.position for m in wins] == [(100, 200, 100 ^ 200)]
    assert wins[0].grundy == 0 and all(m.remoteness is not None for m in pv.moves)
    pick = choose_move(game, pv, 1.0, random.Random(1))
    assert pick is not None and pick.value == "win"
    losing = classify(game, (100, 200, 100 ^ 200), limits=Limits(max_positions=2000))
    slow = best_move(game, losing)
    assert slow is not None and sum(slow.position) == sum((100, 200, 100 ^ 200)) - 1
    small = classify(game, (3, 4, 5), limits=Limits(max_positions=2000))
    assert small.exact and small.remoteness == 11  # the refused search left nothing behind


def test_huge_wythoff_uses_the_beatty_pairs() -> None:
    pv = classify(Wythoff(), (60, 90), limits=Limits(max_positions=500))
    assert not pv.exact
    assert {m.text for m in pv.moves if m.value == "win"} == {
        m.text for m in classify(Wythoff(), (60, 90)).moves if m.value == "win"
    }


def test_no_closed_form_and_no_budget_is_a_clear_error() -> None:
    with pytest.raises(SearchLimitExceeded):
        classify(Square(), 5000, limits=Limits(max_positions=100))  # no closed form
    with pytest.raises(Unsupported, match="too many"):
        classify(Wythoff(), (10**6, 10**6))


@pytest.mark.parametrize(
    ("text", "label"),
    [
        ("2 3", "take 3 from heap 2 (4 -> 1)"),
        ("heap 2 -> 1", "take 3 from heap 2 (4 -> 1)"),
        ("heap 2 → 1", "take 3 from heap 2 (4 -> 1)"),
        ("take 3 from heap 2", "take 3 from heap 2 (4 -> 1)"),
        ("TAKE 3 FROM HEAP 2 (4 -> 1)", "take 3 from heap 2 (4 -> 1)"),
        ("#2", "take 2 from heap 1 (3 -> 1)"),
        ("2", "take 2 from heap 1 (3 -> 1)"),
        ("to 3 1 5", "take 3 from heap 2 (4 -> 1)"),
        ("-> 3 1 5", "take 3 from heap 2 (4 -> 1)"),
    ],
)
def test_typed_heap_moves(text: str, label: str) -> None:
    moves = classify(Nim(), (3, 4, 5)).moves
    assert find_move(Nim(), (3, 4, 5), text, moves).label == label


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "type a move"),
        ("9 1", "no heap 9"),
        ("1 9", "not a legal move"),
        ("heap 1 -> 3", "not a legal move"),
        ("0", "no move number 0"),
        ("#99", "no move number 99"),
        ("to 3 3 3", "no legal move leads to 3 3 3"),
        ("jump", "cannot read the move 'jump'"),
    ],
)
def test_bad_typed_moves_say_why(text: str, message: str) -> None:
    moves = classify(Nim(), (3, 4, 5)).moves
    with pytest.raises(InvalidPosition, match=message):
        find_move(Nim(), (3, 4, 5), text, moves)


def test_typed_moves_in_single_heap_wythoff_and_digraph_notation() -> None:
    moves = classify(SUB, 10).moves
    assert find_move(SUB, 10, "take 4", moves).position == 6
    with pytest.raises(InvalidPosition):
        find_move(SUB, 10, "take 2", moves)
    w = Wythoff()
    wm = classify(w, (3, 5)).moves
    assert find_move(w, (3, 5), "both 2", wm).position == (1, 3)
    assert find_move(w, (3, 5), "take 1 from both", wm).position == (2, 4)
    assert find_move(w, (3, 5), "2 4", wm).position == (3, 1)
    assert find_move(w, (3, 5), "1 3", wm).position == (0, 5)
    with pytest.raises(InvalidPosition):
        find_move(w, (3, 5), "both 4", wm)
    dm = classify(LOOPY, "a").moves
    assert find_move(LOOPY, "a", "e", dm).position == "e"
    assert find_move(LOOPY, "a", "a -> b", dm).position == "b"
    with pytest.raises(InvalidPosition):
        find_move(LOOPY, "a", "c", dm)
    with pytest.raises(InvalidPosition, match="game is over"):
        find_move(SUB, 0, "1", [])


def test_undo_takes_back_the_persons_move_and_the_reply() -> None:
    s = Session(Nim(), (2, 3), computer="first", seed=0)
    with pytest.raises(InvalidPosition, match="nothing to undo"):
        s.undo()
    s.computer_move()
    after_computer = s.position
    s.play("#1")
    s.computer_move()
    s.undo()
    assert s.position == after_computer and s.to_move == "human"
    assert s.turns[-1].played is None
    s.undo()  # back past the computer's opening move, to the start
    assert s.ply == 0 and s.position == (2, 3)


def test_value_history() -> None:
    s = Session(SUB, 7, computer="second", seed=0)
    s.play("take 1")
    s.computer_move()
    h = s.history()
    assert [p["position"] for p in h] == ["7", "6", h[2]["position"]]
    assert [p["mover"] for p in h] == ["human", "computer", "human"]
    assert h[0]["value"] == "lose" and h[0]["move_value"] == "lose"  # 7 is a P-position
    assert h[1]["value"] == "win" and h[1]["move_value"] == "win"
    assert h[2]["move"] is None
    assert h[0]["remoteness"] == remoteness(SUB, 7)


def test_bad_session_arguments() -> None:
    with pytest.raises(InvalidPosition, match="skill"):
        Session(Nim(), 3, skill=-0.1)
    with pytest.raises(InvalidPosition, match="computer"):
        Session(Nim(), 3, computer="both")
    s = Session(Nim(), 0)
    assert s.over and s.winner == "computer" and s.hint() is None
    with pytest.raises(InvalidPosition, match="game is over"):
        s.computer_move()


# --------------------------------------------------------------- the scored-game integration point
class Race(Scored[int]):
    """Count down from n by 1 or 2; whoever says 0 scores n (a toy scored game)."""

    name = "race"

    def moves(self, n: int) -> list[Move[int]]:
        return [
            Move(f"say {n - k}", n - k) if n - k < 3 else Move(f"say {'abcdefgh'[n - k]}", n - k)
            for k in (1, 2)
            if k <= n
        ]

    def payoff(self, n: int) -> int | None:
        return -1 if n == 0 else None


@dataclass(frozen=True)
class _MoveValue:
    move: Move[int]
    value: int
    distance: int | None
    outcome: str


def _fake_move_values(game: Race, n: int, *, limits: Limits | None = None) -> list[_MoveValue]:
    out = []
    for m in game.moves(n):
        p = m.position
        win = p % 3 == 0  # the classical answer: leave a multiple of 3
        dist = 1 + (2 * (p // 3) if win else 2 * (p // 3) + 1)
        out.append(_MoveValue(m, 1 if win else -1, dist, "win" if win else "loss"))
    return out


def test_scored_games_plug_in_through_minimax(monkeypatch: pytest.MonkeyPatch) -> None:
    fake = types.ModuleType("zermelo.search.minimax")
    fake.move_values = _fake_move_values  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "zermelo.search.minimax", fake)
    pv = classify(Race(), 7)
    assert [(m.label, m.value, m.score) for m in pv.moves] == [("say g", "win", 1), ("say f", "lose", -1)]
    assert pv.value == "win" and pv.score == 1
    assert find_move(Race(), 7, "f", pv.moves).label == "say f"  # a label's last word names the move
    s = Session(Race(), 4, computer="first")
    assert s.computer_move().label == "say d"
    s.play("say 2")
    s.computer_move()
    assert s.over and s.winner == "computer"
    with pytest.raises(Unsupported, match="misère"):
        classify(Race(), 4, misere=True)


def test_boards_are_drawn_as_grids() -> None:
    from zermelo.commands.play import board

    class Board(Race):
        m, n = 3, 2

        def board(self, position: object) -> dict[str, object] | None:  # the board hook, not m and n guessed
            cells = str(position).replace("/", "")
            return grid_board(cells[r * self.m : (r + 1) * self.m] for r in range(self.n)) if len(cells) == 6 else None

    assert board(Board(), "XO./..X").splitlines() == ["     a b c", "  1  X O .", "  2  . . X"]
    assert board(Board(), "XO") == "  position: XO"  # not m × n cells: no grid


def test_scored_games_without_minimax_say_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "zermelo.search.minimax", None)  # import now raises ImportError
    with pytest.raises(Unsupported, match=r"zermelo\.search\.minimax"):
        classify(Race(), 4)


# --------------------------------------------------------------- zermelo play, through standard input
def test_terminal_game_of_nim_won_by_the_person(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # 1 2 3 is a P-position: the computer (first) must give the person a win, who plays the hints.
    probe = Session(Nim(), (1, 2, 3), computer="first", seed=5)
    script = []
    while not probe.over:
        if probe.to_move == "computer":
            probe.computer_move()
        else:
            m = probe.hint()
            assert m is not None and m.value == "win"
            script.append(m.label)
            probe.play(m)
    typed = "\n".join(script) + "\n"
    out = play_cli(monkeypatch, capsys, typed, "nim", "1", "2", "3", "--first", "computer", "--seed", "5")
    assert "  heap 3  ●●●  3" in out
    assert out.count("computer: ") == len(script)
    assert out.rstrip().endswith("Game over: you win!")


def test_terminal_commands_and_bad_moves_keep_the_prompt(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    typed = "help\nmoves\n9 1\n1 7\njump\n#42\nhint\n2\nundo\nheap 3 -> 1\nquit\nnever read\n"
    out = play_cli(monkeypatch, capsys, typed, "nim", "3", "4", "5", "--seed", "1")
    assert "move number 7 in the `moves` list" in out  # help
    assert " 2. + take 2 from heap 1 (3 -> 1)  =>  1 4 5   [win in 11, Grundy 0]" in out  # moves
    assert "there is no heap 9" in out
    assert "take 7 from heap 1 is not a legal move" in out
    assert "cannot read the move 'jump'" in out
    assert "there is no move number 42" in out
    assert "hint: take 2 from heap 1 (3 -> 1)" in out
    assert "you: take 2 from heap 1 (3 -> 1)   [win in 11]" in out
    assert "(move taken back)" in out
    assert "you: take 4 from heap 3 (5 -> 1)   [lose in" in out
    assert out.rstrip().endswith("bye")
    assert out.count("your move> ") == 11


def test_terminal_hints_wythoff_and_end_of_input(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = play_cli(monkeypatch, capsys, "both 1\n", "wythoff", "4", "6", "--hints")
    assert "You win with perfect play (in " in out
    assert "+ take 1 from both heaps (4, 6 -> 3, 5)  =>  3 5" in out  # (3, 5) is a Wythoff pair
    assert "you: take 1 from both heaps" in out
    assert out.rstrip().endswith("(end of input: game left unfinished)")


def test_terminal_hints_are_coloured_on_a_terminal() -> None:
    from zermelo.commands.play import run_session

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    out = Terminal()
    assert run_session(Session(Nim(), (1, 2)), hints=True, stdin=io.StringIO("quit\n"), out=out) == 0
    text = out.getvalue()
    assert "\033[32m+ take 1 from heap 2 (2 -> 1)\033[0m" in text  # green: the winning move
    assert "\033[31m- take 1 from heap 1 (1 -> 0)\033[0m" in text  # red: a losing one
    plain = io.StringIO()
    run_session(Session(Nim(), (1, 2)), hints=True, stdin=io.StringIO("quit\n"), out=plain)
    assert "\033[" not in plain.getvalue()


def test_terminal_errors_before_the_game_are_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    from zermelo.cli import main

    assert main(["play", "nim", "3", "x"]) == 2
    assert main(["play", "nim", "3", "--skill", "2"]) == 2
    assert main(["play", "nim", "3", "--first", "nobody"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 3 and all(line.startswith("zermelo: error: ") for line in err)


def test_terminal_play_as_a_real_process() -> None:
    typed = "moves\n1\n2 1\nfoo\nquit\n"
    done = subprocess.run(
        [sys.executable, "-m", "zermelo.cli", "play", "subtraction:1,3,4", "9", "--seed", "2", "--misere"],
        input=typed,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert "misère: whoever cannot move wins" in done.stdout
    assert "you: take 1 (9 -> 8)" in done.stdout
    assert "cannot read the move 'foo'" in done.stdout
    assert done.stdout.rstrip().endswith("bye")


@pytest.mark.parametrize("text", ["2 3", "(2,3)", "eat 2 3", "eat (2,3)", "EAT (2, 3)"])
def test_typed_chomp_squares(text: str) -> None:
    # QA: only the exact label 'eat (2, 3)' or a move number used to work in Chomp.

    moves = classify(Chomp(), (4, 4, 4)).moves
    assert find_move(Chomp(), (4, 4, 4), text, moves).label == "eat (2, 3)"


def test_typed_cram_domino_by_its_squares() -> None:
    from zermelo.games import Cram

    board = (2, 3, 0)
    moves = classify(Cram(), board).moves
    assert find_move(Cram(), board, "1 2 2 2", moves).label == "b1-b2"
    assert find_move(Cram(), board, "(1,2)-(2,2)", moves).label == "b1-b2"
    assert find_move(Cram(), board, "b2-b1", moves).label == "b1-b2"
    with pytest.raises(InvalidPosition, match="cannot read"):
        find_move(Cram(), board, "1 1 2 2", moves)  # not a domino


def test_an_unreadable_move_is_quoted_short() -> None:
    moves = classify(Nim(), (3, 4, 5)).moves
    with pytest.raises(InvalidPosition) as err:
        find_move(Nim(), (3, 4, 5), "x" * 100_000, moves)
    assert len(str(err.value)) < 200


def test_typed_moves_by_the_first_words_of_their_label() -> None:
    # QA: in Fibonacci Nim 'take 2' could not be read, and '5' is move number 5, not 'subtract 5'.
    from zermelo.games import Divisor, Fibonacci

    fib = Fibonacci()
    moves = classify(fib, (20, 0)).moves
    assert find_move(fib, (20, 0), "take 2", moves).position == (18, 2)
    moves = classify(Divisor(), 10).moves
    assert find_move(Divisor(), 10, "subtract 5", moves).position == 5
    with pytest.raises(InvalidPosition, match="cannot read"):
        find_move(Divisor(), 10, "subtract 3", moves)
    chomp_moves = classify(Chomp(), (4, 4, 4)).moves
    with pytest.raises(InvalidPosition):
        find_move(Chomp(), (4, 4, 4), "eat 2", chomp_moves)  # eat (2, 1), (2, 2), …: ambiguous


def test_a_game_of_banked_points_is_won_on_points() -> None:
    """Cheques 3 1 4 1 5 9: the person banks 3 + 5 + 4 = 12 against 9 + 1 + 1 = 11 and wins
    (the empty row is worth 0 from there on: the winner was read from it, "the computer")."""
    from zermelo.games.registry import make_game

    s = Session(make_game("cheques:3,1,4,1,5,9"), make_game("cheques:3,1,4,1,5,9").parse(""))
    for typed in ("take first (3)", "take last (9)", "take last (5)", "take last (1)", "take last (4)"):
        s.play(typed)
    s.play(s.moves()[0])
    assert s.over and s.winner == "human"


def test_the_terminal_says_a_draw(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Tic-tac-toe XOX/XOO/OX.: X's only move fills the board, a draw (it printed "the computer wins.")."""
    out = play_cli(monkeypatch, capsys, "1\n", "tictactoe", "XOXXOOOX.")
    assert out.rstrip().endswith("Game over: a draw.")


def test_too_many_moves_are_refused_before_they_are_built() -> None:
    """Issue 32 item 7: 100,000 Nim heaps of 1 built 5,001 positions of 100,000 heaps each (3.95 GB,
    20 s; 200,000 heaps: MemoryError) before saying there were too many.  Now the moves are counted
    first: one line, in a real process capped at 600 MiB of address space."""
    from measured import run_capped

    got = run_capped(["play", "nim", *["1"] * 100_000], 600, stdin="quit\n")
    assert got.status == 2 and got.err.count("\n") == 1, got.err[-500:]
    assert got.err.startswith("zermelo: error: nim: more than 5,000 legal moves")
    assert got.peak_mib < 300, got.peak_mib
