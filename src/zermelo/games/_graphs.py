"""Undirected graphs for games played on them (Arc Kayles, Col and Snort on any graph): CGSuite's
string notation, named families, connected components and an isomorphism key.

A graph is ``(n, edges, tags)``: vertices ``0 … n-1``, ``edges`` a sorted tuple of ``(i, j,
label)`` with ``i <= j`` (``label`` "" for a plain edge, else a letter such as ``l``/``r``/``e``),
``tags`` one string per vertex ("" for none, else a letter such as ``L``/``R``).

Text, CGSuite's notation: ``.`` is a vertex, ``-`` an edge, and a vertex or an edge may be a
label letter instead (``L-R-.``, ``lrr``); vertices are inferred between edges (``---`` is a
path of four vertices); ``(…;…)`` hangs branches off the vertex before it (``--(-;--)``); a
vertex followed by ``:A`` or ``:{name}`` is named, and vertices of one name are one vertex
(``:A----:A`` is a 4-cycle); ``;`` outside parentheses starts another component (``-;.``).
zermelo's additions: ``,`` starts a new piece too (names still join pieces), and the families
``path:N`` (N vertices), ``cycle:N``, ``star:N`` (a centre and N leaves), ``complete:N`` and
``grid:RxC``; ``empty`` is the graph without vertices.

>>> parse_graph("---")
(4, ((0, 1, ''), (1, 2, ''), (2, 3, '')), ('', '', '', ''))
>>> parse_graph(":A---:A")[1]
((0, 1, ''), (0, 2, ''), (1, 2, ''))
>>> format_graph(parse_graph("--(-;--)")) == format_graph(parse_graph(format_graph(parse_graph("--(-;--)"))))
True
"""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable
from itertools import permutations, product
from math import factorial

from ..core.checks import parse_int
from ..core.errors import InvalidPosition

__all__ = [
    "Graph",
    "cgsuite_shown",
    "components",
    "delete_vertices",
    "format_graph",
    "graph_key",
    "neighbours",
    "parse_graph",
    "text_from_cgsuite",
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
            # As CGSuite: a part with anything left to read has a vertex (";" alone is one vertex).
            if self.sequence(None) is None and self.text[self.i :].strip():
                self.vertex("")
            if self.i >= len(self.text):
                break
            if self.text[self.i] not in ",;":
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


def format_graph(g: Graph, vertex_text: Callable[[str], str] | None = None) -> str:
    """CGSuite's notation of ``g``, as CGSuite's ``Graph.ToString`` writes it (so a graph typed in
    CGSuite's notation prints back as typed): each component from its first vertex, depth first
    over the edges in the order they were read (a vertex's lower neighbours, then its higher ones);
    a plain vertex is written as nothing and a plain edge as ``-`` (``L-R---L``), a labelled one as
    its letter (``lrl``); a vertex reached again is named, ``:A`` … ``:Z`` then ``:{v26}`` …,
    where it is first and again written (``:A----:A``); a vertex with several edges still to
    follow opens ``(…;…)``; components are joined by ``;``, a lone plain vertex is ``.``.  No vertex
    at all is ``empty`` (zermelo's word; CGSuite writes the empty string).  ``vertex_text``
    writes a vertex's tag (identity when ``None``); a text longer than one character is braced.

    >>> [format_graph(parse_graph(t, "LR")) for t in ("L-.-R", "--(-;--)", ".:A-.-.-.:A", "-;.")]
    ['L--R', '--(-;--)', ':A---:A', '-;.']
    """
    n, edges, tags = g
    if n == 0:
        return "empty"
    left: list[list[tuple[int, str]]] = [[] for _ in range(n)]  # the edges not yet followed
    for i, j, lab in edges:
        left[i].append((j, lab))
        if i != j:
            left[j].append((i, lab))
    visits = [0] * n
    trees = []
    for root in range(n):
        if visits[root] == 0:
            trees.append(_walk(root, left, visits))
    names: dict[int, str] = {}
    text = vertex_text or (lambda t: t)
    return ";".join(_written(t, visits, names, tags, text) for t in trees)


# A walk's node: (vertex, [(child node, edge label), …]); a vertex reached again is a leaf.
_Node = tuple[int, list[tuple["_Node", str]]]


def _walk(root: int, left: list[list[tuple[int, str]]], visits: list[int]) -> _Node:
    """The depth-first tree over every edge from ``root`` (iteratively: a long path must not recurse)."""
    visits[root] += 1
    top: _Node = (root, [])
    stack = [top]
    while stack:
        v, kids = stack[-1]
        if not left[v]:
            stack.pop()
            continue
        w, lab = left[v].pop(0)
        if w != v:
            left[w].remove((v, lab))
        visits[w] += 1
        child: _Node = (w, [])
        kids.append((child, lab))
        if visits[w] == 1:
            stack.append(child)
    return top


def _braced(text: str) -> str:
    return "{" + text + "}" if len(text) > 1 else text


def _written(
    tree: _Node, visits: list[int], names: dict[int, str], tags: tuple[str, ...], text: Callable[[str], str]
) -> str:
    out: list[str] = []
    stack: list[_Node | str] = [tree]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            out.append(item)
            continue
        v, kids = item
        out.append(_braced(text(tags[v])))
        if visits[v] > 1:
            if v not in names:
                k = len(names)
                names[v] = chr(ord("A") + k) if k < 26 else f"v{k}"
            out.append(":" + _braced(names[v]))
        parts: list[_Node | str] = ["("] if len(kids) > 1 else []
        for idx, (child, lab) in enumerate(kids):
            parts += [_braced(lab) or "-", child]
            if idx < len(kids) - 1:
                parts.append(";")
        if len(kids) > 1:
            parts.append(")")
        stack += reversed(parts)
    return "".join(out) or "."


def text_from_cgsuite(text: str) -> str:
    """CGSuite's graph string as zermelo's position text (a ``CGSuiteName.text``): the empty string
    is the graph without vertices, ``empty``."""
    return text if text.strip() else "empty"


def cgsuite_shown(text: str) -> list[str]:
    """A graph game's position text as CGSuite's argument (a ``CGSuiteName.shown``): the string of
    :func:`format_graph`, the empty string for no vertex.

    >>> cgsuite_shown("L--R"), cgsuite_shown("empty"), cgsuite_shown("3")
    (['"L--R"'], ['""'], ['"3"'])
    """
    return ['""' if text == "empty" else '"' + text + '"']


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
