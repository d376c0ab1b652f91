"""``negamax --trace``: one alpha-beta search drawn as the notes teach it.

The notes' algorithm is minimax with alpha-beta pruning: the first player maximises, the other
minimises, α is the best score the maximiser is sure of so far along the path, β the best the
minimiser is sure of, and the remaining moves of a position are cut off as soon as α ≥ β.
:func:`alphabeta_trace` runs exactly that search (the engine's alpha-beta without the
transposition table, :class:`zermelo.search.minimax.Search`) with a :class:`~zermelo.search.minimax_trace.Trace`
and :func:`trace_lines` words the tree, to a chosen number of plies.

>>> from zermelo.games.tictactoe import TicTacToe
>>> game = TicTacToe()
>>> root = alphabeta_trace(game, game.parse("XO.XO...."))
>>> print("\\n".join(trace_lines(game, root, plies=1)))
XO.XO....  X to move (max)  α -∞  β +∞  = +1 in 1   63 positions, 19 cut-offs
├─ X c1  XOXXO....  O to move (min)  α -∞  β +∞  = -1 in 2   28 positions, 7 cut-offs
├─ X c2  XO.XOX...  O to move (min)  α -1 in 2  β +∞  ≤ -1 in 2   17 positions, 6 cut-offs
├─ X a3  XO.XO.X..  game over  = +1 in 1
├─ X b3  XO.XO..X.  O to move (min)  α +1 in 1  β +∞  ≤ +1 in 3   8 positions, 3 cut-offs
└─ X c3  XO.XO...X  O to move (min)  α +1 in 1  β +∞  ≤ +1 in 3   8 positions, 3 cut-offs
"""

from __future__ import annotations

from typing import Any

from ..core.errors import Remedy
from ..core.limits import Limits
from ..rules import Scored
from ..rules.wording import plural
from ..search.minimax import Search
from ..search.minimax_trace import MAX_TRACE, Bound, Trace, TraceNode, bound_fact, bound_text

__all__ = ["alphabeta_trace", "trace_facts", "trace_header", "trace_lines"]


def alphabeta_trace(
    game: Scored[Any],
    position: Any,
    *,
    depth: int | None = None,
    limits: Limits | None = None,
    max_nodes: int | None = None,
) -> TraceNode:
    """The tree of the notes' alpha-beta search of ``position`` (no transposition table, the
    game's own move order, the full window, to ``depth`` plies when given: the game's
    ``evaluate`` scores the horizon); a budget error past ``max_nodes`` positions (default: the
    limits' position budget, at most :data:`~zermelo.search.minimax_trace.MAX_TRACE`)."""
    budget = (limits.max_positions if limits is not None else None) or MAX_TRACE
    if max_nodes is None:
        max_nodes = min(budget, MAX_TRACE)
    remedies = (Remedy.MORE_POSITIONS,) if max_nodes < MAX_TRACE else (Remedy.DEPTH_LIMIT,)
    trace = Trace(game, max_nodes, remedies)
    search = Search(game, table=False, limits=limits, trace=trace)
    if depth is None:
        search.alphabeta(position)  # its defaults: the full window, no depth limit
    else:
        search.alphabeta(position, depth=depth)
    assert trace.root is not None
    return trace.root


def _players(game: Scored[Any], root: TraceNode) -> tuple[str, str]:
    """The names of the maximiser (to move at the root) and the minimiser."""
    first = game.to_move(root.position)
    second = game.to_move(root.children[0].position) if root.children else None
    return first or "the first player", second or "the second player"


