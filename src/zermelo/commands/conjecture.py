"""``zermelo conjecture GAME [PREDICATE] --upto N [--misere] [--json]``: check a P-set the notes' way."""

from __future__ import annotations

import argparse
from typing import Any

from ..analyses.patterns import CONDITIONS, MISERE_CONDITION_1, ConjectureReport, check_pset, guess_pset
from ..core.limits import Limits
from ..games.registry import make_game
from ..rules.predicates import PART_NAMES
from . import SUMMARY
from .common import check_timeout, emit_json, progress_printer, whole


def add(sub: Any) -> None:
    p = sub.add_parser(
        "conjecture",
        help=SUMMARY["conjecture"],
        description="Check that PREDICATE describes the P-positions among the positions of the game's table "
        "up to N: every terminal position is in the set, no move leads from the set into the set, and every "
        "position outside the set has a move into it.  Without PREDICATE, a guess is read off the P/N row "
        "of positions 0..N and checked up to 2N.  Exit status 0 if it holds, 1 if it fails.",
        epilog='Example: zermelo conjecture subtraction:1,3,4 "n % 7 in (0, 2)" --upto 10000',
    )
    p.add_argument("game", metavar="GAME", help="name or name:params, e.g. subtraction:1,3,4, wythoff")
    p.add_argument(
        "predicate",
        metavar="PREDICATE",
        nargs="?",
        help="the set, as an expression in n (a number position) or a, b, … (heaps), e.g. 'n %% 7 in (0, 2)'",
    )
    p.add_argument(
        "--upto", type=whole(0, None), required=True, metavar="N", help="check positions with coordinates 0..N"
    )
    p.add_argument(
        "--heaps",
        type=whole(1, len(PART_NAMES)),
        metavar="K",
        help="check the positions of K heaps (a b c …, each 0..N)",
    )
    p.add_argument(
        "--positions",
        metavar="FAMILY",
        help="check a family of positions, like '1 a b' (letters run 0..N; the predicate reads the letters)",
    )
    p.add_argument("--misere", action="store_true", help="misère play: terminal positions are N-positions")
    p.add_argument(
        "--budget", type=whole(1), default=50_000_000, metavar="MOVES", help="stop after this many moves (default 50M)"
    )
    p.add_argument("--timeout", type=float, default=None, metavar="SECONDS", help="stop after this many seconds")
    p.add_argument("--quiet", action="store_true", help="no progress display")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..core.errors import InvalidPosition

    if args.upto < 0:
        raise InvalidPosition(f"--upto must be a whole number >= 0, got {args.upto}")
    if args.budget <= 0:
        raise InvalidPosition(f"--budget must be positive, got {args.budget}")
    check_timeout(args.timeout)
    # The searches (a guess's row, an option outside a family) keep their budget of positions.
    limits = Limits(1_000_000, args.timeout, progress_printer(args.quiet)).started()
    game = make_game(args.game, files=True)
    text = args.predicate
    upto = args.upto
    guessed = False
    if text is None:
        guess = guess_pset(game, args.upto, misere=args.misere, limits=limits.replace(max_positions=args.budget))
        if guess is None:
            raise InvalidPosition(f"{game.spec()}: no P-position up to {args.upto} to describe; give a predicate")
        text, upto, guessed = guess, 2 * args.upto, True
    report = check_pset(
        game,
        text,
        upto,
        misere=args.misere,
        max_moves=args.budget,
        heaps=args.heaps,
        positions=args.positions,
        limits=limits,
    )
    if args.json:
        emit_json(report.to_json() | {"guessed": guessed})
        return 0 if report.holds else 1
    print(render(report, guessed=guessed, guessed_from=args.upto))
    return 0 if report.holds else 1


def render(r: ConjectureReport, *, guessed: bool = False, guessed_from: int = 0) -> str:
    """The report in words: the three conditions, then the verdict."""
    lines = []
    if guessed:
        lines.append(f"guess from the P/N row 0..{guessed_from}: {r.predicate}")
    play = " (misère play)" if r.misere else ""
    lines.append(f"{r.game}{play}: is {{{r.predicate}}} the set of P-positions?")
    lines.append(
        f"  checked {r.checked:,} of {r.positions:,} positions up to {r.upto} ({r.in_set:,} in the set, "
        f"{r.terminal:,} terminal), {r.moves:,} moves"
    )
    failed = r.counterexample.condition if r.counterexample else None
    for k in (1, 2, 3):
        rule = MISERE_CONDITION_1 if k == 1 and r.misere else CONDITIONS[k]
        mark = "FAILS" if failed == k else ("ok" if failed is None else "ok so far")
        lines.append(f"  {k}. {rule}: {mark}")
    ce = r.counterexample
    if ce is None:
        lines.append(f"holds up to {r.upto}")
    else:
        lines.append(f"counterexample: {ce.message}")
        if ce.search_outcome is not None:
            lines.append(f"  (by search, {ce.position} is {_outcome_words(ce.search_outcome)})")
    for note in r.notes:
        lines.append(f"note: {note}")
    return "\n".join(lines)


def _outcome_words(o: str) -> str:
    return {"P": "a P-position", "N": "an N-position"}.get(o, "a draw")
