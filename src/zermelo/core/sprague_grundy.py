"""Sprague–Grundy arithmetic: the mex rule, the nim-sum and the generalized values of loopy games.

The bottom floor of zermelo: games, the engine and the explanations all use these, and this
module imports nothing from zermelo but its errors.

>>> mex([0, 1, 3]), nim_sum(3, 4, 5), str(Loopy(frozenset({1, 2})) ^ 3)
(2, 2, '∞(1,2)')
"""

from __future__ import annotations

import operator
from collections.abc import Iterable

from .errors import InvalidArgument
from .frozen import Frozen

__all__ = ["GValue", "Loopy", "mex", "nim_sum"]


def mex(values: Iterable[int]) -> int:
    """The minimum excludant: the least non-negative integer not in ``values``.

    >>> mex([0, 1, 3])
    2
    >>> mex([])
    0
    >>> mex("3 4 5")
    Traceback (most recent call last):
    ...
    zermelo.core.errors.InvalidArgument: mex takes whole numbers >= 0, got '3 4 5'
    """
    if isinstance(values, (str, bytes)):  # iterable, but its characters are no Grundy values
        raise InvalidArgument(f"mex takes whole numbers >= 0, got {values[:40]!r}")
    try:
        seen = set(values)
    except TypeError:  # not iterable (None), or unhashable items
        raise InvalidArgument(f"mex takes whole numbers >= 0, got {type(values).__name__}") from None
    for v in seen:
        _natural(v, "mex")
    m = 0
    while m in seen:
        m += 1
    return m


def nim_sum(*values: int) -> int:
    """The nim-sum (binary addition without carry, XOR) of Grundy values.

    >>> nim_sum(3, 4, 5)
    2
    >>> nim_sum(-1)
    Traceback (most recent call last):
    ...
    zermelo.core.errors.InvalidArgument: nim_sum takes whole numbers >= 0, got -1
    """
    x = 0
    for v in values:
        x ^= _natural(v, "nim_sum")
    return x


def _natural(v: object, what: str) -> int:
    """``v`` as a whole number >= 0 (numpy's ints too), else :class:`InvalidArgument`."""
    try:
        i = operator.index(v)  # type: ignore[arg-type]
    except TypeError:
        i = -1
    if i < 0:
        got = f"a number of {i.bit_length():,} bits" if i.bit_length() > 1000 else repr(v)[:40]
        raise InvalidArgument(f"{what} takes whole numbers >= 0, got {got}")
    return i


class Loopy(Frozen):
    """The generalized Sprague–Grundy value ∞(K) of a loopy impartial position.

    ``K`` is the set of finite values among its options.  The position is an N-position when
    0 ∈ K and a draw otherwise; ∞(K) + n = ∞(K ⊕ n) and ∞ + ∞ is a draw (Smith; Fraenkel).
    """

    __match_args__ = ("finite",)
    __slots__ = __match_args__
    finite: frozenset[int]

    def __init__(self, finite: frozenset[int]) -> None:
        self._fill(finite)

    def __str__(self) -> str:
        inside = ",".join(str(v) for v in sorted(self.finite))
        return f"∞({inside})"

    def __xor__(self, n: int) -> Loopy:
        return Loopy(frozenset(v ^ n for v in self.finite))

    __rxor__ = __xor__


#: A Grundy value: a non-negative int, or ∞(K) in a loopy game.
GValue = int | Loopy
