"""``sequence(game, upto)``: the Grundy values of heaps 0..upto, their period, and its proof.

The game decides the kernel:

* a take-and-break code (``HeapGame.take_and_break_code``: a
  :class:`~zermelo.heaps.games.TakeAndBreak` game's code, or a class's ``octal_code``, like
  Kayles carrying ``octal_code = "0.77"``): the
  sparse-space kernel when a move leaves at most two heaps, else the plain take-and-break kernel;
* :class:`~zermelo.heaps.subtraction.Subtraction`: the bit-set mex kernel;
  :class:`~zermelo.heaps.subtraction.AllBut`: the counting kernel;
* any other heap game: the generic engine over heaps 0..upto (the reference the kernels are
  tested against).

Long runs go in chunks: a progress callback after each, Ctrl-C saves the checkpoint (if one was
given) before it propagates, and a run given an existing checkpoint resumes from it.  When a period
is seen but its proof needs more heaps than ``upto``, the run goes on (up to ``max_upto``) until
the theorem of :mod:`zermelo.search.periodicity` proves it.

>>> from zermelo.heaps.games import Octal
>>> s = sequence(Octal("0.137"), 200)
>>> s.values[:12].tolist(), s.period, s.preperiod, s.proven
([0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2], 34, 52, True)
"""

from __future__ import annotations

import operator
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from ..core.budget import Budget
from ..core.checks import game_argument
from ..core.errors import InvalidGame, InvalidPosition, Remedy, SearchLimitExceeded, Unsupported
from ..core.files import BadFile
from ..core.limits import Limits
from ..core.sparse_space import parity_table
from ..rules import Impartial
from ..search.periodicity import Periodicity, allbut_periodicity, detect, proof_length, proven
from .checkpoint import load as load_checkpoint
from .checkpoint import save as save_checkpoint
from .driver import HeapSequence, SequenceProgress, heaps_allowed, next_chunk, on_heaps, period_need, verdict
from .runners import KERNELS, OctalRunner, code_of, kernel_label, runner_for

#: The octal runner under the name the tests patch it by.
_OctalRunner = OctalRunner

__all__ = [
    "KERNELS",
    "HeapSequence",
    "SequenceProgress",
    "code_of",
    "compiled_kernel",
    "has_theorem",
    "on_heaps",
    "sequence",
]


#: Heaps a proven period copies, or the rare-heap pass reads, between two looks at the clock (and
#: the most the pass holds at once: 8 bytes a heap of such a slice, not of the whole sequence).
FILL_SLICE = 1 << 20
#: Values arrays of more bytes than this are made after the run's kernels are compiled or loaded
#: (the runner's ``prepare``).
BIG_ARRAY = 64 << 20


def compiled_kernel(game: Impartial[Any]) -> str | None:
    """The compiled kernel :func:`sequence` runs for the game, or None when only the engine applies.

    >>> from zermelo.games import Square, Subtraction
    >>> compiled_kernel(Subtraction({1, 3, 4})), compiled_kernel(Square())
    ('subtraction-bitset', None)
    """
    runner = runner_for(game, None, 1 << 20)[0]
    return None if runner.kernel == "engine" else runner.kernel


def has_theorem(game: Impartial[Any]) -> bool:
    """Whether a periodicity theorem applies to the game (so :func:`sequence` can prove a period).

    >>> from zermelo.games import Square, Subtraction
    >>> has_theorem(Subtraction({1, 3, 4})), has_theorem(Square())
    (True, False)
    """
    return bool(runner_for(game, None, 1 << 20)[1])


# -- the analysis --------------------------------------------------------------------------------
#: Seconds one chunk of heaps aims at when a deadline is set (so the run stops close to it).
CHUNK_SECONDS_TIMED = 0.2


def _check_saved(path: Path, values: np.ndarray, most: np.ndarray) -> None:
    """Refuse a checkpoint with a value no heap of the game can have (before a kernel sees it)."""
    over = np.nonzero(values > most)[0]
    if over.size:
        n = int(over[0])
        raise BadFile(
            f"checkpoint {path}: heap {n:,} has value {int(values[n]):,}, more than this game's kernel allows"
            f" there ({int(most[n]):,}): edited or damaged; delete it to start again"
        )