def trace_lines(game: Scored[Any], root: TraceNode, *, plies: int = 2) -> list[str]:
    """The tree to ``plies`` plies below the root, one line a position, then a line for each
    cut-off naming the moves it spared and why (α ≥ β); deeper subtrees are counted only.
    Values are the maximiser's (the player to move at the root), plies counted from the root."""
    names = _players(game, root)
    win_loss = game.win_loss
    out: list[str] = []

    def text(b: Bound, node: TraceNode) -> str:
        return bound_text(b, win_loss, node.ply)

    def line(node: TraceNode, prefix: str, branch: str) -> None:
        lo, hi = node.window()
        result = node.for_first(node.result())
        head = "" if node.move is None else f"{node.move.label}  "
        if node.how == "end":
            what = "game over"
        else:
            role = "max" if node.ply % 2 == 0 else "min"
            what = f"{names[node.ply % 2]} to move ({role})  α {text(lo, node)}  β {text(hi, node)}"
        counts = ""
        if node.children:
            counts = f"   {plural(node.nodes, 'position')}, {plural(node.cutoffs, 'cut-off')}"
        settled = {"table": " (from the table)", "horizon": " (depth limit: estimated)"}.get(node.how, "")
        shown = text(result, node)  # a bound reads "≥ +1 in 3"; an exact value gets its "="
        out.append(
            f"{prefix}{branch}{head}{game.format(node.position)}  {what}  "
            f"{'= ' if result.relation == '=' else ''}{shown}{settled}{counts}"
        )

    def walk(node: TraceNode, prefix: str, depth: int) -> None:
        if depth >= plies:
            return
        kids = node.children
        cut_line = _cut_line(game, node, names) if node.cut else None
        for i, child in enumerate(kids):
            last = i == len(kids) - 1 and cut_line is None
            line(child, prefix, "└─ " if last else "├─ ")
            walk(child, prefix + ("   " if last else "│  "), depth + 1)
        if cut_line is not None:
            out.append(f"{prefix}└─ {cut_line}")

    line(root, "", "")
    walk(root, "", 0)
    return out


def _cut_line(game: Scored[Any], node: TraceNode, names: tuple[str, str]) -> str:
    """The moves a cut-off spared, and why, in the notes' words."""
    lo, hi = node.cut_window()
    me, other = names[node.ply % 2], names[1 - node.ply % 2]
    moves = ", ".join(m.label for m in node.cut)
    window = f"α {bound_text(lo, game.win_loss, node.ply)} ≥ β {bound_text(hi, game.win_loss, node.ply)}"
    if node.ply % 2 == 0:
        why = f"{me} already has a move worth at least β here, and {other} can keep the score at β elsewhere"
    else:
        why = f"{me} already holds {other} to α or less here, and {other} can get α elsewhere"
    return f"✂ cut {moves}: {window} — {why}, so this position is never reached in best play"


def trace_header(game: Scored[Any], root: TraceNode) -> list[str]:
    """What the tree's words mean, in the notes' terms."""
    first, second = _players(game, root)
    if game.win_loss:
        values = (
            f"every value is {first}'s: +1 in n = {first} wins n plies from the start, -1 in n ="
            f" {second} wins, 0 = a draw; a sooner win is worth more (+1 in 1 > +1 in 3)"
        )
    else:
        values = f"every value is {first}'s score"
    return [
        f"{game.spec()}  {game.format(root.position)}: alpha-beta search as the notes teach it"
        " (minimax with pruning, the game's move order, no transposition table)",
        f"  {first} maximises (max), {second} minimises (min); {values}.",
        f"  α is the most {first} is sure of so far on the path, β the least {second} is sure of;"
        " a position's remaining moves are cut (✂) as soon as α ≥ β.",
        "  A value outside its window is only a bound (≥ or ≤): fail-soft alpha-beta stops once it knows enough.",
    ]


def trace_facts(game: Scored[Any], root: TraceNode, *, plies: int = 2) -> dict[str, Any]:
    """The tree to ``plies`` plies as JSON-ready data (values as :func:`bound_fact`)."""
    win_loss = game.win_loss

    def fact(node: TraceNode, depth: int) -> dict[str, Any]:
        lo, hi = node.window()
        out: dict[str, Any] = {
            "move": None if node.move is None else node.move.label,
            "position": game.format(node.position),
            "role": "max" if node.ply % 2 == 0 else "min",
            "settled": node.how,
            "value": bound_fact(node.for_first(node.result()), win_loss, node.ply),
            "alpha": bound_fact(lo, win_loss, node.ply),
            "beta": bound_fact(hi, win_loss, node.ply),
            "positions": node.nodes,
            "cutoffs": node.cutoffs,
        }
        if depth < plies:
            out["children"] = [fact(c, depth + 1) for c in node.children]
            if node.cutoff:
                clo, chi = node.cut_window()
                out["cut"] = {
                    "moves": [m.label for m in node.cut],
                    "alpha": bound_fact(clo, win_loss, node.ply),
                    "beta": bound_fact(chi, win_loss, node.ply),
                }
        return out

    return fact(root, 0)
