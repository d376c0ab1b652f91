"""The cheques game (course notes 003, exercise 6): cheques lie in a row; players alternately
take one from either end and cash it.  The value is the score difference for the player to move.

The rules are those of LeetCode 877 (:class:`~zermelo.games.stones.StoneGame`) with any values.

**The even-count guarantee.**  With an even number of cheques the first player never does worse
than the second: colour the cheques alternately; she can take every cheque of one colour (after
her move both ends of the row have the other colour, so the opponent must take one of those), so
she picks the colour with the larger sum.  :func:`colour_strategy` is that strategy; the value
is at least ``|sum(even) - sum(odd)|`` and never negative.  With an odd number the guarantee
fails: ``1 5 1`` is worth 2 - 5 = -3 to the first player.

>>> g = Cheques((1, 5, 1))
>>> cheques_dp(g.piles), cheques_dp((1, 5, 1, 2))
(-3, 5)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from ..core.errors import InvalidGame
from ..rules.catalogue import GameEntry, register
from .stones import StoneGame, colour_sums, parse_piles, stone_game_dp

__all__ = ["Cheques", "cheques_dp", "colour_strategy"]


class Cheques(StoneGame):
    """The cheques game: take a cheque from either end of the row (values may be negative)."""

    name: ClassVar[str] = "cheques"


def cheques_dp(cheques: Sequence[int]) -> int:
    """The first player's best score difference, by interval DP (as for LeetCode 877)."""
    return stone_game_dp(cheques)


def colour_strategy(cheques: Sequence[int]) -> int:
    """The score difference the colouring strategy guarantees with an even number of cheques:
    take every even-indexed (0, 2, ...) or every odd-indexed cheque, whichever sum is larger.

    >>> colour_strategy([1, 5, 1, 2])
    5
    """
    if len(cheques) % 2:
        raise ValueError("the colouring strategy needs an even number of cheques")
    even, odd = colour_sums(cheques)
    return abs(even - odd)


def _cheques(params: str | None) -> Any:
    if not params:
        raise InvalidGame("cheques: give the row of cheques, like cheques:3,1,4,1")
    return Cheques(parse_piles(params, "cheques", allow_negative=True))


register(
    GameEntry(
        "cheques",
        _cheques,
        "the cheques game: take a cheque from either end; value = score difference",
        "the row of cheque values, comma-separated",
        'zermelo negamax cheques:3,1,4,1,5,9 ""',
        rules=Cheques,
    )
)
