"""The facts of a game value, as one JSON-able dict: what ``zermelo value --json`` prints and the
web explorer's ``/api/value`` answers (exact numbers as strings)."""

from __future__ import annotations

from typing import Any

from ..errors import Unsupported
from .atomic import atomic_weight, is_all_small
from .calculus import is_infinitesimal
from .dyadic import format_dyadic
from .game import Game

__all__ = ["describe"]


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
