"""The search tree of one alpha-beta search, as the notes teach it: every position entered, the
window (α, β) it was searched with, its value, and the branches cut off because α ≥ β.

:class:`Trace` is handed to :class:`zermelo.search.minimax.Search`, which reports to it as it goes
(``enter``, ``settle``, ``cut``, ``leave``); the answer is a tree of :class:`TraceNode` — facts,
which the CLI (:func:`trace_lines`) and the drawing (:mod:`zermelo.analyses.draw_trace`) word and draw.
The search keeps its negamax form (each value seen by the player to move); the notes' minimax
form (one player maximises, the other minimises, values seen by the first player) is a change
of sign on every other ply, made here: :meth:`TraceNode.for_first`.

>>> from zermelo.games.tictactoe import TicTacToe
>>> from zermelo.search.minimax import Search
>>> game = TicTacToe()
>>> trace = Trace(game)
>>> search = Search(game, table=False, trace=trace)
>>> search.alphabeta(game.parse("XO.XO...."))  # X wins in 1 ply: WIN_SCORE - 1
999999
>>> root = trace.root
>>> (root.nodes, root.cutoffs) == (search.stats.nodes, search.stats.cutoffs) == (63, 19)
True
>>> first = root.children[0]
>>> first.move.label, bound_text(first.for_first(first.result()), True)  # then O wins in 1
('X c1', '-1 in 1')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..core.errors import Remedy
from ..core.limits import over_budget
from ..rules import Move, Scored
from .minimax_result import WIN_SCORE

__all__ = ["MAX_TRACE", "Bound", "Trace", "TraceNode", "bound_fact", "bound_text"]

#: Positions a trace records at most (about 400 bytes each, 80 MB in all; the CLI draws only the top plies).
MAX_TRACE = 200_000


@dataclass(frozen=True)
class Bound:
    """A value the search established, seen by one player: exact, or only a bound on it
    (``relation`` is ``=``, ``≥`` or ``≤``).  ``value`` is the search's score (:data:`WIN_SCORE`
    minus the plies to a win; ±infinity as ``None`` with ``relation`` ``+``/``-``)."""

    relation: str
    value: int | None

    def flipped(self) -> Bound:
        """The same fact seen by the other player."""
        rel = {"=": "=", "≥": "≤", "≤": "≥", "+": "-", "-": "+"}[self.relation]
        return Bound(rel, None if self.value is None else -self.value)


def bound_text(b: Bound, win_loss: bool, ply: int = 0) -> str:
    """``+1 in 3``, ``0``, ``≥ -1 in 4``, ``+∞``: a win is +1 (a loss −1), as the notes score win,
    draw and loss, with the plies to the end; a scored game's value is its score.  ``ply`` is
    how deep the position of ``b`` lies below the one the plies are counted from.

    >>> bound_text(Bound("≥", WIN_SCORE - 3), True), bound_text(Bound("=", 0), True), bound_text(Bound("-", None), True)
    ('≥ +1 in 3', '0', '-∞')
    >>> bound_text(Bound("=", -WIN_SCORE + 1), True, ply=2)  # two plies down, lost in one more
    '-1 in 3'
    """
    if b.value is None:
        return "+∞" if b.relation == "+" else "-∞"
    v = b.value
    if win_loss and abs(v) > WIN_SCORE // 2:
        text = f"{'+1' if v > 0 else '-1'} in {WIN_SCORE - abs(v) + ply}"
    else:
        text = f"{v:+d}" if v else "0"
    return text if b.relation == "=" else f"{b.relation} {text}"


def bound_fact(b: Bound, win_loss: bool, ply: int = 0) -> dict[str, Any]:
    """:func:`bound_text` as data: ``relation`` (``=``, ``≥``, ``≤``), ``value`` (+1/0/−1 or the
    score; ``null`` for ±∞, then ``relation`` is ``+`` or ``-``) and ``plies`` to the end.

    >>> bound_fact(Bound("≤", -(WIN_SCORE - 2)), True, ply=1)
    {'relation': '≤', 'value': -1, 'plies': 3}
    """
    if b.value is None:
        return {"relation": b.relation, "value": None, "plies": None}
    v = b.value
    if win_loss and abs(v) > WIN_SCORE // 2:
        return {"relation": b.relation, "value": 1 if v > 0 else -1, "plies": WIN_SCORE - abs(v) + ply}
    return {"relation": b.relation, "value": v, "plies": None}


@dataclass
class TraceNode:
    """One position the search entered.

    ``alpha``/``beta`` are the window it was searched with and ``value`` what it returned, all
    for the player to move here (negamax); ``how`` says how it was settled: ``end`` (the game is
    over), ``table`` (the transposition table knew it), ``horizon`` (the depth limit) or
    ``searched``.  ``cutoff`` says a move reached β; ``cut`` are the moves that were then never
    searched (none when it was the last), with the window at that moment in
    ``cut_alpha``/``cut_beta``.  ``ply`` counts from the root.
    """

    position: Any
    move: Move[Any] | None
    ply: int
    alpha: int
    beta: int
    value: int = 0
    how: str = ""
    children: list[TraceNode] = field(default_factory=list)
    cutoff: bool = False
    cut: tuple[Move[Any], ...] = ()
    cut_alpha: int = 0
    cut_beta: int = 0

    @property
    def nodes(self) -> int:
        """Positions entered in this subtree, this one included."""
        return 1 + sum(c.nodes for c in self.children)

    @property
    def cutoffs(self) -> int:
        """Cut-offs in this subtree."""
        return self.cutoff + sum(c.cutoffs for c in self.children)

    def result(self) -> Bound:
        """What the search learnt here, for the player to move: fail-soft alpha-beta returns the
        value when it lies inside the window, else a bound (≤ α: a fail low; ≥ β: a fail high)."""
        if self.how in ("end", "horizon"):
            return Bound("=", self.value)
        if self.value <= self.alpha:
            return Bound("≤", self.value)
        if self.value >= self.beta:
            return Bound("≥", self.value)
        return Bound("=", self.value)

    def for_first(self, b: Bound) -> Bound:
        """``b`` (seen by the player to move here) seen by the player to move at the root."""
        return b if self.ply % 2 == 0 else b.flipped()

    def window(self) -> tuple[Bound, Bound]:
        """The window (α, β) in the notes' form: bounds on the root player's score."""
        return _window(self, self.alpha, self.beta)

    def cut_window(self) -> tuple[Bound, Bound]:
        """The window at the cut-off, in the notes' form (α ≥ β there)."""
        return _window(self, self.cut_alpha, self.cut_beta)


