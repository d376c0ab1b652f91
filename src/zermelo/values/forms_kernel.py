"""The kernels of :mod:`zermelo.values.compiled_forms` (numba): hash-consed canonical forms as
rows of a table of option ids, their comparison, canonical simplification, negation and sums.
All in one module, as they call each other (numba compiles a call only to a kernel of its own
module); the layout of the tables is in :mod:`zermelo.values.compiled_forms`.
"""

from __future__ import annotations

import numpy as np

from ..core._jit import ahead, njit
from ..core.borrowed import borrowed

__all__ = ["FIELDS", "TABLES", "run"]

# Fields of a row of T.
KIND, NUM, EXP, NIM, LSN, LSE, RSN, RSE, LOFF, LCNT, ROFF, RCNT, NEG = range(13)
FIELDS = 13
IS_NUMBER, IS_FORM = 1, 0
# Counters of M.
COUNT, OFILL, FULL, OVERFLOW = range(4)
#: The largest numerator and exponent of a number the kernels hold (their products fit in int64).
NUM_LIMIT, EXP_LIMIT = 1 << 31, 31
#: Numbers per slot of the cache of canonical forms by raw options ``S[9]``: Left's count, Right's
#: count, the canonical form's id, then the raw options (at most ``RAW_WIDTH - 3`` of them).
RAW_WIDTH = 16
#: The tables ``S`` as :func:`run` is compiled for ahead of time (``zermelo compile``):
#: T, O, M, HF, HN, CK, CV, AK, AV, RC (:mod:`zermelo.values.compiled_forms`).
TABLES = "Tuple(i8[:, :], i8[:], i8[:], i8[:], i8[:], i8[:], i1[:], i8[:], i8[:], i8[:])"


@njit
def dy_cmp(a, ae, b, be):  # type: ignore[no-untyped-def]
    """The sign of a / 2^ae - b / 2^be."""
    e = max(ae, be)
    x = a << (e - ae)
    y = b << (e - be)
    return (x > y) - (x < y)


@njit
def number_of(S, n, e):  # type: ignore[no-untyped-def]
    """The id of the number n / 2^e (made if new)."""
    T, M, HN = S[0], S[2], S[4]
    while e > 0 and n & 1 == 0:
        n >>= 1
        e -= 1
    if n >= NUM_LIMIT or -n >= NUM_LIMIT or e > EXP_LIMIT:
        M[OVERFLOW] = 1
        return 0
    mask = HN.shape[0] - 1
    slot = ((n * 1000003) ^ (e * 998244353)) & mask
    while True:
        i = HN[slot]
        if i < 0:
            break
        if T[i, NUM] == n and T[i, EXP] == e:
            return i
        slot = (slot + 1) & mask
    if M[FULL] != 0 or M[COUNT] >= T.shape[0]:
        M[FULL] = 1
        return 0
    i = M[COUNT]
    M[COUNT] = i + 1
    T[i, :] = 0
    T[i, KIND], T[i, NUM], T[i, EXP], T[i, NIM], T[i, NEG] = IS_NUMBER, n, e, 0 if n == 0 else -1, -1
    T[i, LSN], T[i, LSE], T[i, RSN], T[i, RSE] = n, e, n, e  # a number is its own stops
    HN[slot] = i
    return i


@njit
def simplest(S, has_lo, ln, le_, has_hi, hn, he):  # type: ignore[no-untyped-def]
    """The id of the simplest number strictly between the bounds (each present or not; lo < hi)."""
    if (not has_lo or ln < 0) and (not has_hi or hn > 0):
        return number_of(S, 0, 0)
    if not has_hi or (has_lo and ln >= 0):
        n = (ln >> le_) + 1  # the least integer above lo
        if not has_hi or dy_cmp(n, 0, hn, he) < 0:
            return number_of(S, n, 0)
    else:
        n = -((-hn) >> he) - 1  # the greatest integer below hi
        if not has_lo or dy_cmp(n, 0, ln, le_) > 0:
            return number_of(S, n, 0)
    k = 1
    while True:
        floor = ln << (k - le_) if k >= le_ else ln >> (le_ - k)
        m = floor + 1
        if dy_cmp(m, k, hn, he) < 0:
            return number_of(S, m, k)
        k += 1


