"""What play shows of a position and of each move: win / draw / lose for the player who moves.

:class:`MoveInfo` (a legal move with its value for its mover, remoteness, Grundy value, score or
partisan value) and :class:`PositionValue` (a position with every move classified), the words
of values and the two sides of a partisan game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..rules import Move

__all__ = [
    "DRAWING",
    "LEFT",
    "LOSING",
    "MAX_MOVES",
    "MAX_TYPED",
    "RIGHT",
    "SIDES",
    "WINNING",
    "MoveInfo",
    "PositionValue",
    "other_side",
    "outcome_words",
]

#: A position with more legal moves than this is refused for play (the list would be useless).
MAX_MOVES = 5_000
#: The longest typed move read (a longer line is refused before any parsing).
MAX_TYPED = 1_000

#: Value words, for the player who moves (a move) or is to move (a position).
WINNING, DRAWING, LOSING = "win", "draw", "lose"

#: The two players of a partisan game.
LEFT, RIGHT = "left", "right"
SIDES = (LEFT, RIGHT)
#: What a partisan position's outcome class says (normal play, the value from Left's side).
_OUTCOME_WORDS = {
    "L": "> 0, Left wins whoever moves next",
    "R": "< 0, Right wins whoever moves next",
    "P": "= 0, whoever moves next loses",
    "N": "|| 0 (fuzzy), whoever moves next wins",
}


@dataclass(frozen=True)
class MoveInfo:
    """A legal move with its value for the player who makes it.

    ``remoteness`` is that of the position the move leads to (``None`` for a draw, or when only
    a closed form was affordable); ``grundy`` is that position's Grundy value (impartial games,
    normal play, finite values; else ``None``).  ``number`` is the move's place in the list,
    from 1, as the terminal shows it.
    """

    number: int
    move: Move[Any]
    text: str
    value: str
    remoteness: int | None
    grundy: int | None = None
    score: int | None = None  # scored games: the minimax value for the mover
    #: Partisan games: the canonical form (CGSuite notation) of the position the move leads to,
    #: and its outcome class (L, R, P, N).  ``cg`` is that value as a
    #: :class:`~zermelo.values.game.Game`, for comparisons.
    game_value: str | None = None
    outcome: str | None = None
    cg: Any = field(default=None, compare=False, repr=False)

    @property
    def label(self) -> str:
        """What a person would say: ``take 3 from heap 2 (5 -> 2)``."""
        return self.move.label

    @property
    def position(self) -> Any:
        """The position the move leads to."""
        return self.move.position

    def describe(self) -> str:
        """The value in words, GAMESMAN style: ``win in 3``, ``lose in 4``, ``draw``.

        The count is plies until the game ends, this move included.  Partisan games: the word and
        the value of the position the move leads to, ``win, value {2|-1/2}``.
        """
        if self.game_value is not None:
            count = "" if self.remoteness is None else f" in {self.remoteness + 1}"
            return f"{self.value}{count}, value {self.game_value}"
        if self.value == DRAWING:
            return "draw"
        if self.remoteness is None:
            return self.value
        return f"{self.value} in {self.remoteness + 1}"

    def to_json(self) -> dict[str, Any]:
        """The move as the web API sends it."""
        return {
            "number": self.number,
            "move": self.label,
            "position": self.text,
            "value": self.value,
            "remoteness": self.remoteness,
            "grundy": self.grundy,
            "score": self.score,
            "describe": self.describe(),
            "game_value": self.game_value,
            "outcome": self.outcome,
            "why": self.why(),
        }

    def why(self) -> str | None:
        """Partisan games: why the move wins or loses, from the value it leaves (else ``None``).

        The value is always from Left's side (positive: good for Left); after the move the
        opponent is to move, so a mover wins exactly when the value favours them or is 0.
        """
        if self.game_value is None or self.outcome is None:
            return None
        return f"it leaves {outcome_words(self.game_value, self.outcome)}"


def outcome_words(game_value: str, outcome: str) -> str:
    """A partisan value with what it says about the winner: ``±1 || 0 (fuzzy), whoever moves next wins``.

    >>> outcome_words("1/2", "L")
    '1/2 > 0: Left wins whoever moves next'
    >>> outcome_words("0", "P")
    '0: whoever moves next loses'
    """
    relation, _, rest = _OUTCOME_WORDS[outcome].partition(", ")
    if outcome == "P":  # the canonical form of a second-player win is 0 itself
        return f"{game_value}: {rest}"
    return f"{game_value} {relation}: {rest}"


@dataclass(frozen=True)
class PositionValue:
    """A position with its value for the player to move and every move classified."""

    value: str
    remoteness: int | None
    grundy: int | None
    moves: list[MoveInfo]
    exact: bool = True  # False: values from closed forms only (remoteness too, where the game has one)
    listed: bool = True  # False: too many moves to list; ``moves`` are a few, any other is typed
    score: int | None = None  # scored games: the minimax value for the player to move
    #: Partisan games: the side to move (``left`` / ``right``), the position's canonical form
    #: and outcome class; ``cg`` is the value as a :class:`~zermelo.values.game.Game`.
    turn: str | None = None
    game_value: str | None = None
    outcome: str | None = None
    cg: Any = field(default=None, compare=False, repr=False)

    @property
    def over(self) -> bool:
        """No legal move: the game has ended."""
        return not self.moves


def other_side(side: str) -> str:
    """``left`` <-> ``right``."""
    return RIGHT if side == LEFT else LEFT
