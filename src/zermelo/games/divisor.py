"""The divisor game: replace ``n`` by ``n - x`` for a proper divisor ``x`` of ``n`` (1 ≤ x < n).

The player left with 1 cannot move and loses.  Theorem: ``n`` is an N-position exactly when ``n``
is even.  Proof: from an odd ``n`` every divisor ``x`` is odd, so ``n - x`` is even; from an even
``n`` taking ``x = 1`` leaves an odd number.  More precisely, the winning moves from an even ``n``
are exactly the odd proper divisors ``x`` (they leave ``n - x`` odd).  Divisors come from an exact
factorisation (Miller–Rabin and Pollard's rho), so ``n`` may have 30 digits.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from math import gcd, isqrt
from typing import TYPE_CHECKING, ClassVar

from ..core.errors import InvalidPosition, SearchLimitExceeded
from ..rules import Impartial, Move, Outcome, is_natural, parse_int, short, shown
from ..rules.catalogue import GameEntry, no_params, register
from ..rules.wording import first_move, notes_verdict

if TYPE_CHECKING:
    from ..analyses.analysis import Analysis

__all__ = ["Divisor", "divisors", "factorize"]

_SMALL_PRIMES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37)


def _is_prime(n: int) -> bool:
    """Miller–Rabin with the first 12 prime bases: exact for n < 3.3 · 10^24, and a strong
    probable-prime test beyond."""
    if n < 2:
        return False
    for p in _SMALL_PRIMES:
        if n % p == 0:
            return n == p
    d, s = n - 1, 0
    while d % 2 == 0:
        d //= 2
        s += 1
    for a in _SMALL_PRIMES:
        x = pow(a, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(s - 1):
            x = x * x % n
            if x == n - 1:
                break
        else:
            return False
    return True


#: The seconds one factorisation may take: every factor up to about 10**10 is found well within
#: it, whatever the number; a product of bigger primes is refused, not searched for ever (a
#: 1,500-digit repunit hung the web explorer's move list).
FACTOR_SECONDS = 2.0


def _too_slow(n: int) -> SearchLimitExceeded:
    return SearchLimitExceeded(
        f"divisor: cannot factor {short(str(n), 40)} ({len(str(n)):,} digits) within {FACTOR_SECONDS:g} s"
        " to list its divisors"
    )


def _rho(n: int, deadline: float) -> int:
    """A non-trivial factor of the composite odd ``n`` (Pollard's rho, Brent's variant)."""
    c = 1
    steps = 0
    while True:
        x = y = 2
        d = 1
        while d == 1:
            x = (x * x + c) % n
            y = (y * y + c) % n
            y = (y * y + c) % n
            d = gcd(abs(x - y), n)
            steps += 1
            if not steps & 63 and time.monotonic() > deadline:
                raise _too_slow(n)
        if d != n:
            return d
        c += 1


def factorize(n: int) -> dict[int, int]:
    """The prime factorisation of ``n >= 1`` as {prime: exponent}.

    >>> factorize(360)
    {2: 3, 3: 2, 5: 1}
    """
    if n < 1:
        raise InvalidPosition(f"only whole numbers >= 1 have a factorisation, got {n}")
    out: dict[int, int] = {}
    for p in (2, 3, 5):
        while n % p == 0:
            out[p] = out.get(p, 0) + 1
            n //= p
    stack = [n] if n > 1 else []
    deadline = time.monotonic() + FACTOR_SECONDS
    while stack:
        m = stack.pop()
        if time.monotonic() > deadline:
            raise _too_slow(m)
        if _is_prime(m):
            out[m] = out.get(m, 0) + 1
            continue
        r = isqrt(m)
        if r * r == m:
            stack += [r, r]
            continue
        d = _rho(m, deadline)
        stack += [d, m // d]
    return dict(sorted(out.items()))


def divisors(n: int) -> list[int]:
    """Every divisor of ``n >= 1``, ascending.

    >>> divisors(12)
    [1, 2, 3, 4, 6, 12]
    """
    ds = [1]
    for p, e in factorize(n).items():
        ds = [d * p**k for d in ds for k in range(e + 1)]
    return sorted(ds)


class Divisor(Impartial[int]):
    """The divisor game on ``n >= 1``.

    >>> from zermelo import solve
    >>> a = solve(Divisor(), 12)
    >>> str(a.outcome), [m.label for m in a.winning_moves]
    ('N', ['subtract 1 (12 -> 11)', 'subtract 3 (12 -> 9)'])
    """

    syntax = "a whole number n ≥ 1"
    examples = ("12", "60")

    name: ClassVar[str] = "divisor"
    canonical_options: ClassVar[bool] = True

    def options(self, n: int) -> list[int]:
        return [n - x for x in divisors(n)[:-1]]

    def moves(self, n: int) -> Iterator[Move[int]]:
        for x in divisors(n)[:-1]:
            yield Move(f"subtract {x} ({n} -> {n - x})", n - x)

    def size_hint(self, n: int) -> int:
        return n

    def outcome_formula(self, n: int, misere: bool = False) -> Outcome | None:
        if misere:
            return None
        return Outcome.N if n % 2 == 0 else Outcome.P

    def winning_moves_formula(self, n: int, misere: bool = False) -> list[Move[int]] | None:
        """Subtract any odd proper divisor of an even ``n`` (every other move leaves an even number)."""
        if misere:
            return None
        if n % 2:
            return []
        return [Move(f"subtract {x} ({n} -> {n - x})", n - x) for x in divisors(n)[:-1] if x % 2]

    def parse(self, text: str) -> int:
        return parse_int(text, "divisor: the number", minimum=1)

    def explain(self, n: int, analysis: Analysis) -> str | None:
        """Parity: odd numbers lose, even numbers win by subtracting 1."""
        a = analysis
        if a.misere:
            return None
        if n == 1:
            return f"1 has no proper divisor: no move is possible, {notes_verdict(a)}."
        if n % 2:
            return (
                f"{n} is odd, so all its divisors are odd and every move leaves an even number; from an even "
                f"number the opponent subtracts 1 and hands back an odd one, down to 1, {notes_verdict(a)}."
            )
        return (
            f"{n} is even: subtracting an odd divisor (1 always works) leaves an odd number, from which every "
            f"move leads back to an even one, {notes_verdict(a)}.{first_move(a)}"
        )

    def format(self, n: int) -> str:
        return str(n)

    def validate(self, n: int) -> int:
        """Check a position given from Python."""
        if not is_natural(n) or n < 1:  # is_natural: True is not a number of counters
            raise InvalidPosition(f"divisor: a position is a whole number >= 1, got {shown(n)}")
        return n


register(
    GameEntry(
        "divisor",
        no_params(Divisor, "divisor"),
        "the divisor game: subtract a proper divisor of n",
        "",
        "divisor 12",
        table="{n}",
        rules=Divisor,
    )
)
