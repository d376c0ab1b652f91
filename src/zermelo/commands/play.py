"""``zermelo play GAME POSITION``: play the perfect player in the terminal, with hints.

The person types moves in the game's own notation (``2 3`` takes 3 from heap 2, ``heap 2 -> 1``,
a move's label, or its number in the ``moves`` list) or a command: ``moves``, ``hint``,
``undo``, ``help``, ``quit``.  A bad move gets a one-line reason and the prompt again; the end of
standard input ends the game quietly.  Everything the game knows comes from :mod:`zermelo.play`.

Partisan games (Domineering, Clobber, Toads and Frogs, Hackenbush, …): ``--as left|right`` is the
side the person plays (default Left) and ``--first`` says who moves first, as ``left`` /
``right`` or as ``human`` / ``computer``.  Each move is shown with the canonical form of the
position it leaves (CGSuite notation, from Left's side), which is why it wins or loses.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any, TextIO

from ..core.errors import InvalidPosition, ZermeloError
from ..play import LEFT, SIDES, MoveInfo, PositionValue, Session, grid, heaps, other_side, outcome_words
from ..rules import Partisan, Rules
from ..rules.boards import takes_words
from ..rules.wording import plural
from . import SUMMARY, words
from .common import INT64, add_limits, game_and_position, limits_from, whole

__all__ = ["add", "board", "run", "run_session"]

#: The widest heap drawn counter by counter; bigger heaps are drawn shortened.
MAX_COUNTERS = 40

_MARK = {"win": "+", "draw": "=", "lose": "-"}
#: The end of a game by its winner (a draw said as one: it read "the computer wins.").
_ENDS = {
    "human": "you win!",
    "computer": "the computer wins.",
    "first": "the first player wins.",
    "second": "the second player wins.",
    "draw": "a draw.",
}

HELP = """\
Type a move, or a command:
  2 3  /  heap 2 -> 1  /  take 3 from heap 2   a move in the game's notation (heap games)
  a1-a2  or  a1 a2                             the cells of a move on a board (partisan games)
  eat 2 3  or  2 3                             a move's label, punctuation aside, or just its numbers
  7  or  #7                                    move number 7 in the `moves` list
  to POSITION                                  the move that leads to POSITION
  moves   every legal move, marked + win, = draw, - lose (for you), with plies to the end
          (partisan games: with the value of the position it leaves, from Left's side)
  hint    the perfect player's move
  undo    take back your last move (and the computer's reply)
  quit    stop"""


def add(sub: Any) -> None:
    p = sub.add_parser("play", help=SUMMARY["play"])
    p.add_argument("game", metavar="GAME", help="name or name:params, e.g. nim, subtraction:1,3,4")
    p.add_argument(
        "position",
        metavar="POSITION",
        nargs="*",
        help="the starting position, e.g. 3 4 5 (a word + starts another game: a sum)",
    )
    p.add_argument(
        "--first",
        choices=("human", "computer", *SIDES),
        default="human",
        help="who moves first (default: you); partisan games also take left or right",
    )
    p.add_argument(
        "--as",
        dest="side",
        choices=SIDES,
        default=None,
        help="partisan games: the side you play, left or right (default: left)",
    )
    p.add_argument("--hints", action="store_true", help="show every move's value before each of your moves")
    p.add_argument("--misere", action="store_true", help="misère play: whoever cannot move wins")
    p.add_argument(
        "--skill", type=float, default=1.0, metavar="S", help="the computer's skill, 0 (random) to 1 (perfect)"
    )
    p.add_argument(
        "--seed", type=whole(-INT64), default=None, metavar="N", help="seed of the computer's random choices"
    )
    add_limits(p)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    game, position = game_and_position(args.game, args.position)
    first: str | None = None
    computer = "second" if args.first == "human" else "first"
    if isinstance(game, Partisan):
        side = args.side or LEFT
        first = args.first if args.first in SIDES else side if args.first == "human" else other_side(side)
        computer = "second" if first == side else "first"
    elif args.side is not None or args.first in SIDES:
        raise InvalidPosition(
            f"{game.spec()} is not a partisan game: --as and --first left|right are for games of Left and Right"
            " (use --first human|computer)"
        )
    session = Session(
        game,
        position,
        misere=args.misere,
        computer=computer,
        skill=args.skill,
        seed=args.seed,
        limits=limits_from(args),
        first=first,
    )
    return run_session(session, hints=args.hints, stdin=sys.stdin, out=sys.stdout)


def board(game: Rules[Any], position: Any) -> str:
    """The position for the terminal: heaps as rows of counters (and the takes allowed, when the
    previous move limits them), boards as grids, else the text.

    >>> from zermelo.games import Nim
    >>> print(board(Nim(), (3, 0, 5)))
      heap 1  ●●●    3
      heap 2         0
      heap 3  ●●●●●  5
    """
    rows = grid(game, position)
    if rows is not None:
        letters = " ".join(chr(ord("a") + c) for c in range(len(rows[0])))
        width = len(str(len(rows)))
        return "\n".join(
            [f"  {'':>{width}}  {letters}"] + [f"  {r + 1:>{width}}  {' '.join(row)}" for r, row in enumerate(rows)]
        )
    drawn = game.board(position) or {}
    if drawn.get("kind") == "pairs":  # Partizan Euclid: each pair two rows, p over q
        sizes = [n for pair in drawn["pairs"] for n in pair]
        return "\n".join(_counter_rows([f"pair {i // 2 + 1}" if i % 2 == 0 else "" for i in range(len(sizes))], sizes))
    hs = heaps(game, position)
    if hs is None:
        return f"  position: {game.format(position)}"
    lines = _counter_rows([f"heap {i + 1}" for i in range(len(hs))], hs)
    takes = drawn.get("takes")
    if takes:  # the range the previous take set (Mem, Fibonacci Nim)
        lines.append(f"  {takes_words(*takes)}")
    return "\n".join(lines)


def _counter_rows(names: list[str], sizes: list[int]) -> list[str]:
    """Rows of counters, each with its name and size (a long one shortened).

    >>> _counter_rows(["pair 1", ""], [5, 3])
    ['  pair 1  ●●●●●  5', '          ●●●    3']
    """
    width = min(max(sizes, default=0), MAX_COUNTERS)
    rows = []
    for name, h in zip(names, sizes, strict=True):
        row = "●" * h if h <= MAX_COUNTERS else "●" * (MAX_COUNTERS - 3) + "…●●"
        rows.append(f"  {name:<6}  {row:<{width}}  {h}")
    return rows


def _value_words(value: str, remoteness: int | None, who: str, pv: PositionValue | None = None) -> str:
    if pv is not None and pv.turn is not None and pv.game_value is not None and pv.outcome is not None:
        verb = "win" if value == "win" else "lose"
        why = outcome_words(pv.game_value, pv.outcome)
        return f"{who} ({pv.turn.capitalize()}) {verb} with perfect play: the value is {why}"
    if value == "draw":
        return f"{who} can hold a draw"
    verb = "win" if value == "win" else "lose"
    when = f" (in {plural(remoteness, 'ply', 'plies')})" if remoteness is not None and remoteness > 0 else ""
    return f"{who} {verb} with perfect play{when}"


#: ANSI colours of the values on a terminal, as on the web page: green, yellow, red.
_COLOUR = {"win": "\033[32m", "draw": "\033[33m", "lose": "\033[31m"}


def _paint(text: str, value: str, colour: bool) -> str:
    return f"{_COLOUR[value]}{text}\033[0m" if colour else text


def _moves_table(moves: list[MoveInfo], colour: bool = False) -> str:
    width = len(str(len(moves)))
    return "\n".join(
        f"  {m.number:>{width}}. "
        + _paint(f"{_MARK[m.value]} {m.label}", m.value, colour)
        + f"  =>  {m.text}   [{m.describe()}"
        + (f", Grundy {m.grundy}" if m.grundy is not None else "")
        + "]"
        for m in moves
    )


def run_session(session: Session, *, hints: bool, stdin: TextIO, out: TextIO) -> int:
    """The read-move-reply loop; returns the exit status (0, also on ``quit`` and end of input)."""
    game = session.game
    colour = out.isatty()

    def say(text: str = "") -> None:
        out.write(text + "\n")
        out.flush()

    play = " (misère: whoever cannot move wins)" if session.misere else ""
    say(f"zermelo play {game.spec()} {game.format(session.start)}{play}")
    if session.first is not None and session.human_side is not None:
        you, them = session.human_side.capitalize(), other_side(session.human_side).capitalize()
        say(f"You play {you}, the computer {them}; {session.first.capitalize()} moves first.")
    say("Type a move, `moves`, `hint`, `undo`, `help` or `quit`.")
    shown = -1
    while True:
        fresh = shown != session.ply
        if fresh:
            say()
            say(board(game, session.position))
            shown = session.ply
        if session.over:
            winner = session.winner
            stuck = f"{session.turn.capitalize()} cannot move: " if session.turn else ""
            say(f"Game over: {stuck}{_ENDS.get(winner or 'draw', 'a draw.')}")
            return 0
        if (ply := session.repeated) is not None:
            when = f"after move {ply}" if ply else "at the start"
            side = f" with {session.turn.capitalize()} to move" if session.turn else ""
            say(f"Game over: the position met {when} is repeated{side}: a draw by repetition.")
            return 0
        if session.to_move == "computer":
            m = session.computer_move()
            say(f"computer: {m.label}   [{m.describe()}]")
            continue
        pv = session.value()
        if hints and fresh:
            say(_value_words(pv.value, pv.remoteness, "You", pv))
            say(_moves_table(pv.moves, colour))
        out.write("your move> ")
        out.flush()
        line = stdin.readline()
        if not line:
            say()
            say("(end of input: game left unfinished)")
            return 0
        word = line.strip().lower()
        try:
            if word in ("quit", "q", "exit"):
                say("bye")
                return 0
            if word in ("help", "?", "h"):
                say(HELP)
            elif word in ("moves", "m", "list"):
                say(_value_words(pv.value, pv.remoteness, "You", pv))
                say(_moves_table(pv.moves, colour))
            elif word == "hint":
                best = session.hint()
                if best is not None:
                    say(f"hint: {best.label}  =>  {best.text}   [{best.describe()}]")
            elif word in ("undo", "u"):
                session.undo()
                shown = -1
                say("(move taken back)")
            elif word:
                m = session.play(line)
                say(f"you: {m.label}   [{m.describe()}]")
        except InvalidPosition as exc:
            say(words(exc))
        except ZermeloError as exc:  # a budget met mid-game: say so, keep the prompt
            say(f"error: {words(exc)}")
