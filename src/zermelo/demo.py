"""`make demo`: a short guided tour of the lecture notes' examples, in the terminal."""

from __future__ import annotations

import shlex

from .cli import main as cli


def step(title: str, command: str, comment: str = "") -> None:
    """Show one CLI command and its real output."""
    print(f"\n\033[1m## {title}\033[0m")
    if comment:
        print(comment)
    print(f"$ zermelo {command}")
    cli(shlex.split(command))


def main() -> None:
    print("zermelo — a guided tour of the lecture notes' games")
    step(
        "Nim and the nim-sum",
        "solve nim 3 4 5",
        "Bouton: a position is lost for the player to move exactly when the XOR of the heaps is 0.",
    )
    step("A Nim example from the notes: one winning move", "solve nim 25 21 11")
    step("Misère Nim: the last player to move loses", "solve nim 1 1 1 --misere")
    step("A subtraction game S = {1, 3, 4}: P-positions are n ≡ 0, 2 (mod 7)", "solve subtraction:1,3,4 21")
    step("The Square game under misère play", "solve square 17 --misere")
    step("Wythoff's game: P-positions are (⌊kφ⌋, ⌊kφ²⌋), exact for any size", "solve wythoff 153 289")
    step("A token on a graph with a cycle: draws", 'solve digraph "a->b, b->a, b->c, c->d" a')
    step("Every game zermelo knows", "games")


if __name__ == "__main__":
    main()
