"""Sprague–Grundy arithmetic: the mex rule, the nim-sum and the generalized values of loopy games.

The bottom floor of zermelo: games, the engine and the explanations all use these, and this
module imports nothing from zermelo.

>>> mex([0, 1, 3]), nim_sum(3, 4, 5), str(Loopy(frozenset({1, 2})) ^ 3)
(2, 2, '∞(1,2)')
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

__all__ = ["GValue", "Loopy", "mex", "nim_sum"]


def mex(values: Iterable[int]) -> int:
    """The minimum excludant: the least non-negative integer not in ``values``.

    >>> mex([0, 1, 3])
    2
    >>> mex([])
    0
    """
    seen = set(values)
    m = 0
    while m in seen:
        m += 1
    return m


def nim_sum(*values: int) -> int:
    """The nim-sum (binary addition without carry, XOR) of Grundy values.

    >>> nim_sum(3, 4, 5)
    2
    """
    x = 0
    for v in values:
        x ^= v
    return x


@dataclass(frozen=True)
class Loopy:
    """The generalized Sprague–Grundy value ∞(K) of a loopy impartial position.

    ``K`` is the set of finite values among its options.  The position is an N-position when
    0 ∈ K and a draw otherwise; ∞(K) + n = ∞(K ⊕ n) and ∞ + ∞ is a draw (Smith; Fraenkel).
    """

    finite: frozenset[int]

    def __str__(self) -> str:
        inside = ",".join(str(v) for v in sorted(self.finite))
        return f"∞({inside})"

    def __xor__(self, n: int) -> Loopy:
        return Loopy(frozenset(v ^ n for v in self.finite))

    __rxor__ = __xor__


#: A Grundy value: a non-negative int, or ∞(K) in a loopy game.
GValue = int | Loopy
