"""Misère quotients of heap games, heap by heap (Plambeck and Siegel's method).

The misère quotient of the positions with heaps up to ``n`` is the commutative monoid of those
positions modulo indistinguishability (``G ≡ H`` when ``G + X`` and ``H + X`` have the same misère
outcome for every position ``X``), with its P-portion, and the *pretending function* ``Φ`` that
sends each heap to its element.  A sum's outcome is read off the product of its heaps' elements.

The computation adds one heap at a time (J. Combin. Theory A 115 (2008) 593–622; the method of
Siegel's MisereSolver, written here from the papers' argument):

1. **Conservative extension.** The new heap's options are sums of smaller heaps, so their
   elements ``T(n)`` are known.  If some element ``x`` of the current quotient can stand for the
   heap (its P-status matches, ``x·z`` and ``t·z`` are never both P, and the candidate passes the
   verification of :mod:`zermelo.misere.verify`), the quotient does not change: ``Φ(n) = x``.
2. **Expansion.** Otherwise the heap gets a new generator ``α`` with ``α⁴ = α²``: the candidate is
   the current quotient times ``{1, α, α², α³}``, its P-portion is read off the least position of
   each element (whose options come earlier in the lexicographic order), and it is *reduced*
   (elements that no product tells apart are merged).  The verification then finds the least
   position it predicts wrongly, if any; the heaps of that position are freed (given generators of
   their own, with enough powers) until that position comes out right, and the loop repeats.
3. **Periodicity.** When ``Φ(n + p) = Φ(n)`` for ``n0 <= n < ...`` as far as the take-and-break
   periodicity theorem needs (:func:`zermelo.heaps.proof_length`, the same bound as for Grundy
   values: then every later heap has the same element and option elements as the heap ``p``
   below it, so the verification of this quotient is a verification for all heaps), the
   quotient is the quotient of the whole game and the computation stops.

Every quotient returned has passed the verification: it is a proof for all positions with
heaps up to ``maxheap`` (and all heaps once the period is proven).  The tests also check its
answers against plain misère search.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import cast

from ..core.budget import Budget
from ..core.errors import SearchLimitExceeded, Unsupported, ZermeloError
from ..core.limits import Limits
from ..core.limits import Progress as CoreProgress
from ..heaps.heap import HeapGame
from .monoid import ActionTable, Bipartite, compact, indistinguishable, is_array, minimal_generators, numpy_loaded
from .verify import Bounds, Failure, Letter, find_failure

__all__ = ["Progress", "QuotientRun", "QuotientTooBig", "compute", "find_period", "heap_option_parts", "proof_bound"]

#: Expansions stop (with an honest error) when a candidate would exceed this many elements.
MAX_CANDIDATE = 200_000
#: Refinements tried at one heap before the run stops (honestly, as at a budget): at Dawson's
#: Kayles' heap 34 the least failures keep climbing, ``25 + k·30 + k·34`` for k = 1, 2, …, 13 and
#: on, each candidate larger (docs/benchmarks.md#miseresolver).
MAX_REFINEMENTS = 200
#: Product spaces larger than this are left to the sparse (tuple) trial, which touches only the
#: elements it reaches; smaller ones are built dense (:mod:`zermelo.misere.candidate`, numpy).
DENSE_LIMIT = 3_000_000
#: While numpy is not loaded, trials of product spaces up to this size run in plain Python (the
#: sparse trial, tables as lists): a small quotient (0.75's R8) is found in milliseconds, less
#: than importing numpy takes.
PLAIN_SPACE = 512
#: A quotient whose multiplication table would take more memory than this stops the run (as
#: ``max_order`` does), on a machine shared with other work.  Only an accepted candidate is
#: tabulated (a trial's candidate is its generators' actions, :class:`~zermelo.misere.monoid.ActionTable`).
MAX_TABLE_BYTES = 2 << 30


def table_bytes(order: int) -> int:
    """The memory of a multiplication table of ``order`` elements (:func:`~zermelo.misere.monoid.compact`)."""
    return order * order * (2 if order <= 1 << 16 else 4)


@dataclass(frozen=True)
class Progress:
    """What a long computation reports: the heap reached, the quotient's order, seconds so far."""

    heap: int
    order: int
    seconds: float


