"""Konane's and Amazons' options with their value keys, in compiled code (numba).

The value search of a Konane or Amazons board spends most of its time on each option of each
region it expands: the option's board, its regions, each region's least symmetric image (the
key of :class:`~zermelo.games._chargame.CharGridGame`).  :func:`keyed_options` does all of it in
one call for one region, and :class:`KeyedOptions` turns its arrays into the same keys and parts
that the Python path (:meth:`CharGridGame.value_key`) gives, string for string, so the two paths
share one memo and a search may switch from one to the other halfway (it does: see
:meth:`CharGridGame.keyed_options`).  The Python rules stay the reference the tests compare with.

Cells are the text's bytes: ``x`` (120), ``o`` (111), ``.`` (46) and ``#`` (35, no cell).  A
region is a connected set of cells other than ``#`` (queens' regions touch at corners too); its
key is the least of its images under the board's symmetries (:func:`~zermelo.games._grid.char_orbit`:
those of the least shape, rows first), or of the images with the colours swapped (then the key
is negated), compared as the texts compare.

Arrays filled by :func:`keyed_options` for options ``j`` (Left's first) and regions ``r``:
``opts[3j:3j+3]`` = (regions kept, first region's index, offset of the option's whole text or
-1), ``regs[4r:4r+4]`` = (rows, columns, swapped?, offset of the key's text), the texts in
``text``; ``count`` gets (Left's options, options, regions, text used).
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

import numpy as np

from ..core._jit import ahead, compiled, njit

__all__ = ["AMAZONS", "KONANE", "RULES", "KeyedOptions", "keyed_options", "warm"]

LEFT, RIGHT, DOT, WALL = 120, 111, 46, 35
#: Which rules :func:`keyed_options` plays.
KONANE, AMAZONS = 0, 1
RULES = {"konane": KONANE, "amazons": AMAZONS}


@njit
def _queen(d):  # type: ignore[no-untyped-def]
    """The queen's step ``d`` in the order of :data:`zermelo.games.amazons._QUEEN` (E, W, S, N, SE,
    SW, NE, NW), so the options come in the Python rules' order."""
    if d < 4:
        return (0, 1 - 2 * (d & 1)) if d < 2 else (1 - 2 * (d & 1), 0)
    return 1 - 2 * ((d >> 1) & 1), 1 - 2 * (d & 1)


@njit
def _key(board, width, label, k, r0, c0, rows, cols, out, pos, cand):  # type: ignore[no-untyped-def]
    """Write region ``k``'s key text (``rows`` x ``cols`` cropped at ``r0``, ``c0``; cells of other
    regions read as ``#``) at ``out[pos:]``; returns (key rows, key columns, swapped?).

    Image ``t`` reads cell (i, j) at ``start + i * di + j * dj`` of the board: ``t`` in 0..3 are
    the plain shape (bit 1 mirrors the columns, bit 2 the rows), 4..7 the transpose's; a wide
    region keeps 0..3, a tall one 4..7, a square one all eight (the least shape, rows first).
    ``cand`` is scratch of ``rows * cols`` cells at least.
    """
    n = rows * cols
    lo, hi = 0, 4
    kr, kc = rows, cols
    if rows > cols:
        lo, hi = 4, 8
        kr, kc = cols, rows
    elif rows == cols:
        hi = 8
    have = False
    swapped = False
    for s in range(2):
        for t in range(lo, hi):
            if t < 4:
                sr, sc = (rows - 1 if t & 2 else 0), (cols - 1 if t & 1 else 0)
                di = -width if t & 2 else width
                dj = -1 if t & 1 else 1
            else:
                sr, sc = (rows - 1 if t & 1 else 0), (cols - 1 if t & 2 else 0)
                di = -1 if t & 2 else 1
                dj = -width if t & 1 else width
            start = (r0 + sr) * width + c0 + sc
            m = 0
            for i in range(kr):
                at = start + i * di
                for _j in range(kc):
                    ch = board[at] if label[at] == k else WALL
                    if s == 1 and ch != DOT and ch != WALL:  # a stone (cells hold only x, o, . and #)
                        ch = LEFT + RIGHT - ch
                    cand[m] = ch
                    m += 1
                    at += dj
            # the first image, or a less one (swapped images replace the plain least only when
            # strictly less); copies are written as loops, which numba compiles much faster
            less = not have
            for m in range(n):
                if cand[m] != out[pos + m]:
                    less = less or cand[m] < out[pos + m]
                    break
            if less:
                for m in range(n):
                    out[pos + m] = cand[m]
                swapped = s == 1
                have = True
    return kr, kc, swapped


