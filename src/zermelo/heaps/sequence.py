"""``sequence(game, upto)``: the Grundy values of heaps 0..upto, their period, and its proof.

The game decides the kernel:

* a take-and-break code (``HeapGame.take_and_break_code``: a
  :class:`~zermelo.heaps.games.TakeAndBreak` game's code, or a class's ``octal_code``, like
  Kayles carrying ``octal_code = "0.77"``): the
  sparse-space kernel when a move leaves at most two heaps, else the plain take-and-break kernel;
* :class:`~zermelo.games.subtraction.Subtraction`: the bit-set mex kernel;
  :class:`~zermelo.games.subtraction.AllBut`: the counting kernel;
* any other heap game: the generic engine over heaps 0..upto (the reference the kernels are
  tested against).

Long runs go in chunks: a progress callback after each, Ctrl-C saves the checkpoint (if one was
given) before it propagates, and a run given an existing checkpoint resumes from it.  When a period
is seen but its proof needs more heaps than ``upto``, the run goes on (up to ``max_upto``) until
the theorem of :mod:`zermelo.heaps.periodicity` proves it.

>>> from zermelo.heaps.games import Octal
>>> s = sequence(Octal("0.137"), 200)
>>> s.values[:12].tolist(), s.period, s.preperiod, s.proven
([0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2], 34, 52, True)
"""

from __future__ import annotations

import contextlib
import operator
import os
import time
import zipfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from ..errors import InvalidGame, InvalidPosition, Unsupported
from ..files import cannot_write
from ..games.heap import HeapGame
from . import kernels
from .codes import Code, parse_code
from .periodicity import Periodicity, detect, proof_length, proven
from .sparse import MaskChoice, parity_table, pick_mask

__all__ = ["HeapSequence", "SequenceProgress", "code_of", "has_theorem", "sequence"]


@dataclass(frozen=True)
class SequenceProgress:
    """Where a long run is: heaps done, heaps wanted, seconds so far."""

    done: int
    total: int
    seconds: float


@dataclass
class HeapSequence:
    """The result of :func:`sequence`.

    ``values[n]`` is G(n) for ``0 <= n <= upto`` (the run may have computed more to prove the
    period: ``computed``).  ``period``/``preperiod`` are the least ones seen (None if none),
    ``saltus`` is non-zero for an arithmetic period, ``proven`` says a theorem certifies it and
    ``proof`` says which.  ``rare_mask``/``rare_count`` describe the sparse space (None when the
    sparse kernel was not used).
    """

    game: str
    upto: int
    values: np.ndarray
    period: int | None
    preperiod: int | None
    saltus: int
    proven: bool
    proof: str
    kernel: str
    computed: int
    seconds: float
    rare_mask: str | None = None
    rare_count: int | None = None
    rare: np.ndarray | None = field(default=None, repr=False)

    @property
    def largest(self) -> int:
        """The largest value among heaps 0..upto."""
        return int(self.values.max()) if self.values.size else 0

    def to_json(self, with_values: bool = False) -> dict[str, Any]:
        """The CLI's JSON object; the values themselves only when asked for."""
        out: dict[str, Any] = {
            "game": self.game,
            "upto": self.upto,
            "computed": self.computed,
            "period": self.period,
            "preperiod": self.preperiod,
            "last_exception": self.preperiod - 1 if self.preperiod else None,
            "saltus": self.saltus,
            "proven": self.proven,
            "proof": self.proof,
            "largest": self.largest,
            "rare_mask": self.rare_mask,
            "rare_count": self.rare_count,
            "kernel": self.kernel,
            "seconds": round(self.seconds, 3),
        }
        if with_values:
            out["values"] = self.values.tolist()
        return out


#: The longest code a subtraction set is written as (its largest member): beyond it, no code.
MAX_CODE_DIGITS = 1 << 16


def code_of(game: HeapGame) -> Code | None:
    """The take-and-break code of a heap game, if it has one.

    >>> from zermelo.games import Subtraction
    >>> str(code_of(Subtraction({1, 3, 4})))
    '0.3033'
    """
    code = game.take_and_break_code()
    if code is not None:
        return code
    if game.octal_code is not None:
        return parse_code(game.octal_code, 8, "octal")
    if game.subtraction_set is not None and max(game.subtraction_set) <= MAX_CODE_DIGITS:
        digits = [0] * (max(game.subtraction_set) + 1)
        for k in game.subtraction_set:
            digits[k] = 3
        return Code(tuple(digits), (False,) * len(digits))
    return None


# -- runners: each fills g[start:stop] ----------------------------------------------------------
class _Runner:
    kernel = "engine"
    dtype: Any = np.int32
    chunked = True

    def run(self, g: np.ndarray, start: int, stop: int) -> None:
        raise NotImplementedError

    def mask(self) -> MaskChoice | None:
        return None


