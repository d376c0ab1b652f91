"""Domineering's options with their value keys, in compiled code (numba).

A region in the frame of 8 columns (:mod:`zermelo.games._frame`) lists its options, each
option's regions (lone cells dropped, each moved to the top left corner) and each region's key
(its least image, and whether that image is of the transpose: the negative game) in one call
of :func:`keyed_options`; :class:`KeyedOptions` turns the arrays into exactly what the Python
path (:meth:`~zermelo.games.domineering.Domineering.keyed_options`) records, so the two share
one memo and a search turns from one to the other halfway (once numba is loaded: see
:meth:`Domineering.keyed_options`).  The Python path stays the reference the tests compare with.

>>> opts, regs, count = np.zeros(3 * MAX_OPTIONS, np.int64), np.zeros(3 * MAX_REGIONS, np.int64), np.zeros(3, np.int64)
>>> keyed_options(0b111_00000_111, opts, regs, count)  # two rows of three: 3 + 4 options, 8 regions
True
>>> [int(x) for x in count], [int(x) for x in regs[:3]]  # a 2 x 2 square, its key, not transposed
([3, 7, 8], [771, 771, 0])
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

import numpy as np

from ..core._jit import ahead, compiled, njit

__all__ = ["MAX_OPTIONS", "MAX_REGIONS", "KeyedOptions", "keyed_options", "region_options", "warm"]

#: The most options of a 7 x 7 region (42 dominoes each way) and regions of all its options
#: (each option splits into at most 24 regions of two cells or more).
MAX_OPTIONS = 84
MAX_REGIONS = 84 * 24


@ahead("b1(i8, i8[:], i8[:], i8[:])")  # built by ``zermelo compile``: a warm process needs no numba
def keyed_options(bits, opts, regs, count):  # type: ignore[no-untyped-def]
    """The options of the framed region ``bits``: Left's vertical dominoes first, then Right's
    horizontal ones, lowest cell first (the Python rules' order).  ``opts[3j:3j+3]`` = (the
    option's board, its regions, the first region's index); ``regs[3r:3r+3]`` = (the region in
    the corner, its least image, transposed?); ``count`` = (Left's options, options, regions).
    One function, no calls (numba compiles callees into a kernel again: slower to build)."""
    nopt = nreg = lefts = 0
    for side in range(2):
        step = 8 if side == 0 else 1
        if side == 1:
            lefts = nopt
        pairs = bits & (bits >> step)  # the guard column keeps rows apart
        while pairs:
            low = pairs & -pairs
            pairs ^= low
            child = bits ^ (low | (low << step))
            rest = child & ((child << 1) | (child >> 1) | (child << 8) | (child >> 8))  # no lone cells
            first = nreg
            while rest:
                comp = front = rest & -rest
                rest ^= comp
                while front:
                    front = ((front << 1) | (front >> 1) | (front << 8) | (front >> 8)) & rest
                    rest ^= front
                    comp |= front
                # to the corner: the lowest row to row 0, the leftmost column to column 0
                low_bit = comp & -comp
                shift = 0
                while low_bit > 1:
                    low_bit >>= 1
                    shift += 1
                comp >>= shift & ~7
                u = comp | (comp >> 32)
                u |= u >> 16
                u |= u >> 8
                u &= 0xFF
                shift = 0
                while (u >> shift) & 1 == 0:
                    shift += 1
                comp >>= shift
                cols = 0
                while u >> (shift + cols):
                    cols += 1
                rows = 0
                while comp >> (8 * rows):
                    rows += 1
                # the least of the images: the four mirrors of the region (rows stay rows) when
                # it is wider, of its transpose (the players swapped) when taller, all eight if square
                t = comp
                x = (t ^ (t >> 7)) & 0x00AA00AA00AA00AA
                t ^= x ^ (x << 7)
                x = (t ^ (t >> 14)) & 0x0000CCCC0000CCCC
                t ^= x ^ (x << 14)
                x = (t ^ (t >> 28)) & 0x00000000F0F0F0F0
                t ^= x ^ (x << 28)
                best = -1
                turned = 0
                for image in range(2):
                    if (image == 0 and rows > cols) or (image == 1 and rows < cols):
                        continue
                    b = comp if image == 0 else t
                    h, w = (rows, cols) if image == 0 else (cols, rows)
                    for mirror in range(4):
                        m = 0
                        for r in range(h):
                            row = (b >> (8 * r)) & 0xFF
                            if mirror & 1:
                                rev = 0
                                for c in range(w):
                                    rev |= ((row >> c) & 1) << (w - 1 - c)
                                row = rev
                            m |= row << (8 * ((h - 1 - r) if mirror & 2 else r))
                        if best < 0 or m < best:
                            best = m
                            turned = image
                if 3 * (nreg + 1) > regs.shape[0]:
                    return False
                regs[3 * nreg] = comp
                regs[3 * nreg + 1] = best
                regs[3 * nreg + 2] = turned
                nreg += 1
            if 3 * (nopt + 1) > opts.shape[0]:
                return False
            opts[3 * nopt] = child
            opts[3 * nopt + 1] = nreg - first
            opts[3 * nopt + 2] = first
            nopt += 1
    count[0] = lefts
    count[1] = nopt
    count[2] = nreg
    return True


@njit
def region_options(key, rules, text, opts, regs, count, work):  # type: ignore[no-untyped-def]
    """The options step of the compiled value walk (:mod:`zermelo.analyses.walk_kernel`): the
    options of the framed region whose key bytes are ``key`` (its least image's 8 bytes, lowest
    first: what the walk's arrays hold for each region), in the layout that module describes
    (``rules`` and ``work`` are not read).  :func:`keyed_options`'s records are rewritten in place: an option's
    (board, regions, first) as (regions, first, board), a region's three numbers as five, its key's
    8 bytes in ``text``."""
    bits = np.int64(0)
    for i in range(8):
        bits |= np.int64(key[i]) << (8 * i)
    if opts.shape[0] < 3 * MAX_OPTIONS or not keyed_options(bits, opts, regs, count):
        return False
    nreg = count[2]
    if regs.shape[0] < 5 * nreg or text.shape[0] < 8 * nreg:
        return False
    for j in range(count[1]):
        board = opts[3 * j]
        opts[3 * j] = opts[3 * j + 1]
        opts[3 * j + 1] = opts[3 * j + 2]
        opts[3 * j + 2] = board
    for r in range(nreg - 1, -1, -1):  # from the last: a region's five numbers never cover one not read yet
        comp, best, turned = regs[3 * r], regs[3 * r + 1], regs[3 * r + 2]
        regs[5 * r] = comp
        regs[5 * r + 1] = best
        regs[5 * r + 2] = turned
        regs[5 * r + 3] = 8 * r
        regs[5 * r + 4] = 8 * r + 8
        for i in range(8):
            text[8 * r + i] = (best >> (8 * i)) & 0xFF
    return True


class KeyedOptions:
    """:func:`keyed_options` for a :class:`~zermelo.games.domineering.Domineering`'s search:
    records each new option's analysis in ``framed`` (``[None, key, corners]``) and region keys
    in ``keys`` as the Python path does; ``sum_key`` numbers a board of several regions."""

    def __init__(
        self,
        framed: dict[int, list[Any]],
        keys: dict[int, tuple[int, bool]],
        sum_key: Callable[[tuple[tuple[Hashable, bool], ...]], int],
    ) -> None:
        self.framed, self.keys, self.sum_key = framed, keys, sum_key
        self.kernel = compiled(keyed_options)
        self.opts = np.zeros(3 * MAX_OPTIONS, np.int64)
        self.regs = np.zeros(3 * MAX_REGIONS, np.int64)
        self.count = np.zeros(3, np.int64)

    def __call__(self, rows: int, bits: int) -> tuple[int, list[Any], list[tuple[Hashable, bool]]]:
        count = self.count
        self.kernel(bits, self.opts, self.regs, count)
        n = int(count[1])
        opts = self.opts[: 3 * n].tolist()
        regs = self.regs[: 3 * int(count[2])].tolist()
        framed, keys = self.framed, self.keys
        kids: list[Any] = []
        out: list[tuple[Hashable, bool]] = []
        for j in range(0, 3 * n, 3):
            child = opts[j]
            hit = framed.get(child)
            if hit is None:
                first = 3 * opts[j + 2]
                if opts[j + 1] == 1:
                    c = regs[first]
                    k = keys.get(c)
                    if k is None:
                        k = keys[c] = (regs[first + 1], regs[first + 2] != 0)
                    hit = framed[child] = [None, k, [c]]
                else:
                    corners, found = [], []
                    for r in range(first, first + 3 * opts[j + 1], 3):
                        c = regs[r]
                        k = keys.get(c)
                        if k is None:
                            k = keys[c] = (regs[r + 1], regs[r + 2] != 0)
                        corners.append(c)
                        found.append(k)
                    hit = framed[child] = [None, (self.sum_key(tuple(sorted(found))), False), corners]
            kids.append((rows, 8, child))
            out.append(hit[1])
        return int(count[0]), kids, out


def warm() -> None:
    """Call the kernel once (numba compiles or loads it): for the web's pool before it forks."""
    zeros = np.zeros
    keyed_options(
        0b111_00000_111, zeros(3 * MAX_OPTIONS, np.int64), zeros(3 * MAX_REGIONS, np.int64), zeros(3, np.int64)
    )
