"""Weighted Arc Kayles (CGSuite's ``game.graph.WeightedArcKayles``, ``GenArcKayles(weighted =>
true)``): every vertex carries a weight; a move chooses an edge whose two ends both weigh at least
1 and takes 1 from each.  Whoever cannot move loses.

Graphs are written as for Arc Kayles (CGSuite's graph strings, or ``path:N``, ``cycle:N``, …),
a vertex's weight a digit in its place (``3-2-1`` is a path of weights 3, 2 and 1); a vertex
written ``.`` or left implicit (``---``) weighs 1.  (CGSuite builds its weighted graphs from
``Graph`` objects; zermelo reads the digits.)  A position keeps every vertex, as CGSuite's does
(``1-1`` leaves ``0-0``), though a vertex of weight 0 can never be used again: the key and the
components drop it and its edges, and vertices without edges; the components are independent
games, and isomorphic weighted graphs share one key.

Why the values come as they do, each checked against plain search in the tests:

* with every weight 1 a move deletes its edge's two ends: the game *is* Arc Kayles
  (:mod:`zermelo.games.arckayles`), so a path of n vertices of weight 1 is Dawson's Kayles;
* a star (one centre joined to every other vertex, and no other edge — two vertices joined by an
  edge are one) lasts exactly min(centre, sum of the leaves) moves whatever anyone does, since
  every move takes 1 from the centre and 1 from a leaf; a game whose every play has the same
  length L is \\*(L mod 2).  :meth:`WeightedArcKayles.grundy_formula` adds these up (nim-sum).

>>> from zermelo import grundy
>>> w = WeightedArcKayles()
>>> [grundy(w, w.parse(t)) for t in ("1-1", "2-3", "3-3", "2(-1;-1;-1)", "path:6", "3(-2;-2)")]
[1, 0, 1, 0, 3, 1]
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Sequence
from typing import ClassVar

from ..core.errors import InvalidPosition
from ..rules import Impartial, Move, validate_by_text
from ..rules.boards import Board, network_board, read_cells
from ..rules.catalogue import CGSuiteName, GameEntry, no_params, register
from ._graphs import (
    Graph,
    cgsuite_shown,
    components,
    delete_vertices,
    family,
    format_graph,
    graph_key,
    make_graph,
    parse_graph,
    text_from_cgsuite,
)

__all__ = ["WeightedArcKayles", "star_moves"]


def _normal(g: Graph) -> Graph:
    """``g`` without vertices of weight 0 and without vertices that have no edge left."""
    n, edges, tags = g
    dead = {v for v in range(n) if tags[v] == "0"}
    used = {v for i, j, _ in edges if i not in dead and j not in dead for v in (i, j)}
    gone = set(range(n)) - used
    return delete_vertices(g, gone) if gone else g


def _usable(g: Graph) -> list[tuple[int, int]]:
    """The ends of each edge whose two ends both weigh at least 1, in order."""
    tags = g[2]
    return [(i, j) for i, j, _ in g[1] if tags[i] != "0" and tags[j] != "0"]


def _one_digit_weights(text: str, name: str) -> None:
    """Two digits side by side are two vertices in CGSuite's notation, never a weight of 10 or
    more: refused, rather than read as something the user did not mean.

    >>> try:
    ...     _one_digit_weights("12-3", "w")
    ... except InvalidPosition as e:
    ...     print(e)
    w: a weight is one digit 0-9 (two vertices side by side need an edge -), got '12' at column 1 of '12-3'
    """
    i = 0
    while i < len(text):
        if text[i] == ":":  # a name, :A or :{name}, is not a weight
            end = text.find("}", i) if text[i + 1 : i + 2] == "{" else i + 1
            i = (end if end > 0 else len(text)) + 1
            continue
        if text[i].isdigit() and i + 1 < len(text) and text[i + 1].isdigit():
            raise InvalidPosition(
                f"{name}: a weight is one digit 0-9 (two vertices side by side need an edge -), "
                f"got {text[i : i + 2]!r} at column {i + 1} of {text.strip()!r}"
            )
        i += 1


def star_moves(g: Graph) -> int | None:
    """The number of moves left in a connected star (every play lasts that long), else ``None``.

    >>> w = WeightedArcKayles()
    >>> star_moves(w.parse("2(-1;-1;-1)")), star_moves(w.parse("5-4")), star_moves(w.parse("1-1-1-1"))
    (2, 4, None)
    """
    n, edges, tags = g
    pairs = {(i, j) for i, j, _ in edges}
    if n < 2 or any(i == j for i, j in pairs) or len(pairs) != n - 1:
        return None
    for centre in range(n):
        if all(centre in pair for pair in pairs):
            leaves = sum(int(tags[v]) for v in range(n) if v != centre)
            return min(int(tags[centre]), leaves)
    return None


class WeightedArcKayles(Impartial[Graph]):
    """Weighted Arc Kayles on any graph."""

    syntax = (
        "a graph whose vertices are their weights 0-9 (. or an implicit vertex weighs 1) joined by edges -, "
        "branches in parentheses split by ;, or path:N, cycle:N, star:N, grid:RxC (weights 1)"
    )
    examples = ("3-2-1", "2(-1;-1;-1)", "path:6")

    name: ClassVar[str] = "weightedarckayles"

    def parse(self, text: str) -> Graph:
        if family(text) is None:
            _one_digit_weights(text, self.name)
        n, edges, tags = parse_graph(text, "0123456789", "", name=self.name)
        return make_graph(n, list(edges), [t or "1" for t in tags])

    def format(self, position: Graph) -> str:
        return format_graph(position)

    validate = validate_by_text

    def cgsuite_options(self, position: Graph) -> list[Graph]:
        """The options as CGSuite lists them: edge by edge, none merged."""
        return [self._chosen(position, i, j) for i, j in _usable(position)]

    def moves(self, position: Graph) -> Iterator[Move[Graph]]:
        """``v1-v2``: the chosen edge's ends as drawn; edges that leave the same graph are one move."""
        seen: set[Graph] = set()
        for i, j in _usable(position):
            after = self._chosen(position, i, j)
            if after not in seen:
                seen.add(after)
                yield Move(f"v{i + 1}-v{j + 1}", after)

    def options(self, position: Graph) -> Iterator[Graph]:
        return (m.position for m in self.moves(position))

    @staticmethod
    def _chosen(g: Graph, i: int, j: int) -> Graph:
        """Take 1 from each end of the edge (once from the vertex of a loop, as CGSuite does)."""
        n, edges, tags = g
        new = list(tags)
        for v in {i, j}:
            new[v] = str(int(new[v]) - 1)
        return make_graph(n, list(edges), new)

    def components(self, position: Graph) -> list[Graph]:
        """The connected components with a usable edge; the position itself when there is at most one."""
        parts = components(_normal(position))
        return parts if len(parts) > 1 else [position]

    def key(self, position: Graph) -> Hashable:
        return graph_key(_normal(position))

    def grundy_formula(self, position: Graph) -> int | None:
        """The nim-sum of the stars' move counts mod 2, when every component is a star."""
        total = 0
        normal = _normal(position)
        for part in components(normal) if normal[0] else []:
            moves = star_moves(part)
            if moves is None:
                return None
            total ^= moves % 2
        return total

    def board(self, position: Graph) -> Board | None:
        """The graph, its vertices numbered from 1 and tagged with their weights."""
        return network_board(*position)

    def board_clicks(self, position: Graph, after: Graph, side: str | None = None) -> list[list[str]] | None:
        """Every edge whose choice leaves ``after``."""
        usable = set(_usable(position))
        return [
            [f"e:{k + 1}"]
            for k, (i, j, _) in enumerate(position[1])
            if (i, j) in usable and self._chosen(position, i, j) == after
        ]

    def parse_move(self, position: Graph, text: str, moves: Sequence[Move[Graph]]) -> Move[Graph] | None:
        """An edge by its two ends, in either order: ``v2-v1``."""
        return read_cells(text, moves)


register(
    GameEntry(
        "weightedarckayles",
        no_params(WeightedArcKayles, "weightedarckayles"),
        "Weighted Arc Kayles: choose an edge whose ends weigh at least 1 and take 1 from each",
        "",
        'weightedarckayles "3-2-1"',
        rules=WeightedArcKayles,
        aliases=("weighted-arc-kayles",),
        cgsuite=(
            CGSuiteName(
                "game.graph.WeightedArcKayles",
                text=text_from_cgsuite,
                shown=cgsuite_shown,
                options=lambda rules, g, _left: rules.cgsuite_options(g),
            ),
        ),
    )
)
