"""Compiled kernels of the misère quotient construction (numba, made on first call: core._jit).

Two loops of :mod:`zermelo.misere` run here on integer arrays, the same steps in the same order
as their plain-Python references, so the answers are the same element for element
(``tests/test_misere_kernels.py`` runs both on small cases):

* :func:`failure_search` — the N-failure search of :func:`zermelo.misere.verify.find_failure`:
  positions in lexicographic order, a state ``(x, S)`` per level, states dominated by an earlier
  one with the same element skipped.  The option-image sets are sorted runs of ints; the minimal
  sets seen per element (the *bounds*) live in an arena of linked lists, each with a 64-bit
  signature (bit ``e & 63`` for each element ``e``) that rejects most subset tests at once.
* :func:`mark_layers` — the P/N marking of :func:`zermelo.misere.candidate.dense_trial`: the new
  elements of one heap's pass, layer by layer, each with the option elements of its least position.

Both are compiled ahead of time by ``zermelo compile`` (:mod:`zermelo.core.aot`), for the
argument types they are called with.  Both are resumable: all their state is in the arrays they
are given (``ctl`` holds the counters), they return after ``ctl[PAUSE]`` steps so that the
caller can tick its budget (and Ctrl-C is felt), and they return :data:`GROW` *before* changing
anything when an arena is full.
"""

from __future__ import annotations

import numpy as np

from ..core._jit import ahead, njit

__all__ = [
    "DONE",
    "FOUND",
    "GROW",
    "PAUSED",
    "TOO_BIG",
    "failure_search",
    "mark_layers",
]

# ctl slots (int64) of failure_search
LEVEL, PHASE, STATUS, STEPS, PAUSE, NB, NE = range(7)
# ctl slots of mark_layers (the layer being done is elems[AT:HI]; the next one, elems[HI:NELEMS])
HI, AT, NELEMS, NOPTS, MAXORDER = 8, 9, 10, 11, 12
CTL_SIZE = 13

INIT, DESCEND, STEP = 0, 1, 2
PAUSED, DONE, FOUND, GROW, TOO_BIG = 0, 1, 2, 3, 4


@njit
def _signature(buf, n):  # type: ignore[no-untyped-def]
    sig = np.uint64(0)
    for i in range(n):
        sig |= np.uint64(1) << np.uint64(buf[i] & 63)
    return sig


@njit
def _subset(a, a0, alen, b, b0, blen):  # type: ignore[no-untyped-def]
    """Whether the sorted run ``a[a0:a0+alen]`` is a subset of the sorted run ``b[b0:b0+blen]``."""
    j = b0
    end = b0 + blen
    for i in range(a0, a0 + alen):
        v = a[i]
        while j < end and b[j] < v:
            j += 1
        if j == end or b[j] != v:
            return False
        j += 1
    return True


@njit
def _next_set(table, images, opt_off, opt_list, letter, x, src, slen, out, mark):  # type: ignore[no-untyped-def]
    """The option images of ``c + h`` from those of ``c`` (``src[:slen]``, element ``x``), sorted
    into ``out``; their count."""
    g = images[letter]
    n = 0
    for i in range(slen):
        z = table[g, src[i]]
        if not mark[z]:
            mark[z] = 1
            out[n] = z
            n += 1
    for i in range(opt_off[letter], opt_off[letter + 1]):
        z = table[opt_list[i], x]
        if not mark[z]:
            mark[z] = 1
            out[n] = z
            n += 1
    for i in range(n):
        mark[out[i]] = 0
    _sort(out, n)
    return n


@njit
def _sort(a, n):  # type: ignore[no-untyped-def]
    """Shell sort of ``a[:n]`` (Ciura's gaps): the sets are short, and numba's own sort takes
    seconds to compile."""
    for gap in (701, 301, 132, 57, 23, 10, 4, 1):
        for i in range(gap, n):
            v = a[i]
            j = i
            while j >= gap and a[j - gap] > v:
                a[j] = a[j - gap]
                j -= gap
            a[j] = v


@njit
def _dominated(x, s, slen, sig, head, tail, b_next, b_start, b_len, b_sig, b_elems, ctl):  # type: ignore[no-untyped-def]
    """Whether a bound of ``x`` is a subset of ``s``; if not, its supersets are dropped and ``s``
    joins the bounds of ``x`` (at the end: the order of plain Python's list)."""
    zero = np.int64(0)
    b = head[x]
    while b != -1:
        if b_len[b] <= slen and (b_sig[b] & ~sig) == 0 and _subset(b_elems, b_start[b], b_len[b], s, zero, slen):
            return True
        b = b_next[b]
    prev = -1
    b = head[x]
    while b != -1:
        nxt = b_next[b]
        if b_len[b] >= slen and (sig & ~b_sig[b]) == 0 and _subset(s, zero, slen, b_elems, b_start[b], b_len[b]):
            if prev == -1:
                head[x] = nxt
            else:
                b_next[prev] = nxt
            if tail[x] == b:
                tail[x] = prev
        else:
            prev = b
        b = nxt
    nb = ctl[NB]
    ne = ctl[NE]
    b_start[nb] = ne
    b_len[nb] = slen
    b_sig[nb] = sig
    b_next[nb] = -1
    for i in range(slen):
        b_elems[ne + i] = s[i]
    if tail[x] == -1:
        head[x] = nb
    else:
        b_next[tail[x]] = nb
    tail[x] = nb
    ctl[NB] = nb + 1
    ctl[NE] = ne + slen
    return False


#: The argument types of :func:`failure_search` (its table: the rows it reads, 16- or 32-bit).
_SEARCH = (
    "none(i8[:], {}[:, :], u1[:], i8[:], i8[:], i8[:], i8[:], i4[:, :], i8[:], i8[:], i8[:], i4[:], u1[:],"
    " i8[:], i8[:], i8[:], i8[:], i8[:], u8[:], i4[:])"
)


