"""A short octal run without numpy: ``zermelo sequence octal:CODE --upto N`` in a lean process.

A process that imports numpy pays about 0.12 s of CPU for it, more than the C++ sparse-space
solver (github.com/tczajka/octal-games) takes for 0.161's first 2^16 heaps (issue 31, item 2).
So when ``zermelo compile`` has built the buffer kernels (:mod:`zermelo.search.heap_buffers`, an
extension that loads without numpy), the command runs an octal code leaving at most two heaps
here: the values in an ``array.array``, the same compiled kernels called on memoryviews of it.

It is :func:`zermelo.heaps.sequence.sequence` with :class:`~zermelo.heaps.runners.OctalRunner`,
step for step — the warm-up by the plain rule, the mask picked from the values' Walsh–Hadamard
transform whenever the runner picks one, the rare list, the plain rule where no sparse space
pays, the chunks, the looks for a proven period and the copy once one is — for the command's
case only: no checkpoint, no budget, no forced kernel, a code that does not repeat.  The answer
is the same :class:`~zermelo.heaps.driver.HeapSequence` (its values an ``array.array``);
``tests/test_heaps_quick.py`` compares the two drivers field by field.
"""

from __future__ import annotations

import time
from array import array
from collections.abc import Callable
from typing import Any, cast

from ..core import aot
from ..core.heap_codes import Code
from ..core.sparse_space import MaskChoice, parity_bytes
from ..search import buffer_signatures
from ..search.period_bounds import Periodicity, proof_length
from .driver import (
    SPARSE_COST,
    WARM,
    HeapSequence,
    SequenceProgress,
    heaps_allowed,
    next_chunk,
    period_need,
    plain_label,
    verdict,
)

__all__ = ["available", "eligible", "kernels", "numba_kernels", "sequence"]


#: The most heaps (``upto + 1``) this driver is for: past them numpy's import is a small part of a
#: run, and the sequence driver's refusal of a values array past the memory is worded.
MOST = 1 << 24


def eligible(code: Code | None, upto: int = 0) -> bool:
    """Whether this driver runs the code to heap ``upto``: at most two heaps left by a move, no
    repeating digit, at most :data:`MOST` heaps."""
    return code is not None and code.max_heaps <= 2 and not code.repeat and upto < MOST


def available() -> bool:
    """Whether the buffer kernels were compiled ahead of time for this source on this machine."""
    buffer_signatures.declare()
    return aot.available(buffer_signatures.MODULE)


def kernels() -> dict[str, Callable[..., Any]]:
    """The buffer kernels' compiled forms by name (each checks its arguments' types first; a call
    they do not accept goes to numba's dispatcher of :mod:`zermelo.search.heap_buffers`)."""
    buffer_signatures.declare()
    found: dict[str, Callable[..., Any]] = dict(aot.kernels(buffer_signatures.MODULE, _numba))
    return found


def numba_kernels() -> dict[str, Callable[..., Any]]:
    """The buffer kernels as numba's dispatchers (what their extension is compiled from): for the
    tests and the warm-up, which import numpy and numba anyway."""
    return {name: _numba(name) for name in buffer_signatures.SIGNATURES}


def _numba(name: str) -> Any:
    import importlib

    from ..core import _jit

    return _jit.dispatcher(getattr(importlib.import_module(buffer_signatures.MODULE), name))


def _zeros(code: str, n: int) -> array[int]:
    return array(code, [0]) * n


