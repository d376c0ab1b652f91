"""Nimber arithmetic: nim-addition and nim-multiplication of the nimbers *a, *b.

Nim-addition is XOR (the value of a sum of impartial games); nim-multiplication makes the
nimbers below 2^(2^n) a finite field (Conway, *On Numbers and Games*, ch. 6).

>>> nim_add(3, 5), nim_multiply(2, 2), nim_multiply(2, 3)
(6, 3, 1)
"""

from __future__ import annotations

__all__ = ["nim_add", "nim_multiply"]


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
