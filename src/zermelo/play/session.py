"""A game in progress: turns, moves made and undone, the computer's replies, the value history."""

from __future__ import annotations

import random
from collections.abc import Hashable
from dataclasses import dataclass, field, replace
from typing import Any

from ..core.errors import InvalidPosition
from ..core.limits import Limits
from ..rules import Impartial, Partisan, Rules, Scored
from .evaluate import best_move, choose_move, classify, judge_move
from .notation import find_move
from .values import DRAWING, LEFT, SIDES, WINNING, MoveInfo, PositionValue, other_side

__all__ = ["Session", "Turn"]


# ---------------------------------------------------------------------- a game in progress
@dataclass(frozen=True)
class Turn:
    """One position of the game so far: who was to move, its value for them, and what was played."""

    position: Any
    text: str
    mover: str  # "human" or "computer" (or "first"/"second" when nobody is the computer)
    value: str
    remoteness: int | None
    played: MoveInfo | None = None  # the move made from here, once made
    side: str | None = None  # partisan games: the side to move, left or right
    game_value: str | None = None  # partisan games: the position's canonical form


@dataclass
class Session:
    """A game in progress between a person and the perfect player (or two people).

    ``computer`` says who the computer is: ``"second"`` (the person moves first), ``"first"``,
    or ``None`` (no computer; hints only).  ``skill`` and ``seed`` shape the computer's play.

    Partisan games: ``first`` is the side that moves first (``left``, the default, or
    ``right``); the sides then alternate, so the person plays ``first`` when the computer is
    ``"second"`` and the other side when it is ``"first"`` (see :attr:`human_side`).

    >>> from zermelo.games.domineering import Domineering
    >>> d = Domineering()
    >>> s = Session(d, d.parse("...|..."), first="right", seed=1)
    >>> s.human_side, s.turn, s.value().game_value
    ('right', 'right', '{2|-1/2}')
    >>> m = s.play("a1-b1"); m.describe(), s.turn
    ('win in 3, value -1/2', 'left')
    >>> s.computer_move().label, s.over, s.winner
    ('c1-c2', False, None)

    >>> from zermelo.games import Nim
    >>> s = Session(Nim(), (1, 2), seed=1)
    >>> s.play("2 2").label
    'take 2 from heap 2 (2 -> 0)'
    >>> s.computer_move().label, s.over, s.winner
    ('take 1 from heap 1 (1 -> 0)', True, 'computer')
    >>> s.undo(); s.game.format(s.position)
    '1 2'
    """

    game: Rules[Any]
    start: Any
    misere: bool = False
    computer: str | None = "second"
    skill: float = 1.0
    seed: int | None = None
    limits: Limits = field(default_factory=Limits)
    first: str | None = None
    turns: list[Turn] = field(init=False)
    _rng: random.Random = field(init=False, repr=False)
    _cache: dict[Hashable, PositionValue] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        if self.computer not in ("first", "second", None):
            raise InvalidPosition(f"the computer plays first, second or not at all, got {self.computer!r}")
        if not 0.0 <= self.skill <= 1.0:
            raise InvalidPosition(f"skill must be between 0 and 1, got {self.skill}")
        if isinstance(self.game, Partisan):
            self.first = self.first or LEFT
            if self.first not in SIDES:
                raise InvalidPosition(f"the side that moves first is left or right, got {self.first!r}")
        elif self.first is not None:
            raise InvalidPosition(f"{self.game.spec()}: who moves first as left or right is for partisan games only")
        self._rng = random.Random(self.seed)
        self._cache = {}
        self.turns = []
        self._enter(self.start)

    # -- state
    @property
    def position(self) -> Any:
        """The current position."""
        return self.turns[-1].position

    @property
    def ply(self) -> int:
        """Moves made so far."""
        return len(self.turns) - 1

    @property
    def to_move(self) -> str:
        """``human`` or ``computer`` (``first`` / ``second`` without a computer)."""
        return self._mover(self.ply)

    @property
    def turn(self) -> str | None:
        """Partisan games: the side to move, ``left`` or ``right`` (else ``None``)."""
        return self._side(self.ply)

    @property
    def human_side(self) -> str | None:
        """Partisan games: the side the person plays (``None`` without a computer, or impartial)."""
        if self.first is None or self.computer is None:
            return None
        return self.first if self.computer == "second" else other_side(self.first)

    def _side(self, ply: int) -> str | None:
        if self.first is None:
            return None
        return self.first if ply % 2 == 0 else other_side(self.first)

    def _mover(self, ply: int) -> str:
        first = ply % 2 == 0
        if self.computer is None:
            return "first" if first else "second"
        return "computer" if first == (self.computer == "first") else "human"

    def value(self) -> PositionValue:
        """The current position's value and its classified moves."""
        return self._value(self.position, self.turn)

    def moves(self) -> list[MoveInfo]:
        """The legal moves, classified."""
        return self.value().moves

    @property
    def over(self) -> bool:
        """The player to move has no move."""
        return self.value().over

    @property
    def winner(self) -> str | None:
        """Who won a finished game (``draw`` for a drawn score), else ``None``.

        Normal play: whoever made the last move; misère play: the other one.
        """
        pv = self.value()
        if not pv.over:
            return None
        if isinstance(self.game, Scored) and self.game.gains:
            # Points banked as the game went (Cheques): the final position is worth 0 from there
            # on, and says nothing of who banked more.
            points = {self.to_move: pv.score or 0, self._other(self.to_move): 0}
            for t in self.turns[:-1]:
                if t.played is not None:
                    points[t.mover] += self.game.gain(t.position, t.played.move)
            mine, theirs = points[self.to_move], points[self._other(self.to_move)]
            return "draw" if mine == theirs else self.to_move if mine > theirs else self._other(self.to_move)
        if pv.value == DRAWING:
            return "draw"
        return self.to_move if pv.value == WINNING else self._other(self.to_move)

    @property
    def repeated(self) -> int | None:
        """The ply (0: the start) at which the current position was met before with the same side
        to move (a loopy game: ``zermelo play`` ends it there as a draw), else ``None``."""
        now = (self.game.key(self.position), self.turn)
        for ply, t in enumerate(self.turns[:-1]):
            if (self.game.key(t.position), t.side) == now:
                return ply
        return None

    def _other(self, who: str) -> str:
        return {"human": "computer", "computer": "human", "first": "second", "second": "first"}[who]

    def _value(self, position: Any, turn: str | None) -> PositionValue:
        key = (self.game.key(position), turn)
        hit = self._cache.get(key)
        if hit is None:
            # Each analysis gets the whole --timeout (a game is many analyses, with the player's
            # thinking in between): its deadline starts now.
            limits = self.limits.replace(deadline=None).started()
            hit = self._cache[key] = classify(self.game, position, misere=self.misere, limits=limits, turn=turn)
        return hit

    def _enter(self, position: Any) -> None:
        ply = len(self.turns)
        pv = self._value(position, self._side(ply))
        text = self.game.format(position)
        self.turns.append(Turn(position, text, self._mover(ply), pv.value, pv.remoteness, None, pv.turn, pv.game_value))

    # -- actions
    def hint(self) -> MoveInfo | None:
        """The perfect player's move from here (no randomness)."""
        return best_move(self.game, self.value())

    def play(self, move: MoveInfo | str) -> MoveInfo:
        """Make a move, given as a :class:`MoveInfo` or as typed text (see :func:`find_move`)."""
        pv = self.value()
        # A heap of 10^60 lists a few moves (pv.listed is False): any other typed is judged by the closed forms.
        judge = None
        if not pv.listed and isinstance(self.game, Impartial):
            game = self.game
            judge = lambda typed: judge_move(game, typed, self.misere, self.limits)  # noqa: E731
        m = find_move(self.game, self.position, move, pv.moves, judge) if isinstance(move, str) else move
        if m not in pv.moves and (judge is None or m.number != 0):
            raise InvalidPosition(f"{m.label} is not a legal move here")
        self.turns[-1] = replace(self.turns[-1], played=m)
        self._enter(m.position)
        return m

    def computer_move(self) -> MoveInfo:
        """The computer chooses and makes its move."""
        m = choose_move(self.game, self.value(), self.skill, self._rng)
        if m is None:
            raise InvalidPosition("the game is over: there is no move to make")
        return self.play(m)

    def undo(self) -> None:
        """Take back the last move of the person, and the computer's reply to it."""
        if self.ply == 0:
            raise InvalidPosition("nothing to undo")
        self.turns.pop()
        while self.ply > 0 and self.computer is not None and self.to_move == "computer":
            self.turns.pop()
        self.turns[-1] = replace(self.turns[-1], played=None)

    def history(self) -> list[dict[str, Any]]:
        """The value history (for the chart): per ply the mover, their value and the remoteness."""
        return [
            {
                "ply": i,
                "position": t.text,
                "mover": t.mover,
                "value": t.value,
                "remoteness": t.remoteness,
                "move": t.played.label if t.played else None,
                "move_value": t.played.value if t.played else None,
                "side": t.side,
                "game_value": t.game_value,
            }
            for i, t in enumerate(self.turns)
        ]
