"""``zermelo book connect4 --plies K``: an opening book of exact scores built by the solver.

Every position up to K plies with its exact score (:mod:`zermelo.games.connect4_book`); written to
the book directory, where ``zermelo negamax`` and ``zermelo play`` then read it.  Resumable: run
the same command again after a stop.
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from ..core.errors import InvalidGame
from . import SUMMARY
from .common import file_name, stopped, whole


def add(sub: Any) -> None:
    p = sub.add_parser(
        "book",
        help=SUMMARY["book"],
        description="Solve every Connect Four position up to K plies (one per mirror pair) and keep their "
        "exact scores in a book that negamax and play read: positions inside it answer at once.",
        epilog="Example: zermelo book connect4:6x5 --plies 6;  zermelo book connect4 --plies 4 --workers 2",
    )
    p.add_argument("game", metavar="GAME", help="connect4 or connect4:WxH")
    p.add_argument("--plies", type=whole(), required=True, metavar="K", help="every position up to K moves")
    p.add_argument("--out", type=file_name, metavar="FILE.npz", help="where to write (default: the book directory)")
    p.add_argument("--workers", type=whole(1, 256), metavar="N", help="Dask worker processes (default: a local loop)")
    p.add_argument("--scheduler", metavar="tcp://HOST:PORT", help="use an existing Dask scheduler")
    p.add_argument("--quiet", action="store_true", help="no progress display")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..games.connect4_book import BookProgress, build
    from ..games.registry import make_game

    game: Any = make_game(args.game, files=True)
    if game.spec().partition(":")[0] != "connect4":
        raise InvalidGame(f"zermelo book knows Connect Four only, not {game.spec()}")
    shown = [0.0]
    tty = sys.stderr.isatty()

    def show(p: BookProgress) -> None:
        now = time.monotonic()
        if args.quiet or (now - shown[0] < (0.2 if tty else 5.0) and p.done < p.total):
            return
        shown[0] = now
        rate = p.nodes / p.seconds if p.seconds > 0 else 0.0
        line = (
            f"{game.spec()} book: {p.done:,}/{p.total:,} positions at ply {args.plies} solved, "
            f"{p.nodes:,} searched ({rate:,.0f}/s), {p.seconds:.0f} s"
        )
        print(("\r" + line) if tty else line, end="" if tty else "\n", file=sys.stderr, flush=True)

    try:
        s = build(game.w, game.h, args.plies, args.out, workers=args.workers, scheduler=args.scheduler, progress=show)
    except KeyboardInterrupt as stop:
        how, status = stopped(stop)
        print(
            f"\nzermelo: book {how}; the solved positions are in a checkpoint (run again to resume)",
            file=sys.stderr,
        )
        return status
    if tty and not args.quiet:
        print(file=sys.stderr)
    on = f" on {s.workers} Dask workers" if s.workers else " in a local loop"
    print(
        f"{game.spec()} opening book, {s.plies} plies: {s.positions:,} positions ({s.leaves:,} at ply {s.plies} "
        f"solved, {s.resumed:,} of them from a checkpoint), {s.nodes:,} searched, {s.seconds:.1f} s{on}"
    )
    print(f"written to {s.path}")
    return 0
