"""Values of loopy partisan games: canonical stoppers and stopper-sided values ``onside & offside``.

A *stopper* (no infinite alternating play: :func:`zermelo.values.loopy.is_stopper`) has a
*simplest form*, unique up to isomorphism of game graphs (Siegel, *Combinatorial Game Theory*,
VI.5, after Conway and Winning Ways ch. 11): no two positions equal (*fusion*), no dominated
option and no reversible option (bypassed as in short games — Siegel's Theorem VI.5.?: a
bypass that leaves a stopper leaves an equal one).  :func:`canonical` applies the three
simplifications with one table of comparisons between all positions (a survival analysis of the
graph against itself: the values of positions never change under them, so one table serves),
until none applies.

A game that is not a stopper (``dud`` = {pass|pass}, ``on + off``, ``a{1||a|0}``) has two sides,
stoppers s ≥ t with G = s & t: the onside (infinite play won by Left) and the offside (by Right)
(Winning Ways ch. 11, "sidling"; Siegel VI.4), found by :func:`zermelo.values.sidling.sides` and
then simplified here.  When a side is not equal to a stopper that taking moves away reaches, the
simplified graph sidling leaves stands for it (a :class:`SideGraph`: CGSuite's
``SimplifiedLoopyGame``, its ``SidedValue``), compared and added in its side.

Sums: stoppers add by their graphs' sum, simplified; a sum that is not a stopper is sidled.
Stopper-sided values add side by side: (s & t) + (u & v) = (s + u)⁺ & (t + v)⁻ (the *upsum* and
*downsum*, Siegel VI.4).  G ≤ H iff G⁺ ≤ H⁺ and G⁻ ≤ H⁻.

>>> on = Stopper.of(Graph(((0,),), ((),)), 0)
>>> off = negative(on)
>>> value = add(on, off)
>>> isinstance(value, Sided), value.onside == on, value.offside == off
(True, True, True)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property

from ..core.errors import Unsupported
from .game import Game, count_work, game, neg, number
from .game import add as add_short
from .game import le as le_short
from .loopy import (
    OFFSIDE,
    ONSIDE,
    STOPPER,
    Graph,
    from_game,
    is_loopfree,
    is_plumtree,
    is_stopper,
    le,
    le_table,
    nodes_from,
    reach,
)
from .sidling import sides

__all__ = [
    "MAX_ROUNDS",
    "SideGraph",
    "Sided",
    "Stopper",
    "Value",
    "add",
    "canonical",
    "compare",
    "downsum",
    "equal",
    "negative",
    "outcome_class",
    "side_value",
    "sided",
    "sides",
    "simplify_once",
    "stop",
    "upsum",
    "value_of_graph",
]

MAX_ROUNDS = 10_000  # simplification passes: each removes or bypasses at least one option


class Stopper:
    """A loopy stopper in simplest form: a canonical graph and its root (never a short game:
    a loop-free stopper is a :class:`~zermelo.values.game.Game`).  Its positions are distinct
    values, so ``left``/``right`` options compare by position."""

    __slots__ = ("__dict__", "graph", "root", "short")

    def __init__(self, graph: Graph, root: int, short: tuple[Game | None, ...]) -> None:
        self.graph, self.root, self.short = graph, root, short

    @staticmethod
    def of(graph: Graph, root: int) -> Stopper:
        """The canonical stopper of a stopper's graph (a loop-free one must go through :func:`canonical`)."""
        value = canonical(graph, root)
        if not isinstance(value, Stopper):
            raise ValueError("that stopper is a short game")
        return value

    def at(self, v: int) -> Game | Stopper:
        """The value of position ``v`` of the same graph."""
        s = self.short[v]
        return s if s is not None else Stopper(self.graph, v, self.short)

    @property
    def left(self) -> tuple[Game | Stopper, ...]:
        return tuple(self.at(v) for v in self.graph.left[self.root])

    @property
    def right(self) -> tuple[Game | Stopper, ...]:
        return tuple(self.at(v) for v in self.graph.right[self.root])

    @cached_property
    def plumtree(self) -> bool:
        return is_plumtree(self.graph, self.root)

    def pseudonumber(self) -> tuple[str, Fraction] | None:
        """``("on", 0)``, ``("off", 0)``, ``("over", x)`` for {x|pass}, ``("under", x)`` for {pass|x}, else None."""
        v, g = self.root, self.graph
        lo, ro = g.left[v], g.right[v]
        if lo == (v,) and not ro:
            return ("on", Fraction(0))
        if ro == (v,) and not lo:
            return ("off", Fraction(0))
        if len(lo) == 1 and len(ro) == 1:
            a, b = self.short[lo[0]], self.short[ro[0]]
            if ro[0] == v and a is not None and a.num is not None:
                return ("over", a.num)
            if lo[0] == v and b is not None and b.num is not None:
                return ("under", b.num)
        return None

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Stopper) and equal(self, other)

    def __hash__(self) -> int:  # an invariant of isomorphism; equal values are isomorphic
        nodes = sorted((len(self.graph.left[v]), len(self.graph.right[v])) for v in nodes_from(self.graph, [self.root]))
        return hash(tuple(nodes))

    def __neg__(self) -> Stopper:
        value = negative(self)
        assert isinstance(value, Stopper)
        return value

    def __repr__(self) -> str:
        return f"Stopper({self.graph!r}, {self.root})"


