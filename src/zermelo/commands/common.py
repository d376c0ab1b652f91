"""What the commands share: game and position parsing, budgets, progress, JSON output."""

from __future__ import annotations

import argparse
import atexit
import json
import math
import sys
from collections.abc import Callable
from typing import Any, TextIO

from ..core.checks import parse_int
from ..core.errors import InvalidPosition, Terminated
from ..core.limits import ARITHMETIC, Limits, Progress
from ..games import registry

__all__ = [
    "INT64",
    "Whole",
    "add_batch",
    "add_limits",
    "check_timeout",
    "emit_json",
    "file_name",
    "game_and_position",
    "limits_from",
    "progress_printer",
    "stopped",
    "whole",
]

#: The largest number SQLite stores (INTEGER: 64-bit signed): the top of a flag only compared.
INT64 = 2**63 - 1


class Whole:
    """An argparse ``type`` for a flag that is a whole number in ``lo .. hi``: the one numeric
    parser of the CLI's flags (:func:`zermelo.core.checks.parse_int`), its range kept for
    docs/limits.md, whose table ``tests/test_cli_flags.py`` compares with the parser.

    >>> whole(1, 6)(" +5")
    5
    >>> whole(1, 6)("7")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: must be a whole number from 1 to 6, got '7'
    """

    __name__ = "whole number"  # what argparse calls the type

    def __init__(self, lo: int, hi: int | None) -> None:
        self.lo, self.hi = lo, hi

    def __call__(self, text: str) -> int:
        try:
            return parse_int(text, "", minimum=self.lo, maximum=self.hi)
        except InvalidPosition as exc:  # argparse words it "argument --flag: <message>"
            raise argparse.ArgumentTypeError(str(exc).strip()) from None


def whole(lo: int = 0, hi: int | None = INT64) -> Whole:
    """The ``type=`` of a whole-number flag in ``lo .. hi`` (default: up to SQLite's INTEGER;
    ``None``: no bound but 4,300 digits, where memory decides and says so)."""
    return Whole(lo, hi)


def game_and_position(spec: str, words: list[str]) -> tuple[Any, Any]:
    """The game and position of a command's words; a graph may come from a file the user names
    (the CLI runs for the user at the terminal: :func:`zermelo.games.registry.make_game`'s ``files``)."""
    return registry.game_and_position(spec, words, files=True)


def file_name(text: str) -> str:
    """An argparse ``type`` for a file to write: not empty (an empty name wrote nothing, silently).

    >>> file_name("out.png")
    'out.png'
    """
    if not text.strip():
        raise argparse.ArgumentTypeError("give a file name, not an empty one")
    if "\x00" in text:
        raise argparse.ArgumentTypeError("a file name cannot hold a NUL character")
    return text


def add_limits(
    p: argparse.ArgumentParser,
    budget: int | None = 10_000_000,
    budget_help: str = "stop after N positions (default 10,000,000; solve's extras for a position a closed form"
    " settles stop at 1,000,000 unless --budget is given)",
    timeout_help: str = "stop after this many seconds",
) -> None:
    """The search-budget flags every searching command takes (``--budget``, ``--timeout``, ``--quiet``)."""
    p.add_argument("--budget", type=whole(1), default=budget, metavar="N", help=budget_help)
    p.add_argument("--timeout", type=float, default=None, metavar="SECONDS", help=timeout_help)
    p.add_argument("--quiet", action="store_true", help="no progress display")


def add_batch(p: argparse.ArgumentParser) -> None:
    """``--batch FILE``: many positions in one run (:mod:`zermelo.commands.batch`)."""
    p.add_argument(
        "--batch",
        metavar="FILE",
        help="answer many positions: one a line from FILE ('-': standard input), one JSON object a line out",
    )


def progress_printer(
    quiet: bool, *, total: int | None = None, stream: TextIO | None = None
) -> Callable[[Progress], None] | None:
    """A progress callback for long searches: a rich progress bar on a terminal's stderr.

    It shows the phase, the positions reached, the rate, the value arithmetic done (sums,
    comparisons and values, reported by :func:`~zermelo.values.budget.value_budget` while the
    arithmetic runs), the time so far and the estimated time left.
    ``total`` is what the bar fills towards — the position budget, so the estimate is the time
    until the budget runs out: an upper bound, as the search ends by then at the latest.  Nothing
    is shown for the first second, or when ``quiet``.  When stderr is not a terminal (``--json``
    piped to a program, a log file) the same report is a plain line now and then
    (:func:`progress_lines`).
    """
    out = sys.stderr if stream is None else stream
    if quiet:
        return None
    if not out.isatty():
        return _line_printer(out)
    from rich.console import Console
    from rich.progress import BarColumn, TextColumn, TimeElapsedColumn, TimeRemainingColumn
    from rich.progress import Progress as Bar

    bar = Bar(
        TextColumn("{task.fields[text]}"),
        BarColumn(bar_width=10),
        TimeElapsedColumn(),
        TextColumn("at most" if total else ""),
        TimeRemainingColumn(),
        TextColumn("{task.fields[detail]}"),
        console=Console(file=out, force_terminal=True),
        transient=True,
        auto_refresh=False,
        redirect_stdout=False,
        redirect_stderr=True,  # an error printed mid-search goes above the bar, which then vanishes
        get_time=lambda: clock[0],  # the search's own clock: elapsed, rate and estimate agree with it
    )
    clock = [0.0]
    started = [False]
    task = bar.add_task("search", total=total, text="searching", detail="")
    last = [Progress(0, 0, 0.0)]  # the search's last report: the arithmetic's reports keep its counts

    def report(p: Progress) -> None:
        if p.done:
            if started[0]:
                bar.stop()
                started[0] = False
            return
        if p.seconds < 1.0:
            return
        if not started[0]:
            bar.start()
            atexit.register(bar.stop)  # a budget error ends the run without a final report
            started[0] = True
        clock[0] = max(clock[0], p.seconds)
        text = _describe(p, last)
        bar.update(task, completed=last[0].positions, text=text, detail=p.detail)
        bar.refresh()

    return report


