"""Answers from a game's compiled exact solver (the ``exact_value`` hook; Connect Four).

:func:`zermelo.search.minimax.negamax` hands a position here when its game has a compiled solver.  One
:class:`SolverCalls` is shared by every call made for one answer: positions (1000 x ``--budget``: the
compiled solver's positions are ~50 times cheaper than the generic search's, and the default
must reach the proof of 7x6 from the empty board, ~2 * 10^9 positions), the one deadline
of ``--timeout`` (the solver polls the clock between slices of about a million positions) and
the progress display.

Three strengths:

* ``strong`` — the exact value (win or loss *with* the distance in plies), every best move by
  one null-window test per move ("is the child worth at most what a best move leaves?"), and a
  line of best play;
* ``weak`` — only who wins (Pons' solver bisects the score range -1..1 instead of the whole
  range): for a win the one winning move the proof found, for a draw every move that keeps it;
* ``auto`` (the default) — the exact value if it takes at most :data:`AUTO_FIRST_NODES`
  positions (most positions a script asks about); else weak: a draw is then exact, a win or loss
  gets its distance too when that costs at most :data:`AUTO_STRONG_NODES` more positions, else the
  answer stays weak and says so (``--strong`` insists).

``value_only`` stops at the value: no best moves, no line (for a weak draw, no proof for each
move that keeps it) — the question Pons' solver answers, a score and nothing else.
"""

from __future__ import annotations

import time
from typing import Any

from ..core.budget import Budget
from ..core.errors import SearchLimitExceeded
from ..core.limits import Limits, Progress, over_budget, over_time, spent
from ..rules import Move, Scored
from .minimax_result import WIN_SCORE, Result, child_target, split

__all__ = ["AUTO_FIRST_NODES", "AUTO_STRONG_NODES", "COMPILED_BUDGET_FACTOR", "SolverCalls", "compiled_answer"]

#: A compiled solver's budget is this multiple of ``Limits.max_positions``: the CLI's default 10^7
#: gives 10^10, room for the weak proof of 7x6 from the empty board (``--timeout`` and Ctrl-C
#: stop it sooner; the progress display shows it moving).
COMPILED_BUDGET_FACTOR = 1000
#: ``auto`` adds the distance to a weak win or loss when the exact score costs at most this many
#: more positions (about a second).
AUTO_STRONG_NODES = 1 << 24
#: ``auto`` tries the exact score first, within this many positions: most positions a script asks
#: about score at once, and the weak search first then the distance cost more (on 30 positions of
#: 12-16 stones, 13.1 M positions against 12.2 M); past it the table keeps what was learnt.
AUTO_FIRST_NODES = 1 << 20


class _Capped(Exception):
    """The cap of one optional step (not the user's budget) was reached."""


class SolverCalls:
    """The calls behind one answer: their positions summed, and the run's one
    :class:`~zermelo.core.budget.Budget` (the deadline, the clock, taking the display down).  The
    solver counts and reports its own positions; they are passed on here, added to the earlier calls'."""

    def __init__(self, limits: Limits | None) -> None:
        lim = self.limits = limits or Limits()
        self.budget = Budget(lim, counts=None)
        self.max_nodes = None if lim.max_positions is None else lim.max_positions * COMPILED_BUDGET_FACTOR
        self.deadline = self.budget.end
        self.show = lim.progress
        self.nodes = 0

    def _progress(self, p: Progress) -> None:
        if self.show is not None:
            now = self.budget.seconds()
            self.show(Progress(self.nodes + p.positions, p.options, now, p.done, detail=p.detail))

    def done(self) -> None:
        """Take the progress display down."""
        self.budget.positions = self.nodes
        self.budget.report(done=True)

    def value(
        self, game: Scored[Any], position: Any, at_most: int | None = None, weak: bool = False, cap: int | None = None
    ) -> int | None:
        """A finished position's value or the compiled solver's (exact; with ``at_most`` a
        null-window test's bound; ``weak``: -1, 0 or 1); None when the game has no compiled solver."""
        leaf = game.payoff(position)
        if leaf is not None:
            self.nodes += 1
            return leaf if weak else leaf * WIN_SCORE if game.win_loss else leaf
        left = None if self.max_nodes is None else max(1, self.max_nodes - self.nodes)
        capped = cap is not None and (left is None or cap < left)
        try:
            got = game.exact_value(
                position,
                cap if capped else left,
                at_most,
                weak=weak,
                deadline=self.deadline,
                progress=None if self.show is None else self._progress,
            )
        except SearchLimitExceeded as exc:
            self.nodes += exc.positions
            now = time.monotonic()
            if capped and (self.deadline is None or now < self.deadline):
                raise _Capped from None
            if self.deadline is not None and now >= self.deadline and str(exc).count("time budget exceeded"):
                # The solver knows only its own seconds (0.0 when loading it took the budget): say
                # how much of --timeout went, and on how many positions in all.
                elapsed = spent(self.limits, self.deadline, now, self.budget.began)
                raise over_time(
                    None, f"{self.nodes:,} positions", by=game.spec(), positions=self.nodes, elapsed=elapsed
                ) from None
            if exc.limit == "positions" and self.max_nodes is not None and exc.budget == left:
                # The budget of the whole answer, not what an earlier call of it left.
                raise over_budget(
                    self.max_nodes,
                    by=game.spec(),
                    positions=self.nodes,
                    seconds=self.budget.seconds(),
                    remedies=exc.remedies,
                ) from None
            raise
        if got is None:
            return None
        self.nodes += got[1]
        return got[0]

    def sure(self, game: Scored[Any], position: Any, at_most: int | None = None, weak: bool = False) -> int:
        v = self.value(game, position, at_most, weak)
        if v is None:
            raise RuntimeError(f"{game.spec()}: the compiled solver refused a position it had accepted")
        return v


