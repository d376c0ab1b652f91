"""The kernels' drivers for :func:`~zermelo.heaps.sequence.sequence`: one runner per kernel.

Each runner fills ``g[start:stop]`` of the values array, assuming ``g[:start]`` is done, keeping
whatever scratch its kernel needs between chunks (and handing it to a checkpoint:
:meth:`_Runner.scratch` / :meth:`_Runner.restore`).  :func:`_runner` picks the runner a game
gets, with the periodicity rule that applies to it.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..core.errors import InvalidPosition, Unsupported
from ..core.heap_codes import Code
from ..core.limits import Limits
from ..core.sparse_space import MaskChoice, parity_table, pick_mask
from ..rules import Impartial
from ..search import heap_kernels as kernels
from .driver import KERNELS, MAX_CODE_DIGITS, SPARSE_COST, WARM, code_of, plain_label
from .heap import HeapGame

__all__ = ["KERNELS", "MAX_CODE_DIGITS", "OctalRunner", "code_of", "kernel_label", "runner_for"]

#: The largest Grundy value a checkpoint may give a kernel (2^20 - 1): the octal kernels' scratch is
#: an array as long as twice the largest value, the take-and-break kernel's a bit set as wide.
MAX_VALUE = (1 << 20) - 1


def options_bound(code: Code, n: np.ndarray) -> np.ndarray:
    """At least the number of options of each heap ``n`` (so at least its Grundy value: a mex is
    never more than the number of options), at most :data:`MAX_VALUE`.

    Removing ``k`` and leaving ``j`` non-empty heaps of ``m = n - k`` counters has at most
    ``C(m - 1, j - 1)`` ways (the compositions of ``m``); a repeating code, which may remove any
    number, has at most ``C(n, j)`` such options in all (the hockey-stick identity).

    >>> from zermelo.core.heap_codes import parse_code
    >>> options_bound(parse_code("0.9", 16, "hex"), np.arange(6)).tolist()  # k=1: none or three heaps
    [0, 1, 0, 0, 1, 3]
    """
    n = np.asarray(n, dtype=np.int64)
    total = np.zeros(n.shape, np.float64)

    def ways(m: np.ndarray, j: int) -> np.ndarray:
        out: np.ndarray = (m == 0 if j == 0 else m >= j).astype(np.float64)
        for i in range(1, j):
            out *= np.maximum(m - i, 0) / i
        return out

    if code.repeat:
        for j in range(code.max_heaps + 1):
            total += ways(n + 1, j + 1) if j else 1.0  # C(n, j): compositions of n + 1 into j + 1
    else:
        for k, d in enumerate(code.digits):
            for j in range(d.bit_length()):
                if d >> j & 1:
                    total += ways(n - k, j)
    return np.minimum(total, MAX_VALUE).astype(np.int64)


# -- runners: each fills g[start:stop] ----------------------------------------------------------
class _Runner:
    kernel = "engine"
    dtype: Any = np.int32

    def run(self, g: np.ndarray, start: int, stop: int) -> None:
        raise NotImplementedError

    def prepare(self) -> None:
        """Every compiled kernel this runner calls, compiled (or loaded from numba's disk cache)
        now, each called on an empty range with the argument types of a real call: a run makes its
        big values array after this.  Compiled after it, a kernel found no room left under an
        address-space cap (`sequence octal:0.16 --upto 1000000000` in 4 GiB on a cold cache:
        "internal error: MemoryError" where the array alone fits)."""

    def mask(self) -> MaskChoice | None:
        return None

    def scratch(self, done: int) -> dict[str, np.ndarray]:
        """What a checkpoint keeps besides the values (the runner's scratch for heaps 0..done-1)."""
        return {}

    def restore(self, extra: dict[str, np.ndarray], done: int, values: np.ndarray) -> None:
        """Take back what :meth:`scratch` saved (the runner rebuilds whatever it lacks)."""

    def most(self, n: np.ndarray) -> np.ndarray:
        """The largest Grundy value heap ``n`` may have (per heap) in a checkpoint: a value read
        from disk above it is refused before a kernel sees it.  The compiled kernels' bound is the
        number of a heap's options (a mex is never more), and at most :data:`MAX_VALUE` (their
        scratch is sized by the largest value); the engine reads no saved value, so only its dtype
        bounds them."""
        return np.full(n.shape, np.iinfo(self.dtype).max, np.int64)


class _SubtractionRunner(_Runner):
    kernel = "subtraction-bitset"
    dtype = np.uint8

    def __init__(self, s: tuple[int, ...]) -> None:
        self.s = np.array(sorted(s), np.int64)

    def run(self, g: np.ndarray, start: int, stop: int) -> None:
        kernels.subtraction_bitset(g, start, stop, self.s)

    def prepare(self) -> None:
        kernels.subtraction_bitset(np.zeros(1, self.dtype), 0, 0, self.s)

    def most(self, n: np.ndarray) -> np.ndarray:
        out: np.ndarray = np.minimum(n, len(self.s))  # a heap has at most |S| options
        return out


class _AllButRunner(_Runner):
    kernel = "allbut-counts"

    def __init__(self, excluded: frozenset[int]) -> None:
        self.s = np.array(sorted(excluded), np.int64)
        self.count: np.ndarray | None = None

    def run(self, g: np.ndarray, start: int, stop: int) -> None:
        while start < stop:
            if self.count is None or self.count.shape[0] < 2 * (int(g[:start].max(initial=0)) + 4):
                top = int(g[:start].max(initial=0))
                self.count = np.bincount(g[:start].astype(np.int64), minlength=2 * top + 1024)
            start = int(kernels.allbut_counts(g, start, stop, self.s, self.count))
            if start < stop:
                self.count = None

    def prepare(self) -> None:
        kernels.allbut_counts(np.zeros(1, self.dtype), 0, 0, self.s, np.zeros(4, np.int64))

    def most(self, n: np.ndarray) -> np.ndarray:
        return n  # heap n moves to smaller heaps only: at most n options


def _code_arrays(code: Code, length: int) -> tuple[np.ndarray, ...]:
    """The digits and the ``!`` marks as arrays: ``length`` of them for a repeating code, every
    digit of another (the runners build these once for such a code: cut at a first chunk's end,
    ``octal:0.001 --upto 2`` lost its move at heap 3 and "proved" period 1 from heap 0)."""
    size = length if code.repeat else len(code.digits)
    d = np.array([code.digit(k) for k in range(size)], np.int64)
    u = np.array([code.is_unequal(k) for k in range(size)], np.uint8)
    return d, u


class OctalRunner(_Runner):
    """Codes leaving at most two heaps: the sparse-space kernel (or the plain one if asked)."""

    #: :data:`zermelo.heaps.driver.WARM` and :data:`~zermelo.heaps.driver.SPARSE_COST` (a test lowers them).
    warm = WARM
    sparse_cost = SPARSE_COST

    def __init__(self, code: Code, sparse: bool) -> None:
        self.code = code
        self.sparse = sparse
        self.kernel = "octal-sparse" if sparse else "octal-plain"
        self.mark = np.zeros(64, np.int64)
        self.length = 0
        self.choice: MaskChoice | None = None
        self.rare = np.zeros(0, np.int64)
        self.nrare = 0
        self.stale = False  # the rare list misses heaps the plain rule computed
        self.plain_heaps = 0  # heaps past the warm-up computed by the plain rule (no sparse space)

    def _arrays(self, stop: int) -> None:
        if self.length >= stop or (not self.code.repeat and self.length):
            return
        d, self.uneq = _code_arrays(self.code, max(stop, 1))
        self.take0 = (d & 1).astype(np.uint8)
        self.take1 = (d >> 1 & 1).astype(np.uint8)
        self.split = (d >> 2 & 1).astype(np.uint8)
        self.split_k = np.nonzero(self.split)[0].astype(np.int64)
        self.length = stop

    def _grow_mark(self, g: np.ndarray, upto: int) -> None:
        top = int(g[:upto].max(initial=0))
        size = self.mark.shape[0]
        while top + 1 >= size // 2:
            size *= 2
        if size != self.mark.shape[0]:
            self.mark = np.zeros(size, np.int64)

    def mask(self) -> MaskChoice | None:
        return self.choice

    def prepare(self) -> None:
        g, mark, rare = np.zeros(1, self.dtype), np.zeros(64, np.int64), np.zeros(1, np.int64)
        d, uneq = _code_arrays(self.code, 1)
        bits = [(d >> i & 1).astype(np.uint8) for i in range(3)]  # take0, take1, split: as _arrays makes them
        kernels.octal_plain(g, 0, 0, *bits, uneq, mark)
        if self.sparse:
            ks, good, parity = np.zeros(0, np.int64), np.zeros(0, np.uint8), parity_table(0, 64)
            kernels.octal_sparse(g, 0, 0, bits[0], bits[1], ks, good, uneq, mark, parity, rare, 0, 0, 0)

    def most(self, n: np.ndarray) -> np.ndarray:
        return options_bound(self.code, n)

    def _repick(self, g: np.ndarray, done: int) -> None:
        parities = {int(k) % 2 for k in self.split_k}
        choice = pick_mask(g[:done], parities)
        self.choice = choice
        self.parity = parity_table(choice.mask, self.mark.shape[0])
        if choice.domain:
            target = (np.arange(done) + choice.off) & 1
            self.good = ((self.split_k % 2) == choice.off).astype(np.uint8)
        else:
            target = np.zeros(done, np.int64)
            self.good = np.ones(self.split_k.shape[0], np.uint8)
        where = np.nonzero(self.parity[g[:done]] == target)[0]
        self.nrare = where.shape[0]
        self.rare = np.zeros(max(2 * self.nrare, self.nrare + 256), np.int64)
        self.rare[: self.nrare] = where

    def run(self, g: np.ndarray, start: int, stop: int) -> None:
        self._arrays(stop)
        warm = self.warm
        while start < stop:
            self._grow_mark(g, start)
            if not self.sparse or start < warm:
                end = stop if not self.sparse else min(stop, warm)
                start = int(
                    kernels.octal_plain(g, start, end, self.take0, self.take1, self.split, self.uneq, self.mark)
                )
                continue
            if (
                self.choice is None
                or self.stale
                or self.parity.shape[0] != self.mark.shape[0]
                or self.nrare >= self.rare.shape[0]
            ):
                self._repick(g, start)
                self.stale = False
            assert self.choice is not None
            if self.sparse_cost * self.choice.rare > (start + stop) / 4:
                end = int(kernels.octal_plain(g, start, stop, self.take0, self.take1, self.split, self.uneq, self.mark))
                self.plain_heaps += end - start
                self.stale = True  # re-pick (and rebuild the rare list) before the next sparse chunk
                start = end
                continue
            start, self.nrare = kernels.octal_sparse(
                g,
                start,
                stop,
                self.take0,
                self.take1,
                self.split_k,
                self.good,
                self.uneq,
                self.mark,
                self.parity,
                self.rare,
                self.nrare,
                self.choice.domain,
                self.choice.off,
            )
            start = int(start)


class _TBreakRunner(_Runner):
    """Codes leaving three or more heaps: the value sets of every split, kept between chunks.

    ``sets[j, m]`` (the values of the splits of ``m`` into ``j`` heaps) is the kernel's scratch:
    rows ``0..built-1`` are done.  It grows by doubling as the run goes, widens (and is
    rebuilt) when a value outgrows it, and goes into the checkpoint, so a resumed run goes on
    where the saved one stopped.
    """

    kernel = "tbreak-plain"

    def __init__(self, code: Code) -> None:
        self.code = code
        self.jmax = max(1, code.max_heaps)
        self.width = 64
        self.sets = np.zeros((self.jmax + 1, 0, self.width), np.uint8)
        self.mark = np.zeros(self.width, np.int64)
        self.built = 0
        self.length = 0

    def _arrays(self, stop: int) -> None:
        if self.length >= stop or (not self.code.repeat and self.length):
            return
        self.digits, self.uneq = _code_arrays(self.code, max(stop, 2 * self.length, 1))
        self.length = self.digits.shape[0] if self.code.repeat else max(stop, 1)

    def _room(self, stop: int, most: int) -> None:
        have = self.sets.shape[1]
        if have >= stop:
            return
        rows = min(max(stop, 2 * have), max(most, stop))
        try:
            bigger = np.zeros((self.jmax + 1, rows, self.width), np.uint8)
        except MemoryError:
            mib = (self.jmax + 1) * rows * self.width / 2**20
            raise InvalidPosition(f"not enough memory for the value sets of {rows:,} heaps ({mib:,.0f} MiB)") from None
        bigger[:, : self.built] = self.sets[:, : self.built]
        self.sets = bigger

    def most(self, n: np.ndarray) -> np.ndarray:
        return options_bound(self.code, n)  # the sets it keeps are checked in restore()

    def prepare(self) -> None:
        digits, uneq = _code_arrays(self.code, 1)
        sets = np.zeros((self.jmax + 1, 1, 64), np.uint8)
        kernels.tbreak_plain(np.zeros(1, self.dtype), 0, 0, digits, uneq, sets, np.zeros(64, np.int64))

    def run(self, g: np.ndarray, start: int, stop: int) -> None:
        self._arrays(stop)
        self._room(stop, g.shape[0])
        begin = min(self.built, start)  # rows missing (a resumed run without saved sets): recomputed
        while begin < stop:
            self.sets[:, begin:] = 0
            begin = int(kernels.tbreak_plain(g, begin, stop, self.digits, self.uneq, self.sets, self.mark))
            self.built = begin
            if begin < stop:  # a value reached half the width: widen, keeping the rows done
                self.width *= 2
                wider = np.zeros((self.jmax + 1, self.sets.shape[1], self.width), np.uint8)
                wider[:, :begin, : self.width // 2] = self.sets[:, :begin]
                self.sets = wider
                self.mark = np.zeros(self.width, np.int64)

    def scratch(self, done: int) -> dict[str, np.ndarray]:
        rows = min(done, self.built)
        return {"tbreak_sets": np.packbits(self.sets[2:, :rows], axis=2)}

    def restore(self, extra: dict[str, np.ndarray], done: int, values: np.ndarray) -> None:
        packed = extra.get("tbreak_sets")
        if packed is None or packed.ndim != 3 or packed.shape[0] != self.jmax - 1 or packed.shape[1] != done:
            return  # no usable sets: run() rebuilds them (and the values) from heap 0
        width = packed.shape[2] * 8
        if width < 64 or width & (width - 1) or packed.dtype != np.uint8:
            return
        if done and 2 * int(values[:done].max()) + 2 > width:
            return  # the kernel keeps every value below width / 2: these sets are not its own
        self.width = width
        self.sets = np.zeros((self.jmax + 1, done, width), np.uint8)
        self.sets[2:] = np.unpackbits(packed, axis=2)
        self.mark = np.zeros(width, np.int64)
        self.built = done


class _EngineRunner(_Runner):
    kernel = "engine"
    # Chunks of heaps, so a checkpoint is written as the run goes; a resumed run's engine finds
    # the smaller heaps again as it needs them.

    def __init__(self, game: Impartial[Any], limits: Limits) -> None:
        self.game = game
        self.limits = limits

    def run(self, g: np.ndarray, start: int, stop: int) -> None:
        from ..search.engine import engine_for

        values = engine_for(self.game).grundies(list(range(start, stop)), self.limits)
        if any(not isinstance(v, int) for v in values):
            raise Unsupported(f"{self.game.spec()}: some heap has a loopy value; no Grundy sequence")
        g[start:stop] = np.array(values, dtype=np.int64)


def runner_for(
    game: Impartial[Any], kernel: str | None, limit: int, limits: Limits | None = None
) -> tuple[_Runner, str, int | None, int]:
    """The runner, the proof rule ("subtraction" / "octal" / ""), t, and the most heaps left.

    Heaps above ``limit`` are never computed, so a subtraction (or excluded) number above it
    never applies: the kernels take the numbers up to ``limit`` (a member of 10^300 is no
    array size), and the subtraction-game proof, which needs heaps past max(S), is not tried.
    """
    if not isinstance(game, HeapGame):  # a game on whole numbers (a decorated one): the engine
        if kernel not in (None, "engine"):
            raise Unsupported(f"{game.spec()}: the {kernel} kernel is for the heap games zermelo knows")
        s = game.subtraction_set  # declared: the subtraction-game theorem proves the period
        rule, removal = ("subtraction", max(s)) if s else ("", None)
        return _EngineRunner(game, limits or Limits(None)), rule, removal, 1 if s else 0
    if kernel == "engine":
        return _EngineRunner(game, limits or Limits(None)), "", None, 0
    if game.subtraction_set is not None and kernel in (None, "subtraction-bitset"):
        used = tuple(k for k in game.subtraction_set if k <= limit)
        if len(used) <= 62:
            whole = len(used) == len(game.subtraction_set)
            return _SubtractionRunner(used), "subtraction" if whole else "", max(used) if whole else None, 1
    if game.excluded is not None and kernel in (None, "allbut-counts"):
        kept = frozenset(k for k in game.excluded if k <= limit)
        whole = len(kept) == len(game.excluded)  # an excluded number beyond the data: no proof
        return _AllButRunner(kept), "allbut" if whole else "", max(kept, default=0) if whole else None, 1
    code = code_of(game)
    if code is not None:
        rule = "octal" if code.max_heaps <= 2 and not code.repeat and not any(code.unequal) else ""
        if code.max_heaps >= 3 and not code.repeat and not any(code.unequal):
            rule = "tbreak"
        if code.max_heaps <= 2 and kernel in (None, "octal-sparse", "octal-plain"):
            return OctalRunner(code, kernel != "octal-plain"), rule, code.max_removal, code.max_heaps
        if kernel in (None, "tbreak-plain"):
            return _TBreakRunner(code), rule, code.max_removal, code.max_heaps
    if kernel is not None:
        raise Unsupported(f"{game.spec()}: the {kernel} kernel does not apply to this game")
    return _EngineRunner(game, limits or Limits(None)), "", None, 0


def kernel_label(runner: _Runner, done: int) -> str:
    """The kernel's name, saying so when the plain rule did most of a sparse run's work."""
    if isinstance(runner, OctalRunner) and runner.sparse:
        return plain_label(runner.kernel, runner.plain_heaps, done)
    return runner.kernel
