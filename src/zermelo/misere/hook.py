"""Misère answers of heap games from their quotients: the closed forms behind ``solve --misere``.

A take-and-break game's ``outcome_formula``, ``winning_moves_formula`` and ``explain`` call these
under misère play.  They answer from a quotient already computed (memory or the disk cache of
:func:`~zermelo.misere.misere_quotient`); for a position too big for a quick search
(:data:`SEARCH_BELOW`) they first try to compute one within :data:`ON_DEMAND_SECONDS`.  Otherwise
they return None and the engine searches, as for any game.  Closed forms are claims: the tests
check these answers against plain misère search.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..core.cache import KeyedCache
from ..heaps.heap import HeapGame, Heaps, heap_tuple
from ..rules import Move, Outcome
from .api import MisereQuotient, cached_quotient, misere_quotient

__all__ = [
    "ON_DEMAND_HEAPS",
    "ON_DEMAND_SECONDS",
    "SEARCH_BELOW",
    "explain",
    "outcome",
    "prepare",
    "quotient_for",
    "winning_moves",
]

#: Positions with fewer positions below them than this go to the engine unless a quotient is cached.
SEARCH_BELOW = 100_000
#: A quotient computed on demand covers at least this many heaps ...
ON_DEMAND_HEAPS = 40
#: ... and may take this long; a game that needs longer is left to the engine.
ON_DEMAND_SECONDS = 2.0

#: Heaps beyond this are answered only by a quotient whose period is proven.
ON_DEMAND_MAX = 1000

#: The heaps up to which the last games' quotients were given up on.
_GAVE_UP: KeyedCache[str, int] = KeyedCache(size=256)


def quotient_for(game: HeapGame, position: Heaps) -> MisereQuotient | None:
    """A quotient of ``game`` covering the position's heaps, or None."""
    heaps = [h for h in heap_tuple(position) if h]
    spec = game.spec()
    q = cached_quotient(spec, heaps)
    if q is not None:
        return q
    top = max(heaps, default=0)
    # A misère search is of whole positions (every multiset of heaps a move can leave), not of the
    # heaps one by one: Kayles 12 17 25 reaches about 10^6 of them, its heaps only 13·18·26.
    hint = game.whole_size_hint(position)
    if (hint is not None and hint < SEARCH_BELOW) or _GAVE_UP.get(spec, -1) >= top:
        return None
    # A huge heap is answered only through a proven period: ask for the usual number of heaps.
    want = top if top <= ON_DEMAND_MAX else ON_DEMAND_HEAPS
    q = misere_quotient(game, max(want, ON_DEMAND_HEAPS), seconds=ON_DEMAND_SECONDS)
    if q.complete and q.covers(heaps):
        return q
    _GAVE_UP[spec] = top
    return None


def prepare(game: Any, top: int) -> MisereQuotient | None:
    """Compute (or load) the quotient of a take-and-break game for heaps up to ``top``, within
    :data:`ON_DEMAND_SECONDS`, so the misère answers that follow read it; None for other games."""
    if not isinstance(game, HeapGame) or not game.misere_by_quotient:
        return None  # only games whose misère closed forms read a quotient
    q = cached_quotient(game.spec(), [top])
    if q is None:
        q = misere_quotient(game, max(top, ON_DEMAND_HEAPS), seconds=ON_DEMAND_SECONDS)
    return q if q.complete else None


def outcome(game: HeapGame, position: Heaps) -> Outcome | None:
    q = quotient_for(game, position)
    return None if q is None else q.outcome(heap_tuple(position))


def _element(q: MisereQuotient, heaps: Iterable[int]) -> int:
    return q.element_of(h for h in heaps if h)


def winning_moves(game: HeapGame, position: Heaps) -> list[Move[Heaps]] | None:
    """Every move to a position whose product of elements is in the P-portion."""
    q = quotient_for(game, position)
    if q is None:
        return None
    p = q.monoid.p_portion
    return [m for m in game.moves(position) if _element(q, heap_tuple(m.position)) in p]


def explain(game: HeapGame, position: Heaps, analysis: Any) -> str | None:
    """The why in the quotient's terms: each heap's element, their product, the P-portion."""
    q = quotient_for(game, position)
    if q is None:
        return None
    mon = q.monoid
    heaps = [h for h in heap_tuple(position) if h]
    name = f" ({q.name})" if q.name else ""
    lines = [
        f"Misère play, read off the misère quotient of {q.game} (Plambeck–Siegel): a commutative monoid of "
        f"order {q.order}{name} with generators {', '.join(q.generators)} and relations "
        f"{', '.join(q.presentation) or 'none'}; its P-portion is {{{', '.join(q.p_portion)}}}.",
    ]
    shown = heaps[:12]
    lines.append(
        "  each heap pretends to be an element: "
        + ", ".join(f"{h} → {q.element_text(h)}" for h in shown)
        + (f", … ({len(heaps)} heaps)" if len(heaps) > len(shown) else "")
    )
    x = _element(q, heaps)
    inside = "is" if x in mon.p_portion else "is not"
    lines.append(f"  the product is {mon.element_text(x)}, which {inside} in the P-portion.")
    if analysis.outcome is Outcome.P:
        lines.append(
            "So the player to move loses: every move changes one heap's element and leaves a product outside P."
        )
    else:
        moves = analysis.winning_moves
        if moves:
            m = moves[0]
            y = _element(q, heap_tuple(m.position))
            lines.append(
                f"So the player to move wins: {m.label} makes the product {mon.element_text(y)}, in the P-portion"
                + (f" ({len(moves)} winning moves in all)." if len(moves) > 1 else ".")
            )
        else:
            lines.append("So the player to move wins.")
    return "\n".join(lines)