class _Octal:
    """:class:`~zermelo.heaps.runners.OctalRunner` (sparse) on buffers."""

    def __init__(self, code: Code, k: dict[str, Callable[..., Any]]) -> None:
        self.k = k
        size = len(code.digits)
        d = [code.digit(i) for i in range(size)]
        self.take0 = memoryview(array("B", [x & 1 for x in d]))
        self.take1 = memoryview(array("B", [x >> 1 & 1 for x in d]))
        self.uneq = memoryview(array("B", [code.is_unequal(i) for i in range(size)]))
        self.split = memoryview(array("B", [x >> 2 & 1 for x in d]))
        self.split_k = memoryview(array("q", [i for i in range(size) if d[i] >> 2 & 1]))
        self.mark = memoryview(_zeros("q", 64))
        self.choice: tuple[int, int, int, int] | None = None  # mask, domain, off, rare
        self.parity = memoryview(_zeros("B", 0))
        self.good = memoryview(_zeros("B", 0))
        self.rare = memoryview(_zeros("q", 0))
        self.nrare = 0
        self.stale = False
        self.plain_heaps = 0
        self.top = 0  # the largest value computed so far
        self.plain = self.k["octal_plain"]
        self.sparse = self.k["octal_sparse"]

    def _grow_mark(self) -> None:
        size = len(self.mark)
        while self.top + 1 >= size // 2:
            size *= 2
        if size != len(self.mark):
            self.mark = memoryview(_zeros("q", size))

    def _repick(self, g: memoryview, done: int) -> None:
        parities = {k % 2 for k in self.split_k}
        mask, domain, off, _ = self.choice = _pick_mask(g[:done], self.top, parities, self.k)
        self.parity = memoryview(array("B", parity_bytes(mask, len(self.mark))))
        self.good = memoryview(array("B", [(k % 2 == off) if domain else 1 for k in self.split_k]))
        count = self.k["rare_list"](g[:done], self.parity, domain, off, memoryview(_zeros("q", 0)))
        self.rare = memoryview(_zeros("q", max(2 * count, count + 256)))
        self.nrare = self.k["rare_list"](g[:done], self.parity, domain, off, self.rare)

    def _ran(self, g: memoryview, start: int, end: int) -> int:
        if end > start:
            self.top = max(self.top, self.k["largest"](g[start:end]))
        return end

    def run(self, g: memoryview, start: int, stop: int) -> None:
        args = (self.take0, self.take1)
        while start < stop:
            self._grow_mark()
            if start < WARM:
                end = min(stop, WARM)
                start = self._ran(g, start, self.plain(g, start, end, *args, self.split, self.uneq, self.mark))
                continue
            if self.choice is None or self.stale or len(self.parity) != len(self.mark) or self.nrare >= len(self.rare):
                self._repick(g, start)
                self.stale = False
            assert self.choice is not None
            if SPARSE_COST * self.choice[3] > (start + stop) / 4:
                end = self._ran(g, start, self.plain(g, start, stop, *args, self.split, self.uneq, self.mark))
                self.plain_heaps += end - start
                self.stale = True
                start = end
                continue
            _, domain, off, _ = self.choice
            end, self.nrare = self.sparse(
                g, start, stop, *args, self.split_k, self.good, self.uneq, self.mark, self.parity, self.rare,
                self.nrare, domain, off,
            )  # fmt: skip
            start = self._ran(g, start, end)


