"""Ordinals below ε₀ in Cantor normal form, and CGSuite's generalized ordinals.

A *generalized ordinal* is a finite sum Σ cᵢ·ω^αᵢ with integer coefficients cᵢ ≠ 0 and ordinal
exponents α₁ > α₂ > … (themselves in Cantor normal form): an ordinal when every cᵢ > 0.  Their
sum and product are the surreal ones, which on ordinals are Hessenberg's natural sum and
product (ω^α·ω^β = ω^(α⊕β); commutative, unlike ordinal arithmetic), and they are ordered as
surreal numbers: by the first term where two of them differ (Conway, *On Numbers and Games*,
ch. 3; Gonshor, *An Introduction to the Theory of Surreal Numbers*, ch. 5).

They print as CGSuite prints them: a coefficient after its power of ω with ``×`` (``ω×5``,
``ω^19×9``), ``^`` for powers, exponents in parentheses when they have several terms or a
coefficient (``ω^(ω+1)``, ``ω^(ω×2)``, but ``ω^ω^2``), no spaces.

>>> w = OMEGA
>>> print(w * 5, w + 5, 5 - w, (w + 1) * (w + 1), w ** w)
ω×5 ω+5 -ω+5 ω^2+ω×2+1 ω^ω
>>> w - 5 < w, (w - 5).birthday() == w + 5
(True, True)
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass

from .errors import ZermeloError
from .nimber import by_squaring

__all__ = ["MAX_POWER_BITS", "OMEGA", "ONE", "ZERO", "GeneralizedOrdinal", "SurrealError", "integer", "omega_power"]

#: The largest coefficient (in bits) and the most terms a power may make before it is refused:
#: x^n is computed exactly, so (ω+1)^(10^6) or 3^(10^9) would otherwise run for ever.
MAX_POWER_BITS = 1 << 20
MAX_POWER_TERMS = 500
#: The most term-by-term products one multiplication may make.
MAX_PRODUCT_TERMS = 250_000


class SurrealError(ZermeloError, ValueError):
    """An operation CGSuite refuses on a number, in its words (``/ by zero``, ``inf has no birthday``)."""


Term = tuple["GeneralizedOrdinal", int]


@functools.lru_cache(maxsize=65536)
def _okey(x: GeneralizedOrdinal) -> tuple[object, ...]:
    """A sort key of an ordinal (all coefficients positive): Cantor normal forms compare
    lexicographically, term by term, a proper prefix being smaller."""
    return tuple((_okey(e), c) for e, c in x.terms)


@dataclass(frozen=True, slots=True)
class GeneralizedOrdinal:
    """Σ c·ω^α: ``terms`` are (α, c) pairs, α an ordinal, c a non-zero int, α decreasing.

    >>> integer(7), str(integer(-3)), str(OMEGA * OMEGA - 1)
    (GeneralizedOrdinal(terms=((GeneralizedOrdinal(terms=()), 7),)), '-3', 'ω^2-1')
    """

    terms: tuple[Term, ...]

    @staticmethod
    def of(terms: list[Term] | tuple[Term, ...]) -> GeneralizedOrdinal:
        """Collect like terms, drop zeros, sort by decreasing exponent."""
        acc: dict[GeneralizedOrdinal, int] = {}
        for e, c in terms:
            if not e.is_ordinal():
                raise SurrealError(f"an exponent of ω must be an ordinal, not {e}")
            acc[e] = acc.get(e, 0) + c
        kept = [(e, c) for e, c in acc.items() if c]
        kept.sort(key=lambda t: _okey(t[0]), reverse=True)
        return GeneralizedOrdinal(tuple(kept))

    # ----- predicates and parts
    def is_zero(self) -> bool:
        return not self.terms

    def is_integer(self) -> bool:
        """A plain integer (no ω)."""
        return not self.terms or (len(self.terms) == 1 and self.terms[0][0].is_zero())

    def is_ordinal(self) -> bool:
        """Every coefficient positive (0 is an ordinal)."""
        return all(c > 0 for _, c in self.terms)

    def to_int(self) -> int:
        """The integer this is (ValueError when it has an ω term)."""
        if not self.is_integer():
            raise ValueError(f"{self} is not an integer")
        return self.terms[0][1] if self.terms else 0

    def sign(self) -> int:
        """-1, 0 or 1: the sign of the leading coefficient."""
        return 0 if not self.terms else (1 if self.terms[0][1] > 0 else -1)

    def degree(self) -> GeneralizedOrdinal:
        """The leading exponent (0 for 0)."""
        return self.terms[0][0] if self.terms else ZERO

    # ----- arithmetic (surreal: natural sum and product on ordinals)
    def __add__(self, other: GeneralizedOrdinal | int) -> GeneralizedOrdinal:
        o = _coerce(other)
        return GeneralizedOrdinal.of(self.terms + o.terms)

    __radd__ = __add__

    def __neg__(self) -> GeneralizedOrdinal:
        return GeneralizedOrdinal(tuple((e, -c) for e, c in self.terms))

    def __sub__(self, other: GeneralizedOrdinal | int) -> GeneralizedOrdinal:
        return self + -_coerce(other)

    def __rsub__(self, other: int) -> GeneralizedOrdinal:
        return _coerce(other) - self

    def __mul__(self, other: GeneralizedOrdinal | int) -> GeneralizedOrdinal:
        o = _coerce(other)
        if len(self.terms) * len(o.terms) > MAX_PRODUCT_TERMS:
            raise SurrealError(f"a product of {len(self.terms)} terms by {len(o.terms)} is too big to compute")
        acc: dict[GeneralizedOrdinal, int] = {}
        for ea, ca in self.terms:
            for eb, cb in o.terms:
                e = _natural_sum(ea, eb)
                acc[e] = acc.get(e, 0) + ca * cb
        kept = [(e, c) for e, c in acc.items() if c]
        kept.sort(key=lambda t: _okey(t[0]), reverse=True)
        return GeneralizedOrdinal(tuple(kept))

    __rmul__ = __mul__

    def __pow__(self, n: int | GeneralizedOrdinal) -> GeneralizedOrdinal:
        """x^n for a whole number n; ω^α for an ordinal α when x is ω."""
        if isinstance(n, GeneralizedOrdinal):
            if self == OMEGA and n.is_ordinal():
                return omega_power(n)
            if not n.is_integer():
                raise SurrealError(f"cannot raise {self} to the power {n}")
            n = n.to_int()
        if n < 0:
            raise ValueError("a negative power of a generalized ordinal is a surreal quotient")
        _check_power(self, n)
        return by_squaring(self, n, GeneralizedOrdinal.__mul__, ONE)

    # ----- order
    def __lt__(self, other: GeneralizedOrdinal) -> bool:
        return (self - other).sign() < 0

    def __le__(self, other: GeneralizedOrdinal) -> bool:
        return (self - other).sign() <= 0

    def __gt__(self, other: GeneralizedOrdinal) -> bool:
        return (self - other).sign() > 0

    def __ge__(self, other: GeneralizedOrdinal) -> bool:
        return (self - other).sign() >= 0

    def abs(self) -> GeneralizedOrdinal:
        return -self if self.sign() < 0 else self

    def birthday(self) -> GeneralizedOrdinal:
        """Σ |c|·ω^α: the sign expansion of each term in turn (ω-5 is born on day ω+5).

        >>> print((OMEGA - 5).birthday(), (-OMEGA).birthday(), integer(-4).birthday())
        ω+5 ω 4
        """
        return GeneralizedOrdinal(tuple((e, abs(c)) for e, c in self.terms))

    def __str__(self) -> str:
        return format_generalized(self)

    def __repr__(self) -> str:
        return f"GeneralizedOrdinal(terms={self.terms!r})"


@functools.lru_cache(maxsize=65536)
def _natural_sum(a: GeneralizedOrdinal, b: GeneralizedOrdinal) -> GeneralizedOrdinal:
    """α ⊕ β, Hessenberg's natural sum of ordinals (the exponent of ω^α·ω^β)."""
    return a + b


