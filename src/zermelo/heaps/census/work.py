"""One game of a census, as a Dask worker runs it: a plain function of plain values.

:func:`compute` builds the game from its family and code, runs :func:`zermelo.sequence` with a
checkpoint (so a game interrupted by a dying worker or coordinator resumes where it was), and
returns the row's facts with the values compressed.  It imports nothing from Dask.

>>> r = compute("octal", "0.137", 200)
>>> r["period"], r["preperiod"], r["proven"], r["largest"]
(34, 52, 1, 9)
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

from ...core.errors import InvalidGame
from ...core.files import BadFile, ignored
from ...core.heap_codes import parse_code
from ..games import Hexadecimal, Octal, TakeAndBreak
from ..heap import HeapGame
from ..sequence import sequence
from ..subtraction import AllBut, Subtraction
from .store import pack_values

__all__ = ["compute", "game_of"]


def game_of(family: str, code: str) -> HeapGame:
    """The game a stored (family, code) names: a subtraction code runs on the subtraction kernel."""
    if family == "allbut":
        return AllBut(int(w) for w in code.split(",") if w)
    if family == "subtraction":
        return Subtraction(int(w) for w in code.split(","))
    if family == "octal":
        c = parse_code(code, 8, "octal")
        if c.digits[0] == 0 and set(c.digits[1:]) <= {0, 3}:
            return Subtraction(k for k, d in enumerate(c.digits) if d == 3)
        return Octal(c)
    if family == "hex":
        return Hexadecimal(code)
    if family == "tbreak":
        return TakeAndBreak(code)
    raise InvalidGame(f"census: unknown family {family!r}")


def compute(
    family: str,
    code: str,
    upto: int,
    max_upto: int | None = None,
    checkpoint: str | None = None,
    version: str = "",
) -> dict[str, Any]:
    """The facts of one game to ``upto`` heaps (proofs may go on to ``max_upto``) and its values."""
    began = time.monotonic()
    game = game_of(family, code)
    try:
        s = sequence(game, upto, max_upto=max_upto, checkpoint=checkpoint, checkpoint_seconds=10.0)
    except BadFile as exc:  # the census's own checkpoint, damaged: a cache, so start the game again
        if checkpoint is None:
            raise
        ignored(exc, "starting the game again")
        Path(checkpoint).unlink(missing_ok=True)
        s = sequence(game, upto, max_upto=max_upto, checkpoint=checkpoint, checkpoint_seconds=10.0)
    dtype, blob = pack_values(s.values)
    return {
        "computed": s.computed,
        "period": s.period,
        "preperiod": s.preperiod,
        "last_exception": s.preperiod - 1 if s.preperiod else None,
        "saltus": s.saltus,
        "proven": int(s.proven),
        "theorem": s.proof,
        "largest": s.largest,
        "rare_mask": s.rare_mask,
        "rare_count": s.rare_count,
        "kernel": s.kernel,
        "seconds": time.monotonic() - began,
        "version": version,
        "values_dtype": dtype,
        "values_blob": blob,
        "worker_pid": os.getpid(),
    }