def compiled_answer(
    game: Scored[Any], position: Any, limits: Limits | None, strength: str = "auto", *, value_only: bool = False
) -> Result | None:
    """The :class:`~zermelo.search.minimax_result.Result` from the game's compiled solver, or None when
    it has none for this position.  ``strength``: ``strong``, ``weak`` or ``auto`` (see above);
    ``value_only``: the value alone, no moves searched."""
    if strength not in ("auto", "weak", "strong"):
        raise ValueError(f"strength is auto, weak or strong, not {strength!r}")
    b = SolverCalls(limits)
    strong = _value if value_only else _strong
    try:
        if strength == "strong":
            v = b.value(game, position)
            return None if v is None else strong(game, position, v, b)
        if strength == "auto":
            # At most an eighth of the budget: a small --budget is left to the weak search.
            first = AUTO_FIRST_NODES if b.max_nodes is None else min(AUTO_FIRST_NODES, b.max_nodes // 8)
            try:
                v = b.value(game, position, cap=first)
            except _Capped:
                pass
            else:
                return None if v is None else strong(game, position, v, b)
        sign = b.value(game, position, weak=True)
        if sign is None:
            return None
        if strength == "auto":
            if sign == 0:
                return strong(game, position, 0, b)  # a draw is exact already
            if b.nodes <= AUTO_STRONG_NODES:
                try:
                    v = b.value(game, position, cap=AUTO_STRONG_NODES)
                except _Capped:
                    pass
                else:
                    if v is not None:
                        return strong(game, position, v, b)
        if value_only:
            r = Result(game, position, sign, None, [], [], b.nodes, 0, True, None, "compiled, weak", 0.0, sign)
            r.weak = r.value_only = True
            return r
        return _weak(game, position, sign, b)
    finally:
        b.done()


def _value(game: Scored[Any], position: Any, v: int, b: SolverCalls) -> Result:
    """The exact value alone (``value_only``): no best moves, no line."""
    value, distance = split(game, v)
    r = Result(game, position, value, distance, [], [], b.nodes, 0, True, None, "compiled", 0.0, v)
    r.value_only = True
    return r


def _strong(game: Scored[Any], position: Any, v: int, b: SolverCalls) -> Result:
    """Best moves and the line: each move is one null-window test "is the child's value <= the
    value that would make this move best?" (never below it)."""
    best: list[Move[Any]] = []
    pv: list[Move[Any]] = []
    pos, target = position, v
    first = True
    # A game with an opening book (Connect Four) answers inside it at once; from a position inside
    # the book the line follows the book to its last ply and stops there (beyond, every step
    # would be a search of its own).
    edge = getattr(game, "book_edge", None)
    in_book = edge is not None and not edge(position)
    method = "compiled"
    book_end = None
    order = getattr(game, "solver_order", game.order)  # the same for a position on every run
    while game.payoff(pos) is None:
        if in_book and pv and edge is not None and edge(pos):
            method, book_end = "compiled, opening book", len(pv)
            break
        step = None
        c = child_target(game, target, 0)
        moves = list(game.moves(pos))
        # The solver's order (Connect Four: threats first) finds a move that keeps the value
        # soonest: each move tried before it is a proof of its own (on 7x5 from the empty board,
        # left to right, the line cost half as many positions again as the value; on 30 positions
        # of 12-16 stones threats first cost about half the positions of centre first).
        for m in order(pos, list(moves)):
            if b.sure(game, m.position, c) <= c:
                if first:
                    best.append(m)
                if step is None:
                    step = m
                    if not first:
                        break
        if first:
            best.sort(key=moves.index)  # shown in the game's own order of moves
        if step is None:
            raise RuntimeError(f"{game.spec()}: compiled solver disagrees with its own children")
        pv.append(step)
        pos, target = step.position, c
        first = False
    value, distance = split(game, v)
    r = Result(game, position, value, distance, best, pv, b.nodes, 0, True, None, method, 0.0, v)
    r.book_end = book_end
    return r


def _weak(game: Scored[Any], position: Any, sign: int, b: SolverCalls) -> Result:
    """Who wins, and the moves that keep it: a winner's first winning move (in the game's move
    order), every move that keeps a draw, every move of a lost position."""
    moves = game.order(position, list(game.moves(position)))
    best: list[Move[Any]] = []
    if sign > 0:
        # A child worth at most -1 is lost for the opponent (-1 is above every loss's value).
        best = next(([m] for m in moves if b.sure(game, m.position, -1) <= -1), [])
        if not best:
            raise RuntimeError(f"{game.spec()}: compiled solver disagrees with its own children")
    elif sign == 0:
        best = [m for m in moves if b.sure(game, m.position, 0) <= 0]
    else:
        best = moves
    r = Result(game, position, sign, None, best, [], b.nodes, 0, True, None, "compiled, weak", 0.0, sign)
    r.weak = True
    return r
