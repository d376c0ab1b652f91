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
-1), ``regs[5r:5r+5]`` = (rows, columns, swapped?, start and end of the key's bytes: its rows, its
columns and its cells), the bytes in ``text``; ``count`` gets (Left's options, options, regions,
text used, options with other than one region).
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

import numpy as np

from ..core import aot
from ..core._jit import ahead, compiled, njit
from ._grid import KeyImage

__all__ = ["AMAZONS", "KONANE", "RULES", "WORK", "KeyedOptions", "keyed_options", "region_options", "warm"]

LEFT, RIGHT, DOT, WALL = 120, 111, 46, 35
#: Which rules :func:`keyed_options` plays.
KONANE, AMAZONS = 0, 1
RULES = {"konane": KONANE, "amazons": AMAZONS}
#: The queen's steps (rows, columns) E, W, S, N, SE, SW, NE, NW, as
#: :data:`zermelo.games.amazons._QUEEN` (the options come in the Python rules' order); the first
#: four are Konane's jumps and a region's orthogonal neighbours.
_DR = np.array([0, 0, 1, -1, 1, 1, -1, -1], np.int64)
_DC = np.array([1, -1, 0, 0, 1, -1, 1, -1], np.int64)


#: Numbers of ``work`` that :func:`keyed_options` needs for a region of ``n`` cells, times ``n``.
WORK = 11