class SideGraph(Stopper):
    """One side (``side``: ONSIDE or OFFSIDE) of a game, as the graph that sidling leaves when
    no stopper was reached: not a stopper, its positions compared and added in that side."""

    def __init__(self, graph: Graph, root: int, short: tuple[Game | None, ...], side: int) -> None:
        super().__init__(graph, root, short)
        self.side = side

    def at(self, v: int) -> Game | Stopper:
        s = self.short[v]
        return s if s is not None else SideGraph(self.graph, v, self.short, self.side)

    @cached_property
    def plumtree(self) -> bool:
        return False

    def pseudonumber(self) -> tuple[str, Fraction] | None:
        return None

    def __eq__(self, other: object) -> bool:
        return isinstance(other, SideGraph) and other.side == self.side and equal(self, other)

    def __hash__(self) -> int:
        return super().__hash__()

    def __repr__(self) -> str:
        return f"SideGraph({self.graph!r}, {self.root}, {self.side})"


@dataclass(frozen=True, eq=False)
class Sided:
    """A value ``onside & offside`` that is not a stopper (onside > offside); its sides are
    stoppers (a stopper-sided value) or, when sidling found none, :class:`SideGraph` s."""

    onside: Game | Stopper
    offside: Game | Stopper

    @property
    def carousel(self) -> bool:
        """Whether a side is not a stopper (CGSuite's ``SidedValue`` rather than ``StopperSidedValue``)."""
        return isinstance(self.onside, SideGraph) or isinstance(self.offside, SideGraph)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sided) and equal(self.onside, other.onside) and equal(self.offside, other.offside)

    def __hash__(self) -> int:
        return hash((_hash(self.onside), _hash(self.offside)))


Value = Game | Stopper | Sided


def _hash(v: Game | Stopper) -> int:
    return hash(v) if isinstance(v, Stopper) else v.id


def graph_of(v: Game | Stopper) -> tuple[Graph, int]:
    """The game graph of a stopper or a short game, and its root."""
    if isinstance(v, Stopper):
        return v.graph, v.root
    return from_game(v)


# ---------------------------------------------------------------------- simplest forms
def canonical(graph: Graph, root: int) -> Game | Stopper:
    """The simplest form of the stopper at ``root`` (fusion, dominated and reversible options);
    a short game when no position repeats."""
    g, r = graph.reachable(root)
    if not is_stopper(g, r):
        raise ValueError("not a stopper")
    if is_loopfree(g, r):
        value = _short_values(g, [r])[r]
        assert value is not None
        return value
    table = le_table(g)
    n = len(g)
    lo = [set(g.left[v]) for v in range(n)]
    ro = [set(g.right[v]) for v in range(n)]
    root = r
    for _ in range(MAX_ROUNDS):
        if not _simplify_once(lo, ro, root, table) and not _fuse(lo, ro, root, table):
            break
    else:
        raise Unsupported("the simplification of that loopy game did not settle")
    out, top = Graph(tuple(tuple(sorted(s)) for s in lo), tuple(tuple(sorted(s)) for s in ro)).reachable(root)
    short = _short_values(out, range(len(out)))
    if short[top] is not None:
        return short[top]  # type: ignore[return-value]
    return Stopper(out, top, tuple(short))


