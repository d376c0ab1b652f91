"""The survival game of two loopy games' positions, compiled: every pair at once, in arrays.

G ≤ H is decided by a game played on the pairs (g, h) of positions of H − G with a player to
move (:func:`zermelo.values.loopy.le` says which theorem asks what of it).  The states are never
listed as objects: state ``((g·|H| + h) << 1) | mover`` (mover 0 Left, 1 Right) is an index into
flat arrays, and its moves and its predecessors are read from the two games' graphs in
compressed sparse row form — Left moves in H (h → hᴸ) or in −G (g → gᴿ), Right in H (h → hᴿ) or
in −G (g → gᴸ).  One pass of retrograde analysis with counters decides who can force the
opponent out of moves; for the sides, a Büchi condition is added (Left must keep the preferred
component — H for the onsides, G for the offsides — being played for ever): the undecided states
from which Left cannot force a move there are Right's, and the two steps repeat until nothing
changes.  All of it is linear in the states and moves per round, done by :func:`solve` in one
numba kernel (its pure-Python body, the same code, is checked against the object-per-state
reference in tests/loopy_reference.py).

``result[s]`` is +1 when the player to move at s can force the opponent out of moves (or, with
sides, wins the infinite play), −1 when the opponent can, 0 for a survival with no winner.

>>> on, off = csr(((0,),), ((),)), csr(((),), ((0,),))    # {pass|} and {|pass}
>>> r = results(off, on, 0, -1)    # off ≤ on: Right, moving first in on − off, loses
>>> int(r[(0 << 1) | 1])
-1
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..core._jit import interpreted, is_loaded, njit
from ..core.errors import Unsupported

__all__ = ["MAX_STATES", "Csr", "Sides", "csr", "load_kernels", "results"]

#: The most states one comparison solves, and the bytes of memory each takes (its arrays).
MAX_STATES = 100_000_000
BYTES_PER_STATE = 19
#: Up to this many states, before numba is loaded, the kernel runs as plain Python (the same code):
#: the small games of the CGSuite language take milliseconds so, and loading numba half a second.
SMALL = 4_096
#: A game graph's moves as CSR arrays: ((left offsets, left targets), (right offsets, right targets)).
Sides = tuple[tuple[Any, Any], tuple[Any, Any]]
#: A graph's moves and its number of positions.
Csr = tuple[Sides, int]


def _rows(rows: tuple[tuple[int, ...], ...]) -> tuple[Any, Any]:
    ptr = np.zeros(len(rows) + 1, np.int64)
    np.cumsum([len(r) for r in rows], out=ptr[1:])
    flat = np.fromiter((w for r in rows for w in r), np.int64, int(ptr[-1]))
    return ptr, flat


def csr(left: tuple[tuple[int, ...], ...], right: tuple[tuple[int, ...], ...]) -> Csr:
    """A game graph's Left and Right moves as CSR arrays, and its number of positions."""
    return (_rows(left), _rows(right)), len(left)


def _reverse(ptr: Any, flat: Any, n: int) -> tuple[Any, Any]:
    """The predecessors of each position along one player's moves (CSR; a repeated move repeats)."""
    sources = np.repeat(np.arange(n, dtype=np.int64), np.diff(ptr))
    order = np.argsort(flat, kind="stable")
    rptr = np.zeros(n + 1, np.int64)
    np.cumsum(np.bincount(flat, minlength=n), out=rptr[1:])
    return rptr, sources[order]


def load_kernels() -> None:
    """Run every comparison from now on compiled, however small: for a caller with many to make."""
    import numba  # noqa: F401  (loaded, it makes :func:`results` choose the compiled kernel)


