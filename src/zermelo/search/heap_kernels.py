"""Compiled kernels for Grundy sequences of heap games (numba, compiled once and cached on disk).

Every kernel fills ``g[start:stop]`` of a Grundy-value array in place, assuming ``g[:start]`` is
done, so a long run can be cut into chunks (progress, Ctrl-C, checkpoints).  A kernel returns the
first index it did *not* compute when it has to stop early (a value outgrew its scratch arrays, or
the sparse kernel's rare list filled up); the Python drivers in :mod:`zermelo.heaps.sequence` grow
the arrays and call again.

* :func:`subtraction_bitset` — finite subtraction sets, the option values as bits of one word:
  O(n·|S|).
* :func:`allbut_counts` — all-but subtraction games: counts of each value so far; O(n·|S|).
* :func:`octal_plain` — the plain O(n²) rule for codes leaving at most two heaps (the reference).
* :func:`octal_sparse` — the sparse-space (rare/common) algorithm for the same codes.
* :func:`tbreak_plain` — any take-and-break code (three or more heaps), O(n²·W) with value sets
  (kept by the caller between chunks).

Codes reach the kernels as arrays indexed by the number ``k`` of counters removed: ``take0[k]``
(bit 1: remove ``k`` leaving nothing), ``take1[k]`` (bit 2: leave one heap), ``split[k]`` (bit 4:
leave two heaps) and ``uneq[k]`` (the two heaps must differ).
"""

from __future__ import annotations

import numpy as np

from ..core._jit import ahead, njit

__all__ = [
    "allbut_counts",
    "octal_plain",
    "octal_sparse",
    "subtraction_bitset",
    "tbreak_plain",
]


@njit
def subtraction_bitset(g, start, stop, s):  # type: ignore[no-untyped-def]
    """Finite subtraction set ``s`` (ascending, |s| <= 62): the option values as bits of an int64."""
    m = s.shape[0]
    for n in range(start, stop):
        seen = np.int64(0)
        for i in range(m):
            k = s[i]
            if k > n:
                break
            seen |= np.int64(1) << np.int64(g[n - k])
        v = 0
        while (seen >> v) & 1:
            v += 1
        g[n] = v
    return stop


@njit
def allbut_counts(g, start, stop, s, count):  # type: ignore[no-untyped-def]
    """All-but subtraction game (remove any number not in ``s``, ascending).

    ``count[v]`` is how often ``v`` occurs in ``g[:start]`` (kept up to date).  The options of
    ``n`` are every earlier heap except ``n - k`` for ``k`` in ``s``; so the mex is the mex of the
    whole prefix unless removing those few makes a smaller value disappear.  O(|s|) per heap.
    Returns early when ``count`` is too short.
    """
    m = s.shape[0]
    pm = 0
    while count[pm] > 0:
        pm += 1
    for n in range(start, stop):
        for i in range(m):
            if s[i] > n:
                break
            count[g[n - s[i]]] -= 1
        best = pm
        for i in range(m):
            if s[i] > n:
                break
            v = g[n - s[i]]
            if count[v] == 0 and v < best:
                best = v
        for i in range(m):
            if s[i] > n:
                break
            count[g[n - s[i]]] += 1
        g[n] = best
        count[best] += 1
        while count[pm] > 0:
            pm += 1
        if pm + 2 >= count.shape[0]:
            return n + 1
    return stop


@ahead("i8(i4[:], i8, i8, u1[:], u1[:], u1[:], u1[:], i8[:])")
def octal_plain(g, start, stop, take0, take1, split, uneq, mark):  # type: ignore[no-untyped-def]
    """The plain rule: every option of every heap, O(n²) for a splitting code.

    ``mark`` (int64, a power of two long, zero at first) is scratch; returns early when a value
    reaches half its length.
    """
    size = take0.shape[0]
    half_mark = mark.shape[0] // 2
    for n in range(start, stop):
        stamp = n + 1
        kmax = min(size - 1, n)
        for k in range(kmax + 1):
            m = n - k
            if take0[k] and m == 0:
                mark[0] = stamp
            if take1[k] and m >= 1:
                mark[g[m]] = stamp
            if split[k] and m >= 2:
                top = m // 2
                if uneq[k] and m % 2 == 0:
                    top -= 1
                mu = np.uint64(m)  # unsigned indices: no negative-index wraparound in the inner loop
                for a in range(np.uint64(1), np.uint64(top + 1)):
                    mark[np.uint64(g[a] ^ g[mu - a])] = stamp
        v = 0
        while mark[v] == stamp:
            v += 1
        g[n] = v
        if v + 1 >= half_mark:
            return n + 1
    return stop