class _SubtractionRunner(_Runner):
    kernel = "subtraction-bitset"
    dtype = np.uint8

    def __init__(self, s: tuple[int, ...]) -> None:
        self.s = np.array(sorted(s), np.int64)

    def run(self, g: np.ndarray, start: int, stop: int) -> None:
        kernels.subtraction_bitset(g, start, stop, self.s)


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


def _code_arrays(code: Code, length: int) -> tuple[np.ndarray, ...]:
    size = length if code.repeat else min(len(code.digits), length)
    d = np.array([code.digit(k) for k in range(size)], np.int64)
    u = np.array([code.is_unequal(k) for k in range(size)], np.uint8)
    return d, u


class _OctalRunner(_Runner):
    """Codes leaving at most two heaps: the sparse-space kernel (or the plain one if asked)."""

    #: Heaps computed by the plain rule before the first mask is picked from their histogram.
    warm = 64
    #: Cost of one rare heap to the sparse kernel, in plain-rule splits (its rare pairs plus its
    #: share of the scan; measured on Dawson's Kayles, where a third of the heaps are rare and the
    #: plain rule is ~3.5× faster).  A chunk goes by the plain rule, which costs about
    #: (start + stop) / 4 splits a heap, when ``sparse_cost · rare`` is more than that: no sparse space.
    sparse_cost = 6.0

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
    kernel = "tbreak-plain"
    chunked = False

    def __init__(self, code: Code) -> None:
        self.code = code

    def run(self, g: np.ndarray, start: int, stop: int) -> None:
        d, u = _code_arrays(self.code, stop)
        width = 64
        while True:
            g[:] = 0
            done = int(kernels.tbreak_plain(g, stop, d, u, width))
            if done >= stop:
                return
            width *= 2


class _EngineRunner(_Runner):
    kernel = "engine"
    # Chunks of heaps, so a checkpoint is written as the run goes; a resumed run's engine finds
    # the smaller heaps again as it needs them.

    def __init__(self, game: HeapGame) -> None:
        self.game = game

    def run(self, g: np.ndarray, start: int, stop: int) -> None:
        from ..engine import engine_for

        values = engine_for(self.game).grundies(list(range(start, stop)))
        if any(not isinstance(v, int) for v in values):
            raise Unsupported(f"{self.game.spec()}: some heap has a loopy value; no Grundy sequence")
        g[start:stop] = np.array(values, dtype=np.int64)


def _runner(game: HeapGame, kernel: str | None, limit: int) -> tuple[_Runner, str, int | None, int]:
    """The runner, the proof rule ("subtraction" / "octal" / ""), t, and the most heaps left.

    Heaps above ``limit`` are never computed, so a subtraction (or excluded) number above it
    never applies: the kernels take the numbers up to ``limit`` (a member of 10^300 is no
    array size), and the subtraction-game proof, which needs heaps past max(S), is not tried.
    """
    if kernel == "engine":
        return _EngineRunner(game), "", None, 0
    if game.subtraction_set is not None and kernel in (None, "subtraction-bitset"):
        used = tuple(k for k in game.subtraction_set if k <= limit)
        if len(used) <= 62:
            whole = len(used) == len(game.subtraction_set)
            return _SubtractionRunner(used), "subtraction" if whole else "", max(used) if whole else None, 1
    if game.excluded is not None and kernel in (None, "allbut-counts"):
        return _AllButRunner(frozenset(k for k in game.excluded if k <= limit)), "", None, 1
    code = code_of(game)
    if code is not None:
        rule = "octal" if code.max_heaps <= 2 and not code.repeat and not any(code.unequal) else ""
        if code.max_heaps >= 3 and not code.repeat and not any(code.unequal):
            rule = "tbreak"
        if code.max_heaps <= 2 and kernel in (None, "octal-sparse", "octal-plain"):
            return _OctalRunner(code, kernel != "octal-plain"), rule, code.max_removal, code.max_heaps
        if kernel in (None, "tbreak-plain"):
            return _TBreakRunner(code), rule, code.max_removal, code.max_heaps
    if kernel is not None:
        raise Unsupported(f"{game.spec()}: the {kernel} kernel does not apply to this game")
    return _EngineRunner(game), "", None, 0


def has_theorem(game: HeapGame) -> bool:
    """Whether a periodicity theorem applies to the game (so :func:`sequence` can prove a period).

    >>> from zermelo.games import Square, Subtraction
    >>> has_theorem(Subtraction({1, 3, 4})), has_theorem(Square())
    (True, False)
    """
    return bool(_runner(game, None, 1 << 20)[1])


