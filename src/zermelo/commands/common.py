"""What the commands share: game and position parsing, budgets, progress, JSON output."""

from __future__ import annotations

import argparse
import atexit
import json
import math
import sys
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from ..engine import Limits, Progress
from ..errors import InvalidGame, InvalidPosition, Unsupported
from ..limits import ARITHMETIC
from ..registry import entry, make_game
from ..rules import Impartial, Partisan, PartisanSum, Rules, Sum, split_on_plus

__all__ = ["add_limits", "emit_json", "file_name", "game_and_position", "limits_from", "progress_printer"]


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


def add_limits(p: argparse.ArgumentParser) -> None:
    """The search-budget flags every searching command takes."""
    p.add_argument(
        "--budget",
        type=int,
        default=10_000_000,
        metavar="N",
        help="stop after N positions (default 10,000,000; solve's extras for a position a closed form settles"
        " stop at 1,000,000 unless --budget is given)",
    )
    p.add_argument(
        "--timeout",
        type=float,
        default=None,
        metavar="SECONDS",
        help="stop after this many seconds",
    )
    p.add_argument("--quiet", action="store_true", help="no progress display")


def progress_printer(
    quiet: bool, *, total: int | None = None, stream: TextIO | None = None
) -> Callable[[Progress], None] | None:
    """A progress callback for long searches: a rich progress bar on a terminal's stderr.

    It shows the phase, the positions reached, the rate, the value arithmetic done (sums,
    comparisons and values, reported by :func:`~zermelo.values.budget.value_budget` while the
    arithmetic runs), the time so far and the estimated time left.
    ``total`` is what the bar fills towards — the position budget, so the estimate is the time
    until the budget runs out: an upper bound, as the search ends by then at the latest.  Nothing
    is shown for the first second, when ``quiet``, or when stderr is not a terminal.
    """
    out = sys.stderr if stream is None else stream
    if quiet or not out.isatty():
        return None
    from rich.console import Console
    from rich.progress import BarColumn, TextColumn, TimeElapsedColumn, TimeRemainingColumn
    from rich.progress import Progress as Bar

    bar = Bar(
        TextColumn("{task.fields[text]}"),
        BarColumn(bar_width=10),
        TimeElapsedColumn(),
        TextColumn("at most" if total else ""),
        TimeRemainingColumn(),
        console=Console(file=out, force_terminal=True),
        transient=True,
        auto_refresh=False,
        redirect_stdout=False,
        redirect_stderr=True,  # an error printed mid-search goes above the bar, which then vanishes
        get_time=lambda: clock[0],  # the search's own clock: elapsed, rate and estimate agree with it
    )
    clock = [0.0]
    started = [False]
    task = bar.add_task("search", total=total, text="searching")
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
        if p.phase == ARITHMETIC:
            s = last[0]
            text = f"{p.phase}: {p.work:,} sums, comparisons and values" + (
                f" (after {s.positions:,} positions)" if s.positions else ""
            )
        else:
            last[0] = p
            rate = p.positions / p.seconds if p.seconds else 0.0
            # The moves go on when every position is known (a table of 100,000 heaps).
            text = f"{p.phase} {p.positions:,} positions {rate:,.0f}/s {p.options:,} moves"
        bar.update(task, completed=last[0].positions, text=text)
        bar.refresh()

    return report


def limits_from(args: argparse.Namespace) -> Limits:
    """Limits from the ``--budget`` / ``--timeout`` / ``--quiet`` flags."""
    if args.budget is not None and args.budget <= 0:
        raise InvalidPosition(f"--budget must be positive, got {args.budget}")
    if args.timeout is not None and not (math.isfinite(args.timeout) and args.timeout > 0):
        # float() reads "nan", "inf" and "-3" alike: none of them is a budget.
        raise InvalidPosition(f"--timeout must be a positive number of seconds, got {args.timeout}")
    return Limits(args.budget, args.timeout, progress_printer(args.quiet, total=args.budget))


def game_and_position(spec: str, words: Sequence[str]) -> tuple[Rules[Any], Any]:
    """The rules named by ``spec`` and the position read from the POSITION words.

    A word ``+`` starts another summand, ``GAME POSITION...`` again: ``nim 3 4 + kayles 5`` is
    the sum of Nim (3, 4) and Kayles 5 — a :class:`~zermelo.rules.Sum` of impartial games, or a
    :class:`~zermelo.rules.PartisanSum` when any summand is partisan.
    """
    words = list(words)
    if "+" not in words:
        return _one_game(spec, words)
    chunks = split_on_plus(words)
    parts = [_one_game(spec, chunks[0])]
    for chunk in chunks[1:]:
        if not chunk:
            raise InvalidPosition("a '+' must be followed by a game and its position, like: nim 3 4 + kayles 5")
        try:
            parts.append(_one_game(chunk[0], chunk[1:]))
        except InvalidGame as exc:
            raise InvalidGame(f"after '+' comes a game and its position: {exc}") from None
    games = [g for g, _ in parts]
    position = tuple(p for _, p in parts)
    if all(isinstance(g, Impartial) for g in games):
        return Sum(*games), position  # type: ignore[arg-type]
    if all(isinstance(g, (Impartial, Partisan)) for g in games):
        return PartisanSum(*games), position
    scored = next(g for g in games if not isinstance(g, (Impartial, Partisan)))
    raise Unsupported(f"{scored.spec()} is a scored game: sums are of impartial and partisan games")


def _one_game(spec: str, words: Sequence[str]) -> tuple[Rules[Any], Any]:
    e = entry(spec.partition(":")[0])
    # Scored games' examples are whole commands ("zermelo negamax connect4:6x5 ''").
    like = e.example if e.example.startswith("zermelo ") else f"zermelo solve {e.example}"
    words = list(words)
    if e.graph_argument and ":" not in spec:
        if not words:
            raise InvalidGame(f"{e.name}: give the graph first, like: {like}")
        spec = f"{spec}:{words.pop(0)}"
    game = make_game(spec)
    text = " ".join(words)
    # A scored game's empty text is its start (Connect Four's empty board, the whole row of
    # stones); its parse says so or rejects it.
    if not text.strip() and e.kind != "scored":
        raise InvalidPosition(f"{e.name}: give a position, like: {like}")
    return game, game.parse(text)


def emit_json(obj: Any) -> None:
    """Print one JSON object."""
    json.dump(obj, sys.stdout, ensure_ascii=False, indent=2)
    sys.stdout.write("\n")