def progress_lines(stream: TextIO | None = None) -> Callable[[float, str], None]:
    """Print ``zermelo: TEXT (elapsed)`` on stderr now and then: after the first second, then
    whenever a tenth of the time so far (at least a second) has passed since the last line — a
    display that moves where no bar can be drawn (stderr is a file or a pipe).

    >>> import io
    >>> out = io.StringIO()
    >>> say = progress_lines(out)
    >>> for t in (0.5, 1.0, 1.5, 2.2, 30.0, 31.0, 33.5):
    ...     say(t, f"{int(t * 100):,} positions")
    >>> print(out.getvalue(), end="")
    zermelo: 100 positions (0:00:01)
    zermelo: 220 positions (0:00:02)
    zermelo: 3,000 positions (0:00:30)
    zermelo: 3,350 positions (0:00:33)
    """
    out = sys.stderr if stream is None else stream
    last = [-1.0]

    def say(seconds: float, text: str) -> None:
        if seconds < 1.0 or seconds - last[0] < max(1.0, seconds / 10):
            return
        last[0] = seconds
        s = int(seconds)
        out.write(f"zermelo: {text} ({s // 3600}:{s // 60 % 60:02}:{s % 60:02})\n")
        out.flush()

    return say


def _describe(p: Progress, last: list[Progress]) -> str:
    """A report in words; ``last[0]`` keeps the search's counts while the arithmetic reports."""
    if p.phase == ARITHMETIC:
        s = last[0]
        after = f" (after {s.positions:,} positions)" if s.positions else ""
        return f"{p.phase}: {p.work:,} sums, comparisons and values{after}"
    last[0] = p
    rate = p.positions / p.seconds if p.seconds else 0.0
    # The moves go on when every position is known (a table of 100,000 heaps).
    moves = f" {p.options:,} moves" if p.options else ""
    return f"{p.phase} {p.positions:,} positions {rate:,.0f}/s{moves}"


def _line_printer(out: TextIO) -> Callable[[Progress], None]:
    """The report of :func:`progress_printer` as plain lines (stderr is not a terminal)."""
    say = progress_lines(out)
    last = [Progress(0, 0, 0.0)]

    def report(p: Progress) -> None:
        if not p.done:
            say(p.seconds, _describe(p, last) + (f" {p.detail}" if p.detail else ""))

    return report


def check_timeout(seconds: float | None) -> None:
    """A one-line error for a ``--timeout`` that is no budget."""
    if seconds is not None and not (math.isfinite(seconds) and seconds > 0):
        # float() reads "nan", "inf" and "-3" alike: none of them is a budget.
        raise InvalidPosition(f"--timeout must be a positive number of seconds, got {seconds}")


def limits_from(args: argparse.Namespace) -> Limits:
    """Limits from the ``--budget`` / ``--timeout`` / ``--quiet`` flags."""
    if args.budget is not None and args.budget <= 0:
        raise InvalidPosition(f"--budget must be positive, got {args.budget}")
    check_timeout(args.timeout)
    # The deadline starts now: --timeout covers loading the kernels too, not only the search.
    return Limits(args.budget, args.timeout, progress_printer(args.quiet, total=args.budget)).started()


def emit_json(obj: Any) -> None:
    """Print one JSON object."""
    json.dump(obj, sys.stdout, ensure_ascii=False, indent=2)
    sys.stdout.write("\n")


def stopped(exc: KeyboardInterrupt) -> tuple[str, int]:
    """The word and exit status of a run stopped by Ctrl-C (``interrupted``, 130) or by SIGTERM
    (``terminated``, 143: :class:`~zermelo.core.errors.Terminated`); either saved its work first."""
    return ("terminated", 143) if isinstance(exc, Terminated) else ("interrupted", 130)
