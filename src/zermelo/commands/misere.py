"""``zermelo misere GAME [--maxheap N] [--json]``: the misère quotient of a heap game."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ..errors import InvalidPosition
from ..misere import misere_quotient
from ..misere.quotient import Progress
from ..registry import make_game
from .common import emit_json, progress_lines

#: Pretending-function values printed in the text form (--json lists all).
SHOWN = 40


def add(sub: Any) -> None:
    p = sub.add_parser(
        "misere",
        help="the misère quotient of a heap game (Plambeck–Siegel): monoid, P-portion, pretending function",
        description="Compute the misère quotient of a take-and-break or subtraction game heap by heap, "
        "verified for every position, until its pretending function's period is proven or --maxheap. "
        "Example: zermelo misere octal:0.75 --maxheap 30",
    )
    p.add_argument("game", metavar="GAME", help="a heap game, e.g. octal:0.75, kayles, subtraction:1,2")
    p.add_argument("--maxheap", type=int, default=30, metavar="N", help="the largest heap (default 30)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--timeout", type=float, default=None, metavar="SECONDS", help="stop after this many seconds")
    p.add_argument("--no-cache", action="store_true", help="recompute even if the quotient is cached")
    p.add_argument("--quiet", action="store_true", help="no progress display")
    p.set_defaults(run=run)


def _progress(quiet: bool) -> Any:
    if quiet:
        return None
    if not sys.stderr.isatty():  # --json piped on, a log file: a line now and then
        say = progress_lines()

        def line(p: Progress) -> None:
            say(p.seconds, f"heap {p.heap:,}, quotient order {p.order:,}")

        return line

    def show(p: Progress) -> None:
        if p.seconds >= 1.0:
            sys.stderr.write(f"\r  heap {p.heap:,}, quotient order {p.order:,}, {p.seconds:.1f} s ")
            sys.stderr.flush()

    return show


def run(args: argparse.Namespace) -> int:
    if args.maxheap < 1:
        raise InvalidPosition(f"--maxheap must be a whole number >= 1, got {args.maxheap}")
    if args.timeout is not None and not args.timeout > 0:
        raise InvalidPosition(f"--timeout must be a positive number of seconds, got {args.timeout}")
    game = make_game(args.game)
    show = _progress(args.quiet)
    try:
        q = misere_quotient(game, args.maxheap, seconds=args.timeout, progress=show, cache=not args.no_cache)
    finally:
        if show is not None and sys.stderr.isatty():
            sys.stderr.write("\r\033[K")
    if args.json:
        data = q.to_json()
        for key in ("table", "phi", "p_elements", "generator_elements", "version"):
            data.pop(key)
        data["table"] = [[q.monoid.element_text(x) for x in row] for row in q.monoid.table] if q.order <= 64 else None
        emit_json(data)
        return 0
    covered = "every heap (period proven)" if q.proven else f"heaps 0..{q.upto}"
    print(f"{q.game}  misère quotient of {covered}")
    print(f"  order       {q.summary()}")
    gens = ", ".join(f"{g} = Φ({h})" for g, h in zip(q.generators, q.generator_heaps, strict=True))
    print(f"  generators  {gens or 'none'}")
    print(f"  relations   {', '.join(q.presentation) or 'none'}")
    print(f"  P-portion   {{{', '.join(q.p_portion)}}}")
    print(f"  kernel      {{{', '.join(q.kernel())}}} (the minimal ideal)")
    shown = q.pretending(min(q.upto, SHOWN))
    more = " …" if q.upto > SHOWN else ""
    print(f"  Φ(0..)      {' '.join(shown)}{more}")
    if q.proven:
        print(f"  period      {q.period} from heap {q.preperiod} (proven: heaps up to {q.upto} verified)")
    if q.expansions:
        print(f"  grew at     heaps {', '.join(map(str, q.expansions))}")
    if not q.complete:
        print(f"  note        no finite quotient found up to heap {q.upto} (order so far {q.order}): {q.stopped}")
    print(f"  time        {q.seconds:.2f} s")
    return 0