def results(g: Csr, h: Csr, side: int, root: int) -> Any:
    """``result`` (int8, one per state) of the comparison game of H − G: ``side`` 0 survival,
    1 onsides, 2 offsides; ``root`` ≥ 0 restricts it to the states reachable from the state of
    that index (the others stay 0), −1 solves every state."""
    ((gl, glf), (gr, grf)), ng = g
    ((hl, hlf), (hr, hrf)), nh = h
    states = 2 * ng * nh
    if states > MAX_STATES:
        gigabytes = states * BYTES_PER_STATE / 1e9
        raise Unsupported(
            f"comparing these loopy games takes {states:,} pairs of positions (about {gigabytes:.0f} GB of"
            f" memory); at most {MAX_STATES:,} are compared"
        )
    glr, glrf = _reverse(gl, glf, ng)
    grr, grrf = _reverse(gr, grf, ng)
    hlr, hlrf = _reverse(hl, hlf, nh)
    hrr, hrrf = _reverse(hr, hrf, nh)
    kernel = solve if states > SMALL or is_loaded() else interpreted(solve)
    return kernel(gl, glf, gr, grf, glr, glrf, grr, grrf, hl, hlf, hr, hrf, hlr, hlrf, hrr, hrrf, ng, nh, side, root)


@njit
def solve(gl, glf, gr, grf, glr, glrf, grr, grrf, hl, hlf, hr, hrf, hlr, hlrf, hrr, hrrf, ng, nh, side, root):  # type: ignore[no-untyped-def]
    """Retrograde analysis (and, for ``side`` > 0, the Büchi rounds) of the comparison game."""
    n = 2 * ng * nh
    active = np.zeros(n, np.bool_)
    stack = np.empty(n, np.int32)
    if root < 0:
        active[:] = True
    else:
        active[root] = True
        stack[0] = root
        top = 1
        while top > 0:
            top -= 1
            s = stack[top]
            m = s & 1
            gv = (s >> 1) // nh
            hv = (s >> 1) % nh
            a_ptr, a_f, b_ptr, b_f = _moves(m, gl, glf, gr, grf, hl, hlf, hr, hrf)
            for e in range(a_ptr[gv], a_ptr[gv + 1]):
                t = ((a_f[e] * nh + hv) << 1) | (1 - m)
                if not active[t]:
                    active[t] = True
                    stack[top] = t
                    top += 1
            for e in range(b_ptr[hv], b_ptr[hv + 1]):
                t = ((gv * nh + b_f[e]) << 1) | (1 - m)
                if not active[t]:
                    active[t] = True
                    stack[top] = t
                    top += 1
    result = np.zeros(n, np.int8)
    count = np.zeros(n, np.int32)
    queue = np.empty(n, np.int32)
    tail = 0
    for s in range(n):
        if not active[s]:
            continue
        gv = (s >> 1) // nh
        hv = (s >> 1) % nh
        c = (gr[gv + 1] - gr[gv] + hl[hv + 1] - hl[hv]) if s & 1 == 0 else (gl[gv + 1] - gl[gv] + hr[hv + 1] - hr[hv])
        count[s] = c
        if c == 0:
            result[s] = -1
            queue[tail] = s
            tail += 1
    _settle(queue, 0, tail, result, count, active, glr, glrf, grr, grrf, hlr, hlrf, hrr, hrrf, nh)
    if side == 0:
        return result
    prefer_h = side == 1
    good = np.zeros(n, np.bool_)
    need = np.zeros(n, np.int32)
    while True:
        # The states from which Left can force a move in the preferred component.
        good[:] = False
        head = 0
        tail = 0
        for s in range(n):
            if not active[s] or result[s] != 0:
                continue
            m = s & 1
            gv = (s >> 1) // nh
            hv = (s >> 1) % nh
            a_ptr, a_f, b_ptr, b_f = _moves(m, gl, glf, gr, grf, hl, hlf, hr, hrf)
            # Moves in G (not preferred for the onsides) and in H; a target's result is read from
            # Left's view: for Left to move here, the target has Right to move.
            if m == 0:
                found = False
                p_ptr, p_f = (b_ptr, b_f) if prefer_h else (a_ptr, a_f)
                v = hv if prefer_h else gv
                for e in range(p_ptr[v], p_ptr[v + 1]):
                    t = ((gv * nh + p_f[e]) << 1) | 1 if prefer_h else ((p_f[e] * nh + hv) << 1) | 1
                    if result[t] <= 0:  # Right, to move at t, does not win there
                        found = True
                        break
                if found:
                    good[s] = True
                    queue[tail] = s
                    tail += 1
            else:
                c = 0
                o_ptr, o_f = (a_ptr, a_f) if prefer_h else (b_ptr, b_f)
                v = gv if prefer_h else hv
                for e in range(o_ptr[v], o_ptr[v + 1]):
                    t = ((o_f[e] * nh + hv) << 1) if prefer_h else ((gv * nh + o_f[e]) << 1)
                    if result[t] <= 0:  # Left, to move at t, does not win there
                        c += 1
                need[s] = c
                if c == 0:
                    good[s] = True
                    queue[tail] = s
                    tail += 1
        while head < tail:
            t = queue[head]
            head += 1
            m = 1 - (t & 1)  # the mover of the predecessors
            gv = (t >> 1) // nh
            hv = (t >> 1) % nh
            # Predecessors along moves in the component that is not preferred.
            if prefer_h:
                r_ptr, r_f = (grr, grrf) if m == 0 else (glr, glrf)
                lo, hi = r_ptr[gv], r_ptr[gv + 1]
            else:
                r_ptr, r_f = (hlr, hlrf) if m == 0 else (hrr, hrrf)
                lo, hi = r_ptr[hv], r_ptr[hv + 1]
            for e in range(lo, hi):
                p = (((r_f[e] * nh + hv) << 1) | m) if prefer_h else (((gv * nh + r_f[e]) << 1) | m)
                if not active[p] or good[p] or result[p] != 0:
                    continue
                if m == 0:
                    good[p] = True
                    queue[tail] = p
                    tail += 1
                else:
                    need[p] -= 1
                    if need[p] == 0:
                        good[p] = True
                        queue[tail] = p
                        tail += 1
        # The others are Right's: Right keeps the play out of the preferred component.
        tail = 0
        for s in range(n):
            if active[s] and result[s] == 0 and not good[s]:
                result[s] = -1 if s & 1 == 0 else 1
                queue[tail] = s
                tail += 1
        if tail == 0:
            return result
        _settle(queue, 0, tail, result, count, active, glr, glrf, grr, grrf, hlr, hlrf, hrr, hrrf, nh)