#: Window bounds past this are the search's ±infinity (its 2^62, moved a little by the
#: one-ply steps of win/loss windows).
_INFINITE = 1 << 61


def _side(x: int, rel: str) -> Bound:
    if x >= _INFINITE:
        return Bound("+", None)
    if x <= -_INFINITE:
        return Bound("-", None)
    return Bound(rel, x)


def _window(node: TraceNode, a: int, b: int) -> tuple[Bound, Bound]:
    lo, hi = _side(a, "="), _side(b, "=")
    if node.ply % 2 == 0:
        return lo, hi
    return hi.flipped(), lo.flipped()


class Trace:
    """Records one search as a tree; raises the budget error past ``max_nodes`` positions."""

    def __init__(
        self, game: Scored[Any], max_nodes: int = MAX_TRACE, remedies: tuple[Remedy, ...] = (Remedy.DEPTH_LIMIT,)
    ) -> None:
        self.game = game
        self.max_nodes = max_nodes
        self.remedies = remedies
        self.root: TraceNode | None = None
        self._path: list[TraceNode] = []
        self._count = 0

    def enter(self, position: Any, alpha: int, beta: int, move: Move[Any] | None) -> None:
        """The search enters ``position`` by ``move`` with the window (alpha, beta)."""
        self._count += 1
        if self._count > self.max_nodes:
            raise over_budget(self.max_nodes, "positions in a trace", by="negamax --trace", remedies=self.remedies)
        node = TraceNode(position, move, len(self._path), alpha, beta)
        if self._path:
            self._path[-1].children.append(node)
        else:
            self.root = node
        self._path.append(node)

    def settle(self, value: int, how: str) -> None:
        """The position entered last was settled at once (``end``, ``table``, ``horizon``)."""
        node = self._path.pop()
        node.value, node.how = value, how

    def cut(self, rest: list[Move[Any]], alpha: int, beta: int) -> None:
        """The position being searched cuts off its moves ``rest``: α ≥ β."""
        node = self._path[-1]
        node.cutoff, node.cut, node.cut_alpha, node.cut_beta = True, tuple(rest), alpha, beta

    def leave(self, value: int) -> None:
        """The position being searched returns ``value`` after its moves."""
        node = self._path.pop()
        node.value, node.how = value, "searched"
