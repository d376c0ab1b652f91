"""Token games on a directed graph: move a token along an edge; the player who cannot move loses.

One token is a vertex; several tokens are a disjunctive sum (a tuple of vertices), and any number
of tokens may share a vertex.  Cycles are allowed: then some positions are draws, and Grundy
values are the generalized ones, finite or ∞(K) (:class:`~zermelo.search.engine.Loopy`).

The graph's text form is a list of edges ``a->b, a->c, b->c`` (also ``a -> b`` one per line, or
``a b`` per line, as in an edge-list file); vertices are any names without spaces or commas.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Sequence
from itertools import pairwise
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from ..core.errors import InvalidGame, InvalidPosition, ZermeloError
from ..core.files import BadFile, read_text
from ..rules import Impartial, Move, Rules, require, short
from ..rules.boards import Board, graph_board
from ..rules.catalogue import GameEntry, register
from ..rules.wording import MAX_LISTED, verdict, xor_text

if TYPE_CHECKING:
    from ..analyses.analysis import Analysis

__all__ = ["Digraph", "parse_edges"]

Token = str
Tokens = str | tuple[str, ...]


def parse_edges(text: str) -> list[tuple[str, str]]:
    """Read edges from ``a->b, b->c`` (or one ``a b`` / ``a -> b`` per line).

    >>> parse_edges("a->b, b->c\\nc d")
    [('a', 'b'), ('b', 'c'), ('c', 'd')]

    A single name declares a vertex without edges (``"A->B, P"``).
    """
    edges: list[tuple[str, str]] = []
    for raw in text.replace(";", ",").replace("\n", ",").split(","):
        item = raw.split("#", 1)[0].strip()
        if not item:
            continue
        if "->" in item:
            pieces = [p.strip() for p in item.split("->")]
            if len(pieces) < 2 or not all(pieces) or any(" " in p for p in pieces):
                raise InvalidGame(f"digraph: cannot read edge {item!r} (write a->b)")
            edges.extend(pairwise(pieces))  # a->b->c is a path
        else:
            words = item.split()
            if len(words) == 1:
                edges.append((words[0], words[0] + ISOLATED))  # a vertex without edges: 'a->b, P'
                continue
            if len(words) != 2:
                raise InvalidGame(f"digraph: cannot read edge {item!r} (write a->b)")
            edges.append((words[0], words[1]))
    if not edges:
        raise InvalidGame("digraph: the graph has no edges (write it like 'a->b, b->c')")
    if all(b == a + ISOLATED for a, b in edges):
        raise InvalidGame(
            f"digraph: cannot read edge {short(edges[0][0], 40)!r} (write a->b; a lone name is a vertex beside edges)"
        )
    return edges


#: Marks an isolated vertex in :func:`parse_edges`' list: ``(v, v + ISOLATED)`` is no edge.
ISOLATED = "\x00"


class Digraph(Impartial[Tokens]):
    """A token game on a directed graph, possibly with cycles.

    >>> from zermelo import solve
    >>> g = Digraph.from_text("a->b, b->a, b->c")
    >>> str(solve(g, "a").outcome), str(solve(g, "b").outcome)
    ('P', 'N')
    """

    syntax = (
        "the vertices the tokens stand on, separated by spaces (the graph itself is in the Rules: digraph:a->b, b->c)"
    )
    examples = ("a", "a b")

    name: ClassVar[str] = "digraph"
    loopy: ClassVar[bool] = True  # positions may repeat (zermelo check allows cycles)

    def __init__(self, edges: Sequence[tuple[str, str]]) -> None:
        succ: dict[str, list[str]] = {}
        for a, b in edges:
            succ.setdefault(a, [])
            if b == a + ISOLATED:
                continue  # a vertex declared alone ("P" in "A->B, P"): no edge
            succ.setdefault(b, [])
            if b not in succ[a]:
                succ[a].append(b)
        self.successors: dict[str, tuple[str, ...]] = {v: tuple(s) for v, s in succ.items()}
        self.edges: tuple[tuple[str, str], ...] = tuple((a, b) for a, s in self.successors.items() for b in s)

    @classmethod
    def from_text(cls, text: str) -> Digraph:
        """A graph from edge text.  The text is never a file name: reading a file is
        :meth:`from_file`'s, which only a trusted caller (the CLI) reaches — a web request's text
        cannot make this open anything."""
        return cls(parse_edges(text))

    @classmethod
    def from_file(cls, path: Path) -> Digraph:
        """A graph from an edge-list file (``a b`` or ``a->b`` per line), at most :data:`MAX_FILE_BYTES`."""
        return cls(parse_edges(_read_edge_file(path)))

    def options(self, position: Tokens) -> Iterator[Tokens]:
        if isinstance(position, str):
            yield from self.successors[position]
            return
        seen: set[str] = set()
        for i, v in enumerate(position):
            if v in seen:
                continue
            seen.add(v)
            for w in self.successors[v]:
                yield tuple(sorted((*position[:i], w, *position[i + 1 :])))

    def moves(self, position: Tokens) -> Iterator[Move[Tokens]]:
        if isinstance(position, str):
            for w in self.successors[position]:
                yield Move(f"{position} -> {w}", w)
            return
        for i, v in enumerate(position):
            for w in self.successors[v]:
                yield Move(f"token {i + 1}: {v} -> {w}", (*position[:i], w, *position[i + 1 :]))

    def components(self, position: Tokens) -> Sequence[Tokens] | None:
        return None if isinstance(position, str) else list(position)

    def size_hint(self, position: Tokens) -> int:
        n: int = len(self.successors) ** (1 if isinstance(position, str) else len(position))
        return n

    def key(self, position: Tokens) -> Hashable:
        return position if isinstance(position, str) else tuple(sorted(position))

    def parse(self, text: str) -> Tokens:
        words = text.replace(",", " ").split()
        if not words:
            raise InvalidPosition("digraph: name the vertex (or vertices) where the tokens stand")
        for w in words:
            if w not in self.successors:
                known = ", ".join(sorted(self.successors)[:12])
                raise InvalidPosition(f"digraph: no vertex {w!r} in the graph (vertices: {known})")
        return words[0] if len(words) == 1 else tuple(words)

    def board(self, position: Tokens) -> Board:
        """The graph with the tokens on their vertices."""
        return graph_board(self.edges, (position,) if isinstance(position, str) else position)

    def parse_move(self, position: Tokens, text: str, moves: Sequence[Move[Tokens]]) -> Move[Tokens] | None:
        """A vertex name moves the (only) token there."""
        words = text.replace("->", " ").split()
        if len(words) == 1 and isinstance(position, str):
            hits = [m for m in moves if str(m.position).lower() == words[0]]
            if hits:
                return hits[0]
        return None

    def format(self, position: Tokens) -> str:
        return position if isinstance(position, str) else " ".join(position)

    def validate(self, position: Tokens) -> Tokens:
        tokens = (position,) if isinstance(position, str) else position
        ok = isinstance(tokens, tuple) and all(isinstance(v, str) and v in self.successors for v in tokens)
        require(ok, "digraph", "a position is a vertex of the graph or a tuple of them", position)
        return position

    def explain(self, position: Tokens, analysis: Analysis) -> str | None:
        """Several tokens: the graph once, then each token's value (the mex rule on the graph) and
        their nim-sum (Sprague–Grundy).  One token, misère play or values ∞: the generic reasons."""
        a = analysis
        if isinstance(position, str) or a.misere:
            return None
        try:
            values = [a.grundy_of(self, v) for v in position]
        except ZermeloError:
            return None
        ints = [v for v in values if isinstance(v, int)]
        if len(ints) < len(values):
            return None  # a token on a vertex of value ∞: the generic (loopy) reasons
        graph = self.spec().partition(":")[2]
        lines = [
            f"The graph is '{short(graph, 120)}'. Each of the {len(position)} tokens is a game of its own (a sum), "
            "so by the Sprague–Grundy theorem the value is the nim-sum of the values of the tokens' vertices "
            "(each by the mex rule on the graph):"
        ]
        for i, (v, g) in enumerate(zip(position, ints, strict=True)):
            if i == MAX_LISTED:
                lines.append(f"  … and {len(position) - MAX_LISTED} more tokens")
                break
            lines.append(f"  token {i + 1} on {v}: {g}")
        total = 0
        for g in ints:
            total ^= g
        shown = xor_text(ints[:MAX_LISTED]) if len(ints) <= MAX_LISTED else f"… = {total}"
        end = f"Nim-sum {shown}, {verdict(a)}."
        if total and a.winning_moves:
            m = a.winning_moves[0]
            i = int(m.label.split(":")[0].split()[1]) - 1
            end += (
                f" Move token {i + 1} from {position[i]} (value {ints[i]}) to a vertex of value {ints[i]} ⊕ {total} = "
                f"{ints[i] ^ total}: {m.label.partition(': ')[2]}."
            )
        lines.append(end)
        return "\n".join(lines)

    def spec(self) -> str:
        alone = [v for v, s in self.successors.items() if not s and not any(v == b for _, b in self.edges)]
        return f"{self.name}:{', '.join([*(f'{a}->{b}' for a, b in self.edges), *alone])}"


#: The largest edge-list file read (a graph of about a million edges).
MAX_FILE_BYTES = 16 << 20


def _read_edge_file(path: Path) -> str:
    """The text of an edge-list file: a regular file (no device, FIFO or ``/proc`` file), UTF-8,
    at most :data:`MAX_FILE_BYTES` (the checked opener, :mod:`zermelo.core.files`)."""
    try:
        return read_text(path, what="edge-list file", max_bytes=MAX_FILE_BYTES)
    except BadFile as exc:
        raise InvalidGame(f"digraph: {exc}") from None


def _digraph(params: str | None) -> Rules[Any]:
    # The graph comes as the first POSITION word (`digraph "a->b, b->c" a`), not after a colon.
    if not params:
        raise InvalidGame('digraph: give the graph, like digraph "a->b, b->c" a')
    return Digraph.from_text(params)


register(
    GameEntry(
        "digraph",
        _digraph,
        "move a token along an edge of a directed graph (cycles allowed)",
        "GRAPH: edges 'a->b, b->c' or an edge-list file, given as the first POSITION",
        'digraph "a->b, b->a, b->c" a',
        graph_argument=True,
        from_file=Digraph.from_file,
        rules=Digraph,
    )
)
