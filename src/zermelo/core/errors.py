"""The errors zermelo raises on purpose.

Every error a user can cause is a :class:`ZermeloError`; the CLI prints its message on one line and
exits with status 2, the web API answers 4xx.  Bad input is also a :class:`ValueError`, so plain
Python callers can catch it the usual way.

An error is data before it is words: what would help (:class:`Remedy`: a larger position budget,
more time, the list of games...) is a typed field, never a command-line flag written into the
message.  ``str(error)`` is the message alone; each front end adds its own words for the remedies
(:meth:`ZermeloError.worded`: the CLI names its flags, the web page its panels).

>>> e = SearchLimitExceeded("search budget exceeded: more than 1,000 positions", limit="positions",
...                         budget=1000, positions=1001, remedies=(Remedy.MORE_POSITIONS,))
>>> str(e), e.limit, e.budget, e.positions
('search budget exceeded: more than 1,000 positions', 'positions', 1000, 1001)
>>> e.worded({Remedy.MORE_POSITIONS: "raise it with --budget"})
'search budget exceeded: more than 1,000 positions (raise it with --budget)'
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum


class Remedy(Enum):
    """What would let a refused request through; each front end words it (the CLI as its flags)."""

    MORE_POSITIONS = "more positions"  # a larger position (or move, or work) budget
    MORE_TIME = "more time"  # a later deadline
    DEPTH_LIMIT = "depth limit"  # a depth-limited search with a heuristic value instead
    SMALLER_RANGE = "smaller range"  # fewer positions asked for (a smaller bound)
    LIST_GAMES = "list of games"  # the names of the games
    LIST_MOVES = "list of moves"  # the legal moves, to pick one
    MOVE_NUMBER = "move number"  # a move's number in that list


class ZermeloError(Exception):
    """Base class of every error zermelo reports to a user.

    ``remedies`` say what would help; ``doing`` what was under way (``1,000 positions``): both
    are shown in parentheses after the message by :meth:`worded`.  ``cgsuite_words``: CGSuite's
    own wording of the same refusal, which CGSuite's language shows instead (empty: none).
    """

    def __init__(
        self, message: str = "", *, remedies: tuple[Remedy, ...] = (), doing: str = "", cgsuite_words: str = ""
    ) -> None:
        super().__init__(message)
        self.message = message
        self.remedies = remedies
        self.doing = doing
        self.cgsuite_words = cgsuite_words

    def __str__(self) -> str:
        return self.worded({})

    def worded(self, remedy_words: Mapping[Remedy, str]) -> str:
        """The message, then what was under way and the remedies in ``remedy_words``' words (a
        remedy without words is left out: the web page has no ``--budget``)."""
        said = [self.doing] if self.doing else []
        helps = [remedy_words[r] for r in self.remedies if remedy_words.get(r)]
        if helps:
            said.append(", or ".join(helps))
        return f"{self.message} ({'; '.join(said)})" if said else self.message

    def __reduce__(self) -> tuple[object, ...]:
        # Keyword fields survive pickling (a worker process hands its error back).
        return (_rebuilt, (type(self), self.message, dict(self.__dict__)))


def _rebuilt(cls: type[ZermeloError], message: str, fields: dict[str, object]) -> ZermeloError:
    error = cls.__new__(cls)
    Exception.__init__(error, message)
    error.__dict__.update(fields)
    return error


class InvalidGame(ZermeloError, ValueError):
    """An unknown game name or malformed game parameters (``subtraction:0``)."""


class InvalidPosition(ZermeloError, ValueError):
    """A position text that does not parse, or a position that is not legal in the game."""


class InvalidArgument(ZermeloError, ValueError):
    """An argument of the wrong kind given to a public function (``solve(None, 3)``, a string
    where a game object goes, ``nim_sum(-1)``): bad input, named in one line at the boundary."""


class SearchLimitExceeded(ZermeloError, ValueError, RuntimeError):
    """The search met its position or time budget before it finished.

    Which limit (``limit``: ``"positions"``, ``"seconds"``, or what else was counted: ``"moves to
    examine"``, ...), its ``budget``, and how far the search got: ``positions`` reached,
    ``seconds`` spent.  ``remedies`` say what would raise it.

    A :class:`ValueError` like every error a caller's input causes (docs/limits.md); still a
    :class:`RuntimeError` for callers written when it was one.
    """

    def __init__(
        self,
        message: str,
        *,
        positions: int = 0,
        seconds: float = 0.0,
        limit: str | None = None,
        budget: float | None = None,
        remedies: tuple[Remedy, ...] = (),
        doing: str = "",
    ) -> None:
        super().__init__(message, remedies=remedies, doing=doing)
        self.positions = positions
        self.seconds = seconds
        self.limit = limit
        self.budget = budget

    def to_json(self) -> dict[str, object]:
        """The stop as data: which limit, its budget, how far the search got, what would raise it."""
        return {
            "limit": self.limit,
            "budget": self.budget,
            "positions": self.positions,
            "seconds": round(self.seconds, 3),
            "remedies": [r.value for r in self.remedies],
        }


class Unsupported(ZermeloError, ValueError):
    """The analysis asked for does not apply to this game (misère Grundy values, say)."""


class Terminated(KeyboardInterrupt):
    """SIGTERM (``kill``, a service manager stopping a run), raised as Ctrl-C is: everything that
    saves its work on Ctrl-C (a sequence's checkpoint, a census, a book) saves it the same way,
    then the CLI exits with status 143 (128 + SIGTERM) instead of 130."""
