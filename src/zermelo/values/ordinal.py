"""Ordinal sums G:H: play in H until someone moves in G (Conway, *On Numbers and Games*, ch. 15).

>>> from zermelo.values import parse_value
>>> print(ordinal_sum(parse_value("1"), parse_value("*")))
1*
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from ..core.dyadic import from_signs, sign_expansion
from ..core.traversal import fold
from .game import Game, game, number, star

__all__ = ["ordinal_fold", "ordinal_sum"]


def ordinal_sum(g: Game, h: Game) -> Game:
    """The ordinal sum G:H = {G^L, G:H^L | G^R, G:H^R}: play in H until someone moves in G.

    Its value depends on the form of G (here canonical) but only on the value of H (Conway,
    *On Numbers and Games*, ch. 15), which is what makes Hackenbush trees cheap: an edge with
    a tree above it is the edge : (the value of the tree).

    >>> print(ordinal_sum(number(1), number(-1)), ordinal_sum(star(), star()), ordinal_sum(number(1), star()))
    1/2 *2 1*
    """
    if g.num is not None and h.num is not None:  # a stalk on a stalk: the signs follow on
        return number(from_signs(sign_expansion(g.num) + sign_expansion(h.num)))
    if g.nim is not None and h.nim is not None:  # green stalks: *a : *b = *(a + b)
        return star(g.nim + h.nim)
    return ordinal_fold(g, h)


def ordinal_fold(g: Game, h: Game) -> Game:
    """:func:`ordinal_sum` by its definition, over every position of H (no shortcut)."""
    memo: dict[Hashable, Any] = {}

    def children(x: Game) -> list[Game]:
        return [*x.left, *x.right]

    def combine(x: Game, vals: list[Game]) -> Game:
        n = len(x.left)
        return game([*g.left, *vals[:n]], [*g.right, *vals[n:]])

    out: Game = fold(h, children, combine, key=_ident, memo=memo)
    return out


def _ident(g: Game) -> int:
    return g.id
