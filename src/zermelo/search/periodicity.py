"""Periods of Grundy sequences at scale (numpy arrays of 10^7 values) and their proofs.

* :func:`period` — the least period ``p`` of the tail of a sequence, found by comparing each
  candidate shift backwards from the end (a wrong shift fails after a few values, so all shifts
  cost O(n) together).  With ``saltus=True`` it finds arithmetic periods:
  ``G(n + p) = G(n) + s`` with ``s > 0``.
* :func:`preperiod` — the least ``n0`` from which a period holds to the end of the data.
* :func:`simplest` — the period with the shortest preperiod + period that repeats a given number
  of times (what :func:`zermelo.analyses.patterns.find_period` reports for tables); same backward runs.
* :func:`proof_length` / :func:`proven` — how many values a theorem needs to turn an observed
  period into a proof, and whether the data reach that far.

The theorems (each proved by induction on the heap size):

**Subtraction games** (finite set S, ``m = max S``).  ``G(n)`` depends only on the ``m`` values
before it, and every move is available once ``n >= m``.  So if ``G(n + p) = G(n)`` for
``n0 <= n < n0 + m`` (and ``n0 + m >= m``, always true), then for every later ``n`` the options
of ``n + p`` and ``n`` have equal values and the period holds forever.

**Octal games** (Guy and Smith, 1956; *Winning Ways* ch. 4).  If ``t`` is the most counters a move
removes and ``G(n + p) = G(n)`` for ``n0 <= n < 2·n0 + p + t``, the period holds forever: a split
of ``N + p - k`` into ``a + b`` (``b`` the larger) has ``b >= n0 + p`` once ``N >= 2·n0 + p + t``,
so ``(a, b - p)`` is a split of ``N - k`` with the same value, and conversely.

**Take-and-break codes leaving up to ``j >= 3`` heaps** (no ``!``).  The same argument with the
largest of ``j`` parts, ``b >= (N + p - k) / j``, needs ``n0 <= n < j·n0 + (j - 1)·p + t``.

**Codes that never split** (``j <= 1``): the options of ``N`` are heaps ``N - k >= n0`` once
``N >= n0 + t``, and "remove all ``k``" exists for neither ``N`` nor ``N + p`` once ``N > t``:
``n0 <= n < max(n0 + t, t + 1)`` suffices.

**All-but subtraction games** (every positive number except those of a finite set X,
``m = max X``; arithmetic periods ``G(n + p) = G(n) + s``, ``s >= 0``).  Write ``T(M)`` for the set
of values ``G(0), …, G(M)``.  If the data (heaps ``0 .. U``) have ``G(n + p) = G(n) + s`` for
``n0 <= n <= U - p``, ``U >= n0 + m + p - 1``, and ``T(U - m) = {0, …, s-1} ∪ (T(U - m - p) + s)``,
then the period holds forever.  Induction on ``N > U``: the options of ``N`` are every heap
``j <= N - m - 1`` (no excluded number is that big) and the heaps ``N - m <= j < N`` with
``N - j`` not in X.  The first part's values are ``T(N - m - 1)``; the identity for ``T`` carries
from ``M`` to ``M + 1`` whenever ``G(M + 1) = G(M + 1 - p) + s``, so it holds at ``N - m - 1``.  The
second part is the same window as for ``N - p``, shifted by ``p``, with values raised by ``s``.  So
the options' values of ``N`` are ``{0, …, s-1} ∪ (those of N - p) + s``, and the mex rule gives
``G(N) = G(N - p) + s``.  (Siegel proved every all-but game arithmetic-periodic; this check is
what turns an observed period into that statement for one game.)

No theorem is used for ``!`` codes (Grundy's game: shifting one heap of an unequal split by ``p``
may make it equal), other infinite codes or arithmetic periods, or games given only by their rules: those
periods are reported as observed, with ``proven`` false.

>>> import numpy as np
>>> g = np.array([0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2])
>>> period(g), preperiod(g, 3)
(3, 0)
>>> need = proof_length(3, 0, removal=2, heaps=1, subtraction=True)  # subtraction:1,2
>>> need, proven(g, 3, 0, need)
(5, True)
"""

from __future__ import annotations

import numpy as np

from ..core._jit import ahead, njit
from .period_bounds import Periodicity, proof_length

__all__ = [
    "Periodicity",
    "allbut_periodicity",
    "allbut_proven",
    "detect",
    "period",
    "preperiod",
    "proof_length",
    "proven",
    "simplest",
]


@njit
def _run(g, p, s):  # type: ignore[no-untyped-def]
    """How many pairs ``(i - p, i)`` at the end have ``G[i] == G[i - p] + s`` (a wrong shift stops early)."""
    n = g.shape[0]
    i = n - 1
    while i - p >= 0 and np.int64(g[i]) - np.int64(g[i - p]) == s:
        i -= 1
    return (n - 1) - i


@ahead("UniTuple(i8, 3)(i4[:], i8, i8, b1)", "UniTuple(i8, 3)(u1[:], i8, i8, b1)")
def _tail_runs(g, pmax, need, saltus):  # type: ignore[no-untyped-def]
    """The least shift p <= pmax whose backward run (``G[i] == G[i - p] + s``) covers ``need``."""
    n = g.shape[0]
    for p in range(1, pmax + 1):
        s = np.int64(g[n - 1]) - np.int64(g[n - 1 - p]) if saltus else np.int64(0)
        if saltus and s <= 0:
            continue
        run = _run(g, p, s)
        if run >= need:
            return p, n - run - p, s
    return 0, 0, 0


