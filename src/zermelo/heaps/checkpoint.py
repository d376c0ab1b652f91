"""Checkpoints of a long Grundy-sequence run: one ``.npz`` file, written atomically, read to resume.

A checkpoint holds the game's spec, the values of heaps ``0..done-1`` and whatever scratch the
kernel needs to go on from there (the take-and-break kernel's value sets).  :func:`save` writes a
temporary file, flushes it to disk and renames it over the old one, so a crash (``kill -9``, power
loss) at any moment leaves the old checkpoint or the new one, never a file that fails to load.
:func:`load` answers anything else (random bytes, a truncated file, ``/dev/null``, another game's
checkpoint) with one :class:`~zermelo.errors.InvalidPosition` line.

>>> import tempfile, numpy as np
>>> path = Path(tempfile.mkdtemp()) / "ck.npz"
>>> save(path, "kayles", np.array([0, 1, 2, 3, 1]), 4, {"extra": np.arange(3)})
>>> values, extra = load(path, "kayles")
>>> values.tolist(), extra["extra"].tolist()
([0, 1, 2, 3], [0, 1, 2])
"""

from __future__ import annotations

import contextlib
import os
import zipfile
from pathlib import Path
from typing import Any

import numpy as np

from ..errors import InvalidPosition
from ..files import cannot_write

__all__ = ["load", "save"]


def save(path: Path, spec: str, g: np.ndarray, done: int, extra: dict[str, np.ndarray] | None = None) -> None:
    """Write the checkpoint of heaps ``0..done-1`` (and ``extra`` arrays) atomically."""
    tmp = path.with_name(path.name + ".tmp")
    try:
        with open(tmp, "wb") as f:
            arrays: dict[str, Any] = {"spec": np.array(spec), "values": g[:done], **(extra or {})}
            np.savez(f, **arrays)
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


def load(path: Path, spec: str) -> tuple[np.ndarray, dict[str, np.ndarray]] | None:
    """The saved values and extra arrays, or None when there is no file yet."""
    if not path.exists():
        return None
    try:
        with np.load(path) as data:
            saved = str(data["spec"])
            values = np.array(data["values"])
            extra = {k: np.array(data[k]) for k in data.files if k not in ("spec", "values")}
        if values.ndim != 1 or values.dtype.kind not in "iu" or (values.size and int(values.min()) < 0):
            raise ValueError("its values are not Grundy values")
    except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile, AttributeError) as exc:
        # Random bytes, a truncated file, /dev/null, an .npz of something else.
        raise InvalidPosition(f"checkpoint {path}: not a zermelo sequence checkpoint ({exc})") from exc
    if saved != spec:
        raise InvalidPosition(f"checkpoint {path} is for {saved}, not {spec}")
    return values, extra
