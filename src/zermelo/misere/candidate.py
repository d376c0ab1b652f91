"""A candidate misère quotient built on a dense product space (numpy), the fast path of
:func:`zermelo.misere.quotient.compute`'s trials.

A trial multiplies the known quotient ``Q`` by cyclic monoids ``⟨α | α^(i+2) = α^i⟩``, one for each
heap set free; its elements are numbered densely, ``x0 + |Q|·(e1 + s1·(e2 + …))``, so that the
action of any element on the whole space is one numpy array (``Q``'s table row, which is its column,
since ``Q`` is commutative, plus the cyclic exponents).  The positions of heaps ``0..n`` are then
marked P or N from their least positions in the same order as before, the elements no product can
tell apart merged (Moore's refinement, on arrays), and the reduced table tabulated column by column.

Profiled on Dawson's Kayles (0.07) to heap 30: the trials took 90% of the time, most of it in the
product of tuple-encoded elements; here that product is a list lookup.  The answers are the same,
element for element (``tests/test_misere_candidate.py`` compares both paths on random trials).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

import numpy as np

from ..core._jit import compiled as compiled_kernel
from ..core._jit import is_loaded, ready
from .monoid import ActionTable, Bipartite, compact
from .verify import Failure

__all__ = ["COMPILED_FROM", "dense_trial", "moore_classes"]

#: Product spaces at least this large are marked by the compiled kernel (unless numba is loaded
#: already, when every one is); smaller ones take milliseconds in Python, less than loading numba.
COMPILED_FROM = 20_000


def _kernels_ready() -> bool:
    """Whether the compiled marking costs nothing more: numba is loaded, or ``zermelo compile``
    built the kernels for this machine (:func:`zermelo.core._jit.ready`)."""
    from . import kernels as kn

    return is_loaded() or ready(kn.mark_layers)


def _cyc_row(f: int, index: int, size: int) -> np.ndarray:
    """``e -> e + f`` in the cyclic monoid ``α^(index+2) = α^index``, for ``e = 0..size-1``."""
    s = np.arange(size, dtype=np.int64) + f
    big = s > index + 1
    s[big] = index + (s[big] - index) % 2
    return s


def moore_classes(acts: np.ndarray, is_p: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Classes of elements no product tells apart (Moore's refinement on the generators' actions
    ``acts[g][x] = x·g``, from P / not P), numbered by first element, and each class's first element:
    :func:`zermelo.misere.monoid.indistinguishable` on arrays.

    >>> img, reps = moore_classes(np.array([[1, 2, 3, 2]]), np.array([False, True, False, True]))
    >>> img.tolist(), reps.tolist()
    ([0, 1, 0, 1], [0, 1])
    """
    _, first, cls = np.unique(is_p.astype(np.int64), return_index=True, return_inverse=True)
    count = len(first)
    while True:
        # The signature (class, class of x·g for each g) packed into int64 keys, as many columns a
        # key as fit exactly, each key renumbered densely before the next columns join it.
        key, kinds = cls, count
        for a in acts:
            if kinds * count >= 1 << 62:
                _, key = np.unique(key, return_inverse=True)
                kinds = int(key.max()) + 1
            key = key * count + cls[a]
            kinds *= count
        _, first, cls = np.unique(key, return_index=True, return_inverse=True)
        cls = cls.reshape(-1)
        if len(first) == count:
            break
        count = len(first)
    order = np.argsort(first, kind="stable")
    renumber = np.empty(len(first), dtype=np.int64)
    renumber[order] = np.arange(len(first))
    return renumber[cls], first[order]


