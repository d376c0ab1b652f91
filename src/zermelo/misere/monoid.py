"""Finite commutative monoids with a P-portion (bipartite monoids), as misère quotients are.

A :class:`Bipartite` is a multiplication table over the elements ``0 .. m-1`` (``0`` is the
identity), the set ``P`` of elements whose games are P-positions, and the monoid's generators.
This module knows only monoids: reduction (merging elements no product can tell apart),
presentations by generators and relations, powers, idempotents and the kernel, and recognising
the quotients the literature names.  The games live in :mod:`zermelo.misere.quotient`.

>>> t2 = Bipartite.from_actions([[1, 0, 3, 2, 5, 4], [2, 3, 4, 5, 2, 3]], {1, 4})  # T2
>>> t2.order, sorted(t2.p_portion)
(6, [1, 4])
>>> t2.presentation()
['a² = 1', 'b³ = b']
>>> t2.name()
'T2'
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import product
from typing import TYPE_CHECKING, Any, TypeAlias, TypeGuard

if TYPE_CHECKING:  # numpy is imported when a large table is made: a small quotient needs none of it
    import numpy as np

__all__ = [
    "NAMED",
    "ActionTable",
    "Bipartite",
    "Table",
    "Word",
    "compact",
    "indistinguishable",
    "is_array",
    "minimal_generators",
    "numpy_loaded",
    "table_dtype",
    "word_text",
]

#: A multiplication table: rows of elements, as lists, as a 2-d numpy array (:func:`compact`), or
#: as its generators' actions (:class:`ActionTable`, rows made on demand).
Table: TypeAlias = "Sequence[Sequence[int]] | np.ndarray | ActionTable"

#: Rows an :class:`ActionTable` keeps (bytes) before it forgets the oldest.
ROWS_KEPT = 256 << 20


class ActionTable:
    """A commutative monoid's multiplication table kept as its generators' actions
    (``acts[i][x] = x·g_i``, ``0`` the identity): ``k × m`` entries instead of ``m²``.

    A breadth-first tree from the identity gives each element a parent and the generator that
    leads to it; an element's row (``x·y`` for every ``y``, also its column) is its parent's row
    moved by that generator, one gather per letter of its word, and the rows made are kept (up to
    :data:`ROWS_KEPT` bytes).  A product of two elements walks the second one's word.  The
    candidates of :mod:`zermelo.misere.candidate` are kept so: a verification reads only the rows
    of the heaps' images and of their options, and only an accepted quotient is tabulated.

    >>> import numpy as np
    >>> t = ActionTable(np.array([[1, 0, 3, 2, 5, 4], [2, 3, 4, 5, 2, 3]], dtype=np.uint16))  # T2
    >>> len(t), t[5].tolist(), t.product(3, 4), t.full()[4].tolist()
    (6, [5, 4, 3, 2, 5, 4], 3, [4, 5, 2, 3, 4, 5])
    """

    def __init__(self, acts: np.ndarray) -> None:
        import numpy as np

        self.acts = acts
        m = acts.shape[1]
        self.parent = np.full(m, -1, dtype=np.int64)
        self.via = np.full(m, -1, dtype=np.int64)
        self.parent[0] = 0
        frontier = np.zeros(1, dtype=np.int64)
        order = [frontier]
        while len(frontier):  # breadth first, generator by generator: the first to reach an element is its parent
            made = []
            for i, act in enumerate(acts):
                z = act[frontier].astype(np.int64)
                new, first = np.unique(z, return_index=True)
                fresh = self.parent[new] == -1
                new, first = new[fresh], first[fresh]
                self.parent[new] = frontier[first]
                self.via[new] = i
                made.append(new)
            frontier = np.concatenate(made) if made else frontier[:0]
            order.append(frontier)
        self.bfs = np.concatenate(order)  # parents before children
        if len(self.bfs) != m:
            raise ValueError("the actions do not generate every element from the identity")
        self._rows: dict[int, np.ndarray] = {}
        self._kept = 0

    def __len__(self) -> int:
        return int(self.acts.shape[1])

    def __iter__(self) -> Iterator[np.ndarray]:
        return (self[x] for x in range(len(self)))

    def __getitem__(self, x: int) -> np.ndarray:
        """The row of ``x``."""
        import numpy as np

        x = int(x)
        row = self._rows.get(x)
        if row is not None:
            return row
        path = []
        y = x
        while y and y not in self._rows:
            path.append(y)
            y = int(self.parent[y])
        row = self._rows[y] if y else np.arange(len(self), dtype=self.acts.dtype)
        for y in reversed(path):
            row = self.acts[self.via[y]][row]
            self._keep(y, row)
        return row

    def _keep(self, x: int, row: np.ndarray) -> None:
        while self._rows and self._kept + row.nbytes > ROWS_KEPT:
            self._kept -= self._rows.pop(next(iter(self._rows))).nbytes
        self._rows[x] = row
        self._kept += row.nbytes

    def product(self, a: int, b: int) -> int:
        """``a·b``, walking ``b``'s word on ``a`` (the monoid is commutative)."""
        row = self._rows.get(b)
        if row is not None:
            return int(row[a])
        acts, parent, via = self.acts, self.parent, self.via
        while b:
            a = int(acts[via[b], a])
            b = int(parent[b])
        return a

    def full(self) -> np.ndarray:
        """The whole table (``m²`` entries, the acts' type), row by row in breadth-first order."""
        import numpy as np

        m = len(self)
        tab = np.empty((m, m), dtype=self.acts.dtype)
        tab[0] = np.arange(m)
        later = self.bfs[1:]
        for x, p, i in zip(later.tolist(), self.parent[later].tolist(), self.via[later].tolist(), strict=True):
            tab[x] = self.acts[i][tab[p]]
        return tab