class _Budget:
    """The run's one :class:`~zermelo.core.budget.Budget` (its deadline and the cadence of its
    reports), with the heap and the order a report of this run names; past the deadline the run
    stops with what it has (:class:`_OutOfTime`), not an error."""

    def __init__(
        self, seconds: float | None, progress: Callable[[Progress], None] | None, max_order: int = MAX_CANDIDATE
    ) -> None:
        self.max_order = max_order
        self.heap = 0
        self.order = 1
        self.steps = 0
        self.progress = progress
        shown = None if progress is None else self.show
        self.budget = Budget(Limits(None, seconds, shown), counts=None)

    def show(self, p: CoreProgress) -> None:
        if self.progress is not None and not p.done:
            self.progress(Progress(self.heap, self.order, p.seconds))

    def tick(self) -> None:
        self.steps += 1  # counted as work, so the display keeps moving while one heap is verified
        try:
            self.budget.look(positions=self.heap, options=self.order, work=self.steps)
        except SearchLimitExceeded:
            raise _OutOfTime from None


class _OutOfTime(Exception):
    pass


class QuotientTooBig(ZermeloError):
    """The candidate quotient outgrew its budget (:data:`MAX_CANDIDATE` elements by default, a
    table of :data:`MAX_TABLE_BYTES`, :data:`MAX_REFINEMENTS` refinements at one heap)."""


@dataclass
class QuotientRun:
    """The raw result of :func:`compute`: the quotient of heaps ``0..upto`` and how it was found."""

    quotient: Bipartite
    phi: list[int]  # phi[h] for h = 0..upto
    upto: int
    period: int | None  # proven period of phi (None: not proven)
    preperiod: int | None
    expansions: list[int]  # heaps at which the quotient grew
    complete: bool  # True: upto reached maxheap or the period is proven
    stopped: str | None  # why the run stopped early (time), else None
    seconds: float


# ---------------------------------------------------------------------- heaps' options
def heap_option_parts(game: HeapGame, n: int) -> list[tuple[int, ...]]:
    """The distinct options of one heap of ``n``, each as a sorted tuple of non-empty heaps."""
    out: set[tuple[int, ...]] = set()
    for r in game.heap_options(n):
        parts = (r,) if isinstance(r, int) else tuple(r)
        out.add(tuple(sorted(h for h in parts if h)))
    return sorted(out)


# ---------------------------------------------------------------------- candidates
def _cyc(e: int, f: int, index: int) -> int:
    """Exponents in the cyclic monoid ``α^(index+2) = α^index`` (period 2)."""
    s = e + f
    if s > index + 1:
        s = index + (s - index) % 2
    return s


def _trial(
    base: Bipartite,
    phi: Sequence[int],
    options: Sequence[list[tuple[int, ...]]],
    free: dict[int, int],
    budget: _Budget,
    want: Failure | None = None,
) -> tuple[Bipartite, list[int]] | None:
    """The candidate ``base × ∏ cyclic`` with the heaps in ``free`` (heap -> index) on their own
    generators, its P-portion marked from least positions, reduced.  Returns it and the heaps' images;
    with a ``want`` (the failure a refinement must fix), None when the marking does not fix it.
    A product space of at most :data:`DENSE_LIMIT` elements is built dense
    (:func:`~zermelo.misere.candidate.dense_trial`, the same answer faster); a larger one here, sparse,
    and so is one of at most :data:`PLAIN_SPACE` while numpy is not loaded."""
    space = base.order
    for index in free.values():
        space *= index + 2
    if space <= PLAIN_SPACE and not numpy_loaded():
        return _sparse_trial(base, phi, options, free, budget, want)
    if space <= DENSE_LIMIT:
        from .candidate import dense_trial

        too_big = lambda n: _too_big(budget, n)  # noqa: E731
        return dense_trial(base, phi, options, free, budget.tick, budget.max_order, too_big, want=want)
    return _sparse_trial(base, phi, options, free, budget, want)


