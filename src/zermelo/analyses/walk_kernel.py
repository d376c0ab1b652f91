"""The engine's value walk compiled (numba): a whole region valued in compiled code, generic over a
game's compiled options step.

This is :class:`zermelo.analyses.canonical._Walk` (iterative, depth first, each distinct key
expanded once, an option of several regions the sum of their values) for the regions of games
whose rules list a region's options compiled; :mod:`zermelo.analyses.compiled_walk` drives it.
The kernels here call two names they do not define, bound for each game by
:func:`zermelo.core._jit.specialised`:

* ``options_step(key, rules, text, opts, regs, count, work) -> bool``: the game's options of the region
  whose key bytes are ``key`` (``rules`` a number the game reads), Left's first.  It fills
  ``count[0]`` (Left's options), ``count[1]`` (options), ``opts[3j]`` and ``opts[3j + 1]`` (the
  count of option ``j``'s regions, dead ones dropped, and the index of its first), and for region
  ``r``: ``regs[5r + 2]`` (1 when the region is the negative of its key) and ``regs[5r + 3]``,
  ``regs[5r + 4]`` (where its key's bytes lie in ``text``).  False when an array is too small.
  A region's key bytes are its key in the Python rules' memo, written as bytes: two regions
  with the same bytes are the same game.  ``work`` is its scratch, as large as it needs (it says
  False when it is not).
* ``forms_run``: :func:`zermelo.values.forms_kernel.run`, the canonical forms over ids; and
  ``forms_canonical``: its :func:`~zermelo.values.forms_kernel.canonical`, called directly for
  each region (an operation through ``run`` costs the call its tables' arguments once more).

The walk's state is a tuple ``W`` of arrays, kept between calls so that a search runs in slices
(the budget and Ctrl-C are looked at between them) and resumes:

* ``KP``: the key bytes of every region met; ``E``: four numbers per region (where its key lies in
  ``KP``, its length, its hash, its value: a form id, :data:`UNKNOWN`, or :data:`PENDING` while it
  is being expanded); ``HT``: an open-addressing table of region indices (-1 empty).  A key is found
  by its hash and then compared byte for byte: two keys are one region only when their bytes are.
* ``STK``: the stack, two numbers a frame (region, where its options lie in ``CP`` or -1 before
  it is expanded); ``CP``: each expanded frame's options (Left's count, the count, then per
  option its count of regions and each region's (index, negated?)); ``C``: the counters below.
* ``text``, ``opts``, ``regs``, ``count``, ``work``: the step's arrays.

A kernel never grows an array: past one it returns :data:`GROW` (``C[NEED]`` says which) before it
changes anything, and the driver grows it and calls again; a full table of forms returns
:data:`FULL` before the frame's value is stored (the driver grows the forms, the frame is
finished again); a number too large for the forms :data:`OVERFLOW` (the driver falls back on the
Python walk).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..core._jit import njit
from ..core.borrowed import borrowed
from ..values.forms_kernel import NEG

__all__ = ["FIELDS", "walk"]

# Counters of C.
ENTRIES, KEYBYTES, DEPTH, CPUSED, EXPANDED, LISTED, PLANT, NEED, ROOT = range(9)
COUNTERS = 9
#: Numbers per region in E: key offset, key length, hash, value.
FIELDS = 4
UNKNOWN, PENDING = -1, -2
# What the walk returns.
DONE, SLICE, GROW, FULL, OVERFLOW, CYCLE = range(6)
# Modes of walk().
WALK, ROOT_MODE, REHASH, RESET, ROOT_WALK = range(5)
# Bits of C[NEED]: the arrays to grow.
NEED_STEP, NEED_KEYS, NEED_ENTRIES, NEED_CHILDREN, NEED_STACK = 1, 2, 4, 8, 16
# The forms kernel's operations (values.compiled_forms.OPS).
_NUMBER, _NEG, _TOTAL = 0, 4, 6
# Fields of the forms' counters (values.forms_kernel).
_FULL, _OVERFLOW = 2, 3


def options_step(*args: Any) -> bool:  # pragma: no cover - bound by specialised()
    """Bound to the game's compiled options step by :func:`zermelo.core._jit.specialised`."""
    raise NotImplementedError("the walk kernel runs only as compiled for a game")


def forms_run(*args: Any) -> int:  # pragma: no cover - bound by specialised()
    """Bound to :func:`zermelo.values.forms_kernel.run` by :func:`zermelo.core._jit.specialised`."""
    raise NotImplementedError("the walk kernel runs only as compiled for a game")


def forms_canonical(*args: Any) -> int:  # pragma: no cover - bound by specialised()
    """Bound to :func:`zermelo.values.forms_kernel.canonical` by :func:`zermelo.core._jit.specialised`."""
    raise NotImplementedError("the walk kernel runs only as compiled for a game")