def _simplify_once(lo: list[set[int]], ro: list[set[int]], root: int, table: list[list[bool]]) -> bool:
    """One pass of dominated options removed and reversible ones bypassed; whether anything changed."""
    return simplify_once(lo, ro, _reachable_sets(lo, ro, root), table, lambda: _still_stopper(lo, ro, root))


def simplify_once(
    lo: list[set[int]],
    ro: list[set[int]],
    nodes: Iterable[int],
    table: list[list[bool]],
    still_stopper: Callable[[], bool],
) -> bool:
    """One pass over ``nodes`` of a stopper's graph being simplified (``lo``/``ro``, ``table[a][b]``
    is a ≤ b): dominated options removed, reversible ones bypassed unless ``still_stopper`` says
    no after the change; whether anything changed."""
    changed = False
    for v in nodes:
        count_work(1)
        keep_l = {a for a in lo[v] if not any(_below(table, a, b) for b in lo[v])}
        keep_r = {a for a in ro[v] if not any(_below(table, b, a) for b in ro[v])}
        if keep_l != lo[v] or keep_r != ro[v]:
            lo[v], ro[v] = keep_l, keep_r
            changed = True
        for mine, theirs, below in ((lo, ro, True), (ro, lo, False)):
            if _bypass_one(v, mine, theirs, below, table, still_stopper):
                changed = True
    return changed


def _below(table: list[list[bool]], a: int, b: int) -> bool:
    """a is dominated by b: a < b, or a = b and b is the one kept (the lower number)."""
    return a != b and table[a][b] and (not table[b][a] or b < a)


def _fuse(lo: list[set[int]], ro: list[set[int]], root: int, table: list[list[bool]]) -> bool:
    """Merge the reachable positions of equal value into one (the root keeps its number), when
    the result is still a stopper; whether anything merged."""
    nodes = _reachable_sets(lo, ro, root)
    rep = {v: v for v in nodes}
    for i, u in enumerate(nodes):
        for v in nodes[:i]:
            if rep[v] == v and table[u][v] and table[v][u]:
                rep[u] = v
                break
    if root != rep[root]:
        first = rep[root]
        rep = {v: (root if r == first else r) for v, r in rep.items()}
    if all(rep[v] == v for v in nodes):
        return False
    new_lo = [set(x) for x in lo]
    new_ro = [set(x) for x in ro]
    for v in nodes:
        new_lo[v] = {rep[w] for w in lo[v]}
        new_ro[v] = {rep[w] for w in ro[v]}
    if not _still_stopper(new_lo, new_ro, root):
        return False
    lo[:], ro[:] = new_lo, new_ro
    return True


def _bypass_one(
    v: int,
    mine: list[set[int]],
    theirs: list[set[int]],
    below: bool,
    table: list[list[bool]],
    still_stopper: Callable[[], bool],
) -> bool:
    """Bypass one reversible option of ``v`` on one side (Left's when ``below``): an option a
    with a reply b (b ≤ v for Left's) is replaced by b's options on the same side, unless that
    would make a game with infinite alternating play (``still_stopper`` says, after the change)."""
    for a in sorted(mine[v]):
        for b in sorted(theirs[a]):
            if not (table[b][v] if below else table[v][b]):
                continue
            new = (mine[v] - {a}) | mine[b]
            if a in new:
                continue
            old = mine[v]
            mine[v] = new
            if still_stopper():
                return True
            mine[v] = old
    return False


def _reachable_sets(lo: list[set[int]], ro: list[set[int]], root: int) -> list[int]:
    return reach(lo, ro, [root])


def _still_stopper(lo: list[set[int]], ro: list[set[int]], root: int) -> bool:
    return is_stopper(Graph(tuple(tuple(s) for s in lo), tuple(tuple(s) for s in ro)), root)


def _short_values(g: Graph, wanted: Iterable[int]) -> list[Game | None]:
    """The short game of every position that cannot repeat (None for the others)."""
    n = len(g)
    memo: list[Game | None] = [None] * n
    state = [0] * n  # 0 new, 1 on the stack, 2 done
    for start in wanted:
        if state[start]:
            continue
        stack = [start]
        while stack:
            v = stack[-1]
            if state[v] == 0:
                state[v] = 1
                stack.extend(w for w in (*g.left[v], *g.right[v]) if state[w] == 0)
                continue
            stack.pop()
            if state[v] == 2:
                continue
            state[v] = 2
            opts = (*g.left[v], *g.right[v])
            if all(state[w] == 2 and memo[w] is not None for w in opts) and v not in opts:
                memo[v] = game([memo[w] for w in g.left[v]], [memo[w] for w in g.right[v]])  # type: ignore[misc]
    return memo


