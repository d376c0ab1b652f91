"""Values of short partisan games: numbers, nimbers, canonical forms, thermographs, notation.

>>> from zermelo.values import parse_value, star, number
>>> g = parse_value("{2|-1/2}")
>>> print(g, g.outcome, g.mean, g.temperature, g.left_stop, g.right_stop)
{2|-1/2} N 3/4 5/4 2 -1/2
>>> print(star(2) + star(3), parse_value("^") + parse_value("v"), -number(3))
* 0 -3
"""

from __future__ import annotations

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
from .dyadic import format_dyadic, is_dyadic, parse_dyadic, simplest_between
from .forms import companion, follower_count, is_even, is_even_tempered, is_odd, is_odd_tempered, stop_count
from .game import Game, add, game, integer, le, neg, number, star, total, zero
from .nimber import nim_add, nim_multiply
from .notation import format_value, parse_value
from .reduced import inf_le, reduced_canonical_form
from .thermograph import Thermograph, Wall, cool, thermograph

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