@njit
def key_hash(src, a, b, plant):  # type: ignore[no-untyped-def]
    """The hash of the bytes ``src[a:b]``: FNV-1a over its 8-byte words (a key is tens of bytes:
    a multiplication a word, not a byte, is what the walk's look-up of each option waits on);
    0 for every key when ``plant`` (a test's collisions: then only the byte comparison tells keys
    apart)."""
    if plant != 0:
        return np.int64(0)
    h = np.int64(1469598103934665603) ^ (b - a)
    i = a
    while i < b:
        word = np.int64(0)
        for j in range(i, min(i + 8, b)):
            word = (word << 8) | np.int64(src[j])
        h = (h ^ word) * np.int64(1099511628211)
        i += 8
    return h ^ (h >> 29)


@njit
def find(W, src, a, b, h):  # type: ignore[no-untyped-def]
    """The region whose key is ``src[a:b]`` (hash ``h``), added as :data:`UNKNOWN` if new (the
    caller made room)."""
    KP, E, HT, C = W[0], W[1], W[2], W[5]
    mask = HT.shape[0] - 1
    slot = (h ^ (h >> 32)) & mask
    n = b - a
    while True:
        e = HT[slot]
        if e < 0:
            break
        if E[4 * e + 2] == h and E[4 * e + 1] == n:
            off = E[4 * e]
            same = True
            for i in range(n):
                if KP[off + i] != src[a + i]:
                    same = False
                    break
            if same:
                return e
        slot = (slot + 1) & mask
    e = C[ENTRIES]
    C[ENTRIES] = e + 1
    off = C[KEYBYTES]
    C[KEYBYTES] = off + n
    for i in range(n):
        KP[off + i] = src[a + i]
    E[4 * e] = off
    E[4 * e + 1] = n
    E[4 * e + 2] = h
    E[4 * e + 3] = UNKNOWN
    HT[slot] = e
    return e


@njit
def expand(W, e, rules):  # type: ignore[no-untyped-def]
    """The top frame's region ``e`` expanded: its options listed by the game's step, their
    regions found or added, the unknown ones pushed.  A status (:data:`DONE` when expanded)."""
    KP, E, HT, STK, CP, C = W[0], W[1], W[2], W[3], W[4], W[5]
    text, opts, regs, count, work = W[6], W[7], W[8], W[9], W[10]
    off = E[4 * e]
    if not options_step(KP[off : off + E[4 * e + 1]], rules, text, opts, regs, count, work):
        C[NEED] = NEED_STEP
        return GROW
    lefts, nopt = count[0], count[1]
    nreg = 0
    nbytes = 0
    for j in range(nopt):
        first = opts[3 * j + 1]
        for r in range(first, first + opts[3 * j]):
            nreg += 1
            nbytes += regs[5 * r + 4] - regs[5 * r + 3]
    need = 0
    if C[KEYBYTES] + nbytes > KP.shape[0]:
        need |= NEED_KEYS
    if FIELDS * (C[ENTRIES] + nreg) > E.shape[0] or 2 * (C[ENTRIES] + nreg) > HT.shape[0]:
        need |= NEED_ENTRIES
    if C[CPUSED] + 2 + nopt + 2 * nreg > CP.shape[0]:
        need |= NEED_CHILDREN
    if 2 * (C[DEPTH] + nreg) > STK.shape[0]:
        need |= NEED_STACK
    if need:
        C[NEED] = need
        return GROW
    plant = C[PLANT]
    cp = C[CPUSED]
    CP[cp] = lefts
    CP[cp + 1] = nopt
    q = cp + 2
    depth = C[DEPTH]
    STK[2 * depth - 1] = cp
    E[4 * e + 3] = PENDING
    for j in range(nopt):
        first = opts[3 * j + 1]
        k = opts[3 * j]
        CP[q] = k
        q += 1
        for r in range(first, first + k):
            sa, sb = regs[5 * r + 3], regs[5 * r + 4]
            c = find(W, text, sa, sb, key_hash(text, sa, sb, plant))
            CP[q] = c
            CP[q + 1] = regs[5 * r + 2]
            q += 2
            v = E[4 * c + 3]
            if v == PENDING:
                return CYCLE
            if v == UNKNOWN:
                STK[2 * depth] = c
                STK[2 * depth + 1] = -1
                depth += 1
    C[CPUSED] = q
    C[DEPTH] = depth
    C[EXPANDED] += 1
    C[LISTED] += nopt
    return DONE


