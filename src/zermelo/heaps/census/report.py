"""What a census found: the literature's table, filters, CSV/JSON, a picture, and a comparison with
a published table.

The table is the one the octal-game tables print: code, period, preperiod (the last exception is
one less), largest value, proven or open, and the game a code is stored as.

>>> status_of(None)
'-'
"""

from __future__ import annotations

import csv
import fnmatch
import io
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from ...core.errors import InvalidPosition
from ...core.files import read_text, save_figure
from .store import CensusRecord, Store

__all__ = ["Disagreement", "compare", "render_csv", "render_table", "select", "status_of"]

HEADER = ("family", "code", "upto", "period", "preperiod", "last_exception", "largest", "status", "same_as", "kernel")


def status_of(r: CensusRecord | None) -> str:
    """``proven``, ``observed`` (a period seen, no proof), ``open``, ``failed`` or ``-`` (no row)."""
    if r is None:
        return "-"
    if r.status == "failed":
        return "failed"
    if r.proven:
        return "proven"
    return "observed" if r.period is not None else "open"


def select(
    store: Store,
    *,
    family: str | None = None,
    upto: int | None = None,
    open_only: bool = False,
    period_over: int | None = None,
    code: str | None = None,
    everything: bool = False,
) -> list[CensusRecord]:
    """The rows of a census with the report's filters (``code`` is a pattern like ``0.1*``).

    Rows kept only as the game other codes are stored as are left out unless ``everything``.
    """
    where: list[str] = []
    params: list[str | int] = []
    if family is not None:
        where.append("family = ?")
        params.append(family)
    if upto is not None:
        where.append("upto = ?")
        params.append(upto)
    if not everything:
        where.append("member = 1")
    rows = list(store.records(" AND ".join(where), params))
    if open_only:
        rows = [r for r in rows if not r.proven]
    if period_over is not None:
        rows = [r for r in rows if r.period is not None and r.period > period_over]
    if code is not None:
        pattern = "0" + code if code.startswith(".") else code  # .1* is 0.1*
        rows = [r for r in rows if fnmatch.fnmatchcase(r.code, pattern)]
    return rows


def _cells(r: CensusRecord) -> tuple[str, ...]:
    def num(v: int | None) -> str:
        return "-" if v is None else f"{v:,}"

    same = "" if r.same_as is None else r.same_as.partition(":")[2] + (f" +{r.shift}" if r.shift else "")
    return (
        r.family,
        r.code,
        f"{r.upto:,}",
        num(r.period),
        num(r.preperiod),
        num(r.last_exception),
        num(r.largest),
        status_of(r),
        same,
        (r.kernel or r.error or "").split(" (")[0],
    )


def render_table(rows: Iterable[CensusRecord]) -> str:
    """The table, columns aligned, one code a line, and a count at the end."""
    body = [_cells(r) for r in rows]
    head = ("family", "code", "heaps", "period", "preperiod", "last exc.", "largest", "status", "same as", "kernel")
    widths = [max(len(c) for c in col) for col in zip(head, *body, strict=True)]
    right = {2, 3, 4, 5, 6}

    def line(cells: tuple[str, ...]) -> str:
        out = [c.rjust(w) if i in right else c.ljust(w) for i, (c, w) in enumerate(zip(cells, widths, strict=True))]
        return "  ".join(out).rstrip()

    counts: dict[str, int] = {}
    for cells in body:
        counts[cells[7]] = counts.get(cells[7], 0) + 1
    summary = ", ".join(f"{n:,} {k}" for k, n in sorted(counts.items())) or "no rows"
    return "\n".join([line(head), *(line(c) for c in body), f"{len(body):,} codes: {summary}"])


