"""Transfinite nimbers: nim-addition and Conway's nim-multiplication of ordinals (ONAG, ch. 6).

The ordinals with nim-addition and nim-multiplication form a field of characteristic 2 (Conway,
*On Numbers and Games*, ch. 6).  Nim-addition is digit-wise: in Cantor normal form, the
coefficients of equal powers of ω are nim-added (XOR).  Nim-multiplication distributes over it,
and a power of ω is a nim-product of Conway's generators κ: for each odd prime p and n ≥ 1,
κ_(p^n) is an ordinal power of ω with

* κ_(p^(n+1))^p = κ_(p^n)  (the nim p-th power), and κ_p^p = α_p, an ordinal below κ_p;
* κ_(3^n) = ω^(3^(n-1)), κ_(5^n) = ω^(ω·5^(n-1)), κ_(7^n) = ω^(ω²·7^(n-1));
* α_3 = 2, α_5 = 4, α_7 = ω + 1 (ONAG ch. 6: ω is the cube root of 2, ω^ω the fifth root of 4,
  ω^(ω²) the seventh root of ω+1).

An ordinal ω^e with e = Σ ω^k·d_k (k = 0, 1, 2) is, writing each d_k in base p (3, 5, 7 for
k = 0, 1, 2), the nim-product of the κ's raised to those digits, and ω^e·c = ω^e ⊗ c for a finite
c (Conway; Lenstra, *On the algebraic closure of two*, 1977; the construction CGSuite follows).
So products are computed below ω^(ω^3); past that the α_p of the next primes (Lenstra's table)
would be needed, and the product is refused in one line.

>>> from zermelo.core.cantor import OMEGA as w, integer
>>> print(nim_product(w, w), nim_product(w, nim_product(w, w)), nim_sum(w + 3, w * 2 + 1))
ω^2 2 ω×3+2
>>> print(TransfiniteNimber(w), TransfiniteNimber(w + 1), TransfiniteNimber(w * 2), TransfiniteNimber(integer(3)))
*ω *(ω+1) *(ω×2) *3
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.cantor import GeneralizedOrdinal, integer
from ..core.errors import Unsupported, ZermeloError
from ..core.nimber import by_squaring, nim_multiply

__all__ = ["NimberBeyond", "NimberError", "TransfiniteNimber", "nim_power", "nim_product", "nim_sum"]


class NimberError(ZermeloError, ValueError):
    """A nim-operation on something that is not an ordinal, or beyond what is computed."""


class NimberBeyond(NimberError, Unsupported):
    """A nim-product at or past ω^(ω^3): exact there too, but not computed (Lenstra's α_p for the
    primes from 11 on would be needed)."""


#: The odd prime of each level k: ω^(ω^k·d) is built from the κ_(p^n) of p = PRIMES[k].
PRIMES = (3, 5, 7)

# A monomial ω^e as the digits of its generators: ((k, n), digit) pairs, digit < PRIMES[k];
# κ_(p^(n+1)) for p = PRIMES[k] carries the index (k, n).
Monomial = tuple[tuple[tuple[int, int], int], ...]

#: α_p = κ_p^p as nim-sums of (monomial, finite coefficient): 2, 4 and ω + 1 (ONAG ch. 6).
ALPHA: dict[int, tuple[tuple[Monomial, int], ...]] = {
    0: (((), 2),),
    1: (((), 4),),
    2: (((((0, 0), 1),), 1), ((), 1)),
}


def _check(x: GeneralizedOrdinal, what: str) -> None:
    if not x.is_ordinal():
        raise NimberError(f"{what} applies only to ordinals, not {x}")


def nim_sum(a: GeneralizedOrdinal, b: GeneralizedOrdinal) -> GeneralizedOrdinal:
    """a ⊕ b: the coefficients of equal powers of ω nim-added (XOR).

    >>> from zermelo.core.cantor import OMEGA as w
    >>> print(nim_sum(w * 3 + 5, w * 6 + 1), nim_sum(w, w))
    ω×5+4 0
    """
    _check(a, "NimSum")
    _check(b, "NimSum")
    acc: dict[GeneralizedOrdinal, int] = {e: c for e, c in a.terms}
    for e, c in b.terms:
        acc[e] = acc.get(e, 0) ^ c
    return GeneralizedOrdinal.of(list(acc.items()))


def _digits(e: GeneralizedOrdinal) -> dict[tuple[int, int], int]:
    """The generators' digits of ω^e (e below ω^3)."""
    out: dict[tuple[int, int], int] = {}
    for k_ord, d in e.terms:
        if not k_ord.is_integer() or k_ord.to_int() >= len(PRIMES):
            raise NimberBeyond("NimProduct is computed below ω^(ω^3): past it Lenstra's α_p would be needed")
        k = k_ord.to_int()
        p, n = PRIMES[k], 0
        while d:
            d, r = divmod(d, p)
            if r:
                out[(k, n)] = r
            n += 1
    return out


