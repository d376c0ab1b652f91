"""Arc Kayles and Partizan Arc Kayles: choose an edge of a graph and delete both its ends (and
every edge touching them); whoever cannot move loses.

Arc Kayles is impartial.  In Partizan Arc Kayles (CGSuite's) edges are coloured: Left chooses
blue edges (``l``), Right red ones (``r``), either player green ones (``e``).  Graphs are written
in CGSuite's notation (``---`` a path of four vertices, ``:A---:A`` a triangle, ``--(-;-)`` a
tree; see :mod:`zermelo.games._graphs`) or as a family: ``path:8``, ``cycle:5``, ``star:3``,
``complete:4``, ``grid:2x3``.  Isolated vertices never matter and are dropped; connected
components are independent games, and isomorphic graphs share one key.

On a path Arc Kayles is Dawson's Kayles shifted by one: a path of n vertices is a heap of n
(choosing an edge removes two adjacent vertices, 0.07), which the tests check; on a star any move
empties the graph (*1), and on a cycle of n the first move leaves a path of n − 2.

>>> from zermelo import grundy
>>> a = ArcKayles()
>>> [grundy(a, a.parse(f"path:{n}")) for n in range(1, 11)]
[0, 1, 1, 2, 0, 3, 1, 1, 0, 3]
>>> grundy(a, a.parse("star:5")), grundy(a, a.parse("cycle:6"))
(1, 0)
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from typing import ClassVar

from ..rules import Impartial, Partisan, validate_by_text
from ..rules.boards import Board
from ..rules.catalogue import CGSuiteName, GameEntry, no_params, register
from ._graphs import Graph, components, delete_vertices, format_graph, graph_key, make_graph, parse_graph

__all__ = ["ArcKayles", "PartizanArcKayles"]


def _without_isolated(g: Graph) -> Graph:
    n, edges, _tags = g
    used = {v for i, j, _ in edges for v in (i, j)}
    return g if len(used) == n else delete_vertices(g, set(range(n)) - used)


def _choose(g: Graph, colours: str | None) -> Iterator[Graph]:
    """Every graph left by choosing an edge of one of ``colours`` (None: any edge)."""
    seen: set[tuple[int, int]] = set()
    for i, j, lab in g[1]:
        if (colours is None or lab in colours) and (i, j) not in seen:
            seen.add((i, j))
            yield _without_isolated(delete_vertices(g, {i, j}))


def _drawing(g: Graph) -> Board:
    return {"kind": "graph", "edges": [[str(i), str(j)] for i, j, _ in g[1]], "tokens": []}


class _OnGraphs:
    """Text, validation, components and keys shared by the two games."""

    syntax: ClassVar[str] = (
        "a graph: path:N, cycle:N, star:N or grid:RxC, or vertices . joined by edges - (branches in "
        "parentheses, split by ;)"
    )
    examples: ClassVar[tuple[str, ...]] = ("path:8", "star:4", ".-(-;-)")

    name: ClassVar[str]
    edge_labels: ClassVar[str] = ""

    def parse(self, text: str) -> Graph:
        return _without_isolated(parse_graph(text, "", self.edge_labels, name=self.name))

    def format(self, position: Graph) -> str:
        return format_graph(position)

    validate = validate_by_text

    def components(self, position: Graph) -> list[Graph]:
        return components(position)

    def key(self, position: Graph) -> Hashable:
        return graph_key(position)

    def board(self, position: Graph) -> Board | None:
        """The graph's edges (vertices numbered from 0)."""
        return _drawing(position)


class ArcKayles(_OnGraphs, Impartial[Graph]):
    """Arc Kayles on any graph."""

    name: ClassVar[str] = "arckayles"

    def options(self, position: Graph) -> Iterator[Graph]:
        return _choose(position, None)


class PartizanArcKayles(_OnGraphs, Partisan[Graph]):
    """Partizan Arc Kayles: Left chooses blue (l) or green (e) edges, Right red (r) or green."""

    syntax = (
        "vertices joined by edges, each edge l (Left's), r (Right's) or e (either's), branches in parentheses"
        " split by ;"
    )
    examples = ("lrl(r;e)", "lrl")

    name: ClassVar[str] = "partizanarckayles"
    edge_labels: ClassVar[str] = "lre"

    def parse(self, text: str) -> Graph:
        g = parse_graph(text, "", self.edge_labels, name=self.name)
        if any(lab == "" for _, _, lab in g[1]):
            _uncoloured(self.name, text)
        return _without_isolated(g)

    def left_options(self, position: Graph) -> Iterator[Graph]:
        return _choose(position, "le")

    def right_options(self, position: Graph) -> Iterator[Graph]:
        return _choose(position, "re")

    def value_key(self, position: Graph) -> tuple[Hashable, bool]:
        """(key, negated): the graph with blue and red swapped is the negative game."""
        n, edges, tags = position
        swapped = make_graph(n, [(i, j, {"l": "r", "r": "l"}.get(lab, lab)) for i, j, lab in edges], tags)
        plain, turned = graph_key(position), graph_key(swapped)
        return (plain, False) if str(plain) <= str(turned) else (turned, True)


def _uncoloured(name: str, text: str) -> None:
    from ..core.errors import InvalidPosition

    raise InvalidPosition(f"{name}: every edge needs a colour, l (blue), r (red) or e (green), got {text.strip()!r}")


register(
    GameEntry(
        "arckayles",
        no_params(ArcKayles, "arckayles"),
        "Arc Kayles: choose an edge of a graph and delete both its ends",
        "",
        "arckayles path:8",
        aliases=("arc-kayles",),
        cgsuite=(CGSuiteName("game.graph.ArcKayles"),),
        rules=ArcKayles,
    )
)
register(
    GameEntry(
        "partizanarckayles",
        no_params(PartizanArcKayles, "partizanarckayles"),
        "Partizan Arc Kayles: as Arc Kayles; Left takes blue edges (l), Right red (r), both green (e)",
        "",
        'partizanarckayles "lrl(r;e)"',
        rules=PartizanArcKayles,
        aliases=("partisanarckayles",),
        cgsuite=(CGSuiteName("game.graph.PartizanArcKayles"),),
    )
)
