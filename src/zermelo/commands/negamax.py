"""``zermelo negamax GAME POSITION [--json] [--compare] [--depth D]``: scored games.

Prints the value for the player to move (win/draw/loss with the distance in plies, or the score),
every best move, a principal variation and the nodes searched.  ``--compare`` runs plain
minimax, alpha-beta, alpha-beta with the transposition table and MTD(f) on the same position.
"""

from __future__ import annotations

import argparse
from typing import Any

from ..core.errors import InvalidPosition, Unsupported
from ..games.registry import entry, make_game
from ..rules import Scored
from ..rules.wording import plural
from ..search.minimax import Result, compare, negamax
from . import SUMMARY
from .common import add_batch, add_limits, emit_json, file_name, limits_from, whole


def add(sub: Any) -> None:
    p = sub.add_parser("negamax", help=SUMMARY["negamax"])
    p.add_argument("game", metavar="GAME", help="tictactoe, mnk:4,4,3, connect4:6x5, stone-game:5,3,4,5, ...")
    p.add_argument(
        "position",
        metavar="POSITION",
        nargs="*",
        help="the position, e.g. X.O...... or a Connect Four move list 4453 ('' for the start)",
    )
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--compare", action="store_true", help="minimax vs alpha-beta vs the table vs MTD(f): nodes each")
    p.add_argument("--depth", type=whole(1), default=None, metavar="D", help="search D plies only (heuristic beyond)")
    p.add_argument(
        "--trace",
        action="store_true",
        help="draw the notes' alpha-beta search tree: windows, values and the branches cut (α ≥ β)",
    )
    p.add_argument(
        "--plies", type=whole(1, 12), default=None, metavar="N", help="--trace: show N plies of the tree (default 2)"
    )
    p.add_argument("--svg", type=file_name, metavar="FILE.svg", help="--trace: also draw the tree to FILE.svg")
    strength = p.add_mutually_exclusive_group()
    strength.add_argument(
        "--weak",
        dest="strength",
        action="store_const",
        const="weak",
        help="Connect Four: only who wins (faster; no distance)",
    )
    strength.add_argument(
        "--strong",
        dest="strength",
        action="store_const",
        const="strong",
        help="Connect Four: always the exact distance, however long it takes",
    )
    p.set_defaults(strength="auto")
    p.add_argument(
        "--value-only",
        action="store_true",
        help="only the value: no best moves and no line searched (a script scoring positions)",
    )
    add_batch(p)
    add_limits(p)
    p.set_defaults(run=run)


def _game_and_position(spec: str, words: list[str]) -> tuple[Scored[Any], Any]:
    e = entry(spec.partition(":")[0])
    game = make_game(spec, files=True)
    if not isinstance(game, Scored):
        raise Unsupported(f"{game.spec()} is not a scored game; `zermelo solve` analyses {e.kind} games")
    # The empty text is the game's start where it has one (the empty board, the whole row).
    return game, game.parse(" ".join(words))


def _who(game: Scored[Any], position: Any) -> str:
    who = game.to_move(position)
    return f" ({who} to move)" if who is not None else ""


def _value_line(r: Result) -> str:
    if r.weak:
        who = "" if r.value == 0 else " (who wins only; --strong adds the distance in plies)"
        return f"{r.describe()}{who}"
    if not r.exact:
        return f"heuristic {r.raw:+d} (not solved: the search stopped at depth {r.depth})"
    if r.game.win_loss:
        return r.describe()
    meaning = r.game.value_meaning
    if meaning is not None:
        return f"{r.value:+d} ({meaning})"
    return f"{r.value:+d} (score difference for the player to move: {r.outcome})"


