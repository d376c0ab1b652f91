"""Blue-Red-Green Hackenbush: Left cuts blue or green edges, Right red or green; unrooted edges fall.

Text form, one summand per word:

* a tree growing from the ground: colour letters ``B`` (blue, Left's), ``R`` (red, Right's),
  ``G`` (green, anyone's) up a chain, and ``(…, …)`` for branching:  ``BRR`` is a stalk,
  ``B(R,GG)`` a blue edge carrying a red edge and a green stalk of two;
* any graph as a list of edges in brackets, ``[g-a:B, a-b:R, b-g:G, b-b:B]``; the vertex ``g``
  (or ``0``) is the ground, ``b-b`` a loop.

Positions are tuples of components hanging from the ground.  A tree component is stored as its
canonical form (a blue edge with its sorted sub-trees), so isomorphic trees are one position;
a graph component is stored as its edge list.  Blue-red stalks are numbers: BR = 1/2, BRR = 1/4.

>>> from zermelo.analyses.canonical import canonical_form
>>> h = Hackenbush()
>>> [str(canonical_form(h, h.parse(s))) for s in ("B", "BR", "BRR", "RB", "G", "B(R,R)", "GG G")]
['1', '1/2', '1/4', '-1/2', '*', '1/4', '*3']
>>> h.format(h.parse("[g-a:B, a-g:R]  B(GG,R)"))
'[g-1:B,g-1:R] B(GG,R)'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from functools import partial
from typing import Any, ClassVar

from ..core.errors import InvalidGame, InvalidPosition
from ..rules import Partisan, recursion_room, validate_by_text
from ..rules.boards import Board, hackenbush_board
from ..rules.catalogue import CGSuiteName, GameEntry, no_params, register
from ..values.game import Game, integer, star

__all__ = ["Hackenbush"]

COLORS = "BRG"
LEFT, RIGHT = "BG", "RG"
GRAPH = "#"

#: A component: (colour, sub-trees) for a tree whose edge to the ground has that colour, or
#: ("#", edges) for any other graph, edges as (u, v, colour) with u <= v and the ground 0.
Component = tuple[str, tuple[Any, ...]]
Position = tuple[Component, ...]


def _blue() -> Game:
    return integer(1)


def _red() -> Game:
    return integer(-1)


def _green() -> Game:
    return star(1)


_EDGE_VALUE: dict[str, Callable[[], Game]] = {"B": _blue, "R": _red, "G": _green}


class Hackenbush(Partisan[Position]):
    """Blue-Red-Green Hackenbush on trees and on any graph with a ground."""

    syntax = (
        "stalks on the ground, separated by spaces: B a blue edge, R a red one (G green), a fork in "
        "parentheses with its branches split by ,"
    )
    examples = ("BRR", "B(B,R)R", "BR BB")

    name: ClassVar[str] = "hackenbush"

    # ------------------------------------------------------------------ moves
    def left_options(self, position: Position) -> Iterator[Position]:
        return self._options(position, LEFT)

    def right_options(self, position: Position) -> Iterator[Position]:
        return self._options(position, RIGHT)

    def _options(self, position: Position, colours: str) -> Iterator[Position]:
        seen: set[Position] = set()
        for i, comp in enumerate(position):
            if i and comp == position[i - 1]:
                continue  # the same component twice gives the same options
            rest = position[:i] + position[i + 1 :]
            for parts in _component_options(comp, colours):
                new = tuple(sorted(rest + parts))
                if new not in seen:
                    seen.add(new)
                    yield new

    def components(self, position: Position) -> list[Position]:
        return [(c,) for c in position]

    def ordinal(self, position: Position) -> tuple[Game, Position] | None:
        """A single tree is its ground edge : the trees above it (an ordinal sum), else None.

        By the colon principle only the value of what stands on an edge matters, so a tree's
        value comes from its sub-trees' values instead of from all its positions.
        """
        if len(position) != 1 or position[0][0] == GRAPH:
            return None
        colour, kids = position[0]
        return _EDGE_VALUE[colour](), kids

    def board(self, position: Position) -> Board | None:
        """Coloured edges over the ground ``g``: trees with their vertices named in depth-first
        order (``v1``, ``v2``, …), a graph component ``k`` (cycles, loops, parallel edges) with its
        own (``k.1``, ``k.2``, …); ``None`` past 80 edges (the text is shown)."""
        edges = _drawn_edges(position)
        if len(edges) > 80:
            return None
        return hackenbush_board([(a, b, colour) for a, b, colour, _ in edges], "g")

    def board_parts(self, position: Position, after: Position) -> list[str] | None:
        """The edge (``e:3``, the third of :meth:`board`'s) whose cut leaves ``after``: the
        position cut there, exactly as the options are made, equals it."""
        for i, (_, _, _, cut) in enumerate(_drawn_edges(position)):
            if cut() == after:
                return [f"e:{i + 1}"]
        return []

    # ------------------------------------------------------------------ text
    validate = validate_by_text  # a position given from Python must read back from its own text

    def parse(self, text: str) -> Position:
        with recursion_room():  # sorting equal tall trees compares them all the way up
            return parse_hackenbush(text)

    def format(self, position: Position) -> str:
        if not position:
            return "0"
        return " ".join(_format_component(c) for c in position)


def _drawn_edges(position: Position) -> list[tuple[str, str, str, Callable[[], Position]]]:
    """Every edge of a position as drawn, ``(from, to, colour, cut)``: ``cut()`` is the position
    without that edge (what falls with it gone), made as :meth:`Hackenbush._options` makes it."""
    out: list[tuple[str, str, str, Callable[[], Position]]] = []
    for k, comp in enumerate(position):
        rest = position[:k] + position[k + 1 :]
        if comp[0] == GRAPH:
            graph: tuple[Any, ...] = comp[1]
            name = {0: "g"} | {v: f"{k + 1}.{v}" for e in graph for v in e[:2] if v}
            for j, (u, v, colour) in enumerate(graph):
                out.append((name[u], name[v], colour, partial(_cut_graph, rest, graph, j)))
            continue
        # A tree: depth first, each edge from its parent; cut it and the branch is rebuilt.
        stack: list[tuple[str, Component, tuple[tuple[Component, int], ...]]] = [("g", comp, ())]
        while stack:
            parent, branch, path = stack.pop()
            vertex = f"v{len(out) + 1}"
            out.append((parent, vertex, branch[0], partial(_cut_tree, rest, path)))
            if len(out) > 80:
                return out
            stack.extend((vertex, kid, (*path, (branch, i))) for i, kid in reversed(list(enumerate(branch[1]))))
    return out


def _cut_graph(rest: Position, graph: tuple[Any, ...], j: int) -> Position:
    return tuple(sorted(rest + _normalise(graph[:j] + graph[j + 1 :])))


def _cut_tree(rest: Position, path: tuple[tuple[Component, int], ...]) -> Position:
    branch = _rebuild(path, None)
    return tuple(sorted(rest if branch is None else (*rest, branch)))


def _component_options(comp: Component, colours: str) -> Iterator[tuple[Component, ...]]:
    if comp[0] == GRAPH:
        yield from _graph_options(comp[1], colours)
    else:
        for b in _branch_options(comp, colours):
            yield () if b is None else (b,)


def _branch_options(branch: Component, colours: str) -> list[Component | None]:
    """The branch after cutting each edge of an allowed colour (None: the whole branch falls).

    Iterative over the tree; an edge is found with its path of ancestors, and the branch is
    rebuilt bottom-up along that path with the sub-trees re-sorted (canonical again).
    """
    out: list[Component | None] = []
    stack: list[tuple[Component, tuple[tuple[Component, int], ...]]] = [(branch, ())]
    while stack:
        b, path = stack.pop()
        colour, kids = b
        if colour in colours:
            out.append(_rebuild(path, None))
        for i, k in enumerate(kids):
            if i and k == kids[i - 1]:
                continue
            stack.append((k, (*path, (b, i))))
    return out


def _rebuild(path: tuple[tuple[Component, int], ...], sub: Component | None) -> Component | None:
    for (colour, kids), i in reversed(path):
        rest = kids[:i] + kids[i + 1 :]
        sub = (colour, rest if sub is None else tuple(sorted((*rest, sub))))
    return sub


# ---------------------------------------------------------------------- graphs
def _graph_options(edges: tuple[Any, ...], colours: str) -> Iterator[tuple[Component, ...]]:
    done: set[int] = set()
    for j, e in enumerate(edges):
        if e[2] in colours and e not in edges[:j]:
            done.add(j)
            yield _normalise(edges[:j] + edges[j + 1 :])


def _normalise(edges: tuple[Any, ...]) -> tuple[Component, ...]:
    """Drop what no longer touches the ground; split into components; trees become canonical."""
    adj: dict[int, list[int]] = {}
    for idx, (u, v, _c) in enumerate(edges):
        adj.setdefault(u, []).append(idx)
        adj.setdefault(v, []).append(idx)
    comps: list[Component] = []
    used: set[int] = set()
    for start in adj.get(0, []):
        if start in used:
            continue
        # Component of the graph minus the ground, grown from one ground edge.
        comp_edges: list[int] = []
        verts: set[int] = set()
        frontier = [start]
        used.add(start)
        while frontier:
            idx = frontier.pop()
            comp_edges.append(idx)
            for w in edges[idx][:2]:
                if w != 0 and w not in verts:
                    verts.add(w)
                    for nxt in adj[w]:
                        if nxt not in used:
                            used.add(nxt)
                            frontier.append(nxt)
        es = [edges[i] for i in comp_edges]
        comps.append(_as_component(es, verts))
    return tuple(sorted(comps))


def _as_component(es: list[tuple[int, int, str]], verts: set[int]) -> Component:
    """A tree hanging from one ground edge becomes a canonical branch; anything else stays a graph."""
    loops = any(u == v for u, v, _ in es)
    if not loops and len(es) == len(verts) and verts:
        adj: dict[int, list[tuple[int, str]]] = {}
        for u, v, c in es:
            adj.setdefault(u, []).append((v, c))
            adj.setdefault(v, []).append((u, c))
        ((root, colour),) = adj[0]
        # Post-order without recursion: build each vertex's sorted sub-trees after its children.
        order: list[tuple[int, int]] = []
        stack = [(root, 0)]
        while stack:
            v, parent = stack.pop()
            order.append((v, parent))
            stack.extend((w, v) for w, _ in adj[v] if w != parent)
        built: dict[int, tuple[Component, ...]] = {}
        colour_to: dict[int, str] = {root: colour}
        for v, parent in order:
            for w, c in adj[v]:
                if w != parent:
                    colour_to[w] = c
        for v, parent in reversed(order):
            built[v] = tuple(sorted((colour_to[w], built[w]) for w, _ in adj[v] if w != parent))
        return (colour, built[root])
    # Relabel vertices by first appearance so equal graphs tend to get equal keys; again until the
    # labels are stable, so that the text form reads back as the same position (the text lists
    # the edges in this order, and reading numbers vertices by first appearance).
    cur = tuple(es)
    for _ in range(len(verts) + 2):
        label: dict[int, int] = {0: 0}
        norm = []
        for u, v, c in sorted(cur, key=lambda e: (min(e[0], e[1]) != 0, e)):
            for w in (u, v):
                if w not in label:
                    label[w] = len(label)
            a, b = label[u], label[v]
            norm.append((min(a, b), max(a, b), c))
        nxt = tuple(sorted(norm))
        if nxt == cur:
            break
        cur = nxt
    return (GRAPH, cur)


# ---------------------------------------------------------------------- text form
_EDGE = re.compile(r"^\s*([A-Za-z0-9_]+)\s*-\s*([A-Za-z0-9_]+)\s*:\s*([BRGbrg])\s*$")
_MAX_EDGES = 2000


def parse_hackenbush(text: str) -> Position:
    """Read trees (``BRR``, ``B(R,GG)``) and bracketed graphs (``[g-a:B, a-g:R]``)."""
    src = text.strip()
    if src in ("", "0"):
        return ()
    comps: list[Component] = []
    i = 0
    count = 0
    while i < len(src):
        ch = src[i]
        if ch.isspace() or ch == "+":
            i += 1
        elif ch == "[":
            j = src.find("]", i)
            if j < 0:
                raise InvalidPosition(f"hackenbush: unclosed '[' in {src!r}")
            edges = _parse_edges(src[i + 1 : j])
            count += len(edges)
            comps.extend(_normalise(tuple(edges)))
            i = j + 1
        elif ch.upper() in COLORS:
            branch, i, n = _parse_branch(src, i)
            count += n
            comps.append(branch)
        else:
            raise InvalidPosition(
                f"hackenbush: unexpected {ch!r} at position {i + 1}; write stalks like BRR, trees like B(R,GG), "
                "graphs like [g-a:B, a-g:R]"
            )
        if count > _MAX_EDGES:
            raise InvalidPosition(f"hackenbush: at most {_MAX_EDGES:,} edges in a position")
    return tuple(sorted(comps))


def _parse_branch(src: str, i: int) -> tuple[Component, int, int]:
    """A branch: colours up a chain, then optionally (branch, branch, …).  Iterative."""
    n = len(src)
    count = 0

    def chain_at(i: int) -> tuple[list[str], int]:
        j = i
        while j < n and src[j].upper() in COLORS:
            j += 1
        if j == i:
            raise InvalidPosition(f"hackenbush: expected an edge colour B, R or G at position {i + 1} in {src!r}")
        return [c.upper() for c in src[i:j]], j

    stack: list[tuple[list[str], list[Component]]] = []
    chain, i = chain_at(i)
    count += len(chain)
    while True:
        if i < n and src[i] == "(":
            stack.append((chain, []))
            chain, i = chain_at(i + 1)
            count += len(chain)
            continue
        node = _close(chain, [])
        while True:
            if not stack:
                return node, i, count
            pchain, pkids = stack[-1]
            pkids.append(node)
            if i < n and src[i] == ",":
                chain, i = chain_at(i + 1)
                count += len(chain)
                break
            if i < n and src[i] == ")":
                i += 1
                stack.pop()
                node = _close(pchain, pkids)
                continue
            raise InvalidPosition(f"hackenbush: expected ',' or ')' at position {i + 1} in {src!r}")


def _close(chain: list[str], kids: list[Component]) -> Component:
    node: Component = (chain[-1], tuple(sorted(kids)))
    for c in reversed(chain[:-1]):
        node = (c, (node,))
    return node


def _parse_edges(body: str) -> list[tuple[int, int, str]]:
    names: dict[str, int] = {"g": 0, "0": 0, "ground": 0}
    edges = []
    for part in re.split(r"[,;]", body):
        if not part.strip():
            continue
        m = _EDGE.match(part)
        if m is None:
            raise InvalidPosition(f"hackenbush: bad edge {part.strip()!r}; write edges like a-b:R (g is the ground)")
        ids = []
        for name in (m.group(1).lower(), m.group(2).lower()):
            if name not in names:
                names[name] = len(names) - 2
            ids.append(names[name])
        u, v = sorted(ids)
        edges.append((u, v, m.group(3).upper()))
    if not edges:
        raise InvalidPosition("hackenbush: a graph [ ... ] needs at least one edge")
    return edges


def _format_component(comp: Component) -> str:
    if comp[0] == GRAPH:
        names = {0: "g"}
        return "[" + ",".join(f"{names.get(u, u)}-{names.get(v, v)}:{c}" for u, v, c in comp[1]) + "]"
    # Iterative printing: a chain of single children is written as letters, branching as (…).
    out: list[str] = []
    stack: list[Any] = [comp]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            out.append(item)
            continue
        colour, kids = item
        out.append(colour)
        if len(kids) == 1:
            stack.append(kids[0])
        elif kids:
            stack.append(")")
            for j, k in enumerate(reversed(kids)):
                stack.append(k)
                if j < len(kids) - 1:
                    stack.append(",")
            stack.append("(")
    return "".join(out)


def cgsuite_stalk(text: str) -> str:
    """CGSuite's Hackenbush string (``l`` blue, ``r`` red, ``e`` green edges from the ground, its
    first vertex; branches ``(…;…)``, named vertices ``:A`` for cycles) as zermelo's text: a
    stalk as a stalk, ``lrlerrr`` is ``BRBGRRR``; a tree or a graph as zermelo's edge list over
    the ground ``g``; ``.`` the ground alone.  As CGSuite, it refuses a graph that is empty or
    not connected (an edge or a vertex that does not hang from the ground).  Any other text is
    read as zermelo's.

    >>> cgsuite_stalk("lrlerrr"), cgsuite_stalk("B(R,GG)"), cgsuite_stalk("l(l;r)r"), cgsuite_stalk(".")
    ('BRBGRRR', 'B(R,GG)', '[g-v1:B, v1-v2:B, v1-v3:R, v1-v4:R]', '0')
    >>> try:
    ...     cgsuite_stalk("lrlr;lr")
    ... except InvalidPosition as e:
    ...     print(str(e).split(":")[1])
     that graph is not connected
    """
    t = text.strip()
    if not t:
        raise InvalidPosition(
            "hackenbush: that graph is empty (no ground): the ground alone is '.'",
            cgsuite_words="That `Graph` is empty (no ground).",
        )
    if t == ".":
        return "0"
    if "[" in t or not set(t) & set("lre"):  # zermelo's own (its edges are capitals B, R, G)
        return text
    if set(t) <= set("lre"):
        return t.translate(str.maketrans("lre", "BRG"))
    from ._graphs import components, parse_graph

    g = parse_graph(t, "", "lre", name="hackenbush")
    n, edges, _tags = g
    if any(c == "" for _, _, c in edges):
        raise InvalidPosition(f"hackenbush: every edge needs a colour, l (blue), r (red) or e (green), got {t!r}")
    if len(components(g)) > 1:
        raise InvalidPosition(
            f"hackenbush: that graph is not connected: everything must hang from the ground, its first vertex ({t!r})",
            cgsuite_words="That `Graph` is not connected.",
        )
    name = ["g", *(f"v{v}" for v in range(1, n))]
    colour = {"l": "B", "r": "R", "e": "G"}
    return "[" + ", ".join(f"{name[i]}-{name[j]}:{colour[c]}" for i, j, c in edges) + "]"


def cgsuite_graph(text: str) -> list[str]:
    """A Hackenbush position as CGSuite's string (its ``shown``): the edges from the ground, the
    ground first, in CGSuite's graph notation (:func:`~zermelo.games._graphs.format_graph`); the
    bare ground is ``"."``, as CGSuite writes a graph of one vertex.

    >>> cgsuite_graph("BR B"), cgsuite_graph("0")
    (['"(l;lr)"'], ['"."'])
    """
    from ..rules.boards import hackenbush_board
    from ._graphs import format_graph, make_graph

    board = Hackenbush().board(Hackenbush().parse(text)) or hackenbush_board([], "g")
    if not board["edges"]:
        return ['"."']
    names = [board["ground"]]
    for a, b, _ in board["edges"]:
        names += [v for v in (a, b) if v not in names]
    colour = {"B": "l", "R": "r", "G": "e"}
    edges = [(names.index(a), names.index(b), colour[c]) for a, b, c in board["edges"]]
    return ['"' + format_graph(make_graph(len(names), edges, [""] * len(names))) + '"']


def gen_hackenbush(named: dict[str, str]) -> str:
    """CGSuite's ``GenHackenbush(childishEdges ? [])``: Hackenbush, or with blue and red edges
    childish (they fall only from the ground's ends) Childish Hackenbush.

    >>> gen_hackenbush({}), gen_hackenbush({"childishEdges": "Red,Blue"})
    ('=game.graph.Hackenbush', '=game.graph.ChildishHackenbush')
    """
    childish = frozenset(w for w in named.get("childishEdges", "").split(",") if w)
    if not childish:
        return "=game.graph.Hackenbush"
    if childish == {"Blue", "Red"}:
        return "=game.graph.ChildishHackenbush"
    raise InvalidGame(
        "GenHackenbush: zermelo plays childishEdges => [] (Hackenbush)"
        " and [Color.Blue, Color.Red] (Childish Hackenbush)"
    )


register(
    GameEntry(
        "hackenbush",
        no_params(Hackenbush, "hackenbush"),
        "Blue-Red-Green Hackenbush: stalks BRR, trees B(R,GG), graphs [g-a:B, a-g:R] (partisan)",
        "",
        "hackenbush BRR",
        rules=Hackenbush,
        cgsuite=(
            CGSuiteName("game.graph.Hackenbush", text=lambda t: cgsuite_stalk(t), shown=cgsuite_graph),
            CGSuiteName("game.graph.GenHackenbush", family=True, parameters=("childishEdges",), bind=gen_hackenbush),
        ),
    )
)
