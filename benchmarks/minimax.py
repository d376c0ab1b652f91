"""Minimax benchmarks: zermelo's negamax beside easyAI and OpenSpiel on the same positions.

Run: ``.venv/bin/python -m benchmarks minimax`` (peers from the ``bench`` extra:
``pip install -e ".[bench]"``; a missing peer is reported and skipped).

* tic-tac-toe full solve from the empty board (value and best move): zermelo (negamax with MTD(f),
  table, symmetry keys), easyAI (Negamax depth 9 with its transposition table), OpenSpiel
  (``alpha_beta_search``, no table);
* Connect Four: positions/s of the compiled solver; 5x4 and 4x5 from empty against easyAI
  (Negamax to full depth with its table) and 4x4, 5x4 against OpenSpiel (alpha-beta without a
  table: 5x4 takes it over a minute); 6x5 and 7x5 from empty;
* the stone games at the problem sizes (interval DP), and search on smaller rows (877 with 12
  piles beside easyAI, whose state must carry both scores, so its table merges far less).
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from zermelo.games import Connect4, StoneGame, TicTacToe
from zermelo.games.connect4 import four_lines
from zermelo.games.connect4_kernel import reset_table, solve
from zermelo.games.stones import (
    StoneGameIII,
    stone_game_dp,
    stone_game_ii_dp,
    stone_game_iii_dp,
    stone_game_iv_dp,
)
from zermelo.search.minimax import negamax


def best_of(f: Callable[[], Any], runs: int = 5) -> tuple[float, Any]:
    """The median time of ``runs`` runs (machine shared: medians are steadier) and the result."""
    times, out = [], None
    for _ in range(runs):
        start = time.perf_counter()
        out = f()
        times.append(time.perf_counter() - start)
    return statistics.median(times), out


def row(name: str, seconds: float | None, note: str = "") -> None:
    shown = "   —    " if seconds is None else f"{seconds * 1000:10.1f} ms" if seconds < 10 else f"{seconds:10.2f} s "
    print(f"  {name:<52} {shown}  {note}", flush=True)


# -- peers -------------------------------------------------------------------------------------


def easyai_tictactoe() -> Callable[[], Any] | None:
    try:
        from easyAI import AI_Player, Negamax, TranspositionTable
        from easyAI.games.TicTacToe import TicTacToe as EasyTicTacToe
    except ImportError:
        return None

    class T(EasyTicTacToe):  # type: ignore[misc, valid-type]
        def ttentry(self) -> tuple[Any, ...]:
            return (*self.board, self.current_player)

    def run() -> Any:
        ai = Negamax(9, tt=TranspositionTable())
        game = T([AI_Player(ai), AI_Player(ai)])
        move = ai(game)
        return ai.alpha, move

    return run


def easyai_connect4(w: int, h: int) -> Callable[[], Any] | None:
    try:
        from easyAI import AI_Player, Negamax, TranspositionTable, TwoPlayerGame
    except ImportError:
        return None
    lines = four_lines(w, h)  # the same cells as zermelo's board: c * h + r

    class C4(TwoPlayerGame):  # type: ignore[misc, valid-type]
        """Connect Four for easyAI: a flat list board with make/unmake (easyAI's fast path)."""

        def __init__(self, players: Any) -> None:
            self.players = players
            self.board = [0] * (w * h)
            self.heights = [0] * w
            self.current_player = 1

        def possible_moves(self) -> list[int]:
            return [c for c in range(w) if self.heights[c] < h]

        def make_move(self, c: int) -> None:
            self.board[c * h + self.heights[c]] = self.current_player
            self.heights[c] += 1

        def unmake_move(self, c: int) -> None:
            self.heights[c] -= 1
            self.board[c * h + self.heights[c]] = 0

        def lose(self) -> bool:
            b, o = self.board, self.opponent_index
            return any(b[i] == o and b[j] == o and b[k] == o and b[m] == o for i, j, k, m in lines)

        def is_over(self) -> bool:
            return sum(self.heights) == w * h or self.lose()

        def scoring(self) -> int:
            return -100 if self.lose() else 0

        def ttentry(self) -> tuple[int, ...]:
            return (*self.board, self.current_player)

    def run() -> Any:
        ai = Negamax(w * h, tt=TranspositionTable())
        game = C4([AI_Player(ai), AI_Player(ai)])
        move = ai(game)
        return ai.alpha, move

    return run


def easyai_stone_game(piles: list[int]) -> Callable[[], Any] | None:
    """LeetCode 877 for easyAI: the state carries both scores; the leaf score is the difference."""
    try:
        from easyAI import AI_Player, Negamax, TranspositionTable, TwoPlayerGame
    except ImportError:
        return None

    class Stones(TwoPlayerGame):  # type: ignore[misc, valid-type]
        def __init__(self, players: Any) -> None:
            self.players = players
            self.i, self.j = 0, len(piles)
            self.scores = [0, 0]
            self.current_player = 1

        def possible_moves(self) -> list[str]:
            return ["first", "last"] if self.j - self.i > 1 else ["first"]

        def make_move(self, move: str) -> None:
            if move == "first":
                self.scores[self.current_player - 1] += piles[self.i]
                self.i += 1
            else:
                self.j -= 1
                self.scores[self.current_player - 1] += piles[self.j]

        def is_over(self) -> bool:
            return self.i >= self.j

        def scoring(self) -> int:
            me = self.current_player - 1
            return self.scores[me] - self.scores[1 - me]

        def ttentry(self) -> tuple[int, ...]:
            return (self.i, self.j, *self.scores, self.current_player)

    def run() -> Any:
        ai = Negamax(len(piles), tt=TranspositionTable())
        game = Stones([AI_Player(ai), AI_Player(ai)])
        ai(game)
        return ai.alpha

    return run


def openspiel(game_string: str) -> Callable[[], Any] | None:
    try:
        import pyspiel
        from open_spiel.python.algorithms import minimax as osm
    except ImportError:
        return None
    game = pyspiel.load_game(game_string)

    def run() -> Any:
        return osm.alpha_beta_search(game, maximum_depth=64)

    return run


# -- the benchmark -----------------------------------------------------------------------------


def tictactoe() -> None:
    print("tic-tac-toe, full solve from the empty board (median of 5)")
    t = TicTacToe()
    ours, r = best_of(lambda: negamax(t, "........."))
    row("zermelo negamax (value, all best moves, line)", ours, f"{r.describe()}, {r.nodes:,} nodes")
    value_only, _ = best_of(lambda: negamax(t, ".........", method="alphabeta+table"))
    row("zermelo alpha-beta + table (value)", value_only)
    peer = easyai_tictactoe()
    if peer is None:
        row("easyAI Negamax(9) + TT", None, "easyAI not installed")
    else:
        theirs, out = best_of(peer, 3)
        row("easyAI Negamax(9) + TranspositionTable", theirs, f"alpha {out[0]}; zermelo {theirs / ours:.1f}x faster")
    os_peer = openspiel("tic_tac_toe")
    if os_peer is None:
        row("OpenSpiel alpha_beta_search", None, "open_spiel not installed")
    else:
        theirs, out = best_of(os_peer, 1)
        row("OpenSpiel alpha_beta_search (no table)", theirs, f"value {out[0]}; zermelo {theirs / ours:.1f}x faster")


def fresh(w: int, h: int) -> None:
    reset_table(w, h)


def connect4() -> None:
    print("\nConnect Four (compiled bitboard solver; fresh table per run)")
    solve(0, 0, 0, 4, 4)  # compile / load the kernels first
    fresh(6, 5)
    start = time.perf_counter()
    score, nodes = solve(0, 0, 0, 6, 5)
    sec = time.perf_counter() - start
    row("positions per second (6x5 from empty, value only)", sec, f"{nodes / sec / 1e6:.1f} M positions/s")
    for w, h in ((5, 4), (4, 5)):
        g = Connect4(w, h)
        fresh(w, h)
        ours, r = best_of(lambda g=g: (fresh(g.w, g.h), negamax(g, g.parse("")))[1], 3)
        row(f"zermelo {w}x{h} from empty (value, best moves, line)", ours, f"{r.describe()}, {r.nodes:,} nodes")
        peer = easyai_connect4(w, h)
        if peer is None:
            row(f"easyAI {w}x{h}", None, "easyAI not installed")
        else:
            theirs, out = best_of(peer, 1)
            row(f"easyAI Negamax({w * h}) + TT {w}x{h}", theirs, f"alpha {out[0]}; zermelo {theirs / ours:.0f}x faster")
    for w, h in ((4, 4), (5, 4)):
        os_peer = openspiel(f"connect_four(rows={h},columns={w})")
        if os_peer is None:
            row(f"OpenSpiel {w}x{h}", None, "open_spiel not installed")
            continue
        g = Connect4(w, h)
        ours, _ = best_of(lambda g=g: (fresh(g.w, g.h), negamax(g, g.parse("")))[1], 3)
        theirs, out = best_of(os_peer, 1)
        note = f"value {out[0]}; zermelo {theirs / ours:.0f}x faster"
        row(f"OpenSpiel alpha_beta_search {w}x{h} (no table)", theirs, note)
    for w, h in ((6, 5), (7, 5)):
        g = Connect4(w, h)
        fresh(w, h)
        start = time.perf_counter()
        score, nodes = solve(0, 0, 0, w, h)
        sec = time.perf_counter() - start
        row(f"zermelo {w}x{h} from empty, value", sec, f"score {score}, {nodes:,} positions")
        start = time.perf_counter()
        r = negamax(g, g.parse(""))
        sec = time.perf_counter() - start
        row(f'zermelo negamax connect4:{w}x{h} "" (warm table)', sec, f"{r.describe()}, best {len(r.best_moves)}")


def stones() -> None:
    print("\nstone games at the problem sizes (interval / prefix DP, median of 3)")
    rng = random.Random(877)
    piles = [rng.randint(1, 500) for _ in range(500)]
    sec, _ = best_of(lambda: stone_game_dp(piles), 3)
    row("877 stone game, n = 500", sec)
    values = [rng.randint(-1000, 1000) for _ in range(500)]
    sec, _ = best_of(lambda: stone_game_iii_dp(values), 3)
    row("1406 stone game III, n = 500", sec)
    piles2 = [rng.randint(1, 10_000) for _ in range(100)]
    sec, _ = best_of(lambda: stone_game_ii_dp(piles2), 3)
    row("1140 stone game II, n = 100", sec)
    sec, _ = best_of(lambda: stone_game_iv_dp(100_000), 3)
    row("1510 stone game IV, n = 10^5", sec)
    print("  by search (negamax, MTD(f) + table) on smaller rows:")
    short = piles[:100]
    sec, r = best_of(lambda: negamax(StoneGame(short), (0, 100)), 1)
    row("877 by search, n = 100", sec, f"{r.nodes:,} nodes, equals DP: {r.value == stone_game_dp(short)}")
    small = piles[:12]
    ours, r = best_of(lambda: negamax(StoneGame(small), (0, 12)), 3)
    row("877 by search, n = 12", ours, f"value {r.value}, {r.nodes:,} nodes")
    peer = easyai_stone_game(small)
    if peer is None:
        row("easyAI 877, n = 12", None, "easyAI not installed")
    else:
        theirs, alpha = best_of(peer, 1)
        row("easyAI Negamax(12) + TT 877, n = 12", theirs, f"alpha {alpha}; zermelo {theirs / ours:.0f}x faster")
    sec, r = best_of(lambda: negamax(StoneGameIII(values), 0), 1)
    row("1406 by search, n = 500", sec, f"{r.nodes:,} nodes, equals DP: {r.value == stone_game_iii_dp(values)}")


def main() -> None:
    tictactoe()
    connect4()
    stones()


if __name__ == "__main__":
    main()