def render_csv(rows: Iterable[CensusRecord]) -> str:
    """The table as CSV (plain numbers, empty cells for none)."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(HEADER)
    for r in rows:
        cells = (r.family, r.code, r.upto, r.period, r.preperiod, r.last_exception, r.largest)
        w.writerow((*cells, status_of(r), r.same_as, r.kernel))
    return buf.getvalue()


def draw(rows: list[CensusRecord], path: Path) -> None:
    """Preperiod (log scale) against the codes in order, proven and open in two colours."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(11, 4.5), dpi=120)
    colours = {"proven": "tab:green", "observed": "tab:orange", "open": "tab:red", "failed": "black"}
    for kind, colour in colours.items():
        xs = [i for i, r in enumerate(rows) if status_of(r) == kind]
        ys = [1 + (rows[i].preperiod or 0) if kind != "open" else 1 + rows[i].upto for i in xs]
        if xs:
            label = f"{kind} ({len(xs):,})" + (" at the heaps reached" if kind == "open" else "")
            ax.scatter(xs, ys, s=8, color=colour, label=label)
    ax.set_yscale("log")
    step = max(1, len(rows) // 24)
    ax.set_xticks(range(0, len(rows), step))
    ax.set_xticklabels([rows[i].code for i in range(0, len(rows), step)], rotation=70, fontsize=7)
    ax.set_ylabel("1 + preperiod (open: heaps computed)")
    ax.set_title(f"census of {len(rows):,} codes: preperiod by code")
    if rows:
        ax.legend(loc="upper left", fontsize=8)
    fig.tight_layout()
    save_figure(fig, path)


@dataclass(frozen=True)
class Disagreement:
    """One difference between a stored census and a published table."""

    family: str
    code: str
    field: str  # period, preperiod, largest, status; "missing" when the census has no row
    published: str
    stored: str
    source: str

    @property
    def reached(self) -> bool:
        """False when the census has not gone far enough to say (open here, or no row)."""
        return self.field not in ("not reached", "missing")

    def __str__(self) -> str:
        return (
            f"{self.family}:{self.code}  {self.field}: published {self.published}, here {self.stored}  ({self.source})"
        )


#: The largest published table read (the octal tables of the literature are a few hundred KB).
MAX_TABLE_BYTES = 16 << 20


def _read_table(path: Path) -> list[dict[str, str]]:
    text = read_text(path, what="published table", max_bytes=MAX_TABLE_BYTES)  # a BOM is fine
    reader = csv.DictReader(io.StringIO(text))
    if reader.fieldnames is None or "code" not in reader.fieldnames:
        raise InvalidPosition(f"{path}: a published table is CSV with a 'code' column (and period, preperiod, ...)")
    return [{k: (v or "").strip() for k, v in row.items() if k} for row in reader]


def compare(store: Store, path: Path, upto: int | None = None) -> Iterator[Disagreement]:
    """Every disagreement between the census and a published CSV table.

    The CSV has a ``code`` column and any of ``family`` (default octal), ``period``, ``preperiod``
    (or ``last_exception``), ``largest``, ``status`` (proven / open) and ``source``.  A code the
    census has not proven (or not computed) is listed as not reached, never as agreeing.
    """
    for row in _read_table(path):
        family = row.get("family") or "octal"
        code = row["code"]
        source = row.get("source", "")
        if code.startswith("."):
            code = "0" + code
        rs = [r for r in store.records("family = ? AND code = ?", (family, code)) if upto in (None, r.upto)]
        if not rs:
            yield Disagreement(family, code, "missing", "a row", "none", source)
            continue
        r = max(rs, key=lambda r: (r.status == "done", r.upto))
        want = {k: row.get(k, "") for k in ("period", "preperiod", "largest", "status")}
        if row.get("last_exception") and not want["preperiod"]:
            want["preperiod"] = str(int(row["last_exception"]) + 1)
        if want["status"] == "open" or (not want["status"] and not want["period"]):
            if r.proven:
                yield Disagreement(family, code, "status", "open", f"proven, period {r.period}", source)
            continue
        if not r.proven:
            yield Disagreement(family, code, "not reached", f"period {want['period']}", status_of(r), source)
            continue
        got = {"period": r.period, "preperiod": r.preperiod, "largest": r.largest}
        for field in ("period", "preperiod", "largest"):
            if not want[field]:
                continue
            if field == "largest" and r.upto < (r.preperiod or 0) + (r.period or 0):
                continue  # the largest value may lie past the heaps kept
            if str(got[field]) != want[field]:
                yield Disagreement(family, code, field, want[field], str(got[field]), source)