@njit
def number_option(S, x, left):  # type: ignore[no-untyped-def]
    """Left's (or Right's) one option of the number ``x``, or -1 when it has none."""
    T = S[0]
    n, e = T[x, NUM], T[x, EXP]
    if e == 0:
        if left:
            return number_of(S, n - 1, 0) if n > 0 else -1
        return number_of(S, n + 1, 0) if n < 0 else -1
    return number_of(S, n - 1 if left else n + 1, e)


@njit
def options(S, g, left):  # type: ignore[no-untyped-def]
    """The options of ``g`` for Left (or Right), as an array (a number's made on the spot)."""
    T, OPT = S[0], S[1]
    if T[g, KIND] == IS_NUMBER:
        o = number_option(S, g, left)
        out = np.empty(1 if o >= 0 else 0, np.int64)
        if o >= 0:
            out[0] = o
        return out
    if left:
        return OPT[T[g, LOFF] : T[g, LOFF] + T[g, LCNT]]
    return OPT[T[g, ROFF] : T[g, ROFF] + T[g, RCNT]]


# Loops rather than numpy's sort, concatenate and friends: each numpy function numba compiles
# into a kernel costs seconds of compiling on a cold cache, and these arrays are short.
@njit
def sort(X):  # type: ignore[no-untyped-def]
    """``X`` sorted in place, and returned (insertion sort: options lists are short)."""
    for i in range(1, X.shape[0]):
        x, j = X[i], i
        while j > 0 and X[j - 1] > x:
            X[j] = X[j - 1]
            j -= 1
        X[j] = x
    return X


@njit
def form_hash(L, R):  # type: ignore[no-untyped-def]
    h = np.int64(1469598103934665603)
    for x in L:
        h = (h ^ x) * 1099511628211
    h = (h ^ -7) * 1099511628211
    for x in R:
        h = (h ^ x) * 1099511628211
    return h ^ (h >> 29)


@njit
def same_options(OPT, off, cnt, X):  # type: ignore[no-untyped-def]
    if cnt != X.shape[0]:
        return False
    for j in range(cnt):  # noqa: SIM110  (numba: a loop, not all() of a generator)
        if OPT[off + j] != X[j]:
            return False
    return True


@njit
def intern(S, L, R):  # type: ignore[no-untyped-def]
    """The id of the canonical non-number form {L | R} (options canonical, sorted, distinct)."""
    T, OPT, M, HF = S[0], S[1], S[2], S[3]
    mask = HF.shape[0] - 1
    slot = form_hash(L, R) & mask
    while True:
        i = HF[slot]
        if i < 0:
            break
        if same_options(OPT, T[i, LOFF], T[i, LCNT], L) and same_options(OPT, T[i, ROFF], T[i, RCNT], R):
            return i
        slot = (slot + 1) & mask
    nl, nr = L.shape[0], R.shape[0]
    if M[FULL] != 0 or M[COUNT] >= T.shape[0] or M[OFILL] + nl + nr > OPT.shape[0]:
        M[FULL] = 1
        return 0
    i = M[COUNT]
    M[COUNT] = i + 1
    off = M[OFILL]
    M[OFILL] = off + nl + nr
    OPT[off : off + nl] = L
    OPT[off + nl : off + nl + nr] = R
    T[i, :] = 0
    T[i, KIND], T[i, NEG] = IS_FORM, -1
    T[i, LOFF], T[i, LCNT], T[i, ROFF], T[i, RCNT] = off, nl, off + nl, nr
    # Stops: the left stop is Left's best right stop of an option, the right stop Right's best
    # left stop (numbers are their own stops).
    bn, be = (T[L[0], RSN], T[L[0], RSE]) if nl else (-NUM_LIMIT, 0)
    for x in L[1:]:
        if dy_cmp(T[x, RSN], T[x, RSE], bn, be) > 0:
            bn, be = T[x, RSN], T[x, RSE]
    T[i, LSN], T[i, LSE] = bn, be
    bn, be = (T[R[0], LSN], T[R[0], LSE]) if nr else (NUM_LIMIT, 0)
    for x in R[1:]:
        if dy_cmp(T[x, LSN], T[x, LSE], bn, be) < 0:
            bn, be = T[x, LSN], T[x, LSE]
    T[i, RSN], T[i, RSE] = bn, be
    # A nimber *n is {0, ..., *(n-1) | the same}: n distinct ids (one game, one id) below *n.
    nim = nl if nl == nr else -1
    for j in range(nl if nl == nr else 0):
        k = T[L[j], NIM]
        if L[j] != R[j] or k < 0 or k >= nl:
            nim = -1
            break
    T[i, NIM] = nim
    HF[slot] = i
    return i