def sequence(
    game: Impartial[Any],
    upto: int,
    *,
    kernel: str | None = None,
    prove: bool = True,
    max_upto: int | None = None,
    checkpoint: str | os.PathLike[str] | None = None,
    progress: Callable[[SequenceProgress], None] | None = None,
    checkpoint_seconds: float = 10.0,
    use_period: bool = True,
    limits: Limits | None = None,
) -> HeapSequence:
    """Grundy values of heaps ``0..upto`` of a heap game, with period, preperiod and proof.

    ``kernel`` forces one of :data:`KERNELS` (default: the fastest that applies).  With ``prove``
    the run continues past ``upto`` (to ``max_upto``, default ``4·upto + 1000``) when that is what
    the periodicity theorem needs.  ``checkpoint`` is an ``.npz`` file written atomically after the
    first chunk of heaps that ends ``checkpoint_seconds`` after the last save (chunks take about a
    second), on Ctrl-C, when a budget stops the run and at the end, and read at the start to
    resume.  Once a period is proven the remaining values are copied from it
    (``use_period=False`` runs the kernel to the end, for benchmarks).

    ``limits`` bounds the run: ``max_positions`` is the most heaps computed (a proof that needs
    more is not tried; heaps ``0..upto`` needing more is refused at once) and the deadline
    (``max_seconds``) stops every kernel between chunks, which then take at most a fifth of a
    second; past either, :class:`~zermelo.core.errors.SearchLimitExceeded` (after saving the
    checkpoint).
    """
    upto = _checked_upto(game, upto, kernel)
    limits = (limits or Limits(None)).started()
    limit = _heaps_allowed(upto, max_upto, limits.max_positions)
    runner, rule, removal, heaps = runner_for(game, kernel, limit, limits)
    run = _Run(game, runner, limits, checkpoint, progress, checkpoint_seconds, use_period and bool(rule))
    run.start(upto, limit)
    try:
        run.compute(upto + 1, "computing", rule, removal, heaps)
        found, ok, proof = _periodicity(run.g[: run.done], rule, removal, heaps)
        while prove and found is not None and not ok and (not found.saltus or rule == "allbut") and rule:
            assert removal is not None
            need = period_need(found, rule, removal, heaps)
            if need <= run.done or need > limit + 1:
                break
            run.compute(need, "proving the period", rule, removal, heaps)
            found, ok, proof = _periodicity(run.g[: run.done], rule, removal, heaps)
    except SearchLimitExceeded:
        raise  # saved already
    except BaseException:
        run.save()  # Ctrl-C, or anything else: keep what is done
        raise
    run.save()
    run.tell(run.done, "done")
    if game.subtraction_set is not None and max(game.subtraction_set) > limit:
        proof = f"observed only (a proof needs heaps past the largest member of S, beyond the {limit + 1:,} computed)"
    return run.result(upto, found, ok, proof)


def _checked_upto(game: Impartial[Any], upto: int, kernel: str | None) -> int:
    """Stage 1 of :func:`sequence`: a heap game, ``upto`` a whole number >= 0, a known kernel."""
    game_argument("sequence", game, Impartial, upto)
    if not on_heaps(game):
        raise Unsupported(f"{game.spec()}: `sequence` is for games on heaps (a position is one whole number)")
    try:
        if isinstance(upto, bool):
            raise TypeError
        upto = operator.index(upto)
    except TypeError:
        raise InvalidPosition(f"upto must be a non-negative whole number, got {upto!r}") from None
    if upto < 0:
        raise InvalidPosition(f"upto must be a non-negative whole number, got {upto!r}")
    if kernel is not None and kernel not in KERNELS:
        raise InvalidGame(f"unknown kernel {kernel!r}; one of {', '.join(KERNELS)}")
    return upto


def _heaps_allowed(upto: int, max_upto: int | None, budget: int | None) -> int:
    """Stage 2: the last heap the run may compute (a proof past the budget is not tried); heaps
    ``0..upto`` over the budget are refused at once."""
    if budget is not None and upto + 1 > budget:
        raise SearchLimitExceeded(
            f"search budget exceeded: heaps 0..{upto:,} are {upto + 1:,} heaps, more than the budget of {budget:,}",
            limit="heaps",
            budget=budget,
            remedies=(Remedy.MORE_POSITIONS,),
        )
    return heaps_allowed(upto, max_upto, budget)


