"""Censuses of heap-game families: every code of a family on Dask, every result in SQLite.

>>> import tempfile, os, zermelo as z
>>> with tempfile.TemporaryDirectory() as d:
...     rows = z.census("octal", digits=1, upto=100, db=os.path.join(d, "c.sqlite"), workers=1, processes=False)
...     [(r.code, r.period, r.preperiod, r.proven) for r in rows if r.code in ("0.3", "0.7")]
[('0.3', 2, 0, True), ('0.7', 2, 0, True)]
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from ...core._lazy import lazy

if TYPE_CHECKING:  # at run time each name loads its module on first use (zermelo.core._lazy)
    from .families import FAMILIES, Member, members, normal_form
    from .run import CensusProgress, CensusSummary, run
    from .store import CensusRecord, Store

# Lazy: the census command prints its first progress line before Dask, numpy and SQLite load.
__getattr__, __dir__ = lazy(
    __name__,
    {
        "FAMILIES": ".families",
        "Member": ".families",
        "members": ".families",
        "normal_form": ".families",
        "CensusProgress": ".run",
        "CensusSummary": ".run",
        "run": ".run",
        "CensusRecord": ".store",
        "Store": ".store",
    },
)

__all__ = [
    "DEFAULT_DB",
    "FAMILIES",
    "CensusProgress",
    "CensusRecord",
    "CensusSummary",
    "Member",
    "Store",
    "census",
    "members",
    "normal_form",
    "run",
]

#: The database a census writes unless told otherwise.
DEFAULT_DB = "zermelo-census.sqlite"


def census(
    family: str,
    *,
    upto: int,
    digits: int | None = None,
    d0: bool = False,
    max: int | None = None,
    size: int | None = None,
    db: str | os.PathLike[str] = DEFAULT_DB,
    workers: int | None = None,
    scheduler: str | None = None,
    progress: Callable[[CensusProgress], None] | None = None,
    processes: bool = True,
) -> list[CensusRecord]:
    """Run (or resume) a census and return its rows: one :class:`CensusRecord` per code.

    ``family`` is ``octal`` / ``hex`` (with ``digits``, ``d0``) or ``subtraction`` / ``allbut``
    (with ``max`` and optionally ``size``).  Games already in ``db`` are not computed again.
    """
    from .families import members
    from .run import run
    from .store import Store

    ms = members(family, digits=digits, d0=d0, top=max, size=size)
    run(ms, upto, db, workers=workers, scheduler=scheduler, progress=progress, processes=processes)
    wanted = {(m.family, m.code) for m in ms}
    with Store(Path(db)) as store:
        return [r for r in store.records("upto = ?", (upto,)) if (r.family, r.code) in wanted]
