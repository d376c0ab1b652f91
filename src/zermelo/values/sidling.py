"""The sides of a loopy game that is not a stopper: its onside and offside as stoppers' graphs.

A game G that is not a stopper (``dud``, ``on + off``, ``a{1||a|0}``) has two sides, stoppers
s ≥ t with G = s & t when it is stopper-sided: the onside (infinite play won by Left) and the
offside (won by Right) (Winning Ways ch. 11, "sidling"; Siegel, *Combinatorial Game Theory*,
VI.4).  :func:`sides` finds a stopper's graph equal to one side of G in three steps, and every
step is checked by the comparison of sides (:func:`zermelo.values.loopy.le`), so what it returns
is right whatever the steps' reasons:

1. **One table of comparisons** (:func:`zermelo.values.loopy.le_table` with the side: every pair
   of positions of G at once) drives the simplifications that need no further comparison, as
   CGSuite's sidling does: a Right move v → t answered by Left's t → v is dropped from the
   onside (Right gains nothing; an endless play is Left's there), and Left's likewise from the
   offside; dominated options and reversible ones are removed or bypassed by the table, except
   where the move they rest on lies on an alternating cycle (a cycle of (position, player to
   move) states; conservative, from the components of the graph before the changes, since these
   changes never make a state reach more).  The result is compared with G once, both ways; if
   it is not equal in the side, the table's step is dropped.
2. **Moves on alternating cycles taken away** one at a time (all of the first player's at once
   until that fails once) while the side stays equal, each by one comparison of sides, until no
   alternating cycle is left.  A move whose taking away changed the side is not tried again until
   a move of the other player goes (the change only grows: fewer moves for Right never harm Left,
   fewer for Left never help her).
3. If no move can go and alternating cycles are left, the graph so simplified is returned: it
   equals the side but is not a stopper (a side that a stopper equals only with new positions,
   an *unravelling* — Siegel's complete algorithm; Bach's Carousel — is not looked for; CGSuite
   too prints such a side as its simplified graph).

>>> from zermelo.values.loopy import OFFSIDE
>>> dud = Graph(((0,),), ((0,),))
>>> sides(dud, 0, ONSIDE), sides(dud, 0, OFFSIDE)      # dud = on & off
((Graph(left=((0,),), right=((),)), 0), (Graph(left=((),), right=((0,),)), 0))
"""

from __future__ import annotations

from collections.abc import Callable

from ..core.traversal import components
from .game import count_work
from .loopy import ONSIDE, Graph, is_stopper, le, le_table, nodes_from

__all__ = ["sides"]

_ROUNDS = 100  # sweeps of the table's simplifications: each changes at least one position's moves

State = tuple[int, int]  # (position, player to move: 0 Left, 1 Right)


def sides(graph: Graph, root: int, side: int) -> tuple[Graph, int]:
    """A stopper's graph equal to the ``side`` (ONSIDE or OFFSIDE) of the game at ``root``."""
    g, r = graph.reachable(root)
    if not is_stopper(g, r):
        by_table, r2 = _by_table(g, r, side).reachable(r)
        if _same_side(by_table, g, r2, r, {0, 1}, side):
            g, r = by_table, r2
    return _take_away(g, r, side)


def _take_away(g: Graph, r: int, side: int) -> tuple[Graph, int]:
    first = 1 if side == ONSIDE else 0  # the onside drops Right's moves first, the offside Left's
    failed: set[tuple[int, int, int]] = set()
    batch_failed = False  # taking all of the first player's cycle moves at once is tried until it fails once
    while not is_stopper(g, r):
        moves = _cycle_moves(g, r)
        batch = [e for e in moves if e[0] == first]
        singles = [[e] for e in sorted(moves, key=lambda e: (e[0] != first, e)) if e not in failed]
        tries = ([batch] if len(batch) > 1 and not batch_failed else []) + singles
        for drop in tries:
            count_work(1)
            h = _without(g, drop)
            players = {who for who, _, _ in drop}
            if _same_side(h, g, r, r, players, side):
                failed = {e for e in failed if e[0] in players}
                g = h
                break
            if len(drop) == 1:
                failed.add(drop[0])
            else:
                batch_failed = True
        else:
            return _irrelevant(g, r, side)
    return g.reachable(r)


def _irrelevant(g: Graph, r: int, side: int) -> tuple[Graph, int]:
    """The last step when alternating cycles are left: every move whose taking away leaves the
    side equal is taken away, one at a time (the first player's first), each by one comparison."""
    first = 1 if side == ONSIDE else 0
    moves = [(m, v, w) for v in nodes_from(g, [r]) for m in (0, 1) for w in (g.left[v] if m == 0 else g.right[v])]
    for e in sorted(moves, key=lambda e: (e[0] != first, e)):
        count_work(1)
        h = _without(g, [e])
        if _same_side(h, g, r, r, {e[0]}, side):
            g = h
    return g.reachable(r)


