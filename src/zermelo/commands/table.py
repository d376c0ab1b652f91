"""``zermelo table GAME [--size R C] [--grundy] [--misere] [--image FILE.png] [--json]``."""

from __future__ import annotations

import argparse
import contextlib
from dataclasses import dataclass
from typing import Any

from ..analyses.patterns import find_period
from ..analyses.tables import Table, render_png, render_text, table
from ..core.checks import is_digits, parse_int
from ..core.files import check_output
from . import SUMMARY
from .common import add_limits, emit_json, file_name, limits_from


def add(sub: Any) -> None:
    p = sub.add_parser(
        "table",
        help=SUMMARY["table"],
        description="Print the table the notes draw: P/N positions (or Grundy values) of a row of "
        "positions 0..N-1, or of a grid (row r, column c).  Example: zermelo table wythoff --size 8 8",
    )
    p.add_argument("game", metavar="GAME", help="name or name:params, e.g. subtraction:1,3,4, wythoff, nim")
    p.add_argument("graph", metavar="GRAPH", nargs="?", help="a digraph's edges ('a->b, b->c'): every vertex's value")
    p.add_argument(
        "--size",
        nargs="+",
        metavar="N",
        help="a row's length N, or R C for a grid (default: 24, or 11 11)",
    )
    p.add_argument("--grundy", action="store_true", help="Grundy values instead of P/N")
    p.add_argument(
        "--remoteness", action="store_true", help="also the remoteness of every position (win quickly, lose slowly)"
    )
    p.add_argument("--misere", action="store_true", help="misère play: whoever cannot move wins (P/N only)")
    p.add_argument("--image", type=file_name, metavar="FILE.png", help="also write the table as a PNG picture")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    add_limits(p)
    p.set_defaults(run=run)


def _size(words: list[str] | None) -> list[int] | None:
    from ..core.errors import InvalidPosition

    if words is None:
        return None
    wrong = InvalidPosition(f"--size takes one or two positive whole numbers (N, or R C), got {' '.join(words)!r}")
    if len(words) > 2 or not all(is_digits(w.strip()) for w in words):
        raise wrong
    sizes = [parse_int(w, "--size") for w in words]  # one line, not int()'s error, past 4,300 digits
    if not all(sizes):
        raise wrong
    return sizes


def run(args: argparse.Namespace) -> int:
    if args.image:
        check_output(args.image, "figure")  # before the work, not after it
    if args.graph is not None:
        return _vertices(args)
    if args.misere:
        from ..core.errors import ZermeloError
        from ..games.registry import make_game
        from ..misere.hook import prepare

        with contextlib.suppress(ZermeloError):  # a take-and-break game's misère quotient answers the cells
            prepare(make_game(args.game, files=True), max(_size(args.size) or [24]))  # (table() reports a bad spec)
    t = table(
        args.game,
        size=_size(args.size),
        grundy=args.grundy,
        misere=args.misere,
        limits=limits_from(args),
        remoteness=args.remoteness,
    )
    if args.image:
        render_png(t, args.image)
    period = _row_period(t)
    if args.json:
        extra: dict[str, Any] = {"period": None}
        if period is not None:
            extra["period"] = {"preperiod": period.preperiod, "period": period.period, "start": period.start}
        if args.image:
            extra["image"] = args.image
        emit_json(t.to_json() | extra)
        return 0
    print(t.caption())
    print(render_text(t))
    if period is not None:
        print(
            f"periodic from n = {period.start} on with period {period.period} in this prefix "
            f"(seen {period.repeats:.1f} times; detection on a finite prefix, not a proof)"
        )
    if args.image:
        print(f"picture written to {args.image}")
    return 0


@dataclass(frozen=True)
class _RowPeriod:
    preperiod: int
    period: int
    start: int
    repeats: float


def _row_period(t: Table) -> _RowPeriod | None:
    """The period a row shows (at least 3 repetitions, after a preperiod of at most half the row)."""
    if t.shape != "row":
        return None
    pairs = [(n, v) for n, v in zip(t.col_labels, t.cells[0], strict=True) if v is not None]
    values = [str(v) for _, v in pairs]
    p = find_period(values, min_repeats=3)
    if p is None or p.preperiod > len(values) // 2:
        return None
    return _RowPeriod(p.preperiod, p.period, pairs[p.preperiod][0] if p.preperiod < len(pairs) else 0, p.repeats)


def _vertices(args: argparse.Namespace) -> int:
    """``zermelo table digraph GRAPH``: every vertex's Grundy value and outcome (one engine call)."""
    from ..core.errors import InvalidGame
    from ..core.sprague_grundy import Loopy
    from ..games.registry import entry, make_game
    from ..search.engine import engine_for

    name = args.game.partition(":")[0]
    if not entry(name).graph_argument:
        hint = f"; for the first {args.graph} positions, say --size {args.graph}" if is_digits(args.graph) else ""
        raise InvalidGame(f"{name}: only a graph game (digraph) takes a GRAPH after its name{hint}")
    from ..games.digraph import Digraph

    game = make_game(f"{name}:{args.graph}", files=True)
    if not isinstance(game, Digraph):
        raise InvalidGame(f"{name}: only a digraph takes a GRAPH after its name")
    vertices = list(game.successors)
    values = engine_for(game).grundies(vertices, limits_from(args))

    def outcome(v: object) -> str:
        if isinstance(v, Loopy):
            return "N" if 0 in v.finite else "DRAW"
        return "P" if v == 0 else "N"

    if args.json:
        rows = [
            {"vertex": x, "grundy": v if isinstance(v, int) else str(v), "outcome": outcome(v)}
            for x, v in zip(vertices, values, strict=True)
        ]
        emit_json({"game": game.spec(), "vertices": rows})
        return 0
    print(f"{game.spec()}: the Grundy value and outcome of a token on each vertex")
    w = max(len("vertex"), *(len(x) for x in vertices))
    print(f"{'vertex'.ljust(w)}  Grundy  outcome")
    for x, v in zip(vertices, values, strict=True):
        print(f"{x.ljust(w)}  {str(v).ljust(6)}  {outcome(v)}")
    return 0
