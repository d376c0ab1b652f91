"""Negamax for every :class:`~zermelo.rules.Scored` game: value, best moves, principal variation.

One search serves every scored game (tic-tac-toe, Connect Four, the stone games):

* **negamax** — the value of a position for the player to move is the best of
  ``gain - value(option)`` over its moves (``gain`` is 0 unless the game banks points per move);
  a finished position is worth its ``payoff``.
* **alpha-beta** with fail-soft bounds: a move that already refutes the opponent's best line
  stops the search of its siblings (a *cut-off*).
* a **transposition table** keyed by ``game.key(position)`` (symmetries merge) storing a lower
  and an upper bound per position, with the depth searched and the best move (tried first next
  time — the default move ordering; ``game.order`` is the hook for more).
* **MTD(f)** (Plaat et al. 1996): the exact value by a few null-window searches (window of
  width one) that share the table; with a depth limit, **iterative deepening** runs MTD(f) at
  each depth, started from the previous depth's value, and stops early once a depth is exact.
* **depth limits** with the game's ``evaluate`` hook at the horizon, for games too big to solve.
  A result says whether it is exact (no search reached the horizon) or heuristic.
* **win/draw/loss games** (``win_loss = True``) are searched with values ``±(10**6 - d)`` so the
  search wins quickly and loses slowly; results report ``value`` -1/0/+1 and ``distance`` ``d``
  in plies to the end.
* plain **minimax** and **alpha-beta without the table** stay available for teaching
  (:func:`compare`): same values, more nodes.

The search is iterative (an explicit stack, no Python recursion): a game 10^5 plies deep costs
memory, not a ``RecursionError``.  Budgets (:class:`~zermelo.search.engine.Limits`) stop long runs with
:class:`~zermelo.core.errors.SearchLimitExceeded`.

>>> from zermelo.games.tictactoe import TicTacToe
>>> r = negamax(TicTacToe(), ".........")
>>> r.outcome, r.value, len(r.best_moves), len(r.pv)
('draw', 0, 9, 9)
>>> [c.method for c in compare(TicTacToe(), "XO.......")]
['minimax', 'alphabeta', 'alphabeta+table', 'mtdf']
"""

from __future__ import annotations

import time
from collections.abc import Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..core.budget import Budget
from ..core.checks import game_argument
from ..core.errors import InvalidPosition, Remedy, SearchLimitExceeded
from ..core.limits import Limits, Progress
from ..rules import Move, Scored
from . import minimax_compiled as _compiled_solver
from .minimax_result import WIN_SCORE, MoveValue, Result, child_target, outcome, split, unshrink

if TYPE_CHECKING:  # a trace is the caller's (`negamax --trace`): its module loads with it
    from .minimax_trace import Trace

__all__ = [
    "WIN_SCORE",
    "MoveValue",
    "Result",
    "Search",
    "compare",
    "move_values",
    "negamax",
]

_INF = 1 << 62
#: Depth of an exact (horizon-free) table entry.
_EXACT = 1 << 30
#: Positions whose payoff, key and moves a search remembers (then it starts over).
_MEMO_LIMIT = 1 << 20


@dataclass
class _Entry:
    lower: int
    upper: int
    depth: int
    best: int  # index of the best move found, -1 if none


@dataclass
class Stats:
    """Counters of one search: positions entered, cut-offs, table hits."""

    nodes: int = 0
    cutoffs: int = 0
    table_hits: int = 0


