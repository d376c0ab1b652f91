"""Fibonacci Nim (Whinihan 1963; the notes cite Schwenk): one heap; the first move takes 1 to n − 1
counters, every later move takes at least 1 and at most twice the previous take.

It is the m = 2 member of the move-limit family (:class:`~zermelo.games.movelimit.MoveLimit`, whose
key numbers for m = 2 are the Fibonacci numbers): the rules, the closed forms and the text form are
that family's; this module adds the notes' name and their "why" in Zeckendorf's words.

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

from typing import TYPE_CHECKING, ClassVar

from ..core.errors import InvalidPosition
from ..rules.catalogue import CGSuiteName, GameEntry, no_params, register
from ..rules.wording import MAX_LISTED, first_move, notes_verdict
from ._takeaway import Position, cgsuite_listed
from .movelimit import MoveLimit, greedy_terms

if TYPE_CHECKING:
    from ..analyses.analysis import Analysis

__all__ = ["Fibonacci", "is_fibonacci", "zeckendorf"]


def zeckendorf(n: int) -> list[int]:
    """The Zeckendorf representation of ``n >= 0``: non-consecutive Fibonacci numbers, largest
    first, summing to ``n`` (the move-limit family's greedy terms for m = 2; greedy is optimal by
    Zeckendorf's theorem; exact for any size).

    >>> zeckendorf(20), zeckendorf(100), zeckendorf(0)
    ([13, 5, 2], [89, 8, 3], [])
    >>> sum(zeckendorf(10**40)) == 10**40
    True
    """
    if n < 0:
        raise InvalidPosition(f"zeckendorf: n must be >= 0, got {n}")
    return greedy_terms(2, n)


def is_fibonacci(n: int) -> bool:
    """Whether ``n`` is a Fibonacci number (1, 2, 3, 5, 8, …).

    >>> [n for n in range(1, 22) if is_fibonacci(n)]
    [1, 2, 3, 5, 8, 13, 21]
    """
    return n >= 1 and len(zeckendorf(n)) == 1


class Fibonacci(MoveLimit):
    """Fibonacci Nim: ``movelimit:2`` under the notes' name.

    >>> from zermelo import solve
    >>> a = solve(Fibonacci(), (20, 0))
    >>> str(a.outcome), [m.label for m in a.winning_moves]
    ('N', ['take 2 (20 -> 18)'])
    >>> str(solve(Fibonacci(), (21, 0)).outcome)
    'P'
    """

    name: ClassVar[str] = "fibonacci"

    def __init__(self) -> None:
        super().__init__(2)

    def spec(self) -> str:
        return self.name

    def explain(self, position: Position, analysis: Analysis) -> str | None:
        """Zeckendorf: take the smallest term of n's Zeckendorf sum when the rule allows it."""
        a = analysis
        n = position[0]
        if a.misere or n == 0:
            return None
        terms = zeckendorf(n)
        cap = self.limit(position)
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
                f"than twice {z} and out of the opponent's reach, {notes_verdict(a)}: {_take(a, n, z)}."
                + _more_wins(a, terms, cap)
            )
        if len(terms) == 1:
            text += f"{n} is a Fibonacci number, so the smallest term is {n} itself, out of reach. "
        else:
            text += f"The smallest term {z} is more than {cap}. "
        return text + (
            "Any take k leaves a number whose smallest Zeckendorf term is at most 2k, which the opponent may take, "
            f"{notes_verdict(a)}."
        )


def _take(a: Analysis, n: int, k: int) -> str:
    """The move that takes ``k`` as the analysis labels it (``take 3 (100 -> 97)``)."""
    for m in a.winning_moves:
        if m.position[0] == n - k:
            return m.label
    return f"take {k} ({n} -> {n - k})"


def _more_wins(a: Analysis, terms: list[int], cap: int) -> str:
    """The other winning takes: the sums of the smallest terms whose next term is more than twice the
    take (the module's rule), each with its reason."""
    n = sum(terms)
    said = []
    for t in range(2, len(terms) + 1):
        tail = terms[-t:]
        k = sum(tail)
        if k > cap:
            break
        up = list(reversed(tail))
        shown = " + ".join(map(str, up if len(up) <= 4 else [*up[:2], "…", up[-1]])) + f" = {k}"
        if t == len(terms):
            said.append(f"{_take(a, n, k)}, as {shown} takes everything and leaves the opponent no move")
        elif terms[-t - 1] > 2 * k:
            said.append(
                f"{_take(a, n, k)}, as {shown} and the smallest term of what is left, {terms[-t - 1]}, is more than "
                f"2 × {k} = {2 * k}"
            )
    if not said:
        return ""
    more = f"; and {len(said) - MAX_LISTED} more" if len(said) > MAX_LISTED else ""
    return (
        " Taking the next smallest terms as well also wins while the term after them stays more than twice the "
        "take: " + "; ".join(said[:MAX_LISTED]) + more + "."
    )


register(
    GameEntry(
        "fibonacci",
        no_params(Fibonacci, "fibonacci"),
        "Fibonacci Nim: take at most twice the previous take (first move: 1 .. n-1); movelimit:2",
        "",
        "fibonacci 20",
        table="{n}",
        rules=Fibonacci,
        cgsuite=(CGSuiteName("game.heap.FibonacciNim", coordinates=True, options=cgsuite_listed),),
    )
)
