"""``zermelo check GAME [POSITION...]``: the game's self-check (:mod:`zermelo.analyses.selfcheck`)."""

from __future__ import annotations

import argparse
import contextlib
import shlex
from typing import Any

from ..core.errors import InvalidPosition, ZermeloError
from ..games.registry import entry, game_and_position, make_game, table_template
from ..rules import Rules
from . import SUMMARY
from .common import INT64, emit_json, whole


def add(sub: Any) -> None:
    p = sub.add_parser(
        "check",
        help=SUMMARY["check"],
        description="Check a game's rules against themselves and against plain search on the positions "
        "reachable from a few small ones (or from POSITION): positions print and read back, keys are "
        "stable and hashable, the labelled moves are the options, no cycle unless the game is declared "
        "loopy, closed forms (grundy_formula, outcome_formula, winning_moves_formula) and components "
        "agree with plain search, declared subtraction sets and negatives hold.  Each finding is printed "
        "with its smallest counterexample; exit status 1 if there is one.",
        epilog="Example: zermelo check subtraction:1,3,4    zermelo check ./divisors.py:game",
    )
    p.add_argument("game", metavar="GAME", help="name or name:params, or FILE.py:NAME")
    p.add_argument("position", nargs="*", metavar="POSITION", help="start from this position (default: small ones)")
    p.add_argument("--positions", type=whole(1), default=200, metavar="N", help="positions to reach (default 200)")
    p.add_argument(
        "--sample",
        type=whole(1),
        default=30,
        metavar="K",
        help="positions whose closed forms are searched (default 30)",
    )
    p.add_argument("--budget", type=whole(1), default=100_000, metavar="N", help="positions per plain search (100,000)")
    p.add_argument("--seed", type=whole(-INT64), default=0, metavar="S", help="seed of the random sample")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(run=run)


def seeds(game: Rules[Any], spec: str) -> list[Any]:
    """Small positions to start from: the table's first cells, and the game's example."""
    out: list[Any] = []
    template = table_template(game)
    if template is not None:
        cells = [template.replace("{n}", str(n)) for n in range(16)] if "{n}" in template else []
        if "{r}" in template:
            cells = [template.replace("{r}", str(r)).replace("{c}", str(c)) for r in range(5) for c in range(5)]
        for text in cells:
            try:
                out.append(game.validate(game.parse(text)))
            except (ZermeloError, ValueError):
                continue
    if out:
        return out
    try:
        e = entry(spec.partition(":")[0])
    except ZermeloError:
        return out
    words = shlex.split(e.example)
    if words and words[0] == "zermelo":
        words = words[2:]
    if words and words[0].partition(":")[0] == e.name and "+" not in words:
        # the example's position, read by this game (its parameters may differ from the example's)
        with contextlib.suppress(ZermeloError, ValueError):
            out.append(game.validate(game.parse(" ".join(words[1:]))))
    return out


def run(args: argparse.Namespace) -> int:
    from ..analyses.selfcheck import self_check

    for flag in ("positions", "sample", "budget"):
        if getattr(args, flag) <= 0:
            raise InvalidPosition(f"--{flag} must be a positive whole number, got {getattr(args, flag)}")
    if args.position:
        game, start = game_and_position(args.game, args.position)
        starts = [start]
    else:
        game = make_game(args.game)
        starts = seeds(game, args.game)
        if not starts:
            raise InvalidPosition(
                f"{game.spec()}: give a position to start from, like: zermelo check {args.game} POSITION"
            )
    report = self_check(game, starts, most=args.positions, sample=args.sample, budget=args.budget, seed=args.seed)
    if args.json:
        emit_json(
            {
                "game": report.game,
                "positions": report.positions,
                "ok": report.ok,
                "checked": report.counts,
                "skipped": report.skipped,
                "findings": [{"check": f.check, "position": f.position, "detail": f.detail} for f in report.findings],
            }
        )
        return 0 if report.ok else 1
    print(
        f"{report.game}: {report.positions:,} positions reached from {game.format(starts[0])!s}"
        + (f" and {len(starts) - 1} more" if len(starts) > 1 else "")
    )
    failed = {f.check: f for f in report.findings}
    from ..analyses.selfcheck import CHECKS

    for check in CHECKS:
        n = report.counts.get(check, 0)
        if check in failed:
            f = failed[check]
            print(f"  {check:<22} FAILS at {f.position}: {f.detail}")
        elif n:
            print(f"  {check:<22} ok ({n:,} checked)")
    if report.skipped:
        print(f"  ({report.skipped:,} plain searches over the budget of {args.budget:,} positions were skipped)")
    n = len(report.findings)
    print("every check passes" if report.ok else f"{n} finding{'s' if n > 1 else ''}")
    return 0 if report.ok else 1


__all__ = ["add", "run", "seeds"]
