"""Undirected graphs for games played on them (Arc Kayles, Col and Snort on any graph): CGSuite's
string notation, named families, connected components and an isomorphism key.

A graph is ``(n, edges, tags)``: vertices ``0 … n-1``, ``edges`` a sorted tuple of ``(i, j,
label)`` with ``i <= j`` (``label`` "" for a plain edge, else a letter such as ``l``/``r``/``e``),
``tags`` one string per vertex ("" for none, else a letter such as ``L``/``R``).

Text, CGSuite's notation: ``.`` is a vertex, ``-`` an edge, and a vertex or an edge may be a
label letter instead (``L-R-.``, ``lrr``); vertices are inferred between edges (``---`` is a
path of four vertices); ``(…;…)`` hangs branches off the vertex before it (``--(-;--)``); a
vertex followed by ``:A`` or ``:{name}`` is named, and vertices of one name are one vertex
(``:A----:A`` is a 4-cycle).  zermelo's additions: ``,`` starts a new piece (names still join
pieces), and the families ``path:N`` (N vertices), ``cycle:N``, ``star:N`` (a centre and N
leaves), ``complete:N`` and ``grid:RxC``; ``empty`` is the graph without vertices.

>>> parse_graph("---")
(4, ((0, 1, ''), (1, 2, ''), (2, 3, '')), ('', '', '', ''))
>>> parse_graph(":A---:A")[1]
((0, 1, ''), (0, 2, ''), (1, 2, ''))
>>> format_graph(parse_graph("--(-;--)")) == format_graph(parse_graph(format_graph(parse_graph("--(-;--)"))))
True
"""

from __future__ import annotations

import re
from collections.abc import Hashable
from itertools import permutations, product
from math import factorial

from ..core.checks import parse_int
from ..core.errors import InvalidPosition

__all__ = [
    "Graph",
    "components",
    "delete_vertices",
    "format_graph",
    "graph_key",
    "neighbours",
    "parse_graph",
]

Graph = tuple[int, tuple[tuple[int, int, str], ...], tuple[str, ...]]

#: The most vertices of a graph position.
MAX_VERTICES = 200
_FAMILY = re.compile(r"^\s*(path|cycle|star|complete|grid):\s*(\d+)(?:\s*x\s*(\d+))?\s*$", re.IGNORECASE)


def make_graph(n: int, edges: list[tuple[int, int, str]], tags: list[str] | tuple[str, ...]) -> Graph:
    """The graph with its edges in order (each as ``(low, high, label)``)."""
    return (n, tuple(sorted((min(i, j), max(i, j), lab) for i, j, lab in edges)), tuple(tags))


def family(text: str) -> Graph | None:
    """``path:N``, ``cycle:N``, ``star:N``, ``complete:N``, ``grid:RxC``, or None."""
    if text.strip().lower() == "empty":
        return (0, (), ())
    m = _FAMILY.match(text)
    if m is None:
        return None
    kind = m.group(1).lower()
    a = parse_int(
        m.group(2),
        "graph: the rows of grid:RxC" if kind == "grid" else f"graph: the N of {kind}:N",
        maximum=MAX_VERTICES,
    )
    b = parse_int(m.group(3), "graph: the columns of grid:RxC", maximum=MAX_VERTICES) if m.group(3) else None
    if (b is None) == (kind == "grid"):
        raise InvalidPosition(f"graph: write grid:RxC (rows x columns) or {kind}:N, got {text.strip()!r}")
    n = a * b if b is not None else a + 1 if kind == "star" else a
    if n > MAX_VERTICES or n < 1:
        raise InvalidPosition(f"graph: 1 to {MAX_VERTICES} vertices, got {text.strip()!r}")
    edges: list[tuple[int, int, str]] = []
    if kind == "path":
        edges = [(i, i + 1, "") for i in range(n - 1)]
    elif kind == "cycle":
        if n < 3:
            raise InvalidPosition(f"graph: a cycle has at least 3 vertices, got {text.strip()!r}")
        edges = [(i, (i + 1) % n, "") for i in range(n)]
    elif kind == "star":
        edges = [(0, i, "") for i in range(1, n)]
    elif kind == "complete":
        edges = [(i, j, "") for i in range(n) for j in range(i + 1, n)]
    else:
        assert b is not None
        for r, c in product(range(a), range(b)):
            if c + 1 < b:
                edges.append((r * b + c, r * b + c + 1, ""))
            if r + 1 < a:
                edges.append((r * b + c, (r + 1) * b + c, ""))
    return make_graph(n, edges, [""] * n)


