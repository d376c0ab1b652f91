"""Proof that a candidate quotient predicts the misère outcome of every position.

A candidate is a finite bipartite monoid ``Q`` with an image ``φ(h)`` for every heap.  A position
``c`` (a multiset of heaps) is predicted to be a P-position when ``φ(c) ∈ P``.  The prediction is
right for *every* position exactly when every position is consistent with its options (then
induction on the game tree shows each prediction is the outcome):

* a predicted P-position has options and none of them is predicted P, and
* a predicted N-position is terminal or has an option predicted P.

The options of ``c + h`` are ``c' + h`` (``c'`` an option of ``c``) and ``c + t`` (``t`` an option
of the heap ``h``), so the pair *state* ``(φ(c), S(c))``, with ``S(c)`` the images of ``c``'s
options, determines the state of ``c + h``: ``(φ(c)·φ(h), S(c)·φ(h) ∪ φ(c)·T(h))`` where ``T(h)``
is the set of images of the heap's options.  Only finitely many states exist, so both conditions
are checked on all of them:

* **P-failures** are checked per element: ``y·φ(h) ∈ P`` while some ``y·t ∈ P`` (``t ∈ T(h)``).
  Every ``y`` of the monoid is the image of some position, so this covers every P-position.
* **N-failures** (``x ∉ P``, ``S ≠ ∅``, ``S ∩ P = ∅``) by enumerating positions in lexicographic
  order (the count of the largest heap most significant: every move goes down in this order),
  skipping a state whose ``S`` contains the ``S`` of an earlier state with the same element: any
  N-failure among its extensions has a twin among the earlier state's extensions with fewer
  options, which is lexicographically smaller.  So the first failure found is the least one, and
  every smaller position is predicted right — its true outcome is the opposite of the prediction.

This is Plambeck and Siegel's verification (J. Combin. Theory A 115, 2008; Siegel's MisereSolver),
written from the argument above.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..core._jit import compiled as compiled_kernel
from ..core._jit import is_loaded, ready
from .monoid import ActionTable, Bipartite, is_array, numpy_loaded

if TYPE_CHECKING:  # numpy is imported for a table that is an array: a small quotient's is lists
    import numpy as np

__all__ = ["PLAIN_STEPS", "Bounds", "Failure", "Letter", "find_failure", "heap_words"]

#: A position as heap -> count (only heaps with a positive count).
Counts = dict[int, int]


@dataclass(frozen=True)
class Letter:
    """One heap type: the smallest heap ``heap`` with image ``image`` and option images ``options``."""

    heap: int
    image: int
    options: frozenset[int]


@dataclass(frozen=True)
class Failure:
    """The least position whose prediction is wrong; ``true_p`` is its real outcome."""

    counts: tuple[tuple[int, int], ...]  # (heap, count), heaps increasing
    true_p: bool

    def key(self) -> tuple[tuple[int, int], ...]:
        return _lex_key(dict(self.counts))


def _lex_key(counts: Counts) -> tuple[tuple[int, int], ...]:
    """Sort key of the lexicographic order: the largest heap's count most significant."""
    return tuple((-h, c) for h, c in sorted(counts.items(), reverse=True) if c)


def _lex_less(a: Counts, b: Counts) -> bool:
    for h in sorted(set(a) | set(b), reverse=True):
        ca, cb = a.get(h, 0), b.get(h, 0)
        if ca != cb:
            return ca < cb
    return False


def heap_words(q: Bipartite, letters: Sequence[Letter]) -> list[Counts]:
    """The lexicographically least position mapping to each element (letters in increasing heap order)."""
    words: list[Counts | None] = [None] * q.order
    words[0] = {}
    seen = [0]
    for letter in letters:
        layer = list(seen)
        by_letter = q.row(letter.image)  # the table is symmetric
        while layer:
            new = []
            for x in layer:
                y = by_letter[x]
                if words[y] is None:
                    w = dict(words[x])  # type: ignore[arg-type]
                    w[letter.heap] = w.get(letter.heap, 0) + 1
                    words[y] = w
                    new.append(y)
            seen.extend(new)
            layer = new
    return [w if w is not None else {} for w in words]


class Bounds:
    """The minimal option-image sets a verification saw per element (its *bounds*): a later heap
    whose option images contain a non-empty bound of ``x`` can be ``x`` (the quick test of
    :mod:`zermelo.misere.quotient`'s conservative extension)."""

    def __init__(self, sets: dict[int, list[frozenset[int]]] | None = None) -> None:
        self._sets = {} if sets is None else sets

    def of(self, x: int) -> list[frozenset[int]]:
        """The bounds of element ``x``, in the order they were found."""
        return list(self._sets.get(x, ()))

    def covers(self, x: int, t: frozenset[int]) -> bool:
        """Whether some non-empty bound of ``x`` is a subset of ``t``."""
        return any(lb and lb <= t for lb in self.of(x))

    def as_dict(self) -> dict[int, list[frozenset[int]]]:
        return {x: sets for x in self._elements() if (sets := self.of(x))}

    def _elements(self) -> list[int]:
        return sorted(self._sets)


