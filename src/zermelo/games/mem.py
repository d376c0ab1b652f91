"""Mem (CGSuite's ``game.heap.Mem``, the ``GenMem`` ruleset "remove at least as many as the
previous move"): a heap with a memory.

A position is ``n`` (a heap at the start: any take allowed) or ``n k`` (a heap of n after a take
of k): the player to move removes a ≥ k counters (and at least 1), and the next player must then
remove at least a.  The player who cannot move loses.  (The game is one of CGSuite's take-away
games with a memory, beside Fibonacci Nim's "at most twice" — zermelo's ``movelimit``.)

Why: whoever may take the whole heap does, and wins, so the outcome is plain — the player to
move wins exactly when 0 < k ≤ n or (k = 0 and n > 0) (:meth:`Mem.outcome_formula`, tested
against search).  The Grundy values, which a sum needs, are searched; the positions with k > n
have no move, and the key merges them.  One closed form was found by that search and is checked
against it: after a take of k ≥ 1, a heap of n < k(k + 2) has Grundy value ⌊n/k⌋
(:meth:`Mem.grundy_formula`); past that the values wander (``mem 15 3`` is 3, not 5).

Small values, worked by hand: ``1`` has one move, to 0: *; ``2`` moves to ``1 1`` (then the
opponent takes the last: *) or to 0: ``{*, 0}`` = *2; ``3 2`` must take 2 or 3: to ``1 2`` (no
move: 0) or ``0 3``: * .

>>> from zermelo.analyses.analysis import grundy
>>> m = Mem()
>>> [grundy(m, m.parse(t)) for t in ("1", "2", "3 2", "5 3")]
[1, 2, 1, 1]
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from typing import ClassVar

from ..core.errors import InvalidPosition
from ..rules import Move, Outcome, is_natural, parse_int, require
from ..rules.catalogue import CGSuiteName, GameEntry, no_params, register
from ._takeaway import Position, TakeAway, cgsuite_listed

__all__ = ["Mem"]


class Mem(TakeAway):
    """Remove at least as many counters as the previous move (any number at the start)."""

    syntax = "the number of counters"
    examples = ("12", "5")

    name: ClassVar[str] = "mem"

    def moves(self, position: Position) -> Iterator[Move[Position]]:
        n, k = position
        for a in range(max(k, 1), n + 1):
            yield Move(f"take {a} ({n} -> {n - a})", (n - a, a))

    def options(self, position: Position) -> Iterator[Position]:
        n, k = position
        return ((n - a, a) for a in range(max(k, 1), n + 1))

    def takes(self, position: Position) -> tuple[int, int]:
        """At least the previous take (and 1), at most the heap."""
        n, k = position
        return max(k, 1), n

    def key(self, position: Position) -> Hashable:
        n, k = position
        return (n, min(max(k, 1), n + 1))  # 0 and 1 allow the same takes; past n, none

    def size_hint(self, position: Position) -> int:
        n = position[0]
        return (n + 1) * (n + 2) // 2

    def outcome_formula(self, position: Position, misere: bool = False) -> Outcome | None:
        """The player to move wins by taking the whole heap, when that is allowed."""
        if misere:
            return None
        n, k = position
        return Outcome.N if n > 0 and k <= n else Outcome.P

    def grundy_formula(self, position: Position) -> int | None:
        """⌊n/k⌋ while n < k(k + 2) (k ≥ 1), else ``None``: found by search here, not from the
        literature, and tested against it (tests/test_mem.py, every k ≤ 14; the self-check)."""
        n, k = position
        return n // k if k >= 1 and n < k * (k + 2) else None

    def parse(self, text: str) -> Position:
        words = text.replace(",", " ").replace("(", " ").replace(")", " ").split()
        if not 1 <= len(words) <= 2:
            raise InvalidPosition(
                f"{self.name}: a position is 'n' (the start) or 'n k' (after a take of k), got {text.strip()!r}"
            )
        n = parse_int(words[0], f"{self.name}: the number of counters")
        k = parse_int(words[1], f"{self.name}: the previous take") if len(words) == 2 else 0
        if n > 100_000 or k > 100_000:
            raise InvalidPosition(f"{self.name}: heaps up to 100,000")
        return (n, k)

    def format(self, position: Position) -> str:
        n, k = position
        return f"{n}" if k == 0 else f"{n} {k}"

    def validate(self, position: Position) -> Position:
        ok = isinstance(position, tuple) and len(position) == 2 and all(map(is_natural, position))
        require(ok, "mem", "a position is (counters, previous take; 0 at the start), like (20, 0)", position)
        return position


register(
    GameEntry(
        "mem",
        no_params(Mem, "mem"),
        "Mem: remove at least as many counters as the previous move (n, or n k after a take of k)",
        "",
        "mem 12",
        table="{n}",
        cgsuite=(CGSuiteName("game.heap.Mem", coordinates=True, options=cgsuite_listed),),
        rules=Mem,
    )
)
