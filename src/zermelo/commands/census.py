"""``zermelo census FAMILY``, ``zermelo census report`` and ``zermelo census compare``."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..core.errors import InvalidPosition
from ..heaps.census import DEFAULT_DB
from ..heaps.census.families import count, members
from . import SUMMARY, census_family
from .common import emit_json, stopped, whole

if TYPE_CHECKING:  # loaded when a command runs: the first progress line comes before numpy and Dask
    from ..heaps.census import CensusProgress
    from ..heaps.census.store import Store

#: The most digits after the point a census of codes takes: 8^6 octal codes (262,144) and 16^4
#: hexadecimal ones (65,536) are listed in memory at once, a few hundred bytes each.
DIGITS = {"octal": 6, "hex": 4}
#: The largest M of a census of subsets of 1..M: 2^18 = 262,144 games.
MAX_SET = 18
#: The most heaps a census computes of each game (each worker holds one to eight bytes a heap).
MAX_HEAPS = 1_000_000_000


def add(sub: Any) -> None:
    p = sub.add_parser(
        "census",
        help=SUMMARY["census"],
        description="Compute every game of a family to N heaps with proven periods, on a Dask cluster "
        "(a local one by default), keeping every result in a SQLite database; report and compare.",
        epilog="Examples: zermelo census octal --digits 3 --upto 100000;  zermelo census report --open",
    )
    kinds = p.add_subparsers(dest="family", metavar="FAMILY", required=True)
    for name, what in (
        ("octal", "every octal code with up to K digits after the point"),
        ("hex", "every hexadecimal code with up to K digits after the point"),
        ("subtraction", "every subtraction set inside 1..M"),
        ("allbut", "every all-but game excluding a subset of 1..M"),
    ):
        q = kinds.add_parser(name, help=what, description=f"Census of {what}.")
        if name in ("octal", "hex"):
            q.add_argument(
                "--digits",
                type=whole(1, DIGITS[name]),
                required=True,
                metavar="K",
                help="digits after the point (1, 2, 3)",
            )
            q.add_argument("--d0", action="store_true", help="also codes with a digit before the point (4.xx)")
        else:
            q.add_argument("--max", type=whole(1, MAX_SET), required=True, metavar="M", help="subsets of 1..M")
            q.add_argument("--size", type=whole(0, MAX_SET), metavar="S", help="only subsets of S elements")
        q.add_argument("--upto", type=whole(0, MAX_HEAPS), required=True, metavar="N", help="heaps 0..N of each game")
        q.add_argument(
            "--proof-max",
            type=whole(0, 4 * MAX_HEAPS + 1000),
            metavar="M",
            help="compute at most heaps 0..M for a proof (4N+1000)",
        )
        _db(q)
        q.add_argument("--workers", type=whole(1, 256), metavar="N", help="local worker processes (default: the cores)")
        q.add_argument("--scheduler", metavar="tcp://HOST:PORT", help="use an existing Dask scheduler")
        q.add_argument(
            "--dashboard",
            action="store_true",
            help="turn on Dask's dashboard of the local cluster (on 127.0.0.1, its address printed; default off)",
        )
        q.add_argument("--retry-failed", action="store_true", help="try again games that failed 3 times")
        q.add_argument("--quiet", action="store_true", help="no progress display")
        q.set_defaults(run=run_census)
    census_family.add(kinds, MAX_HEAPS)
    r = kinds.add_parser("report", help="print the census table", description="The census table, filtered.")
    _db(r)
    r.add_argument("--family", choices=("octal", "hex", "subtraction", "allbut"), help="only this family")
    r.add_argument("--upto", type=whole(), metavar="N", help="only rows to N heaps")
    r.add_argument("--open", action="store_true", help="only codes without a proven period")
    r.add_argument("--period-over", type=whole(), metavar="P", help="only periods longer than P")
    r.add_argument("--code", metavar="PATTERN", help="only codes matching PATTERN, e.g. '0.1*'")
    r.add_argument("--all", action="store_true", help="also the games stored only as other codes' values")
    out = r.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help="one JSON list of records")
    out.add_argument("--csv", action="store_true", help="CSV on stdout")
    r.add_argument("--image", metavar="FILE.png", help="draw preperiod by code, proven and open coloured")
    r.set_defaults(run=run_report)
    c = kinds.add_parser(
        "compare",
        help="list every disagreement with a published table (CSV)",
        description="Compare the census with a published table: CSV with columns code, period, preperiod "
        "(or last_exception), largest, status, family, source.  Exit 1 if anything disagrees.",
    )
    c.add_argument("table", metavar="FILE.csv")
    _db(c)
    c.add_argument("--upto", type=whole(), metavar="N", help="compare the rows to N heaps (default: the longest)")
    c.set_defaults(run=run_compare)


def _db(p: argparse.ArgumentParser) -> None:
    p.add_argument("--db", default=DEFAULT_DB, metavar="FILE", help=f"the SQLite database (default ./{DEFAULT_DB})")


def _existing(db: str) -> Store:
    from ..heaps.census.store import Store

    if not Path(db).is_file():
        raise InvalidPosition(f"no census database {db} (run `zermelo census octal --digits 2 --upto 1000` first)")
    return Store(db)


class _Progress:
    """Games done / total, rate and ETA: a rich bar on a terminal, else a line every 10 s."""

    def __init__(self, quiet: bool, label: str) -> None:
        self.quiet = quiet
        self.label = label
        self.last: CensusProgress | None = None  # none before the codes are listed
        self.bar: Any = None
        self.task: Any = None
        self.printed = 0.0
        if not quiet and sys.stderr.isatty():
            from rich.console import Console
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

            self.bar = Progress(
                TextColumn(label),
                BarColumn(),
                MofNCompleteColumn(),
                TextColumn("games  {task.fields[rate]}  ETA {task.fields[eta]}"),
                console=Console(file=sys.stderr),
                transient=True,
            )

    def listing(self, codes: int) -> None:
        """The first line, before the codes are listed and looked up."""
        if self.quiet:
            return
        if self.bar is not None:
            self.bar.start()
            self.task = self.bar.add_task("census", total=codes, rate="listing the codes", eta="?")
        else:
            print(f"{self.label}: listing {codes:,} codes", file=sys.stderr, flush=True)

    def __call__(self, p: CensusProgress) -> None:
        self.last = p
        if self.quiet:
            return
        rate = f"{p.rate:,.1f} games/s"
        eta = _clock(p.eta) if p.eta is not None else "?"
        if self.bar is not None:
            if self.task is None:
                self.bar.start()
                self.task = self.bar.add_task("census", total=p.total, rate=rate, eta=eta)
            self.bar.update(self.task, completed=p.done, total=p.total, rate=rate, eta=eta)
        elif time.monotonic() - self.printed >= 10.0 or p.done == p.total:
            self.printed = time.monotonic()
            print(f"{self.label}: {p.done:,}/{p.total:,} games, {rate}, ETA {eta}", file=sys.stderr, flush=True)

    def close(self) -> None:
        if self.bar is not None and self.task is not None:
            self.bar.stop()


def _clock(seconds: float) -> str:
    s = int(seconds)
    return f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}" if s >= 3600 else f"{s // 60}:{s % 60:02d}"


def run_census(args: argparse.Namespace) -> int:
    if args.upto < 0:
        raise InvalidPosition(f"--upto must be a non-negative whole number, got {args.upto}")
    if args.workers is not None and args.workers < 1:
        raise InvalidPosition(f"--workers must be at least 1, got {args.workers}")
    if args.proof_max is not None and args.proof_max < args.upto:
        raise InvalidPosition(f"--proof-max ({args.proof_max}) must be at least --upto ({args.upto})")
    if args.scheduler is not None and "://" not in args.scheduler:
        raise InvalidPosition(f"--scheduler is an address like tcp://127.0.0.1:8786, got {args.scheduler!r}")
    family: dict[str, Any] = {
        "digits": getattr(args, "digits", None),
        "d0": getattr(args, "d0", False),
        "top": getattr(args, "max", None),
        "size": getattr(args, "size", None),
    }
    label = f"census {args.family}"
    bar = _Progress(args.quiet, label)
    bar.listing(count(args.family, **family))  # at once: listing 131,072 codes takes seconds
    try:
        ms = members(args.family, **family)
        from ..heaps.census.run import run  # numpy, SQLite and Dask load after the first line

        summary = run(
            ms,
            args.upto,
            args.db,
            workers=args.workers,
            scheduler=args.scheduler,
            max_upto=args.proof_max,
            progress=bar,
            retry_failed=args.retry_failed,
            dashboard=args.dashboard,
        )
    except KeyboardInterrupt as stop:
        bar.close()
        p = bar.last
        how, status = stopped(stop)
        done = "while listing the codes" if p is None else f"after {p.done:,} of {p.total:,} games"
        print(
            f"zermelo: census {how} {done}; the finished ones are stored in {args.db} (run again to resume)",
            file=sys.stderr,
        )
        return status
    finally:
        bar.close()
    print(
        f"{label}: {summary.codes:,} codes, {summary.games:,} games: {summary.computed:,} computed, "
        f"{summary.stored:,} already stored, {summary.failed:,} failed; {summary.seconds:.1f} s"
        + (f" on {summary.workers} workers" if summary.workers else "")
        + f" ({args.db})"
    )
    return 1 if summary.failed else 0


def run_report(args: argparse.Namespace) -> int:
    if args.image and not args.image.lower().endswith(".png"):
        raise InvalidPosition(f"--image writes a PNG file; give a name ending in .png, got {args.image!r}")
    from ..heaps.census.report import draw, render_csv, render_table, select

    with _existing(args.db) as store:
        rows = select(
            store,
            family=args.family,
            upto=args.upto,
            open_only=args.open,
            period_over=args.period_over,
            code=args.code,
            everything=args.all,
        )
    if args.image:
        draw(rows, Path(args.image))
    if args.json:
        emit_json([r.to_json() for r in rows])
    elif args.csv:
        sys.stdout.write(render_csv(rows))
    else:
        print(render_table(rows))
    return 0


def run_compare(args: argparse.Namespace) -> int:
    from ..heaps.census.report import compare

    with _existing(args.db) as store:
        found = list(compare(store, Path(args.table), args.upto))
    wrong = [d for d in found if d.reached]
    for d in wrong:
        print(f"differs      {d}")
    for d in found:
        if not d.reached:
            print(f"not reached  {d}")
    print(f"{len(wrong):,} disagreements, {len(found) - len(wrong):,} not reached ({args.table} against {args.db})")
    return 1 if wrong else 0