class Search:
    """One search configuration with its transposition table; reuse it to share the table.

    ``prune=False`` is plain minimax; ``table=False`` searches without the transposition table.
    """

    def __init__(
        self,
        game: Scored[Any],
        *,
        prune: bool = True,
        table: bool = True,
        limits: Limits | None = None,
        trace: Trace | None = None,
    ) -> None:
        if game.win_loss and game.gains:
            raise ValueError("a game is either win_loss or scores gains, not both")
        self.game = game
        self.prune = prune
        self.use_table = table
        self.limits = limits or Limits()
        self.table: dict[Hashable, _Entry] = {}
        self.stats = Stats()
        self.horizon_hit = False
        #: The one budget loop's stop rule, clock and progress display (``compare`` names its
        #: technique in ``budget.phase`` and counts from its first row in ``budget.since``).
        self.budget = Budget(self.limits, by="negamax", remedies=(Remedy.MORE_POSITIONS, Remedy.DEPTH_LIMIT), every=1)
        #: When the search must stop (``time.monotonic()``), from the limits or the ambient deadline.
        self.deadline = self.budget.end
        self._custom_order = type(game).order is not Scored.order
        self._memo: dict[Any, list[Any]] = {}
        #: Told of every position entered, settled, cut off and left (``negamax --trace``).
        self.trace = trace

    # -- values ----------------------------------------------------------------------------

    def back(self, child_value: int, gain: int) -> int:
        """A child's value seen from the parent: negate, add the gain, count one ply."""
        v = gain - child_value
        if self.game.win_loss:
            v = v - 1 if v > 0 else v + 1 if v < 0 else 0
        return v

    def _gain(self, position: Any, move: Move[Any]) -> int:
        return self.game.gain(position, move) if self.game.gains else 0

    # -- the search --------------------------------------------------------------------------

    def _check(self) -> None:
        """The one budget's stop rule and progress (every 4,096 nodes): positions are the nodes."""
        self.budget.look(positions=self.stats.nodes)

    def alphabeta(self, root: Any, alpha: int = -_INF, beta: int = _INF, depth: int = _EXACT) -> int:
        """Fail-soft negamax alpha-beta from ``root``; returns the value if inside (alpha, beta),
        else a bound on it (<= alpha or >= beta).  Sets ``horizon_hit`` when the depth limit
        was reached anywhere in the search.

        An explicit stack of frames replaces recursion.  A frame is ``[position, key,
        alpha_at_entry, alpha, beta, depth, moves, next_index, best, best_index, hint, gain,
        caller's horizon flag]``.
        """
        game = self.game
        stats = self.stats
        table = self.table if self.use_table else None
        prune = self.prune
        win_loss, gains = game.win_loss, game.gains
        payoff, moves_of, key_of = game.payoff, game.moves, game.key
        custom_order = self._custom_order
        trace = self.trace
        entered_by: Move[Any] | None = None
        stack: list[list[Any]] = []
        memo = self._memo
        ret = 0
        pos, a, b, d = root, alpha, beta, depth
        entering = True
        nodes = stats.nodes
        try:
            while True:
                if entering:
                    # Enter a position: settle it at once (finished, table, horizon) or push a frame.
                    nodes += 1
                    if not nodes & 0xFFF:
                        stats.nodes = nodes
                        self._check()
                    if trace is not None:
                        trace.enter(pos, a, b, entered_by)
                    settled = False
                    how = "end"
                    # The rules are asked once per position per search: MTD(f) passes and the
                    # best-move tests revisit the same positions many times.
                    node = memo.get(pos)
                    if node is None:
                        if len(memo) >= _MEMO_LIMIT:
                            memo.clear()
                        leaf = payoff(pos)
                        node = memo[pos] = [leaf, None if leaf is not None or table is None else key_of(pos), None]
                    leaf, key = node[0], node[1]
                    if leaf is not None:
                        ret, settled = (leaf * WIN_SCORE if win_loss else leaf), True
                    else:
                        hint = -1
                        if table is not None:
                            e = table.get(key)
                            if e is not None:
                                hint = e.best
                                if e.depth >= d:
                                    if e.depth < _EXACT:
                                        self.horizon_hit = True
                                    if e.lower >= b or e.lower == e.upper:
                                        ret, settled = e.lower, True
                                    elif e.upper <= a:
                                        ret, settled = e.upper, True
                                    elif prune:
                                        a, b = max(a, e.lower), min(b, e.upper)
                                    if settled:
                                        stats.table_hits += 1
                                        how = "table"
                        if not settled and d <= 0:
                            ret, settled = game.evaluate(pos), True
                            self.horizon_hit = True
                            how = "horizon"
                        if not settled:
                            generated = node[2]
                            if generated is None:
                                generated = node[2] = tuple(moves_of(pos))
                            moves = list(generated)
                            if not moves:
                                raise InvalidPosition(
                                    f"{game.spec()}: position {game.format(pos)!r} has no moves but no payoff"
                                )
                            if custom_order:
                                moves = game.order(pos, moves)
                            # The table's best move first: a swap, undone when the best index is stored.
                            if 0 < hint < len(moves):
                                moves[0], moves[hint] = moves[hint], moves[0]
                            else:
                                hint = 0
                            # Slot 12 saves the caller's horizon flag: each subtree tracks its own,
                            # so only entries whose own subtree met the horizon get a depth tag.
                            stack.append([pos, key, a, a, b, d, moves, 0, -_INF, -1, hint, 0, self.horizon_hit])
                            self.horizon_hit = False
                    if settled:
                        if trace is not None:
                            trace.settle(ret, how)
                        if not stack:
                            return ret
                        entering = False
                        continue
                else:
                    # A child returned ``ret``: fold it into the frame on top (negate, add the
                    # gain; win/loss games step one ply toward 0 — a win further away is worth less).
                    f = stack[-1]
                    v = f[11] - ret
                    if win_loss:
                        v = v - 1 if v > 0 else v + 1 if v < 0 else 0
                    if v > f[8]:
                        f[8], f[9] = v, f[7] - 1
                        if v > f[3]:
                            f[3] = v
                            if prune and v >= f[4]:
                                stats.cutoffs += 1
                                if trace is not None:
                                    trace.cut(f[6][f[7] :], f[3], f[4])
                                f[7] = len(f[6])  # no more children
                f = stack[-1]
                moves = f[6]
                i = f[7]
                if i < len(moves):
                    f[7] = i + 1
                    move = moves[i]
                    g = f[11] = game.gain(f[0], move) if gains else 0
                    if not prune:
                        a, b = -_INF, _INF
                    elif win_loss:
                        a, b = -unshrink(f[4]), -unshrink(f[3])
                    else:
                        a, b = g - f[4], g - f[3]
                    pos, d = move.position, f[5] - 1
                    entered_by = move
                    entering = True
                    continue
                # All children done (or cut off): store and return the frame's value.
                stack.pop()
                ret = int(f[8])
                if trace is not None:
                    trace.leave(ret)
                if table is None:
                    self.horizon_hit = self.horizon_hit or f[12]
                else:
                    best, hint = f[9], f[10]
                    if hint:
                        best = hint if best == 0 else 0 if best == hint else best
                    if ret <= f[2]:
                        lower, upper = -_INF, ret
                    elif ret >= f[4]:
                        lower, upper = ret, _INF
                    else:
                        lower = upper = ret
                    dep = f[5] if self.horizon_hit else _EXACT
                    self.horizon_hit = self.horizon_hit or f[12]
                    old = table.get(f[1])
                    if old is None or old.depth < dep:
                        table[f[1]] = _Entry(lower, upper, dep, best)
                    elif old.depth == dep:
                        old.lower, old.upper, old.best = max(lower, old.lower), min(upper, old.upper), best
                if not stack:
                    return ret
                entering = False
        finally:
            stats.nodes = nodes

    # -- drivers -----------------------------------------------------------------------------

    def mtdf(self, root: Any, guess: int, depth: int) -> tuple[int, bool]:
        """MTD(f): the value at ``depth`` by null-window searches from ``guess``; (value, exact)."""
        lower, upper = -_INF, _INF
        g = guess
        exact = True
        while lower < upper:
            beta = g + 1 if g == lower else g
            self.horizon_hit = False
            g = self.alphabeta(root, beta - 1, beta, depth)
            exact = exact and not self.horizon_hit
            if g < beta:
                upper = g
            else:
                lower = g
        return g, exact

    def deepening(self, root: Any, max_depth: int | None = None) -> tuple[int, bool, int]:
        """Iterative deepening with MTD(f) at each depth; stops as soon as a depth is exact.

        Returns (value, exact, depth reached).
        """
        g, d = 0, 0
        exact = False
        while True:
            d = d + 1 if d < 4 else 2 * d  # geometric: deep games (stone rows) pay at most twice
            if max_depth is not None:
                d = min(d, max_depth)
            g, exact = self.mtdf(root, g, d)
            if exact or (max_depth is not None and d >= max_depth):
                return g, exact, d

    def is_at_most(self, position: Any, value: int, depth: int) -> bool:
        """Null-window test: is the position's value <= ``value``?"""
        return self.alphabeta(position, value, value + 1, depth) <= value