@njit
def _simplest(g, min_repeats):  # type: ignore[no-untyped-def]
    """The (preperiod, period) with the least sum whose tail repeats ``min_repeats`` times, or (-1, 0)."""
    n = g.shape[0]
    best_p, best_q = -1, 0
    q = 1
    while q * min_repeats <= n:
        if best_p >= 0 and q >= best_p + best_q:
            break  # p + q >= q can no longer beat the best
        p = n - q - _run(g, q, np.int64(0))  # the least preperiod for the shift q
        if n - p >= min_repeats * q and (best_p < 0 or p + q < best_p + best_q):
            best_p, best_q = p, q
        q += 1
    return best_p, best_q


def _need(n: int, need: int | None) -> int:
    # A shift must match over a long enough stretch to be worth reporting: the last sixteenth of
    # the data and at least 64 pairs (fewer for short sequences).  Proofs do not rely on this.
    if need is not None:
        return need
    return max(min(64, n // 4), n // 16, 1)


def detect(values: np.ndarray, *, saltus: bool = False, need: int | None = None) -> Periodicity | None:
    """The least (arithmetic) period seen at the end of ``values``, with its least preperiod.

    >>> detect(np.array([5, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1]))
    Periodicity(period=2, preperiod=1, saltus=0)
    >>> detect(np.array([0, 1, 2, 4, 3, 5, 6, 8, 7, 9, 10, 12, 11]), saltus=True)
    Periodicity(period=4, preperiod=1, saltus=4)
    """
    g = np.ascontiguousarray(values)  # any integer type: a 10^8 uint8 sequence is not copied
    n = g.shape[0]
    if n < 3:
        return None
    want = _need(n, need)
    p, n0, s = _tail_runs(g, n - 1 - want, want, saltus)
    if p == 0:
        return None
    return Periodicity(int(p), int(n0), int(s))


def simplest(values: np.ndarray, *, min_repeats: float = 2.0) -> Periodicity | None:
    """Among the periods whose tail repeats at least ``min_repeats`` times, the one with the least
    preperiod + period (then the least period): the simplest explanation of a short prefix.

    Observed on the data only, not a proof.

    >>> simplest(np.array([0, 0, 5, 1, 2, 1, 2, 1, 2, 1, 2]))
    Periodicity(period=2, preperiod=3, saltus=0)
    >>> simplest(np.array([3, 1, 4, 1, 5, 9, 2, 6])) is None
    True
    """
    if min_repeats < 1:
        raise ValueError("min_repeats must be at least 1")
    g = np.ascontiguousarray(values)
    if g.shape[0] == 0:
        return None
    p, q = _simplest(g, float(min_repeats))
    return None if p < 0 else Periodicity(int(q), int(p))


def period(values: np.ndarray, *, need: int | None = None) -> int | None:
    """The least period of the tail of ``values`` (None if none is seen).

    >>> period(np.array([1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3]))
    3
    """
    found = detect(values, need=need)
    return found.period if found else None


def preperiod(values: np.ndarray, p: int, saltus: int = 0) -> int:
    """The least ``n0`` with ``G(n + p) = G(n) + saltus`` for every ``n0 <= n`` in the data.

    >>> preperiod(np.array([9, 9, 1, 2, 1, 2, 1, 2]), 2)
    2
    """
    g = np.asarray(values, dtype=np.int64)
    bad = np.nonzero(g[p:] - g[:-p] != saltus)[0]
    return int(bad[-1]) + 1 if bad.size else 0


def proven(values: np.ndarray, p: int, n0: int, length: int) -> bool:
    """Whether ``values`` reach ``length`` and ``G(n + p) = G(n)`` for ``n0 <= n < length - p``."""
    g = np.asarray(values)
    if g.shape[0] < length:
        return False
    seg = g[:length]
    return bool(np.array_equal(seg[n0 + p :], seg[n0 : length - p]))


def allbut_proven(values: np.ndarray, p: int, n0: int, saltus: int, m: int) -> bool:
    """Whether ``values`` prove the arithmetic period ``G(n + p) = G(n) + saltus`` from ``n0`` of an
    all-but game whose largest excluded number is ``m`` (see the module docstring).

    >>> g = np.array([0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4])  # allbut:1,2: heaps n // 3
    >>> allbut_proven(g, 3, 0, 1, 2), allbut_proven(g[:4], 3, 0, 1, 2)
    (True, False)
    """
    g = np.asarray(values, dtype=np.int64)
    top = g.shape[0] - 1  # U
    if p <= 0 or saltus < 0 or top < n0 + m + p - 1 or top - m - p < -1:
        return False
    if not np.array_equal(g[n0 + p :], g[n0 : top + 1 - p] + saltus):
        return False
    head = set(np.unique(g[: top - m + 1]).tolist())
    shifted = {int(v) + saltus for v in np.unique(g[: top - m - p + 1]).tolist()}
    return head == set(range(saltus)) | shifted


def allbut_periodicity(g: np.ndarray, m: int) -> tuple[Periodicity | None, bool, str]:
    """An all-but game's (arithmetic) period seen in ``g``, whether :func:`allbut_proven` proves it,
    and the proof's text (``m`` is the largest excluded number)."""
    found = detect(g) or detect(g, saltus=True)
    if found is None:
        return None, False, "no period seen"
    p, n0, s = found.period, found.preperiod, found.saltus
    theorem = (
        f"all-but game (m = {m} = max excluded): G(n+p) = G(n) + s from n0 on, and the values up to heap N - m are "
        "{0..s-1} ∪ (the values up to N - m - p) + s"
    )
    if allbut_proven(g, p, n0, s, m):
        return found, True, theorem
    return found, False, f"observed; not yet proven ({theorem})"