def _pick_mask(
    g: memoryview, top: int, parities: set[int], k: dict[str, Callable[..., Any]]
) -> tuple[int, int, int, int]:
    """:func:`zermelo.core.sparse_space.pick_mask` on a buffer: (mask, domain, off, rare)."""
    n = len(g)
    size = 1 << max(1, top.bit_length()) if n else 2
    h, hs = memoryview(_zeros("q", size)), memoryview(_zeros("q", size))
    k["tally"](g, h, hs)
    k["walsh"](h)
    h[0] = n + 1  # mask 0 makes every position rare in the range form
    m = min(range(size), key=h.__getitem__)
    best = (m, 0, 0, (n + h[m]) // 2)
    if len(parities) == 1:
        off = next(iter(parities))
        k["walsh"](hs)
        if off:
            hs = memoryview(array("q", [-x for x in hs]))
        hs[0] = n + 1
        m = min(range(size), key=hs.__getitem__)
        rare = (n + hs[m]) // 2
        if rare < best[3]:
            best = (m, 1, off, rare)
    return best


def sequence(
    game: Any,
    code: Code,
    upto: int,
    *,
    prove: bool = True,
    max_upto: int | None = None,
    progress: Callable[[SequenceProgress], None] | None = None,
    found_kernels: dict[str, Callable[..., Any]] | None = None,
) -> HeapSequence:
    """:func:`zermelo.heaps.sequence.sequence` of ``game`` (whose code is ``code``, :func:`eligible`)
    without numpy: the kernels are :func:`kernels` (or ``found_kernels``, a test's)."""
    t0 = time.monotonic()
    k = found_kernels if found_kernels is not None else kernels()
    limit = heaps_allowed(upto, max_upto, None)
    rule = "octal" if code.is_octal else ""
    removal, heaps = code.max_removal, code.max_heaps
    runner = _Octal(code, k)
    values = _zeros("i", upto + 1)
    run = _Run(runner, values, progress, t0, k)
    run.compute(upto + 1, "computing", rule, removal, heaps)
    found, ok, proof = run.periodicity(rule, removal, heaps)
    while prove and found is not None and not ok and not found.saltus and rule:
        assert removal is not None
        need = period_need(found, rule, removal, heaps)
        if need <= run.done or need > limit + 1:
            break
        run.compute(need, "proving the period", rule, removal, heaps)
        found, ok, proof = run.periodicity(rule, removal, heaps)
    run.tell(run.done, "done")
    g = memoryview(run.values)[: upto + 1]
    largest = k["largest"](g) if upto >= 0 else 0
    rare_mask = rare_count = None
    if runner.choice is not None:
        mask, domain, off, _ = runner.choice
        rare_mask = MaskChoice(mask, domain, off, 0).describe()
        rare_count = _rare_count(g, largest, mask, domain, off, k)
    filled = run.filled
    label = plain_label("octal-sparse", runner.plain_heaps, run.done)
    return HeapSequence(
        game=game.spec(),
        upto=upto,
        values=cast(Any, run.values if len(run.values) == upto + 1 else run.values[: upto + 1]),
        period=found.period if found else None,
        preperiod=found.preperiod if found else None,
        saltus=found.saltus if found else 0,
        proven=ok,
        proof=proof,
        kernel=label + (f" (then the proven period from heap {filled[0]})" if filled else ""),
        computed=run.done,
        seconds=time.monotonic() - t0,
        rare_mask=rare_mask,
        rare_count=rare_count,
        top=largest,
    )


def _rare_count(g: memoryview, largest: int, mask: int, domain: int, off: int, k: dict[str, Any]) -> int:
    """How many heaps of ``g`` are rare for the mask (``_rare_heaps`` of the sequence driver)."""
    size = 1 << max(1, largest.bit_length())
    parity = memoryview(array("B", parity_bytes(mask, size)))
    return int(k["rare_list"](g, parity, domain, off, memoryview(_zeros("q", 0))))


class _Run:
    """``sequence``'s ``_Run`` without a checkpoint or a deadline."""

    def __init__(
        self,
        runner: _Octal,
        values: array[int],
        progress: Callable[[SequenceProgress], None] | None,
        t0: float,
        k: dict[str, Callable[..., Any]],
    ) -> None:
        self.runner, self.values, self.progress, self.t0, self.k = runner, values, progress, t0, k
        self.done = 0
        self.filled: list[int] = []

    def tell(self, stop: int, phase: str) -> None:
        if self.progress is not None:
            self.progress(SequenceProgress(self.done, stop, time.monotonic() - self.t0, phase))

    def periodicity(
        self, rule: str, removal: int | None, heaps: int, *, saltus: bool = True
    ) -> tuple[Periodicity | None, bool, str]:
        """``sequence``'s ``_periodicity`` of the values done."""
        g = memoryview(self.values)[: self.done]
        found = self.detect(g, False)
        if found is None:
            if not saltus:
                return None, False, "no period seen"
            found = self.detect(g, True)
            if found is None:
                return None, False, "no period seen"
            return found, False, "arithmetic period observed (no proof implemented)"
        if not rule or removal is None:
            return found, False, "observed only (no periodicity theorem for this game)"
        need = proof_length(found.period, found.preperiod, removal=removal, heaps=heaps)
        p, n0 = found.period, found.preperiod
        ok = len(g) >= need and g[n0 + p : need] == g[n0 : need - p]
        return found, ok, verdict(rule, removal, heaps, need, ok)

    def detect(self, g: memoryview, saltus: bool) -> Periodicity | None:
        """:func:`zermelo.search.periodicity.detect` on a buffer."""
        n = len(g)
        if n < 3:
            return None
        want = max(min(64, n // 4), n // 16, 1)
        p, n0, s = self.k["tail_runs"](g, n - 1 - want, want, saltus)
        return Periodicity(int(p), int(n0), int(s)) if p else None

    def compute(self, stop: int, phase: str, rule: str, removal: int | None, heaps: int) -> None:
        """``_Run.compute``: chunks by the kernel, and the looks for a proven period."""
        if stop > len(self.values):
            self.values.extend(_zeros("i", stop - len(self.values)))
        g = memoryview(self.values)
        chunk = 256
        looking = removal is not None and bool(rule)
        look = 1024
        while self.done < stop:
            if looking and self.done >= look:
                assert removal is not None
                found, ok, _ = self.periodicity(rule, removal, heaps, saltus=False)
                if ok and found is not None:
                    self.filled.append(self.done)
                    self.copy_period(g, found, stop)
                    break
                look = 2 * self.done
                if found is not None:
                    need = period_need(found, rule, removal, heaps)
                    if self.done < need < look:
                        look = need
            first, end = self.done, min(stop, look if looking else stop, self.done + chunk)
            t = time.monotonic()
            self.runner.run(g, first, end)
            self.done = end
            chunk = next_chunk(chunk, time.monotonic() - t)
            self.tell(stop, phase)
        g.release()

    def copy_period(self, g: memoryview, found: Periodicity, stop: int) -> None:
        """``_Run.copy_period``: G(n) = G(n - p), whole periods copied, doubling."""
        p, n0 = found.period, found.preperiod
        while self.done < stop:
            done = self.done
            shift = (done - n0) // p * p
            take = min(shift, stop - done)
            g[done : done + take] = g[done - shift : done - shift + take]
            self.done += take
            self.tell(stop, "copying the period")
