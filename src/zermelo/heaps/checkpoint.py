"""Checkpoints of a long Grundy-sequence run: one ``.npz`` file, written atomically, read to resume.

A checkpoint holds the game's spec, the values of heaps ``0..done-1`` and whatever scratch the
kernel needs to go on from there (the take-and-break kernel's value sets).  :func:`save` writes it
with :func:`zermelo.core.files.write_npz` (a temporary file, flushed to disk and renamed over the old
one, with the SHA-256 of its arrays), so a crash (``kill -9``, power loss, a full disk) at any
moment leaves the old checkpoint or the new one, never a file that fails to load.  :func:`load`
answers anything else (random bytes, a truncated file, an edited value, ``/dev/null``, a FIFO,
another game's checkpoint) with one :class:`~zermelo.core.errors.InvalidPosition` line; the values it
returns are then range-checked against the game by the runner (:meth:`check`) before a compiled
kernel sees them.

>>> import tempfile, numpy as np
>>> path = Path(tempfile.mkdtemp()) / "ck.npz"
>>> save(path, "kayles", np.array([0, 1, 2, 3, 1]), 4, {"extra": np.arange(3)})
>>> values, extra = load(path, "kayles")
>>> values.tolist(), extra["extra"].tolist()
([0, 1, 2, 3], [0, 1, 2])
"""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np

from ..core.errors import InvalidPosition
from ..core.files import BadFile, read_npz, write_npz

__all__ = ["MAX_BYTES", "load", "save"]

#: The largest checkpoint read (2^28 heaps of 32-bit values and their scratch fit).
MAX_BYTES = 4 << 30


def save(path: Path, spec: str, g: np.ndarray, done: int, extra: dict[str, np.ndarray] | None = None) -> None:
    """Write the checkpoint of heaps ``0..done-1`` (and ``extra`` arrays) atomically."""
    write_npz(path, {"spec": np.array(spec), "values": g[:done], **(extra or {})}, what="checkpoint")


def load(path: Path, spec: str) -> tuple[np.ndarray, dict[str, np.ndarray]] | None:
    """The saved values and extra arrays, or None when there is no file yet."""
    if not os.path.lexists(path):
        return None
    try:
        data = read_npz(path, what="checkpoint", max_bytes=MAX_BYTES)
        saved, values = str(data.pop("spec")), data.pop("values")
        if values.ndim != 1 or values.dtype.kind not in "iu" or (values.size and int(values.min()) < 0):
            raise ValueError("its values are not Grundy values")
    except BadFile as exc:
        if str(exc).startswith("cannot read"):  # a device, a FIFO, a directory: nothing to delete
            raise
        raise BadFile(f"{exc}; delete it to start again") from None
    except (ValueError, KeyError) as exc:  # an .npz of something else
        raise BadFile(f"checkpoint {path}: not a zermelo sequence checkpoint ({exc})") from None
    if saved != spec:
        raise InvalidPosition(f"checkpoint {path} is for {saved}, not {spec}")
    return values.astype(np.int64), data
