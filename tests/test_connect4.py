"""Connect Four: the compiled bitboard solver against the pure-Python reference rules.

Convention: ``connect4:WxH`` is W columns by H rows.  Known results (John Tromp's table):
4x4, 5x4 and 4x5 are draws; 6x4 (six columns, four rows) is a second-player win.
"""

from __future__ import annotations

import random

import pytest

from zermelo import InvalidGame, InvalidPosition, negamax
from zermelo.games import Connect4
from zermelo.games.connect4 import from_score
from zermelo.games.registry import make_game
from zermelo.search.minimax import WIN_SCORE, move_values


@pytest.mark.parametrize(
    ("w", "h", "outcome"),
    [(4, 4, "draw"), (5, 4, "draw"), (4, 5, "draw"), (6, 4, "loss"), (5, 5, "draw")],
)
def test_small_boards_from_empty(w: int, h: int, outcome: str) -> None:
    g = Connect4(w, h)
    r = negamax(g, g.parse(""))
    assert r.outcome == outcome and r.method == "compiled"
    assert r.nodes > 0 and r.pv
    # The line of best play ends the game with the promised result.
    p = g.parse("")
    for m in r.pv:
        p = m.position
    assert g.payoff(p) is not None


def test_6x4_is_six_columns_by_four_rows() -> None:
    g = Connect4(6, 4)
    board = g.parse("")
    assert len(board) == 6 and g.format(board).count("/") == 3
    r = negamax(g, board)
    assert r.value == -1 and r.distance is not None and r.distance % 2 == 0  # the second player's win


def test_reference_agrees_on_the_whole_4x4_board() -> None:
    fast, ref = Connect4(4, 4), Connect4(4, 4, compiled=False)
    a, b = negamax(fast, fast.parse("")), negamax(ref, ref.parse(""))
    assert (a.raw, b.raw) == (0, 0)
    assert {m.label for m in a.best_moves} == {m.label for m in b.best_moves}


def random_position(g: Connect4, rng: random.Random, stones: int) -> tuple[str, ...]:
    """A random game of ``stones`` moves that avoids ending the game where it can."""
    p = g.parse("")
    for _ in range(stones):
        if g.payoff(p) is not None:
            break
        going_on = [m.position for m in g.moves(p) if g.payoff(m.position) is None]
        p = rng.choice(going_on or [m.position for m in g.moves(p)])
    return p


@pytest.mark.parametrize(
    ("w", "h", "stones"),
    # The last two fill 56 and 60 of the 62 bits: shifts run off the top of the word there.
    [(4, 4, 4), (5, 4, 9), (4, 5, 9), (6, 4, 12), (7, 4, 16), (5, 5, 14), (7, 7, 38), (10, 5, 40)],
)
def test_compiled_equals_reference_with_distance(w: int, h: int, stones: int) -> None:
    """Exact values including the distance to the end (quick wins, slow losses)."""
    rng = random.Random(w * 100 + h)
    fast, ref = Connect4(w, h), Connect4(w, h, compiled=False)
    compiled = 0
    for _ in range(12):
        p = random_position(fast, rng, stones + rng.randint(0, 3))
        a = negamax(fast, p)
        compiled += a.method == "compiled"
        assert a.raw == negamax(ref, p).raw, fast.format(p)
    assert compiled >= 6  # most positions are still open: the kernel is what is tested


def test_move_values_for_hints() -> None:
    g = Connect4(5, 4)
    p = g.parse("2233")  # X on 2 and 3 of the bottom row, O above them; X to move
    values = {mv.move.label: mv.describe() for mv in move_values(g, p)}
    assert values["X 4"] == "win in 3"  # X 4 makes an open three: threats on 1 and 5
    ref = Connect4(5, 4, compiled=False)
    assert [(m.value, m.distance) for m in move_values(ref, p)] == [(m.value, m.distance) for m in move_values(g, p)]


def test_immediate_win_and_finished_games() -> None:
    g = Connect4(4, 4)
    assert negamax(g, g.parse("121212")).describe() == "win in 1"
    over = g.parse("1212121")
    assert g.payoff(over) == -1 and negamax(g, over).describe() == "loss: the game is over"


def test_from_score() -> None:
    cells = 42
    assert from_score(0, 10, cells, WIN_SCORE) == 0
    # Win with the very next stone after 10 moves: score (42 + 1 - 10) // 2 = 16, distance 1.
    assert from_score(16, 10, cells, WIN_SCORE) == WIN_SCORE - 1
    # Lose to the opponent's next stone: score -(42 - 10) // 2 = -16, distance 2.
    assert from_score(-16, 10, cells, WIN_SCORE) == -(WIN_SCORE - 2)


