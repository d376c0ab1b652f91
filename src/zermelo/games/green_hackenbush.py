"""Green Hackenbush (the notes' exercise 1.11): chop an edge of a graph rooted at the ground.

A position is the multiset of remaining edges, as a sorted tuple of pairs ``(u, v)`` with
``u <= v``; the ground is the vertex ``g``.  A move removes one edge, and with it every edge no
longer connected to the ground.  Parallel edges and loops are allowed.  Text form: an edge list,
``"g-a, a-b, a-c"`` (``g-a-b`` is a path), ``empty`` for no edges.

Closed form (Berlekamp, Conway and Guy, *Winning Ways*, ch. 7), in three steps:

* a **stalk** of ``n`` edges is the Nim heap ``*n``;
* the **colon principle**: branches meeting at a vertex may be replaced by one stalk whose length
  is the nim-sum of their values — so a tree's value is computed from the leaves down: a vertex
  is worth the nim-sum, over its child edges, of (1 + the child's value);
* the **fusion principle**: the vertices on any cycle may be fused into one without changing the
  value; the cycle's edges become loops, and a loop is worth a stalk of one edge.  Fusing every
  cycle turns each 2-edge-connected block into one vertex carrying one loop per edge, and the
  bridges into a tree, which the colon principle finishes.

The tests check all three against plain search of the edge-removal game on random graphs.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise
from typing import TYPE_CHECKING, ClassVar

from ..core.errors import InvalidPosition
from ..core.sprague_grundy import nim_sum
from ..rules import Impartial, Move, validate_by_text
from ..rules.boards import Board, hackenbush_board
from ..rules.catalogue import GameEntry, no_params, register
from ..rules.wording import MAX_LISTED, few, notes_verdict, plural, xor_text

if TYPE_CHECKING:
    from ..analyses.analysis import Analysis

__all__ = ["GROUND", "ColonStep", "Edges", "GreenHackenbush", "colon_steps", "hackenbush_value"]

GROUND = "g"
Edge = tuple[str, str]
Edges = tuple[Edge, ...]


def _edge(u: str, v: str) -> Edge:
    return (u, v) if u <= v else (v, u)


def grounded(edges: Sequence[Edge]) -> Edges:
    """The edges still connected to the ground, sorted.

    >>> grounded([("a", "b"), ("c", "g")])
    (('c', 'g'),)
    """
    adj: dict[str, list[str]] = defaultdict(list)
    for u, v in edges:
        adj[u].append(v)
        adj[v].append(u)
    seen = {GROUND}
    stack = [GROUND]
    while stack:
        u = stack.pop()
        for v in adj[u]:
            if v not in seen:
                seen.add(v)
                stack.append(v)
    return tuple(sorted(e for e in edges if e[0] in seen))


def _bridges(edges: Edges) -> set[int]:
    """Indices of the bridges of a multigraph (Tarjan's low-link, iterative)."""
    adj: dict[str, list[tuple[str, int]]] = defaultdict(list)
    for i, (u, v) in enumerate(edges):
        if u != v:
            adj[u].append((v, i))
            adj[v].append((u, i))
    disc: dict[str, int] = {}
    low: dict[str, int] = {}
    bridges: set[int] = set()
    counter = 0
    for root in list(adj):
        if root in disc:
            continue
        disc[root] = low[root] = counter
        counter += 1
        stack: list[tuple[str, int, Iterator[tuple[str, int]]]] = [(root, -1, iter(adj[root]))]
        while stack:
            u, via, it = stack[-1]
            for v, i in it:
                if i == via:
                    continue  # the edge we came in by (a parallel edge has another index)
                if v in disc:
                    low[u] = min(low[u], disc[v])
                else:
                    disc[v] = low[v] = counter
                    counter += 1
                    stack.append((v, i, iter(adj[v])))
                    break
            else:
                stack.pop()
                if stack:
                    parent = stack[-1][0]
                    low[parent] = min(low[parent], low[u])
                    if low[u] > disc[parent]:
                        bridges.add(via)
    return bridges


@dataclass(frozen=True)
class _Fused:
    """A grounded graph after the fusion principle: each 2-edge-connected block is one vertex (named
    by its least vertex) with its non-bridge edges as loops; the bridges form a tree rooted at the
    ground's block (each bridge as (vertex in the parent block, vertex in the child block))."""

    root: str
    members: dict[str, list[str]]
    loops: dict[str, list[Edge]]
    children: dict[str, list[tuple[str, Edge]]]
    order: list[str]  # the blocks, every child before its parent


def _fuse(edges: Edges) -> _Fused:
    bridges = _bridges(edges)
    block: dict[str, str] = {}
    adj: dict[str, list[str]] = defaultdict(list)
    vertices = {x for e in edges for x in e}
    for i, (u, v) in enumerate(edges):
        if i not in bridges and u != v:
            adj[u].append(v)
            adj[v].append(u)
    for s in sorted(vertices):
        if s in block:
            continue
        block[s] = s
        stack = [s]
        while stack:
            u = stack.pop()
            for v in adj[u]:
                if v not in block:
                    block[v] = s
                    stack.append(v)
    members: dict[str, list[str]] = defaultdict(list)
    for v in sorted(vertices):
        members[block[v]].append(v)
    loops: dict[str, list[Edge]] = defaultdict(list)
    tree: dict[str, list[tuple[str, Edge]]] = defaultdict(list)
    for i, (u, v) in enumerate(edges):
        if i in bridges:
            tree[block[u]].append((block[v], (u, v)))
            tree[block[v]].append((block[u], (v, u)))
        else:
            loops[block[u]].append((u, v))
    root = block[GROUND]
    children: dict[str, list[tuple[str, Edge]]] = defaultdict(list)
    order: list[str] = []
    stack2: list[tuple[str, str | None]] = [(root, None)]
    while stack2:
        b, parent = stack2.pop()
        order.append(b)
        for c, e in tree[b]:
            if c != parent:
                children[b].append((c, e))
                stack2.append((c, b))
    return _Fused(root, members, loops, children, order[::-1])


def hackenbush_value(edges: Edges) -> int:
    """The Grundy value of a Green Hackenbush position, by the fusion and colon principles.

    >>> hackenbush_value((("a", "g"), ("a", "b"), ("b", "c")))   # a stalk of 3
    3
    >>> hackenbush_value((("a", "g"), ("a", "b"), ("a", "c")))   # a Y: 1 + (1 ⊕ 1)
    1
    >>> hackenbush_value((("a", "g"), ("a", "b"), ("b", "g")))   # a triangle: three loops
    1
    """
    edges = grounded(edges)
    if not edges:
        return 0
    f = _fuse(edges)
    return _values(f)[f.root]


def _values(f: _Fused) -> dict[str, int]:
    """Colon principle, leaves first: value(b) = (loops mod 2) ⊕ XOR over children (value + 1)."""
    value: dict[str, int] = {}
    for b in f.order:
        x = len(f.loops[b]) & 1
        for c, _ in f.children[b]:
            x ^= value[c] + 1
        value[b] = x
    return value


@dataclass(frozen=True)
class ColonStep:
    """One vertex of the colon principle, from the leaves down: the branches at ``vertex`` (each as
    its edges' text and its value: a stalk's length, a loop's 1, an edge's 1 + the value above it),
    and the one stalk they are worth.  ``fused`` lists the vertices of a cycle fused into it."""

    vertex: str
    fused: tuple[str, ...]
    branches: tuple[tuple[str, int, str], ...]  # (text, value, "stalk" | "loop" | "edge")
    value: int


def colon_steps(edges: Edges) -> list[ColonStep]:
    """The colon principle's steps at every vertex that is not inside a stalk, leaves first.

    >>> [(s.vertex, s.branches, s.value) for s in colon_steps(grounded([("g", "a"), ("a", "b"), ("a", "c")]))]
    [('a', (('a-b', 1, 'stalk'), ('a-c', 1, 'stalk')), 0), ('g', (('g-a', 1, 'edge'),), 1)]
    """
    edges = grounded(edges)
    if not edges:
        return []
    f = _fuse(edges)
    value = _values(f)

    def stalk(c: str, top: str) -> list[str] | None:
        """The vertices above ``top`` (in block ``c``) when they form a plain path, else None."""
        path = [top]
        while True:
            if f.loops[c] or len(f.members[c]) > 1:
                return None
            if not f.children[c]:
                return path
            if len(f.children[c]) > 1:
                return None
            c, (_, top) = f.children[c][0]
            path.append(top)

    steps = []
    inside: set[str] = set()
    for b in reversed(f.order):  # parents first, to know which blocks lie inside a stalk
        if b in inside:
            continue
        for c, (_, w) in f.children[b]:
            path = stalk(c, w)
            if path is not None:
                block = c
                while f.children[block]:
                    inside.add(block)
                    block = f.children[block][0][0]
                inside.add(block)
    for b in f.order:
        if b in inside:
            continue
        branches: list[tuple[str, int, str]] = [(_text(u, v), 1, "loop") for u, v in f.loops[b]]
        for c, (u, w) in f.children[b]:
            path = stalk(c, w)
            if path is not None:
                branches.append(("-".join([u, *path]), len(path), "stalk"))
            else:
                branches.append((_text(u, w), value[c] + 1, "edge"))
        fused = tuple(f.members[b]) if len(f.members[b]) > 1 else ()
        steps.append(ColonStep(GROUND if GROUND in f.members[b] else b, fused, tuple(branches), value[b]))
    return steps


class GreenHackenbush(Impartial[Edges]):
    """Green Hackenbush on a graph rooted at the ground ``g``.

    >>> from zermelo import solve
    >>> h = GreenHackenbush()
    >>> a = solve(h, h.parse("g-a-b-c, g-d"))
    >>> a.grundy, [m.label for m in a.winning_moves]
    (2, ['chop a-b'])
    """

    syntax = "edges a-b between vertices (g the ground), separated by commas; a chain a-b-c is two edges"
    examples = ("g-a-b-c, g-d", "g-a, a-b, b-g")

    name: ClassVar[str] = "greenhackenbush"
    canonical_options: ClassVar[bool] = False

    def _chop(self, edges: Edges) -> Iterator[tuple[Edge, Edges]]:
        for i, e in enumerate(edges):
            if i and edges[i - 1] == e:
                continue  # parallel copies of an edge give the same option
            yield e, grounded(edges[:i] + edges[i + 1 :])

    def options(self, edges: Edges) -> Iterator[Edges]:
        for _, rest in self._chop(edges):
            yield rest

    def moves(self, edges: Edges) -> Iterator[Move[Edges]]:
        for (u, v), rest in self._chop(edges):
            yield Move(f"chop {_text(u, v)}", rest)

    def components(self, edges: Edges) -> list[Edges] | None:
        # Parts that meet only at the ground are independent games.
        adj: dict[str, list[str]] = defaultdict(list)
        for u, v in edges:
            if GROUND not in (u, v):
                adj[u].append(v)
                adj[v].append(u)
        part: dict[str, int] = {}
        n = 0
        for s in sorted({x for e in edges for x in e} - {GROUND}):
            if s in part:
                continue
            part[s] = n
            stack = [s]
            while stack:
                u = stack.pop()
                for v in adj[u]:
                    if v not in part:
                        part[v] = n
                        stack.append(v)
            n += 1
        groups: dict[int, list[Edge]] = defaultdict(list)
        for u, v in edges:
            other = v if u == GROUND else u
            groups[part[other] if other != GROUND else -1].append((u, v))
        if len(groups) <= 1:
            return None
        # A loop at the ground is a part of its own.
        out: list[Edges] = [tuple(es) for k, es in sorted(groups.items()) if k >= 0]
        out += [(e,) for e in groups.get(-1, [])]
        return out

    def key(self, edges: Edges) -> Hashable:
        return canonical_key(edges)

    def board(self, edges: Edges) -> Board | None:
        """Green edges over the ground, each from its end nearer the ground (so a tree is drawn as
        a tree), in the position's order: drawn edge ``e:3`` is ``edges[2]``.  ``None`` past 80 edges."""
        if len(edges) > 80:
            return None
        depth = {GROUND: 0}
        for _ in edges:  # breadth first, one layer a pass (a few dozen edges at most)
            for u, v in edges:
                for a, b in ((u, v), (v, u)):
                    if a in depth and b not in depth:
                        depth[b] = depth[a] + 1
        near = [(u, v) if depth.get(u, 0) <= depth.get(v, 0) else (v, u) for u, v in edges]
        return hackenbush_board([(u, v, "G") for u, v in near], GROUND)

    def board_clicks(self, edges: Edges, after: Edges, side: str | None = None) -> list[list[str]] | None:
        """Every drawn edge whose chop leaves ``after`` (up to the game's key: a symmetric twin too).

        >>> h = GreenHackenbush()
        >>> h.board_clicks(h.parse("g-a, g-b, a-c"), h.parse("g-a, a-c"))  # edges sorted: a-c, a-g, b-g
        [['e:3']]
        >>> h.board_clicks(h.parse("g-a, g-b"), h.parse("g-a"))
        [['e:1'], ['e:2']]
        """
        want = self.key(after)
        return [[f"e:{i + 1}"] for i, k in enumerate(_chop_keys(self, edges)) if k == want]

    def board_parts(self, edges: Edges, after: Edges) -> list[str] | None:
        clicks = self.board_clicks(edges, after)
        return clicks[0] if clicks else []

    def size_hint(self, edges: Edges) -> int:
        return 1 << len(edges)

    def grundy_formula(self, edges: Edges) -> int:
        return hackenbush_value(edges)

    def winning_moves_formula(self, edges: Edges, misere: bool = False) -> list[Move[Edges]] | None:
        """Chopping an edge changes only the part (at the ground) it belongs to, so each chop is judged
        by that part's new value: it wins when the part goes from v to v ⊕ s (s the nim-sum).  This
        costs the sum of the parts' squared sizes, not the whole graph's."""
        if misere:
            return None
        parts = self.components(edges) or [edges]
        values = [hackenbush_value(p) for p in parts]
        total = nim_sum(*values)
        if total == 0:
            return []
        wins: dict[Edge, list[tuple[int, Edges]]] = defaultdict(list)
        for k, (part, v) in enumerate(zip(parts, values, strict=True)):
            for e, rest in self._chop(part):
                if hackenbush_value(rest) == v ^ total:
                    wins[e].append((k, rest))
        out: list[Move[Edges]] = []
        for i, e in enumerate(edges):  # in the order of moves(), parallel copies once
            if (i and edges[i - 1] == e) or e not in wins:
                continue
            k, rest = wins[e][0]
            others = [x for j, p in enumerate(parts) if j != k for x in p]
            out.append(Move(f"chop {_text(*e)}", tuple(sorted([*others, *rest]))))
        return out

    validate = validate_by_text  # a position given from Python must read back from its own text

    def parse(self, text: str) -> Edges:
        t = text.strip()
        if t.lower() == "empty":
            return ()
        edges: list[Edge] = []
        for item in t.replace(";", ",").replace("\n", ",").split(","):
            item = item.strip()
            if not item:
                continue
            names = [x.strip() for x in item.split("-")]
            if len(names) < 2 or not all(names) or any(" " in x for x in names):
                raise InvalidPosition(f"greenhackenbush: cannot read edge {item!r} (write u-v, with g the ground)")
            edges.extend(_edge(u, v) for u, v in pairwise(names))
        if not edges:
            raise InvalidPosition("greenhackenbush: give edges like 'g-a, a-b, a-c' (g is the ground)")
        kept = grounded(edges)
        if len(kept) != len(edges):
            lost = sorted(set(edges) - set(kept))[0]
            raise InvalidPosition(f"greenhackenbush: edge {lost[0]}-{lost[1]} is not connected to the ground g")
        return kept

    def explain(self, edges: Edges, analysis: Analysis) -> str | None:
        """The fusion principle (only where there is a cycle), then the colon principle's steps from the
        leaves down to the ground, then a winning move and the value it leaves."""
        a = analysis
        if a.misere or not edges:
            return None
        steps = colon_steps(edges)
        said = [_fusion_text(s) for s in steps if s.fused]
        shown = [_colon_text(s) for s in steps[:MAX_LISTED]]
        if len(steps) > MAX_LISTED:
            shown.append(f"… ({len(steps) - MAX_LISTED} more vertices)")
        said.append(
            "Colon principle, from the leaves down (the branches at a vertex are worth one stalk of their nim-sum): "
            + "; ".join(shown)
            + "."
        )
        said.append(f"The graph is worth *{steps[-1].value}, {notes_verdict(a)}.")
        if a.winning_moves:
            m = a.winning_moves[0]
            said.append(f"A winning move: {m.label}, which leaves a graph worth *{hackenbush_value(m.position)}.")
        return " ".join(said)

    def format(self, edges: Edges) -> str:
        if not edges:
            return "empty"
        return ", ".join(_text(u, v) for u, v in edges)


def _where(step: ColonStep) -> str:
    return "the ground" if step.vertex == GROUND else step.vertex


def _fusion_text(step: ColonStep) -> str:
    loops = [b for b, _, kind in step.branches if kind == "loop"]
    return (
        f"Fusion principle: the cycle through {', '.join(step.fused)} fuses into one vertex ({_where(step)}), its "
        f"{plural(len(loops), 'edge')} {few(loops)} becoming loops, each a stalk of one edge."
    )


def _colon_text(step: ColonStep) -> str:
    """One step: ``at b the branches b-c-d-e (3), b-f-h (2) are worth one stalk of 3 ⊕ 2 = 1``, or
    along a single edge ``with a-b that is a stalk of 6 at a``."""
    if len(step.branches) == 1 and step.branches[0][2] == "edge":
        return f"with {step.branches[0][0]} that is a stalk of {step.value} at {_where(step)}"
    # A stalk is written whole; a loop says so; an edge whose top was reduced earlier ends in "…".
    shapes = {"stalk": "{} ({})", "loop": "{} (a loop, {})", "edge": "{}… ({})"}
    descs = [shapes[kind].format(text, v) for text, v, kind in step.branches]
    values = [v for _, v, _ in step.branches]
    which = (
        "the branch"
        if len(values) == 1
        else "the branches"
        if len(values) <= MAX_LISTED
        else f"the {len(values):,} branches"
    )
    verb = "is" if len(values) == 1 else "are"
    return f"at {_where(step)} {which} {few(descs)} {verb} worth one stalk of {xor_text(values)}"


@lru_cache(maxsize=4)
def _chop_keys(game: GreenHackenbush, edges: Edges) -> tuple[Hashable, ...]:
    """The key of what each edge's chop leaves (one position's moves ask for it once each)."""
    return tuple(game.key(grounded(edges[:i] + edges[i + 1 :])) for i in range(len(edges)))


def _text(u: str, v: str) -> str:
    return f"{v}-{u}" if v == GROUND else f"{u}-{v}"


def canonical_key(edges: Edges) -> Hashable:
    """A key equal for isomorphic positions often, and only for isomorphic ones.

    Vertices are renamed by colour refinement (Weisfeiler–Leman, ground kept apart) with ties
    broken by name; renaming is a bijection, so equal keys always mean isomorphic graphs.
    """
    vertices = sorted({x for e in edges for x in e})
    colour = {v: (0 if v == GROUND else 1) for v in vertices}
    nbrs: dict[str, list[str]] = defaultdict(list)
    for u, v in edges:
        nbrs[u].append(v)
        if u != v:
            nbrs[v].append(u)
    for _ in range(len(vertices)):
        sig = {v: (colour[v], tuple(sorted(colour[w] for w in nbrs[v]))) for v in vertices}
        ranks = {s: i for i, s in enumerate(sorted(set(sig.values())))}
        new = {v: ranks[sig[v]] for v in vertices}
        if len(set(new.values())) == len(set(colour.values())):
            colour = new
            break
        colour = new
    order = sorted(vertices, key=lambda v: (colour[v], v))
    index = {v: i for i, v in enumerate(order)}
    return tuple(sorted((min(index[u], index[v]), max(index[u], index[v])) for u, v in edges))


register(
    GameEntry(
        "greenhackenbush",
        no_params(GreenHackenbush, "greenhackenbush"),
        "Green Hackenbush: chop an edge; what loses touch with the ground g falls",
        "",
        'greenhackenbush "g-a-b-c, g-d"',
        aliases=("green-hackenbush",),
        rules=GreenHackenbush,
    )
)