def dense_trial(
    base: Bipartite,
    phi: Sequence[int],
    options: Sequence[list[tuple[int, ...]]],
    free: dict[int, int],
    tick: Callable[[], None],
    max_order: int,
    too_big: Callable[..., Exception],
    compiled: bool | None = None,
    want: Failure | None = None,
) -> tuple[Bipartite, list[int]] | None:
    """The candidate ``base × ∏ cyclic`` with the heaps in ``free`` (heap -> index) on their own
    generators, its P-portion marked from least positions, reduced; and the heaps' images.
    ``too_big(n)`` is raised when more than ``max_order`` elements are reached.  The candidate's
    table is its generators' actions (:class:`~zermelo.misere.monoid.ActionTable`).  ``compiled``
    chooses the marking (:func:`zermelo.misere.kernels.mark_layers` or plain Python, the same
    answer); None chooses by size.  With a ``want`` (a failure of the candidate before) the trial
    stops after the marking and answers None unless the failure's position comes out right: a refinement
    that does not fix its failure is not reduced nor tabulated (reduction keeps every element's
    P-status, so the answer is the reduced candidate's)."""
    n = len(phi) - 1
    free_heaps = sorted(free)
    sizes = [free[h] + 2 for h in free_heaps]
    b = base.order
    strides = [b]
    for size in sizes:
        strides.append(strides[-1] * size)
    space = strides[-1]
    arrays: dict[int, np.ndarray] = {}

    def action(c: int) -> np.ndarray:
        a = arrays.get(c)
        if a is None:
            a = np.asarray(base.rows([c % b])[0], dtype=np.int64)
            for i, h in enumerate(free_heaps):
                e = (c // strides[i]) % sizes[i]
                a = (_cyc_row(e, free[h], sizes[i])[:, None] * strides[i] + a[None, :]).reshape(-1)
            arrays[c] = a
        return a

    def mul(x: int, y: int) -> int:
        z = base.mul(x % b, y % b)
        for i, h in enumerate(free_heaps):
            e = (x // strides[i]) % sizes[i] + (y // strides[i]) % sizes[i]
            if e > free[h] + 1:
                e = free[h] + (e - free[h]) % 2
            z += e * strides[i]
        return z

    slot = {h: i for i, h in enumerate(free_heaps)}
    images = [strides[slot[h]] if h in slot else phi[h] for h in range(n + 1)]

    def image_of(parts: tuple[int, ...]) -> int:
        z = 0
        for h in parts:
            z = mul(z, images[h])
        return z

    live = [h for h in range(1, n + 1) if options[h]]
    passes = ((action(images[h]), np.stack([action(t) for t in {image_of(o) for o in options[h]}])) for h in live)
    if compiled is None:
        compiled = space >= COMPILED_FROM or _kernels_ready()
    mark = _mark_compiled if compiled else _mark_plain
    elems, is_p = mark(space, passes, tick, max_order, lambda: too_big(n))
    if want is not None and bool(is_p[image_of(tuple(h for h, c in want.counts for _ in range(c)))]) != want.true_p:
        return None
    gens = list(dict.fromkeys(images[h] for h in live))
    # Reduce by Moore refinement on the generators' actions, then tabulate the classes.
    where = np.asarray(elems, dtype=np.int64)
    pos = np.full(space, -1, dtype=np.int64)
    pos[where] = np.arange(len(elems))
    acts = np.stack([pos[action(g)[where]] for g in gens]) if gens else np.zeros((0, len(elems)), dtype=np.int64)
    p_mask = is_p[where].astype(bool)
    tick()
    img, reps = moore_classes(acts, p_mask)
    r = len(reps)
    # The reduced candidate as its generators' actions (cacts[g][c] = c·g): a verification reads
    # only a few rows, and only the accepted candidate is tabulated (ActionTable.full).
    cacts = compact(img[acts[:, reps]]) if len(gens) else np.zeros((0, 1), dtype=np.uint16)
    table = ActionTable(cacts)
    tick()
    p = frozenset(img[p_mask].tolist())
    new_phi = [int(img[pos[images[h]]]) if (h == 0 or options[h]) else 0 for h in range(n + 1)]
    q = Bipartite(table, p, _generators(table, r, [new_phi[h] for h in live]))
    return q, new_phi


#: A pass of the marking: the heap's action on the product space and its option images' actions.
Pass = tuple[np.ndarray, np.ndarray]


def _mark_plain(
    space: int, passes: Iterable[Pass], tick: Callable[[], None], max_order: int, too_big: Callable[[], Exception]
) -> tuple[list[int], np.ndarray]:
    """Mark in lexicographic order of least positions (heaps in increasing order, layer by layer):
    a layer's new elements and their options' images by arrays, P or N one by one in order (an
    element's options may be new elements of the same layer).  The elements in order, and P or not."""
    seen = np.zeros(space, dtype=bool)
    seen[0] = True
    is_p = bytearray(space)
    empty: frozenset[int] = frozenset()
    opts: dict[int, frozenset[int]] = {0: empty}
    elems = [0]
    for g_np, t_np in passes:
        g = g_np.tolist()
        layer = np.asarray(elems, dtype=np.int64)
        while len(layer):
            z_np = g_np[layer]
            fresh = ~seen[z_np]
            layer, z_np = layer[fresh], z_np[fresh]
            _, first = np.unique(z_np, return_index=True)
            first.sort()
            layer, z_np = layer[first], z_np[first]
            seen[z_np] = True
            for y, z, t_col in zip(layer.tolist(), z_np.tolist(), t_np[:, layer].T.tolist(), strict=True):
                s = {g[o] for o in opts[y]}
                s.update(t_col)
                fs = frozenset(s)
                opts[z] = fs
                is_p[z] = 1 if fs and not any(is_p[o] for o in fs) else 0
            elems.extend(z_np.tolist())
            tick()
            if len(elems) > max_order:
                raise too_big()
            layer = z_np
    return elems, np.frombuffer(bytes(is_p), dtype=np.uint8)


def _mark_compiled(
    space: int, passes: Iterable[Pass], tick: Callable[[], None], max_order: int, too_big: Callable[[], Exception]
) -> tuple[np.ndarray, np.ndarray]:
    """:func:`_mark_plain` by :func:`zermelo.misere.kernels.mark_layers`."""
    from . import kernels as kn

    ctl = np.zeros(kn.CTL_SIZE, dtype=np.int64)
    ctl[kn.PAUSE] = 1 << 15
    ctl[kn.NELEMS] = 1
    ctl[kn.MAXORDER] = max_order
    seen = np.zeros(space, dtype=np.uint8)  # uint8, as the kernel's compiled signature has it
    seen[0] = 1
    is_p = np.zeros(space, dtype=np.uint8)
    elems = np.zeros(min(space, max_order + 2), dtype=np.int64)
    o_start = np.zeros(space, dtype=np.int64)
    o_len = np.zeros(space, dtype=np.int64)
    o_elems = np.zeros(1 << 16, dtype=np.int64)
    mark = np.zeros(space, dtype=np.uint8)
    run = compiled_kernel(kn.mark_layers)
    for g, t_rows in passes:
        ctl[kn.AT] = 0
        ctl[kn.HI] = ctl[kn.NELEMS]
        while True:
            run(ctl, g, t_rows, seen, is_p, elems, o_start, o_len, o_elems, mark)
            status = ctl[kn.STATUS]
            if status == kn.DONE:
                break
            if status == kn.GROW:
                bigger = np.zeros(2 * len(o_elems) + t_rows.shape[0], dtype=o_elems.dtype)
                bigger[: len(o_elems)] = o_elems
                o_elems = bigger
            elif status == kn.TOO_BIG:
                raise too_big()
            else:
                tick()
    return elems[: ctl[kn.NELEMS]], is_p


def _generators(table: ActionTable, order: int, images: Sequence[int]) -> tuple[int, ...]:
    """:func:`~zermelo.misere.monoid.minimal_generators` on rows: the images, in order, that are
    not products of the ones before."""
    gens: list[int] = []
    sub = np.zeros(order, dtype=bool)
    sub[0] = True
    for x in images:
        if sub[x]:
            continue
        gens.append(x)
        frontier = np.flatnonzero(sub)
        while len(frontier):
            made = np.unique(np.concatenate([table[g][frontier] for g in gens]))
            frontier = made[~sub[made]]
            sub[frontier] = True
    return tuple(int(g) for g in gens)