class _Run:
    """The values of one run, how far they go, its checkpoint and its one budget (the deadline)."""

    def __init__(
        self,
        game: Impartial[Any],
        runner: Any,
        limits: Limits,
        checkpoint: str | os.PathLike[str] | None,
        progress: Callable[[SequenceProgress], None] | None,
        checkpoint_seconds: float,
        use_period: bool,
    ) -> None:
        self.game, self.runner, self.spec = game, runner, game.spec()
        self.budget = Budget(limits, counts=None)
        self.path = Path(checkpoint) if checkpoint is not None else None
        self.progress, self.checkpoint_seconds, self.use_period = progress, checkpoint_seconds, use_period
        self.g = np.zeros(0, dtype=runner.dtype)
        self.done = 0
        self.filled: list[int] = []  # where a proven period took over from the kernel
        self.last_save = time.monotonic()

    def start(self, upto: int, limit: int) -> None:
        """Stage 3: the array of values, and the values of a checkpoint to resume from."""
        runner = self.runner
        if (upto + 1) * np.dtype(runner.dtype).itemsize > BIG_ARRAY:
            runner.prepare()  # the kernels first: after the array they may find no room left
        try:
            self.g = np.zeros(upto + 1, dtype=runner.dtype)
        except (MemoryError, ValueError):  # ValueError: more than numpy can even index (10**20)
            gib = (upto + 1) * np.dtype(runner.dtype).itemsize / 2**30
            raise InvalidPosition(f"not enough memory for {upto + 1:,} values ({gib:,.1f} GiB)") from None
        loaded = load_checkpoint(self.path, self.spec) if self.path is not None else None
        if self.path is not None and loaded is not None and loaded[0].size:
            # Resume: the saved values are exact; the runner takes back its scratch or rebuilds it.
            saved, extra = loaded
            _check_saved(self.path, saved, runner.most(np.arange(saved.size, dtype=np.int64)))
            keep = min(saved.size, limit + 1)
            if keep > self.g.size:
                self.g = np.zeros(keep, dtype=runner.dtype)
            self.g[:keep] = saved[:keep]
            self.done = keep
            runner.restore(extra if keep == saved.size else {}, keep, self.g)
        self.last_save = time.monotonic()

    def save(self) -> None:
        if self.path is not None and self.done:
            save_checkpoint(self.path, self.spec, self.g, self.done, self.runner.scratch(self.done))

    def late(self, stop: int) -> SearchLimitExceeded:
        """The budget's stop past the deadline, after saving the checkpoint."""
        self.save()
        kept = f"; checkpoint saved to {self.path}, run again to resume" if self.path is not None and self.done else ""
        return self.budget.out_of_time(f"{self.done:,} of {stop:,} heaps{kept}")

    def tell(self, stop: int, phase: str) -> None:
        if self.progress is not None:
            self.progress(SequenceProgress(self.done, stop, self.budget.seconds(), phase))

    def compute(self, stop: int, phase: str, rule: str, removal: int | None, heaps: int) -> None:
        """Stage 4: values up to heap ``stop - 1``, by the kernel a chunk at a time, and from a
        proven period as soon as one is (looked for whenever the values doubled, and where the
        proof of a period seen ends: 0.16's 509,622 heaps, not the next doubling's 524,288)."""
        if stop > self.g.size:
            bigger = np.zeros(stop, dtype=self.g.dtype)
            bigger[: self.done] = self.g[: self.done]
            self.g = bigger
        chunk = 256  # then doubled while a chunk takes under 0.2 s (a checkpoint soon after the start)
        looking = self.use_period and removal is not None
        look = 1024  # where the next look for a proven period is
        while self.done < stop:
            if looking and self.done >= look:
                assert removal is not None
                found, ok, _ = _periodicity(self.g[: self.done], rule, removal, heaps, saltus=False)
                if ok and found is not None:
                    self.filled.append(self.done)
                    self.copy_period(found, stop)
                    break
                look = 2 * self.done
                if found is not None and rule != "allbut":  # seen, not proven yet: look where its proof ends
                    need = period_need(found, rule, removal, heaps)
                    if self.done < need < look:
                        look = need
            if self.budget.over():
                raise self.late(stop)
            chunk = self.chunk(chunk, stop, look if looking else stop)
            self.tell(stop, phase)
            if self.path is not None and time.monotonic() - self.last_save > self.checkpoint_seconds:
                self.save()
                self.last_save = time.monotonic()

    def chunk(self, size: int, stop: int, until: int) -> int:
        """One chunk of at most ``size`` heaps by the kernel, ending by ``until``; the next chunk's size."""
        first, end = self.done, min(stop, until, self.done + size)
        t0 = time.monotonic()
        try:
            self.runner.run(self.g, first, end)
        except KeyboardInterrupt:
            self.save()
            raise
        except SearchLimitExceeded:  # the engine's own deadline, inside a chunk
            raise self.late(stop) from None
        self.done = end
        took = time.monotonic() - t0
        return _timed_chunk(size, took, first, end) if self.budget.end is not None else next_chunk(size, took)

    def copy_period(self, found: Periodicity, stop: int) -> None:
        """A proven period gives every later value, G(n) = G(n - p) (+ the saltus): whole periods
        copied, doubling, in slices the clock can stop."""
        p, n0, rise = found.period, found.preperiod, found.saltus
        g = self.g
        while self.done < stop:
            done = self.done
            shift = (done - n0) // p * p
            take = min(shift, stop - done, FILL_SLICE)
            part = g[done : done + take]
            part[:] = g[done - shift : done - shift + take]  # in place: no temporary array
            if rise:
                part += rise * (shift // p)
            self.done += take
            self.tell(stop, "copying the period")
            if self.done < stop and self.budget.over():
                raise self.late(stop)

    def result(self, upto: int, found: Periodicity | None, ok: bool, proof: str) -> HeapSequence:
        """Stage 5: the answer, with the rare heaps of a sparse octal game."""
        runner, g, done = self.runner, self.g, self.done
        choice = runner.mask()
        rare_mask = rare_count = None
        rare = None
        if isinstance(runner, OctalRunner) and runner.sparse and choice is not None:
            rare = _rare_heaps(g[: upto + 1], choice.mask, choice.off if choice.domain else None, self)
            rare_mask = choice.describe()
            rare_count = int(rare.size)
        filled = self.filled
        return HeapSequence(
            game=self.spec,
            upto=upto,
            values=g if g.size == upto + 1 else g[: upto + 1].copy(),  # no 2nd copy of 10^8 values
            period=found.period if found else None,
            preperiod=found.preperiod if found else None,
            saltus=found.saltus if found else 0,
            proven=ok,
            proof=proof,
            kernel=kernel_label(runner, done) + (f" (then the proven period from heap {filled[0]})" if filled else ""),
            computed=done,
            seconds=self.budget.seconds(),
            rare_mask=rare_mask,
            rare_count=rare_count,
            rare=rare,
        )


def _rare_heaps(values: np.ndarray, mask: int, off: int | None, run: _Run) -> np.ndarray:
    """The heaps whose value is rare for ``mask`` (range form; the domain form with offset ``off``),
    a slice at a time: no array of 8 bytes a heap beside the values, and the clock is heard."""
    parity = parity_table(mask, 1 << max(1, int(values.max(initial=0)).bit_length()))
    index = np.int32 if values.size < 2**31 else np.int64  # a third of Dawson's Kayles heaps are rare
    found = []
    for start in range(0, values.size, FILL_SLICE):
        if run.budget.over():
            raise run.late(values.size)
        par = parity[values[start : start + FILL_SLICE]]
        if off is None:
            hits = np.flatnonzero(par == 0)
        else:
            n = np.arange(start + off, start + off + par.size, dtype=np.int64)
            hits = np.flatnonzero(par == (n & 1))
        found.append((hits + start).astype(index))
    return np.concatenate(found) if found else np.zeros(0, index)


def _timed_chunk(chunk: int, took: float, start: int, end: int) -> int:
    """The next chunk's size with a deadline: heaps ``start..end`` took ``took`` seconds; the next
    chunk, from ``end``, aims at half of :data:`CHUNK_SECONDS_TIMED`, its cost predicted as if a heap
    n cost n^2 (take-and-break's worst: doubling a chunk of tbreak:0.8 at heap 768 made it 14 times
    slower, 0.64 s, past the deadline's allowance); at most double the last chunk.

    >>> _timed_chunk(512, 0.047, 256, 768) < 512 < _timed_chunk(512, 0.001, 256, 768)
    True
    """
    ratio = CHUNK_SECONDS_TIMED / 2 / max(took, 1e-6)
    done3, start3 = end**3, start**3
    grown = int((done3 + ratio * (done3 - start3)) ** (1 / 3)) - end
    return max(16, min(grown, 2 * chunk, 1 << 24))


def _periodicity(
    g: np.ndarray, rule: str, removal: int | None, heaps: int, *, saltus: bool = True
) -> tuple[Periodicity | None, bool, str]:
    """The period seen in ``g``, whether it is proven, and the words; ``saltus=False``: no look for
    an arithmetic period (which nothing proves but an all-but game's: a run's looks for a proof)."""
    if rule == "allbut" and removal is not None:
        return allbut_periodicity(g, removal)
    found = detect(g)
    if found is None:
        if not saltus:
            return None, False, "no period seen"
        found = detect(g, saltus=True)
        if found is None:
            return None, False, "no period seen"
        return found, False, "arithmetic period observed (no proof implemented)"
    if not rule or removal is None:
        return found, False, "observed only (no periodicity theorem for this game)"
    need = proof_length(found.period, found.preperiod, removal=removal, heaps=heaps, subtraction=rule == "subtraction")
    ok = proven(g, found.period, found.preperiod, need)
    return found, ok, verdict(rule, removal, heaps, need, ok)
