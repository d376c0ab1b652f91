"""Col and Snort on any graph (CGSuite's ``game.graph.Col`` and ``game.graph.Snort``): colour a
vertex; in Col not next to your own colour, in Snort not next to the enemy's.

Coloured vertices leave the graph; what stays of them is the tag they give their neighbours, as in
CGSuite: a vertex tagged ``L`` touches Left's colour, ``R`` Right's (a vertex touching both can
never be coloured and is deleted).  So in Col Left may colour an untagged vertex or an ``R`` one,
in Snort an untagged or an ``L`` one.  Graphs in CGSuite's notation with vertex labels ``L`` and
``R`` (``L-R---L``, ``.:A-.-.-.:A``) or a family (``path:5``, ``cycle:4``, ``grid:2x3``; see
:mod:`zermelo.games._graphs`).  Components are independent; swapping the tags ``L`` and ``R``
gives the negative game; isomorphic graphs share one key.  (Note the tags: ``L-.`` is a vertex
touching Left's colour and a free one, -1/2 in Col — not a vertex Left has coloured, as the
grid games' ``L`` is.)  (The grid versions are ``col`` and
``snort``; on a grid graph the two agree, which the tests check.)

>>> from zermelo.analyses.canonical import canonical_form
>>> c, s = GraphCol(), GraphSnort()
>>> [str(canonical_form(c, c.parse(t))) for t in (".", ".-.", ".-.-.", "L-.")]
['*', '0', '0', '-1/2']
>>> [str(canonical_form(s, s.parse(t))) for t in (".", ".-.", ".-.-.", "L-.")]
['*', '±1', '±2', '{1|0}']
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from typing import ClassVar

from ..core.errors import InvalidGame
from ..rules import Move, Partisan, validate_by_text
from ..rules.boards import Board, network_board
from ..rules.catalogue import CGSuiteName, GameEntry, no_params, register
from ._graphs import (
    Graph,
    cgsuite_shown,
    components,
    delete_vertices,
    format_graph,
    graph_key,
    make_graph,
    neighbours,
    parse_graph,
    text_from_cgsuite,
)

__all__ = ["GenCol", "GraphCol", "GraphSnort", "cgsuite_name"]

_SWAP = {"L": "R", "R": "L"}


class GenCol(Partisan[Graph]):
    """CGSuite's ``GenCol``: Col, Snort and Fjords differ only in which tags (``""`` untagged,
    ``L``, ``R``) each player may colour."""

    syntax = "a graph: vertices . (L or R once coloured) joined by edges -, branches in parentheses split by ;"
    examples = (".-(-;-)", "L-R---L")

    name: ClassVar[str] = "graphcol"
    left_may: ClassVar[tuple[str, ...]] = ()
    right_may: ClassVar[tuple[str, ...]] = ()

    def parse(self, text: str) -> Graph:
        return parse_graph(text, "LR", "", name=self.name)

    def format(self, position: Graph) -> str:
        return format_graph(position)

    validate = validate_by_text

    def board(self, position: Graph) -> Board | None:
        """The graph, its vertices numbered from 1, a tagged vertex filled with its tag's colour."""
        return network_board(*position)

    def _coloured(self, position: Graph, v: int, me: str) -> Graph:
        """The graph after ``me`` colours vertex ``v``: its untagged neighbours take ``me``'s tag,
        a neighbour tagged by the other player can never be coloured and goes."""
        n, edges, tags = position
        new = list(tags)
        gone = {v}
        for w in neighbours(position)[v]:
            if w == v:
                continue
            if new[w] == "":
                new[w] = me
            elif new[w] == _SWAP[me]:
                gone.add(w)
        return delete_vertices(make_graph(n, list(edges), new), gone)

    def _colour(self, position: Graph, me: str, may: tuple[str, ...]) -> Iterator[Move[Graph]]:
        """``v3``: colour vertex 3 (as drawn, from 1); vertices that leave the same graph are one move."""
        seen: set[Graph] = set()
        for v in range(position[0]):
            if position[2][v] in may:
                after = self._coloured(position, v, me)
                if after not in seen:
                    seen.add(after)
                    yield Move(f"v{v + 1}", after)

    def cgsuite_options(self, position: Graph, left: bool) -> list[Graph]:
        """The options as CGSuite's ``GenCol`` lists them: vertex by vertex, none merged."""
        me, may = ("L", self.left_may) if left else ("R", self.right_may)
        return [self._coloured(position, v, me) for v in range(position[0]) if position[2][v] in may]

    def left_moves(self, position: Graph) -> Iterator[Move[Graph]]:
        return self._colour(position, "L", self.left_may)

    def right_moves(self, position: Graph) -> Iterator[Move[Graph]]:
        return self._colour(position, "R", self.right_may)

    def left_options(self, position: Graph) -> Iterator[Graph]:
        return (m.position for m in self.left_moves(position))

    def right_options(self, position: Graph) -> Iterator[Graph]:
        return (m.position for m in self.right_moves(position))

    def board_clicks(self, position: Graph, after: Graph, side: str | None = None) -> list[list[str]] | None:
        """Every vertex whose colouring leaves ``after`` (``v:3``, vertex 3 as drawn).

        >>> c = GraphCol()
        >>> c.board_clicks(c.parse(".-.-."), c.parse("L,L"))
        [['v:2']]
        """
        return [
            [f"v:{v + 1}"]
            for v in range(position[0])
            if any(
                self._coloured(position, v, me) == after
                for me, may in (("L", self.left_may), ("R", self.right_may))
                if side is None or me == side[0].upper()
                if position[2][v] in may
            )
        ]

    def components(self, position: Graph) -> list[Graph]:
        return components(position)

    def key(self, position: Graph) -> Hashable:
        return self.value_key(position)

    def value_key(self, position: Graph) -> tuple[Hashable, bool]:
        """(key, negated): the graph with the tags L and R swapped is the negative game."""
        n, edges, tags = position
        plain = graph_key(position)
        turned = graph_key((n, edges, tuple(_SWAP.get(t, t) for t in tags)))
        return (plain, False) if str(plain) <= str(turned) else (turned, True)