def _exponent(m: Monomial) -> GeneralizedOrdinal:
    """e with ω^e the monomial of these digits."""
    acc: dict[int, int] = {}
    for (k, n), digit in m:
        acc[k] = acc.get(k, 0) + digit * PRIMES[k] ** n
    return GeneralizedOrdinal.of([(integer(k), d) for k, d in acc.items()])


def _reduce(digits: dict[tuple[int, int], int], coefficient: int, out: dict[Monomial, int]) -> None:
    """Nim-add (Π κ^digit) ⊗ coefficient into ``out``, digits brought below p by κ's p-th powers."""
    if not coefficient:
        return
    for (k, n), d in sorted(digits.items(), reverse=True):
        p = PRIMES[k]
        if d < p:
            continue
        rest = dict(digits)
        if d > p:
            rest[(k, n)] = d - p
        else:
            del rest[(k, n)]
        if n:  # κ_(p^(n+1))^p = κ_(p^n)
            rest[(k, n - 1)] = rest.get((k, n - 1), 0) + 1
            _reduce(rest, coefficient, out)
        else:  # κ_p^p = α_p, a nim-sum of lower monomials
            for alpha_mono, c in ALPHA[k]:
                merged = dict(rest)
                for index, v in alpha_mono:
                    merged[index] = merged.get(index, 0) + v
                _reduce(merged, nim_multiply(coefficient, c), out)
        return
    mono = tuple(sorted(digits.items()))
    out[mono] = out.get(mono, 0) ^ coefficient


def nim_product(a: GeneralizedOrdinal, b: GeneralizedOrdinal) -> GeneralizedOrdinal:
    """a ⊗ b, Conway's nim-product of ordinals (below ω^(ω^3)).

    >>> from zermelo.core.cantor import OMEGA as w, integer, omega_power
    >>> print(nim_product(w, integer(2)), nim_product(w, omega_power(integer(2)) * 3))
    ω×2 1
    >>> print(nim_power(omega_power(w), 5), nim_power(omega_power(w * w), 7))
    4 ω+1
    """
    _check(a, "NimProduct")
    _check(b, "NimProduct")
    out: dict[Monomial, int] = {}
    for ea, ca in a.terms:
        da = _digits(ea)
        for eb, cb in b.terms:
            merged = dict(da)
            for key, v in _digits(eb).items():
                merged[key] = merged.get(key, 0) + v
            _reduce(merged, nim_multiply(ca, cb), out)
    return GeneralizedOrdinal.of([(_exponent(m), c) for m, c in out.items() if c])


def nim_power(a: GeneralizedOrdinal, n: int) -> GeneralizedOrdinal:
    """a ⊗ a ⊗ … ⊗ a (n factors, n ≥ 0), by repeated squaring."""
    if n < 0:
        raise NimberError("the exponent is a whole number >= 0")
    return by_squaring(a, n, nim_product, integer(1))


@dataclass(frozen=True, slots=True)
class TransfiniteNimber:
    """*α for an ordinal α: the game of a Nim heap of size α (CGSuite prints ``*ω``, ``*(ω+1)``).

    Sums nim-add; ``conway_product`` nim-multiplies (CGSuite's ConwayProduct of nimbers).

    >>> from zermelo.core.cantor import OMEGA as w
    >>> a = TransfiniteNimber(w)
    >>> print(a + a, a + TransfiniteNimber(integer(1)), a.conway_product(a), TransfiniteNimber(w * w))
    0 *(ω+1) *ω^2 *ω^2
    """

    value: GeneralizedOrdinal

    def __post_init__(self) -> None:
        if not self.value.is_ordinal():
            raise NimberError(f"Nim value is not an ordinal: {self.value}")

    def __add__(self, other: TransfiniteNimber) -> TransfiniteNimber:
        return TransfiniteNimber(nim_sum(self.value, other.value))

    def __neg__(self) -> TransfiniteNimber:
        return self

    def __sub__(self, other: TransfiniteNimber) -> TransfiniteNimber:
        return self + other

    def conway_product(self, other: TransfiniteNimber) -> TransfiniteNimber:
        return TransfiniteNimber(nim_product(self.value, other.value))

    def is_zero(self) -> bool:
        return self.value.is_zero()

    @property
    def outcome(self) -> str:
        """``P`` for *0, else ``N``: the first player wins by moving to 0."""
        return "P" if self.is_zero() else "N"

    def __str__(self) -> str:
        v = self.value
        if v.is_zero():
            return "0"
        if v == integer(1):
            return "*"
        (e, c), *rest = v.terms
        paren = bool(rest) or (not e.is_zero() and c != 1)
        return f"*({v})" if paren else f"*{v}"
