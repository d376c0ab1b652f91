"""`make demo`: a short guided tour of the lecture notes' examples, in the terminal."""

from __future__ import annotations

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
    step("Every game zermelo knows", "games")
    if _failed:
        print(f"\n{len(_failed)} step(s) failed: {', '.join(_failed)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