class _ArrayBounds(Bounds):
    """Bounds in the arena of :func:`zermelo.misere.kernels.failure_search` (linked lists per element)."""

    def __init__(
        self, head: np.ndarray, nxt: np.ndarray, start: np.ndarray, size: np.ndarray, elems: np.ndarray
    ) -> None:
        super().__init__()
        self.head, self.nxt, self.start, self.size, self.elems = head, nxt, start, size, elems

    def of(self, x: int) -> list[frozenset[int]]:
        out = []
        b = int(self.head[x]) if 0 <= x < len(self.head) else -1
        while b != -1:
            s = int(self.start[b])
            out.append(frozenset(self.elems[s : s + int(self.size[b])].tolist()))
            b = int(self.nxt[b])
        return out

    def _elements(self) -> list[int]:
        return [x for x, b in enumerate(self.head.tolist()) if b != -1]


#: Verifications run in plain Python while numba is not loaded, for this many steps in all (in
#: the process): a small quotient's take milliseconds there, less than loading numba.  The one
#: that runs out starts again compiled, as every later one does.
PLAIN_STEPS = 50_000
_PLAIN_LEFT = [PLAIN_STEPS]


def find_failure(
    q: Bipartite,
    letters: Sequence[Letter],
    *,
    tick: Callable[[], None] | None = None,
    compiled: bool | None = None,
) -> tuple[Failure | None, Bounds]:
    """The least position the candidate predicts wrongly, or None; and the minimal option-image
    sets seen per element (the lower bounds a later heap may be compared with).

    ``tick`` is called now and then (budgets, progress, Ctrl-C).  ``compiled`` chooses the N-failure
    search: the numba kernel or plain Python (the same answer); None: plain Python for the process's
    first :data:`PLAIN_STEPS` steps while numba is not loaded, then compiled.
    """
    p = q.p_portion
    if 0 in p:
        return Failure((), False), Bounds()
    p_failure = _p_failure(q, letters)
    order = sorted(letters, key=lambda lt: lt.heap)
    if compiled is None and not _kernel_ready() and _PLAIN_LEFT[0] > 0:
        try:
            n_failure, bounds = _n_failure_plain(q, order, tick, _PLAIN_LEFT)
        except _TooLong:
            n_failure, bounds = _n_failure_compiled(q, order, tick)
    elif compiled is False:
        n_failure, bounds = _n_failure_plain(q, order, tick)
    else:
        n_failure, bounds = _n_failure_compiled(q, order, tick)
    if n_failure is not None and (p_failure is None or _lex_less(n_failure, p_failure)):
        return Failure(tuple(sorted(n_failure.items())), True), bounds
    if p_failure is not None:
        return Failure(tuple(sorted(p_failure.items())), False), bounds
    return None, bounds


def _kernel_ready() -> bool:
    """Whether the compiled search costs nothing more: numba is loaded, or numpy is and ``zermelo
    compile`` built the kernels for this machine (a small quotient's search needs neither)."""
    if is_loaded():
        return True
    if not numpy_loaded():
        return False
    from . import kernels as kn

    return ready(kn.failure_search)


def _p_failure(q: Bipartite, letters: Sequence[Letter]) -> Counts | None:
    """The least P-failure: ``x·φ(h) ∈ P`` while some ``x·t ∈ P`` (rows are columns)."""
    best: Counts | None = None
    words: list[Counts] | None = None
    for letter in letters:
        if not letter.options:
            continue
        for x in _p_failures(q, letter):
            if words is None:
                words = heap_words(q, letters)
            w = dict(words[x])
            w[letter.heap] = w.get(letter.heap, 0) + 1
            if best is None or _lex_less(w, best):
                best = w
    return best


def _p_failures(q: Bipartite, letter: Letter) -> list[int]:
    """The elements ``x`` with ``x·φ(h) ∈ P`` and some ``x·t ∈ P``, increasing: for all ``x`` at
    once on an array table, one by one on a small table of lists."""
    p = q.p_portion
    if not is_array(q.table) and not isinstance(q.table, ActionTable):
        rows = [q.row(t) for t in sorted(letter.options)]
        by_h = q.row(letter.image)
        return [x for x in range(q.order) if by_h[x] in p and any(r[x] in p for r in rows)]
    import numpy as np

    by_rows = q.rows([letter.image, *sorted(letter.options)])
    in_p = np.zeros(q.order, dtype=bool)
    in_p[list(p)] = True
    bad = in_p[by_rows[0]] & in_p[by_rows[1:]].any(axis=0)
    return np.flatnonzero(bad).tolist()


class _Found(Exception):
    def __init__(self, counts: Counts) -> None:
        self.counts = counts


class _TooLong(Exception):
    pass


