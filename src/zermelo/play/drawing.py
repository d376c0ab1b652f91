"""What front ends draw: a position's heaps or grid, from its rules' :meth:`~zermelo.rules.Rules.board`."""

from __future__ import annotations

from typing import Any

from ..rules import Rules
from ..rules.boards import heap_sizes, rows

__all__ = ["grid", "heaps"]


def heaps(game: Rules[Any], position: Any) -> list[int] | None:
    """The heap sizes of a heap game's position (Nim, subtraction games, Wythoff), else ``None``:
    its :meth:`~zermelo.rules.Rules.board` when that is heaps.

    Front ends draw these as rows of counters.

    >>> from zermelo.games import Nim, Wythoff
    >>> heaps(Nim(), (3, 0, 5)), heaps(Nim(), 4), heaps(Wythoff(), (2, 7))
    ([3, 0, 5], [4], [2, 7])
    """
    return heap_sizes(game.board(position))


def grid(game: Rules[Any], position: Any) -> list[str] | None:
    """The rows of a board game's position, top row first, or ``None`` for other games: its
    :meth:`~zermelo.rules.Rules.board` when that is a grid.  Front ends draw it as a grid.

    >>> from zermelo.games import TicTacToe
    >>> grid(TicTacToe(), "XO.....OX")
    ['XO.', '...', '.OX']

    >>> from zermelo.games.domineering import Domineering
    >>> grid(Domineering(), Domineering().parse("..#|..."))
    ['..#', '...']
    """
    return rows(game.board(position))