KERNELS = ("subtraction-bitset", "allbut-counts", "octal-sparse", "octal-plain", "tbreak-plain", "engine")


# -- checkpoints ---------------------------------------------------------------------------------
def _save(path: Path, spec: str, g: np.ndarray, done: int) -> None:
    """Write the checkpoint atomically: a temporary file, flushed to disk, renamed over the old one.

    A crash (``kill -9``, power loss) at any moment leaves the old checkpoint or the new one,
    never a file that fails to load.
    """
    tmp = path.with_name(path.name + ".tmp")
    try:
        with open(tmp, "wb") as f:
            np.savez(f, spec=np.array(spec), values=g[:done])
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
        with contextlib.suppress(OSError):  # the rename itself reaches the disk (not on every OS)
            fd = os.open(path.parent, os.O_RDONLY)
            try:
                os.fsync(fd)
            finally:
                os.close(fd)
    except OSError as exc:
        raise cannot_write(path, exc, "checkpoint") from exc


def _load(path: Path, spec: str) -> np.ndarray | None:
    if not path.exists():
        return None
    try:
        with np.load(path) as data:
            saved = str(data["spec"])
            values = np.array(data["values"])
        if values.ndim != 1 or values.dtype.kind not in "iu" or (values.size and int(values.min()) < 0):
            raise ValueError("its values are not Grundy values")
    except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile, AttributeError) as exc:
        # Random bytes, a truncated file, /dev/null, an .npz of something else.
        raise InvalidPosition(f"checkpoint {path}: not a zermelo sequence checkpoint ({exc})") from exc
    if saved != spec:
        raise InvalidPosition(f"checkpoint {path} is for {saved}, not {spec}")
    return values


