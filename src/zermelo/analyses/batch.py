"""Many positions of one game in one process: the answers one by one, the caches kept warm.

A script that asks a solver about thousands of positions should not pay a process start for
each (the interpreter, numpy, loading the compiled kernels).  These functions take the same
game object for every position, so what one search learnt serves the next: the engine's graph
of an impartial game, the canonical forms of a partisan one, Connect Four's transposition table.
A position that cannot be answered (not a position of the game, over its budget) does not stop
the run: its place in the output holds the :class:`~zermelo.core.errors.ZermeloError` that refused
it.  Memory stays bounded: once a game's searched graph holds more positions than the budget
allows one search (``limits.max_positions``, default 10,000,000), it is forgotten and the next
position starts afresh (the caches of :mod:`zermelo.core.cache` are bounded too).

>>> import zermelo as z
>>> nim = z.games.Nim()
>>> [a.outcome.value if not isinstance(a, z.ZermeloError) else "refused"
...  for a in z.solve_many(nim, [(1, 2, 3), (3, 4, 5), (-1,)])]
['P', 'N', 'refused']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any, TypeVar

from ..core.errors import ZermeloError
from ..core.limits import Limits
from ..rules import Impartial, Partisan, Scored

if TYPE_CHECKING:
    from ..search.minimax_result import Result
    from ..values.game import Game
    from .analysis import Analysis

__all__ = ["each", "keep_bounded", "negamax_many", "solve_many", "value_many"]

T = TypeVar("T")

#: The graph size past which a batch forgets a game's searched graph, when ``limits`` gives none.
GRAPH_CAP = Limits().max_positions or 10_000_000


def each(
    answer: Callable[[Any], T], game: Any, positions: Iterable[Any], limits: Limits | None = None
) -> Iterator[T | ZermeloError]:
    """``answer(position)`` for every position in order; a refused one yields its error instead.

    After each position the game's searched graph is kept only while it is within the budget
    (:func:`keep_bounded`).  Ctrl-C (``KeyboardInterrupt``) is not caught: it ends the run.
    """
    for position in positions:
        try:
            yield answer(position)
        except ZermeloError as exc:
            yield exc
        keep_bounded(game, limits)


def keep_bounded(game: Any, limits: Limits | None = None) -> None:
    """Forget ``game``'s searched graph once it holds more positions than one search may add
    (``limits.max_positions``): a long batch then uses at most about twice one search's memory."""
    if not isinstance(game, Impartial):  # only impartial games have an engine graph
        return
    from ..search.engine import ENGINES

    if game not in ENGINES:
        return
    cap = limits.max_positions if limits is not None and limits.max_positions is not None else GRAPH_CAP
    if ENGINES.get(game).positions_seen > cap:
        ENGINES.discard(game)


def solve_many(
    game: Impartial[Any], positions: Iterable[Any], *, misere: bool = False, limits: Limits | None = None
) -> Iterator[Analysis | ZermeloError]:
    """:func:`zermelo.solve` of each position in turn (``limits`` apply to each one alone)."""
    from .analysis import solve

    return each(lambda p: solve(game, p, misere=misere, limits=limits), game, positions, limits)


def negamax_many(
    game: Scored[Any],
    positions: Iterable[Any],
    *,
    depth: int | None = None,
    strength: str = "auto",
    limits: Limits | None = None,
) -> Iterator[Result | ZermeloError]:
    """:func:`zermelo.negamax` of each position in turn (``limits`` apply to each one alone)."""
    from ..search.minimax import negamax

    return each(lambda p: negamax(game, p, depth=depth, strength=strength, limits=limits), game, positions, limits)


def value_many(
    game: Partisan[Any] | Impartial[Any], positions: Iterable[Any], *, limits: Limits | None = None
) -> Iterator[Game | ZermeloError]:
    """:func:`zermelo.canonical_form` of each position in turn: a :class:`~zermelo.values.game.Game`
    or the error that refused the position."""
    from .canonical import canonical_form

    return each(lambda p: canonical_form(game, p, limits=limits), game, positions, limits)