def numpy_loaded() -> bool:
    """Whether numpy is imported already (then arrays cost nothing more to use)."""
    return "numpy" in sys.modules


def is_array(table: object) -> TypeGuard[np.ndarray]:
    """Whether ``table`` is a numpy array (without importing numpy: if it is not loaded, it is not)."""
    numpy = sys.modules.get("numpy")
    return numpy is not None and isinstance(table, numpy.ndarray)


def compact(table: np.ndarray | Sequence[Sequence[int]]) -> np.ndarray:
    """The table as a numpy array of the smallest unsigned type its elements fit: a quotient of
    order 5,000 takes 50 MB as 16-bit entries, where lists of Python ints took 1 GB.

    >>> compact([[0, 1], [1, 0]]).dtype.name
    'uint16'
    """
    import numpy as np

    a = np.asarray(table)
    return np.ascontiguousarray(a, dtype=table_dtype(len(a)))


def table_dtype(order: int) -> type[np.unsignedinteger[Any]]:
    """The smallest unsigned integer type that holds the elements ``0 .. order-1``."""
    import numpy as np

    return np.uint16 if order <= 1 << 16 else np.uint32


#: An element written as exponents of the generators: ``(1, 0, 2)`` is ``a c²``.
Word = tuple[int, ...]

_SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


def _letter(i: int) -> str:
    return "abcdefghijklmnopqrstuvwxyz"[i] if i < 26 else f"g{i + 1}"


def word_text(word: Word) -> str:
    """A word in the literature's notation: ``a b² c``, the identity ``1``.

    >>> word_text((1, 2, 0)), word_text((0, 0)), word_text((0, 0, 1))
    ('ab²', '1', 'c')
    """
    parts = [_letter(i) + (str(e).translate(_SUPERSCRIPT) if e > 1 else "") for i, e in enumerate(word) if e]
    return "".join(parts) or "1"


def indistinguishable(
    acts: Sequence[Sequence[int]], is_p: Sequence[bool], tick: Callable[[], None] | None = None
) -> tuple[list[int], list[int]]:
    """Classes of elements no product tells apart (Moore's refinement on the generators' actions
    ``acts[g][x] = x·g``, starting from P / not P), numbered by first element; and a representative
    (the first element) of each class.

    >>> indistinguishable([[1, 2, 3, 2]], [False, True, False, True])
    ([0, 1, 0, 1], [0, 1])
    """
    m = len(is_p)
    cls = [1 if is_p[x] else 0 for x in range(m)]
    count = len(set(cls))
    while True:
        sig: dict[tuple[int, ...], int] = {}
        cls = [sig.setdefault((cls[x], *(cls[a[x]] for a in acts)), len(sig)) for x in range(m)]
        if tick is not None:
            tick()
        if len(sig) == count:
            break
        count = len(sig)
    first: dict[int, int] = {}
    for x in range(m):
        first.setdefault(cls[x], len(first))
    image = [first[cls[x]] for x in range(m)]
    reps = [0] * len(first)
    for x in range(m - 1, -1, -1):
        reps[image[x]] = x
    return image, reps


def minimal_generators(table: Table, images: Iterable[int]) -> tuple[int, ...]:
    """The images, in order, that are not products of the ones before (the identity never is one).

    >>> minimal_generators([[0, 1], [1, 0]], [1, 0, 1])
    (1,)
    """
    gens: list[int] = []
    sub = {0}
    for x in images:
        if x in sub:
            continue
        gens.append(x)
        frontier = list(sub)
        while frontier:
            y = frontier.pop()
            for g in gens:
                z = int(table[y][g])
                if z not in sub:
                    sub.add(z)
                    frontier.append(z)
    return tuple(gens)