@njit
def _emit(board, rows, cols, rules, label, stack, cand, text, opts, regs, count):  # type: ignore[no-untyped-def]
    """Record one option ``board``: its live regions' keys (and its whole text unless exactly one
    region is live).  False when an array is full (the caller grows them and calls again)."""
    n = rows * cols
    j, nreg, used = count[1], count[2], count[3]
    if 3 * j + 3 > opts.shape[0]:
        return False
    for i in range(n):
        label[i] = -1
    k = 0
    first = nreg
    for i in range(n):
        if board[i] == WALL or label[i] >= 0:
            continue
        # flood fill region k from cell i; its bounding box and its stones
        label[i] = k
        stack[0] = i
        top = 1
        r0, r1, c0, c1 = rows, -1, cols, -1
        xs = os_ = 0
        while top > 0:
            top -= 1
            c = stack[top]
            r = c // cols
            q = c - r * cols
            r0 = min(r0, r)
            r1 = max(r1, r)
            c0 = min(c0, q)
            c1 = max(c1, q)
            if board[c] == LEFT:
                xs += 1
            elif board[c] == RIGHT:
                os_ += 1
            for e in range(8 if rules == AMAZONS else 4):  # corners only for queens
                dr, dc = _queen(e)
                rr, qq = r + dr, q + dc
                if 0 <= rr < rows and 0 <= qq < cols:
                    d = rr * cols + qq
                    if board[d] != WALL and label[d] < 0:
                        label[d] = k
                        stack[top] = d
                        top += 1
        dead = (xs == 0 or os_ == 0) if rules == KONANE else (xs == 0 and os_ == 0)
        if not dead:
            h, w = r1 - r0 + 1, c1 - c0 + 1
            if 4 * nreg + 4 > regs.shape[0] or used + h * w > text.shape[0]:
                return False
            kr, kc, swapped = _key(board, cols, label, k, r0, c0, h, w, text, used, cand)
            regs[4 * nreg] = kr
            regs[4 * nreg + 1] = kc
            regs[4 * nreg + 2] = 1 if swapped else 0
            regs[4 * nreg + 3] = used
            used += h * w
            nreg += 1
        k += 1
    whole = -1
    if nreg - first != 1:
        if used + n > text.shape[0]:
            return False
        for i in range(n):
            text[used + i] = board[i]
        whole = used
        used += n
    opts[3 * j] = nreg - first
    opts[3 * j + 1] = first
    opts[3 * j + 2] = whole
    count[1], count[2], count[3] = j + 1, nreg, used
    return True


@ahead("b1(u1[:], i8, i8, i8, u1[:], i8[:], i8[:], i8[:])")
def keyed_options(cells, rows, cols, rules, text, opts, regs, count):  # type: ignore[no-untyped-def]
    """Every option of the region ``cells`` (``rows`` x ``cols``) under ``rules`` (:data:`KONANE`
    or :data:`AMAZONS`), Left's first, with their regions' keys: see the module's docstring.
    False when an array is too small (grow it and call again)."""
    n = rows * cols
    board = np.empty(n, np.uint8)
    for i in range(n):
        board[i] = cells[i]
    label = np.empty(n, np.int64)
    stack = np.empty(n, np.int64)
    cand = np.empty(n, np.uint8)
    count[0] = count[1] = count[2] = count[3] = 0
    for side in range(2):
        me, you = (LEFT, RIGHT) if side == 0 else (RIGHT, LEFT)
        if side == 1:
            count[0] = count[1]
        for i in range(n):
            if cells[i] != me:
                continue
            r0, c0 = i // cols, i % cols
            if rules == KONANE:
                for d in range(4):
                    if d == 0:
                        step, room = 1, cols - 1 - c0
                    elif d == 1:
                        step, room = -1, c0
                    elif d == 2:
                        step, room = cols, rows - 1 - r0
                    else:
                        step, room = -cols, r0
                    at = i
                    while room >= 2 and board[at + step] == you and board[at + 2 * step] == DOT:
                        board[at] = DOT
                        board[at + step] = DOT
                        at += 2 * step
                        room -= 2
                        board[at] = me
                        if not _emit(board, rows, cols, rules, label, stack, cand, text, opts, regs, count):
                            return False
                    for c in range(n):
                        board[c] = cells[c]
            else:
                board[i] = DOT
                for d in range(8):
                    dr, dc = _queen(d)
                    r, c = r0 + dr, c0 + dc
                    while 0 <= r < rows and 0 <= c < cols and board[r * cols + c] == DOT:
                        to = r * cols + c
                        board[to] = me
                        for e in range(8):
                            er, ec = _queen(e)
                            ar, ac = r + er, c + ec
                            while 0 <= ar < rows and 0 <= ac < cols and board[ar * cols + ac] == DOT:
                                board[ar * cols + ac] = WALL
                                if not _emit(board, rows, cols, rules, label, stack, cand, text, opts, regs, count):
                                    return False
                                board[ar * cols + ac] = DOT
                                ar += er
                                ac += ec
                        board[to] = DOT
                        r += dr
                        c += dc
                board[i] = me
    return True