class _Reader:
    """CGSuite's graph strings, read left to right (see the module docstring)."""

    def __init__(self, text: str, vertex_labels: str, edge_labels: str, name: str) -> None:
        self.text, self.vl, self.el, self.name = text, vertex_labels, edge_labels, name
        self.i = 0
        self.tags: list[str] = []
        self.edges: list[tuple[int, int, str]] = []
        self.names: dict[str, int] = {}

    def fail(self, why: str) -> InvalidPosition:
        return InvalidPosition(f"{self.name}: {why} at column {self.i + 1} of {self.text.strip()!r}")

    def vertex(self, tag: str) -> int:
        self.tags.append(tag)
        if len(self.tags) > MAX_VERTICES:
            raise self.fail(f"more than {MAX_VERTICES} vertices")
        return len(self.tags) - 1

    def named(self, v: int) -> int:
        """``v`` followed by ``:A`` / ``:{name}``: the vertex of that name (``v`` merged into it)."""
        t = self.text
        if self.i >= len(t) or t[self.i] != ":":
            return v
        self.i += 1
        if self.i < len(t) and t[self.i] == "{":
            end = t.find("}", self.i)
            if end < 0:
                raise self.fail("a name in braces needs its '}'")
            key, self.i = t[self.i + 1 : end], end + 1
        elif self.i < len(t) and t[self.i].isalnum():
            key, self.i = t[self.i], self.i + 1
        else:
            raise self.fail("':' must be followed by a name, like :A or :{root}")
        old = self.names.get(key)
        if old is None:
            self.names[key] = v
            return v
        if self.tags[v] and self.tags[old] and self.tags[v] != self.tags[old]:
            raise self.fail(f"the vertex named {key!r} has two labels")
        self.tags[old] = self.tags[old] or self.tags[v]
        self.tags.pop()  # v was the newest vertex: it is the named one
        return old

    def sequence(self, start: int | None) -> int | None:
        """Read vertices and edges until ``;``, ``)``, ``,`` or the end; the last vertex."""
        t = self.text
        prev, pending = start, None
        while self.i < len(t):
            ch = t[self.i]
            if ch in ";),":
                break
            if ch.isspace():
                self.i += 1
                continue
            if ch == "." or ch in self.vl or ch == ":":
                if ch == ":":
                    v = self.vertex("")
                else:
                    self.i += 1
                    v = self.vertex("" if ch == "." else ch)
                v = self.named(v)
                if pending is not None:
                    assert prev is not None
                    self.edges.append((prev, v, pending))
                    pending = None
                prev = v
            elif ch == "-" or ch in self.el:
                self.i += 1
                if prev is None or pending is not None:
                    v = self.vertex("")
                    if pending is not None and prev is not None:
                        self.edges.append((prev, v, pending))
                    prev = v
                pending = "" if ch == "-" else ch
            elif ch == "(":
                if pending is not None or prev is None:
                    v = self.vertex("")
                    if pending is not None and prev is not None:
                        self.edges.append((prev, v, pending))
                    prev, pending = v, None
                self.i += 1
                while True:
                    self.sequence(prev)
                    if self.i >= len(t) or t[self.i] not in ";)":
                        raise self.fail("a '(' needs its ')'")
                    self.i += 1
                    if t[self.i - 1] == ")":
                        break
            else:
                allowed = "".join(sorted(set(".-():;," + self.vl + self.el)))
                raise self.fail(f"unexpected {ch!r} (use {allowed!r})")
        if pending is not None:
            v = self.vertex("")
            assert prev is not None
            self.edges.append((prev, v, pending))
            prev = v
        return prev

    def read(self) -> Graph:
        while True:
            self.sequence(None)
            if self.i >= len(self.text):
                break
            if self.text[self.i] != ",":
                raise self.fail(f"unexpected {self.text[self.i]!r}")
            self.i += 1
        return make_graph(len(self.tags), self.edges, self.tags)


def parse_graph(text: str, vertex_labels: str = "", edge_labels: str = "", *, name: str = "graph") -> Graph:
    """A graph from CGSuite's string notation or a named family (see the module docstring)."""
    fam = family(text)
    if fam is not None:
        return fam
    if not text.strip():
        raise InvalidPosition(f"{name}: give a graph, like '---' (a path), ':A---:A' (a cycle) or path:5")
    return _Reader(text, vertex_labels, edge_labels, name).read()


def format_graph(g: Graph) -> str:
    """CGSuite's notation of ``g``: each component as a depth-first tree, branches in ``(…;…)``,
    the edges that close cycles as ``:{i}-:{j}`` pieces after a ``,``; no vertex at all is ``empty``."""
    n, edges, tags = g
    if n == 0:
        return "empty"
    adj: list[list[tuple[int, str, int]]] = [[] for _ in range(n)]
    for k, (i, j, lab) in enumerate(edges):
        adj[i].append((j, lab, k))
        if i != j:
            adj[j].append((i, lab, k))
    seen = [False] * n
    tree = [False] * len(edges)
    roots: list[int] = []
    children: dict[int, list[tuple[int, str]]] = {}
    for root in range(n):
        if seen[root]:
            continue
        roots.append(root)
        stack: list[tuple[int, int, str, int]] = [(root, -1, "", -1)]
        while stack:
            v, parent, lab, k = stack.pop()
            if seen[v]:
                continue
            seen[v] = True
            if parent >= 0:
                tree[k] = True
                children.setdefault(parent, []).append((v, lab))
            for w, elab, kk in reversed(adj[v]):
                if not seen[w]:
                    stack.append((w, v, elab, kk))
    extra = [edges[k] for k in range(len(edges)) if not tree[k]]
    named = {v for i, j, _ in extra for v in (i, j)}
    pieces = [_subtree(r, children, tags, named) for r in roots]
    pieces += [f":{{{i}}}{lab or '-'}:{{{j}}}" for i, j, lab in extra]
    return ",".join(pieces)