@njit
def finish(W, S, cp, none, nil):  # type: ignore[no-untyped-def]
    """The value of the frame whose options lie at ``CP[cp]``, its regions' values known: an
    option's value is its one region's (negated where the key says), the sum of its regions',
    or 0 when it has none; then the canonical form {Left's | Right's}.  The options' values and
    an option's parts are written over the step's ``opts`` and ``regs`` (read by :func:`expand`
    only, and at least as long as the frame's options and regions were when it was expanded:
    the arrays only grow): no array made."""
    E, CP, T = W[1], W[4], S[0]
    lefts, nopt = CP[cp], CP[cp + 1]
    vals = W[7][:nopt]
    q = cp + 2
    for j in range(nopt):
        k = CP[q]
        q += 1
        if k == 0:
            vals[j] = forms_run(S, nil + _NUMBER, nil, nil, none, none)
        elif k == 1:
            v = E[4 * CP[q] + 3]
            if CP[q + 1] != 0:  # the negative: the table's, once known (a call to the forms else)
                v = T[v, NEG] if T[v, NEG] >= 0 else forms_run(S, nil + _NEG, v, nil, none, none)
            vals[j] = v
        else:
            parts = W[8][:k]
            for i in range(k):
                v = E[4 * CP[q + 2 * i] + 3]
                if CP[q + 2 * i + 1] != 0:
                    v = T[v, NEG] if T[v, NEG] >= 0 else forms_run(S, nil + _NEG, v, nil, none, none)
                parts[i] = v
            vals[j] = forms_run(S, nil + _TOTAL, nil, nil, parts, none)
        q += 2 * k
    # Left's options then Right's, as views: the canonical form sorts them in place
    return forms_canonical(S, vals[:lefts], vals[lefts:])


@njit
def walk(W, S, rules, mode, a, b):  # type: ignore[no-untyped-def]
    """The one entry point.  ``mode`` :data:`WALK`: walk on from the stack, at most ``a`` positions
    expanded and ``b`` options listed in this call; a status.  :data:`ROOT_MODE`: the region whose
    key is ``text[:a]`` found or added, pushed when its value is unknown (the stack empty); its index.
    :data:`ROOT_WALK`: the same root (its index left in ``C[ROOT]``), then the walk on from it, at
    most ``b`` positions expanded and ``b`` options listed: a status, in one call (a search with no
    budget: a small root's two calls cost it twice the arguments' unboxing on cold caches).
    :data:`REHASH`: the (emptied, grown) table ``HT`` filled from ``E``.  :data:`RESET`: the stack
    dropped (a search stopped by its budget), its pending regions unknown again.  The state and the
    tables are borrowed (:mod:`zermelo.core.borrowed`): the kernels below pass them to each other
    without counting references."""
    W = borrowed(W)
    S = borrowed(S)
    E, HT, STK, C = W[1], W[2], W[3], W[5]
    if mode == ROOT_MODE or mode == ROOT_WALK:  # noqa: SIM109 (numba: two compares)
        text = W[6]
        e = find(W, text, 0, a, key_hash(text, 0, a, C[PLANT]))
        C[ROOT] = e
        if E[4 * e + 3] == UNKNOWN:
            STK[0] = e
            STK[1] = -1
            C[DEPTH] = 1
        if mode == ROOT_MODE:
            return e
        a = b
    if mode == REHASH:
        mask = HT.shape[0] - 1
        for e in range(C[ENTRIES]):
            h = E[4 * e + 2]
            slot = (h ^ (h >> 32)) & mask
            while HT[slot] >= 0:
                slot = (slot + 1) & mask
            HT[slot] = e
        return np.int64(0)
    if mode == RESET:
        for d in range(C[DEPTH]):
            e = STK[2 * d]
            if E[4 * e + 3] == PENDING:
                E[4 * e + 3] = UNKNOWN
        C[DEPTH] = 0
        C[CPUSED] = 0
        return np.int64(0)
    M = S[2]
    none = np.zeros(0, np.int64)
    nil = mode - mode  # 0, not a constant: numba would compile forms_run again for a literal
    start, listed = C[EXPANDED], C[LISTED]
    while C[DEPTH] > 0:
        d = C[DEPTH] - 1
        e = STK[2 * d]
        cp = STK[2 * d + 1]
        if cp < 0:
            v = E[4 * e + 3]
            if v >= 0:
                C[DEPTH] = d
                continue
            if v == PENDING:
                return CYCLE
            if C[EXPANDED] - start >= a or C[LISTED] - listed >= b:
                return SLICE
            status = expand(W, e, rules)
            if status != DONE:
                return status
            continue
        v = finish(W, S, cp, none, nil)
        if M[_OVERFLOW] != 0:
            return OVERFLOW
        if M[_FULL] != 0:
            return FULL
        E[4 * e + 3] = v
        C[CPUSED] = cp
        C[DEPTH] = d
    return DONE
