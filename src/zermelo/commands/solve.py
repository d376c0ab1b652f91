"""``zermelo solve GAME POSITION... [--misere] [--all-moves] [--json]``."""

from __future__ import annotations

import argparse
from typing import Any

from ..analyses.analysis import Analysis, solve
from ..analyses.ranking import RankedMove, all_moves, lasts
from ..core.errors import SearchLimitExceeded, Unsupported
from ..core.limits import Limits
from ..games.registry import position_words
from ..rules import Impartial, Outcome, short
from . import REMEDY_WORDS, SUMMARY
from .common import add_batch, add_limits, emit_json, game_and_position, limits_from


def add(sub: Any) -> None:
    p = sub.add_parser("solve", help=SUMMARY["solve"])
    p.add_argument("game", metavar="GAME", help="name or name:params, e.g. nim, subtraction:1,3,4")
    p.add_argument(
        "position", metavar="POSITION", nargs="*", help="the position, e.g. 3 4 5 (a word + starts another game: a sum)"
    )
    p.add_argument("--misere", action="store_true", help="misère play: whoever cannot move wins")
    p.add_argument(
        "--all-moves",
        action="store_true",
        help="rank every move, fastest win first to fastest loss last (the worst move)",
    )
    p.add_argument("--json", action="store_true", help="print one JSON object")
    add_batch(p)
    add_limits(p)
    p.set_defaults(run=run)


#: The text lists this many winning moves (Kayles of 10^6 has 83,338); --json lists them all.
MAX_LISTED = 20

_WHO = {
    Outcome.P: "P: the second player (who just moved) wins",
    Outcome.N: "N: the first player (to move) wins",
    Outcome.DRAW: "DRAW: neither player can force a win",
}


def run(args: argparse.Namespace) -> int:
    if args.batch is not None:
        from .batch import run_batch  # only a batch loads it

        return run_batch(args, lambda game, position, limits: _facts(args, *_answer(args, game, position, limits)))
    game, position = game_and_position(args.game, args.position)
    game, a, ranked, unranked = _answer(args, game, position, limits_from(args))
    if args.json:
        emit_json(_facts(args, game, a, ranked, unranked))
        return 0
    play = " (misère play)" if args.misere else ""
    print(f"{a.game}  {a.position}{play}")
    print(f"  outcome     {_WHO[a.outcome]}")
    if a.grundy is not None:
        print(f"  Grundy      {a.grundy}")
    print(f"  remoteness  {a.remoteness if a.remoteness is not None else '—'}")
    if not a.winning_moves_listed and not a.winning_moves:
        print("  winning moves: not listed (see the note)")
    elif not a.winning_moves_listed:
        print(f"  winning moves ({len(a.winning_moves)} known, not all listed: see the note):")
        _moves(game, a.winning_moves, a.winning_remoteness, True)
    elif a.winning_moves:
        fastest = " fastest first" if len(a.winning_moves) > 1 and any(a.winning_remoteness) else ""
        print(f"  winning moves ({len(a.winning_moves)}){fastest}:")
        _moves(game, a.winning_moves, a.winning_remoteness, True)
    else:
        print("  winning moves: none")
    if a.best_defence:
        print(f"  best defence ({len(a.best_defence)}), losing slowest:")
        _moves(game, a.best_defence, a.defence_remoteness, False)
    if ranked is not None:
        print(f"  all moves ({len(ranked)}), best first:")
        for r in ranked:
            how = "draw" if r.remoteness is None else lasts(r.remoteness, r.result == "win")
            print(f"    {r.move.label}  =>  {short(position_words(game, r.move.position))}  ({how})")
    print("  why: " + a.explanation.replace("\n", "\n       "))
    for note in a.notes_in(REMEDY_WORDS) + ([unranked] if unranked else []):
        print(f"  note: {note}")
    return 0


def _answer(
    args: argparse.Namespace, game: Any, position: Any, limits: Limits
) -> tuple[Impartial[Any], Analysis, list[RankedMove] | None, str]:
    """The analysis, the ranked moves (``--all-moves``) and why they are not ranked, if so."""
    if not isinstance(game, Impartial):
        raise Unsupported(f"{game.spec()} is not an impartial game; `zermelo games` says which command fits it")
    a = solve(game, position, misere=args.misere, limits=limits)
    ranked: list[RankedMove] | None = None
    unranked = ""
    if args.all_moves:
        try:
            ranked = all_moves(game, position, args.misere, limits)
        except SearchLimitExceeded as exc:
            unranked = f"moves not ranked: {exc.worded(REMEDY_WORDS)}"
    return game, a, ranked, unranked


def _facts(
    args: argparse.Namespace, game: Impartial[Any], a: Analysis, ranked: list[RankedMove] | None, unranked: str
) -> dict[str, Any]:
    """The JSON object of ``--json`` (and of each ``--batch`` line)."""
    facts = a.to_json(game, REMEDY_WORDS)
    if args.all_moves:
        facts["all_moves"] = None if ranked is None else [_ranked_json(game, r) for r in ranked]
        if unranked:
            facts["notes"].append(unranked)
    return facts


def _ranked_json(game: Impartial[Any], r: RankedMove) -> dict[str, Any]:
    """One ranked move: its label, the position it leads to, ``win``/``draw``/``lose`` for the player
    who makes it, and the remoteness of the position it leaves (``None`` for a draw)."""
    return {
        "move": r.move.label,
        "position": position_words(game, r.move.position),
        "result": r.result,
        "remoteness": r.remoteness,
    }


def _moves(game: Impartial[Any], moves: list[Any], rems: list[int | None], winning: bool) -> None:
    """Moves one a line, each with how long the game then lasts (``win in 5``)."""
    for i, m in enumerate(moves[:MAX_LISTED]):
        r = rems[i] if i < len(rems) else None
        pace = f"  ({lasts(r, winning)})" if r is not None else ""
        print(f"    {m.label}  =>  {short(position_words(game, m.position))}{pace}")
    if len(moves) > MAX_LISTED:
        print(f"    … and {len(moves) - MAX_LISTED:,} more (--json lists all)")