def _same_side(h: Graph, g: Graph, hr: int, gr: int, players: set[int], side: int) -> bool:
    """Whether H has the same side as G.  When H is G with moves of ``players`` taken away, one
    comparison decides unless both lost moves: fewer moves for Right never harm Left (H ≥ G by
    copying moves), and fewer for Left never help her."""
    if 1 in players and not le(h, hr, g, gr, side):
        return False
    return 0 not in players or le(g, gr, h, hr, side)


def _by_table(g: Graph, r: int, side: int) -> Graph:
    """Step 1 of :func:`sides`: the simplifications one table of side comparisons justifies."""
    n = len(g)
    lo = [list(dict.fromkeys(x)) for x in g.left]
    ro = [list(dict.fromkeys(x)) for x in g.right]
    # A move answered at once by the opponent's move back (an alternating 2-cycle) is the loser's
    # to drop in its side: Right's in the onside, Left's in the offside.
    if side == ONSIDE:
        ro = [[t for t in ro[v] if v not in lo[t]] for v in range(n)]
    else:
        lo = [[t for t in lo[v] if v not in ro[t]] for v in range(n)]
    g = Graph(tuple(map(tuple, lo)), tuple(map(tuple, ro)))
    table = le_table(g, side)
    comp = components(_alternating(g, range(n)))

    def cyclic(a: State, b: State) -> bool:  # the move from state a to state b lies on an alternating cycle
        return comp[a] == comp[b]

    onside = side == ONSIDE
    for _ in range(_ROUNDS):
        changed = False
        for v in nodes_from(Graph(tuple(map(tuple, lo)), tuple(map(tuple, ro))), [r]):
            count_work(1)
            keep_l = [
                a
                for a in lo[v]
                if not any(
                    b != a and table[a][b] and (not table[b][a] or b < a) and (onside or not cyclic((v, 0), (b, 1)))
                    for b in lo[v]
                )
            ]
            keep_r = [
                a
                for a in ro[v]
                if not any(
                    b != a and table[b][a] and (not table[a][b] or b < a) and (not onside or not cyclic((v, 1), (b, 0)))
                    for b in ro[v]
                )
            ]
            if keep_l != lo[v] or keep_r != ro[v]:
                lo[v], ro[v], changed = keep_l, keep_r, True
            changed = _bypass(v, lo, ro, table, cyclic, 0) or changed
            changed = _bypass(v, ro, lo, table, cyclic, 1) or changed
        if not changed:
            break
    return Graph(tuple(map(tuple, lo)), tuple(map(tuple, ro)))


def _bypass(
    v: int,
    mine: list[list[int]],
    theirs: list[list[int]],
    table: list[list[bool]],
    cyclic: Callable[[State, State], bool],
    who: int,
) -> bool:
    """Bypass the reversible options of ``v`` of one player (0 Left, 1 Right): an option a with a
    reply b of the opponent that is as good for them as v itself (b ≤ v for Left's options) is
    replaced by b's options, unless the reply lies on an alternating cycle or a would come back."""
    changed = False
    for a in list(mine[v]):
        for b in theirs[a]:
            if not (table[b][v] if who == 0 else table[v][b]) or cyclic((a, 1 - who), (b, who)):
                continue
            if a in mine[b]:
                continue
            mine[v] = [x for x in mine[v] if x != a] + [x for x in mine[b] if x not in mine[v]]
            changed = True
            break
    return changed


def _alternating(g: Graph, nodes: range | list[int]) -> dict[State, list[State]]:
    """The moves between (position, player to move) states: Left's to Right's turn and back."""
    return {(v, m): [(w, 1 - m) for w in (g.left[v] if m == 0 else g.right[v])] for v in nodes for m in (0, 1)}


def _cycle_moves(g: Graph, root: int) -> list[tuple[int, int, int]]:
    """(player, from, to) of every move on an alternating cycle (0 Left, 1 Right)."""
    succ = _alternating(g, nodes_from(g, [root]))
    comp = components(succ)  # a move lies on a cycle iff both its ends share a component
    return [(m, v, w) for (v, m), outs in succ.items() for (w, m2) in outs if comp[(v, m)] == comp[(w, m2)]]


def _without(g: Graph, drop: list[tuple[int, int, int]]) -> Graph:
    """G with the moves ``drop`` (player, from, to) taken away."""
    left, right = [list(x) for x in g.left], [list(x) for x in g.right]
    for who, v, w in drop:
        side = left if who == 0 else right
        side[v] = [x for x in side[v] if x != w]
    return Graph(tuple(tuple(x) for x in left), tuple(tuple(x) for x in right))