_FLIP = (False, True)


class KeyedOptions:
    """:func:`keyed_options` for one rules object: its arrays (grown as needed, kept between calls)
    and the translation of their contents into positions and keys, recorded in the rules' table
    of (key, parts) per position (``info``) as the Python path records them."""

    def __init__(self, rules: str, info: dict[Any, Any], swap: dict[int, str], *, kernel: Any = None) -> None:
        self.rules = RULES[rules]
        self.info, self.swap = info, swap
        self.kernel = kernel if kernel is not None else compiled(keyed_options)
        self.text = np.empty(4096, np.uint8)
        self.opts = np.empty(768, np.int64)
        self.regs = np.empty(1024, np.int64)
        self.count = np.zeros(4, np.int64)

    def __call__(self, position: tuple[int, int, str]) -> tuple[int, list[Any], list[tuple[Hashable, bool]]]:
        rows, cols, cells = position
        if len(self.info) > 1_000_000:
            self.info.clear()  # as CharGridGame does: a table, not a record
        raw = np.frombuffer(bytearray(cells.encode("latin-1")), np.uint8)
        while not self.kernel(raw, rows, cols, self.rules, self.text, self.opts, self.regs, self.count):
            self.text = np.empty(2 * self.text.shape[0], np.uint8)
            self.opts = np.empty(2 * self.opts.shape[0], np.int64)
            self.regs = np.empty(2 * self.regs.shape[0], np.int64)
        lefts, n, nreg, used = self.count.tolist()
        o = self.opts[: 3 * n].tolist()
        g = self.regs[: 4 * nreg].tolist()
        s = self.text[:used].tobytes().decode("latin-1")
        info, swap, flips = self.info, self.swap, _FLIP
        kids: list[Any] = []
        keys: list[tuple[Hashable, bool]] = []
        for j in range(0, 3 * n, 3):
            parts = o[j]
            r = 4 * o[j + 1]
            if parts == 1:
                kr, kc, flip, off = g[r : r + 4]
                kid = (kr, kc, s[off : off + kr * kc])
                if kid not in info:
                    info[kid] = ((kid, False), [kid])
                kids.append(kid)
                keys.append((kid, flips[flip]))
                continue
            found = []
            pieces = []
            for _ in range(parts):
                kr, kc, flip, off = g[r : r + 4]
                r += 4
                image = (kr, kc, s[off : off + kr * kc])
                part_key = (image, flips[flip])
                piece = (kr, kc, image[2].translate(swap)) if flip else image
                if piece not in info:
                    info[piece] = (part_key, [piece])
                found.append(part_key)
                pieces.append(piece)
            whole = o[j + 2]
            kid = (rows, cols, s[whole : whole + rows * cols])
            sum_key = (tuple(sorted(found)), False)
            info[kid] = (sum_key, pieces)
            kids.append(kid)
            keys.append(sum_key)
        return lefts, kids, keys


def warm() -> None:
    """Compile (or load) the kernel now: the web's workers are forked warm (:mod:`zermelo.web.warm`)."""
    for name, board in (("konane", "xo."), ("amazons", "x.")):
        KeyedOptions(name, {}, {})((1, len(board), board))