def _check_power(x: GeneralizedOrdinal, n: int) -> None:
    """Refuse x^n when its coefficients or its terms would be too many to write down (in
    CGSuite's word for the integers it cannot hold: ``Overflow.``)."""
    if n < 2 or not x.terms:
        return
    bits = max(abs(c).bit_length() for _, c in x.terms)
    terms = len(x.terms)
    size = (bits - (1 if terms == 1 else 0)) * n  # ±1·ω^α to any power stays one small term
    many = terms > 1 and math.comb(n + terms - 1, terms - 1) > MAX_POWER_TERMS
    if size > MAX_POWER_BITS or many:
        raise SurrealError("Overflow.")


def _coerce(x: GeneralizedOrdinal | int) -> GeneralizedOrdinal:
    if isinstance(x, GeneralizedOrdinal):
        return x
    if isinstance(x, int) and not isinstance(x, bool):
        return integer(x)
    raise TypeError(f"not a generalized ordinal: {x!r}")


ZERO = GeneralizedOrdinal(())


@functools.lru_cache(maxsize=4096)
def integer(n: int) -> GeneralizedOrdinal:
    """The integer n as a generalized ordinal."""
    return GeneralizedOrdinal(((ZERO, n),)) if n else ZERO


def omega_power(alpha: GeneralizedOrdinal) -> GeneralizedOrdinal:
    """ω^α for an ordinal α (below ε₀: α is itself a Cantor normal form).

    >>> print(omega_power(integer(2)), omega_power(OMEGA + 1), omega_power(ZERO))
    ω^2 ω^(ω+1) 1
    """
    if not alpha.is_ordinal():
        raise SurrealError(f"an exponent of ω must be an ordinal, not {alpha}")
    return GeneralizedOrdinal(((alpha, 1),))


ONE = integer(1)
OMEGA = GeneralizedOrdinal(((ONE, 1),))


def format_generalized(x: GeneralizedOrdinal) -> str:
    """CGSuite's text: ``ω^(ω^2+ω)-ω^20×9+ω×3``, ``-ω+5``, ``ω^(ω^2×6)``, ``ω^ω^2``.

    >>> print(format_generalized(omega_power(integer(2) * OMEGA) * 3 - omega_power(OMEGA ** 2)))
    -ω^ω^2+ω^(ω×2)×3
    """
    if not x.terms:
        return "0"
    out = []
    for i, (e, c) in enumerate(x.terms):
        out.append("-" if c < 0 else ("+" if i else ""))
        if e.is_zero():
            out.append(str(abs(c)))
            continue
        out.append("ω")
        if e != ONE:
            (e0, c0), *rest = e.terms
            paren = bool(rest) or (c0 != 1 and not e0.is_zero())
            out.append(f"^({e})" if paren else f"^{e}")
        if abs(c) != 1:
            out.append(f"×{abs(c)}")
    return "".join(out)