@njit
def star_of(S, n):  # type: ignore[no-untyped-def]
    """The id of the nimber *n."""
    g = number_of(S, 0, 0)
    ids = np.empty(max(n, 1), np.int64)
    ids[0] = g
    for k in range(1, n + 1):
        s = sort(ids[:k].copy())
        g = intern(S, s, s)
        if k < n:
            ids[k] = g
    return g


@njit
def le(T, OPT, CK, CV, g, h):  # type: ignore[no-untyped-def]
    """G <= H: no G^L >= H and no H^R <= G; the stops first, cached (see values.game.le).  On the
    four tables it reads (``S[0]``, ``S[1]``, ``S[5]``, ``S[6]``): fewer arguments to count a call."""
    if g == h:
        return True
    gnum, hnum = T[g, KIND] == IS_NUMBER, T[h, KIND] == IS_NUMBER
    if gnum and hnum:
        return dy_cmp(T[g, NUM], T[g, EXP], T[h, NUM], T[h, EXP]) <= 0
    if dy_cmp(T[g, LSN], T[g, LSE], T[h, RSN], T[h, RSE]) < 0:
        return True
    if dy_cmp(T[g, LSN], T[g, LSE], T[h, LSN], T[h, LSE]) > 0:
        return False
    if dy_cmp(T[g, RSN], T[g, RSE], T[h, RSN], T[h, RSE]) > 0:
        return False
    if T[g, NIM] >= 0 and T[h, NIM] >= 0:
        return False
    key = (g << 32) | h
    slot = ((key * -7046029254386353131) >> 20) & (CK.shape[0] - 1)
    if CK[slot] == key:
        return CV[slot] != 0
    r = True
    if not gnum:
        for j in range(T[g, LOFF], T[g, LOFF] + T[g, LCNT]):
            if le(T, OPT, CK, CV, h, OPT[j]):
                r = False
                break
    if r and not hnum:
        for j in range(T[h, ROFF], T[h, ROFF] + T[h, RCNT]):
            if le(T, OPT, CK, CV, OPT[j], g):
                r = False
                break
    CK[slot] = key
    CV[slot] = 1 if r else 0
    return r


@njit
def distinct(X):  # type: ignore[no-untyped-def]
    """The sorted distinct ids of ``X``: ``X`` sorted, its distinct ids moved to its front, that
    front returned (no array made); ``X`` holds the same set (a retry on grown tables sees it)."""
    sort(X)
    k = 0
    for j in range(X.shape[0]):
        if k == 0 or X[j] != X[k - 1]:
            X[k] = X[j]
            k += 1
    return X[:k]


@njit
def undominated(S, opts, left):  # type: ignore[no-untyped-def]
    """The maximal options for Left (minimal for Right) of the sorted ``opts``, compared with the
    kept ones only, kept sorted in ``opts``'s front (never more than the ones read), returned."""
    n = opts.shape[0]
    if n < 2:
        return opts
    T, OPT, CK, CV = S[0], S[1], S[5], S[6]
    keep = opts
    k = 0
    for i in range(n):
        a = opts[i]
        dominated = False
        for j in range(k):
            if le(T, OPT, CK, CV, a, keep[j]) if left else le(T, OPT, CK, CV, keep[j], a):
                dominated = True
                break
        if not dominated:
            m = 0
            for j in range(k):
                x = keep[j]
                if not (le(T, OPT, CK, CV, x, a) if left else le(T, OPT, CK, CV, a, x)):
                    keep[m] = x
                    m += 1
            keep[m] = a
            k = m + 1
    return keep[:k]


