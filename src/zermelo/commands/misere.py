"""``zermelo misere GAME [--maxheap N] [--json]``: the misère quotient of a heap game."""

from __future__ import annotations

import argparse
import math
import sys
import time
from typing import Any

from ..core.errors import InvalidPosition, SearchLimitExceeded
from ..core.limits import Limits
from ..games.registry import make_game
from ..heaps.heap import HeapGame
from ..misere import misere_quotient
from ..misere.onheaps import as_heap_game
from ..misere.quotient import MAX_CANDIDATE, Progress
from .common import emit_json, stopped, whole

#: Pretending-function values printed in the text form (--json lists all).
SHOWN = 40
#: Heaps whose genus is shown by default (each needs a misère search of the heap plus heaps of 2).
GENUS_HEAPS = 12
#: Positions the genera of --genus heaps may search together (each heap plus heaps of 2; misère
#: play does not split into parts): Kayles' heaps 0..24 need 24,000 (about 4 s), each 4 heaps more about twice as many.
GENUS_POSITIONS = 25_000
#: Without --maxheap: heaps up to this many, stopping as soon as the period is proven ...
UNTIL_PROVEN = 400
#: ... within this many seconds unless --timeout says otherwise.
UNTIL_PROVEN_SECONDS = 60.0
#: Seconds between progress lines when stderr is not a terminal.
LINE_EVERY = 10.0


def add(sub: Any) -> None:
    p = sub.add_parser(
        "misere",
        help="the misère quotient of a heap game (Plambeck–Siegel): monoid, P-portion, pretending function",
        description="Compute the misère quotient of a take-and-break or subtraction game heap by heap, "
        "verified for every position, until its pretending function's period is proven or --maxheap. "
        f"Without --maxheap: until the period is proven, up to heap {UNTIL_PROVEN} and "
        f"{UNTIL_PROVEN_SECONDS:g} s (or --timeout). Example: zermelo misere octal:0.75 --maxheap 30",
    )
    p.add_argument("game", metavar="GAME", help="a heap game, e.g. octal:0.75, kayles, subtraction:1,2")
    p.add_argument(
        "--maxheap",
        type=whole(1),
        default=None,
        metavar="N",
        help=f"the largest heap (default: until the period is proven, at most {UNTIL_PROVEN})",
    )
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--timeout", type=float, default=None, metavar="SECONDS", help="stop after this many seconds")
    p.add_argument(
        "--budget",
        type=whole(1),
        default=MAX_CANDIDATE,
        metavar="N",
        help=f"stop when a candidate quotient would have more than N elements (default {MAX_CANDIDATE:,})",
    )
    p.add_argument(
        "--genus",
        type=whole(0, 40),  # docs/limits.md: the genera of heaps past 40 are refused
        default=None,
        metavar="N",
        help=f"show the genus and class (tame/restive/restless/wild) of heaps 0..N (default {GENUS_HEAPS}; 0: none)",
    )
    p.add_argument("--no-cache", action="store_true", help="recompute even if the quotient is cached")
    p.add_argument("--quiet", action="store_true", help="no progress display")
    p.set_defaults(run=run)


class _Progress:
    """Remembers the last report; shows it on a terminal (one line, redrawn) or every 10 s elsewhere."""

    def __init__(self, quiet: bool) -> None:
        self.quiet = quiet
        self.tty = sys.stderr.isatty()
        self.last: Progress | None = None
        self.shown = False
        self.printed_at = time.monotonic()

    def __call__(self, p: Progress) -> None:
        self.last = p
        if self.quiet or p.seconds < 1.0:
            return
        text = f"misère quotient: heap {p.heap:,}, order {p.order:,}, {p.seconds:.1f} s"
        if self.tty:
            sys.stderr.write(f"\r  {text} ")
            sys.stderr.flush()
            self.shown = True
        elif time.monotonic() - self.printed_at >= LINE_EVERY:
            self.printed_at = time.monotonic()
            print(text, file=sys.stderr, flush=True)

    def clear(self) -> None:
        if self.shown:
            sys.stderr.write("\r\033[K")
            sys.stderr.flush()


