"""The value of a position of a partisan game whose positions may repeat (a loopy game).

The positions reachable from the root are walked once (breadth first, by the rules' key, under
the position budget: the game's graph, as :func:`~zermelo.analyses.canonical.canonical_form` walks
a short game's options), and the graph is valued by :mod:`zermelo.values.loopy_parts`, one strongly
connected component at a time, on :mod:`zermelo.values.stopper`: a short game, a canonical
stopper, or its onside and offside.  Who wins, with draws, is the engine's question
(:func:`zermelo.analyses.draws.loopy_outcome`), not this module's.

>>> from zermelo.games.backsliding import BackslidingToads
>>> g = BackslidingToads()
>>> loopy_value(g, g.parse("T.F"))
Game('0')
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from ..core.limits import Limits, over_budget
from ..rules import Partisan
from ..values.game import count_work
from ..values.loopy import Graph
from ..values.loopy_parts import value_by_components
from ..values.stopper import Sided, Value, offside, onside, outcome_class, stop

__all__ = ["game_graph", "graph_facts", "loopy_facts", "loopy_position_facts", "loopy_value"]


def game_graph(rules: Partisan[Any], position: Any, limits: Limits | None = None) -> tuple[Graph, list[Any]]:
    """The game graph of ``position`` (root 0) and its positions in the graph's order."""
    cap = (limits or Limits()).max_positions
    index: dict[Hashable, int] = {rules.key(position): 0}
    order = [position]
    left: list[tuple[int, ...]] = []
    right: list[tuple[int, ...]] = []

    def node(p: Any) -> int:
        k = rules.key(p)
        i = index.get(k)
        if i is None:
            i = index[k] = len(order)
            order.append(p)
            if cap is not None and len(order) > cap:
                raise over_budget(cap, "positions", positions=len(order))
        return i

    i = 0
    while i < len(order):
        p = order[i]
        left.append(tuple(node(c) for c in rules.left_options(p)))
        right.append(tuple(node(c) for c in rules.right_options(p)))
        i += 1
    count_work(len(order))
    return Graph(tuple(left), tuple(right)), order


def loopy_value(rules: Partisan[Any], position: Any, *, limits: Limits | None = None) -> Value:
    """The value of ``position``: short game, canonical stopper or stopper-sided value."""
    rules.validate(position)
    graph, _ = game_graph(rules, position, limits)
    # Each part simplified compares every pair of its positions, each side to move: the budget caps them.
    return value_by_components(graph, 0, (limits or Limits()).max_positions)


def _stop_text(s: tuple[int, Any, int]) -> str:
    inf, x, eps = s
    if inf:
        return "on" if inf > 0 else "off"
    from ..cgsuite.printer import format_number

    num = format_number(x)
    return num if not eps else ("" if x == 0 else num) + ("over" if eps > 0 else "under")


def loopy_facts(value: Value) -> dict[str, Any]:
    """What ``zermelo value`` and its ``--json`` say of a loopy value, as data: CGSuite's text of
    the value and of its sides, its outcome class (with draws), and a stopper's stops."""
    from ..cgsuite import loopy_text  # noqa: F401  (it teaches the printer loopy values)
    from ..cgsuite.printer import cgsuite_text

    facts: dict[str, Any] = {
        "cgsuite": cgsuite_text(value),
        "outcome": outcome_class(value),
        "stopper": not isinstance(value, Sided),
        "onside": cgsuite_text(onside(value)),
        "offside": cgsuite_text(offside(value)),
    }
    if not isinstance(value, Sided):
        facts["left_stop"] = _stop_text(stop(value, True))
        facts["right_stop"] = _stop_text(stop(value, False))
    return facts


def graph_facts(rules: Partisan[Any], graph: Graph, order: list[Any]) -> dict[str, Any]:
    """A game graph as data: each position's text and the positions Left and Right move to
    (indices into ``positions``; the root is 0; a move to the position itself is a pass)."""
    return {
        "positions": [rules.format(p) for p in order],
        "left": [list(opts) for opts in graph.left],
        "right": [list(opts) for opts in graph.right],
    }


def loopy_position_facts(
    rules: Partisan[Any], position: Any, *, limits: Limits | None = None, graph_up_to: int = 0
) -> dict[str, Any]:
    """The object of ``zermelo value GAME POSITION --json`` for a loopy game (the web's value panel
    too): the game, the position, :func:`loopy_facts`, the number of positions of its game graph
    and, when it has at most ``graph_up_to`` of them, the graph itself (:func:`graph_facts`).

    >>> from zermelo.games.backsliding import BackslidingToads
    >>> g = BackslidingToads()
    >>> f = loopy_position_facts(g, g.parse("TT.F"), graph_up_to=12)
    >>> f["cgsuite"], f["stopper"], f["graph_size"], f["graph"]["positions"][0]
    ('on', True, 12, 'TT.F')
    """
    rules.validate(position)
    graph, order = game_graph(rules, position, limits)
    value = loopy_value(rules, position, limits=limits)
    return {
        "game": rules.spec(),
        "position": rules.format(position),
        **loopy_facts(value),
        "graph_size": len(graph),
        "graph": graph_facts(rules, graph, order) if len(graph) <= graph_up_to else None,
    }