def _too_big(budget: _Budget, n: int, table_order: int = 0) -> QuotientTooBig:
    if table_order:
        return QuotientTooBig(
            f"a candidate quotient of order {table_order:,} at heap {n} needs a table of more than"
            f" {MAX_TABLE_BYTES >> 30} GiB"
        )
    return QuotientTooBig(f"a candidate quotient outgrew the budget of {budget.max_order:,} elements at heap {n}")


def _sparse_trial(
    base: Bipartite,
    phi: Sequence[int],
    options: Sequence[list[tuple[int, ...]]],
    free: dict[int, int],
    budget: _Budget,
    want: Failure | None = None,
) -> tuple[Bipartite, list[int]] | None:
    n = len(phi) - 1
    free_heaps = sorted(free)
    slot = {h: i for i, h in enumerate(free_heaps)}
    indexes = [free[h] for h in free_heaps]
    table = base.table
    # one product at a time, as a Python int
    at: Callable[[int, int], int] = table.item if is_array(table) else lambda a, b: table[a][b]
    k = len(free_heaps)

    def mul(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
        return (at(a[0], b[0]), *(_cyc(a[i + 1], b[i + 1], indexes[i]) for i in range(k)))

    one = (0,) * (k + 1)
    images: list[tuple[int, ...]] = []
    for h in range(n + 1):
        if h in slot:
            e = [0] * (k + 1)
            e[slot[h] + 1] = 1
            images.append(tuple(e))
        else:
            images.append((phi[h], *([0] * k)))

    def image_of(parts: tuple[int, ...]) -> tuple[int, ...]:
        z = one
        for h in parts:
            z = mul(z, images[h])
        return z

    live = [h for h in range(1, n + 1) if options[h]]
    opt_images = {h: list({image_of(o) for o in options[h]}) for h in live}
    # Mark in lexicographic order of least positions (heaps in increasing order, layer by layer).
    index: dict[tuple[int, ...], int] = {one: 0}
    elems = [one]
    opts: list[frozenset[int]] = [frozenset()]
    is_p = [False]
    for h in live:
        g = images[h]
        layer = list(range(len(elems)))
        while layer:
            new = []
            for y in layer:
                z = mul(elems[y], g)
                if z in index:
                    continue
                s = {index[mul(elems[o], g)] for o in opts[y]}
                s.update(index[mul(elems[y], t)] for t in opt_images[h])
                i = len(elems)
                index[z] = i
                elems.append(z)
                fs = frozenset(s)
                opts.append(fs)
                is_p.append(bool(fs) and not any(is_p[o] for o in fs))
                new.append(i)
                if not i & 1023 or i > budget.max_order:
                    budget.tick()
                    if i > budget.max_order:
                        raise _too_big(budget, n)
            layer = new
    if want is not None and is_p[index[image_of(tuple(h for h, c in want.counts for _ in range(c)))]] != want.true_p:
        return None
    gens = list(dict.fromkeys(images[h] for h in live))
    # Reduce by Moore refinement on the generators' actions, then tabulate the classes.
    acts = [[index[mul(e, g)] for e in elems] for g in gens]
    img, reps = indistinguishable(acts, is_p, budget.tick)
    r = len(reps)
    if table_bytes(r) > MAX_TABLE_BYTES:
        raise _too_big(budget, n, r)
    # The classes' table, column by column: column b·g is g's action on column b.
    cacts = [[img[a[reps[c]]] for c in range(r)] for a in acts]
    columns: list[list[int] | None] = [None] * r
    columns[0] = list(range(r))
    todo = [0]
    for b in todo:
        col = columns[b]
        assert col is not None
        for act in cacts:
            c = act[b]
            if columns[c] is None:
                columns[c] = [act[v] for v in col]
                todo.append(c)
    # every column made; columns[b][a] = b·a; lists while numpy is not loaded (a small quotient)
    full = cast(list[list[int]], columns)
    red_table = compact(full) if numpy_loaded() else full
    budget.tick()
    p = frozenset(img[x] for x in range(len(elems)) if is_p[x])
    new_phi = [img[index[images[h]]] if (h == 0 or options[h]) else 0 for h in range(n + 1)]
    q = Bipartite(red_table, p, minimal_generators(red_table, [new_phi[h] for h in live]))
    return q, new_phi


def _tabulated(q: Bipartite, budget: _Budget, n: int) -> Bipartite:
    """The accepted candidate with its whole multiplication table (the conservative extensions of
    the next heaps and the quotient's readers use it), within :data:`MAX_TABLE_BYTES`."""
    if not isinstance(q.table, ActionTable):
        return q
    if table_bytes(q.order) > MAX_TABLE_BYTES:
        raise _too_big(budget, n, q.order)
    tab = q.as_array()
    return Bipartite(tab, q.p_portion, q.generators, dense=tab)


def _letters(q: Bipartite, phi: Sequence[int], options: Sequence[list[tuple[int, ...]]]) -> list[Letter]:
    seen: dict[tuple[int, frozenset[int]], int] = {}
    for h in range(1, len(phi)):
        if not options[h]:
            continue
        t = frozenset(q.product(phi[x] for x in o) for o in options[h])
        seen.setdefault((phi[h], t), h)
    return [Letter(h, x, t) for (x, t), h in sorted(seen.items(), key=lambda kv: kv[1])]


def _extensions(q: Bipartite, heap_p: bool, t_n: frozenset[int]) -> list[int]:
    """The elements ``x``, increasing, that are P exactly when the heap is and for which ``x·z``
    and ``t·z`` are never both P (``t`` in ``t_n``, ``z`` any element): one array operation per
    ``t`` on an array table, element by element on a small table of lists."""
    p = q.p_portion
    if not is_array(q.table):
        hits = [[z for z, v in enumerate(q.row(t)) if v in p] for t in t_n]
        return [
            x for x in range(q.order) if (x in p) == heap_p and not any(q.table[x][z] in p for hit in hits for z in hit)
        ]
    import numpy as np

    in_p = np.zeros(q.order, dtype=bool)
    in_p[list(p)] = True
    table = q.as_array()
    ok = in_p == heap_p
    for t in t_n:
        hit = in_p[table[t]]
        ok &= ~(in_p[table[:, hit]].any(axis=1)) if hit.any() else True
    return np.flatnonzero(ok).tolist()


# ---------------------------------------------------------------------- one heap
class _Solver:
    def __init__(self, game: HeapGame, budget: _Budget) -> None:
        self.game = game
        self.budget = budget
        self.q = Bipartite([[0]], frozenset(), ())
        self.phi = [0]
        self.options: list[list[tuple[int, ...]]] = [[]]
        self.bounds = Bounds({0: [frozenset()]})
        self.expansions: list[int] = []
        self.done = 0  # the last heap fully added

    def add_heap(self) -> None:
        n = len(self.phi)
        self.options.append(heap_option_parts(self.game, n))
        self.budget.heap = n
        opts = self.options[n]
        if not opts:
            self.phi.append(0)  # a heap without moves is the empty game
        else:
            t_n = frozenset(self.q.product(self.phi[x] for x in o) for o in opts)
            x = self._conservative(n, t_n)
            self.phi.append(0 if x is None else x)
            if x is None:
                self._expand(n)
        self.done = n

    def rollback(self) -> None:
        """Forget a heap left half done (the run stopped inside it)."""
        del self.phi[self.done + 1 :]
        del self.options[self.done + 1 :]

    def _conservative(self, n: int, t_n: frozenset[int]) -> int | None:
        q = self.q
        p = q.p_portion
        heap_p = not any(t in p for t in t_n)
        cands = _extensions(q, heap_p, t_n)
        for x in cands:  # the quick test: the heap has at least the options of a known position
            if self.bounds.covers(x, t_n):
                return x
        for x in cands:
            phi = [*self.phi, x]
            failure, bounds = find_failure(q, _letters(q, phi, self.options), tick=self.budget.tick)
            if failure is None:
                self.bounds = bounds
                return x
        return None

    def _expand(self, n: int) -> None:
        self.expansions.append(n)
        first = _trial(self.q, self.phi, self.options, {n: 2}, self.budget)
        assert first is not None  # no want: always a candidate
        q, phi = first
        for _ in range(MAX_REFINEMENTS):
            self.budget.order = q.order
            failure, bounds = find_failure(q, _letters(q, phi, self.options), tick=self.budget.tick)
            if failure is None:
                self.q, self.phi, self.bounds = _tabulated(q, self.budget, n), phi, bounds
                return
            q, phi = self._refine(q, phi, failure)
        raise QuotientTooBig(
            f"{MAX_REFINEMENTS} refinements of the candidate quotient at heap {n} found no verified one"
            f" (the last of order {q.order:,})"
        )

    def _refine(self, q: Bipartite, phi: list[int], failure: Failure) -> tuple[Bipartite, list[int]]:
        heaps = [h for h, _ in failure.counts]
        exps = dict(failure.counts)
        for grow in (0, 2, 6):
            for size in range(1, len(heaps) + 1):
                for chosen in combinations(heaps, size):
                    free = {h: max(2, q.power_index(phi[h])[0], exps[h] + grow) for h in chosen}
                    fixed = _trial(q, phi, self.options, free, self.budget, failure)
                    if fixed is not None:
                        return fixed
        where = " + ".join(f"{c}×{h}" if c > 1 else str(h) for h, c in failure.counts)
        raise Unsupported(f"could not refine the candidate quotient at heap {len(phi) - 1} (position {where})")


# ---------------------------------------------------------------------- periodicity
def proof_bound(game: HeapGame, p: int, n0: int) -> int | None:
    """The largest heap the periodicity theorem needs for period ``p`` from ``n0`` (the game's
    :meth:`~zermelo.heaps.heap.HeapGame.period_proof`), or None when no theorem applies."""
    return game.period_proof(p, n0)


def find_period(phi: Sequence[int], game: HeapGame) -> tuple[int, int, bool] | None:
    """``(p, n0, proven)``: the period of ``Φ`` with the least ``n0 + p`` that the data prove, or
    else the shortest one seen at least three times; None when none is seen."""
    n = len(phi) - 1
    seen: tuple[int, int] | None = None
    best: tuple[int, int] | None = None
    for p in range(1, n // 2 + 1):
        n0 = n - p + 1  # no pair checked yet; extend backwards while phi[m] == phi[m + p]
        while n0 > 1 and phi[n0 - 1] == phi[n0 - 1 + p]:
            n0 -= 1
        if n0 > n - p:
            continue
        bound = proof_bound(game, p, n0)
        if bound is not None and bound <= n:
            if best is None or n0 + p < best[0] + best[1]:
                best = (n0, p)
        elif seen is None and n - n0 + 1 >= 3 * p:
            seen = (n0, p)
    if best is not None:
        return best[1], best[0], True
    if seen is not None:
        return seen[1], seen[0], False
    return None


# ---------------------------------------------------------------------- the driver
def compute(
    game: HeapGame,
    maxheap: int,
    *,
    seconds: float | None = None,
    progress: Callable[[Progress], None] | None = None,
    max_order: int = MAX_CANDIDATE,
) -> QuotientRun:
    """The misère quotient of ``game`` with heaps up to ``maxheap`` (fewer if its period is proven).

    Past ``seconds``, or when a candidate quotient would have more than ``max_order`` elements,
    the run stops and reports the heaps it finished (``complete`` false).
    """
    budget = _Budget(seconds, progress, max_order)
    solver = _Solver(game, budget)
    stopped: str | None = None
    period: tuple[int, int, bool] | None = None
    try:
        for _ in range(maxheap):
            solver.add_heap()
            budget.order = solver.q.order
            budget.tick()
            period = find_period(solver.phi, game)
            if period is not None and period[2]:
                break
    except _OutOfTime:
        stopped = f"time budget of {seconds:g} s reached" if seconds is not None else "time budget reached"
        solver.rollback()
    except QuotientTooBig as exc:
        stopped = str(exc)
        solver.rollback()
    upto = len(solver.phi) - 1
    proven = period is not None and period[2] and stopped is None
    return QuotientRun(
        quotient=solver.q,
        phi=list(solver.phi),
        upto=upto,
        period=period[0] if proven and period else None,
        preperiod=period[1] if proven and period else None,
        expansions=[e for e in solver.expansions if e <= upto],
        complete=stopped is None,
        stopped=stopped,
        seconds=budget.budget.seconds(),
    )
