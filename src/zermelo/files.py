"""Writing output files: the one error for a file that cannot be written, and saving a figure.

Bottom floor: imports only :mod:`zermelo.errors` (matplotlib is the caller's: a figure comes in).
A file that cannot be written is bad input — a path in a missing directory, a read-only place —
so it is an :class:`~zermelo.errors.InvalidPosition` with one line: exit 2 in the CLI.

>>> str(cannot_write("/no/such/dir/t.png", FileNotFoundError(2, "No such file or directory")))
'cannot write /no/such/dir/t.png: No such file or directory'
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from .errors import InvalidPosition

__all__ = ["cannot_write", "save_figure"]


def cannot_write(path: str | Path, exc: OSError, what: str = "") -> InvalidPosition:
    """The one-line error for ``path`` that could not be written (``what``: ``checkpoint``, …)."""
    name = f"{what} {path}" if what else str(path)
    return InvalidPosition(f"cannot write {name}: {exc.strerror or exc}")


def save_figure(fig: Any, path: str | Path, *, format: str | None = None) -> Path:
    """Save a matplotlib figure to ``path`` and close it; :func:`cannot_write` if that fails.

    ``format`` (``"png"``, ``"svg"``) is given when the file name's extension must not decide it.
    The figure is closed in pyplot when pyplot is loaded (a figure pyplot made stays in its
    registry until closed); a figure made without pyplot needs nothing more.
    """
    try:
        fig.savefig(path, format=format)
    except OSError as exc:
        raise cannot_write(path, exc) from exc
    finally:
        pyplot = sys.modules.get("matplotlib.pyplot")
        if pyplot is not None:
            pyplot.close(fig)
    return Path(path)
