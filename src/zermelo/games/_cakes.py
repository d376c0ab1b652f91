"""How a cake game's move is clicked on the drawing of :mod:`zermelo.analyses.draw_cake`: shared
by Cutcake and the take-and-break cakes (:mod:`zermelo.games.gencutcake`).

A move takes a cake's line of ``whole`` columns (or rows) to pieces of ``parts`` columns (rows),
eating the ``whole - sum(parts)`` others.  A cut (nothing eaten) is clicked on its cut lines,
left to right, in every order of the pieces: cutting 5 columns into 2 + 3 is ``v2`` or ``v3``.
An eaten block lies between the pieces (or at an end, when one piece is left), and is clicked
on its first column, and its last when it is wider than one; a move of more pieces than that is
typed, never guessed.

>>> move_ways(1, 5, (2, 3), across=False)
[['k1:v2'], ['k1:v3']]
>>> move_ways(2, 4, (1, 2), across=True)  # a row eaten between a 1-row and a 2-row piece
[['k2:r2'], ['k2:r3']]
>>> move_ways(1, 6, (2, 2, 2), across=False)
[['k1:v2', 'k1:v4']]
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import accumulate, permutations

__all__ = ["move_label", "move_ways"]


def move_ways(k: int, whole: int, parts: Sequence[int], *, across: bool) -> list[list[str]]:
    """The ways to click a move on cake ``k`` (from 1): its columns (``across`` False) or rows
    taken from ``whole`` to ``parts``; ``[]`` when the move is typed only."""
    eat, cut = ("r", "h") if across else ("c", "v")
    taken = whole - sum(parts)
    ways: list[list[str]] = []
    if taken == 0:
        orders = sorted(set(permutations(parts))) if len(parts) <= 4 else [tuple(sorted(parts))]
        for order in orders:
            ways.append([f"k{k}:{cut}{x}" for x in accumulate(order[:-1])])
    elif len(parts) <= 2:
        starts = {0} if not parts else {0, parts[0]} if len(parts) == 1 else {parts[0], parts[1]}
        for s in sorted(starts):
            ends = (s + 1,) if taken == 1 else (s + 1, s + taken)
            ways.append([f"k{k}:{eat}{x}" for x in ends])
    return ways


def move_label(shape: tuple[int, int], whole: int, parts: Sequence[int], *, across: bool) -> str | None:
    """A move in words, by the handle it is clicked by: ``eat column 2 of 2x3``, ``eat rows 2-3
    of 4x1``, ``cut 2x4 into 2+2 columns``; ``None`` for a move that is typed as its result.

    >>> move_label((2, 3), 3, (1, 1), across=False), move_label((2, 4), 4, (2, 2), across=False)
    ('eat column 2 of 2x3', 'cut 2x4 into 2+2 columns')
    """
    kind = "row" if across else "column"
    cake = f"{shape[0]}x{shape[1]}"
    taken = whole - sum(parts)
    if taken == 0:
        return f"cut {cake} into {'+'.join(map(str, sorted(parts)))} {kind}s"
    ways = move_ways(1, whole, parts, across=across)
    if not ways:
        return None
    lines = [int(p.split(":")[1][1:]) for p in ways[0]]
    return f"eat {kind} {lines[0]} of {cake}" if taken == 1 else f"eat {kind}s {lines[0]}-{lines[-1]} of {cake}"
