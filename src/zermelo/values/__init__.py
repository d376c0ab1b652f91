"""Values of short partisan games: numbers, nimbers, canonical forms, thermographs, notation.

>>> from zermelo.values import parse_value, star, number
>>> g = parse_value("{2|-1/2}")
>>> print(g, g.outcome, g.mean, g.temperature, g.left_stop, g.right_stop)
{2|-1/2} N 3/4 5/4 2 -1/2
>>> print(star(2) + star(3), parse_value("^") + parse_value("v"), -number(3))
* 0 -3
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core._lazy import lazy

if TYPE_CHECKING:  # at run time each name loads its module on first use (zermelo.core._lazy)
    from ..core.dyadic import format_dyadic, is_dyadic, parse_dyadic, simplest_between
    from ..core.nimber import nim_add, nim_multiply
    from .atomic import atomic_weight, is_all_small
    from .calculus import (
        conway_multiply,
        freeze,
        heat,
        incentives,
        is_infinitesimal,
        is_numberish,
        left_incentives,
        norton_multiply,
        overheat,
        power,
        power_to,
        right_incentives,
    )
    from .forms import companion, follower_count, is_even, is_even_tempered, is_odd, is_odd_tempered, stop_count
    from .game import Game, add, game, integer, le, neg, number, star, total, zero
    from .notation import format_value, parse_value
    from .reduced import inf_le, reduced_canonical_form
    from .thermograph import Thermograph, Wall, cool, thermograph

__getattr__, __dir__ = lazy(
    __name__,
    {
        "atomic_weight": ".atomic",
        "is_all_small": ".atomic",
        "conway_multiply": ".calculus",
        "freeze": ".calculus",
        "heat": ".calculus",
        "incentives": ".calculus",
        "is_infinitesimal": ".calculus",
        "is_numberish": ".calculus",
        "left_incentives": ".calculus",
        "norton_multiply": ".calculus",
        "overheat": ".calculus",
        "power": ".calculus",
        "power_to": ".calculus",
        "right_incentives": ".calculus",
        "format_dyadic": "zermelo.core.dyadic",
        "is_dyadic": "zermelo.core.dyadic",
        "parse_dyadic": "zermelo.core.dyadic",
        "simplest_between": "zermelo.core.dyadic",
        "companion": ".forms",
        "follower_count": ".forms",
        "is_even": ".forms",
        "is_even_tempered": ".forms",
        "is_odd": ".forms",
        "is_odd_tempered": ".forms",
        "stop_count": ".forms",
        "Game": ".game",
        "add": ".game",
        "game": ".game",
        "integer": ".game",
        "le": ".game",
        "neg": ".game",
        "number": ".game",
        "star": ".game",
        "total": ".game",
        "zero": ".game",
        "nim_add": "zermelo.core.nimber",
        "nim_multiply": "zermelo.core.nimber",
        "format_value": ".notation",
        "parse_value": ".notation",
        "inf_le": ".reduced",
        "reduced_canonical_form": ".reduced",
        "Thermograph": ".thermograph",
        "Wall": ".thermograph",
        "cool": ".thermograph",
        "thermograph": ".thermograph",
    },
)

# The modules that complete the Game class (its str, pickling, thermograph, cooling and reduced
# form) load when a Game first needs them: zermelo.values.built_on.BuiltOn.

__all__ = [
    "Game",
    "Thermograph",
    "Wall",
    "add",
    "atomic_weight",
    "companion",
    "conway_multiply",
    "cool",
    "follower_count",
    "format_dyadic",
    "format_value",
    "freeze",
    "game",
    "heat",
    "incentives",
    "inf_le",
    "integer",
    "is_all_small",
    "is_dyadic",
    "is_even",
    "is_even_tempered",
    "is_infinitesimal",
    "is_numberish",
    "is_odd",
    "is_odd_tempered",
    "le",
    "left_incentives",
    "neg",
    "nim_add",
    "nim_multiply",
    "norton_multiply",
    "number",
    "overheat",
    "parse_dyadic",
    "parse_value",
    "power",
    "power_to",
    "reduced_canonical_form",
    "right_incentives",
    "simplest_between",
    "star",
    "stop_count",
    "thermograph",
    "total",
    "zero",
]
