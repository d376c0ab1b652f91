"""Arc Kayles and Partizan Arc Kayles: choose an edge of a graph and delete both its ends (and
every edge touching them); whoever cannot move loses.

Arc Kayles is impartial.  In Partizan Arc Kayles (CGSuite's) edges are coloured: Left chooses
blue edges (``l``), Right red ones (``r``), either player green ones (``e``).  Graphs are written
in CGSuite's notation (``---`` a path of four vertices, ``:A---:A`` a triangle, ``--(-;-)`` a
tree; see :mod:`zermelo.games._graphs`) or as a family: ``path:8``, ``cycle:5``, ``star:3``,
``complete:4``, ``grid:2x3``.  A position keeps its isolated vertices, as CGSuite's does (a
move deletes two vertices and nothing else: ``--`` leaves ``.``), though they never matter: the
key drops them; connected components are independent games, and isomorphic graphs share one key.

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

from collections.abc import Hashable, Iterator, Sequence
from typing import ClassVar

from ..core.errors import InvalidGame
from ..rules import Impartial, Move, Partisan, validate_by_text
from ..rules.boards import Board, network_board, read_cells
from ..rules.catalogue import CGSuiteName, GameEntry, no_params, register
from ._graphs import (
    Graph,
    cgsuite_shown,
    components,
    delete_vertices,
    format_graph,
    graph_key,
    make_graph,
    parse_graph,
    text_from_cgsuite,
)

__all__ = ["ArcKayles", "PartizanArcKayles", "cgsuite_options"]


def _without_isolated(g: Graph) -> Graph:
    n, edges, _tags = g
    used = {v for i, j, _ in edges for v in (i, j)}
    return g if len(used) == n else delete_vertices(g, set(range(n)) - used)


def _chosen(g: Graph, i: int, j: int) -> Graph:
    return delete_vertices(g, {i, j})


def cgsuite_options(g: Graph, colours: str | None) -> list[Graph]:
    """The graphs left by each edge of one of ``colours`` (None: any), as CGSuite lists them: edge
    by edge in order, none merged (the two ends of a path are two options)."""
    return [_chosen(g, i, j) for i, j, lab in g[1] if colours is None or lab in colours]


def _edge_moves(g: Graph, colours: str | None) -> Iterator[Move[Graph]]:
    """Every graph left by choosing an edge of one of ``colours`` (None: any edge), labelled by the
    edge's ends as drawn (``v1-v2``: vertices numbered from 1); edges that leave the same graph
    (the two ends of a path) are one move, labelled by the first."""
    seen: set[Graph] = set()
    for i, j, lab in g[1]:
        if colours is None or lab in colours:
            after = _chosen(g, i, j)
            if after not in seen:
                seen.add(after)
                yield Move(f"v{i + 1}-v{j + 1}", after)


def _choose(g: Graph, colours: str | None) -> Iterator[Graph]:
    return (m.position for m in _edge_moves(g, colours))


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
        return parse_graph(text, "", self.edge_labels, name=self.name)

    def format(self, position: Graph) -> str:
        return format_graph(position)

    validate = validate_by_text

    def components(self, position: Graph) -> list[Graph]:
        """The connected components with an edge (a lone vertex is no game); the position itself
        when there is at most one."""
        parts = components(_without_isolated(position))
        return parts if len(parts) > 1 else [position]

    def key(self, position: Graph) -> Hashable:
        return graph_key(_without_isolated(position))

    def board(self, position: Graph) -> Board | None:
        """The graph, its vertices numbered from 1, its edges coloured."""
        return network_board(*position)

    def board_clicks(self, position: Graph, after: Graph, side: str | None = None) -> list[list[str]] | None:
        """Every edge whose choice leaves ``after`` (``e:2``, the second of :meth:`board`'s edges).

        >>> ArcKayles().board_clicks(ArcKayles().parse("path:4"), ArcKayles().parse("path:2"))
        [['e:1'], ['e:3']]
        """
        return [[f"e:{k + 1}"] for k, (i, j, _) in enumerate(position[1]) if _chosen(position, i, j) == after]

    def parse_move(self, position: Graph, text: str, moves: Sequence[Move[Graph]]) -> Move[Graph] | None:
        """An edge by its two ends, in either order: ``v2-v1``."""
        return read_cells(text, moves)


class ArcKayles(_OnGraphs, Impartial[Graph]):
    """Arc Kayles on any graph."""

    name: ClassVar[str] = "arckayles"

    def options(self, position: Graph) -> Iterator[Graph]:
        return _choose(position, None)

    def moves(self, position: Graph) -> Iterator[Move[Graph]]:
        """``v1-v2``: the chosen edge's ends."""
        return _edge_moves(position, None)


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
        return g

    def left_options(self, position: Graph) -> Iterator[Graph]:
        return _choose(position, "le")

    def right_options(self, position: Graph) -> Iterator[Graph]:
        return _choose(position, "re")

    def left_moves(self, position: Graph) -> Iterator[Move[Graph]]:
        return _edge_moves(position, "le")

    def right_moves(self, position: Graph) -> Iterator[Move[Graph]]:
        return _edge_moves(position, "re")

    def board_clicks(self, position: Graph, after: Graph, side: str | None = None) -> list[list[str]] | None:
        """The edges whose choice leaves ``after``, of the player who can choose them: when both
        players can leave it (Left by a blue edge, Right by a red one, say), the green ones.

        >>> p = PartizanArcKayles()
        >>> p.board_clicks(p.parse("lr(e;r)"), p.parse("l;."))  # the green edge, not the red twin
        [['e:3']]
        """
        hits = [(k, lab) for k, (i, j, lab) in enumerate(position[1]) if _chosen(position, i, j) == after]
        left, right = [k for k, lab in hits if lab in "le"], [k for k, lab in hits if lab in "re"]
        if side is not None:
            return [[f"e:{k + 1}"] for k in (left if side == "left" else right)]
        chosen = ([k for k, lab in hits if lab == "e"] or [k for k, _ in hits]) if left and right else left or right
        return [[f"e:{k + 1}"] for k in chosen]

    def value_key(self, position: Graph) -> tuple[Hashable, bool]:
        """(key, negated): the graph with blue and red swapped is the negative game."""
        n, edges, tags = _without_isolated(position)
        swapped = make_graph(n, [(i, j, {"l": "r", "r": "l"}.get(lab, lab)) for i, j, lab in edges], tags)
        plain, turned = graph_key((n, edges, tags)), graph_key(swapped)
        return (plain, False) if str(plain) <= str(turned) else (turned, True)


def _uncoloured(name: str, text: str) -> None:
    from ..core.errors import InvalidPosition

    raise InvalidPosition(f"{name}: every edge needs a colour, l (blue), r (red) or e (green), got {text.strip()!r}")


def gen_arc_kayles(named: dict[str, str]) -> str:
    """CGSuite's ``GenArcKayles(weighted ? false)``: Arc Kayles, or Weighted Arc Kayles.

    >>> gen_arc_kayles({}), gen_arc_kayles({"weighted": "true"})
    ('=game.graph.ArcKayles', '=game.graph.WeightedArcKayles')
    """
    weighted = named.get("weighted", "false")
    if weighted not in ("true", "false"):
        raise InvalidGame(f"GenArcKayles: `weighted` is true or false, got {weighted}")
    return "=game.graph.WeightedArcKayles" if weighted == "true" else "=game.graph.ArcKayles"


register(
    GameEntry(
        "arckayles",
        no_params(ArcKayles, "arckayles"),
        "Arc Kayles: choose an edge of a graph and delete both its ends",
        "",
        "arckayles path:8",
        aliases=("arc-kayles",),
        cgsuite=(
            CGSuiteName(
                "game.graph.ArcKayles",
                text=text_from_cgsuite,
                shown=cgsuite_shown,
                options=lambda _r, g, _left: cgsuite_options(g, None),
            ),
            CGSuiteName("game.graph.GenArcKayles", family=True, parameters=("weighted",), bind=gen_arc_kayles),
        ),
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
        cgsuite=(
            CGSuiteName(
                "game.graph.PartizanArcKayles",
                text=text_from_cgsuite,
                shown=cgsuite_shown,
                options=lambda _r, g, left: cgsuite_options(g, "le" if left else "re"),
            ),
        ),
    )
)
