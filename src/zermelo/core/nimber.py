"""Nimber arithmetic: nim-addition and nim-multiplication of the nimbers *a, *b.

Nim-addition is XOR (the value of a sum of impartial games); nim-multiplication makes the
nimbers below 2^(2^n) a finite field (Conway, *On Numbers and Games*, ch. 6).

Below each Fermat 2-power F = 2^(2^k) the nimbers form the field GF(F), so every non-zero nimber
has an inverse (a^(F-2)) and every nimber a unique square root (a^(F/2): squaring is a bijection
in characteristic 2).

>>> nim_add(3, 5), nim_multiply(2, 2), nim_multiply(2, 3)
(6, 3, 1)
>>> nim_inverse(2), nim_sqrt(3)
(3, 2)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")

__all__ = [
    "by_squaring",
    "field_size",
    "nim_add",
    "nim_inverse",
    "nim_multiply",
    "nim_power",
    "nim_sqrt",
    "ugly_multiply",
]


def nim_add(a: int, b: int) -> int:
    """*a + *b = *(a XOR b)."""
    return a ^ b


def nim_multiply(a: int, b: int) -> int:
    """The nim-product a ⊗ b (Karatsuba over the Fermat 2-power F = 2^(2^m)).

    With a = a₁F + a₀ and b = b₁F + b₀: a ⊗ b = (a₁b₁ ⊕ a₁b₀ ⊕ a₀b₁)F ⊕ a₀b₀ ⊕ (a₁b₁ ⊗ F/2).
    The recursion depth is log log of the operands: a handful of levels.

    >>> [nim_multiply(3, k) for k in range(4)]
    [0, 3, 1, 2]
    >>> nim_multiply(4, 4)
    6
    """
    if a < 0 or b < 0:
        raise ValueError("nimbers are non-negative")
    if a < 2 or b < 2:
        return a * b
    half = 1
    while max(a, b) >> (2 * half):
        half *= 2
    mask = (1 << half) - 1
    a1, a0, b1, b0 = a >> half, a & mask, b >> half, b & mask
    c11 = nim_multiply(a1, b1)
    c00 = nim_multiply(a0, b0)
    high = nim_multiply(a1 ^ a0, b1 ^ b0) ^ c00
    return (high << half) ^ c00 ^ nim_multiply(c11, 1 << (half - 1))


def field_size(a: int) -> int:
    """The least Fermat 2-power F = 2^(2^k) above ``a``: the nimbers below F form the field GF(F).

    >>> field_size(0), field_size(3), field_size(4), field_size(16)
    (2, 4, 16, 256)
    """
    if a < 0:
        raise ValueError("nimbers are non-negative")
    bits = 1
    while a >> bits:
        bits *= 2
    return 1 << bits


def nim_power(a: int, e: int) -> int:
    """a ⊗ a ⊗ … ⊗ a (``e`` factors; ``e = 0`` gives 1), by repeated squaring.

    >>> nim_power(2, 2), nim_power(2, 3), nim_power(5, 0)
    (3, 1, 1)
    """
    if e < 0:
        raise ValueError("the exponent is a whole number >= 0")
    return by_squaring(a, e, nim_multiply, 1)


def by_squaring(a: T, e: int, multiply: Callable[[T, T], T], one: T) -> T:
    """a·a·…·a (``e`` ≥ 0 factors) for any associative ``multiply``, in O(log e) products.

    >>> by_squaring(3, 5, lambda x, y: x * y, 1), by_squaring(2, 3, nim_multiply, 1)
    (243, 1)
    """
    out, base = one, a
    while e:
        if e & 1:
            out = multiply(out, base)
        base = multiply(base, base)
        e >>= 1
    return out


def nim_inverse(a: int) -> int:
    """The nimber b with a ⊗ b = 1: a^(F - 2) in the field GF(F) holding ``a``.

    >>> nim_inverse(1), nim_inverse(3), nim_multiply(7, nim_inverse(7))
    (1, 2, 1)
    """
    if a == 0:
        raise ValueError("*0 has no nim-inverse")
    return nim_power(a, field_size(a) - 2)


def nim_sqrt(a: int) -> int:
    """The nimber b with b ⊗ b = a: a^(F/2) in the field GF(F) holding ``a``.

    >>> nim_sqrt(2), nim_sqrt(8), nim_multiply(14, 14)
    (3, 14, 8)
    """
    return nim_power(a, field_size(a) // 2)


def ugly_multiply(a: int, b: int) -> int:
    """The ugly product a ⊙ b (*Winning Ways*, ch. 14; CGSuite's ``UglyProduct``).

    For a power of two n and k < n: n ⊙ k = ⌊k/2⌋ when k is evil (an even number of 1 bits),
    n + ⌊k/2⌋ when k is odious (an odd number), and n ⊙ n = ⌈n/2⌉; every other product by
    distributing over nim-addition.  So it is the nim-sum over the bits 2^i of a and 2^j of b of
    2^i ⊙ 2^j: ⌈2^i / 2⌉ when i = j, else 2^max + 2^(min - 1) (2^min is odious; 2^0 ⊙ 2^j = 2^j).

    >>> ugly_multiply(1, 11), ugly_multiply(2, 2), ugly_multiply(4, 3), ugly_multiply(14, 2)
    (11, 1, 1, 13)
    """
    if a < 0 or b < 0:
        raise ValueError("the ugly product is of whole numbers >= 0")
    out = 0
    for i in range(a.bit_length()):
        if a >> i & 1:
            for j in range(b.bit_length()):
                if b >> j & 1:
                    lo, hi = min(i, j), max(i, j)
                    out ^= (1 << i) + 1 >> 1 if i == j else (1 << hi) | (1 << lo) >> 1
    return out
