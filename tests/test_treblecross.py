"""Treblecross on a board: the rules against the octal game 0.007, the notes-style why, the CLI."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from zermelo.analyses.analysis import solve
from zermelo.cli import main
from zermelo.core.limits import Limits
from zermelo.games.treblecross import Treblecross, safe_runs
from zermelo.heaps.games import Octal
from zermelo.rules import Outcome
from zermelo.search.engine import PREVIOUS_WINS, Engine, engine_for

T = Treblecross()


def test_five_empty_cells_the_centre_wins() -> None:
    a = solve(T, T.parse("....."))
    assert a.outcome is Outcome.N
    assert [m.label for m in a.winning_moves] == ["X on cell 3"]
    assert "centre cell 3" in a.explanation and "mirror" in a.explanation


# Two cells are the exception: no three fit, so an X next to another costs nothing (the board
# game: the second X fills the row, a P-position; the heap 4 of 0.007 is an N-position).
@pytest.mark.parametrize("n", [n for n in range(15) if n != 2])
def test_an_empty_row_of_n_cells_has_the_outcome_of_the_octal_heap_n_plus_2(n: int) -> None:
    assert (Engine(T).grundy((n, 0)) == 0) == (Engine(Octal("0.007")).grundy(n + 2) == 0)


def test_completing_three_wins_at_once() -> None:
    a = solve(T, T.parse("XX..X"))
    assert a.winning_moves[0].label == "X on cell 3 (three in a row)"
    assert a.explanation.startswith("X on cell 3 completes three in a row, so the player to move wins")
    assert a.remoteness == 1


def test_every_cell_dangerous_loses() -> None:
    a = solve(T, T.parse("X..X"))
    assert a.outcome is Outcome.P
    assert "every empty cell is within two cells of an X" in a.explanation


def test_cli_board_and_json(capsys) -> None:
    assert main(["solve", "treblecross", "X.....X..X......", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["position"] == "X.....X..X......" and data["outcome"] in ("N", "P")
    for m in data["winning_moves"]:
        assert m["move"].startswith("X on cell ")
    assert main(["solve", "treblecross", "..O.."]) == 2
    assert capsys.readouterr().err.count("\n") == 1
    assert main(["table", "treblecross", "--size", "12"]) == 0
    assert main(["solve", "octal:0.007", "7"]) == 0  # the heap game stays available under its code


def test_reversed_rows_share_a_key() -> None:
    assert T.key(T.parse("X....")) == T.key(T.parse("....X"))


# ---------------------------------------------------------------------- the runs of safe cells (0.007)


def searched(row: tuple[int, int]) -> tuple[Outcome, list[int]]:
    """The outcome and the winning cells (from 1) by the engine alone: no closed form."""
    eng = engine_for(T)
    st_, _ = eng.outcome(row)
    n, xs = row
    free = [i for i in range(n) if not xs >> i & 1]
    if not xs & (xs >> 1) & (xs >> 2) and free:
        outs = eng.outcomes([(n, xs | 1 << i) for i in free])
        wins = [i + 1 for i, (s, _) in zip(free, outs, strict=True) if s == PREVIOUS_WINS]
    else:
        wins = []
    return (Outcome.P if st_ == PREVIOUS_WINS else Outcome.N), wins


def formula(row: tuple[int, int]) -> tuple[Outcome | None, list[int] | None]:
    moves = T.winning_moves_formula(row)
    return T.outcome_formula(row), None if moves is None else [int(m.label.split()[3]) for m in moves]


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 13).flatmap(lambda n: st.tuples(st.just(n), st.integers(0, (1 << n) - 1))))
def test_runs_agree_with_plain_search(row: tuple[int, int]) -> None:
    out, wins = formula(row)
    if out is None:
        assert row[0] < 3 or row[1] & (row[1] >> 1) & (row[1] >> 2)  # only tiny or finished rows are searched
        return
    s_out, s_wins = searched(row)
    assert out is s_out
    assert sorted(wins or []) == s_wins


def test_every_empty_row_up_to_16_agrees() -> None:
    for n in range(3, 17):
        out, wins = formula((n, 0))
        assert (out, sorted(wins or [])) == searched((n, 0)), n


def octal_0007(top: int) -> list[int]:
    """G(h) of 0.007 from its definition: remove three counters, leaving 0, 1 or 2 heaps."""
    g = [0] * (top + 1)
    for h in range(3, top + 1):
        g[h] = min(set(range(h + 1)) - {g[a] ^ g[h - 3 - a] for a in range(h - 2)})
    return g


#: The winning cells of 47 empty cells (UVa 10561's board size).
WINS_47 = [1, 12, 15, 17, 20, 24, 28, 31, 33, 36, 47]


def test_47_empty_cells_at_once_with_every_winning_cell() -> None:
    # 2^47 whole positions; a budget of 100,000 positions is plenty for runs of at most 47 cells.
    a = solve(T, T.parse("47"), limits=Limits(max_positions=100_000))
    assert a.outcome is Outcome.N and a.winning_moves_listed
    assert sorted(int(m.label.split()[3]) for m in a.winning_moves) == WINS_47
    # Cross-checked on the segments: an X on cell c (from 1) leaves c - 3 safe cells on its left
    # and 44 - c on its right, the heaps c - 1 and 47 - c of 0.007 by the definition's mex.
    g = octal_0007(49)
    assert [c for c in range(1, 48) if g[c - 1] == g[47 - c]] == WINS_47


def test_runs_of_safe_cells() -> None:
    assert safe_runs(10, 0) == [(0, 10)]
    assert safe_runs(9, 1 << 4) == [(0, 2), (7, 2)]
    assert safe_runs(5, 1 << 2) == []
