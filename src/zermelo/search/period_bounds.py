"""How many values prove an observed period: the bounds of the theorems that
:mod:`zermelo.search.periodicity` states and proves, as plain arithmetic, so that a caller that
needs only the bound (the period of a misère quotient's pretending function) imports no numpy.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Periodicity", "proof_length"]


@dataclass(frozen=True)
class Periodicity:
    """An observed (arithmetic) period: ``G(n + period) = G(n) + saltus`` for ``n >= preperiod``."""

    period: int
    preperiod: int
    saltus: int = 0


def proof_length(p: int, n0: int, *, removal: int, heaps: int, subtraction: bool = False) -> int:
    """How many values (heaps 0 .. length-1) prove the period ``p`` from ``n0``.

    ``removal`` is ``t``, ``heaps`` the most heaps a move leaves; a subtraction game
    (``subtraction=True``, ``removal = max S``, ``heaps = 1``) needs ``max S`` matching values.
    See :mod:`zermelo.search.periodicity` for the theorems.

    >>> proof_length(149459, 105351, removal=2, heaps=2)  # 0.16: heaps 0..2·n0 + 2p + t - 1
    509622
    """
    if subtraction:
        upper = n0 + removal
    elif heaps <= 1:
        upper = max(n0 + removal, removal + 1)
    else:
        upper = heaps * n0 + (heaps - 1) * p + removal
    return upper + p  # the last pair checked is (upper - 1, upper - 1 + p)
