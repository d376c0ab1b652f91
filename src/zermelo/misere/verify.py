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

import numpy as np

from .monoid import Bipartite

__all__ = ["Failure", "Letter", "find_failure", "heap_words"]

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


class _Found(Exception):
    def __init__(self, counts: Counts) -> None:
        self.counts = counts


def find_failure(
    q: Bipartite,
    letters: Sequence[Letter],
    *,
    tick: Callable[[], None] | None = None,
) -> tuple[Failure | None, dict[int, list[frozenset[int]]]]:
    """The least position the candidate predicts wrongly, or None; and the minimal option-image
    sets seen per element (the lower bounds a later heap may be compared with).

    ``tick`` is called now and then (budgets, progress, Ctrl-C).
    """
    p = q.p_portion
    if 0 in p:
        return Failure((), False), {}
    words = heap_words(q, letters)
    best: Counts | None = None
    table = q.as_array()
    in_p = np.zeros(q.order, dtype=bool)
    in_p[list(p)] = True
    for letter in letters:  # x·φ(h) ∈ P while some x·t ∈ P, for all x at once (rows are columns)
        if not letter.options:
            continue
        bad = in_p[table[letter.image]] & in_p[table[sorted(letter.options)]].any(axis=0)
        for x in np.flatnonzero(bad).tolist():
            w = dict(words[x])
            w[letter.heap] = w.get(letter.heap, 0) + 1
            if best is None or _lex_less(w, best):
                best = w
    p_failure = best
    bounds: dict[int, list[frozenset[int]]] = {}
    counts: Counts = {}
    steps = [0]
    order = sorted(letters, key=lambda lt: lt.heap)
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
            if tick is not None and not steps[0] & 255:
                tick()
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
    if n_failure is not None and (p_failure is None or _lex_less(n_failure, p_failure)):
        return Failure(tuple(sorted(n_failure.items())), True), bounds
    if p_failure is not None:
        return Failure(tuple(sorted(p_failure.items())), False), bounds
    return None, bounds
