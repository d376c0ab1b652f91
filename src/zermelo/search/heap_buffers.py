"""The octal kernels on plain buffers, for a short run that never imports numpy (issue 31).

A short ``zermelo sequence`` of an octal game (0.161 to 2^16 heaps, 0.16 to its proof) spends
about half of its CPU importing numpy: the extensions that ``zermelo compile`` builds for
:mod:`zermelo.search.heap_kernels` load numpy when they load (numba's ``pycc`` calls numpy's
``import_array()``), and the run's values are numpy arrays.  This module's kernels take
``memoryview`` s of ``array.array`` s instead and call the same kernels on them
(``np.frombuffer``: no copy): their extension, built without numpy's ``import_array()``
(:func:`zermelo.core.aot.build`, ``buffers``), unpacks a buffer with Python's buffer protocol
only, so :mod:`zermelo.heaps.quick` runs heaps 0..N without numpy in the process.

The kernels here are wrappers of :mod:`zermelo.search.heap_kernels` and
:mod:`zermelo.search.periodicity` (the same compiled loops), and four small loops that
:mod:`zermelo.heaps.runners` does with numpy: the value histograms of the mask's choice, its
Walsh–Hadamard transform, the rare heaps of a mask and the largest value.  The argument types are
:data:`zermelo.search.buffer_signatures.SIGNATURES` (one place, read by both sides).
"""

from __future__ import annotations

import numpy as np

from ..core import _jit
from ..core._jit import ahead, njit
from . import heap_kernels, periodicity
from .buffer_signatures import SIGNATURES, declare

declare()  # the key's other sources, beside the signatures each kernel declares below

__all__ = ["largest", "octal_plain", "octal_sparse", "rare_list", "tail_runs", "tally", "walsh"]

# The wrapped kernels as numba's dispatchers: a kernel of one module calls another module's only so
# (its stand-in is plain Python to numba).  Made when this module is imported, which imports numba:
# only ``zermelo compile``, the warm-up and the tests import it.
_plain = _jit.dispatcher(heap_kernels.octal_plain)
_sparse = _jit.dispatcher(heap_kernels.octal_sparse)
_tail = _jit.dispatcher(periodicity._tail_runs)


@njit
def _i4(b):  # type: ignore[no-untyped-def]
    return np.frombuffer(b, np.int32)


@njit
def _i8(b):  # type: ignore[no-untyped-def]
    return np.frombuffer(b, np.int64)


@njit
def _u1(b):  # type: ignore[no-untyped-def]
    return np.frombuffer(b, np.uint8)


@ahead(SIGNATURES["octal_plain"], buffers=True)
def octal_plain(g, start, stop, take0, take1, split, uneq, mark):  # type: ignore[no-untyped-def]
    """:func:`zermelo.search.heap_kernels.octal_plain` on buffers."""
    return _plain(_i4(g), start, stop, _u1(take0), _u1(take1), _u1(split), _u1(uneq), _i8(mark))


@ahead(SIGNATURES["octal_sparse"], buffers=True)
def octal_sparse(g, start, stop, take0, take1, split_k, good, uneq, mark, parity, rare, nrare, domain, off):  # type: ignore[no-untyped-def]
    """:func:`zermelo.search.heap_kernels.octal_sparse` on buffers."""
    t0, t1, ks, ok, ne = _u1(take0), _u1(take1), _i8(split_k), _u1(good), _u1(uneq)
    return _sparse(_i4(g), start, stop, t0, t1, ks, ok, ne, _i8(mark), _u1(parity), _i8(rare), nrare, domain, off)


@ahead(SIGNATURES["tail_runs"], buffers=True)
def tail_runs(g, pmax, need, saltus):  # type: ignore[no-untyped-def]
    """:func:`zermelo.search.periodicity._tail_runs` on a buffer."""
    return _tail(_i4(g), pmax, need, saltus)


@ahead(SIGNATURES["tally"], buffers=True)
def tally(g, h, hs):  # type: ignore[no-untyped-def]
    """``h[v]`` += the heaps of value ``v``; ``hs[v]`` += those at even heaps less those at odd ones
    (``numpy.bincount`` of :func:`zermelo.core.sparse_space.pick_mask`); ``h``, ``hs`` are long enough."""
    for i in range(g.shape[0]):
        v = g[i]
        h[v] += 1
        hs[v] += 1 - 2 * (i & 1)


@ahead(SIGNATURES["walsh"], buffers=True)
def walsh(a):  # type: ignore[no-untyped-def]
    """The Walsh–Hadamard transform of ``a`` (a power of two long) in place
    (:func:`zermelo.core.sparse_space.walsh_hadamard`)."""
    n = a.shape[0]
    step = 1
    while step < n:
        for i in range(0, n, 2 * step):
            for j in range(i, i + step):
                x, y = a[j], a[j + step]
                a[j], a[j + step] = x + y, x - y
        step *= 2


@ahead(SIGNATURES["rare_list"], buffers=True)
def rare_list(g, parity, domain, off, rare):  # type: ignore[no-untyped-def]
    """The heaps of ``g`` whose value is rare (``parity[v] == 0``; in the domain form
    ``parity[v] == (n + off) & 1``), written to ``rare`` while it has room; how many there are."""
    count = 0
    for n in range(g.shape[0]):
        target = (n + off) & 1 if domain else 0
        if parity[g[n]] == target:
            if count < rare.shape[0]:
                rare[count] = n
            count += 1
    return count


@ahead(SIGNATURES["largest"], buffers=True)
def largest(g):  # type: ignore[no-untyped-def]
    """The largest value of ``g`` (0 if empty)."""
    top = 0
    for i in range(g.shape[0]):
        if g[i] > top:
            top = g[i]
    return top
