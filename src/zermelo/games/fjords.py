"""Fjords (CGSuite's ``game.graph.Fjords``, ``GenCol([Left], [Right])``): colour a vertex that
touches your own colour.

The graph and its tags are Col's and Snort's (:mod:`zermelo.games.graphcol`, CGSuite's graph
strings): a vertex tagged ``L`` touches Left's colour, ``R`` Right's.  Left may colour only an
``L`` vertex, Right only an ``R`` one; colouring tags the free neighbours with your colour and
deletes the neighbours tagged with the other's (nobody may ever colour them), so each player's
territory spreads along the graph from where it starts, like water into fjords.  A graph with
no tag is 0: nobody can begin.  Swapping ``L`` and ``R`` gives the negative game; components are
independent.

Why the small values are what they are (worked by hand, and checked against plain search in the
tests): a lone ``L`` is Left's one move, 1; ``L-.`` is 2 (her move tags the free vertex, a
second move); in ``L-R`` whoever moves deletes the other's vertex, *; in ``L-.-R`` either
player's move leaves ``L-R``, so it is {*|*} = 0.  A path of free vertices hanging off one
``L``, ``L`` followed by k free vertices, is Left's alone: k + 1 (each move tags the next).

>>> from zermelo.analyses.canonical import canonical_form
>>> f = Fjords()
>>> [str(canonical_form(f, f.parse(t))) for t in ("L", "L-.", "L-R", "L-.-R", "L---", ".-.")]
['1', '2', '*', '0', '4', '0']
"""

from __future__ import annotations

from typing import ClassVar

from ..rules.catalogue import GameEntry, no_params, register
from ._graphs import Graph
from .graphcol import GenCol, cgsuite_name

__all__ = ["Fjords", "territory"]


class Fjords(GenCol):
    """Fjords on any graph: colour only a vertex that touches your own colour."""

    syntax = "a graph: vertices . (L or R where they touch Left's or Right's colour) joined by edges -"
    examples = ("L-.-.-R", "L-.(-R;-.)")

    name: ClassVar[str] = "fjords"
    left_may: ClassVar[tuple[str, ...]] = ("L",)
    right_may: ClassVar[tuple[str, ...]] = ("R",)


def territory(position: Graph, tag: str) -> int | None:
    """The value of a component that only one player can ever enter: the number of vertices
    reachable from her tagged ones (each is one move of hers, in any order), as a signed integer;
    ``None`` when both players' tags are in it.

    >>> f = Fjords()
    >>> territory(f.parse("L---"), "L"), territory(f.parse("R-.(-.;-.)"), "R"), territory(f.parse("L-R"), "L")
    (4, -4, None)
    """
    n, edges, tags = position
    if any(t and t != tag for t in tags):
        return None
    adj: list[list[int]] = [[] for _ in range(n)]
    for i, j, _ in edges:
        adj[i].append(j)
        adj[j].append(i)
    seen = {v for v in range(n) if tags[v] == tag}
    stack = list(seen)
    while stack:
        for w in adj[stack.pop()]:
            if w not in seen:
                seen.add(w)
                stack.append(w)
    return len(seen) if tag == "L" else -len(seen)


register(
    GameEntry(
        "fjords",
        no_params(Fjords, "fjords"),
        "Fjords: colour a vertex that touches your own colour (L, R: tags; partisan)",
        "",
        'fjords "L-.-.-R"',
        rules=Fjords,
        cgsuite=(cgsuite_name("game.graph.Fjords"),),
    )
)
