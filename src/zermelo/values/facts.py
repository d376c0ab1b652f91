"""The value of a position and its facts: one path for every front end.

``zermelo value GAME POSITION --json`` and the web explorer's ``/api/value`` both answer with
:func:`value_facts`: the position's canonical form (an impartial position's is the nimber of its
Grundy value, from the engine, which knows the game's closed forms and keeps to the budget) and
what :func:`describe` says of it: outcome, stops, mean, temperature, birthday, reduced form,
atomic weight, thermograph.

>>> from zermelo.games import Nim
>>> facts = value_facts(Nim(), (1, 2))
>>> facts["value"], facts["outcome"], facts["birthday"]
('*3', 'N', 3)
"""

from __future__ import annotations

from typing import Any

from ..analysis import grundy
from ..engine import check_size
from ..errors import SearchLimitExceeded, Unsupported
from ..limits import Limits
from ..rules import Impartial, Partisan, Rules
from .atomic import atomic_weight, is_all_small
from .calculus import is_infinitesimal
from .canonical import canonical_form
from .dyadic import format_dyadic
from .game import Game, star

__all__ = ["describe", "position_value", "value_facts"]


def position_value(
    game: Rules[Any], position: Any, *, limits: Limits | None = None, max_nimber: int | None = None
) -> Game:
    """The canonical form of a position of an impartial or partisan game.

    Impartial: the nimber of its Grundy value (Sprague–Grundy), by the analyses' ``grundy``
    (closed form first); a position whose search would pass the budget (its size hint) is
    refused first, as the engine refuses it; ``max_nimber`` refuses bigger nimbers (the facts of
    *n cost about n² steps).  A game with cycles has no value; a scored game neither.
    """
    if isinstance(game, Impartial):
        game.validate(position)
        check_size(game, position, limits or Limits())
        n = grundy(game, position, limits=limits)
        if not isinstance(n, int):
            raise Unsupported("this analysis needs a game without cycles")
        if max_nimber is not None and n > max_nimber:
            raise SearchLimitExceeded(f"the value is *{n}: nimbers beyond *{max_nimber} are too big to describe here")
        return star(n)
    if not isinstance(game, Partisan):
        raise Unsupported(f"{game.spec()} has no game value (it is a scored game)")
    return canonical_form(game, position, limits=limits)


def describe(g: Game) -> dict[str, Any]:
    """The facts of a value, as the JSON of ``zermelo value`` (exact numbers as strings)."""
    o = g.outcome
    small = is_all_small(g)
    return {
        "value": str(g),
        "outcome": str(o),
        "winner": o.winner,
        "left_stop": format_dyadic(g.left_stop),
        "right_stop": format_dyadic(g.right_stop),
        "mean": format_dyadic(g.mean),
        "temperature": format_dyadic(g.temperature),
        "birthday": g.birthday,
        "reduced": str(g.reduced),
        "is_number": g.is_number,
        "all_small": small,
        "atomic_weight": _atomic_weight(g),
        "thermograph": g.thermograph.to_json(),
    }


def _atomic_weight(g: Game) -> str | None:
    """The atomic weight as text: every all-small game has one, other infinitesimals may (Wolfe's check)."""
    if not is_infinitesimal(g):
        return None
    try:
        return str(atomic_weight(g))
    except Unsupported:
        return None  # an infinitesimal that is not atomic


def value_facts(
    game: Rules[Any], position: Any, *, limits: Limits | None = None, max_nimber: int | None = None
) -> dict[str, Any]:
    """The object of ``zermelo value GAME POSITION --json``: the game, the position, the facts."""
    g = position_value(game, position, limits=limits, max_nimber=max_nimber)
    return {"game": game.spec(), "position": game.format(position), **describe(g)}
