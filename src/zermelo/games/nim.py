"""Nim: take any number of counters from one heap.

Bouton's theorem: under normal play a position is a P-position exactly when the nim-sum (XOR) of
the heaps is 0; the winning moves reduce a heap ``h`` with ``h ⊕ s < h`` to ``h ⊕ s``, where ``s``
is the nim-sum.

Misère Nim (the player who takes the last counter loses): a position is a P-position exactly when

* some heap has at least 2 counters and the nim-sum is 0, or
* every heap has at most 1 counter and the nim-sum is 1 (an odd number of 1-heaps).

(A popular tutorial states the second case backwards; the tests check this rule against search.)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

from ..rules import Move, Outcome
from .heap import HeapGame, Heaps

__all__ = ["Nim", "misere_nim_outcome"]


def _heaps(position: Heaps) -> tuple[int, ...]:
    return (position,) if type(position) is int else position  # type: ignore[return-value]


def misere_nim_outcome(heaps: tuple[int, ...]) -> Outcome:
    """Outcome of misère Nim.

    >>> str(misere_nim_outcome((1, 1))), str(misere_nim_outcome((1, 1, 1))), str(misere_nim_outcome((2, 2)))
    ('N', 'P', 'P')
    """
    s = 0
    for h in heaps:
        s ^= h
    if any(h >= 2 for h in heaps):
        return Outcome.P if s == 0 else Outcome.N
    return Outcome.P if s == 1 else Outcome.N


class Nim(HeapGame):
    """Nim with any number of heaps.

    >>> from zermelo import solve
    >>> a = solve(Nim(), (25, 21, 11))
    >>> [m.label for m in a.winning_moves]
    ['take 3 from heap 2 (21 -> 18)']
    """

    name: ClassVar[str] = "nim"

    def heap_options(self, n: int) -> Iterable[int]:
        return range(n)

    def heap_grundy(self, n: int) -> int:
        return n

    def outcome_formula(self, position: Heaps, misere: bool = False) -> Outcome:
        heaps = _heaps(position)
        if misere:
            return misere_nim_outcome(heaps)
        s = 0
        for h in heaps:
            s ^= h
        return Outcome.N if s else Outcome.P

    def winning_moves_formula(self, position: Heaps, misere: bool = False) -> list[Move[Heaps]]:
        """Every winning move without enumerating all moves (works for 1000-digit heaps).

        Normal play: only Bouton's moves ``h -> h ⊕ s`` win.  Misère play: a winning move is
        Bouton's move, or reduces a heap to 0 or 1 (when at most one heap is 2 or more); so the
        candidates ``{h ⊕ s, 0, 1}`` per heap, judged by the misère rule, are all of them.
        """
        heaps = _heaps(position)
        s = 0
        for h in heaps:
            s ^= h
        single = len(heaps) == 1
        found: list[Move[Heaps]] = []
        for i, h in enumerate(heaps):
            targets = {h ^ s} if not misere else {h ^ s, 0, 1}
            for t in sorted(targets, reverse=True):
                if not 0 <= t < h:
                    continue
                new = (*heaps[:i], t, *heaps[i + 1 :])
                if self.outcome_formula(new, misere) is not Outcome.P:
                    continue
                where = "" if single else f" from heap {i + 1}"
                found.append(Move(f"take {h - t}{where} ({h} -> {t})", new[0] if single else new))
        return found
