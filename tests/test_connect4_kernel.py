"""The compiled Connect Four solver: speed never changes an answer, and budgets are budgets.

Every technique of the kernel (the two-bound table, its growth, mirror keys, enhanced
transposition cutoffs, weak solving, the slice-by-slice resumption) is checked against the
pure-Python rules and plain negamax (``Connect4(w, h, compiled=False)``) on random positions.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cli_helper_games import run
from zermelo import negamax
from zermelo.core.errors import SearchLimitExceeded
from zermelo.games import Connect4
from zermelo.games import connect4_kernel as k
from zermelo.search.engine import Limits, Progress
from zermelo.search.minimax_result import WIN_SCORE, child_target


def play(g: Connect4, columns: list[int]) -> tuple[str, ...]:
    """The position after the given columns; a move into a full column goes to the next column
    that has room, so every position has as many discs as moves were asked (until the game ends).
    (Skipping such moves made positions near the empty board, whose plain search takes seconds.)"""
    p = g.parse("")
    for c in columns:
        if g.payoff(p) is not None or all(len(col) == g.h for col in p):
            break
        c %= g.w
        while len(p[c]) == g.h:
            c = (c + 1) % g.w
        p = (*p[:c], p[c] + g.to_move(p), *p[c + 1 :])
    return p


boards = st.sampled_from([(4, 4, 5), (5, 4, 8), (4, 5, 8), (6, 4, 12), (5, 5, 15)])


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards, st.lists(st.integers(0, 9), min_size=30, max_size=30), st.integers(0, 3))
def test_kernel_equals_plain_negamax(board: tuple[int, int, int], moves: list[int], extra: int) -> None:
    """Exact value (with distance), weak value and null-window bounds, on random positions."""
    w, h, stones = board
    fast, ref = Connect4(w, h), Connect4(w, h, compiled=False)
    p = play(fast, moves[: stones + extra])
    plain = negamax(ref, p)
    want = plain.raw
    strong = negamax(fast, p, strength="strong")
    assert strong.raw == want, fast.format(p)
    # Every move that keeps the value, and a line of best play (tried in the solver's order).
    assert [m.label for m in strong.best_moves] == [m.label for m in plain.best_moves], fast.format(p)
    line, target = p, want
    for m in strong.pv:
        assert m.label in {x.label for x in fast.moves(line)}
        line, target = m.position, child_target(fast, target, 0)
        if fast.payoff(line) is None:
            assert negamax(fast, line, strength="strong", value_only=True).raw == target
    assert fast.payoff(line) is not None
    weak = negamax(fast, p, strength="weak")
    sign = (want > 0) - (want < 0)
    assert weak.value == sign
    if fast.payoff(p) is None:
        got_weak = fast.exact_value(p, weak=True)  # (sign, nodes): the nodes depend on the warm table
        assert got_weak is not None and got_weak[0] == sign
        for bound in (want - 1, want, want + 1, -1, 0):
            got = fast.exact_value(p, at_most=bound)
            assert got is not None and (got[0] <= bound) == (want <= bound)
        # The mirror image has the same value (mirror keys merge the two in the first plies).
        mirrored = tuple(reversed(p))
        assert negamax(fast, mirrored, strength="strong").raw == want


def test_weak_answers_name_a_winning_move() -> None:
    g = Connect4(6, 4)  # a second-player win: every first move loses
    r = negamax(g, g.parse(""), strength="weak")
    assert (r.value, r.weak, r.distance, r.describe()) == (-1, True, None, "loss")
    assert len(r.best_moves) == 6
    win = negamax(g, g.parse("1"), strength="weak")
    assert win.value == 1 and len(win.best_moves) == 1
    assert negamax(g, win.best_moves[0].position, strength="strong").value == -1


def test_auto_gives_the_distance_when_it_is_cheap() -> None:
    g = Connect4(6, 4)
    r = negamax(g, g.parse(""))
    assert (r.value, r.distance, r.weak) == (-1, 24, False)


def test_auto_scores_first_and_falls_back_to_who_wins(monkeypatch: pytest.MonkeyPatch) -> None:
    from zermelo.search import minimax_compiled as mc

    g = Connect4(6, 4)
    p = g.parse("3434")
    exact = negamax(g, p, strength="strong")
    first = negamax(g, p)  # the exact score within AUTO_FIRST_NODES: no weak search before it
    monkeypatch.setattr(mc, "AUTO_FIRST_NODES", 1)  # capped at once: weak, then the distance
    k.reset_table(6, 4)
    second = negamax(g, p)
    assert (first.raw, first.weak) == (second.raw, second.weak) == (exact.raw, False)
    assert [m.label for m in first.best_moves] == [m.label for m in second.best_moves]
    assert first.pv == second.pv  # the line does not depend on what the table holds
    monkeypatch.setattr(mc, "AUTO_STRONG_NODES", 1)  # the distance too dear: the answer stays weak
    k.reset_table(6, 4)
    weak = negamax(g, p)
    assert weak.weak and weak.value == (exact.raw > 0) - (exact.raw < 0)


def test_the_table_grows_and_keeps_its_bounds() -> None:
    k._TABLES.clear()
    t = k._TABLES[(5, 5)] = k.Table(5, 5)  # a new table: 2^16 entries
    first = t.table.shape[0]
    score, cold = k.solve(0, 0, 0, 5, 5)
    t.grow(cold)  # what a long search does between two slices
    assert t.table.shape[0] > first
    again, warm = k.solve(0, 0, 0, 5, 5)
    assert score == again == 0 and warm < cold // 2  # the bounds moved with the entries
    # Rehashing moves every bound: store a few, grow, read them back.
    small = np.zeros(1 << 12, np.int64)
    keys = [3, 12345, 1 << 40, (1 << 45) + 7]
    for i, key in enumerate(keys):
        k._store(small, 12, key, -i, i + 1, i)
    big = np.zeros(1 << 14, np.int64)
    k._rehash(small, big)
    assert [k._probe(big, 14, key) for key in keys] == [(-i, i + 1, i) for i in range(len(keys))]
    k._store(big, 14, keys[0], -5, 9)  # a weaker bound never loosens a stored one
    assert k._probe(big, 14, keys[0]) == (0, 1, 0)


def test_growth_counts_every_search_of_the_table_and_waits_past_the_cache() -> None:
    k._TABLES.clear()
    t = k._TABLES[(6, 5)] = k.Table(6, 5)
    size = t.table.shape[0]
    before = t.visited
    _, nodes = k.solve(0, 1 << 6, 1, 6, 5, at_most=0)
    assert t.visited == before + nodes > 0  # each search adds its positions
    t.visited = k.GROW_AFTER * size  # earlier searches visited enough: the next one grows first
    k.solve(0, 1 << 6, 1, 6, 5, at_most=0)
    assert size < t.table.shape[0] <= 1 << k.CACHE_LOG  # no further than the cache at once
    t.table = np.zeros(1 << k.CACHE_LOG, np.int64)
    t.visited = k.GROW_AFTER << k.CACHE_LOG  # enough below the cache, not past it
    t.grow(0)
    assert t.table.shape[0] == 1 << k.CACHE_LOG
    t.visited = k.GROW_PAST_CACHE << k.CACHE_LOG
    t.grow(0)
    assert t.table.shape[0] > 1 << k.CACHE_LOG


def test_answers_do_not_depend_on_what_the_table_holds() -> None:
    g = Connect4(5, 4)
    positions = [play(g, [i, j, k_, 2]) for i in range(5) for j in range(5) for k_ in (0, 4)]
    k.reset_table(5, 4)
    warm = [negamax(g, p, strength="strong").raw for p in positions]
    cold = []
    for p in positions:
        k.reset_table(5, 4)
        cold.append(negamax(g, p, strength="strong").raw)
    assert warm == cold


def test_the_deadline_stops_the_kernel() -> None:
    k.solve(0, 0, 0, 4, 4)  # load the kernels outside the timing
    cpu = time.process_time()
    with pytest.raises(SearchLimitExceeded, match="time budget exceeded after"):
        k.solve(0, 0, 0, 7, 6, weak=True, deadline=time.monotonic() + 0.3)
    # Slices last about 0.05 s; CPU seconds, which a loaded machine does not stretch (the point:
    # not the minutes of the whole solve).
    assert time.process_time() - cpu < 3.0


def test_progress_moves_and_names_the_phase() -> None:
    k.solve(0, 0, 0, 4, 4)
    seen: list[Progress] = []
    g = Connect4(7, 6)
    # 1,000 x 1000 positions: reports after the first slices (65,536, then 4 times more, ...).
    with pytest.raises(SearchLimitExceeded):
        negamax(g, g.parse(""), limits=Limits(1_000, None, seen.append))
    shown = [p for p in seen if not p.done]
    assert len(shown) >= 2 and shown[-1].positions > shown[0].positions
    # The exact score first, within an eighth of the budget (AUTO_FIRST_NODES at most), then who wins.
    phases = [p.detail.split(":")[0] for p in shown]
    assert phases[-1] == "who wins" and set(phases) <= {"exact score", "who wins"}, phases
    assert phases == sorted(phases), phases  # "exact score" < "who wins": never back to the first
    assert all("ply" in p.detail for p in shown)
    assert seen[-1].done  # the display is taken down


def test_cli_timeout_is_a_budget(capsys: pytest.CaptureFixture[str]) -> None:
    k.solve(0, 0, 0, 4, 4)
    for args in (("connect4", "", "--timeout", "0.5"), ("connect4:5x4", "", "--compare", "--timeout", "0.5")):
        cpu = time.process_time()  # CPU seconds: a loaded machine does not stretch them
        status, out, err = run(capsys, "negamax", *args)
        assert status == 2 and out == ""
        assert "time budget" in err and len(err.strip().splitlines()) == 1
        assert time.process_time() - cpu < 5.0


def test_cli_weak_and_strong(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "negamax", "connect4:6x4", "1", "--weak")
    assert status == 0
    assert "value       win (who wins only" in out and "winning move O" in out
    status, out, _ = run(capsys, "negamax", "connect4:6x4", "1", "--strong", "--json")
    data = json.loads(out)
    assert (data["outcome"], data["weak"], data["distance"]) == ("win", False, 23)
    assert WIN_SCORE - abs(negamax(Connect4(6, 4), Connect4(6, 4).parse("1")).raw) == 23


def _cold_solve(slice_seconds: float, monkeypatch: pytest.MonkeyPatch) -> tuple[int, int, int]:
    monkeypatch.setattr(k, "SLICE_SECONDS", slice_seconds)
    k._TABLES.clear()
    t = k._TABLES[(5, 5)] = k.Table(5, 5)  # a new table: 2^16 entries, grown during the search
    score, nodes = k.solve(0, 0, 0, 5, 5)
    return score, nodes, t.table.shape[0]


def test_the_search_does_not_depend_on_the_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    # The table grows at a node count, never at a time: slices of every length (the clock sets
    # them) search the same positions.
    short = _cold_solve(1e-9, monkeypatch)  # slices as short as they go: a pause every 2^16 nodes
    long = _cold_solve(10.0, monkeypatch)  # slices four times longer each time
    assert short == long
    assert short[1] > k.SLICE * 4 and short[2] > 1 << 16  # several slices, and the table grew


def test_the_same_search_in_two_processes_counts_the_same_nodes() -> None:
    # Other hash seeds, other timings: the same node counts and the same line of best play.
    answers = []
    for seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        code = "import sys; from zermelo.cli import main; sys.exit(main(sys.argv[1:]))"
        argv = [sys.executable, "-c", code, "negamax", "connect4:5x5", "", "--strong", "--json", "--quiet"]
        done = subprocess.run(argv, capture_output=True, text=True, env=env, check=True)
        answers.append({key: json.loads(done.stdout)[key] for key in ("nodes", "pv", "value", "best_moves")})
    assert answers[0] == answers[1]
    assert answers[0]["nodes"] > k.SLICE * 4


def test_plain_python_first_then_compiled_is_the_same_search(monkeypatch: pytest.MonkeyPatch) -> None:
    # A process's first positions run in plain Python (no numba to load); a long one goes on
    # compiled from where Python paused: the same score and the same node count as compiled alone.
    k.solve(0, 0, 0, 4, 4)  # the compiled kernel loaded
    g = Connect4(5, 5)
    for text in ("", "3", "3344", "2233414"):
        cur, mask, n = g.bitboards(g.parse(text))
        k._TABLES.clear()  # a new table each time: the same growth
        alone = k.solve(cur, mask, n, 5, 5)
        k._TABLES.clear()
        monkeypatch.setattr(k, "_RUN", [])  # as in a new process: the first nodes in Python
        monkeypatch.setattr(k, "_PLAIN_LEFT", [500])
        monkeypatch.setattr(k, "PLAIN_EMPTY", 25)  # every 5x5 position starts in Python
        assert k.solve(cur, mask, n, 5, 5) == alone
        assert k._RUN or alone[1] <= 500  # compiled only once Python's share was used up
