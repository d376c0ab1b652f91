"""Childish Hackenbush (CGSuite's ``game.graph.ChildishHackenbush``): Hackenbush in which a blue
or red edge may be cut only when nothing else falls with it.

The pictures are Blue-Red-Green Hackenbush's (``hackenbush``: stalks ``BRR``, trees ``B(R,GG)``,
graphs ``[g-a:B, a-g:R]``; CGSuite's strings ``lrr`` too).  Left cuts a blue edge, Right a red one,
either player a green one, and what loses touch with the ground falls — but a child may not
saw off a branch: a blue or red cut must drop no other edge.  Green edges cut as usual.  (The
rule is CGSuite's ``GenHackenbush(childishEdges => [Blue, Red])``.)

Why the values are searched, not folded: the colon principle of Hackenbush (a tree's value from
its ground edge and what stands on it) fails here — a blue ground edge carrying anything cannot
be cut at all — so the trees are valued from their positions; the components standing on the
ground are still independent (tested against plain play).

Small values, worked by hand: a blue stalk of n edges is n (Left cuts from the top); ``BR`` is
``{|1}`` = 0 (Left's blue edge carries the red one; Right cuts the red top, leaving ``B``); ``BRB``
is ``{0|}`` = 1 (only the top is free); ``B(B,R)`` is ``{0|2}`` = 1 (Left's top blue leaves ``BR``,
Right's red leaves ``BB``); ``GB`` is ``{*, 0|0}`` = ↑* as in Hackenbush.  Where Hackenbush has
``BR`` = 1/2 and ``BRB`` = 3/4, the children get 0 and 1.

>>> from zermelo.analyses.canonical import canonical_form
>>> c = ChildishHackenbush()
>>> [str(canonical_form(c, c.parse(t))) for t in ("BBB", "BR", "BRB", "B(B,R)", "GB")]
['3', '0', '1', '1', '^*']
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, ClassVar

from ..rules.catalogue import CGSuiteName, GameEntry, no_params, register
from ..values.game import Game
from .hackenbush import Component, Hackenbush, Position, cgsuite_graph, cgsuite_stalk

__all__ = ["ChildishHackenbush"]


class ChildishHackenbush(Hackenbush):
    """Hackenbush where a blue or red cut may drop no other edge."""

    name: ClassVar[str] = "childish"

    def left_options(self, position: Position) -> Iterator[Position]:
        return self._childish(position, "B")

    def right_options(self, position: Position) -> Iterator[Position]:
        return self._childish(position, "R")

    def _childish(self, position: Position, colour: str) -> Iterator[Position]:
        seen: set[Position] = set()
        total = edge_count(position)
        for option in self._options(position, colour):  # the owner's edges: only a clean cut
            if edge_count(option) == total - 1 and option not in seen:
                seen.add(option)
                yield option
        for option in self._options(position, "G"):  # green edges: anything may fall
            if option not in seen:
                seen.add(option)
                yield option

    def ordinal(self, position: Position) -> tuple[Game, Position] | None:
        """No colon principle here: the trees are valued from their positions."""
        return None


def edge_count(position: Position) -> int:
    """The edges of a position: a tree's ground edge and its sub-trees', a graph's edge list."""
    return sum(_edges(c) for c in position)


def _edges(comp: Component) -> int:
    colour, rest = comp
    if colour == "#":
        return len(rest)
    total = 1
    stack: list[Any] = list(rest)
    while stack:
        _c, kids = stack.pop()
        total += 1
        stack.extend(kids)
    return total


register(
    GameEntry(
        "childish",
        no_params(ChildishHackenbush, "childish"),
        "Childish Hackenbush: a blue or red cut may drop no other edge; green cuts as usual (partisan)",
        "",
        "childish B(B,R)R",
        rules=ChildishHackenbush,
        aliases=("childishhackenbush",),
        cgsuite=(CGSuiteName("game.graph.ChildishHackenbush", text=cgsuite_stalk, shown=cgsuite_graph),),
    )
)
