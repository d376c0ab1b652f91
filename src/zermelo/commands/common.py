"""What the commands share: game and position parsing, budgets, progress, JSON output."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from typing import Any

from ..engine import Limits, Progress
from ..errors import InvalidGame, InvalidPosition
from ..registry import entry, make_game
from ..rules import Rules

__all__ = ["add_limits", "emit_json", "game_and_position", "limits_from", "progress_printer"]


def add_limits(p: argparse.ArgumentParser) -> None:
    """The search-budget flags every searching command takes."""
    p.add_argument(
        "--budget",
        type=int,
        default=10_000_000,
        metavar="N",
        help="stop after N positions (default 10,000,000)",
    )
    p.add_argument(
        "--timeout",
        type=float,
        default=None,
        metavar="SECONDS",
        help="stop after this many seconds",
    )
    p.add_argument("--quiet", action="store_true", help="no progress display")


def progress_printer(quiet: bool) -> Callable[[Progress], None] | None:
    """A progress callback for long searches: a one-line counter on a terminal's stderr."""
    if quiet or not sys.stderr.isatty():
        return None
    shown = [False]

    def report(p: Progress) -> None:
        if p.done:
            if shown[0]:
                sys.stderr.write("\r\033[K")
            return
        if p.seconds < 1.0:
            return
        shown[0] = True
        rate = p.options / p.seconds if p.seconds else 0.0
        sys.stderr.write(f"\rsearching: {p.positions:,} positions, {p.options:,} options, {rate:,.0f} options/s")
        sys.stderr.flush()

    return report


def limits_from(args: argparse.Namespace) -> Limits:
    """Limits from the ``--budget`` / ``--timeout`` / ``--quiet`` flags."""
    if args.budget is not None and args.budget <= 0:
        raise InvalidPosition(f"--budget must be positive, got {args.budget}")
    if args.timeout is not None and args.timeout <= 0:
        raise InvalidPosition(f"--timeout must be positive, got {args.timeout}")
    return Limits(args.budget, args.timeout, progress_printer(args.quiet))


def game_and_position(spec: str, words: Sequence[str]) -> tuple[Rules[Any], Any]:
    """The rules named by ``spec`` and the position read from the POSITION words."""
    e = entry(spec.partition(":")[0])
    words = list(words)
    if e.graph_argument and ":" not in spec:
        if not words:
            raise InvalidGame(f"{e.name}: give the graph first, like: zermelo solve {e.example}")
        spec = f"{spec}:{words.pop(0)}"
    game = make_game(spec)
    text = " ".join(words)
    if not text.strip():
        raise InvalidPosition(f"{e.name}: give a position, like: zermelo solve {e.example}")
    return game, game.parse(text)


def emit_json(obj: Any) -> None:
    """Print one JSON object."""
    json.dump(obj, sys.stdout, ensure_ascii=False, indent=2)
    sys.stdout.write("\n")
