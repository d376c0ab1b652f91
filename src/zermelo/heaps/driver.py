"""The parts of the sequence driver that need no numpy: the answer, the progress, chunk sizes,
what a proof needs and how it is worded.

:func:`zermelo.heaps.sequence.sequence` (numpy arrays, every kernel) and
:func:`zermelo.heaps.quick.sequence` (an octal run on buffers, without numpy) share them, so the
two give the same answer in the same words.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..core.heap_codes import Code, parse_code
from ..rules import Impartial
from ..search.period_bounds import Periodicity, proof_length
from .heap import HeapGame

if TYPE_CHECKING:
    import numpy as np

__all__ = [
    "KERNELS",
    "MAX_CODE_DIGITS",
    "SPARSE_COST",
    "WARM",
    "HeapSequence",
    "SequenceProgress",
    "code_of",
    "heaps_allowed",
    "next_chunk",
    "on_heaps",
    "period_need",
    "plain_label",
    "verdict",
]

KERNELS = ("subtraction-bitset", "allbut-counts", "octal-sparse", "octal-plain", "tbreak-plain", "engine")

#: The longest code a subtraction set is written as (its largest member): beyond it, no code.
MAX_CODE_DIGITS = 1 << 16

#: Heaps computed by the plain rule before the first mask is picked from their histogram.
WARM = 64
#: Cost of one rare heap to the sparse kernel, in plain-rule splits (its rare pairs plus its share
#: of the scan; measured on Dawson's Kayles, where a third of the heaps are rare and the plain rule
#: is ~3.5× faster).  A chunk goes by the plain rule, which costs about (start + stop) / 4 splits a
#: heap, when ``SPARSE_COST · rare`` is more than that: no sparse space.
SPARSE_COST = 6.0


@dataclass(frozen=True)
class SequenceProgress:
    """Where a long run is: heaps done, heaps wanted, seconds so far, and the phase
    (``"computing"`` heaps 0..upto, ``"proving the period"`` past them, ``"copying the period"``
    once a proven period gives the rest, ``"done"``)."""

    done: int
    total: int
    seconds: float
    phase: str = "computing"


@dataclass
class HeapSequence:
    """The result of :func:`~zermelo.heaps.sequence.sequence`.

    ``values[n]`` is G(n) for ``0 <= n <= upto`` (the run may have computed more to prove the
    period: ``computed``).  ``period``/``preperiod`` are the least ones seen (None if none),
    ``saltus`` is non-zero for an arithmetic period, ``proven`` says a theorem certifies it and
    ``proof`` says which.  ``rare_mask``/``rare_count`` describe the sparse space (None when the
    sparse kernel was not used).  ``values`` is a numpy array (an ``array.array`` from the
    command's run without numpy, :mod:`zermelo.heaps.quick`, which gives ``top`` too).
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
    top: int | None = field(default=None, repr=False)

    @property
    def largest(self) -> int:
        """The largest value among heaps 0..upto."""
        if self.top is not None:
            return self.top
        return int(self.values.max()) if len(self.values) else 0

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


def heaps_allowed(upto: int, max_upto: int | None, budget: int | None) -> int:
    """The last heap a run may compute (a proof past the budget is not tried)."""
    limit = max(upto, max_upto if max_upto is not None else 4 * upto + 1000)
    return limit if budget is None else min(limit, budget - 1)


def period_need(found: Periodicity, rule: str, removal: int, heaps: int) -> int:
    """How many heaps the periodicity theorem needs to prove the period ``found``."""
    if rule == "allbut":
        return found.preperiod + removal + found.period + 1
    subtraction = rule == "subtraction"
    return proof_length(found.period, found.preperiod, removal=removal, heaps=heaps, subtraction=subtraction)


def verdict(rule: str, removal: int, heaps: int, need: int, ok: bool) -> str:
    """The words of a period's proof (``ok``) or of what it still needs (heaps up to ``need - 1``)."""
    theorem = {
        "subtraction": f"subtraction game: {removal} = max(S) matching values after the preperiod",
        "octal": f"Guy–Smith: G(n+p) = G(n) for n0 <= n < 2·n0 + p + t (t = {removal})",
        "tbreak": f"take-and-break, up to {heaps} heaps: checked n0 <= n < j·n0 + (j-1)·p + t (t = {removal})",
    }[rule if heaps >= 2 or rule == "subtraction" else "subtraction"]
    return theorem if ok else f"observed; a proof needs heaps up to {need - 1} ({theorem})"


def next_chunk(chunk: int, took: float) -> int:
    """The next chunk's size without a deadline: chunks take 0.2 to 1 s."""
    return int(min(max(chunk * (2 if took < 0.2 else 1) // (2 if took > 1.0 else 1), 1024), 1 << 24))


def plain_label(kernel: str, plain_heaps: int, done: int) -> str:
    """The kernel's name, saying so when the plain rule did most of a sparse run's work."""
    if 2 * plain_heaps > done:
        return f"{kernel} ({plain_heaps:,} of {done:,} heaps by the plain rule: no sparse space)"
    return kernel


def on_heaps(game: Any) -> bool:
    """Whether ``game`` is an impartial game whose positions include the whole numbers 0, 1, … (a
    heap game, or a game of the user's on integers): ``sequence`` then computes its values.

    >>> from zermelo.games import Subtraction, Wythoff
    >>> on_heaps(Subtraction({1, 2})), on_heaps(Wythoff())
    (True, False)
    """
    if isinstance(game, HeapGame):
        return True
    if not isinstance(game, Impartial):
        return False
    try:
        return game.validate(0) == 0 and type(game.parse("1")) is int
    except ValueError:  # InvalidPosition: not a position of this game
        return False


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