@njit
def _moves(m, gl, glf, gr, grf, hl, hlf, hr, hrf):  # type: ignore[no-untyped-def]
    """The mover's moves, as (G's moves, H's moves): Left's are G's Right moves (in −G) and H's
    Left moves; Right's are G's Left moves and H's Right moves."""
    if m == 0:
        return gr, grf, hl, hlf
    return gl, glf, hr, hrf


@njit
def _settle(queue, head, tail, result, count, active, glr, glrf, grr, grrf, hlr, hlrf, hrr, hrrf, nh):  # type: ignore[no-untyped-def]
    """Retrograde analysis: the decided states ``queue[head:tail]`` and their consequences."""
    while head < tail:
        t = queue[head]
        head += 1
        r = result[t]
        m = 1 - (t & 1)  # the mover of the predecessors
        gv = (t >> 1) // nh
        hv = (t >> 1) % nh
        # Left moved g' -> g in -G (g a Right option of g'), Right moved g' -> g (a Left option).
        g_ptr, g_f = (grr, grrf) if m == 0 else (glr, glrf)
        h_ptr, h_f = (hlr, hlrf) if m == 0 else (hrr, hrrf)
        for k in range(2):
            if k == 0:
                lo, hi = g_ptr[gv], g_ptr[gv + 1]
            else:
                lo, hi = h_ptr[hv], h_ptr[hv + 1]
            for e in range(lo, hi):
                p = (((g_f[e] * nh + hv) << 1) | m) if k == 0 else (((gv * nh + h_f[e]) << 1) | m)
                if not active[p] or result[p] != 0:
                    continue
                if r < 0:  # the mover at t loses: moving there wins
                    result[p] = 1
                    queue[tail] = p
                    tail += 1
                else:
                    count[p] -= 1
                    if count[p] == 0:
                        result[p] = -1
                        queue[tail] = p
                        tail += 1
    return tail
