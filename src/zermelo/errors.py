"""The errors zermelo raises on purpose.

Every error a user can cause is a :class:`ZermeloError`; the CLI prints its message on one line and
exits with status 2, the web API answers 4xx.  Bad input is also a :class:`ValueError`, so plain
Python callers can catch it the usual way.
"""

from __future__ import annotations


class ZermeloError(Exception):
    """Base class of every error zermelo reports to a user."""


class InvalidGame(ZermeloError, ValueError):
    """An unknown game name or malformed game parameters (``subtraction:0``)."""


class InvalidPosition(ZermeloError, ValueError):
    """A position text that does not parse, or a position that is not legal in the game."""


class InvalidArgument(ZermeloError, ValueError):
    """An argument of the wrong kind given to a public function (``solve(None, 3)``, a string
    where a game object goes, ``nim_sum(-1)``): bad input, named in one line at the boundary."""


class SearchLimitExceeded(ZermeloError, ValueError, RuntimeError):
    """The search met its position or time budget before it finished.

    A :class:`ValueError` like every error a caller's input causes (docs/limits.md); still a
    :class:`RuntimeError` for callers written when it was one.

    ``positions`` is how many positions had been reached, ``seconds`` how long it ran.
    """

    def __init__(self, message: str, *, positions: int = 0, seconds: float = 0.0) -> None:
        super().__init__(message)
        self.positions = positions
        self.seconds = seconds


class Unsupported(ZermeloError, ValueError):
    """The analysis asked for does not apply to this game (misère Grundy values, say)."""
