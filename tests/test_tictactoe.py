"""Tic-tac-toe and m,n,k-games: rules, text form, symmetry keys, known values."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from zermelo import InvalidPosition, negamax
from zermelo.games import MNK, TicTacToe
from zermelo.games.registry import make_game
from zermelo.search.minimax import compare, move_values

T = TicTacToe()


def reachable(game: MNK) -> set[str]:
    """Every position reachable from the empty board (terminal ones included)."""
    start = "." * game.cells
    seen, todo = {start}, [start]
    while todo:
        p = todo.pop()
        if game.payoff(p) is not None:
            continue
        for m in game.moves(p):
            if m.position not in seen:
                seen.add(m.position)
                todo.append(m.position)
    return seen


def test_empty_board_is_a_draw_with_node_counts() -> None:
    r = negamax(T, ".........")
    assert (r.value, r.outcome, r.distance) == (0, "draw", None)
    assert len(r.best_moves) == 9  # every first move draws
    assert len(r.pv) == 9 and T.payoff(r.pv[-1].position) == 0
    rows = compare(T, ".........")
    assert [x.value for x in rows] == [0, 0, 0, 0]
    assert rows[0].nodes == 549_946  # the full game tree: 549,946 nodes (Schaeffer's count)
    assert rows[0].nodes > rows[1].nodes > rows[2].nodes


def test_5478_reachable_positions_and_765_up_to_symmetry() -> None:
    positions = reachable(T)
    assert len(positions) == 5478
    assert len({T.key(p) for p in positions}) == 765
    # Every reachable position parses back to itself (the legality check accepts it).
    assert all(T.parse(p) == p for p in positions)


def test_known_positions() -> None:
    assert negamax(T, "XX.OO....").describe() == "win in 1"
    assert negamax(T, "X...O...X").value == 0
    assert negamax(T, "X........").value == 0  # O to move after a corner: still a draw
    # O answers a corner with the adjacent edge: X forks and wins with its third stone.
    assert negamax(T, "XO.......").describe() == "win in 5"
    assert negamax(T, "XXXOO....").describe() == "loss: the game is over"


def test_move_values_colour_every_move() -> None:
    mv = {m.move.label: m.describe() for m in move_values(T, "X...O....")}
    assert set(mv.values()) <= {"draw"} | {f"win in {d}" for d in range(1, 9)} | {f"loss in {d}" for d in range(1, 9)}
    assert len(mv) == 7 and "draw" in mv.values()


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_symmetric_positions_have_equal_values(data: st.DataObject) -> None:
    p = "." * 9
    for _ in range(data.draw(st.integers(0, 6))):
        if T.payoff(p) is not None:
            break
        p = data.draw(st.sampled_from(T.moves(p))).position
    perm = data.draw(st.sampled_from(T._symmetries))
    q = "".join(perm(p))
    assert T.key(p) == T.key(q)
    assert negamax(T, p).raw == negamax(T, q).raw


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("XX", "9 cells"),
        ("XXXX.....", "as many stones"),
        ("XXXOOO...", "both players"),
        ("XXXOO.O..", "opponent moved"),
        ("XAX......", "X, O or ."),
        ("XXXXOOOO.", "opponent moved"),
        ("OO.......", "as many stones"),
    ],
)
def test_bad_boards(text: str, message: str) -> None:
    with pytest.raises(InvalidPosition, match=message):
        T.parse(text)


def test_played_on_after_winning_is_illegal() -> None:
    # X has two separate lines (rows 1 and 3 of a 4 x 4 board): one last move cannot make both.
    with pytest.raises(InvalidPosition, match="went on playing"):
        MNK(4, 4, 3).parse("XXXO/OO../XXXO/O...")
    # Two lines through one stone are fine: that stone was the last move.
    assert T.parse("XXX/XOO/XOO") == "XXXXOOXOO"


def test_text_forms() -> None:
    assert T.parse("x.o/.../...") == "X.O......"
    g = make_game("mnk:4,3,3")
    assert isinstance(g, MNK) and g.spec() == "mnk:4,3,3" and g.cells == 12
    assert make_game("tictactoe").spec() == "tictactoe"


def test_mnk_values() -> None:
    # k = 3 on 4 columns x 3 rows: the first player wins (m,n,k-game theory: k = 3, m >= 4, n >= 3).
    assert negamax(make_game("mnk:4,3,3"), "." * 12).outcome == "win"  # type: ignore[arg-type]
    # 3 in a row on 3 columns x 2 rows: each row can be blocked, so nobody can force it.
    assert negamax(MNK(3, 2, 3), "......").value == 0
    # A 1 x 1 board with k = 1: the first stone wins.
    assert negamax(MNK(1, 1, 1), ".").describe() == "win in 1"
