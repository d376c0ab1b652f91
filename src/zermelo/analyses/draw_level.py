"""Draw levels: which draws of a game with cycles a player can press towards the other's mistake.

Garcia, "Draw Positions Are Not All Equal" (GamesCrafters), as GamesmanUni's Draw-Level view shows
it.  In a drawn position of level 0's *fringe*, the player to move has a losing move (a move
after which the opponent can force a win); a draw is *pure* of level 0 when one player can force
the play, through drawn positions only, into a fringe position with the other to move; its
*draw remoteness* is how many moves that takes (win quickly, lose slowly, as remoteness).

That is a game of its own, searched by the one engine: the drawn positions, with a fringe
position terminal (its mover "loses": he stands where he can err).  Its own draws are the next
level's positions, whose fringe has a *draw-losing* move (to a position the next player wins in
the level below); and so on until a level has no fringe: what is left is not pure (NPD).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ..core.limits import Limits, over_budget
from ..rules import Impartial
from ..search.engine import DRAW, NEXT_WINS, Engine, engine_for

__all__ = ["DrawLevel", "draw_levels"]

#: At most this many levels are searched (each is one search of the drawn positions).
MAX_LEVELS = 16


@dataclass(frozen=True)
class DrawLevel:
    """A pure draw: its ``level``, whether the player to move is the one who presses (``pressing``:
    he can force the other into the fringe) and the ``remoteness`` of that (moves to the fringe)."""

    level: int
    pressing: bool
    remoteness: int


class _Level(Impartial[Any]):
    """The drawn positions of the level below, a fringe position terminal."""

    name = "draw-level"

    def __init__(self, game: Impartial[Any], drawn: set[Hashable], fringe: set[Hashable]) -> None:
        self.game, self.drawn, self.fringe = game, drawn, fringe

    def key(self, position: Any) -> Hashable:
        return self.game.key(position)

    def options(self, position: Any) -> Iterable[Any]:
        if self.game.key(position) in self.fringe:
            return []
        return [q for q in self.game.options(position) if self.game.key(q) in self.drawn]

    def format(self, position: Any) -> str:
        return self.game.format(position)


def _reachable(game: Impartial[Any], positions: Sequence[Any], limits: Limits) -> list[Any]:
    """Every position reachable from ``positions`` (one walk, capped by the budget's positions)."""
    seen: dict[Hashable, Any] = {}
    todo = list(positions)
    cap = limits.max_positions
    while todo:
        p = todo.pop()
        k = game.key(p)
        if k in seen:
            continue
        seen[k] = p
        if cap is not None and len(seen) > cap:
            raise over_budget(cap)
        todo.extend(game.options(p))
    return list(seen.values())


def draw_levels(
    game: Impartial[Any], positions: Sequence[Any], *, misere: bool = False, limits: Limits | None = None
) -> list[DrawLevel | None]:
    """The draw level of each position: ``None`` for a position that is no draw, or a draw that is
    not pure (neither player can press the other towards a mistake).

    >>> from zermelo.games.registry import make_game
    >>> g = make_game("digraph:a->b, b->a, b->c, c->d, x->a, x->y, y->x")
    >>> for p, level in zip("abcxy", draw_levels(g, list("abcxy"))):
    ...     print(p, level)
    a DrawLevel(level=0, pressing=True, remoteness=1)
    b DrawLevel(level=0, pressing=False, remoteness=0)
    c None
    x DrawLevel(level=1, pressing=False, remoteness=0)
    y DrawLevel(level=1, pressing=True, remoteness=1)

    (b's mover can move to c, which loses; from a the mover forces b; x's mover can move to a, which
    lets the other press; from y the mover forces x.)
    """
    lim = limits or Limits()
    every = _reachable(game, positions, lim)
    found = engine_for(game).outcomes(every, misere, lim)
    status = {game.key(p): s for p, (s, _) in zip(every, found, strict=True)}
    drawn = [p for p in every if status[game.key(p)] == DRAW]
    # The fringe of level 0: a move to a position whose mover wins.
    lost = {k for k, s in status.items() if s == NEXT_WINS}
    out: dict[Hashable, DrawLevel] = {}
    for level in range(MAX_LEVELS):
        keys = {game.key(p) for p in drawn}
        fringe = {game.key(p) for p in drawn if any(game.key(q) in lost for q in game.options(p))}
        if not fringe:
            break
        rules = _Level(game, keys, fringe)
        found = Engine(rules).outcomes(drawn, False, lim)
        below: list[Any] = []
        lost = set()
        for p, (s, r) in zip(drawn, found, strict=True):
            if s == DRAW:
                below.append(p)
            else:
                assert r is not None
                out[game.key(p)] = DrawLevel(level, s == NEXT_WINS, r)
                if s == NEXT_WINS:
                    lost.add(game.key(p))  # a draw-losing move leads here
        drawn = below
    return [out.get(game.key(p)) for p in positions]