@njit
def raw_cmp(S, L, R, x, want_le, memo):  # type: ignore[no-untyped-def]
    """X <= G (``want_le`` 1) or X >= G (0), G the raw form {L | R}; ``memo`` rows (x, want_le,
    answer).  ``want_le`` is an int computed, never a constant: numba would compile one copy
    per literal, and the two copies calling each other break its disk cache."""
    for j in range(memo[0, 0]):
        if memo[j + 1, 0] == x and memo[j + 1, 1] == want_le:
            return memo[j + 1, 2] != 0
    r = True
    other = 1 - want_le
    # X <= G: no G^R <= X and no X^L >= G;  X >= G: no G^L >= X and no X^R <= G
    T, OPT, CK, CV = S[0], S[1], S[5], S[6]
    for g in R if want_le else L:
        if le(T, OPT, CK, CV, g, x) if want_le else le(T, OPT, CK, CV, x, g):
            r = False
            break
    if r:
        for y in options(S, x, want_le != 0):
            if raw_cmp(S, L, R, y, other, memo):
                r = False
                break
    k = memo[0, 0]
    if k + 1 < memo.shape[0]:
        memo[k + 1, 0] = x
        memo[k + 1, 1] = want_le
        memo[k + 1, 2] = 1 if r else 0
        memo[0, 0] = k + 1
    return r


@njit
def bypass(S, opts, L, R, left, memo):  # type: ignore[no-untyped-def]
    """Each reversible option replaced by the options it reverses through; (options, changed).
    ``memo``: :func:`raw_cmp`'s, the caller's (emptied here)."""
    out = np.empty(2 * opts.shape[0] + 8, np.int64)
    k = 0
    changed = False
    memo[0, 0] = 0  # rows past memo[0, 0] are never read
    want_le = np.int64(1) if left else np.int64(0)
    for o in opts:
        replaced = False
        for rev in options(S, o, not left):
            if raw_cmp(S, L, R, rev, want_le, memo):
                through = options(S, rev, left)
                if k + through.shape[0] + 1 > out.shape[0]:
                    out = grown(out, k + through.shape[0] + 1)
                out[k : k + through.shape[0]] = through
                k += through.shape[0]
                replaced = changed = True
                break
        if not replaced:
            if k + 1 > out.shape[0]:
                out = grown(out, k + 1)
            out[k] = o
            k += 1
    return distinct(out[:k]), changed


@njit
def grown(a, need):  # type: ignore[no-untyped-def]
    b = np.empty(2 * need, np.int64)
    b[: a.shape[0]] = a
    return b


@njit
def number_bounds(S, L, R):  # type: ignore[no-untyped-def]
    """(every option a number?, Left's best number or -1, Right's best number or -1)."""
    T = S[0]
    lo = hi = -1
    for g in L:
        if T[g, KIND] != IS_NUMBER:
            return False, -1, -1
        if lo < 0 or dy_cmp(T[g, NUM], T[g, EXP], T[lo, NUM], T[lo, EXP]) > 0:
            lo = g
    for g in R:
        if T[g, KIND] != IS_NUMBER:
            return False, -1, -1
        if hi < 0 or dy_cmp(T[g, NUM], T[g, EXP], T[hi, NUM], T[hi, EXP]) < 0:
            hi = g
    return True, lo, hi


@njit
def number_between(S, lo, hi):  # type: ignore[no-untyped-def]
    """The simplest number between the numbers ``lo`` and ``hi`` (-1: no bound)."""
    T, a, b = S[0], max(lo, 0), max(hi, 0)
    return simplest(S, lo >= 0, T[a, NUM], T[a, EXP], hi >= 0, T[b, NUM], T[b, EXP])


@njit
def canonical(S, left, right):  # type: ignore[no-untyped-def]
    """The id of the canonical form of {left | right} (ids, any order, repeats allowed; the two
    arrays are sorted in place, as :func:`distinct` says)."""
    T = S[0]
    L, R = distinct(left), distinct(right)
    numeric, lo, hi = number_bounds(S, L, R)
    if numeric:
        if lo < 0 or hi < 0 or dy_cmp(T[lo, NUM], T[lo, EXP], T[hi, NUM], T[hi, EXP]) < 0:
            return number_between(S, lo, hi)
        zero = number_of(S, 0, 0)
        if lo == zero and hi == zero:
            return star_of(S, 1)
        a, b = np.empty(1, np.int64), np.empty(1, np.int64)
        a[0], b[0] = lo, hi
        return intern(S, a, b)
    at, hit = cached_form(S, L, R)
    if hit >= 0:
        return hit
    r = simplified(S, L, R)  # works on a copy: L and R are the cache's key below
    M, RC = S[2], S[9]
    if at >= 0 and M[FULL] == 0 and M[OVERFLOW] == 0:
        RC[at], RC[at + 1], RC[at + 2] = L.shape[0], R.shape[0], r
        RC[at + 3 : at + 3 + L.shape[0]] = L
        RC[at + 3 + L.shape[0] : at + 3 + L.shape[0] + R.shape[0]] = R
    return r


