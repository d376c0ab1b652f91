"""The one game-graph search every analysis uses.

The search has two halves:

1. **Discovery** (Python, generic): breadth-first expansion of the positions reachable from the
   roots, with a memo table keyed by ``rules.key(position)`` (or by a game's dense ``index``).
   Iterative — a game a million moves deep never touches Python's recursion limit.  Budgets
   (positions, seconds) stop it with :class:`~zermelo.core.errors.SearchLimitExceeded`; a progress
   callback reports long runs; Ctrl-C leaves the graph consistent.  The graph is stored as
   integer arrays and kept, so later questions about the same game reuse it.
2. **Evaluation** (compiled, :mod:`zermelo.search._kernels`): a retrograde pass over the arrays gives the
   outcome and remoteness of every position, with draws for positions on cycles nobody can force
   a way out of; a topological pass gives Grundy values by the mex rule.  Loopy impartial games
   get generalized Sprague–Grundy values (:class:`Loopy`, after Smith and Fraenkel).

Two graphs per game: the *whole* graph (outcome, remoteness, misère play) and the *split* graph
(each option a sum of independent components: normal-play Grundy values, the XOR of the parts).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

import numpy as np

from ..core.budget import Budget
from ..core.cache import RulesCache
from ..core.checks import game_argument
from ..core.limits import Limits, Progress, check_clock, deadline, deadline_scope
from ..core.sprague_grundy import GValue, Loopy, mex, nim_sum
from ..core.traversal import fold
from ..rules import Impartial, Sum, summands
from ..rules.sizes import check_size
from .graph import Graph, kernel, overrides, plain_kernels

__all__ = [
    "DRAW",
    "NEXT_WINS",
    "PREVIOUS_WINS",
    "Engine",
    "GValue",
    "Limits",
    "Loopy",
    "Progress",
    "deadline_scope",
    "engine_for",
    "fold",
    "mex",
    "nim_sum",
    "plain_kernels",
]

#: The outcome of a position for the player to move, as the engine's arrays store it: the next
#: player (to move) wins — an N-position —, the previous player wins — a P-position — or a draw.
NEXT_WINS, PREVIOUS_WINS, DRAW = 1, 2, 0
#: Their old names (scripts and tests use them): a win or a loss for the player to move.

#: Budgets are checked at least once per this many options examined (see ``Engine._discover``):
#: 16 positions of a 5 × 5 Amazons board are about 2,700 options, 0.2 to 0.4 CPU s.  A look costs
#: about a microsecond, 1,024 of the cheapest options (bulk heaps) about 150.
CHECK_OPTIONS = 1 << 10


class Engine:
    """Search and memo tables for one game.  Use :func:`engine_for` to share one per game.

    >>> from zermelo.games import Subtraction
    >>> e = Engine(Subtraction({1, 3, 4}))
    >>> [e.grundy(n) for n in range(8)]
    [0, 1, 0, 1, 2, 3, 2, 0]
    >>> e.outcome(21), e.outcome(22)
    ((2, 12), (1, 13))
    """

    def __init__(self, rules: Impartial[Any]) -> None:
        self.rules = rules
        self.splits = isinstance(rules, Sum) or overrides(rules, "components", Impartial)
        self._whole = Graph(split=False)
        self._split = Graph(split=True)
        self._outcomes: dict[bool, tuple[np.ndarray, np.ndarray]] = {}
        self._g_whole = np.empty(0, np.int64)
        self._g_split = np.empty(0, np.int64)
        self._labels = np.empty(0, np.int64)  # generalized SG labels of the whole graph (-2: ∞)

    # ------------------------------------------------------------------ discovery
    def _search(self, graph: Graph, roots: Sequence[tuple[Impartial[Any], Any]], limits: Limits) -> list[int]:
        """The nodes of ``roots``, after discovering everything reachable from them.

        Whatever stops the search (a budget, Ctrl-C, an error raised by the rules) rolls the graph
        back to where it was, so a later question starts from a consistent graph.
        """
        n0 = graph.checkpoint()
        end = deadline(limits, time.monotonic())
        check_clock(limits, end)  # out of time already (a later part of one analysis): build nothing
        try:
            nodes = []
            for i, (r, p) in enumerate(roots):
                if not i & 4095:  # a million roots take a second or two: the clock is checked on the way
                    check_clock(limits, end)
                nodes.append(graph.node(r, p))
            for j in sorted(set(nodes)):
                if j >= n0:
                    check_size(*graph.positions[j], limits, whole=not graph.split)
            if graph.expanded < len(graph):
                self._discover(graph, n0, limits)
        except BaseException:
            graph.rollback(n0)
            raise
        return nodes

    def _discover(self, graph: Graph, n0: int, limits: Limits) -> None:
        """Expand every unexpanded node until none is left (breadth first, no recursion)."""
        positions = graph.positions
        expand = graph.expand
        opt_count = graph.opt_count
        o0 = graph.options_seen
        budget = Budget(limits)
        i = graph.expanded
        # The budget looks every 16 expanded positions, or sooner once CHECK_OPTIONS options were
        # examined since the last look: a wide game (Kayles of 10^5, 10^5 options a position) then
        # stops within a bounded amount of work, not 16 huge expansions late.  The guard is written
        # here, not as budget.tick(): it is cheap next to an expansion, a method call is not.
        next_check = o0 + CHECK_OPTIONS
        while i < len(positions):
            expand(i)
            i += 1
            if not i & 15 or opt_count[-1] >= next_check:
                next_check = opt_count[-1] + CHECK_OPTIONS
                budget.look(positions=len(positions) - n0, options=graph.options_seen - o0)
        budget.positions, budget.options = len(positions) - n0, graph.options_seen - o0
        if budget.cap is not None and budget.positions > budget.cap:
            budget.look()
        budget.report(done=True)

    # ------------------------------------------------------------------ evaluation
    def _arrays(self, graph: Graph) -> tuple[np.ndarray, np.ndarray]:
        return graph.mirror("node_off"), graph.mirror("parts")

    def _outcome_table(self, misere: bool, need: int) -> tuple[np.ndarray, np.ndarray]:
        """Outcome and remoteness of at least the first ``need`` nodes of the whole graph.

        A table computed earlier stays right for the nodes it covers: the graph was closed then,
        so nothing added later is reachable from them.
        """
        cached = self._outcomes.get(misere)
        if cached is not None and cached[0].shape[0] >= need:
            return cached
        node_off, parts = self._arrays(self._whole)
        table: tuple[np.ndarray, np.ndarray]
        if cached is not None and cached[0].shape[0]:
            # Only the new nodes need work: questions asked one by one stay linear overall.
            table = kernel("retrograde_more", parts.shape[0])(node_off, parts, misere, cached[0], cached[1])
        else:
            table = kernel("retrograde", parts.shape[0])(node_off, parts, misere)
        self._outcomes[misere] = table
        return table

    def outcome(self, position: Any, misere: bool = False, limits: Limits | None = None) -> tuple[int, int | None]:
        """(NEXT_WINS / PREVIOUS_WINS / DRAW, remoteness or ``None`` for a draw)."""
        return self.outcomes([position], misere, limits)[0]

    def outcomes(
        self, positions: Sequence[Any], misere: bool = False, limits: Limits | None = None
    ) -> list[tuple[int, int | None]]:
        """:meth:`outcome` of many positions with one search (tables, every option of a move)."""
        nodes = self._search(self._whole, [(self.rules, p) for p in positions], limits or Limits())
        if not nodes:
            return []
        state, rem = self._outcome_table(misere, max(nodes) + 1)
        return [(int(state[j]), int(rem[j]) if state[j] != DRAW else None) for j in nodes]

    def grundy(self, position: Any, limits: Limits | None = None) -> GValue:
        """The (generalized) Sprague–Grundy value of a position under normal play."""
        return self.grundies([position], limits)[0]

    def grundies(self, positions: Sequence[Any], limits: Limits | None = None) -> list[GValue]:
        """Grundy values of many positions with one search."""
        lim = limits or Limits()
        if not self.splits:
            return self._whole_grundies(positions, lim)
        graph = self._split
        end = deadline(lim, time.monotonic())
        split = []
        for i, p in enumerate(positions):
            if not i & 4095:  # splitting a million positions takes a second: check the clock on the way
                check_clock(lim, end)
            split.append(summands(self.rules, p))
        flat = self._search(graph, [rp for parts in split for rp in parts], lim)
        self._g_split = self._extend_grundy(graph, self._g_split)
        values = self._g_split[np.asarray(flat, dtype=np.int64)].tolist() if flat else []
        out: list[GValue] = []
        at = 0
        for p, parts in zip(positions, split, strict=True):
            vs = values[at : at + len(parts)]
            at += len(parts)
            if min(vs, default=0) < 0:
                # A loopy component: ∞ values do not simply add, so label the sum's own graph.
                out.append(self._whole_grundies([p], lim)[0])
            else:
                out.append(vs[0] if len(vs) == 1 else nim_sum(*vs))
        return out

    def _whole_grundies(self, positions: Sequence[Any], lim: Limits) -> list[GValue]:
        nodes = self._search(self._whole, [(self.rules, p) for p in positions], lim)
        self._g_whole = self._extend_grundy(self._whole, self._g_whole)
        values = self._g_whole[np.asarray(nodes, dtype=np.int64)].tolist() if nodes else []
        return [v if v >= 0 else self._loopy_value(j) for j, v in zip(nodes, values, strict=True)]

    def _extend_grundy(self, graph: Graph, g: np.ndarray) -> np.ndarray:
        n = len(graph)
        start = g.shape[0]
        if start == n:
            return g
        new = np.full(n, -1, np.int64)
        new[:start] = g
        node_off, parts = self._arrays(graph)
        kernel("grundy_values", parts.shape[0])(node_off, parts, new, start)
        return new

    def _loopy_value(self, j: int) -> GValue:
        """Generalized Sprague–Grundy value of a node the topological pass left unresolved."""
        from ._kernels import INFINITE

        n = len(self._whole)
        if self._labels.shape[0] != n:
            node_off, parts = self._arrays(self._whole)
            self._labels = kernel("loopy_grundy", parts.shape[0])(node_off, parts, self._g_whole)
        lab = self._labels
        if lab[j] != INFINITE:
            return int(lab[j])
        w = self._whole
        kids = w.parts[w.node_off[j] : w.node_off[j + 1]]
        return Loopy(frozenset(int(lab[c]) for c in kids if lab[c] != INFINITE))

    @property
    def positions_seen(self) -> int:
        """How many distinct positions the searches of this engine have reached."""
        return len(self._whole) + len(self._split)

    @property
    def options_seen(self) -> int:
        """How many options (moves) the searches of this engine have examined."""
        return self._whole.options_seen + self._split.options_seen


#: One engine per game object (the last few games: :mod:`zermelo.core.cache`).
ENGINES: RulesCache[Engine] = RulesCache(Engine)


def engine_for(rules: Impartial[Any]) -> Engine:
    """The shared engine of a game object, so repeated questions reuse the searched graph."""
    game_argument("engine_for", rules, Impartial)
    return ENGINES.get(rules)