@ahead("b1(u1[:], i8, i8, i8, u1[:], i8[:], i8[:], i8[:], i8[:])")
def keyed_options(cells, rows, cols, rules, text, opts, regs, count, work):  # type: ignore[no-untyped-def]
    """Every option of the region ``cells`` (``rows`` x ``cols``) under ``rules`` (:data:`KONANE`
    or :data:`AMAZONS`), Left's first, with their regions' keys: see the module's docstring.
    ``work`` is the caller's scratch (:data:`WORK` numbers a cell: the board played on, the flood
    fill's labels and stack, each cell's row and column, a region's cells, and what the flood found
    by the cell burnt: one region or not, and its box).  False when an array is too small (grow it
    and call again).

    One function, no calls: numba compiles a kernel's callees into it and optimises them again
    there (three nested functions took 7 CPU s to compile on a cold cache); no array made either
    (the caller's ``work`` holds them).  Steps:

    1. The moves, three numbers each, written to ``opts`` (Konane: the stone, the step, the jumps;
       Amazons: the amazon, where she goes, where her arrow lands), in the Python rules' order
       (the queen's steps E, W, S, N, SE, SW, NE, NW as :data:`zermelo.games.amazons._QUEEN`).
    2. Each move played on a copy of the board (and taken back after, cell by cell); its regions
       flooded one by one (bounding box and stones counted), dead ones dropped (Konane: without
       both colours; Amazons: without an amazon; on at most 62 cells, flooded as the bits of a
       number, a shift a step).  A move changes the cells that are not ``#`` only
       by the arrow it burns (Konane: none), so when a flood finds the board's cells less that one
       all in one region, later moves burning the same cell take that region and its box without
       a flood (Konane: every move, after the first).
    3. Each live region's cells copied out of its bounding box (other cells ``#``; not when it is
       the whole board), then its key:
       image ``t`` reads cell (i, j) at ``start + i * di + j * dj``; ``t`` in 0..3 are the plain
       shape (bit 1 mirrors the columns, bit 2 the rows), 4..7 the transpose's; a wide region
       keeps 0..3, a tall one 4..7, a square one all eight (the least shape, rows first); the least
       image, or the least with the colours swapped if less (a region of one colour reads only
       the images that can be least: with ``x`` only the swapped ones, with ``o`` only the plain).
    4. The option's record over its move's three numbers (read first), and the whole board's
       text unless exactly one region is live.
    """
    n = rows * cols
    if work.shape[0] < WORK * n:
        return False
    board = work[0:n]
    label = work[n : 2 * n]
    stack = work[2 * n : 3 * n]
    row = work[3 * n : 4 * n]  # each cell's row and column, found once: no division after
    col = work[4 * n : 5 * n]
    part = work[5 * n : 6 * n]  # a region's cells in its bounding box
    # by the cell a move burns (Konane: cell 0 for every move): -1 not flooded yet, 0 several
    # regions, 1 one region, whose box is in the next four
    one = work[6 * n : 7 * n]
    box = work[7 * n : 11 * n]
    i = 0
    for r in range(rows):
        for c in range(cols):
            row[i] = r
            col[i] = c
            one[i] = -1
            i += 1
    # 1. the moves
    moves = 0
    lefts = 0
    for side in range(2):
        me, you = (LEFT, RIGHT) if side == 0 else (RIGHT, LEFT)
        if side == 1:
            lefts = moves
        for i in range(n):
            if cells[i] != me:
                continue
            r0 = row[i]
            c0 = col[i]
            if rules == KONANE:
                for d in range(4):
                    dr = _DR[d]
                    dc = _DC[d]
                    step = dr * cols + dc
                    room = (cols - 1 - c0) * (dc > 0) + c0 * (dc < 0) + (rows - 1 - r0) * (dr > 0) + r0 * (dr < 0)
                    at = i
                    jumps = 0
                    while room >= 2 and cells[at + step] == you and cells[at + 2 * step] == DOT:
                        at += 2 * step
                        room -= 2
                        jumps += 1
                        if 3 * moves + 3 > opts.shape[0]:
                            return False
                        opts[3 * moves] = i
                        opts[3 * moves + 1] = step
                        opts[3 * moves + 2] = jumps
                        moves += 1
                continue
            for d in range(8):
                dr = _DR[d]
                dc = _DC[d]
                r = r0 + dr
                c = c0 + dc
                while 0 <= r < rows and 0 <= c < cols and cells[r * cols + c] == DOT:
                    for e in range(8):
                        er = _DR[e]
                        ec = _DC[e]
                        ar = r + er
                        ac = c + ec
                        # the arrow flies over empty cells and the one the amazon left
                        while (
                            0 <= ar < rows and 0 <= ac < cols and (cells[ar * cols + ac] == DOT or ar * cols + ac == i)
                        ):
                            if 3 * moves + 3 > opts.shape[0]:
                                return False
                            opts[3 * moves] = i
                            opts[3 * moves + 1] = r * cols + c
                            opts[3 * moves + 2] = ar * cols + ac
                            moves += 1
                            ar += er
                            ac += ec
                    r += dr
                    c += dc
    reach = 8 if rules == AMAZONS else 4
    # Konane on a board without holes: every option's one region is the whole board (empty cells
    # join it), so its stones are counted, not flooded.
    board_only = rules == KONANE
    # Amazons on at most 62 cells: the cells as the bits of a number (cell i: bit i), a region
    # flooded by shifts (all its cells spread to their queen's neighbours at once, a step a
    # round), its stones and box read off its bits; else the cells are flooded from a stack.
    bits = rules == AMAZONS and n <= 62
    live0 = x0 = o0 = col0 = not_first = not_last = row0 = np.int64(0)  # the live cells, x's, o's,
    one_bit = np.int64(1)  # the first column, the cells not in the first and not in the last, the first row
    xs0 = os0 = live = 0
    for i in range(n):
        board[i] = cells[i]
        bit = one_bit << i if bits else np.int64(0)  # cell i's bit (none past 62 cells)
        if cells[i] == WALL:
            board_only = False
        else:
            live += 1
            live0 |= bit
            if cells[i] == LEFT:
                xs0 += 1
                x0 |= bit
            elif cells[i] == RIGHT:
                os0 += 1
                o0 |= bit
    if bits:
        for r in range(rows):
            col0 |= one_bit << (r * cols)
        full = (one_bit << n) - 1
        not_first = full & ~col0
        not_last = full & ~(col0 << (cols - 1))
        row0 = (one_bit << cols) - 1
    count[0] = lefts
    nreg = 0
    used = 0
    others = 0
    for j in range(moves):
        # 2. the move played
        me = LEFT if j < lefts else RIGHT
        origin = at = opts[3 * j]
        a = opts[3 * j + 1]
        b = opts[3 * j + 2]
        alive = live - (rules == AMAZONS)  # the arrow burns a cell
        if rules == KONANE:
            for _ in range(b):
                board[at] = DOT
                board[at + a] = DOT
                at += 2 * a
            board[at] = me
        else:
            board[at] = DOT
            board[a] = me
            board[b] = WALL
        burnt = b if rules == AMAZONS else 0
        known = board_only or one[burnt] == 1
        if not known and not bits:
            for i in range(n):
                label[i] = -1
        k = 0
        first = nreg
        seen = 0  # live cells (regions, by bits) flooded so far
        # by bits: the live cells, those not flooded yet, the x's, the o's, a region
        live_bits = rest = x_bits = o_bits = region = np.int64(0)
        if bits:
            live_bits = rest = live0 & ~(one_bit << b)
            x_bits = x0
            o_bits = o0
            if me == LEFT:
                x_bits = (x0 & ~(one_bit << origin)) | (one_bit << a)
            else:
                o_bits = (o0 & ~(one_bit << origin)) | (one_bit << a)
        for seed in range(n):
            if bits and not known:
                if rest == 0:
                    break
                region = rest & -rest  # the first cell not flooded, then its region
                while True:
                    spread = region | ((region << 1) & not_first) | ((region >> 1) & not_last)
                    grown = (spread | (spread << cols) | (spread >> cols)) & live_bits
                    if grown == region:
                        break
                    region = grown
                rest &= ~region
                xs = 0  # its stones: bits counted
                stones = region & x_bits
                while stones != 0:
                    stones &= stones - 1
                    xs += 1
                os_ = 0
                stones = region & o_bits
                while stones != 0:
                    stones &= stones - 1
                    os_ += 1
                r0 = 0  # its box: the first and last rows and columns it has a cell in
                while (region >> (r0 * cols)) & row0 == 0:
                    r0 += 1
                r1 = rows - 1
                while (region >> (r1 * cols)) & row0 == 0:
                    r1 -= 1
                c0 = 0
                while (region >> c0) & col0 == 0:
                    c0 += 1
                c1 = cols - 1
                while (region >> c1) & col0 == 0:
                    c1 -= 1
                k += 1
                whole = region == live_bits
                size = 1  # a region: ``seen`` counts regions here
            elif known:  # the one region: the board less the cell burnt, or less the stones jumped
                if seed > 0:
                    break
                if board_only:
                    r0, r1, c0, c1 = 0, rows - 1, 0, cols - 1
                else:
                    r0 = box[4 * burnt]
                    r1 = box[4 * burnt + 1]
                    c0 = box[4 * burnt + 2]
                    c1 = box[4 * burnt + 3]
                k = 1
                if rules == KONANE:
                    xs = xs0 - (b if me == RIGHT else 0)
                    os_ = os0 - (b if me == LEFT else 0)
                else:  # the amazons all stay
                    xs = xs0
                    os_ = os0
                whole = True
            else:
                if seen == alive or board[seed] == WALL or label[seed] >= 0:
                    continue
                label[seed] = k
                stack[0] = seed
                top = 1
                r0 = rows
                r1 = -1
                c0 = cols
                c1 = -1
                xs = 0
                os_ = 0
                size = 0
                while top > 0:
                    top -= 1
                    c = stack[top]
                    r = row[c]
                    q = col[c]
                    size += 1
                    r0 = min(r0, r)
                    r1 = max(r1, r)
                    c0 = min(c0, q)
                    c1 = max(c1, q)
                    if board[c] == LEFT:
                        xs += 1
                    elif board[c] == RIGHT:
                        os_ += 1
                    for e in range(reach):  # corners only for queens
                        rr = r + _DR[e]
                        qq = q + _DC[e]
                        if 0 <= rr < rows and 0 <= qq < cols:
                            d = rr * cols + qq
                            if board[d] != WALL and label[d] < 0:
                                label[d] = k
                                stack[top] = d
                                top += 1
                k += 1
                # the only region left with live cells: its box holds no other region's cell
                whole = seen == 0 and size == alive
            if not known:
                if seen == 0:  # the first region flooded, kept by the cell burnt: all, and its box?
                    one[burnt] = whole
                    if whole:
                        box[4 * burnt] = r0
                        box[4 * burnt + 1] = r1
                        box[4 * burnt + 2] = c0
                        box[4 * burnt + 3] = c1
                seen += size
            if xs + os_ == 0 or (rules == KONANE and xs * os_ == 0):
                continue  # dead
            # 3. the region's key
            h = r1 - r0 + 1
            w = c1 - c0 + 1
            size = h * w
            if 5 * nreg + 5 > regs.shape[0] or used + size + 2 > text.shape[0]:
                return False
            src = board  # the whole board is the region: its images read the board itself
            if w != cols or h != rows or not whole:
                src = part
                m = 0
                for r in range(r0, r1 + 1):
                    pos = r * cols + c0
                    for _c in range(w):
                        if whole or (bits and (region >> pos) & 1) or (not bits and label[pos] == k - 1):
                            part[m] = board[pos]
                        else:
                            part[m] = WALL
                        m += 1
                        pos += 1
            text[used] = min(h, w)  # the key's two bytes: its rows and columns
            text[used + 1] = max(h, w)
            base = used + 2
            lo = 4 * (h > w)
            hi = 4 + 4 * (h >= w)
            kr = min(h, w)
            kc = max(h, w)
            have = False
            swapped = 0
            # a region of one colour: its swapped images are all less (x only: o < x at the first
            # stone, the cells before the same) or all greater (o only): one sweep, not two
            for sw in range(1 if os_ == 0 else 0, 1 if xs == 0 else 2):
                for t in range(lo, hi):
                    fa = t & 1
                    fb = (t >> 1) & 1
                    if t < 4:
                        start = (h - 1) * fb * w + (w - 1) * fa
                        di = w * (1 - 2 * fb)
                        dj = 1 - 2 * fa
                    else:
                        start = (h - 1) * fa * w + (w - 1) * fb
                        di = 1 - 2 * fb
                        dj = w * (1 - 2 * fa)
                    # compared with the least image so far while it is read: most images
                    # are greater within a few cells and stop there; from the first less cell
                    # on, the image is written over the old one (the cells before are equal).
                    # Swapped images replace the plain least only when strictly less.
                    state = 0 if have else -1
                    m = 0
                    for ii in range(kr):
                        pos = start + ii * di
                        for _jj in range(kc):
                            ch = src[pos]
                            # a stone's colour swapped (cells hold x, o, ., #), x ^ o: ``sw`` tested
                            # first, the plain sweep tests no cell (Konane's mixed cells mispredicted
                            # a test of each: its step 12% slower)
                            if sw == 1 and ch >= RIGHT:
                                ch ^= LEFT ^ RIGHT
                            if state == 0:
                                old = text[base + m]
                                if ch > old:
                                    state = 1
                                    break
                                if ch < old:
                                    state = -1
                            if state < 0:
                                text[base + m] = ch
                            m += 1
                            pos += dj
                        if state > 0:
                            break
                    if state < 0:
                        swapped = sw
                        have = True
            regs[5 * nreg] = kr
            regs[5 * nreg + 1] = kc
            regs[5 * nreg + 2] = swapped
            regs[5 * nreg + 3] = used
            used += size + 2
            regs[5 * nreg + 4] = used
            nreg += 1
        # 4. the option's record
        whole_at = -1
        if nreg - first != 1:
            others += 1
            if used + n > text.shape[0]:
                return False
            for i in range(n):
                text[used + i] = board[i]
            whole_at = used
            used += n
        opts[3 * j] = nreg - first
        opts[3 * j + 1] = first
        opts[3 * j + 2] = whole_at
        # the move taken back (the cells it changed)
        if rules == KONANE:
            at = origin
            for _ in range(b):
                board[at] = cells[at]
                board[at + a] = cells[at + a]
                at += 2 * a
            board[at] = cells[at]
        else:
            board[b] = cells[b]
            board[a] = cells[a]
            board[origin] = cells[origin]
    count[1] = moves
    count[2] = nreg
    count[3] = used
    count[4] = others
    return True