@njit
def cached_form(S, L, R):  # type: ignore[no-untyped-def]
    """(where {L | R}, distinct sorted ids, goes in the cache of canonical forms by raw options
    ``S[9]``, or -1 when it has too many options for a slot; its canonical form there, or -1)."""
    RC, nl, nr = S[9], L.shape[0], R.shape[0]
    if nl + nr > RAW_WIDTH - 3:
        return -1, -1
    at = (((form_hash(L, R) * -7046029254386353131) >> 24) & (RC.shape[0] // RAW_WIDTH - 1)) * RAW_WIDTH
    if RC[at] != nl or RC[at + 1] != nr:
        return at, -1
    for j in range(nl + nr):
        if RC[at + 3 + j] != (L[j] if j < nl else R[j - nl]):
            return at, -1
    return at, RC[at + 2]


@njit
def simplified(S, L, R):  # type: ignore[no-untyped-def]
    """The id of the canonical form of {L | R} (distinct sorted ids, not all numbers nor all
    nimbers): dominated options removed, reversible ones bypassed (on a copy: ``L`` and ``R``
    are left as they are)."""
    T = S[0]
    L = undominated(S, L.copy(), True)
    R = undominated(S, R.copy(), False)
    memo = np.empty((64, 3), np.int64)
    while True:
        changed = False
        newL, ch = bypass(S, L, L, R, True, memo)
        if ch:
            L, changed = undominated(S, newL, True), True
        newR, ch = bypass(S, R, L, R, False, memo)
        if ch:
            R, changed = undominated(S, newR, False), True
        if not changed:
            break
    numeric, lo, hi = number_bounds(S, L, R)
    if numeric and (lo < 0 or hi < 0 or dy_cmp(T[lo, NUM], T[lo, EXP], T[hi, NUM], T[hi, EXP]) < 0):
        return number_between(S, lo, hi)
    return intern(S, L, R)


@njit
def neg(S, g):  # type: ignore[no-untyped-def]
    """The id of -G = {-G^R | -G^L}."""
    T, M = S[0], S[2]
    n = T[g, NEG]
    if n >= 0:
        return n
    if T[g, KIND] == IS_NUMBER:
        n = number_of(S, -T[g, NUM], T[g, EXP])
    elif T[g, NIM] >= 0:
        n = g
    else:
        R = options(S, g, False)
        L = options(S, g, True)
        nl = np.empty(R.shape[0], np.int64)
        for j in range(R.shape[0]):
            nl[j] = neg(S, R[j])
        nr = np.empty(L.shape[0], np.int64)
        for j in range(L.shape[0]):
            nr[j] = neg(S, L[j])
        n = intern(S, sort(nl), sort(nr))
    if M[FULL] == 0 and M[OVERFLOW] == 0:
        T[g, NEG] = n
        T[n, NEG] = g
    return n


@njit
def add(S, g, h):  # type: ignore[no-untyped-def]
    """The id of G + H = {G^L + H, G + H^L | G^R + H, G + H^R}; a number translates (avoidance)."""
    T, M = S[0], S[2]
    gnum, hnum = T[g, KIND] == IS_NUMBER, T[h, KIND] == IS_NUMBER
    if gnum and hnum:
        a, ae, b, be = T[g, NUM], T[g, EXP], T[h, NUM], T[h, EXP]
        e = max(ae, be)
        return number_of(S, (a << (e - ae)) + (b << (e - be)), e)
    if gnum and T[g, NUM] == 0:
        return h
    if hnum and T[h, NUM] == 0:
        return g
    if T[g, NIM] >= 0 and T[h, NIM] >= 0:
        return star_of(S, T[g, NIM] ^ T[h, NIM])
    if g > h:
        g, h = h, g
        gnum, hnum = hnum, gnum
    AK, AV = S[7], S[8]
    key = (g << 32) | h
    slot = ((key * -7046029254386353131) >> 20) & (AK.shape[0] - 1)
    if AK[slot] == key:
        return AV[slot]
    gl = options(S, g, True) if not gnum else np.empty(0, np.int64)
    gr = options(S, g, False) if not gnum else np.empty(0, np.int64)
    hl = options(S, h, True) if not hnum else np.empty(0, np.int64)
    hr = options(S, h, False) if not hnum else np.empty(0, np.int64)
    L = np.empty(gl.shape[0] + hl.shape[0], np.int64)
    R = np.empty(gr.shape[0] + hr.shape[0], np.int64)
    for j in range(gl.shape[0]):
        L[j] = add(S, gl[j], h)
    for j in range(hl.shape[0]):
        L[gl.shape[0] + j] = add(S, g, hl[j])
    for j in range(gr.shape[0]):
        R[j] = add(S, gr[j], h)
    for j in range(hr.shape[0]):
        R[gr.shape[0] + j] = add(S, g, hr[j])
    r = canonical(S, L, R)
    if M[FULL] == 0 and M[OVERFLOW] == 0:
        AK[slot] = key
        AV[slot] = r
    return r


@njit
def total(S, ids):  # type: ignore[no-untyped-def]
    """The id of the sum of ``ids``: numbers first, then nimbers, then the rest (smallest first).
    ``ids`` is the caller's scratch: its order is changed."""
    T = S[0]
    for j in range(ids.shape[0]):  # each id with its rank above it, sorted in place
        g = ids[j]
        ids[j] = ((0 if T[g, KIND] == IS_NUMBER else (1 if T[g, NIM] >= 0 else 2)) << 40) | g
    sort(ids)
    acc = number_of(S, 0, 0)
    for j in range(ids.shape[0]):
        acc = add(S, acc, ids[j] & ((1 << 40) - 1))
    return acc


@njit
def value_of(S, kids, flips, lefts, negate):  # type: ignore[no-untyped-def]
    """A position's value from its children's: negated where ``flips``; {first ``lefts`` |
    the rest} when ``lefts`` >= 0, else their sum; negated if ``negate``.  The value search's
    one call per position."""
    vals = np.empty(kids.shape[0], np.int64)
    for j in range(kids.shape[0]):
        vals[j] = neg(S, kids[j]) if flips[j] != 0 else kids[j]
    r = total(S, vals) if lefts < 0 else canonical(S, vals[:lefts], vals[lefts:])
    return neg(S, r) if negate != 0 else r


@njit
def rehash(S):  # type: ignore[no-untyped-def]
    """Fill the (emptied) hash tables from the table's rows: after the arrays grew."""
    T, OPT, M, HF, HN = S[0], S[1], S[2], S[3], S[4]
    for i in range(M[COUNT]):
        if T[i, KIND] == IS_NUMBER:
            table, mask = HN, HN.shape[0] - 1
            slot = ((T[i, NUM] * 1000003) ^ (T[i, EXP] * 998244353)) & mask
        else:
            table, mask = HF, HF.shape[0] - 1
            a, b = T[i, LOFF], T[i, ROFF]
            slot = form_hash(OPT[a : a + T[i, LCNT]], OPT[b : b + T[i, RCNT]]) & mask
        while table[slot] >= 0:
            slot = (slot + 1) & mask
        table[slot] = i


@ahead(f"i8({TABLES}, i8, i8, i8, i8[:], i8[:])")
def run(S, op, a, b, X, Y):  # type: ignore[no-untyped-def]
    """The one entry point (numba compiles and caches each entry point with all it calls: one
    entry compiles the arithmetic once): ``op`` is one of :data:`OPS`; the result an id (0/1 for
    a comparison).  The tables are borrowed (:mod:`zermelo.core.borrowed`): the kernels below
    pass them to each other without counting references."""
    S = borrowed(S)
    if op == 0:
        return number_of(S, a, b)
    if op == 1:
        return star_of(S, a)
    if op == 2:
        return intern(S, distinct(X), distinct(Y))
    if op == 3:
        return np.int64(1) if le(S[0], S[1], S[5], S[6], a, b) else np.int64(0)
    if op == 4:
        return neg(S, a)
    if op == 5:
        return add(S, a, b)
    if op == 6:
        return total(S, X)
    if op == 7:
        return canonical(S, X, Y)
    if op == 8:
        return value_of(S, X, Y, a, b)
    rehash(S)
    return np.int64(0)