def run(args: argparse.Namespace) -> int:
    seconds = args.timeout
    if args.maxheap is None:
        args.maxheap = UNTIL_PROVEN
        seconds = UNTIL_PROVEN_SECONDS if seconds is None else seconds
    if args.maxheap < 1:
        raise InvalidPosition(f"--maxheap must be a whole number >= 1, got {args.maxheap}")
    if args.timeout is not None and not (math.isfinite(args.timeout) and args.timeout > 0):
        raise InvalidPosition(f"--timeout must be a positive number of seconds, got {args.timeout}")
    if args.budget < 2:
        raise InvalidPosition(f"--budget must be a whole number >= 2 (elements), got {args.budget}")
    if args.genus is not None and not 0 <= args.genus <= 40:
        raise InvalidPosition(f"--genus must be a whole number from 0 to 40, got {args.genus}")
    game = as_heap_game(make_game(args.game, files=True))
    show = _Progress(args.quiet)
    try:
        q = misere_quotient(
            game, args.maxheap, seconds=seconds, progress=show, cache=not args.no_cache, max_order=args.budget
        )
    except KeyboardInterrupt as stop:
        show.clear()
        p = show.last
        where = f" at heap {p.heap:,} (quotient order so far {p.order:,})" if p else ""
        how, status = stopped(stop)
        print(f"zermelo: misère quotient {how}{where}", file=sys.stderr)
        return status
    finally:
        show.clear()
    top = min(GENUS_HEAPS, args.maxheap) if args.genus is None else args.genus
    heaps, genus_note = _genera(game, top, args.timeout)
    if args.json:
        data = q.to_json()
        for key in ("table", "phi", "p_elements", "generator_elements", "version"):
            data.pop(key)
        rows = [q.monoid.row(y) for y in range(q.order)] if q.order <= 64 else None
        data["table"] = None if rows is None else [[q.monoid.element_text(x) for x in row] for row in rows]
        data["genus"] = [{"heap": h.heap, "genus": str(h.genus), "class": h.kind} for h in heaps]
        if genus_note:
            data["genus_note"] = genus_note
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
    if heaps:
        print(f"  genus       {'  '.join(f'{h.heap}: {h.genus}' for h in heaps)}")
        print(f"  classes     {_classes(heaps)}")
    if genus_note:
        print(f"  genus       {genus_note}")
    if not q.complete:
        print(f"  note        no finite quotient up to heap {q.upto} (order so far {q.order}): {q.stopped}")
    print(f"  time        {q.seconds:.2f} s")
    return 0


def _genera(game: Any, top: int, seconds: float | None) -> tuple[list[Any], str]:
    """The genus and class of heaps 0..top, their searches within :data:`GENUS_POSITIONS` and
    ``seconds`` together; past either, none and a note saying which limit stopped them."""
    if top <= 0 or not isinstance(game, HeapGame):
        return [], ""
    from ..analyses.genus import genera  # the engine and its search: only when genera are asked for

    try:
        return genera(game, top, limits=Limits(GENUS_POSITIONS, seconds)), ""
    except SearchLimitExceeded as e:
        more = "raise --timeout or ask" if e.limit == "seconds" else "ask"
        return [], f"heaps 0..{top} not computed: {e.message} ({more} for fewer heaps with --genus)"


def _classes(heaps: list[Any]) -> str:
    """``tame up to heap 4; 5 restive; 6-12 wild``: runs of heaps with the same class."""
    runs: list[tuple[int, int, str]] = []
    for h in heaps:
        if runs and runs[-1][2] == h.kind:
            runs[-1] = (runs[-1][0], h.heap, h.kind)
        else:
            runs.append((h.heap, h.heap, h.kind))
    return "; ".join(f"heap {a} {k}" if a == b else f"heaps {a}-{b} {k}" for a, b, k in runs)
