"""Fibonacci Nim (Whinihan 1963; the notes cite Schwenk): one heap; the first move takes 1 to n − 1
counters, every later move takes at least 1 and at most twice the previous take.

A position is ``(n, last)``: ``n`` counters and the previous take ``last`` (0 at the start, when
the limit is ``n - 1``).  Its text form is ``"n"`` at the start and ``"n last"`` later.

Zeckendorf: every ``n >= 1`` is uniquely a sum of non-consecutive Fibonacci numbers 1, 2, 3, 5, 8, …
Write ``z(n)`` for the smallest term.  The rule for any position (derived here, checked against
search in the tests):

* the player to move wins exactly when ``z(n) <= limit`` (the limit is ``2·last``, or ``n − 1`` at
  the start) — so the first player loses exactly when ``n`` is a Fibonacci number (then
  ``z(n) = n > n − 1``);
* the winning moves take ``k`` = the sum of the ``t`` smallest Zeckendorf terms of ``n``
  (``t >= 1``) whenever ``k <= limit`` and the next term (if any) exceeds ``2k``.  Taking ``z(n)``
  is always one of them.

Why (the classical proof, extended to any limit): call ``(n, limit)`` *safe* when ``z(n) > limit``.
From a safe position every take ``k <= limit < z(n)`` leaves ``n − k`` whose smallest Zeckendorf
term is at most ``2k`` (subtracting less than the smallest term rewrites it into smaller terms), so
the opponent is not safe.  From an unsafe position, taking ``z(n)`` leaves ``n − z(n)``, whose smallest
term is at least two Fibonacci places above ``z(n)`` and so more than ``2·z(n)``: safe.  And a take
``k`` reaching a safe ``m = n − k`` (``z(m) = F_j > 2k``) has ``k < F_{j−1}``, so the Zeckendorf terms
of ``k`` sit below those of ``m`` without touching them: ``k`` is a tail sum of the terms of ``n``.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from typing import TYPE_CHECKING, ClassVar

from ..catalogue import GameEntry, no_params, register
from ..errors import InvalidPosition
from ..rules import Impartial, Move, Outcome, is_natural, parse_int, require
from ..wording import first_move, notes_verdict

if TYPE_CHECKING:
    from ..analysis import Analysis

__all__ = ["Fibonacci", "is_fibonacci", "zeckendorf"]

Position = tuple[int, int]


def zeckendorf(n: int) -> list[int]:
    """The Zeckendorf representation of ``n >= 0``: non-consecutive Fibonacci numbers, largest
    first, summing to ``n`` (exact for any size; greedy is optimal by Zeckendorf's theorem).

    >>> zeckendorf(20), zeckendorf(100), zeckendorf(0)
    ([13, 5, 2], [89, 8, 3], [])
    >>> sum(zeckendorf(10**40)) == 10**40
    True
    """
    if n < 0:
        raise InvalidPosition(f"zeckendorf: n must be >= 0, got {n}")
    fibs = [1, 2]
    while fibs[-1] <= n:
        fibs.append(fibs[-1] + fibs[-2])
    terms: list[int] = []
    for f in reversed(fibs):
        if f <= n:
            terms.append(f)
            n -= f
    return terms


def is_fibonacci(n: int) -> bool:
    """Whether ``n`` is a Fibonacci number (1, 2, 3, 5, 8, …).

    >>> [n for n in range(1, 22) if is_fibonacci(n)]
    [1, 2, 3, 5, 8, 13, 21]
    """
    return n >= 1 and len(zeckendorf(n)) == 1


def limit(position: Position) -> int:
    """How many counters the player to move may take at most."""
    n, last = position
    return min(n, n - 1 if last == 0 else 2 * last)


class Fibonacci(Impartial[Position]):
    """Fibonacci Nim.

    >>> from zermelo import solve
    >>> a = solve(Fibonacci(), (20, 0))
    >>> str(a.outcome), [m.label for m in a.winning_moves]
    ('N', ['take 2 (20 -> 18)'])
    >>> str(solve(Fibonacci(), (21, 0)).outcome)
    'P'
    """

    name: ClassVar[str] = "fibonacci"

    def options(self, position: Position) -> Iterator[Position]:
        n = position[0]
        for k in range(1, limit(position) + 1):
            yield (n - k, k)

    def moves(self, position: Position) -> Iterator[Move[Position]]:
        n = position[0]
        for k in range(1, limit(position) + 1):
            yield Move(f"take {k} ({n} -> {n - k})", (n - k, k))

    def key(self, position: Position) -> Hashable:
        # Only the counters left and the current limit matter.
        return (position[0], limit(position))

    def size_hint(self, position: Position) -> int:
        n = position[0]
        return (n + 1) * (n + 2) // 2

    def outcome_formula(self, position: Position, misere: bool = False) -> Outcome | None:
        if misere:
            return None
        n = position[0]
        if n == 0:
            return Outcome.P
        return Outcome.N if zeckendorf(n)[-1] <= limit(position) else Outcome.P

    def winning_moves_formula(self, position: Position, misere: bool = False) -> list[Move[Position]] | None:
        """Take a tail sum ``k`` of the Zeckendorf terms with ``k <= limit`` and next term > 2k."""
        if misere:
            return None
        n = position[0]
        terms = zeckendorf(n)[::-1]  # smallest first
        cap = limit(position)
        found: list[Move[Position]] = []
        k = 0
        for t, term in enumerate(terms):
            k += term
            if k > cap:
                break
            following = terms[t + 1] if t + 1 < len(terms) else None
            if following is None or following > 2 * k:
                found.append(Move(f"take {k} ({n} -> {n - k})", (n - k, k)))
        return found

    def parse(self, text: str) -> Position:
        words = text.replace(",", " ").split()
        if len(words) not in (1, 2):
            raise InvalidPosition(
                f"fibonacci: a position is 'n' (the start) or 'n last' (the previous take), got {text.strip()!r}"
            )
        n = parse_int(words[0], "fibonacci: the number of counters")
        last = parse_int(words[1], "fibonacci: the previous take", minimum=1) if len(words) == 2 else 0
        return (n, last)

    def validate(self, position: Position) -> Position:
        what = "a position is (counters, previous take; 0 at the start), like (20, 0)"
        ok = isinstance(position, tuple) and len(position) == 2 and all(map(is_natural, position))
        require(ok, "fibonacci", what, position)
        return position

    def explain(self, position: Position, analysis: Analysis) -> str | None:
        """Zeckendorf: take the smallest term of n's Zeckendorf sum when the rule allows it."""
        a = analysis
        n = position[0]
        if a.misere or n == 0:
            return None
        terms = zeckendorf(n)
        cap = limit(position)
        z = terms[-1]
        zeck = " + ".join(map(str, terms))
        rule = (
            "at most n − 1 on the first move" if position[1] == 0 else f"at most twice the previous take {position[1]}"
        )
        text = f"Zeckendorf: {n} = {zeck}. The player to move may take {rule}, that is up to {cap}. "
        if z == n and n <= cap:
            return text + f"So take all {n}: the opponent cannot move, {notes_verdict(a)}.{first_move(a)}"
        if z <= cap:
            return text + (
                f"The smallest term {z} is allowed: taking it leaves {n - z}, whose smallest Zeckendorf term is more "
                f"than twice {z} and out of the opponent's reach, {notes_verdict(a)}.{first_move(a)}"
            )
        if len(terms) == 1:
            text += f"{n} is a Fibonacci number, so the smallest term is {n} itself, out of reach. "
        else:
            text += f"The smallest term {z} is more than {cap}. "
        return text + (
            "Any take k leaves a number whose smallest Zeckendorf term is at most 2k, which the opponent may take, "
            f"{notes_verdict(a)}."
        )

    def format(self, position: Position) -> str:
        n, last = position
        return str(n) if last == 0 else f"{n} {last}"


register(
    GameEntry(
        "fibonacci",
        no_params(Fibonacci, "fibonacci"),
        "Fibonacci Nim: take at most twice the previous take (first move: 1 .. n-1)",
        "",
        "fibonacci 20",
        table="{n}",
    )
)