@njit
def region_options(key, rules, text, opts, regs, count, work):  # type: ignore[no-untyped-def]
    """The options step of the compiled value walk (:mod:`zermelo.analyses.walk_kernel`): the
    options of the region whose key bytes are ``key`` (its rows, its columns, its cells: what
    :func:`keyed_options` writes for each region), in the arrays' layout that module describes."""
    return keyed_options(key[2:], np.int64(key[0]), np.int64(key[1]), rules, text, opts, regs, count, work)


class KeyedOptions:
    """:func:`keyed_options` for one rules object: its arrays (grown as needed, kept between calls)
    and the translation of their contents into positions and keys, as the Python path gives them:
    a region's key image as a :class:`~zermelo.games._grid.KeyImage` (its own key, unnegated,
    known by its type), the parts of an option of several regions in the rules' table of (key,
    parts) per position (``info``).  An option of one region is given as its key image (its
    value, or its negative when the key says so), so the options of a Konane region come out of
    a few list operations of C speed."""

    def __init__(self, rules: str, info: dict[Any, Any], swap: dict[int, str], *, kernel: Any = None) -> None:
        self.rules = RULES[rules]
        self.info, self.swap = info, swap
        # The texts and the cells live in bytearrays the arrays share: read and written as bytes.
        self.cells = bytearray(64)
        self.text = bytearray(4096)
        self.opts = np.empty(768, np.int64)
        self.regs = np.empty(1280, np.int64)
        self.count = np.zeros(5, np.int64)
        self.work = np.empty(WORK * 64, np.int64)
        self._views()
        if kernel is None:
            kernel = compiled(keyed_options)
            if isinstance(kernel, aot.Kernel):  # compiled ahead of time: check the types once
                kernel = kernel.resolve(*self._args())
        self.kernel = kernel

    def _views(self) -> None:
        self.cells_view = np.frombuffer(self.cells, np.uint8)
        self.text_view = np.frombuffer(self.text, np.uint8)

    def _args(self) -> tuple[Any, ...]:
        return (self.cells_view, 1, 1, self.rules, self.text_view, self.opts, self.regs, self.count, self.work)

    def __call__(self, position: tuple[int, int, str]) -> tuple[int, list[Any], list[tuple[Hashable, bool]]]:
        rows, cols, cells = position
        if len(self.info) > 1_000_000:
            self.info.clear()  # as CharGridGame does: tables, not records
        n = rows * cols
        if n > len(self.cells):
            self.cells = bytearray(2 * n)
            self.work = np.empty(WORK * 2 * n, np.int64)
            self._views()
        self.cells[:n] = cells.encode("latin-1")
        kernel, rules, count = self.kernel, self.rules, self.count
        while not kernel(self.cells_view, rows, cols, rules, self.text_view, self.opts, self.regs, count, self.work):
            self.text = bytearray(2 * len(self.text))
            self._views()
            self.opts = np.empty(2 * self.opts.shape[0], np.int64)
            self.regs = np.empty(2 * self.regs.shape[0], np.int64)
        lefts, n, nreg, used, others = count.tolist()
        s = self.text[:used].decode("latin-1")
        regs = self.regs[: 5 * nreg].tolist()
        texts = [s[a + 2 : b] for a, b in zip(regs[3::5], regs[4::5], strict=True)]
        images: list[Any] = list(map(KeyImage, zip(regs[0::5], regs[1::5], texts, strict=True)))
        keys: list[tuple[Hashable, bool]] = list(zip(images, map(bool, regs[2::5]), strict=True))
        if not others:  # one region each: the options are the key images
            return lefts, images, keys
        o = self.opts[: 3 * n].tolist()
        info, swap = self.info, self.swap
        kids: list[Any] = []
        found: list[tuple[Hashable, bool]] = []
        for j in range(0, 3 * n, 3):
            first = o[j + 1]
            if o[j] == 1:
                kids.append(images[first])
                found.append(keys[first])
                continue
            mine = keys[first : first + o[j]]
            pieces: list[Any] = []
            for key in mine:
                image: Any = key[0]
                if key[1]:  # the region is the negative of its key image: its own colours back
                    piece = (image[0], image[1], image[2].translate(swap))
                    if piece not in info:
                        info[piece] = (key, [piece])
                    pieces.append(piece)
                else:
                    pieces.append(image)
            whole = o[j + 2]
            kid = (rows, cols, s[whole : whole + rows * cols])
            sum_key = (tuple(sorted(mine)), False)
            info[kid] = (sum_key, pieces)
            kids.append(kid)
            found.append(sum_key)
        return lefts, kids, found


def warm() -> None:
    """Compile (or load) the kernel now: the web's workers are forked warm (:mod:`zermelo.web.warm`)."""
    for name, board in (("konane", "xo."), ("amazons", "x.")):
        KeyedOptions(name, {}, {})((1, len(board), board))