def _subtree(v: int, children: dict[int, list[tuple[int, str]]], tags: tuple[str, ...], named: set[int]) -> str:
    """The tree below ``v`` (iteratively: a long path must not recurse)."""
    out: list[str] = []
    stack: list[tuple[str, int | None]] = [("", v)]
    while stack:
        prefix, u = stack.pop()
        if u is None:
            out.append(prefix)
            continue
        out.append(prefix + (tags[u] or ".") + (f":{{{u}}}" if u in named else ""))
        kids = children.get(u, [])
        if len(kids) == 1:
            w, lab = kids[0]
            stack.append((lab or "-", w))
        elif kids:
            stack.append((")", None))
            for idx in range(len(kids) - 1, -1, -1):
                w, lab = kids[idx]
                stack.append((lab or "-", w))
                if idx:
                    stack.append((";", None))
            stack.append(("(", None))
    return "".join(out)


def neighbours(g: Graph) -> list[list[int]]:
    """Each vertex's neighbours (with repeats for multi-edges)."""
    n, edges, _ = g
    adj: list[list[int]] = [[] for _ in range(n)]
    for i, j, _lab in edges:
        adj[i].append(j)
        if i != j:
            adj[j].append(i)
    return adj


def delete_vertices(g: Graph, gone: set[int]) -> Graph:
    """``g`` without the vertices ``gone`` (and their edges), the rest renumbered in order."""
    n, edges, tags = g
    new = [-1] * n
    k = 0
    for v in range(n):
        if v not in gone:
            new[v] = k
            k += 1
    kept = [(new[i], new[j], lab) for i, j, lab in edges if new[i] >= 0 and new[j] >= 0]
    return make_graph(k, kept, [t for v, t in enumerate(tags) if new[v] >= 0])


def components(g: Graph) -> list[Graph]:
    """The connected components of ``g``, each renumbered."""
    n = g[0]
    adj = neighbours(g)
    comp = [-1] * n
    groups: list[list[int]] = []
    for s in range(n):
        if comp[s] >= 0:
            continue
        comp[s] = len(groups)
        group, stack = [s], [s]
        while stack:
            v = stack.pop()
            for w in adj[v]:
                if comp[w] < 0:
                    comp[w] = comp[s]
                    group.append(w)
                    stack.append(w)
        groups.append(group)
    if len(groups) <= 1:
        return [g]
    return [delete_vertices(g, set(range(n)) - set(group)) for group in groups]


#: Most labellings tried for a canonical key; past it the key is the refined labelling alone.
_MAX_LABELLINGS = 720


def graph_key(g: Graph) -> Hashable:
    """A key equal for isomorphic graphs as often as cheaply possible, and never for
    non-isomorphic ones: colour refinement, then every order of the vertices within the classes
    (when there are at most 720 such orders; else one, which is still a faithful key)."""
    n, edges, tags = g
    if n == 0:
        return g
    inc: list[list[tuple[str, int]]] = [[] for _ in range(n)]
    for i, j, lab in edges:
        inc[i].append((lab, j))
        if i != j:
            inc[j].append((lab, i))
    colour: list[Hashable] = [(tags[v], len(inc[v])) for v in range(n)]
    classes = len(set(colour))
    while True:
        sig = [(colour[v], tuple(sorted((lab, str(colour[w])) for lab, w in inc[v]))) for v in range(n)]
        ranks = {s: k for k, s in enumerate(sorted(set(sig), key=str))}
        colour = [ranks[s] for s in sig]
        if len(ranks) == classes:
            break
        classes = len(ranks)
    groups: dict[Hashable, list[int]] = {}
    for v in range(n):
        groups.setdefault(colour[v], []).append(v)
    ordered = [groups[c] for c in sorted(groups, key=str)]
    count = 1
    for grp in ordered:
        count *= factorial(len(grp))
        if count > _MAX_LABELLINGS:
            break
    choices = (
        [list(permutations(grp)) for grp in ordered] if count <= _MAX_LABELLINGS else [[tuple(grp)] for grp in ordered]
    )
    best: Hashable = None
    for combo in product(*choices):
        order = [v for part in combo for v in part]
        pos = {v: k for k, v in enumerate(order)}
        image = (
            tuple(tags[v] for v in order),
            tuple(sorted((min(pos[i], pos[j]), max(pos[i], pos[j]), lab) for i, j, lab in edges)),
        )
        if best is None or image < best:  # type: ignore[operator]
            best = image
    return (n, best)