def value_of_graph(graph: Graph, root: int) -> Value:
    """The value of the game at ``root``: a short game, a canonical stopper, or its two sides."""
    if is_stopper(graph, root):
        return canonical(graph, root)
    return sided(side_value(graph, root, ONSIDE), side_value(graph, root, OFFSIDE))


def side_value(graph: Graph, root: int, side: int) -> Game | Stopper:
    """The ``side`` of the game at ``root``: its canonical stopper, or the :class:`SideGraph`
    sidling leaves."""
    g, r = sides(graph, root, side)
    if is_stopper(g, r):
        return canonical(g, r)
    return SideGraph(g, r, tuple(_short_values(g, range(len(g)))), side)


def sided(on: Game | Stopper, off: Game | Stopper) -> Value:
    """The value with these onside and offside: the stopper itself when they are equal."""
    if isinstance(on, SideGraph) or isinstance(off, SideGraph):
        return Sided(on, off)
    return on if equal(on, off) else Sided(on, off)


# ---------------------------------------------------------------------- arithmetic
def _stopper_sum(a: Game | Stopper, b: Game | Stopper) -> Value:
    if isinstance(a, Game) and isinstance(b, Game):
        return add_short(a, b)
    (g, r), (h, s) = graph_of(a), graph_of(b)
    total, root = g.sum(h, r, s)
    return value_of_graph(total, root)


def _side_sum(a: Game | Stopper, b: Game | Stopper, side: int) -> Game | Stopper:
    if isinstance(a, Game) and isinstance(b, Game):
        return add_short(a, b)
    (g, r), (h, s) = graph_of(a), graph_of(b)
    total, root = g.sum(h, r, s)
    return side_value(total, root, side)


def upsum(a: Game | Stopper, b: Game | Stopper) -> Game | Stopper:
    """The onside of a + b (Siegel VI.4: the upsum)."""
    return _side_sum(a, b, ONSIDE)


def downsum(a: Game | Stopper, b: Game | Stopper) -> Game | Stopper:
    """The offside of a + b (the downsum)."""
    return _side_sum(a, b, OFFSIDE)


def onside(v: Value) -> Game | Stopper:
    return v.onside if isinstance(v, Sided) else v


def offside(v: Value) -> Game | Stopper:
    return v.offside if isinstance(v, Sided) else v


def add(a: Value, b: Value) -> Value:
    """a + b: stoppers by their sum's graph; sided values side by side."""
    if not isinstance(a, Sided) and not isinstance(b, Sided):
        return _stopper_sum(a, b)
    return sided(upsum(onside(a), onside(b)), downsum(offside(a), offside(b)))


def negative(v: Value) -> Value:
    """−v: Left and Right exchanged (the onside of −G is −(the offside of G))."""
    if isinstance(v, Game):
        return neg(v)
    if isinstance(v, Sided):
        return Sided(_neg_stopper(v.offside), _neg_stopper(v.onside))
    return _neg_stopper(v)


def _neg_stopper(v: Game | Stopper) -> Game | Stopper:
    if isinstance(v, Game):
        return neg(v)
    short = tuple(None if s is None else neg(s) for s in v.short)
    if isinstance(v, SideGraph):
        return SideGraph(v.graph.negative(), v.root, short, OFFSIDE if v.side == ONSIDE else ONSIDE)
    return Stopper(v.graph.negative(), v.root, short)


def _le_stoppers(a: Game | Stopper, b: Game | Stopper, side: int = STOPPER) -> bool:
    """a ≤ b; in ``side`` when either is a :class:`SideGraph` (for stoppers the two agree)."""
    if isinstance(a, Game) and isinstance(b, Game):
        return le_short(a, b)
    (g, r), (h, s) = graph_of(a), graph_of(b)
    loopy_side = isinstance(a, SideGraph) or isinstance(b, SideGraph)
    return le(g, r, h, s, side if loopy_side else STOPPER)