@ahead(_SEARCH.format("u2"), _SEARCH.format("u4"))
def failure_search(  # type: ignore[no-untyped-def]
    ctl,
    table,
    in_p,
    images,
    opt_off,
    opt_list,
    fx,
    fs,
    flen,
    src,
    counts,
    scratch,
    mark,
    head,
    tail,
    b_next,
    b_start,
    b_len,
    b_sig,
    b_elems,
):
    """The least N-failure (a predicted N-position that has options, none predicted P), in
    lexicographic order of positions; ``ctl[STATUS]`` is FOUND (``counts[j]`` copies of letter
    ``j``), DONE (none), PAUSED or GROW (the bound arena ``b_*`` is full: enlarge it and call again).

    Level ``d`` (``0..k``) holds the state of the loop over letter ``d - 1``'s count; its set is
    ``fs[src[d], :flen[src[d]]]``, shared with the level above until the level takes its own step.
    """
    k = images.shape[0]
    steps = 0
    while True:
        phase = ctl[PHASE]
        if phase == INIT:
            fx[k] = 0
            flen[k] = 0
            src[k] = k
            zero = np.int64(0)
            _dominated(zero, scratch, zero, np.uint64(0), head, tail, b_next, b_start, b_len, b_sig, b_elems, ctl)
            ctl[LEVEL] = k
            ctl[PHASE] = DESCEND
        elif phase == DESCEND:
            d = ctl[LEVEL]
            for j in range(d):
                src[j] = d
            x = fx[d]
            n = flen[d]
            if n > 0 and not in_p[x]:
                hit = False
                for i in range(n):
                    if in_p[fs[d, i]]:
                        hit = True
                        break
                if not hit:
                    ctl[STATUS] = FOUND
                    return
            ctl[LEVEL] = 1
            ctl[PHASE] = STEP
        else:
            d = ctl[LEVEL]
            if d > k:
                ctl[STATUS] = DONE
                return
            if steps >= ctl[PAUSE]:
                ctl[STATUS] = PAUSED
                return
            steps += 1
            ctl[STEPS] += 1
            j = d - 1
            s0 = src[d]
            x = fx[s0]
            n = _next_set(table, images, opt_off, opt_list, j, x, fs[s0], flen[s0], scratch, mark)
            if ctl[NB] >= b_start.shape[0] or ctl[NE] + n > b_elems.shape[0]:
                ctl[STATUS] = GROW
                return
            x = np.int64(table[images[j], x])
            fx[d] = x
            flen[d] = n
            for i in range(n):
                fs[d, i] = scratch[i]
            src[d] = d
            counts[j] += 1
            sig = _signature(scratch, n)
            if _dominated(x, scratch, n, sig, head, tail, b_next, b_start, b_len, b_sig, b_elems, ctl):
                counts[j] = 0
                ctl[LEVEL] = d + 1
            else:
                ctl[PHASE] = DESCEND


@ahead("none(i8[:], i8[:], i8[:, :], u1[:], u1[:], i8[:], i8[:], i8[:], i8[:], u1[:])")
def mark_layers(  # type: ignore[no-untyped-def]
    ctl,
    g,
    t_rows,
    seen,
    is_p,
    elems,
    o_start,
    o_len,
    o_elems,
    mark,
):
    """One heap's pass of a trial's marking: from the layer ``elems[AT:HI]`` on, each element
    ``y`` makes ``z = g[y]`` if ``z`` is new, with the option elements ``g[o]`` (``o`` an option
    element of ``y``) and ``t[y]`` (``t`` a row of ``t_rows``, the heap's option images), and is
    P when it has options and none is P.  A layer's new elements are the next layer.

    ``ctl[STATUS]``: DONE (the pass is over), PAUSED, GROW (``o_elems`` is full) or TOO_BIG (more
    than ``ctl[MAXORDER]`` elements).
    """
    steps = 0
    nt = t_rows.shape[0]
    while True:
        hi = ctl[HI]
        at = ctl[AT]
        if at == hi:
            if ctl[NELEMS] == hi:
                ctl[STATUS] = DONE
                return
            ctl[AT] = hi
            ctl[HI] = ctl[NELEMS]
            ctl[STATUS] = PAUSED  # a layer is done: the caller ticks, as the plain pass does
            return
        if steps >= ctl[PAUSE]:
            ctl[STATUS] = PAUSED
            return
        steps += 1
        y = elems[at]
        z = g[y]
        if seen[z]:
            ctl[AT] = at + 1
            continue
        # the option elements of z's least position
        ylen = o_len[y]
        if ctl[NOPTS] + ylen + nt > o_elems.shape[0]:
            ctl[STATUS] = GROW
            return
        base = ctl[NOPTS]
        n = 0
        ys = o_start[y]
        for i in range(ylen):
            v = g[o_elems[ys + i]]
            if not mark[v]:
                mark[v] = 1
                o_elems[base + n] = v
                n += 1
        for i in range(nt):
            v = t_rows[i, y]
            if not mark[v]:
                mark[v] = 1
                o_elems[base + n] = v
                n += 1
        p = n > 0
        for i in range(n):
            v = o_elems[base + i]
            mark[v] = 0
            if is_p[v]:
                p = False
        seen[z] = 1
        is_p[z] = 1 if p else 0
        o_start[z] = base
        o_len[z] = n
        ctl[NOPTS] = base + n
        elems[ctl[NELEMS]] = z
        ctl[NELEMS] += 1
        ctl[AT] = at + 1
        if ctl[NELEMS] > ctl[MAXORDER]:
            ctl[STATUS] = TOO_BIG
            return
