"""Take-away games with a move limit (dynamic subtraction): one heap; the first move takes 1 to
n − 1 counters, every later move takes at least 1 and at most m times the previous take
(``movelimit:1`` "at most what the opponent just took", ``movelimit:2`` "at most twice" — Fibonacci
Nim: the game ``fibonacci`` is this family's m = 2 member, :class:`~zermelo.games.fibonacci.Fibonacci`,
which adds only the notes' Zeckendorf "why").

The family's theory (Schwenk 1970): let H_1 = 1 and H_{j+1} = H_j + H_l, where l is the least
index with m·H_l >= H_j (for m = 1 the powers of 2, for m = 2 the Fibonacci numbers 1, 2, 3, 5,
8, …).  Every n >= 1 is a sum of H's chosen greedily (largest first); with z(n) the smallest term,
the player to move wins exactly when z(n) <= the current limit.  So the first player loses exactly
when n is one of the H_j.  :meth:`MoveLimit.outcome_formula` is that rule; the tests check it
against plain search for m = 1, 2, 3, 4.

A position is ``(n, last)``, its text ``"n"`` at the start and ``"n last"`` later.

>>> from zermelo.analyses.analysis import outcome
>>> [n for n in range(1, 40) if str(outcome(MoveLimit(1), (n, 0))) == "P"]
[1, 2, 4, 8, 16, 32]
>>> [n for n in range(1, 40) if str(outcome(MoveLimit(3), (n, 0))) == "P"]
[1, 2, 3, 4, 6, 8, 11, 15, 21, 29]
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from typing import TYPE_CHECKING, ClassVar

from ..core.errors import InvalidGame, InvalidPosition, SearchLimitExceeded
from ..rules import Move, Outcome, is_natural, parse_int, require
from ..rules.catalogue import CGSuiteName, GameEntry, register
from ..rules.wording import notes_verdict
from ._takeaway import Position, TakeAway, cgsuite_listed

if TYPE_CHECKING:
    from ..analyses.analysis import Analysis

__all__ = ["MoveLimit", "basis", "greedy_terms"]


#: The longest basis built: past it the game is too big for its formula.
MAX_TERMS = 100_000


def basis(m: int, upto: int) -> list[int]:
    """The sequence H_1 = 1, H_{j+1} = H_j + H_l (l least with m·H_l >= H_j), up to ``upto``.

    >>> basis(2, 30), basis(1, 30)
    ([1, 2, 3, 5, 8, 13, 21], [1, 2, 4, 8, 16])
    """
    h, low = [1], 0
    while h[-1] <= upto:
        last = h[-1]
        while m * h[low] < last:  # the least l with m·H_l >= H_j only moves up as H_j grows
            low += 1
        h.append(last + h[low])
        if len(h) > MAX_TERMS:  # a large m makes the H's grow by ones for a long time
            raise SearchLimitExceeded(f"movelimit:{m}: more than {MAX_TERMS:,} terms below the heap (search budget)")
    return [x for x in h if x <= upto]


def greedy_terms(m: int, n: int) -> list[int]:
    """``n`` as a sum of the H's of :func:`basis`, largest first, chosen greedily.

    >>> greedy_terms(2, 20), greedy_terms(1, 12)
    ([13, 5, 2], [8, 4])
    """
    out = []
    for x in reversed(basis(m, n)):
        if x <= n:
            out.append(x)
            n -= x
    return out


class MoveLimit(TakeAway):
    """Take at most m times the previous take (the first move: at most n − 1)."""

    syntax = "the counters in the heap (the first move may take any number but all)"
    examples = ("20", "100")

    name: ClassVar[str] = "movelimit"

    def __init__(self, m: int) -> None:
        if m < 1:
            raise InvalidGame(f"movelimit: m (a take is at most m times the previous one) is at least 1, got {m}")
        self.m = m

    def spec(self) -> str:
        return f"{self.name}:{self.m}"

    def limit(self, position: Position) -> int:
        """How many counters the player to move may take at most."""
        n, last = position
        return min(n, n - 1 if last == 0 else self.m * last)

    def takes(self, position: Position) -> tuple[int, int]:
        """At least 1, at most :meth:`limit`."""
        return 1, self.limit(position)

    def moves(self, position: Position) -> Iterator[Move[Position]]:
        n = position[0]
        for k in range(1, self.limit(position) + 1):
            yield Move(f"take {k} ({n} -> {n - k})", (n - k, k))

    def options(self, position: Position) -> Iterator[Position]:
        return (m.position for m in self.moves(position))

    def key(self, position: Position) -> Hashable:
        return (position[0], self.limit(position))

    def size_hint(self, position: Position) -> int:
        n = position[0]
        return (n + 1) * (n + 2) // 2

    def outcome_formula(self, position: Position, misere: bool = False) -> Outcome | None:
        """Schwenk: the player to move wins exactly when the smallest greedy term is within the limit."""
        if misere:
            return None
        n = position[0]
        if n == 0:
            return Outcome.P
        return Outcome.N if greedy_terms(self.m, n)[-1] <= self.limit(position) else Outcome.P

    def winning_moves_formula(self, position: Position, misere: bool = False) -> list[Move[Position]] | None:
        """Take a tail sum ``k`` of the greedy terms (the smallest few) with ``k`` within the limit
        and the next term more than ``m·k``: that leaves the opponent's smallest term out of reach.
        (For m = 2 this is the Zeckendorf rule of Fibonacci Nim; tested against search for m = 1..5.)"""
        if misere:
            return None
        n = position[0]
        terms = greedy_terms(self.m, n)[::-1]  # smallest first
        cap = self.limit(position)
        found: list[Move[Position]] = []
        k = 0
        for t, term in enumerate(terms):
            k += term
            if k > cap:
                break
            following = terms[t + 1] if t + 1 < len(terms) else None
            if following is None or following > self.m * k:
                found.append(Move(f"take {k} ({n} -> {n - k})", (n - k, k)))
        return found

    def parse(self, text: str) -> Position:
        words = text.replace(",", " ").split()
        if not 1 <= len(words) <= 2:
            raise InvalidPosition(
                f"{self.name}: a position is 'n' (the start) or 'n last' (the previous take), got {text.strip()!r}"
            )
        n = parse_int(words[0], f"{self.name}: the number of counters")
        last = parse_int(words[1], f"{self.name}: the previous take", minimum=1) if len(words) == 2 else 0
        return (n, last)

    def format(self, position: Position) -> str:
        n, last = position
        return f"{n}" if last == 0 else f"{n} {last}"

    def validate(self, position: Position) -> Position:
        what = "a position is (counters, previous take; 0 at the start), like (20, 0)"
        ok = isinstance(position, tuple) and len(position) == 2 and all(map(is_natural, position))
        require(ok, self.name, what, position)
        return position

    def explain(self, position: Position, analysis: Analysis) -> str | None:
        """The greedy representation and the smallest term against the limit."""
        a = analysis
        n = position[0]
        if a.misere or n == 0 or n.bit_length() > 200:
            return None
        terms = greedy_terms(self.m, n)
        z = terms[-1]
        cap = self.limit(position)
        h = ", ".join(map(str, basis(self.m, max(n, 30))[:10]))
        rule = "at most n − 1 on the first move" if position[1] == 0 else f"at most {self.m} × {position[1]}"
        text = (
            f"Take-away with limit m = {self.m} (Schwenk): the key numbers are H = {h}, … (each the previous plus "
            f"the first H whose {self.m}-fold reaches it); {n} = {' + '.join(map(str, terms))} greedily. "
            f"The player to move may take {rule}, up to {cap}. "
        )
        if z <= cap:
            move = f" A winning move: {a.winning_moves[0].label}." if a.winning_moves else ""
            return text + (
                f"The smallest term {z} is within reach: taking it leaves {n - z}, whose smallest term is more than "
                f"{self.m} × {z}, out of the opponent's reach, {notes_verdict(a)}.{move}"
            )
        return text + (
            f"The smallest term {z} is out of reach; any take k leaves a number whose smallest term is at most "
            f"{self.m}·k, which the opponent may take, {notes_verdict(a)}."
        )


def _movelimit(params: str | None) -> MoveLimit:
    if params is None or not params.strip():
        raise InvalidGame("movelimit: give m, like movelimit:2 (at most twice the previous take)")
    return MoveLimit(parse_int(params.strip(), "movelimit: m"))


register(
    GameEntry(
        "movelimit",
        _movelimit,
        "take-away with a move limit: at most m times the previous take (m = 1: what the opponent took; "
        "m = 2: Fibonacci Nim)",
        "m",
        "movelimit:1 12",
        table="{n}",
        rules=MoveLimit,
        # CGSuite's TakeAway(r), GenMem((k, j) -> j <= r * k) at (n, k): k is the previous take
        # (CGSuite has no first move: its (n, 0) has none; zermelo's start is "n" alone).
        cgsuite=(CGSuiteName("game.heap.TakeAway", family=True, coordinates=True, options=cgsuite_listed),),
    )
)
