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
from typing import TYPE_CHECKING, ClassVar

from ..core.sprague_grundy import nim_sum
from ..heaps.heap import HeapGame, Heaps, heap_tuple
from ..rules import Move, Outcome
from ..rules.catalogue import CGSuiteName, GameEntry, no_params, register
from ..rules.wording import MAX_LISTED, nim_columns, num, plural, some_winning_move, verdict

if TYPE_CHECKING:
    from ..analyses.analysis import Analysis

__all__ = ["FEW_HEAPS", "Nim", "misere_nim_outcome"]

#: The most heaps whose few moves (:meth:`Nim.few_moves`, at most three a heap) are listed for play.
FEW_HEAPS = 300


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
        heaps = heap_tuple(position)
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
        heaps = heap_tuple(position)
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

    def remoteness_formula(self, position: Heaps, misere: bool = False) -> int | None:
        """Normal play: a P-position's remoteness is its number of counters S; an N-position's is
        1 + the fewest counters a winning (Bouton) move leaves.  ``None`` in misère play.

        Proof, by induction on S.  A move removes at least one counter, so every option of a
        P-position is an N-position of at most S - 1 counters, whose remoteness is at most 1 + (its
        winning move's counters) ≤ S - 1: the P-position's is at most S.  It is exactly S: remove
        one counter from a heap whose lowest set bit is the lowest of all heaps (2^b); the nim-sum
        becomes 2^(b+1) - 1, and every winning reply turns a heap with bit b into that heap minus 1
        (its bits below b are 0), so the option's remoteness is 1 + (S - 2).  An N-position's
        remoteness is 1 + the smallest remoteness of its P-options (the engine's rule), and those
        are their counters.

        >>> [Nim().remoteness_formula(p) for p in ((), (5,), (3, 3), (1, 2, 3), (2, 4, 5), (10**60, 7))]
        [0, 1, 6, 6, 11, 15]
        """
        if misere:
            return None
        heaps = heap_tuple(position)
        total, s = sum(heaps), nim_sum(*heaps)
        if s == 0:
            return total
        return 1 + min(total - h + (h ^ s) for h in heaps if h ^ s < h)

    def few_moves(self, position: Heaps, misere: bool = False) -> list[Move[Heaps]] | None:
        """The winning moves, and taking one or all from each heap: the moves listed for play when
        a heap is too big to list them all (``take 20 from heap 2`` or ``take all`` are typed).

        >>> [m.label for m in Nim().few_moves((10**3, 5))][:3]
        ['take 995 from heap 1 (1000 -> 5)', 'take 1 from heap 1 (1000 -> 999)', 'take 1000 from heap 1 (1000 -> 0)']
        """
        heaps = heap_tuple(position)
        if len(heaps) > FEW_HEAPS:
            return None  # 100,000 heaps of 1 are too many moves, and too many to stand for them
        found = self.winning_moves_formula(position, misere)
        seen = {heap_tuple(m.position) for m in found}
        for i, h in enumerate(heaps):
            for t in (h - 1, 0) if h else ():
                m = self.heap_move(heaps, i, (t,))
                if heap_tuple(m.position) not in seen:
                    seen.add(heap_tuple(m.position))
                    found.append(m)
        return found

    def explain(self, position: Heaps, analysis: Analysis) -> str:
        """Bouton: the heaps in binary, the nim-sum and the heap whose highest bit it shares.
        Misère play: as normal Nim until only heaps of 0 or 1 would be left.

        >>> from zermelo.analyses.analysis import solve
        >>> print(solve(Nim(), (3, 4, 5)).explanation)  # doctest: +NORMALIZE_WHITESPACE
        Bouton: write the heaps in binary and add each column without carrying (the nim-sum).
          heap 1:  3 = 011
          heap 2:  4 = 100
          heap 3:  5 = 101
          ones per column:  2 1 2 (even odd even)  →  nim-sum 2 = 010
        The nim-sum is 2, not 0, so the player to move wins (an N-position).
        Its highest bit is 2; heap 1 (3) has that bit.
        Reduce heap 1 from 3 to 3 ⊕ 2 = 1: then every column has an even number of ones and the nim-sum is 0.
        """
        a = analysis
        heaps = heap_tuple(position)
        s = nim_sum(*heaps)
        if a.misere:
            return self._explain_misere(heaps, s, a)
        if not any(heaps):
            return (
                "Every heap is empty: no move is possible, and under normal play the player to move loses "
                "(a P-position)."
            )
        if len(heaps) == 1:
            return f"A single heap of {num(heaps[0])}: take it all and leave nothing, {verdict(a)}."
        lines = ["Bouton: write the heaps in binary and add each column without carrying (the nim-sum)."]
        if max(heaps).bit_length() <= 64:
            lines += nim_columns(heaps)
        else:
            lines.append(f"  (heaps of up to {max(heaps).bit_length()} bits: the columns are too wide to print)")
        if s == 0:
            lines.append(
                f"The nim-sum is 0: every column has an even number of ones, {verdict(a)}. "
                "Any move changes one heap, so some column's count becomes odd and the nim-sum non-zero."
            )
            return "\n".join(lines)
        top = 1 << (s.bit_length() - 1)
        has = [i for i, h in enumerate(heaps) if h & top]
        which = ", ".join(f"heap {i + 1} ({num(heaps[i])})" for i in has[:MAX_LISTED]) + (
            ", …" if len(has) > MAX_LISTED else ""
        )
        i = has[0]
        h = heaps[i]
        verb = "has" if len(has) == 1 else "have"
        lines.append(
            f"The nim-sum is {num(s)}, not 0, {verdict(a)}. Its highest bit is {num(top)}; {which} {verb} that bit. "
            f"Reduce heap {i + 1} from {num(h)} to {num(h)} ⊕ {num(s)} = {num(h ^ s)}: then every column has an "
            "even number of ones and the nim-sum is 0."
        )
        if len(has) > 1:
            lines.append(f"(Each of the {len(has)} heaps with that bit gives a winning move the same way.)")
        return "\n".join(lines)

    def _explain_misere(self, heaps: tuple[int, ...], s: int, a: Analysis) -> str:
        big = sum(1 for h in heaps if h >= 2)
        ones = sum(1 for h in heaps if h == 1)
        if not big and not ones:
            return "Every heap is empty: no move is possible, and under misère play the player who cannot move wins."
        if big == 0:
            parity = "odd" if ones % 2 else "even"
            text = "Misère Nim with only heaps of size 0 or 1: the players just alternate taking a heap of 1. " + (
                "There is one (odd), " if ones == 1 else f"There are {ones} of them ({parity}), "
            )
            if ones % 2:
                return (
                    text + "and the player to move will be the one who takes the last: a P-position "
                    "(the player to move loses)."
                )
            return (
                text
                + "and the opponent will be the one who takes the last: an N-position (the player to move wins)."
                + some_winning_move(a, self)
            )
        rule = (
            f"Misère Nim with {plural(big, 'heap')} of 2 or more: play as in normal Nim (the position is a "
            f"P-position exactly when the nim-sum is 0; here it is {num(s)}) until the move that would leave only "
            "heaps of 0 or 1, which must leave an odd number of 1s instead; "
        )
        if a.outcome is Outcome.P:
            return rule + f"{verdict(a)}."
        hint = ""
        if big == 1:
            hint = (
                " With one heap of 2 or more, the winning move reduces it to 0 or 1 so as to leave an odd number of "
                "heaps of size 1."
            )
        return rule + f"{verdict(a)}.{hint}{some_winning_move(a, self)}"


register(
    GameEntry(
        "nim",
        no_params(Nim, "nim"),
        "Nim: take any number from one heap",
        "",
        "nim 3 4 5",
        table="{r} {c}",
        cgsuite=(CGSuiteName("game.heap.Nim"),),
        rules=Nim,
    )
)
