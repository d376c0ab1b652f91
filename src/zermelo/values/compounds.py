"""Compounds of game forms beyond the disjunctive sum: the conjunctive and selective sums (Conway,
*On Numbers and Games*, ch. 14; *Winning Ways*, ch. 9) and the ordinal product.

* The *conjunctive sum* G ∧ H = {G^L ∧ H^L | G^R ∧ H^R}: a move is a move in both components,
  so play ends as soon as either component ends.
* The *selective sum* G ∨ H = {G^L ∨ H, G ∨ H^L, G^L ∨ H^L | G^R ∨ H, G ∨ H^R, G^R ∨ H^R}: a move
  is a move in one component or in both.
* The *ordinal product* G ⊛ H = {G⊛H^L : G^L, G⊛H^R : −G^R | G⊛H^L : G^R, G⊛H^R : −G^L} (":" the
  ordinal sum): on Hackenbush stalks, every blue edge of H replaced by a copy of G and every
  red edge by a copy of −G.  G ⊛ 1 = G and 1 ⊛ H = H as forms; −(G ⊛ H) = G ⊛ −H.

None of the three respects equality: the value depends on the forms of G and H (``{*|*}`` is 0,
but {*|*} ∧ 3 = 2 while 0 ∧ 3 = 0).  So each takes forms: by default canonical
:class:`~zermelo.values.game.Game` s, or any hashable form with ``options(form) -> (left,
right)``, and a ``tick(n)`` told of each n pairs or forms a step makes (a budget's count; it
may raise to stop the walk).  The result is a canonical value: a compound's value depends only on its options'
values, and those are computed bottom-up (one walk, no recursion, each pair of followers once).

>>> from zermelo.values import parse_value
>>> half, quarter = parse_value("1/2"), parse_value("1/4")
>>> print(conjunctive_sum(half, quarter), selective_sum(half, quarter), ordinal_product(half, quarter))
1/2 3/4 11/32
>>> print(ordinal_product(parse_value("*5"), parse_value("*6")))
*30
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any

from ..core.traversal import fold
from .game import Game, game, neg

__all__ = ["conjunctive_sum", "game_options", "ordinal_product", "selective_sum"]

Options = Callable[[Any], tuple[Sequence[Any], Sequence[Any]]]
Tick = Callable[[int], None]


def _no_tick(_n: int) -> None:
    return None


def game_options(g: Game) -> tuple[Sequence[Game], Sequence[Game]]:
    """The options of a canonical form."""
    return g.left, g.right


def conjunctive_sum(g: Any, h: Any, options: Options = game_options, tick: Tick = _no_tick) -> Game:
    """G ∧ H = {G^L ∧ H^L | G^R ∧ H^R}, by the forms of G and H."""

    def moves(pair: tuple[Any, Any]) -> tuple[list[tuple[Any, Any]], list[tuple[Any, Any]]]:
        (gl, gr), (hl, hr) = options(pair[0]), options(pair[1])
        return [(a, b) for a in gl for b in hl], [(a, b) for a in gr for b in hr]

    return _pairs(g, h, moves, tick)


def selective_sum(g: Any, h: Any, options: Options = game_options, tick: Tick = _no_tick) -> Game:
    """G ∨ H = {G^L ∨ H, G ∨ H^L, G^L ∨ H^L | G^R ∨ H, G ∨ H^R, G^R ∨ H^R}, by the forms of G and H."""

    def moves(pair: tuple[Any, Any]) -> tuple[list[tuple[Any, Any]], list[tuple[Any, Any]]]:
        x, y = pair
        (gl, gr), (hl, hr) = options(x), options(y)
        side = []
        for go, ho in ((gl, hl), (gr, hr)):
            side.append([(a, y) for a in go] + [(x, b) for b in ho] + [(a, b) for a in go for b in ho])
        return side[0], side[1]

    return _pairs(g, h, moves, tick)


def _pairs(g: Any, h: Any, moves: Callable[[tuple[Any, Any]], tuple[list[Any], list[Any]]], tick: Tick) -> Game:
    """The value of the compound at (g, h) whose moves from a pair are ``moves(pair)``."""
    split: dict[Hashable, int] = {}

    def children(pair: tuple[Any, Any]) -> list[tuple[Any, Any]]:
        left, right = moves(pair)
        split[pair] = len(left)
        tick(len(left) + len(right))
        return [*left, *right]

    def combine(pair: tuple[Any, Any], vals: list[Game]) -> Game:
        n = split[pair]
        return game(vals[:n], vals[n:])

    out: Game = fold((g, h), children, combine)
    return out


def ordinal_product(g: Any, h: Any, options: Options = game_options, tick: Tick = _no_tick) -> Game:
    """G ⊛ H = {G⊛H^L : G^L, G⊛H^R : −G^R | G⊛H^L : G^R, G⊛H^R : −G^L}, by the forms of G and H.

    G ⊛ H' enters as the base of an ordinal sum, whose value depends on the base's form: it is
    kept as a form one level deep (its options' values), which is all an ordinal sum reads.
    """
    gl, gr = (tuple(_value(x, options, tick) for x in side) for side in options(g))
    ngl, ngr = tuple(neg(x) for x in gl), tuple(neg(x) for x in gr)

    def children(x: Any) -> list[Any]:
        left, right = options(x)
        tick(len(left) + len(right))
        return [*left, *right]

    def combine(x: Any, vals: list[tuple[tuple[Game, ...], tuple[Game, ...]]]) -> tuple[tuple[Game, ...], ...]:
        n = len(options(x)[0])
        left: list[Game] = []
        right: list[Game] = []
        for base, sub_left, sub_right in [(v, gl, gr) for v in vals[:n]] + [(v, ngr, ngl) for v in vals[n:]]:
            left.extend(_ordinal(base, y, tick) for y in sub_left)
            right.extend(_ordinal(base, y, tick) for y in sub_right)
        tick(len(left) + len(right))
        return tuple(left), tuple(right)

    top = fold(h, children, combine)
    return game(top[0], top[1])


def _value(x: Any, options: Options, tick: Tick) -> Game:
    """The canonical value of the form x."""
    if isinstance(x, Game):
        return x

    def children(f: Any) -> list[Any]:
        left, right = options(f)
        tick(len(left) + len(right))
        return [*left, *right]

    out: Game = fold(x, children, lambda f, vals: game(*_halves(f, vals, options)))
    return out


def _halves(f: Any, vals: list[Game], options: Options) -> tuple[list[Game], list[Game]]:
    n = len(options(f)[0])
    return vals[:n], vals[n:]


def _ordinal(base: tuple[tuple[Game, ...], tuple[Game, ...]], y: Game, tick: Tick) -> Game:
    """X : Y for X the form whose options have the values ``base``: {X^L, X:Y^L | X^R, X:Y^R}."""
    xl, xr = base

    def combine(z: Game, vals: list[Game]) -> Game:
        n = len(z.left)
        tick(1 + len(vals))
        return game([*xl, *vals[:n]], [*xr, *vals[n:]])

    out: Game = fold(y, lambda z: [*z.left, *z.right], combine, key=lambda z: z.id)
    return out
