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


class SearchLimitExceeded(ZermeloError, RuntimeError):
    """The search met its position or time budget before it finished.

    ``positions`` is how many positions had been reached, ``seconds`` how long it ran.
    """

    def __init__(self, message: str, *, positions: int = 0, seconds: float = 0.0) -> None:
        super().__init__(message)
        self.positions = positions
        self.seconds = seconds


class Unsupported(ZermeloError, ValueError):
    """The analysis asked for does not apply to this game (misère Grundy values, say)."""


class Terminated(KeyboardInterrupt):
    """SIGTERM (``kill``, a service manager stopping a run), raised as Ctrl-C is: everything that
    saves its work on Ctrl-C (a sequence's checkpoint, a census, a book) saves it the same way,
    then the CLI exits with status 143 (128 + SIGTERM) instead of 130."""