def test_text_forms() -> None:
    g = Connect4()
    p = g.parse("4453")
    assert g.format(p) == "......./......./......./......./...O.../..OXX.."
    assert g.parse(g.format(p)) == p
    assert make_game("connect4:6x5").spec() == "connect4:6x5"  # type: ignore[union-attr]
    wide = Connect4(10, 4)
    assert wide.parse("10 1 10") == ("O", *[""] * 8, "XX")  # wide boards: numbers with spaces


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("8", "column numbers 1..7"),
        ("4444444", "full column"),
        ("1212121 3", "after the game is over"),
        ("X....../......./......./......./......./.......", "floats"),
        ("......./......./......./......./......./OO.....", "as many stones"),
        ("......./......./XXXX.../OOOO.../......./.......", "floats"),
        ("......./......./......./......./....O../XXXXOOO", "opponent moved"),
        ("....../......", "6 rows of 7"),
    ],
)
def test_bad_positions(text: str, message: str) -> None:
    with pytest.raises(InvalidPosition, match=message):
        Connect4().parse(text)


def test_both_four_and_bad_sizes() -> None:
    g = Connect4(4, 4)
    with pytest.raises(InvalidPosition, match="both players"):
        g.parse("..../..../XXXX/OOOO")
    with pytest.raises(InvalidGame, match="COLUMNSxROWS"):
        make_game("connect4:7")
    with pytest.raises(InvalidGame):
        make_game("connect4:0x6")


def test_compiled_solver_respects_its_budget() -> None:
    from zermelo.core.errors import SearchLimitExceeded
    from zermelo.search.engine import Limits

    g = Connect4(7, 6)
    with pytest.raises(SearchLimitExceeded, match="budget of 1,000,000 positions"):
        negamax(g, g.parse(""), limits=Limits(1_000, None))


def test_depth_limited_search_on_big_boards_uses_the_heuristic() -> None:
    # 9 x 7 is beyond the 62-bit kernel: a depth-limited generic search with `evaluate`.
    g = Connect4(9, 7)
    assert not g.compiled
    r = negamax(g, g.parse("5"), depth=3)
    assert not r.exact and r.best_moves and len(r.pv) == 3
    # The heuristic sees the centre stone: X's open lines outnumber O's.
    assert g.evaluate(g.parse("5")) < 0  # O to move
    assert g.evaluate(g.parse("")) == 0


@pytest.mark.parametrize(("w", "h"), [(4, 4), (7, 6), (5, 1), (1, 5), (10, 7), (20, 20)])
def test_payoff_on_bitboards_equals_four_lines(w: int, h: int) -> None:
    """``payoff`` reads bitboards (fast); ``has_four`` scans the listed lines of four (the plain
    rule): they agree on random boards, wider than 62 bits too, and so does ``bitboards``."""
    g = Connect4(w, h)
    rng = random.Random(w * 31 + h)
    for _ in range(200 if w * h < 100 else 25):
        p = g.parse("")
        for _ in range(rng.randint(0, w * h)):
            if g.has_four(p, "X") or g.has_four(p, "O"):
                break
            p = rng.choice(g.moves(p)).position if g.moves(p) else p
        last = "O" if g.to_move(p) == "X" else "X"
        full = all(len(col) == h for col in p)
        assert g.payoff(p) == (-1 if g.has_four(p, last) else 0 if full else None), g.format(p)
        cur, mask, n = g.bitboards(p)
        me = g.to_move(p)
        assert n == sum(map(len, p))
        for c, col in enumerate(p):
            for r in range(h):
                bit = 1 << (c * (h + 1) + r)
                assert bool(mask & bit) == (r < len(col))
                assert bool(cur & bit) == (r < len(col) and col[r] == me)


def test_exact_value_at_most_threshold() -> None:
    """The null-window test "is the value <= v?" answers like the exact value, for every v."""
    g = Connect4(5, 4)
    rng = random.Random(5)
    for _ in range(6):
        p = random_position(g, rng, rng.randint(4, 9))
        if g.payoff(p) is not None:
            continue
        exact = g.exact_value(p)
        assert exact is not None
        for v in (exact[0] - 1, exact[0], exact[0] + 1, -WIN_SCORE, WIN_SCORE, 0, -1, 1):
            got = g.exact_value(p, at_most=v)
            assert got is not None and (got[0] <= v) == (exact[0] <= v)