def cgsuite_name(name: str) -> CGSuiteName:
    """The CGSuite name of a ``GenCol`` game: CGSuite's graph strings, its lists of options."""
    return CGSuiteName(
        name, text=text_from_cgsuite, shown=cgsuite_shown, options=lambda rules, g, left: rules.cgsuite_options(g, left)
    )


class GraphCol(GenCol):
    """Col on any graph: never colour next to your own colour."""

    name: ClassVar[str] = "graphcol"
    left_may: ClassVar[tuple[str, ...]] = ("", "R")
    right_may: ClassVar[tuple[str, ...]] = ("", "L")


class GraphSnort(GenCol):
    """Snort on any graph: never colour next to the enemy's colour."""

    name: ClassVar[str] = "graphsnort"
    left_may: ClassVar[tuple[str, ...]] = ("", "L")
    right_may: ClassVar[tuple[str, ...]] = ("", "R")


#: CGSuite's library defines its Col-like games by GenCol (game/graph/constants.cgs): the colours
#: a vertex Left may colour may have as neighbours (Nothing: uncoloured), then Right's.
_GEN_COL = {
    (frozenset({"Nothing", "Right"}), frozenset({"Nothing", "Left"})): "=game.graph.Col",
    (frozenset({"Nothing", "Left"}), frozenset({"Nothing", "Right"})): "=game.graph.Snort",
    (frozenset({"Left"}), frozenset({"Right"})): "=game.graph.Fjords",
}


def gen_col(named: dict[str, str]) -> str:
    """CGSuite's ``GenCol(leftPermitted, rightPermitted)`` as the game the library names by it.

    >>> gen_col({"leftPermitted": "Nothing,Left", "rightPermitted": "Right,Nothing"})
    '=game.graph.Snort'
    """
    sides = []
    for name in ("leftPermitted", "rightPermitted"):
        if name not in named:
            raise InvalidGame(f"GenCol: missing required parameter `{name}`")
        sides.append(frozenset(w for w in named[name].split(",") if w))
    hit = _GEN_COL.get((sides[0], sides[1]))
    if hit is None:
        raise InvalidGame(
            "GenCol: zermelo plays the library's Col ([Nothing, Right], [Nothing, Left]), Snort ([Nothing, Left],"
            " [Nothing, Right]) and Fjords ([Left], [Right])"
        )
    return hit


register(
    GameEntry(
        "graphcol",
        no_params(GraphCol, "graphcol"),
        "Col on any graph: colour a vertex not next to your own colour (L, R: tags; partisan)",
        "",
        'graphcol "L-R---L"',
        rules=GraphCol,
        cgsuite=(
            cgsuite_name("game.graph.Col"),
            CGSuiteName("game.graph.GenCol", family=True, parameters=("leftPermitted", "rightPermitted"), bind=gen_col),
        ),
    )
)
register(
    GameEntry(
        "graphsnort",
        no_params(GraphSnort, "graphsnort"),
        "Snort on any graph: colour a vertex not next to the enemy's colour (L, R: tags; partisan)",
        "",
        'graphsnort ".-(-;-)"',
        rules=GraphSnort,
        cgsuite=(cgsuite_name("game.graph.Snort"),),
    )
)