@dataclass
class Bipartite:
    """A finite commutative monoid ``table`` (``table[x][y] = x·y``, ``0`` the identity) and its P-portion.

    ``generators`` are elements that generate the monoid (the distinct heap images, in heap order).
    ``table`` is lists for small monoids and a compact numpy array (:func:`compact`) for the large
    ones the trials build; the methods answer Python ints either way.
    """

    table: Table
    p_portion: frozenset[int]
    generators: tuple[int, ...]
    _words: list[Word] | None = field(default=None, repr=False, compare=False)
    #: ``table`` as a numpy array, made on first use (:meth:`as_array`) or given by its maker.
    dense: np.ndarray | None = field(default=None, repr=False, compare=False)

    # ------------------------------------------------------------------ construction
    @classmethod
    def from_actions(cls, actions: Sequence[Sequence[int]], p_portion: Iterable[int]) -> Bipartite:
        """The monoid generated by the given actions (``actions[g][x] = x·g``), element 0 the identity."""
        m = len(actions[0]) if actions else 1
        words: list[Word | None] = [None] * m
        words[0] = (0,) * len(actions)
        order = [0]
        for x in order:  # breadth first: a word for every element
            for g, act in enumerate(actions):
                y = act[x]
                if words[y] is None:
                    w = list(words[x])  # type: ignore[arg-type]
                    w[g] += 1
                    words[y] = tuple(w)
                    order.append(y)
        gens = tuple(act[0] for act in actions)
        table = [[0] * m for _ in range(m)]
        for x in range(m):
            for y in range(m):
                z = x
                for g, e in enumerate(words[y]):  # type: ignore[arg-type]
                    for _ in range(e):
                        z = actions[g][z]
                table[x][y] = z
        return cls(table, frozenset(p_portion), gens)

    def as_array(self) -> np.ndarray:
        """The multiplication table as a numpy array (kept; an :class:`ActionTable` is tabulated)."""
        if self.dense is None:
            t = self.table
            self.dense = t if is_array(t) else t.full() if isinstance(t, ActionTable) else compact(t)
        return self.dense

    def rows(self, xs: Sequence[int]) -> np.ndarray:
        """The rows of the elements ``xs`` as one array (``len(xs) × order``), whatever the table."""
        import numpy as np

        t = self.table
        if is_array(t):
            return t[np.asarray(xs, dtype=np.int64)]
        if isinstance(t, ActionTable):
            return np.stack([t[x] for x in xs]) if len(xs) else np.zeros((0, len(t)), dtype=t.acts.dtype)
        return compact([t[x] for x in xs]) if len(xs) else np.zeros((0, len(t)), dtype=np.uint16)

    def mul(self, a: int, b: int) -> int:
        """``a·b``."""
        t = self.table
        return t.product(a, b) if isinstance(t, ActionTable) else int(t[a][b])

    def row(self, x: int) -> list[int]:
        """``x·y`` for every ``y``, as Python ints (the table is symmetric: also column ``x``)."""
        r = self.table[x]
        return r.tolist() if is_array(r) else list(r)

    @property
    def order(self) -> int:
        return len(self.table)

    def is_p(self, x: int) -> bool:
        return x in self.p_portion

    def product(self, elements: Iterable[int]) -> int:
        """The product of many elements (the identity for none)."""
        z = 0
        t = self.table
        if isinstance(t, ActionTable):
            for x in elements:
                z = t.product(z, x)
            return z
        for x in elements:
            z = t[z][x]
        return int(z)

    # ------------------------------------------------------------------ words
    def words(self) -> list[Word]:
        """The least word (fewest of the last generators, then of the ones before) of every element."""
        if self._words is None:
            k = len(self.generators)
            words: list[Word | None] = [None] * self.order
            words[0] = (0,) * k
            seen = [0]
            for g in range(k):  # lex order, the last generator most significant: layers per generator
                layer = list(seen)
                by_g = self.row(self.generators[g])
                while layer:
                    new = []
                    for x in layer:
                        y = by_g[x]
                        if words[y] is None:
                            w = list(words[x])  # type: ignore[arg-type]
                            w[g] += 1
                            words[y] = tuple(w)
                            new.append(y)
                    seen.extend(new)
                    layer = new
            self._words = [w if w is not None else (0,) * k for w in words]
        return self._words

    def element_text(self, x: int) -> str:
        """An element as its least word in the generators (``ab²``)."""
        return word_text(self.words()[x])

    def presentation(self) -> list[str]:
        """Relations that, with the generators, present the monoid: ``['a² = 1', 'b³ = b', ...]``.

        Every word is rewritten to its element's least word; a relation is kept when its left side
        is not a multiple of an earlier relation's left side (the leading terms of a Gröbner basis).
        """
        words = self.words()
        k = len(self.generators)
        index = {w: x for x, w in enumerate(words)}
        leads: list[Word] = []
        rels: list[tuple[Word, Word]] = []
        # Candidate left sides: a least word times one generator, in increasing order.
        cands = sorted(
            {tuple(e + (i == g) for i, e in enumerate(w)) for w in words for g in range(k)},
            key=lambda w: (sum(w), w[::-1]),
        )
        for w in cands:
            if w in index:
                continue
            if any(all(a >= b for a, b in zip(w, lead, strict=True)) for lead in leads):
                continue
            x = self.product(self.generators[i] for i, e in enumerate(w) for _ in range(e))
            leads.append(w)
            rels.append((w, words[x]))
        return [f"{word_text(lhs)} = {word_text(rhs)}" for lhs, rhs in rels]

    # ------------------------------------------------------------------ structure
    def power_index(self, x: int) -> tuple[int, int]:
        """``(i, p)``: the least ``i`` and ``p`` with ``x^(i+p) = x^i``."""
        seen: dict[int, int] = {}
        y, i = 0, 0
        by_x = self.row(x)
        while y not in seen:
            seen[y] = i
            y = by_x[y]
            i += 1
        return seen[y], i - seen[y]

    def idempotents(self) -> list[int]:
        if not is_array(self.table):
            return [x for x in range(self.order) if self.table[x][x] == x]
        import numpy as np

        return np.flatnonzero(np.diagonal(self.as_array()) == np.arange(self.order)).tolist()

    def kernel(self) -> list[int]:
        """The minimal ideal (the kernel): the elements ``x·z`` for ``z`` the product of all elements."""
        z = self.product(range(self.order))
        return sorted(set(self.row(z)))

    def reduced(self) -> tuple[Bipartite, list[int]]:
        """The quotient by indistinguishability (x ~ y iff xz ∈ P ⇔ yz ∈ P for every z), and the map to it.

        Moore's partition refinement on the generators' actions; classes numbered by first element.
        """
        acts = [self.row(g) for g in self.generators]
        image, reps = indistinguishable(acts, [x in self.p_portion for x in range(self.order)])
        rows = [self.row(a) for a in reps]
        table = [[image[row[b]] for b in reps] for row in rows]
        p = frozenset(image[x] for x in self.p_portion)
        gens = tuple(dict.fromkeys(image[g] for g in self.generators))
        return Bipartite(table, p, gens), image

    def satisfies(self, images: Sequence[int], relations: Sequence[tuple[Word, Word]]) -> bool:
        def ev(w: Word) -> int:
            return self.product(images[i] for i, e in enumerate(w) for _ in range(e))

        return all(ev(lhs) == ev(rhs) for lhs, rhs in relations)

    def name(self) -> str | None:
        """The literature's name of this bipartite monoid, if it is one of :data:`NAMED`."""
        for name, (order, rels, p_words) in NAMED.items():
            if order != self.order or len(p_words) != len(self.p_portion):
                continue
            k = len(rels[0][0])
            for images in product(range(self.order), repeat=k):
                if not self.satisfies(images, rels):
                    continue
                # generated by the images, with the P-portion named
                sub = {0}
                frontier = [0]
                while frontier:
                    x = frontier.pop()
                    for g in images:
                        y = self.table[x][g]
                        if y not in sub:
                            sub.add(y)
                            frontier.append(y)
                if len(sub) != self.order:
                    continue
                p = {self.product(images[i] for i, e in enumerate(w) for _ in range(e)) for w in p_words}
                if p == set(self.p_portion):
                    return name
        return None


#: Named quotients: (order, relations, P-portion words).  T1 and T2 are the tame quotients of
#: misère Nim with heaps of 1, and of 1 and 2 (Conway's tame games); R8 the unique quotient of
#: order 8 (Plambeck–Siegel 2008; Siegel 2007, "The structure and classification of misère quotients").
NAMED: dict[str, tuple[int, list[tuple[Word, Word]], list[Word]]] = {
    "T1": (2, [((2,), (0,))], [(1,)]),
    "T2": (6, [((2, 0), (0, 0)), ((0, 3), (0, 1))], [(1, 0), (0, 2)]),
    "R8": (
        8,
        [((2, 0, 0), (0, 0, 0)), ((0, 3, 0), (0, 1, 0)), ((0, 1, 1), (1, 1, 0)), ((0, 0, 2), (0, 2, 0))],
        [(1, 0, 0), (0, 2, 0)],
    ),
}