def _n_failure_plain(
    q: Bipartite, order: Sequence[Letter], tick: Callable[[], None] | None, left: list[int] | None = None
) -> tuple[Counts | None, Bounds]:
    """The least N-failure by a depth-first search in plain Python (the reference of the kernel);
    the steps are taken off ``left[0]``, and :class:`_TooLong` is raised when it runs out."""
    p = q.p_portion
    bounds: dict[int, list[frozenset[int]]] = {}
    counts: Counts = {}
    steps = [0]
    # The rows the search reads, as lists (x·o = o·x: an option's row is its column).
    rows = {x: q.row(x) for lt in order for x in (lt.image, *lt.options)}

    def dominated(x: int, s: frozenset[int]) -> bool:
        chain = bounds.setdefault(x, [])
        for a in chain:
            if a <= s:
                return True
        chain[:] = [a for a in chain if not s <= a]
        chain.append(s)
        return False

    def visit(d: int, x: int, s: frozenset[int]) -> None:
        if d == 0:
            if s and x not in p and not any(y in p for y in s):
                raise _Found(dict(counts))
            return
        visit(d - 1, x, s)
        letter = order[d - 1]
        opts = letter.options
        row = rows[letter.image]  # y·g = row[y]: the table is symmetric
        columns = [rows[o] for o in opts]
        while True:
            steps[0] += 1
            if not steps[0] & 255:
                if tick is not None:
                    tick()
                if left is not None:
                    left[0] -= 256
                    if left[0] <= 0:
                        raise _TooLong
            s = frozenset([row[y] for y in s] + [c[x] for c in columns])
            x = row[x]
            counts[letter.heap] = counts.get(letter.heap, 0) + 1
            if dominated(x, s):
                break
            visit(d - 1, x, s)
        counts.pop(letter.heap, None)

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 3 * len(order) + 200))
    n_failure: Counts | None = None
    try:
        dominated(0, frozenset())
        visit(len(order), 0, frozenset())
    except _Found as found:
        n_failure = {h: c for h, c in found.counts.items() if c}
    finally:
        sys.setrecursionlimit(limit)
    return n_failure, Bounds(bounds)


#: Steps of the compiled search between two ticks.
_SLICE = 1 << 14


def _n_failure_compiled(
    q: Bipartite, order: Sequence[Letter], tick: Callable[[], None] | None
) -> tuple[Counts | None, Bounds]:
    """The least N-failure by :func:`zermelo.misere.kernels.failure_search` (the same search)."""
    import numpy as np

    from . import kernels as kn

    m, k = q.order, len(order)
    # The search reads only the rows of the letters' images and options: those rows, renumbered.
    needed = sorted({x for lt in order for x in (lt.image, *lt.options)})
    slot = {x: i for i, x in enumerate(needed)}
    table = q.rows(needed)
    in_p = np.zeros(m, dtype=np.uint8)
    in_p[list(q.p_portion)] = 1
    images = np.array([slot[lt.image] for lt in order], dtype=np.int64)
    opt_off = np.zeros(k + 1, dtype=np.int64)
    opt_off[1:] = np.cumsum([len(lt.options) for lt in order])
    opt_list = np.array([slot[o] for lt in order for o in sorted(lt.options)], dtype=np.int64)
    ctl = np.zeros(kn.CTL_SIZE, dtype=np.int64)
    ctl[kn.PAUSE] = _SLICE
    fx = np.zeros(k + 1, dtype=np.int64)
    flen = np.zeros(k + 1, dtype=np.int64)
    src = np.zeros(k + 1, dtype=np.int64)
    fs = np.zeros((k + 1, m), dtype=np.int32)
    counts = np.zeros(max(k, 1), dtype=np.int64)
    scratch = np.zeros(m, dtype=np.int32)
    mark = np.zeros(m, dtype=np.uint8)
    head = np.full(m, -1, dtype=np.int64)
    tail = np.full(m, -1, dtype=np.int64)
    nb, ne = 1024, 8192
    b_next = np.zeros(nb, dtype=np.int64)
    b_start = np.zeros(nb, dtype=np.int64)
    b_len = np.zeros(nb, dtype=np.int64)
    b_sig = np.zeros(nb, dtype=np.uint64)
    b_elems = np.zeros(ne, dtype=np.int32)
    run = compiled_kernel(kn.failure_search)
    while True:
        run(
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
        )
        status = ctl[kn.STATUS]
        if status == kn.GROW:
            b_next, b_start, b_len, b_sig = (_grown(a, 2 * len(a)) for a in (b_next, b_start, b_len, b_sig))
            b_elems = _grown(b_elems, 2 * len(b_elems) + m)
        elif status == kn.PAUSED:
            if tick is not None:
                tick()
        else:
            break
    bounds = _ArrayBounds(head, b_next, b_start, b_len, b_elems)
    if status == kn.FOUND:
        return {order[j].heap: int(c) for j, c in enumerate(counts[:k].tolist()) if c}, bounds
    return None, bounds


def _grown(a: np.ndarray, size: int) -> np.ndarray:
    import numpy as np

    b = np.zeros(size, dtype=a.dtype)
    b[: len(a)] = a
    return b
