"""Choosing the sparse-space mask: the Walsh–Hadamard transform of the value histogram.

For a mask ``m`` the rare positions (range form) are those whose value has an even number of bits
in ``m``.  With ``h[v]`` the number of heaps of value ``v`` and ``W`` its Walsh–Hadamard transform,
``W[m] = sum_v h[v]·(-1)^popcount(v & m)``, so the rare count is ``(N + W[m]) / 2`` for every mask
at once.  The domain form (rare when the parity equals ``(n + off) & 1``) uses the histogram signed
by the parity of ``n``.  Masks above the largest value's bits change nothing, so an "infinite
bit-string" of Flammenkamp's tables is one of these masks.

>>> import numpy as np
>>> kayles_tail = np.array([4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7] * 10 + [0, 3, 5, 6])
>>> pick_mask(kayles_tail, split_parities={1, 0})
MaskChoice(mask=15, domain=0, off=0, rare=4)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np

__all__ = ["MaskChoice", "parity_bytes", "parity_table", "pick_mask", "walsh_hadamard"]


@dataclass(frozen=True)
class MaskChoice:
    """A mask, its form (``domain`` 0: range; 1: domain with offset ``off``) and its rare count."""

    mask: int
    domain: int
    off: int
    rare: int

    def describe(self) -> str:
        """The mask in words, as researchers write it.

        >>> MaskChoice(6, 0, 0, 3).describe()
        'range mask 110'
        """
        form = "range" if not self.domain else f"domain (n+{self.off}) mask"
        return f"{form} mask {self.mask:b}" if not self.domain else f"{form} {self.mask:b}"


def walsh_hadamard(h: np.ndarray) -> np.ndarray:
    """The (unnormalised) Walsh–Hadamard transform of an array whose length is a power of two.

    >>> import numpy as np
    >>> walsh_hadamard(np.array([1, 0, 0, 0])).tolist(), walsh_hadamard(np.array([0, 1, 0, 0])).tolist()
    ([1, 1, 1, 1], [1, -1, 1, -1])
    """
    import numpy as np  # here: MaskChoice and parity_bytes serve a run without numpy

    a = np.array(h, dtype=np.int64)
    n = a.shape[0]
    step = 1
    while step < n:
        a = a.reshape(-1, 2, step)
        a = np.stack((a[:, 0] + a[:, 1], a[:, 0] - a[:, 1]), axis=1).reshape(n)
        step *= 2
    return a


def parity_table(mask: int, size: int) -> np.ndarray:
    """``parity[v]`` = popcount(v & mask) mod 2 for ``v < size``."""
    import numpy as np

    v = np.arange(size, dtype=np.int64) & mask
    par = np.zeros(size, np.uint8)
    while v.any():
        par ^= (v & 1).astype(np.uint8)
        v >>= 1
    return par


def parity_bytes(mask: int, size: int) -> bytes:
    """:func:`parity_table` as bytes, without numpy.

    >>> list(parity_bytes(0b101, 8)), parity_table(0b101, 8).tolist()
    ([0, 1, 0, 1, 1, 0, 1, 0], [0, 1, 0, 1, 1, 0, 1, 0])
    """
    return bytes((v & mask).bit_count() & 1 for v in range(size))


def pick_mask(values: np.ndarray, split_parities: set[int]) -> MaskChoice:
    """The mask (and form) with the fewest rare positions among ``values``.

    ``split_parities`` are the parities of the removals ``k`` that split a heap: the domain form
    with offset ``off`` only helps when every such ``k`` is ``off`` mod 2 (otherwise some splits
    must be scanned in full), so it is only offered then.
    """
    import numpy as np

    g = np.asarray(values, dtype=np.int64)
    n = g.shape[0]
    size = 1 << max(1, int(g.max()).bit_length()) if n else 2
    h = np.bincount(g, minlength=size)
    w = walsh_hadamard(h)
    w[0] = n + 1  # mask 0 makes every position rare in the range form
    best = MaskChoice(int(np.argmin(w)), 0, 0, int((n + w.min()) // 2))
    if len(split_parities) == 1:
        off = next(iter(split_parities))
        hs = np.bincount(g[0::2], minlength=size) - np.bincount(g[1::2], minlength=size)
        ws = walsh_hadamard(hs) * (1 if off == 0 else -1)
        ws[0] = n + 1  # mask 0 would leave one class empty at every other heap
        m = int(np.argmin(ws))
        rare = int((n + ws[m]) // 2)
        if rare < best.rare:
            best = MaskChoice(m, 1, off, rare)
    return best