def _best_moves(s: Search, position: Any, v: int, depth: int) -> list[Move[Any]]:
    """Every move whose value is ``v`` (the position's value), by one null-window test each."""
    game = s.game
    out = []
    for m in game.moves(position):
        c = child_target(s.game, v, s._gain(position, m))
        if s.is_at_most(m.position, c, depth - 1):
            out.append(m)
    return out


def negamax(
    game: Scored[Any],
    position: Any,
    *,
    depth: int | None = None,
    method: str = "mtdf",
    limits: Limits | None = None,
    search: Search | None = None,
    strength: str = "auto",
    value_only: bool = False,
) -> Result:
    """Value, best moves and principal variation of a scored position, with node counts.

    ``depth`` limits the search: iterative deepening with MTD(f) at each depth up to ``depth``
    (the game's ``evaluate`` scores the horizon; the result says ``exact=False`` if the
    horizon was reached, and stops early once a depth is exact).  ``method``: ``mtdf``
    (null-window searches with the table, the default), ``alphabeta+table`` (one full-window
    search with the table),
    ``alphabeta`` (no table) or ``minimax`` (no pruning, no table) — the last two for teaching.
    A game with a compiled solver (``exact_value``, Connect Four) uses it for exact values;
    ``strength`` is then ``auto``, ``weak`` (who wins only) or ``strong`` (the distance too):
    see :mod:`zermelo.search.minimax_compiled`.  ``value_only`` asks for the value alone: no best
    moves and no principal variation are searched (``Result.value_only``; a script scoring
    positions, as Pons' Connect Four solver answers).

    >>> from zermelo.games.stones import StoneGame
    >>> r = negamax(StoneGame((5, 3, 4, 5)), (0, 4))
    >>> r.value, [m.label for m in r.pv]
    (1, ['take first (5)', 'take last (5)', 'take last (4)', 'take the last one (3)'])
    """
    game_argument("negamax", game, Scored, position)
    game.validate(position)
    start = time.perf_counter()
    if method == "mtdf" and depth is None and game.payoff(position) is None:
        r = _compiled_solver.compiled_answer(game, position, limits, strength, value_only=value_only)
        if r is not None:
            r.seconds = time.perf_counter() - start
            return r
    configs = {
        "mtdf": (True, True),
        "alphabeta+table": (True, True),
        "alphabeta": (True, False),
        "minimax": (False, False),
    }
    if method not in configs:
        raise ValueError(f"unknown method {method!r}; one of {', '.join(configs)}")
    prune, table = configs[method]
    s = search or Search(game, prune=prune, table=table, limits=limits)
    if depth is not None and depth < 1:
        raise InvalidPosition(f"--depth must be at least 1, got {depth}")
    d = _EXACT if depth is None else depth
    if method == "mtdf" and depth is None:
        # Exact: MTD(f) at unlimited depth.  Deepening would only add work here, and on deep
        # games (a row of 500 stones) depth-tagged entries cannot be shared between plies.
        v, exact = s.mtdf(position, 0, _EXACT)
        reached = d
    elif method == "mtdf":
        v, exact, reached = s.deepening(position, depth)
    else:
        s.horizon_hit = False
        v = s.alphabeta(position, -_INF, _INF, d)
        exact, reached = not s.horizon_hit, d
    nodes, cutoffs = s.stats.nodes, s.stats.cutoffs
    # Best moves and the principal variation come from null-window tests on a fresh counter:
    # the node count above is the cost of the value alone, as the comparison table shows it.
    best: list[Move[Any]] = []
    pv: list[Move[Any]] = []
    if s.use_table and s.prune and game.payoff(position) is None and not value_only:
        best = _best_moves(s, position, v, d)
        pos, target, left = position, v, d
        while game.payoff(pos) is None and left > 0 and pv is not None:
            step = None
            for m in game.moves(pos):
                c = child_target(s.game, target, s._gain(pos, m))
                if s.is_at_most(m.position, c, left - 1):
                    step = (m, c)
                    break
            if step is None:  # a heuristic value need not be reproducible move by move
                break
            pv.append(step[0])
            pos, target, left = step[0].position, step[1], left - 1
    value, distance = split(game, v)
    _done(s)
    r = Result(
        game,
        position,
        value,
        distance,
        best,
        pv,
        nodes,
        cutoffs,
        exact,
        None if depth is None else reached,
        method if method != "mtdf" or depth is None else "mtdf+deepening",
        time.perf_counter() - start,
        v,
    )
    r.value_only = value_only
    return r


