"""``zermelo value GAME POSITION [--json] [--thermograph FILE.png]``, ``zermelo value --expr EXPR`` and
``zermelo value --cgsuite`` (CGSuite's worksheet: one expression a line, CGSuite's answer a line)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ..analyses.value_facts import describe, value_facts
from ..core.errors import InvalidGame, InvalidPosition, SearchLimitExceeded, Unsupported, ZermeloError
from ..core.files import check_output
from ..core.limits import Limits
from ..games.registry import entry
from ..rules import Impartial, Outcome, Partisan
from ..values import parse_value
from ..values.budget import value_budget
from . import SUMMARY
from .common import add_batch, add_limits, check_timeout, emit_json, file_name, game_and_position, limits_from
from .misere_value import misere_json, misere_value

_WHO = {
    Outcome.P: "P: the second player wins (the value is 0)",
    Outcome.N: "N: the first player wins (fuzzy with 0)",
    Outcome.L: "L: Left wins, whoever starts (positive)",
    Outcome.R: "R: Right wins, whoever starts (negative)",
}


def add(sub: Any) -> None:
    p = sub.add_parser(
        "value",
        help=SUMMARY["value"],
        epilog='Examples: zermelo value domineering "..|..";  zermelo value --expr "{1|-1} + ^ + *"',
    )
    p.add_argument("game", metavar="GAME", nargs="?", help="name or name:params, e.g. domineering, hackenbush")
    p.add_argument("position", metavar="POSITION", nargs="*", help='the position, e.g. "..|.."')
    p.add_argument("--expr", metavar="EXPR", help='evaluate a value expression instead, e.g. "{1|-1} + ^ + *"')
    p.add_argument(
        "--cgsuite",
        action="store_true",
        help="read CGSuite expressions, one a line from standard input (or --expr), and print what CGSuite"
        " prints, one line each ('!! message' for an error); x := expr persists across lines;"
        " --timeout applies to each line",
    )
    p.add_argument(
        "--misere", action="store_true", help="misère play: the misère canonical form (CGSuite's *[...]) and genus"
    )
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--thermograph", type=file_name, metavar="FILE.png", help="also draw the thermograph to a PNG file")
    add_batch(p)
    add_limits(p)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if args.cgsuite:
        return _worksheet(args)
    if args.batch is not None:
        if args.game is None:
            raise InvalidGame("--batch wants a game: zermelo value GAME --batch FILE")
        from .batch import run_batch  # only a batch loads it

        return run_batch(args, lambda game, position, limits: _batch_line(args, game, position, limits), _SINGLE)
    limits = limits_from(args)
    # The value arithmetic (an --expr, the canonical forms of a game's positions and the facts
    # of any value) runs under the same budget as the search: --timeout for all of it, --budget
    # for the positions and, separately, for the work (sums, comparisons, values), which a few
    # positions with hot values can make large (a row of Snort).
    with value_budget(limits.started()):
        return _run(args, limits)


def _run(args: argparse.Namespace, limits: Limits) -> int:
    if args.thermograph:
        check_output(args.thermograph, "figure")  # before the work, not after it
    if args.expr is not None:
        if args.misere:
            raise InvalidGame("--misere wants GAME POSITION (with --cgsuite --expr, ask `.MisereCanonicalForm`)")
        if args.game is not None or args.position:
            raise InvalidGame("give either GAME POSITION or --expr EXPR, not both")
        g = parse_value(args.expr)
        head = {"expression": args.expr}
        title = args.expr
    else:
        if args.game is None:
            raise InvalidGame('give a game and a position (zermelo value domineering "..|..") or --expr EXPR')
        if not " ".join(args.position).strip():
            e = entry(args.game.partition(":")[0])
            if e.kind == "scored":  # its example is a whole `zermelo negamax …` command
                raise Unsupported(f"{args.game} has no game value (it is a scored game); try `zermelo negamax`")
            raise InvalidPosition(f"{e.name}: give a position, like: zermelo value {e.example}")
        game, position = game_and_position(args.game, args.position)
        if args.misere:
            return misere_value(game, position, limits, args.json)
        if not isinstance(game, (Partisan, Impartial)):
            raise Unsupported(f"{game.spec()} has no game value (it is a scored game); try `zermelo negamax`")
        if isinstance(game, Partisan) and game.loopy:
            from .value_loopy import run_loopy

            return run_loopy(game, position, limits, args.json)
        g, facts = value_facts(game, position, limits=limits, explained=True)  # the web's /api/value's path
        head = {"game": facts.pop("game"), "position": facts.pop("position")}
        title = f"{game.spec()} {game.format(position)}"
    if args.expr is not None:
        facts = describe(g)
    if args.thermograph:
        from ..analyses.thermograph_plot import save_thermograph, thermograph_title

        if not args.thermograph.lower().endswith(".png"):
            raise InvalidPosition(f"--thermograph wants a .png file name, got {args.thermograph!r}")
        save_thermograph(g, args.thermograph, title=thermograph_title(title, g))
    if args.json:
        emit_json({**head, **facts})
        return 0
    print("  ".join(head.values()))
    print(f"  value        {facts['value']}")
    print(f"  cgsuite      {facts['cgsuite']}")
    print(f"  outcome      {_WHO[g.outcome]}")
    print(f"  stops        left {facts['left_stop']}, right {facts['right_stop']}")
    print(f"  mean         {facts['mean']}")
    print(f"  temperature  {facts['temperature']}")
    print(f"  birthday     {facts['birthday']}")
    if facts["reduced"] != facts["value"]:
        print(f"  reduced      {facts['reduced']}  (equal up to an infinitesimal)")
    weight = facts["atomic_weight"]
    small = "yes" if facts["all_small"] else "no"
    print(f"  all-small    {small}" + ("" if weight is None else f", atomic weight {weight}"))
    if args.thermograph:
        print(f"  thermograph  {args.thermograph}")
    if "explanation" in facts:
        print("  why: " + facts["explanation"].replace("\n", "\n       "))
    return 0


#: What --batch does not do.
_SINGLE = ("--expr", "--thermograph")


def _batch_line(args: argparse.Namespace, game: Any, position: Any, limits: Limits) -> dict[str, Any]:
    """One ``--batch`` line: the object ``--json`` prints for the position."""
    with value_budget(limits):
        if args.misere:
            return misere_json(game, position, limits)
        if not isinstance(game, (Partisan, Impartial)):
            raise Unsupported(f"{game.spec()} has no game value (it is a scored game); try `zermelo negamax`")
        if isinstance(game, Partisan) and game.loopy:
            from .value_loopy import loopy_json

            return loopy_json(game, position, limits)
        return value_facts(game, position, limits=limits, explained=True)[1]


def _worksheet(args: argparse.Namespace) -> int:
    """CGSuite's worksheet: each line evaluated under its own budget, variables kept."""
    if args.game is not None or args.position:
        raise InvalidGame("give CGSuite expressions on standard input or with --expr, not GAME POSITION")
    if args.json or args.thermograph:
        raise InvalidGame("--cgsuite prints CGSuite's text: no --json or --thermograph")
    check_timeout(args.timeout)
    from ..cgsuite import evaluate

    lines = [args.expr] if args.expr is not None else sys.stdin.read().splitlines()
    env: dict[str, Any] = {}
    status = 0
    for line in lines:
        if not line.strip():
            print()
            continue
        try:
            with value_budget(Limits(args.budget, args.timeout).started()):
                out = evaluate(line, env)
        except (SearchLimitExceeded, ZermeloError) as exc:
            out, status = "!! " + " ".join(str(exc).split()), 2
        print(out, flush=True)
    return status
