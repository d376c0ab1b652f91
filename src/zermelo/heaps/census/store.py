"""The census database: SQLite in WAL mode, one row per (family, code, upto), idempotent upserts.

Only the coordinator writes; each finished game is one transaction (its row and the rows of every
code stored as it), so a ``kill -9`` at any moment leaves either all of a game's rows or none, and
the primary key makes a second write of the same game replace the first instead of adding to it.
The schema is documented in docs/census.md.

>>> import tempfile, os
>>> with tempfile.TemporaryDirectory() as d:
...     with Store(os.path.join(d, "c.sqlite")) as s:
...         s.journal_mode()
'wal'
"""

from __future__ import annotations

import os
import sqlite3
import time
import zlib
from collections.abc import Iterable, Iterator
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from types import TracebackType
from typing import Any

import numpy as np

from ...core.errors import InvalidPosition
from ...core.files import BadFile, check_target
from ...search.periodicity import detect, preperiod
from .families import Member

__all__ = ["SCHEMA", "CensusRecord", "Store", "pack_values", "unpack_values"]

SCHEMA_VERSION = "1"

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS results (
    family         TEXT    NOT NULL,  -- octal, hex, subtraction, allbut
    code           TEXT    NOT NULL,  -- 0.137, 0.3F, 1,3,4
    upto           INTEGER NOT NULL,  -- heaps 0..upto asked for
    status         TEXT    NOT NULL CHECK (status IN ('done', 'failed')),
    member         INTEGER NOT NULL DEFAULT 1,  -- 0: only stored as the game other codes are
    same_as        TEXT,              -- 'octal:0.137' when the values are another row's, shifted
    shift          INTEGER NOT NULL DEFAULT 0,  -- G(n) = G_same_as(n - shift), 0 below shift
    relation       TEXT,              -- why, in words
    computed       INTEGER,           -- heaps computed (past upto when a proof needed them)
    period         INTEGER,
    preperiod      INTEGER,
    last_exception INTEGER,
    saltus         INTEGER,
    proven         INTEGER,           -- 1: a theorem proves the period
    theorem        TEXT,
    largest        INTEGER,           -- the largest value among heaps 0..upto
    rare_mask      TEXT,
    rare_count     INTEGER,
    kernel         TEXT,
    seconds        REAL,
    version        TEXT,              -- zermelo's version
    values_dtype   TEXT,              -- numpy dtype of values_blob ('uint8', 'uint16', 'int32')
    values_blob    BLOB,              -- zlib-compressed G(0..upto); NULL for a same_as row
    attempts       INTEGER NOT NULL DEFAULT 0,
    error          TEXT,
    finished_at    REAL,              -- Unix time
    PRIMARY KEY (family, code, upto)
);
CREATE INDEX IF NOT EXISTS results_same_as ON results (same_as, upto);
"""

_COLUMNS = [
    "family",
    "code",
    "upto",
    "status",
    "member",
    "same_as",
    "shift",
    "relation",
    "computed",
    "period",
    "preperiod",
    "last_exception",
    "saltus",
    "proven",
    "theorem",
    "largest",
    "rare_mask",
    "rare_count",
    "kernel",
    "seconds",
    "version",
    "values_dtype",
    "values_blob",
    "attempts",
    "error",
    "finished_at",
]


@dataclass(frozen=True)
class CensusRecord:
    """One row of the census (what ``z.census`` yields), without the values blob."""

    family: str
    code: str
    upto: int
    status: str
    member: bool
    same_as: str | None
    shift: int
    relation: str | None
    computed: int | None
    period: int | None
    preperiod: int | None
    last_exception: int | None
    saltus: int | None
    proven: bool | None
    theorem: str | None
    largest: int | None
    rare_mask: str | None
    rare_count: int | None
    kernel: str | None
    seconds: float | None
    version: str | None
    attempts: int
    error: str | None

    @property
    def name(self) -> str:
        """``octal:0.137``."""
        return f"{self.family}:{self.code}"

    def to_json(self) -> dict[str, Any]:
        """The record as a JSON object."""
        return asdict(self)


_RECORD_FIELDS = tuple(f.name for f in fields(CensusRecord))
#: The SQLite type each column of a record must have (checked as rows are read).
_KINDS: dict[str, type | tuple[type, ...]] = {
    "family": str,
    "code": str,
    "upto": int,
    "status": str,
    "member": int,
    "same_as": str,
    "shift": int,
    "relation": str,
    "computed": int,
    "period": int,
    "preperiod": int,
    "last_exception": int,
    "saltus": int,
    "proven": int,
    "theorem": str,
    "largest": int,
    "rare_mask": str,
    "rare_count": int,
    "kernel": str,
    "seconds": (float, int),
    "version": str,
    "attempts": int,
    "error": str,
}
_NULLABLE = frozenset(_KINDS) - {"family", "code", "upto", "status", "member", "shift", "attempts"}


def pack_values(values: np.ndarray) -> tuple[str, bytes]:
    """The values in their smallest unsigned type, zlib-compressed.

    >>> dtype, blob = pack_values(np.array([0, 1, 300]))
    >>> dtype, unpack_values(dtype, blob).tolist()
    ('uint16', [0, 1, 300])
    """
    top = int(values.max()) if values.size else 0
    dtype = "uint8" if top < 1 << 8 else "uint16" if top < 1 << 16 else "int32"
    return dtype, zlib.compress(np.ascontiguousarray(values, dtype=dtype).tobytes(), 6)


def unpack_values(dtype: str, blob: bytes) -> np.ndarray:
    """The values a :func:`pack_values` blob holds."""
    return np.frombuffer(zlib.decompress(blob), dtype=np.dtype(dtype)).copy()


class Store:
    """The census database (created if missing; WAL journal; foreign writers wait 60 s)."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        check_target(self.path, "census database")  # a device, FIFO, symbolic link: refused
        existed = self.path.is_file() and self.path.stat().st_size > 0
        try:
            self.db = sqlite3.connect(str(self.path), timeout=60.0, isolation_level=None)
            if existed:
                # Every page of the file once, on open: a damaged database is refused here, in one
                # line, not met half-way through a report.
                found = [str(r[0]) for r in self.db.execute("PRAGMA quick_check(1)")]
                if found != ["ok"]:
                    self.db.close()
                    raise BadFile(f"census database {self.path} is damaged ({'; '.join(found)[:160]})")
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=NORMAL")
            self.db.executescript(SCHEMA)
            self.db.execute("INSERT OR IGNORE INTO meta VALUES ('schema', ?)", (SCHEMA_VERSION,))
        except sqlite3.DatabaseError as exc:
            raise BadFile(f"{self.path}: not a census database ({exc})") from None
        except OSError as exc:  # pragma: no cover - sqlite reports most as DatabaseError
            raise InvalidPosition(f"cannot open {self.path}: {exc}") from None

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: type[BaseException] | BaseException | TracebackType | None) -> None:
        self.close()

    def close(self) -> None:
        self.db.close()

    def journal_mode(self) -> str:
        return str(self.db.execute("PRAGMA journal_mode").fetchone()[0])

    # -- what is left to do --------------------------------------------------------------------
    def status(self, family: str, code: str, upto: int) -> tuple[str | None, int]:
        """``('done' | 'failed' | None, attempts)`` of one row."""
        row = self.db.execute(
            "SELECT status, attempts FROM results WHERE family=? AND code=? AND upto=?", (family, code, upto)
        ).fetchone()
        return (None, 0) if row is None else (str(row[0]), int(row[1]))

    def statuses(self, upto: int) -> dict[tuple[str, str], tuple[str, int]]:
        """``{(family, code): (status, attempts)}`` of every row to ``upto`` heaps, in one query
        (a row at a time took 2 s for the 131,072 games of ``census allbut --max 17``)."""
        rows = self.db.execute("SELECT family, code, status, attempts FROM results WHERE upto=?", (upto,))
        return {(str(f), str(c)): (str(s), int(a)) for f, c, s, a in rows}

    # -- writing -------------------------------------------------------------------------------
    def save(self, game: tuple[str, str], upto: int, result: dict[str, Any], aliases: Iterable[Member]) -> None:
        """Store a computed game and every code stored as it, in one transaction (idempotent)."""
        family, code = game
        values = unpack_values(result["values_dtype"], result["values_blob"])
        row = {k: result.get(k) for k in _COLUMNS}
        row.update(family=family, code=code, upto=upto, status="done", same_as=None, shift=0, relation=None)
        row["attempts"] = result.get("attempts", 0)
        row["error"] = None
        row["finished_at"] = time.time()
        rows = [row]
        is_member = False
        for m in aliases:
            if m.canonical:
                is_member = True
                continue
            rows.append(self._alias_row(m, upto, result, values))
        row["member"] = int(is_member)
        with self._transaction():
            for r in rows:
                self._upsert(r)

    def link(self, game: tuple[str, str], upto: int, aliases: Iterable[Member]) -> None:
        """Give a stored game's codes that have no row yet theirs (a census of a larger family)."""
        new = [m for m in aliases if self.status(m.family, m.code, upto)[0] != "done" or m.canonical]
        if not new:
            return
        # Read as a report reads it, each column and the values checked: a row edited or damaged on
        # disk is a one-line "damaged" error (a truncated values blob was "internal error: zlib").
        (record,) = self.records("family=? AND code=? AND upto=?", (game[0], game[1], upto))
        result = record.to_json()
        values = self._values(game[0], game[1], upto, follow=False)
        assert values is not None  # the row is there, "done" (the caller read its status)
        with self._transaction():
            for m in new:
                if m.canonical:
                    self.db.execute(
                        "UPDATE results SET member=1 WHERE family=? AND code=? AND upto=?", (game[0], game[1], upto)
                    )
                else:
                    self._upsert(self._alias_row(m, upto, result, values))

    def fail(self, game: tuple[str, str], upto: int, error: str, attempts: int, aliases: Iterable[Member]) -> None:
        """Record that a game failed (its ``attempts`` so far and the error), for it and its aliases."""
        family, code = game
        now = time.time()
        rows = [
            {"family": family, "code": code, "upto": upto, "status": "failed", "member": 0, "shift": 0}
            | {"attempts": attempts, "error": error, "finished_at": now}
        ]
        for m in aliases:
            if m.canonical:
                rows[0]["member"] = 1
                continue
            rows.append(
                {"family": m.family, "code": m.code, "upto": upto, "status": "failed", "member": 1}
                | {"same_as": f"{family}:{code}", "shift": m.shift, "relation": m.reason}
                | {"attempts": attempts, "error": error, "finished_at": now}
            )
        with self._transaction():
            for r in rows:
                self._upsert(r)

    def _alias_row(self, m: Member, upto: int, result: dict[str, Any], values: np.ndarray) -> dict[str, Any]:
        """A code stored as another game: G(n) = G_game(n - shift); its own period facts."""
        own = np.concatenate([np.zeros(m.shift, values.dtype), values])[: upto + 1]
        period = result.get("period")
        pre = None
        if period is not None and not result.get("saltus"):
            pre = preperiod(own, period) if own.size > period else None
            if pre is not None and not result.get("proven") and own.size - pre < period:
                pre = None
        elif period is not None:
            found = detect(own, saltus=True)
            pre = found.preperiod if found is not None else None
        relation = m.reason
        theorem = result.get("theorem")
        if m.shift and theorem:
            theorem = f"G(n) = G_{m.game_code}(n - {m.shift}); {m.game_code}: {theorem}"
        return {
            "family": m.family,
            "code": m.code,
            "upto": upto,
            "status": "done",
            "member": 1,
            "same_as": f"{m.game_family}:{m.game_code}",
            "shift": m.shift,
            "relation": relation,
            "computed": result.get("computed"),
            "period": period if pre is not None else None,
            "preperiod": pre,
            "last_exception": (pre - 1 if pre else None),
            "saltus": result.get("saltus"),
            "proven": result.get("proven") if pre is not None else 0,
            "theorem": theorem,
            "largest": int(own.max()) if own.size else 0,
            "rare_mask": result.get("rare_mask"),
            "rare_count": result.get("rare_count"),
            "kernel": result.get("kernel"),
            "seconds": 0.0,
            "version": result.get("version"),
            "values_dtype": None,
            "values_blob": None,
            "attempts": result.get("attempts", 0),
            "error": None,
            "finished_at": time.time(),
        }

    def _upsert(self, row: dict[str, Any]) -> None:
        cols = [c for c in _COLUMNS if c in row]
        keys = {"family", "code", "upto"}
        updates = ", ".join(f"{c}=excluded.{c}" for c in cols if c not in keys and c != "member")
        member = "member=MAX(results.member, excluded.member)"
        self.db.execute(
            f"INSERT INTO results ({', '.join(cols)}) VALUES ({', '.join('?' * len(cols))}) "
            f"ON CONFLICT (family, code, upto) DO UPDATE SET {updates}, {member}",
            [row[c] for c in cols],
        )

    def _transaction(self) -> _Transaction:
        return _Transaction(self.db)

    # -- reading -------------------------------------------------------------------------------
    def records(self, where: str = "", params: Iterable[Any] = ()) -> Iterator[CensusRecord]:
        """The rows (``where`` is an SQL condition over the columns), by family, upto and code."""
        sql = f"SELECT {', '.join(_RECORD_FIELDS)} FROM results"
        if where:
            sql += f" WHERE {where}"
        sql += " ORDER BY family, upto, length(code), code"
        try:
            for row in self.db.execute(sql, list(params)):
                yield self._record(row)
        except sqlite3.DatabaseError as exc:
            raise BadFile(f"census database {self.path} is damaged ({exc})") from None

    def _record(self, row: tuple[Any, ...]) -> CensusRecord:
        """A row as a record, each column of its type (a row edited to hold something else is a
        damaged database, not a crash further on)."""
        data = dict(zip(_RECORD_FIELDS, row, strict=True))
        for name, kinds in _KINDS.items():
            value = data[name]
            if not (isinstance(value, kinds) or (value is None and name in _NULLABLE)) or isinstance(value, bool):
                raise BadFile(
                    f"census database {self.path} is damaged: row {data['family']}:{data['code']} has"
                    f" {name} = {str(value)[:40]!r}"
                )
        if data["status"] not in ("done", "failed"):
            raise BadFile(f"census database {self.path} is damaged: a row has status {str(data['status'])[:20]!r}")
        data["member"] = bool(data["member"])
        data["proven"] = None if data["proven"] is None else bool(data["proven"])
        return CensusRecord(**data)

    def values(self, family: str, code: str, upto: int) -> np.ndarray | None:
        """G(0..upto) of a stored code (following ``same_as`` and its shift); None if not stored."""
        return self._values(family, code, upto, follow=True)

    def _values(self, family: str, code: str, upto: int, follow: bool) -> np.ndarray | None:
        try:
            row = self.db.execute(
                "SELECT same_as, shift, values_dtype, values_blob FROM results "
                "WHERE family=? AND code=? AND upto=? AND status='done'",
                (family, code, upto),
            ).fetchone()
        except sqlite3.DatabaseError as exc:
            raise BadFile(f"census database {self.path} is damaged ({exc})") from None
        if row is None:
            return None
        same_as, s, dtype, blob = row
        damaged = f"census database {self.path} is damaged: the values of {family}:{code}"
        if same_as is None:
            if dtype not in ("uint8", "uint16", "int32") or not isinstance(blob, bytes):
                raise BadFile(f"{damaged} are not values")
            try:
                # At most upto + 1 values (and a few more a proof computed): never a zlib bomb.
                raw = zlib.decompressobj().decompress(blob, 8 * (upto + 1) + (64 << 20))
            except zlib.error as exc:
                raise BadFile(f"{damaged} do not decompress ({exc})") from None
            got = np.frombuffer(raw[: len(raw) // np.dtype(dtype).itemsize * np.dtype(dtype).itemsize], dtype)
            if got.size < upto + 1 or (got.size and int(got.min()) < 0):
                raise BadFile(f"{damaged} are {got.size:,}, not the {upto + 1:,} of heaps 0..{upto:,}")
            return got[: upto + 1].copy()
        if not follow or not isinstance(same_as, str) or not isinstance(s, int) or not 0 <= s <= upto + 1:
            raise BadFile(f"{damaged} point to {str(same_as)[:40]!r} (shift {str(s)[:20]})")
        fam, _, other = same_as.partition(":")
        base = self._values(fam, other, upto, follow=False)  # one step: a row is stored as a game
        if base is None:
            return None
        return np.concatenate([np.zeros(s, base.dtype), base])[: upto + 1]


class _Transaction:
    """``BEGIN IMMEDIATE`` … ``COMMIT`` (``ROLLBACK`` on any exception, Ctrl-C included)."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def __enter__(self) -> None:
        self.db.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind: type[BaseException] | None, *rest: object) -> None:
        self.db.execute("COMMIT" if kind is None else "ROLLBACK")
