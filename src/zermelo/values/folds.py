"""Quantities of a game computed bottom-up over its options: the fold, the stops, the birthday.

Below :mod:`zermelo.values.game`: these only read a value's options (``left``, ``right``) and
what it is (``num``, ``nim``, ``id``), never build one, so they need not import the class.  The
fold is the engine's iterative :func:`~zermelo.core.traversal.fold`, so a deep game never meets the
recursion limit here; each quantity is cached per value (values are interned: ``id`` is theirs).

>>> from zermelo.values import parse_value
>>> g = parse_value("{2|-1/2}")
>>> print(*stops(g), birthday(g))
2 -1/2 3
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from fractions import Fraction
from typing import TYPE_CHECKING, Any, TypeVar

from ..core.cache import memo_table
from ..core.dyadic import birthday_of_number
from ..core.traversal import fold

if TYPE_CHECKING:
    from .game import Game

__all__ = ["birthday", "fold_cached", "fold_values", "stops"]

T = TypeVar("T")
ZERO_FRACTION = Fraction(0)


def _ident(g: Game) -> int:
    return g.id


def fold_values(root: Game, leaf: Callable[[Game], T | None], combine: Callable[[Game], T]) -> T:
    """Evaluate a cached quantity bottom-up over options without recursion (via the engine's fold).

    ``leaf(g)`` is the quantity when it is known without the options (cached, a number, …), else
    ``None``; ``combine(g)`` computes it once the options' are known (and caches it).
    """

    def children(g: Game) -> Iterator[Game]:
        if leaf(g) is None:
            yield from g.left
            yield from g.right

    def comb(g: Game, _vals: list[Any]) -> T:
        hit = leaf(g)
        return hit if hit is not None else combine(g)

    out: T = fold(root, children, comb, key=_ident)
    return out


def fold_cached(root: Game, cache: dict[int, T], known: Callable[[Game], T | None], combine: Callable[[Game], T]) -> T:
    """A quantity kept in ``cache`` (by value id) for ``root`` and every value below it.

    ``known(g)`` is the quantity when it needs no options (a number's, a nimber's), else ``None``;
    ``combine(g)`` computes it from the options' quantities, already in ``cache``.
    """
    hit = cache.get(root.id)
    if hit is not None:
        return hit

    def leaf(x: Game) -> T | None:
        hit = cache.get(x.id)
        if hit is None:
            hit = known(x)
            if hit is not None:
                cache[x.id] = hit
        return hit

    def comb(x: Game) -> T:
        out = cache[x.id] = combine(x)
        return out

    return fold_values(root, leaf, comb)


_STOPS: dict[int, tuple[Fraction, Fraction]] = memo_table("folds: stops")
_BIRTHDAYS: dict[int, int] = memo_table("folds: birthdays")


def _known_stops(x: Game) -> tuple[Fraction, Fraction] | None:
    if x.num is not None:
        return (x.num, x.num)
    return (ZERO_FRACTION, ZERO_FRACTION) if x.nim is not None else None


def stops(g: Game) -> tuple[Fraction, Fraction]:
    """(left stop, right stop): where play ends when Left (Right) starts, ignoring the tempo."""

    def combine(x: Game) -> tuple[Fraction, Fraction]:
        return (max(_STOPS[o.id][1] for o in x.left), min(_STOPS[o.id][0] for o in x.right))

    return fold_cached(g, _STOPS, _known_stops, combine)


def _known_birthday(x: Game) -> int | None:
    if x.num is not None:
        return birthday_of_number(x.num)
    return x.nim


def birthday(g: Game) -> int:
    """The day ``g`` is born: 0 for 0, 1 + the latest-born option otherwise."""

    def combine(x: Game) -> int:
        return 1 + max((_BIRTHDAYS[o.id] for o in (*x.left, *x.right)), default=-1)

    return fold_cached(g, _BIRTHDAYS, _known_birthday, combine)