# -- the analysis --------------------------------------------------------------------------------
def sequence(
    game: HeapGame,
    upto: int,
    *,
    kernel: str | None = None,
    prove: bool = True,
    max_upto: int | None = None,
    checkpoint: str | os.PathLike[str] | None = None,
    progress: Callable[[SequenceProgress], None] | None = None,
    checkpoint_seconds: float = 10.0,
    use_period: bool = True,
) -> HeapSequence:
    """Grundy values of heaps ``0..upto`` of a heap game, with period, preperiod and proof.

    ``kernel`` forces one of :data:`KERNELS` (default: the fastest that applies).  With ``prove``
    the run continues past ``upto`` (to ``max_upto``, default ``4·upto + 1000``) when that is what
    the periodicity theorem needs.  ``checkpoint`` is an ``.npz`` file written atomically after the
    first chunk of heaps that ends ``checkpoint_seconds`` after the last save (chunks take about a
    second), on Ctrl-C and at the end, and read at the start to resume.  Once a
    period is proven the remaining values are copied from it (``use_period=False`` runs the
    kernel to the end, for benchmarks).
    """
    if not isinstance(game, HeapGame):
        raise Unsupported(f"{game.spec()}: `sequence` is for heap games (one heap is a number)")
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
    limit = max(upto, max_upto if max_upto is not None else 4 * upto + 1000)
    runner, rule, removal, heaps = _runner(game, kernel, limit)
    spec = game.spec()
    path = Path(checkpoint) if checkpoint is not None else None
    began = time.monotonic()

    try:
        g = np.zeros(upto + 1, dtype=runner.dtype)
    except (MemoryError, ValueError):  # ValueError: more than numpy can even index (10**20)
        gib = (upto + 1) * np.dtype(runner.dtype).itemsize / 2**30
        raise InvalidPosition(f"not enough memory for {upto + 1:,} values ({gib:,.1f} GiB)") from None
    done = 0
    if path is not None:
        saved = _load(path, spec)
        if saved is not None and runner.chunked and saved.size:
            # Resume: the saved values are exact; the runner rebuilds its scratch from them.
            keep = min(saved.size, limit + 1)
            if keep > g.size:
                g = np.zeros(keep, dtype=runner.dtype)
            g[:keep] = saved[:keep]
            done = keep

    last_save = time.monotonic()
    filled: list[int] = []  # where a proven period took over from the kernel

    def compute(stop: int) -> None:
        nonlocal done, g, last_save
        if stop > g.size:
            bigger = np.zeros(stop, dtype=g.dtype)
            bigger[:done] = g[:done]
            g = bigger
        if not runner.chunked:
            if done < stop:
                runner.run(g, 0 if isinstance(runner, _TBreakRunner) else done, stop)
                done = stop
            return
        chunk = 4096
        checked = 0
        while done < stop:
            if use_period and rule and removal is not None and done >= max(2 * checked, 1024):
                # A proven period gives every later value: G(n) = G(n - p).
                checked = done
                found, ok, _ = _periodicity(g[:done], rule, removal, heaps)
                if ok and found is not None:
                    p, n0 = found.period, found.preperiod
                    while done < stop:  # copy whole periods, doubling: O(log) slices
                        shift = (done - n0) // p * p
                        take = min(shift, stop - done)
                        g[done : done + take] = g[done - shift : done - shift + take]
                        done += take
                    filled.append(checked)
                    break
            end = min(stop, done + chunk)
            t0 = time.monotonic()
            try:
                runner.run(g, done, end)
            except KeyboardInterrupt:
                if path is not None:
                    _save(path, spec, g, done)
                raise
            done = end
            took = time.monotonic() - t0
            chunk = int(min(max(chunk * (2 if took < 0.2 else 1) // (2 if took > 1.0 else 1), 1024), 1 << 24))
            if progress is not None:
                progress(SequenceProgress(done, stop, time.monotonic() - began))
            if path is not None and time.monotonic() - last_save > checkpoint_seconds:
                _save(path, spec, g, done)
                last_save = time.monotonic()

    try:
        compute(upto + 1)
        found, ok, proof = _periodicity(g[:done], rule, removal, heaps)
        while prove and found is not None and not ok and not found.saltus and rule:
            assert removal is not None
            need = proof_length(
                found.period, found.preperiod, removal=removal, heaps=heaps, subtraction=rule == "subtraction"
            )
            if need <= done or need > limit + 1:
                break
            compute(need)
            found, ok, proof = _periodicity(g[:done], rule, removal, heaps)
    finally:
        if path is not None and runner.chunked and done:
            _save(path, spec, g, done)
    if progress is not None:
        progress(SequenceProgress(done, done, time.monotonic() - began))

    if game.subtraction_set is not None and max(game.subtraction_set) > limit:
        proof = f"observed only (a proof needs heaps past the largest member of S, beyond the {limit + 1:,} computed)"
    choice = runner.mask()
    rare_mask = rare_count = None
    rare = None
    if isinstance(runner, _OctalRunner) and runner.sparse and choice is not None:
        vals = g[: upto + 1].astype(np.int64)
        par = parity_table(choice.mask, 1 << max(1, int(vals.max()).bit_length()))[vals]
        target = (np.arange(upto + 1) + choice.off) & 1 if choice.domain else 0
        rare = np.nonzero(par == target)[0]
        rare_mask = choice.describe()
        rare_count = int(rare.size)
    return HeapSequence(
        game=spec,
        upto=upto,
        values=g if g.size == upto + 1 else g[: upto + 1].copy(),  # no 2nd copy of 10^8 values
        period=found.period if found else None,
        preperiod=found.preperiod if found else None,
        saltus=found.saltus if found else 0,
        proven=ok,
        proof=proof,
        kernel=_label(runner, done) + (f" (then the proven period from heap {filled[0]})" if filled else ""),
        computed=done,
        seconds=time.monotonic() - began,
        rare_mask=rare_mask,
        rare_count=rare_count,
        rare=rare,
    )


def _label(runner: _Runner, done: int) -> str:
    """The kernel's name, saying so when the plain rule did most of a sparse run's work."""
    if isinstance(runner, _OctalRunner) and runner.sparse and 2 * runner.plain_heaps > done:
        return f"{runner.kernel} ({runner.plain_heaps:,} of {done:,} heaps by the plain rule: no sparse space)"
    return runner.kernel


def _periodicity(g: np.ndarray, rule: str, removal: int | None, heaps: int) -> tuple[Periodicity | None, bool, str]:
    found = detect(g)
    if found is None:
        found = detect(g, saltus=True)
        if found is None:
            return None, False, "no period seen"
        return found, False, "arithmetic period observed (no proof implemented)"
    if not rule or removal is None:
        return found, False, "observed only (no periodicity theorem for this game)"
    need = proof_length(found.period, found.preperiod, removal=removal, heaps=heaps, subtraction=rule == "subtraction")
    ok = proven(g, found.period, found.preperiod, need)
    theorem = {
        "subtraction": f"subtraction game: {removal} = max(S) matching values after the preperiod",
        "octal": f"Guy–Smith: G(n+p) = G(n) for n0 <= n < 2·n0 + p + t (t = {removal})",
        "tbreak": f"take-and-break, up to {heaps} heaps: checked n0 <= n < j·n0 + (j-1)·p + t (t = {removal})",
    }[rule if heaps >= 2 or rule == "subtraction" else "subtraction"]
    if not ok:
        return found, False, f"observed; a proof needs heaps up to {need - 1} ({theorem})"
    return found, True, theorem
