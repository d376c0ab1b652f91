"""``zermelo table GAME [--size R C] [--grundy] [--misere] [--image FILE.png] [--json]``."""

from __future__ import annotations

import argparse
from typing import Any

from ..tables import render_png, render_text, table
from .common import add_limits, emit_json, limits_from


def add(sub: Any) -> None:
    p = sub.add_parser(
        "table",
        help="the P/N or Grundy table of a game (a row or a grid), as text, JSON or a picture",
        description="Print the table the notes draw: P/N positions (or Grundy values) of a row of "
        "positions 0..N-1, or of a grid (row r, column c).  Example: zermelo table wythoff --size 8 8",
    )
    p.add_argument("game", metavar="GAME", help="name or name:params, e.g. subtraction:1,3,4, wythoff, nim")
    p.add_argument(
        "--size",
        nargs="+",
        metavar="N",
        help="a row's length N, or R C for a grid (default: 24, or 11 11)",
    )
    p.add_argument("--grundy", action="store_true", help="Grundy values instead of P/N")
    p.add_argument("--misere", action="store_true", help="misère play: whoever cannot move wins (P/N only)")
    p.add_argument("--image", metavar="FILE.png", help="also write the table as a PNG picture")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    add_limits(p)
    p.set_defaults(run=run)


def _size(words: list[str] | None) -> list[int] | None:
    from ..errors import InvalidPosition

    if words is None:
        return None
    if len(words) > 2 or not all(w.strip().isdigit() and int(w) > 0 for w in words):
        raise InvalidPosition(f"--size takes one or two positive whole numbers (N, or R C), got {' '.join(words)!r}")
    return [int(w) for w in words]


def run(args: argparse.Namespace) -> int:
    t = table(args.game, size=_size(args.size), grundy=args.grundy, misere=args.misere, limits=limits_from(args))
    if args.image:
        render_png(t, args.image)
    if args.json:
        emit_json(t.to_json() | ({"image": args.image} if args.image else {}))
        return 0
    what = "Grundy values" if t.kind == "grundy" else "P/N positions"
    print(f"{t.game}: {what}{' (misère play)' if t.misere else ''} of '{t.template}'")
    print(render_text(t))
    if args.image:
        print(f"picture written to {args.image}")
    return 0