def _done(s: Search) -> None:
    """Take the progress display down (the search is over)."""
    s.budget.report(done=True)


def compare(game: Scored[Any], position: Any, *, limits: Limits | None = None) -> list[Result]:
    """The same position by minimax, alpha-beta, alpha-beta with the table, and MTD(f):
    same value, fewer nodes (what each technique saves).  A game with a compiled solver
    (Connect Four) gets a fifth row; a technique that runs over the budget is marked ``stopped``.

    >>> from zermelo.games.tictactoe import TicTacToe
    >>> rs = compare(TicTacToe(), "X...O....")
    >>> [(r.method, r.value, r.nodes) for r in rs]
    [('minimax', 0, 7332), ('alphabeta', 0, 871), ('alphabeta+table', 0, 196), ('mtdf', 0, 175)]
    """
    game.validate(position)
    limits = (limits or Limits()).started()  # one --timeout for the whole table
    out = []
    began = time.monotonic()
    for method in ("minimax", "alphabeta", "alphabeta+table", "mtdf"):
        start = time.perf_counter()
        s = Search(game, prune=method != "minimax", table=method in ("mtdf", "alphabeta+table"), limits=limits)
        s.budget.phase, s.budget.since = f"{method}:", began
        try:
            if method == "mtdf":
                v, exact = s.mtdf(position, 0, _EXACT)
            else:
                v = s.alphabeta(position)
                exact = not s.horizon_hit
        except SearchLimitExceeded:
            if s.deadline is not None and time.monotonic() > s.deadline:
                raise  # the time is up for every row: the budget error
            # One technique over budget (plain minimax on Connect Four) must not hide the others.
            r = Result(game, position, 0, None, [], [], s.stats.nodes, s.stats.cutoffs, False, None, method)
            r.seconds, r.stopped = time.perf_counter() - start, True
            out.append(r)
            continue
        value, distance = split(game, v)
        out.append(
            Result(
                game,
                position,
                value,
                distance,
                [],
                [],
                s.stats.nodes,
                s.stats.cutoffs,
                exact,
                None,
                method,
                time.perf_counter() - start,
                v,
            )
        )
    if game.payoff(position) is None:
        start = time.perf_counter()
        b = _compiled_solver.SolverCalls(limits)
        try:
            compiled = b.value(game, position)
        finally:
            b.done()
        if compiled is not None:
            value, distance = split(game, compiled)
            r = Result(game, position, value, distance, [], [], b.nodes, 0, True, None, "compiled")
            r.seconds, r.raw = time.perf_counter() - start, compiled
            out.append(r)
    elif limits.progress is not None:
        limits.progress(Progress(0, 0, time.monotonic() - began, done=True))
    return out


def move_values(game: Scored[Any], position: Any, *, limits: Limits | None = None) -> list[MoveValue]:
    """Every legal move with its exact value for the player making it (for hints in ``play``).

    Win/draw/loss games give ``outcome`` and ``distance`` ("win in 3"); scored games the score.

    >>> from zermelo.games.tictactoe import TicTacToe
    >>> [(mv.move.label, mv.describe()) for mv in move_values(TicTacToe(), "XX.OO....")][:3]
    [('X c1', 'win in 1'), ('X c2', 'draw'), ('X a3', 'loss in 2')]
    """
    game_argument("move_values", game, Scored, position)
    s = Search(game, limits=limits)
    b = _compiled_solver.SolverCalls(limits)
    out = []
    for m in game.moves(position):
        c = b.value(game, m.position)
        if c is None:
            c = s.mtdf(m.position, 0, _EXACT)[0]
        v = s.back(c, s._gain(position, m))
        value, distance = split(game, v)
        out.append(MoveValue(m, value, distance, outcome(game, value)))
    return out
