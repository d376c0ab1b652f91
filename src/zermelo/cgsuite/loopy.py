"""Loopy games in CGSuite's language: ``pass``, labelled cycles ``a{0|a}``, the named stoppers
(``on``, ``off``, ``over``, ``under``, ``upon``, ``uponth``, ``dud``), ``5over``, ``^[on]``,
``onside & offside``, and their arithmetic — values from :mod:`zermelo.values.stopper`.

A braces expression that mentions ``pass`` (a move back to the game the innermost braces write)
or a label (``a{…}`` names the game its braces write, anywhere inside them) is built as a
:class:`Node`, a game graph under construction; when its braces close and nothing in it points
to braces still open, its graph is made and valued (a short game, a canonical stopper or a
stopper-sided value).  Options that are themselves sided values make two graphs, one of their
onsides and one of their offsides (CGSuite does the same).

>>> from zermelo.cgsuite import evaluate
>>> evaluate("a{0|a}"), evaluate("{pass|*}"), evaluate("on + off"), evaluate("a{1||a|0}")
('over', '^[on]', 'dud', '2 & +-1')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ..values.game import Game, number, star
from ..values.loopy import OFFSIDE, ONSIDE, Graph
from ..values.stopper import (
    Sided,
    SideGraph,
    Stopper,
    Value,
    add,
    compare,
    equal,
    graph_of,
    negative,
    offside,
    onside,
    side_value,
    value_of_graph,
)
from ..values.surreal import Surreal
from .errors import CGSuiteError

__all__ = [
    "PASS",
    "Node",
    "form_graph",
    "is_loopy",
    "loopy_arith",
    "loopy_compare",
    "loopy_ordinal",
    "named",
    "over_number",
    "sided",
    "upon_value",
]


class _Pass:
    """The word ``pass`` inside braces: a move from the game to itself."""

    def __repr__(self) -> str:
        return "pass"


PASS = _Pass()


@dataclass(eq=False)
class Node:
    """A game written in braces that mentions ``pass`` or a label: its options (values, other
    Nodes) and, for a label, its name and whether it was used."""

    label: str | None = None
    left: list[Any] = field(default_factory=list)
    right: list[Any] = field(default_factory=list)
    used: bool = False


def is_loopy(v: Any) -> bool:
    return isinstance(v, Stopper | Sided | Node | _Pass)


def _loopy_option(v: Any) -> bool:
    return isinstance(v, Stopper | Sided | Node | _Pass)


def nest(left: list[Any], right: list[Any], label: Node | None = None) -> Node | None:
    """A Node for the game {left | right} when it is loopy (a pass, a label, a loopy option), else None."""
    if label is None and not any(_loopy_option(o) for o in (*left, *right)):
        return None
    node = label if label is not None else Node()
    node.left = [node if o is PASS else o for o in left]
    node.right = [node if o is PASS else o for o in right]
    return node


def open_labels(node: Node, still_open: list[Node]) -> bool:
    """Whether ``node`` reaches a Node in ``still_open`` (a label whose braces have not closed)."""
    seen: set[int] = set()
    stack = [node]
    while stack:
        n = stack.pop()
        if id(n) in seen:
            continue
        seen.add(id(n))
        if any(n is o for o in still_open):
            return True
        stack.extend(o for o in (*n.left, *n.right) if isinstance(o, Node))
    return False


def close(node: Node) -> Value:
    """The value of a finished Node: its graph made and valued."""
    parts: list[Any] = []
    stack = [node]
    seen: set[int] = set()
    has_sided = False
    while stack:
        n = stack.pop()
        if id(n) in seen:
            continue
        seen.add(id(n))
        parts.append(n)
        for o in (*n.left, *n.right):
            if isinstance(o, Node):
                stack.append(o)
            elif isinstance(o, Sided):
                has_sided = True
    if not has_sided:
        g, r = _graph(parts, lambda v: v)
        return value_of_graph(g, r)
    on_graph, r = _graph(parts, onside)
    off_graph, s = _graph(parts, offside)
    on = side_value(on_graph, r, ONSIDE)
    off = side_value(off_graph, s, OFFSIDE)
    if isinstance(on, SideGraph) or isinstance(off, SideGraph) or not equal(on, off):
        return Sided(on, off)
    return on


def _graph(parts: list[Node], pick: Any) -> tuple[Graph, int]:
    """One graph for the Nodes (numbered first, root 0) and the graphs of the values they hold."""
    index = {id(n): i for i, n in enumerate(parts)}
    left: list[tuple[int, ...]] = [()] * len(parts)
    right: list[tuple[int, ...]] = [()] * len(parts)
    embedded: dict[int, int] = {}

    def target(o: Any) -> int:
        if isinstance(o, Node):
            return index[id(o)]
        v = pick(o) if isinstance(o, Sided) else _as_stopper(o)
        key = id(v)
        if key not in embedded:
            g, r = graph_of(v)
            base = len(left)
            embedded[key] = base + r
            left.extend(tuple(w + base for w in ws) for ws in g.left)
            right.extend(tuple(w + base for w in ws) for ws in g.right)
        return embedded[key]

    for i, n in enumerate(parts):
        left[i] = tuple(target(o) for o in n.left)
        right[i] = tuple(target(o) for o in n.right)
    return Graph(tuple(left), tuple(right)), 0


def _as_stopper(v: Any) -> Game | Stopper:
    """A stopper or short game as it is, a dyadic number as a game (the evaluator turns other
    values into games before they reach this module)."""
    if isinstance(v, Stopper | Game):
        return v
    if isinstance(v, Surreal) and v.is_dyadic():
        return number(v.as_fraction())
    raise CGSuiteError("Expected a game")


# ---------------------------------------------------------------------- named values
def _on() -> Value:
    return value_of_graph(Graph(((0,),), ((),)), 0)


def _over_graph(x: Game, over: bool) -> Value:
    g, r = graph_of(x)
    n = len(g)
    top = ((r,), (n,)) if over else ((n,), (r,))
    return value_of_graph(Graph((*g.left, top[0]), (*g.right, top[1])), n)


def over_number(x: Fraction, over: bool) -> Value:
    """x + over = {x | pass}, x + under = {pass | x}."""
    return _over_graph(number(x), over)


def upon_value(kind: str) -> Value:
    """upon = {pass | *} = ^[on]; uponth = {0 || 0 | 0, pass} = ^<on>."""
    if kind == "upon":
        g, r = graph_of(star())
        n = len(g)
        return value_of_graph(Graph((*g.left, (n,)), (*g.right, (r,))), n)
    inner = Node()
    inner.left, inner.right = [number(0)], [number(0), inner]
    top = Node(left=[number(0)], right=[inner])
    return close(top)


def named(name: str) -> Value | None:
    """The value of a name CGSuite predefines for loopy games, or None."""
    if name == "on":
        return _on()
    if name == "off":
        return negative(_on())
    if name in ("over", "under"):
        return over_number(Fraction(0), name == "over")
    if name in ("upon", "uponth"):
        return upon_value(name)
    if name == "dud":
        return add(_on(), negative(_on()))
    return None


def sided(on: Any, off: Any) -> Value:
    """``on & off``: the value with those sides (CGSuite: the offside must be ≤ the onside)."""
    a, b = _side(on), _side(off)
    if equal(a, b):
        return a
    if not compare(b, a):
        raise CGSuiteError("offside is not <= onside")
    return Sided(a, b)


def _side(v: Any) -> Game | Stopper:
    if isinstance(v, Sided | Node | _Pass):
        raise CGSuiteError("the sides of `&` must be stoppers")
    return _as_stopper(v)


# ---------------------------------------------------------------------- arithmetic hooks
def _value(v: Any) -> Value:
    if isinstance(v, Sided):
        return v
    if isinstance(v, _Pass):
        raise CGSuiteError("Unexpected `pass`.")  # CGSuite's words: `pass` is only a move inside braces
    if isinstance(v, Node):
        raise CGSuiteError("labels stand only for options inside braces")
    return _as_stopper(v)


_MAX_MULTIPLE = 1000  # n * G: about log n sums of growing graphs


def loopy_arith(op: str, a: Any, b: Any) -> Value:
    """a + b, a - b, and n * G or G * n (n copies of G, negated for n < 0) when either is loopy."""
    if op == "+":
        return add(_value(a), _value(b))
    if op == "-":
        return add(_value(a), negative(_value(b)))
    if op == "*" and (_whole(a) is not None or _whole(b) is not None):
        n, g = (_whole(a), b) if _whole(a) is not None else (_whole(b), a)
        assert n is not None
        if abs(n) > _MAX_MULTIPLE:
            raise CGSuiteError(f"a multiple of a loopy game is at most {_MAX_MULTIPLE} copies, not {n}")
        x = negative(_value(g)) if n < 0 else _value(g)
        return _multiple(x, abs(n))
    raise CGSuiteError(f"`{op}` is not defined for loopy games")


def _whole(v: Any) -> int | None:
    if isinstance(v, Game) and v.num is not None and v.num.denominator == 1:
        return int(v.num)
    if isinstance(v, Surreal) and v.is_integer():
        return int(v.as_fraction())
    return None


def _multiple(x: Value, n: int) -> Value:
    """x + x + … + x (n copies), by doubling."""
    total: Value | None = None
    while n:
        if n & 1:
            total = x if total is None else add(total, x)
        n >>= 1
        if n:
            x = add(x, x)
    return total if total is not None else _as_stopper(number(0))


def loopy_ordinal(a: Any, b: Any, written: tuple[Graph, int] | None = None) -> Value:
    """G : H when G or H is a stopper: {G^L, G:H^L | G^R, G:H^R}, G by its canonical form.  On
    the game graphs: G's graph as it is, and a copy of H's in which every position also has G's
    options (the positions of G:H^L are those copies), valued as any graph.

    >>> from zermelo.cgsuite import evaluate
    >>> evaluate("1:on"), evaluate("0:over"), evaluate("over:1")
    ('on', 'over', 'over')

    ``written``: G's graph as written (an explicit game, :func:`form_graph`), in place of its
    canonical form's: ``('{-1|1}' : on).GameValue`` is ``1under`` (G's Left option -1 stays).
    """
    if isinstance(a, Sided) or isinstance(b, Sided):
        raise CGSuiteError("the ordinal sum is defined here for stoppers, not for stopper-sided values")
    (g, gr), (h, hr) = written or graph_of(_value(a)), graph_of(_value(b))  # type: ignore[arg-type]
    n = len(g)
    left = [*g.left, *(g.left[gr] + tuple(n + x for x in h.left[v]) for v in range(len(h)))]
    right = [*g.right, *(g.right[gr] + tuple(n + x for x in h.right[v]) for v in range(len(h)))]
    return value_of_graph(Graph(tuple(left), tuple(right)), n + hr)


def form_graph(form: Any, kind: type[Any]) -> tuple[Graph, int]:
    """The game graph of a form as written, of class ``kind`` (an explicit game: its ``left``
    and ``right`` options are forms of that class again or values), and its root."""
    left: list[tuple[int, ...]] = []
    right: list[tuple[int, ...]] = []

    def build(f: Any) -> int:
        at = len(left)
        if isinstance(f, kind):
            left.append(())
            right.append(())
            left[at] = tuple(build(o) for o in f.left)
            right[at] = tuple(build(o) for o in f.right)
            return at
        g, r = graph_of(_value(f))  # type: ignore[arg-type]
        left.extend(tuple(w + at for w in ws) for ws in g.left)
        right.extend(tuple(w + at for w in ws) for ws in g.right)
        return at + r

    root = build(form)
    return Graph(tuple(left), tuple(right)), root


def loopy_compare(a: Any, b: Any) -> str:
    """'=', '<', '>' or '||' between values one of which is loopy."""
    x, y = _value(a), _value(b)
    below, above = compare(x, y), compare(y, x)
    return "=" if below and above else "<" if below else ">" if above else "||"