#: Values below this many are the bits of one word in :func:`_sparse_words`.
_WORD = 32


@njit
def _sparse_words(g, start, stop, take0, take1, split_k, good, uneq, parity, rare, nrare, domain, off, rv):  # type: ignore[no-untyped-def]
    """:func:`octal_sparse` for values below 32: the options' values are bits of a 32-bit word.

    The long part of a sparse run is the common x common scan that settles the rare-class values
    below the least common one; with the values as bits, a pair costs a shift and an OR (LLVM
    does eight at a time), and every open value is settled by the same scan (0.16 to 509,622
    heaps: 0.16 s -> 0.06 s).  Returns ``(next index, nrare, over)``; ``over``: heap ``next``
    has a value of 32 or more, not computed here (:func:`octal_sparse` goes on without words).
    """
    size = take0.shape[0]
    nsplit = split_k.shape[0]
    cap = rare.shape[0]
    one = np.uint32(1)
    every = np.uint32(0xFFFFFFFF)
    par1 = np.uint32(0)  # the values of parity 1, as bits
    for v in range(_WORD):
        if parity[v]:
            par1 |= one << np.uint32(v)
    j0 = 1 if nrare and rare[0] == 0 else 0  # heap 0 is rare in the range form, but no part of a split
    for n in range(start, stop):
        seen = np.uint32(0)
        kmax = min(size - 1, n)
        for k in range(kmax + 1):
            m = n - k
            if take0[k] and m == 0:
                seen |= one
            if take1[k] and m >= 1:
                seen |= one << np.uint32(g[m])
        rare_class = (n + off) & 1 if domain else 0
        rare_bits = par1 if rare_class else every ^ par1
        scan_top = 0
        for i in range(nsplit):
            k = split_k[i]
            m = n - k
            if m < 2:
                continue
            mu = np.uint64(m)  # unsigned indices: no negative-index wraparound in the inner loops
            if good[i]:
                if m // 2 > scan_top:
                    scan_top = m // 2
                below = nrare
                while below > j0 and rare[below - 1] >= m:
                    below -= 1
                if uneq[k] and m % 2 == 0:  # the split into two equal heaps is not a move
                    half = np.uint64(m // 2)
                    for j in range(j0, below):
                        r = np.uint64(rare[j])
                        if r != half:
                            seen |= one << np.uint32(rv[j] ^ g[mu - r])
                else:  # no test in the loop: LLVM vectorises it (gathers)
                    for j in range(j0, below):
                        seen |= one << np.uint32(rv[j] ^ g[mu - np.uint64(rare[j])])
            else:
                top = m // 2
                if uneq[k] and m % 2 == 0:
                    top -= 1
                for a in range(np.uint64(1), np.uint64(top + 1)):
                    seen |= one << np.uint32(g[a] ^ g[mu - a])
        free = every & ~seen & ~rare_bits  # common-class values not excluded
        if free == 0:
            return n, nrare, True
        c = 0
        while not (free >> np.uint32(c)) & one:
            c += 1
        opens = rare_bits & ~seen & ((one << np.uint32(c)) - one)
        # The common x common splits in blocks (16 pairs, doubling to 256) until no value below c is open.
        a = 1
        block = 16
        while opens and a <= scan_top:
            a_end = min(a + block, scan_top + 1)
            block = min(2 * block, 256)
            hit = np.uint32(0)
            for i in range(nsplit):
                if not good[i]:
                    continue
                k = split_k[i]
                m = n - k
                hi = min(a_end - 1, (m - 1) // 2 if uneq[k] else m // 2)
                mu = np.uint64(m)
                for x in range(np.uint64(a), np.uint64(hi + 1)):
                    hit |= one << np.uint32(g[x] ^ g[mu - x])
            opens &= ~hit
            a = a_end
        if opens:  # every split seen: the least value still open is G(n)
            c = 0
            while not (opens >> np.uint32(c)) & one:
                c += 1
        nrare = _settle(g, n, c, rare_class, parity, rare, rv, nrare)
        if nrare >= cap or c + 1 >= _WORD:
            return n + 1, nrare, False
    return stop, nrare, False


@njit
def _settle(g, n, c, rare_class, parity, rare, rv, nrare):  # type: ignore[no-untyped-def]
    """``G(n) = c``; a heap of the rare class joins the rare list.  Returns the rare list's length."""
    g[n] = c
    if parity[c] == rare_class:
        rare[nrare] = n
        rv[nrare] = c
        nrare += 1
    return nrare


_ONE = np.uint64(1)
_ZERO = np.uint64(0)
#: Values below this many are bits of four words in :func:`_sparse_wide`.
_WIDE = 256


@njit
def _bits4(v):  # type: ignore[no-untyped-def]
    """Value ``v < 256`` as one bit of four 64-bit words (branch-free: the loops vectorise)."""
    v = np.uint64(v)
    b = _ONE << (v & np.uint64(63))
    q = v >> np.uint64(6)
    return (
        b & (_ZERO - np.uint64(q == 0)),
        b & (_ZERO - np.uint64(q == 1)),
        b & (_ZERO - np.uint64(q == 2)),
        b & (_ZERO - np.uint64(q == 3)),
    )


@njit
def _below(c, k):  # type: ignore[no-untyped-def]
    """The bits of word ``k`` for the values below ``c``."""
    lo = 64 * k
    if c >= lo + 64:
        return ~_ZERO
    if c <= lo:
        return _ZERO
    return (_ONE << np.uint64(c - lo)) - _ONE


@njit
def _lowest(w0, w1, w2, w3):  # type: ignore[no-untyped-def]
    """The least value whose bit is set in the four words (256 if none)."""
    for k, w in enumerate((w0, w1, w2, w3)):
        if w:
            c = 0
            while not (w >> np.uint64(c)) & _ONE:
                c += 1
            return 64 * k + c
    return 256


@njit
def _sparse_wide(g, start, stop, take0, take1, split_k, good, uneq, parity, rare, nrare, domain, off, rv, limit):  # type: ignore[no-untyped-def]
    """:func:`_sparse_words` for values below 256 (``limit``, half of ``mark``'s length, at most
    :data:`_WIDE`): the options' values are bits of four 64-bit words, set branch-free
    (:func:`_bits4`) so LLVM vectorises the rare x common and common x common loops as in
    :func:`_sparse_words` (0.161 from heap 2^14 to 2^18: 0.29-0.34 s; the general loop below,
    with a stamp a value and the open values compared four at a time, about 0.7 s).  Returns
    ``(next index, nrare, over)``; ``over``: heap ``next`` has no common-class value below 256
    left, not computed here (:func:`octal_sparse` goes on without words); stops after a value
    reaches ``limit`` (the caller grows its arrays) or when ``rare`` is full.
    """
    size = take0.shape[0]
    nsplit = split_k.shape[0]
    cap = rare.shape[0]
    p0 = p1 = p2 = p3 = _ZERO  # the values of parity 1
    for v in range(min(256, parity.shape[0])):
        if parity[v]:
            t = _bits4(v)
            p0, p1, p2, p3 = p0 | t[0], p1 | t[1], p2 | t[2], p3 | t[3]
    j0 = 1 if nrare and rare[0] == 0 else 0
    for n in range(start, stop):
        s0 = s1 = s2 = s3 = _ZERO
        kmax = min(size - 1, n)
        for k in range(kmax + 1):
            m = n - k
            if (take0[k] and m == 0) or (take1[k] and m >= 1):
                t = _bits4(0 if m == 0 else g[m])
                s0, s1, s2, s3 = s0 | t[0], s1 | t[1], s2 | t[2], s3 | t[3]
        rare_class = (n + off) & 1 if domain else 0
        if rare_class:
            r0, r1, r2, r3 = p0, p1, p2, p3
        else:
            r0, r1, r2, r3 = ~p0, ~p1, ~p2, ~p3
        scan_top = 0
        for i in range(nsplit):
            k = split_k[i]
            m = n - k
            if m < 2:
                continue
            mu = np.uint64(m)
            if good[i]:
                if m // 2 > scan_top:
                    scan_top = m // 2
                below = nrare
                while below > j0 and rare[below - 1] >= m:
                    below -= 1
                if uneq[k] and m % 2 == 0:
                    half = np.uint64(m // 2)
                    for j in range(j0, below):
                        r = np.uint64(rare[j])
                        if r != half:
                            t = _bits4(rv[j] ^ g[mu - r])
                            s0, s1, s2, s3 = s0 | t[0], s1 | t[1], s2 | t[2], s3 | t[3]
                else:
                    for j in range(j0, below):
                        t = _bits4(rv[j] ^ g[mu - np.uint64(rare[j])])
                        s0, s1, s2, s3 = s0 | t[0], s1 | t[1], s2 | t[2], s3 | t[3]
            else:
                top = m // 2
                if uneq[k] and m % 2 == 0:
                    top -= 1
                for a in range(np.uint64(1), np.uint64(top + 1)):
                    t = _bits4(g[a] ^ g[mu - a])
                    s0, s1, s2, s3 = s0 | t[0], s1 | t[1], s2 | t[2], s3 | t[3]
        c = _lowest(~s0 & ~r0, ~s1 & ~r1, ~s2 & ~r2, ~s3 & ~r3)
        if c >= _WIDE:
            return n, nrare, True
        o0 = r0 & ~s0 & _below(c, 0)
        o1 = r1 & ~s1 & _below(c, 1)
        o2 = r2 & ~s2 & _below(c, 2)
        o3 = r3 & ~s3 & _below(c, 3)
        a = 1
        block = 16
        while (o0 | o1 | o2 | o3) and a <= scan_top:
            a_end = min(a + block, scan_top + 1)
            block = min(2 * block, 256)
            h0 = h1 = h2 = h3 = _ZERO
            for i in range(nsplit):
                if not good[i]:
                    continue
                k = split_k[i]
                m = n - k
                hi = min(a_end - 1, (m - 1) // 2 if uneq[k] else m // 2)
                mu = np.uint64(m)
                for x in range(np.uint64(a), np.uint64(hi + 1)):
                    t = _bits4(g[x] ^ g[mu - x])
                    h0, h1, h2, h3 = h0 | t[0], h1 | t[1], h2 | t[2], h3 | t[3]
            o0 &= ~h0
            o1 &= ~h1
            o2 &= ~h2
            o3 &= ~h3
            a = a_end
        if o0 | o1 | o2 | o3:
            c = _lowest(o0, o1, o2, o3)
        nrare = _settle(g, n, c, rare_class, parity, rare, rv, nrare)
        if nrare >= cap or c + 1 >= limit:
            return n + 1, nrare, False
    return stop, nrare, False


@ahead("UniTuple(i8, 2)(i4[:], i8, i8, u1[:], u1[:], i8[:], u1[:], u1[:], i8[:], u1[:], i8[:], i8, i8, i8)")
def octal_sparse(  # type: ignore[no-untyped-def]
    g, start, stop, take0, take1, split_k, good, uneq, mark, parity, rare, nrare, domain, off
):
    """The sparse-space algorithm (Berlekamp; *Winning Ways* ch. 4 "Sparse space spells speed").

    A mask splits values into two classes by the parity of ``value & mask`` (``parity[v]``).  In
    the *range* form (``domain == 0``) a position is rare when its parity is 0; in the *domain*
    form it is rare when its parity is ``(n + off) & 1``.  For a split after removing ``k`` with
    ``good[k]``, two common heaps always XOR to the rare class of ``n``, so every common-class
    option value comes from a pair with a rare heap: XOR only the rare positions (``rare[:nrare]``)
    against their partners.  That gives the least common value ``c`` not excluded; then scan the
    remaining splits only until every rare-class value below ``c`` is excluded (usually at once).
    Splits with ``good[k] == 0`` are scanned in full.  Exact for every mask; fast when rare
    positions are rare.

    While every value is below 32 (``mark`` at most 64 long), :func:`_sparse_words` runs instead:
    the same steps with the excluded values as the bits of one word; below 256 (``mark`` at most
    512 long), :func:`_sparse_wide`, the same with four words.

    Returns ``(next index, nrare)``; stops early when ``rare`` is full or a value reaches half of
    ``mark``'s length.
    """
    size = take0.shape[0]
    nsplit = split_k.shape[0]
    half_mark = mark.shape[0] // 2
    cap = rare.shape[0]
    rv = np.empty(cap, g.dtype)  # the rare heaps' values, side by side (no gather from g)
    for j in range(nrare):
        rv[j] = g[rare[j]]
    if half_mark == _WORD:
        start, nrare, over = _sparse_words(
            g, start, stop, take0, take1, split_k, good, uneq, parity, rare, nrare, domain, off, rv
        )
        if not over:
            return start, nrare
    elif half_mark <= _WIDE:
        start, nrare, over = _sparse_wide(
            g, start, stop, take0, take1, split_k, good, uneq, parity, rare, nrare, domain, off, rv, half_mark
        )
        if not over:
            return start, nrare
    opens = np.empty(half_mark + 1, np.int64)
    for n in range(start, stop):
        stamp = n + 1
        kmax = min(size - 1, n)
        for k in range(kmax + 1):
            m = n - k
            if take0[k] and m == 0:
                mark[0] = stamp
            if take1[k] and m >= 1:
                mark[g[m]] = stamp
        rare_class = (n + off) & 1 if domain else 0
        scan_top = 0
        j0 = 1 if nrare and rare[0] == 0 else 0  # heap 0 is rare in the range form, but no part of a split
        for i in range(nsplit):
            k = split_k[i]
            m = n - k
            if m < 2:
                continue
            if good[i]:
                if m // 2 > scan_top:
                    scan_top = m // 2
                below = nrare  # the rare list is ascending: drop the few at or above m
                while below > j0 and rare[below - 1] >= m:
                    below -= 1
                # Unsigned indices: numba then skips its negative-index wraparound in this hot loop.
                mu = np.uint64(m)
                half = np.uint64(m // 2) if uneq[k] and m % 2 == 0 else np.uint64(0)
                for j in range(j0, below):
                    r = np.uint64(rare[j])
                    if r != half:
                        mark[np.uint64(rv[j] ^ g[mu - r])] = stamp
            else:
                top = m // 2
                if uneq[k] and m % 2 == 0:
                    top -= 1
                mu = np.uint64(m)  # unsigned indices: no negative-index wraparound in the inner loop
                for a in range(np.uint64(1), np.uint64(top + 1)):
                    mark[np.uint64(g[a] ^ g[mu - a])] = stamp
        # the least common-class value not excluded
        c = 0
        while parity[c] == rare_class or mark[c] == stamp:
            c += 1
        # rare-class values below c still open
        nopen = 0
        for v in range(c):
            if mark[v] != stamp:
                opens[nopen] = v
                nopen += 1
        if nopen:
            # Scan the common x common splits in blocks until no value below c is open.  While
            # many are open, mark a block's XORs branch-free (every value marked is a real option
            # value) and drop the open values marked; blocks grow from 8 to 256 splits.  The long
            # tail of the scan usually waits for one or two last values: with at most 4 open, a
            # block is compared with them directly (a loop LLVM vectorises; no stores).
            a = 1
            block = 8
            cblock = 16  # compare blocks grow to 128: the last value is often settled by the first pairs
            while nopen and a <= scan_top:
                if nopen > 4:
                    a_end = min(a + block, scan_top + 1)
                    block = min(2 * block, 256)
                    for i in range(nsplit):
                        if not good[i]:
                            continue
                        k = split_k[i]
                        m = n - k
                        hi = min(a_end - 1, (m - 1) // 2 if uneq[k] else m // 2)
                        mu = np.uint64(m)
                        for x in range(np.uint64(a), np.uint64(hi + 1)):
                            mark[np.uint64(g[x] ^ g[mu - x])] = stamp
                    kept = 0
                    for t in range(nopen):
                        if mark[opens[t]] != stamp:
                            opens[kept] = opens[t]
                            kept += 1
                    nopen = kept
                else:
                    a_end = min(a + cblock, scan_top + 1)
                    cblock = min(2 * cblock, 128)
                    # 32-bit values and boolean flags: twice the lanes of 64-bit compares
                    o0 = np.int32(opens[0])
                    o1 = np.int32(opens[1] if nopen > 1 else o0)
                    o2 = np.int32(opens[2] if nopen > 2 else o0)
                    o3 = np.int32(opens[3] if nopen > 3 else o0)
                    h0 = h1 = h2 = h3 = False
                    for i in range(nsplit):
                        if not good[i]:
                            continue
                        k = split_k[i]
                        m = n - k
                        hi = min(a_end - 1, (m - 1) // 2 if uneq[k] else m // 2)
                        mu = np.uint64(m)  # unsigned indices: no negative-index wraparound, so it vectorises
                        for x in range(np.uint64(a), np.uint64(hi + 1)):
                            y = np.int32(g[x] ^ g[mu - x])
                            h0 |= y == o0
                            h1 |= y == o1
                            h2 |= y == o2
                            h3 |= y == o3
                    hit = np.int64(h0) | np.int64(h1) << 1 | np.int64(h2) << 2 | np.int64(h3) << 3
                    kept = 0
                    for t in range(nopen):
                        if not (hit >> t) & 1:
                            opens[kept] = opens[t]
                            kept += 1
                    nopen = kept
                a = a_end
            if nopen:  # every split seen: the least value still open is G(n)
                c = opens[0]
                for t in range(1, nopen):
                    c = min(c, opens[t])
        nrare = _settle(g, n, c, rare_class, parity, rare, rv, nrare)
        if nrare >= cap or c + 1 >= half_mark:
            return n + 1, nrare
    return stop, nrare


@njit
def tbreak_plain(g, start, stop, digits, uneq, sets, mark):  # type: ignore[no-untyped-def]
    """Any take-and-break code (bit ``2^j`` of ``digits[k]``: leave ``j`` heaps).

    ``sets[j, m, v]`` says some split of ``m`` into ``j`` non-empty heaps has value ``v``:
    ``sets[j][m] = U_a G(a) xor sets[j-1][m-a]``; rows ``0..start-1`` of ``sets`` are done (the
    scratch a chunked run keeps, ``width = sets.shape[2]`` a power of two) and rows from ``start``
    on are zero.  ``mark`` (int64, ``width`` long) is scratch.  Fills ``g[start:stop]`` and
    returns ``stop``, or the heap at which a value reached ``width / 2`` (its row of ``sets`` is
    then partly filled: clear it, widen ``sets`` and call again from there).
    """
    size = digits.shape[0]
    jmax = sets.shape[0] - 1
    width = sets.shape[2]
    for n in range(start, stop):
        for j in range(2, jmax + 1):
            for a in range(1, n - j + 2):
                b = n - a
                ga = g[a]
                if j == 2:
                    sets[2, n, ga ^ g[b]] = 1
                else:
                    for v in range(width):
                        if sets[j - 1, b, v]:
                            sets[j, n, ga ^ v] = 1
        stamp = n + 1
        for k in range(min(size - 1, n) + 1):
            d = digits[k]
            m = n - k
            if d & 1 and m == 0:
                mark[0] = stamp
            if d & 2 and m >= 1:
                mark[g[m]] = stamp
            if d & 4 and m >= 2:
                if uneq[k]:
                    for a in range(1, (m + 1) // 2):
                        mark[g[a] ^ g[m - a]] = stamp
                else:
                    for v in range(width):
                        if sets[2, m, v]:
                            mark[v] = stamp
            for j in range(3, jmax + 1):
                if (d >> j) & 1 and m >= j:
                    for v in range(width):
                        if sets[j, m, v]:
                            mark[v] = stamp
        v = 0
        while mark[v] == stamp:
            v += 1
        g[n] = v
        if 2 * v + 2 > width:
            return n
    return stop
