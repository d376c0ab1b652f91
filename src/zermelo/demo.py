"""`make demo`: a short guided tour, one example per area, in the terminal (a few seconds).

The foundation (solve: Nim, subtraction, Wythoff, draws), the notes' games, tables and
conjectures, heap sequences at scale, scored games (negamax), partisan values, playing, and the
web explorer (named only: the tour needs no browser and no network).
"""

from __future__ import annotations

import io
import shlex
import sys

from .cli import main as cli

_failed: list[str] = []


def step(title: str, command: str, comment: str = "") -> None:
    """Show one CLI command and its real output."""
    bold, plain = ("\033[1m", "\033[0m") if sys.stdout.isatty() else ("", "")
    print(f"\n{bold}## {title}{plain}")
    if comment:
        print(comment)
    print(f"$ zermelo {command}", flush=True)
    if cli(shlex.split(command)) != 0:
        _failed.append(command)


def part(title: str) -> None:
    """A heading between the areas of the tour."""
    bold, plain = ("\033[1m", "\033[0m") if sys.stdout.isatty() else ("", "")
    print(f"\n{bold}# {title}{plain}")


def play_nim() -> None:
    """``zermelo play nim 3 4 5`` with scripted input: ask for a hint, take it, stop."""
    from .commands.play import run_session
    from .games import Nim
    from .play import Session

    typed = ["hint", "take 2 from heap 1", "quit"]
    print("\nPlay against the computer; typed here: " + ", ".join(typed))
    print("$ zermelo play nim 3 4 5 --seed 1", flush=True)
    session = Session(Nim(), (3, 4, 5), computer="second", seed=1)
    if run_session(session, hints=False, stdin=io.StringIO("\n".join(typed) + "\n"), out=sys.stdout) != 0:
        _failed.append("play nim 3 4 5")


def main() -> int:
    """Run the tour; the exit status is 1 if any step failed."""
    _failed.clear()
    print("zermelo — a guided tour of the lecture notes' games")
    step(
        "Nim and the nim-sum",
        "solve nim 3 4 5",
        "Bouton: a position is lost for the player to move exactly when the XOR of the heaps is 0.",
    )
    step("Nim (7, 5, 3): the notes' example with three winning moves", "solve nim 7 5 3")
    step(
        "Misère Nim: the last player to move loses",
        "solve nim 1 1 1 --misere",
        "Lost for the mover: some heap >= 2 and nim-sum 0, or every heap <= 1 and nim-sum 1.",
    )
    step("A subtraction game S = {1, 3, 4}: P-positions are n ≡ 0, 2 (mod 7)", "solve subtraction:1,3,4 21")
    step(
        "The Square game: 17 is lost, and its remoteness is 8 (lose slowly: move to 13)",
        "solve square 17",
    )
    step("The Square game under misère play", "solve square 17 --misere")
    step("Wythoff's game: P-positions are (⌊kφ⌋, ⌊kφ²⌋), exact for any size", "solve wythoff 153 289")
    step(
        "A token on a graph with a cycle: draws",
        'solve digraph "a->b, b->a, b->c, c->d" a',
        "From a, neither player can force a win: whoever leaves the cycle a <-> b loses.",
    )
    part("The notes' games")
    step("Fibonacci nim: take at most twice what the opponent just took", "solve fibonacci 20")
    step("Chomp: strategy stealing says the first player wins; the search says how", "solve chomp 3x4")
    part("Tables and conjectures")
    step("Wythoff's P-positions, the notes' grid (add --image FILE.png for a picture)", "table wythoff --size 8 8")
    step(
        "A conjectured set of P-positions, checked the notes' way (the three conditions)",
        'conjecture subtraction:1,3,4 "n % 7 in (0, 2)" --upto 10000',
    )
    part("Heap games at scale")
    step(
        "The octal game 0.16: period 149,459 from heap 105,351, proven by the Guy–Smith theorem",
        "sequence octal:0.16 --upto 400000 --quiet",
    )
    part("Scored games")
    step("Tic-tac-toe is a draw; every first move holds it", "negamax tictactoe .........")
    step(
        "Connect Four on 6 columns x 5 rows: a draw, read from the shipped opening book "
        "(its line stops where the book ends)",
        'negamax connect4:6x5 ""',
    )
    part("Partisan values")
    step("Domineering on a 2 x 2 board: ±1", 'value domineering "..|.."')
    step("Sums of values: an expression", 'value --expr "{1|-1} + ^ + *"')
    part("Playing")
    play_nim()
    print("\nThe web explorer: `zermelo serve`, then open http://127.0.0.1:8000/ (not started by the tour).")
    step("Every game zermelo knows", "games")
    if _failed:
        print(f"\n{len(_failed)} step(s) failed: {', '.join(_failed)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