def compare(a: Value, b: Value) -> bool:
    """a ≤ b: both sides (a stopper is its own onside and offside)."""
    return _le_stoppers(onside(a), onside(b), ONSIDE) and _le_stoppers(offside(a), offside(b), OFFSIDE)


def equal(a: Value, b: Value) -> bool:
    if isinstance(a, Game) and isinstance(b, Game):
        return a is b
    if isinstance(a, Sided) != isinstance(b, Sided):
        return False
    return compare(a, b) and compare(b, a)


# ---------------------------------------------------------------------- stops
Stop = tuple[int, Fraction, int]  # (±1 for on/off else 0, number, +1 over / -1 under / 0)


def stop(v: Game | Stopper, left: bool) -> Stop:
    """The left or right stop as a pseudonumber: ``(1, 0, 0)`` on, ``(-1, 0, 0)`` off,
    ``(0, x, 1)`` x over, ``(0, x, -1)`` x under, ``(0, x, 0)`` the number x.  In a stopper play
    that alternates ends, so the recursion over alternating moves ends too."""
    if isinstance(v, SideGraph):
        return _side_stop(v, left)
    memo: dict[tuple[int, bool], Stop] = {}
    return _stop(v, left, memo)


def _side_stop(v: SideGraph, left: bool) -> Stop:
    """A stop of a side that is not a stopper: alternating play to a short position (its stop),
    an endless one on in the onside, off in the offside — the greatest fixed point of the stops'
    recursion from on in the onside (the least from off in the offside), found by iterating."""
    g = v.graph
    nodes = [n for n in nodes_from(g, [v.root]) if v.short[n] is None]
    start: Stop = (1, Fraction(0), 0) if v.side == ONSIDE else (-1, Fraction(0), 0)
    val = {(n, who): start for n in nodes for who in (True, False)}

    def at(w: int, who: bool) -> Stop:
        s = v.short[w]
        return val[(w, who)] if s is None else (0, s.left_stop if who else s.right_stop, 0)

    changed = True
    while changed:
        changed = False
        for n in nodes:
            for who in (True, False):
                opts = g.left[n] if who else g.right[n]
                if not opts:
                    raise Unsupported("that side has no stop (a position without moves)")
                stops = [at(w, not who) for w in opts]
                new = max(stops) if who else min(stops)
                if new != val[(n, who)]:
                    val[(n, who)], changed = new, True
    return val[(v.root, left)]


def _stop(v: Game | Stopper, left: bool, memo: dict[tuple[int, bool], Stop]) -> Stop:
    if isinstance(v, Game):
        x = v.left_stop if left else v.right_stop
        return (0, x, 0)
    p = v.pseudonumber()
    if p is not None:
        kind, x = p
        return {"on": (1, x, 0), "off": (-1, x, 0), "over": (0, x, 1), "under": (0, x, -1)}[kind]
    key = (v.root, left)
    hit = memo.get(key)
    if hit is None:
        opts = v.left if left else v.right
        if not opts:
            raise Unsupported("that stopper has no stop (a side without moves)")
        stops = [_stop(o, not left, memo) for o in opts]
        hit = max(stops) if left else min(stops)
        memo[key] = hit
    return hit


def _stopper_class(g: Game | Stopper, side: int = STOPPER) -> str:
    zero = number(0)
    ge, le0 = _le_stoppers(zero, g, side), _le_stoppers(g, zero, side)
    return "P" if ge and le0 else "L" if ge else "R" if le0 else "N"


#: CGSuite's loopy outcome class from the outcome classes of the onside and the offside.
_BY_SIDES = {
    ("L", "L"): "L",
    ("L", "N"): "NHat",
    ("L", "P"): "PHat",
    ("L", "R"): "D",
    ("N", "N"): "N",
    ("N", "R"): "NCheck",
    ("P", "P"): "P",
    ("P", "R"): "PCheck",
    ("R", "R"): "R",
}


def outcome_class(v: Value) -> str:
    """L, R, P, N for a stopper; for a sided value, from its sides' classes (Siegel VI.4: Left
    moving first wins G iff she wins its offside, and at least draws iff she wins its onside):
    ``D``, ``PHat``, ``PCheck``, ``NHat``, ``NCheck`` as CGSuite names them."""
    if not isinstance(v, Sided):
        return _stopper_class(v)
    return _BY_SIDES[(_stopper_class(v.onside, ONSIDE), _stopper_class(v.offside, OFFSIDE))]
