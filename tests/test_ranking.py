"""Win quickly, lose slowly: winning moves fastest first, a lost position's best defence."""

from __future__ import annotations

import json
from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

from zermelo.analyses.analysis import solve
from zermelo.analyses.ranking import lasts
from zermelo.cli import main
from zermelo.games import Square, Subtraction


def _plain_remoteness(s: tuple[int, ...]):  # the notes' definition, by plain recursion
    @cache
    def rem(n: int) -> int:
        opts = [rem(n - k) for k in s if k <= n]
        if not opts:
            return 0
        losing = [r for r in opts if r % 2 == 0]
        return 1 + (min(losing) if losing else max(opts))

    return rem


def test_square_40_wins_fastest_first() -> None:
    a = solve(Square(), 40)
    assert [m.label for m in a.winning_moves] == ["take 25 (40 -> 15)", "take 1 (40 -> 39)"]
    assert a.winning_remoteness == [4, 6]
    assert "take 25 (40 -> 15)" in a.explanation.splitlines()[0]
    assert "Win quickly: take 25 (40 -> 15)" in a.explanation


def test_square_17_best_defence_is_13() -> None:
    a = solve(Square(), 17)
    assert [m.position for m in a.best_defence] == [13]
    assert a.defence_remoteness == [7]
    assert a.remoteness == 8
    assert a.explanation.endswith(
        "Lose slowly: the best defence is take 4 (17 -> 13), to a position of remoteness 7, so the game lasts 8 moves."
    )


def test_cli_text_and_json(capsys) -> None:
    assert main(["solve", "square", "40"]) == 0
    out = capsys.readouterr().out
    assert out.index("40 -> 15") < out.index("40 -> 39")
    assert "take 25 (40 -> 15)  =>  15  (win in 5)" in out
    assert main(["solve", "square", "17", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["best_defence"] == [{"move": "take 4 (17 -> 13)", "position": "13", "remoteness": 7}]
    assert main(["solve", "square", "40", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [(m["position"], m["remoteness"]) for m in data["winning_moves"]] == [("15", 4), ("39", 6)]
    assert main(["solve", "square", "17"]) == 0
    assert "take 4 (17 -> 13)  =>  13  (lose in 8)" in capsys.readouterr().out


def test_lasts() -> None:
    assert lasts(0, True) == "win in 1"


@settings(max_examples=60, deadline=None)
@given(st.sets(st.integers(1, 7), min_size=1, max_size=4), st.integers(1, 60))
def test_ranking_matches_plain_remoteness(s: set[int], n: int) -> None:
    game = Subtraction(s)
    rem = _plain_remoteness(tuple(sorted(s)))
    a = solve(game, n)
    assert a.remoteness == rem(n)
    if a.winning_moves:
        got = [rem(m.position) for m in a.winning_moves]
        assert got == a.winning_remoteness == sorted(got)
        assert got[0] + 1 == rem(n)  # the first listed move is the fastest win
    elif rem(n) > 0:
        options = [n - k for k in s if k <= n]
        slowest = max(rem(o) for o in options)
        assert sorted(m.position for m in a.best_defence) == sorted(o for o in options if rem(o) == slowest)
        assert a.defence_remoteness == [slowest] * len(a.best_defence)
        assert slowest + 1 == rem(n)


# ---------------------------------------------------------------------- every move ranked (--all-moves)
@settings(max_examples=60, deadline=None)
@given(st.sets(st.integers(1, 6), min_size=1, max_size=3).map(lambda s: tuple(sorted(s))), st.integers(0, 60))
def test_all_moves_against_the_definition(s: tuple[int, ...], n: int) -> None:
    from zermelo.analyses.ranking import all_moves

    rem = _plain_remoteness(s)
    ranked = all_moves(Subtraction(set(s)), n)
    assert sorted(r.move.position for r in ranked) == sorted(n - k for k in s if k <= n)
    for r in ranked:  # the opponent, at the position left, loses exactly when its remoteness is even
        assert r.remoteness == rem(r.move.position)
        assert r.result == ("win" if rem(r.move.position) % 2 == 0 else "lose")
    # best first: wins fastest first, then losses slowest first (the worst move last)
    keys = [(r.result == "lose", r.remoteness if r.result == "win" else -(r.remoteness or 0)) for r in ranked]
    assert keys == sorted(keys)


def test_all_moves_cli_lists_the_worst_move_last(capsys) -> None:
    assert main(["solve", "square", "17", "--all-moves"]) == 0
    out = capsys.readouterr().out
    block = out[out.index("all moves (4), best first:") :].splitlines()[1:5]
    assert block[0].strip() == "take 4 (17 -> 13)  =>  13  (lose in 8)"
    assert block[-1].strip().startswith(("take 1 (17 -> 16)", "take 16 (17 -> 1)")) and "(lose in 2)" in block[-1]
    assert main(["solve", "square", "40", "--all-moves", "--json"]) == 0
    moves = json.loads(capsys.readouterr().out)["all_moves"]
    assert [(m["move"], m["result"], m["remoteness"]) for m in moves][:3] == [
        ("take 25 (40 -> 15)", "win", 4),
        ("take 1 (40 -> 39)", "win", 6),
        ("take 9 (40 -> 31)", "lose", 5),
    ]
    assert len(moves) == 6 and moves[-1]["result"] == "lose" and moves[-1]["remoteness"] == 1


def test_all_moves_of_a_draw_and_of_a_position_beyond_search(capsys) -> None:
    assert main(["solve", "digraph", "a->b, b->a, b->c, c->d", "a", "--all-moves"]) == 0
    assert "a -> b  =>  b  (draw)" in capsys.readouterr().out
    assert main(["solve", "nim", "1000000000", "3", "--all-moves"]) == 0  # a note, not an error
    assert "note: moves not ranked:" in capsys.readouterr().out


def test_a_win_in_one_move_is_one_move() -> None:
    # Issue 30 item 6 ("X wins in 1 plies"), the same fault in the pace line: 'solve subtraction:1,3 3'
    # said "a win in 1 moves".
    from zermelo import solve
    from zermelo.games import Subtraction

    text = solve(Subtraction({1, 3}), 3).explanation
    assert "Win quickly: take 3 (3 -> 0) leaves a position of remoteness 0, a win in 1 move (the fastest" in text
