"""Win quickly, lose slowly: the winning moves fastest first, and a lost position's best defence.

The notes' remoteness (the Square game lesson): the winner moves to the losing option of
*smallest* remoteness, the loser to the option of *largest* remoteness.  Both come from the one
engine (:meth:`~zermelo.search.engine.Engine.outcomes` of the options, one search): nothing here
searches by itself.

>>> from zermelo.games import Square
>>> from zermelo.analyses.analysis import solve
>>> a = solve(Square(), 40)
>>> [(m.label, r) for m, r in zip(a.winning_moves, a.winning_remoteness)]
[('take 25 (40 -> 15)', 4), ('take 1 (40 -> 39)', 6)]
>>> b = solve(Square(), 17)
>>> [(m.label, r) for m, r in zip(b.best_defence, b.defence_remoteness)]
[('take 4 (17 -> 13)', 7)]

Every move ranked, best first (the Square-game exercises' worst move is the last):

>>> [(r.move.label, r.result, r.remoteness) for r in all_moves(Square(), 17)]  # doctest: +NORMALIZE_WHITESPACE
[('take 4 (17 -> 13)', 'lose', 7), ('take 9 (17 -> 8)', 'lose', 5),
 ('take 1 (17 -> 16)', 'lose', 1), ('take 16 (17 -> 1)', 'lose', 1)]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import islice
from typing import Any

from ..core.errors import ZermeloError
from ..core.limits import over_budget
from ..rules import Impartial, Move
from ..rules.wording import plural
from ..search.engine import DRAW, PREVIOUS_WINS, Limits, engine_for

__all__ = ["MAX_DEFENCE_MOVES", "Ranked", "RankedMove", "all_moves", "best_defence", "fastest_first", "lasts"]

#: A lost position's moves are all looked at only up to this many (beyond: no best defence shown).
MAX_DEFENCE_MOVES = 10_000

Ranked = tuple[list[Move[Any]], list[int | None]]


def _remoteness(game: Impartial[Any], positions: Sequence[Any], misere: bool, limits: Limits) -> list[int | None]:
    """Remoteness of each position (``None`` for a draw), or all ``None`` when the search is refused;
    the game's closed form when it has one for every position (a heap of 10^60)."""
    closed = [game.remoteness_formula(p, misere) for p in positions]
    if all(r is not None for r in closed):
        return closed
    try:
        found = engine_for(game).outcomes(list(positions), misere, limits)
    except ZermeloError:
        return [None] * len(positions)
    return [None if status == DRAW else rem for status, rem in found]


def fastest_first(game: Impartial[Any], wins: list[Move[Any]], misere: bool, limits: Limits) -> Ranked:
    """The winning moves sorted by the remoteness of the position each leaves, smallest first.

    Moves whose remoteness is unknown (a search over the budget) keep their order, after the rest.
    """
    rems = _remoteness(game, [m.position for m in wins], misere, limits)
    order = sorted(range(len(wins)), key=lambda i: (rems[i] is None, rems[i] or 0, i))
    return [wins[i] for i in order], [rems[i] for i in order]


def best_defence(game: Impartial[Any], position: Any, misere: bool, limits: Limits) -> Ranked:
    """The moves of a lost position that lose slowest: the options of largest remoteness."""
    try:
        moves = list(islice(game.moves(position), MAX_DEFENCE_MOVES + 1))
    except ZermeloError:
        return [], []  # too many moves to list: no best defence to show
    if not moves or len(moves) > MAX_DEFENCE_MOVES:
        return [], []
    rems = _remoteness(game, [m.position for m in moves], misere, limits)
    known = [r for r in rems if r is not None]
    if len(known) < len(rems):
        return [], []
    top = max(known)
    best = [m for m, r in zip(moves, rems, strict=True) if r == top]
    return best, [top] * len(best)


@dataclass(frozen=True)
class RankedMove:
    """One move and what it leads to for the player who makes it: ``result`` is ``"win"``,
    ``"draw"`` or ``"lose"``, ``remoteness`` the remoteness of the position it leaves (``None`` for
    a draw)."""

    move: Move[Any]
    result: str
    remoteness: int | None


def all_moves(
    game: Impartial[Any], position: Any, misere: bool = False, limits: Limits | None = None
) -> list[RankedMove]:
    """Every move ranked best first, as GamesmanUni shows them: the wins fastest first, then the
    draws, then the losses slowest first — the worst move (the fastest loss) is the last.

    One search of the options (:meth:`~zermelo.search.engine.Engine.outcomes`); a budget or a position
    with more than :data:`MAX_DEFENCE_MOVES` moves raises :class:`~zermelo.core.errors.SearchLimitExceeded`.
    """
    moves = list(islice(game.moves(position), MAX_DEFENCE_MOVES + 1))
    if len(moves) > MAX_DEFENCE_MOVES:
        raise over_budget(MAX_DEFENCE_MOVES, "moves to rank")
    found = engine_for(game).outcomes([m.position for m in moves], misere, limits) if moves else []
    ranked = [
        RankedMove(m, "draw" if status == DRAW else "win" if status == PREVIOUS_WINS else "lose", rem)
        for m, (status, rem) in zip(moves, found, strict=True)
    ]
    order = {"win": 0, "draw": 1, "lose": 2}
    return sorted(
        ranked,
        key=lambda r: (order[r.result], (r.remoteness or 0) if r.result == "win" else -(r.remoteness or 0)),
    )


def lasts(remoteness_after: int, winning: bool) -> str:
    """How long the game lasts after a move, as the notes say it: ``win in 5`` / ``lose in 8``.

    The count includes the move itself (the position it leaves has ``remoteness_after``).

    >>> lasts(4, True), lasts(7, False)
    ('win in 5', 'lose in 8')
    """
    return f"{'win' if winning else 'lose'} in {remoteness_after + 1}"


def pace(game: Impartial[Any], wins: Sequence[Move[Any]], rems: Sequence[int | None], winning: bool) -> str:
    """The sentence a "why" ends with: which move wins fastest, or which loses slowest.

    >>> from zermelo.games import Square
    >>> print(pace(Square(), [Move("take 25 (40 -> 15)", 15), Move("take 1 (40 -> 39)", 39)], [4, 6], True))
    ... # doctest: +NORMALIZE_WHITESPACE
    Win quickly: take 25 (40 -> 15) leaves a position of remoteness 4, a win in 5 moves
    (the fastest of 2 winning moves).
    >>> pace(Square(), [Move("take 4 (17 -> 13)", 13)], [7], False)
    'Lose slowly: the best defence is take 4 (17 -> 13), to a position of remoteness 7, so the game lasts 8 moves.'
    """
    if not wins or rems[0] is None or (winning and len(wins) == 1):
        return ""  # one winning move: the "why" has named it already
    r = rems[0]
    first = wins[0].label
    if winning:
        of = f" (the fastest of {len(wins)} winning moves)" if len(wins) > 1 else ""
        return f"Win quickly: {first} leaves a position of remoteness {r}, a win in {plural(r + 1, 'move')}{of}."
    also = f" (or {', '.join(m.label for m in wins[1:4])}{', …' if len(wins) > 4 else ''})" if len(wins) > 1 else ""
    return (
        f"Lose slowly: the best defence is {first}{also}, to a position of remoteness {r}, "
        f"so the game lasts {plural(r + 1, 'move')}."
    )