def run(args: argparse.Namespace) -> int:
    if args.batch is not None:
        from .batch import run_batch  # only a batch loads it

        return run_batch(args, lambda game, position, limits: _answer(args, game, position, limits).to_json(), _SINGLE)
    game, position = _game_and_position(args.game, args.position)
    limits = limits_from(args)
    if args.value_only and (args.trace or args.compare):
        raise InvalidPosition("--value-only shortens one answer; leave out --trace and --compare")
    if args.trace:
        if args.compare:
            raise InvalidPosition("--trace draws one search; leave out --compare")
        return _trace(game, position, args, limits)
    if args.svg is not None or args.plies is not None:
        raise InvalidPosition("--svg and --plies go with --trace")
    if args.compare:
        if args.depth is not None:
            raise InvalidPosition("--compare solves exactly; leave out --depth")
        rows = compare(game, position, limits=limits)
        if args.json:
            emit_json(
                {
                    "game": game.spec(),
                    "position": game.format(position),
                    "methods": [
                        {
                            "method": r.method,
                            "value": None if r.stopped else r.value,
                            "stopped": r.stopped,
                            "nodes": r.nodes,
                            "cutoffs": r.cutoffs,
                            "seconds": r.seconds,
                        }
                        for r in rows
                    ],
                }
            )
            return 0
        print(f"{game.spec()}  {game.format(position)}{_who(game, position)}")
        print(f"  {'method':<16} {'value':>12} {'nodes':>12} {'cut-offs':>10} {'seconds':>9}")
        for r in rows:
            print(f"  {r.method:<16} {r.describe():>12} {r.nodes:>12,} {r.cutoffs:>10,} {r.seconds:>9.3f}")
        return 0
    r = _answer(args, game, position, limits)
    if args.json:
        emit_json(r.to_json())
        return 0
    print(f"{game.spec()}  {game.format(position)}{_who(game, position)}")
    print(f"  value       {_value_line(r)}")
    if r.value_only:
        print("  best moves  not searched (--value-only)")
    elif r.weak and r.value > 0:
        print(f"  winning move {r.best_moves[0].label} (the first the proof found; other moves not examined)")
    elif r.best_moves:
        print(f"  best moves  {', '.join(m.label for m in r.best_moves)}")
    else:
        print("  best moves  none: the game is over")
    if r.pv:
        ends = f"  (the opening book ends here, after {plural(r.book_end, 'ply', 'plies')})" if r.book_end else ""
        print(f"  line        {'  '.join(m.label for m in r.pv)}{ends}")
    print(f"  why: {r.why()}")
    cut = "" if r.method.startswith("compiled") else f", {r.cutoffs:,} cut-offs"
    print(f"  nodes       {r.nodes:,} searched{cut} ({r.method}, {r.seconds:.3f} s)")
    return 0


#: What --batch does not do: one search drawn or compared at a time.
_SINGLE = ("--compare", "--trace", "--plies", "--svg")


def _answer(args: argparse.Namespace, game: Any, position: Any, limits: Any) -> Result:
    if not isinstance(game, Scored):
        raise Unsupported(f"{game.spec()} is not a scored game; `zermelo solve` analyses impartial games")
    return negamax(game, position, depth=args.depth, limits=limits, strength=args.strength, value_only=args.value_only)


def _trace(game: Scored[Any], position: Any, args: argparse.Namespace, limits: Any) -> int:
    """``--trace``: the notes' alpha-beta search tree, as text, JSON and optionally SVG."""
    # Imported here: only --trace needs the tree's words and drawing.
    from ..analyses.draw_trace import trace_svg
    from ..analyses.trace_text import alphabeta_trace, trace_facts, trace_header, trace_lines
    from ..core.files import check_output, write_atomic

    plies = 2 if args.plies is None else args.plies
    if args.svg is not None:
        check_output(args.svg, "drawing")  # before the search, not after it
    root = alphabeta_trace(game, position, depth=args.depth, limits=limits)
    if args.svg is not None:
        write_atomic(args.svg, trace_svg(game, root, plies=plies), what="drawing")
    if args.json:
        emit_json({"game": game.spec(), "plies": plies, "tree": trace_facts(game, root, plies=plies)})
        return 0
    for line in trace_header(game, root):
        print(line)
    for line in trace_lines(game, root, plies=plies):
        print(line)
    shown = f"the top {plies} plies shown" if plies > 1 else "the top ply shown"
    print(f"  {root.nodes:,} positions searched, {root.cutoffs:,} cut-offs ({shown}; --plies N shows more).")
    if args.svg is not None:
        print(f"  drawn to {args.svg}")
    return 0
