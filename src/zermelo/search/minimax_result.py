"""What a scored game's search answers: :class:`Result` (value, best moves, line) and
:class:`MoveValue`, in the user's terms (win/draw/loss with a distance in plies, or a score).

Inside the searches a win in ``d`` plies scores ``WIN_SCORE - d`` (:data:`WIN_SCORE`); :func:`split` turns
that back into (value, distance).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..rules import Move, Scored
from ..rules.wording import plural

__all__ = ["WIN_SCORE", "MoveValue", "Result", "child_target", "line_in_words", "outcome", "split", "unshrink"]

#: The score of an immediate win in ``win_loss`` games; a win in ``d`` plies scores ``WIN_SCORE - d``.
WIN_SCORE = 10**6


def unshrink(x: int) -> int:
    """Inverse of the one-ply distance step on window bounds (a window bound one ply further from the end)."""
    return x + 1 if x > 0 else x - 1 if x < 0 else 0


def split(game: Scored[Any], v: int) -> tuple[int, int | None]:
    """(value, distance) in the user's terms from the search's encoding."""
    if not game.win_loss:
        return v, None
    if v == 0:
        return 0, None
    if abs(v) > WIN_SCORE // 2:
        return (1 if v > 0 else -1), WIN_SCORE - abs(v)
    return v, None  # a heuristic value from ``evaluate``


def outcome(game: Scored[Any], value: int) -> str:
    return "win" if value > 0 else "loss" if value < 0 else "draw"


@dataclass(frozen=True)
class MoveValue:
    """One legal move and its value for the player making it."""

    move: Move[Any]
    value: int
    distance: int | None
    outcome: str

    def describe(self) -> str:
        """``win in 3``, ``draw``, ``loss in 4`` or ``score +2``."""
        if self.distance is not None:
            return f"{self.outcome} in {self.distance}"
        return self.outcome if self.value == 0 and self.outcome == "draw" else f"{self.outcome} ({self.value:+d})"


@dataclass
class Result:
    """The answer of :func:`negamax`.

    ``value`` is the value for the player to move: -1/0/+1 for win/draw/loss games (then
    ``distance`` is the number of plies to the end with best play: quick wins, slow losses),
    else the score (difference) the game's payoff and gains define.  ``best_moves`` are every
    move that keeps the value, ``pv`` one line of best play.  ``exact`` is False when a depth
    limit made the value heuristic.  ``weak`` is True when only who wins was solved (no
    distance); ``best_moves`` is then the one winning move the proof found, or every move that
    keeps a draw, or every move of a lost position.  ``value_only`` is True when only the value
    was asked (``negamax(..., value_only=True)``): ``best_moves`` and ``pv`` are then empty, not
    searched.
    """

    game: Scored[Any]
    position: Any
    value: int
    distance: int | None
    best_moves: list[Move[Any]]
    pv: list[Move[Any]]
    nodes: int
    cutoffs: int
    exact: bool = True
    depth: int | None = None
    method: str = "mtdf"
    seconds: float = 0.0
    raw: int = field(default=0, repr=False)
    #: True when the search stopped at its budget (only :func:`compare` returns such rows).
    stopped: bool = False
    #: True when only the outcome was solved, not the distance (a weak solve).
    weak: bool = False
    #: When the value came from an opening book: how many plies of ``pv`` lie inside it (the line
    #: stops where the book ends, not where the game ends); ``None`` for a line played to the end.
    book_end: int | None = None
    #: True when only the value was asked: no best moves and no line were searched.
    value_only: bool = False

    @property
    def outcome(self) -> str:
        """``win``, ``draw`` or ``loss`` for the player to move (by the sign of the value)."""
        return outcome(self.game, self.value)

    def describe(self) -> str:
        """The value in words: ``win in 7``, ``draw``, ``score +3``."""
        if self.stopped:
            return "over budget"
        if self.game.win_loss:
            if self.distance is None:
                if self.weak and self.value != 0:
                    return self.outcome
                return "draw" if self.value == 0 else f"heuristic {self.value:+d}"
            if self.distance == 0:
                return f"{self.outcome}: the game is over"
            return f"{self.outcome} in {self.distance}"
        return f"score {self.value:+d} ({self.outcome})"

    def to_json(self) -> dict[str, Any]:
        """The CLI's JSON object."""
        g = self.game
        return {
            "game": g.spec(),
            "position": g.format(self.position),
            "value": self.value,
            "outcome": self.outcome,
            "distance": self.distance,
            "exact": self.exact,
            "weak": self.weak,
            "depth": self.depth,
            "best_moves": None
            if self.value_only
            else [{"move": m.label, "position": g.format(m.position)} for m in self.best_moves],
            "pv": None if self.value_only else [m.label for m in self.pv],
            "book_end": self.book_end,
            "nodes": self.nodes,
            "cutoffs": self.cutoffs,
            "method": self.method,
            "seconds": round(self.seconds, 6),
            "explanation": self.why(),
        }

    def why(self) -> str:
        """The reason for the value in words: the game's own "why" (its ``explain`` hook gets this
        result), then the principal variation told move by move (:func:`line_in_words`)."""
        own = self.game.explain(self.position, self)
        line = line_in_words(self)
        return f"{own} {line}".strip() if own else line


def line_in_words(r: Result) -> str:
    """The principal variation in words, with what it adds up to.

    A win/draw/loss game: who wins, in how many plies, with best play (the winner takes the
    quickest win, the loser the slowest loss).  A game that banks points per move: what each
    side takes along the line and the difference.
    """
    g = r.game
    if r.stopped:
        return "The search stopped at its budget, so there is no value to explain."
    if not r.exact:
        return (
            f"The search stopped at depth {r.depth} and the game's heuristic judged the positions there, so the "
            "value is an estimate, not a proof."
        )
    if r.value_only:
        solved = "who wins" if r.weak else "the value"
        return f"Only {solved} was asked and solved (no best moves, no line of play): {r.describe()}."
    if r.weak:
        found = f" The winning move the proof found: {r.best_moves[0].label}." if r.value > 0 and r.best_moves else ""
        result = "a draw" if r.value == 0 else f"a {r.outcome} for the player to move"
        return f"Only who wins was solved (a weak solve, no distance and no line of play): {result}.{found}"
    if not r.pv:
        return "The game is over: no move is left." if not r.best_moves else f"The value is {r.value:+d}."
    me = g.to_move(r.position)
    players = (me, _other(g, r)) if me is not None else ("the player to move", "the opponent")
    told = ", ".join(m.label for m in r.pv[:MAX_LINE]) + (", …" if len(r.pv) > MAX_LINE else "")
    told = f"({players[0]} first): {told}"
    if r.book_end is not None:
        told = (
            f"({players[0]} first), as far as the opening book goes: {', '.join(m.label for m in r.pv[:MAX_LINE])} "
            f"— the book ends there, after {plural(r.book_end, 'ply', 'plies')}, and the line is not played further"
        )
    if g.win_loss:
        head = (
            "Backward induction (negamax): a position is worth, to the player to move, the best over her moves "
            "of minus what the position left is worth to the opponent; a win counts the plies to it, so the "
            "winner takes the quickest win and the loser the slowest loss."
        )
    else:
        head = (
            "Backward induction (negamax): a position is worth, to the player to move, the best over her moves "
            "of what she gains minus what the position left is worth to the opponent."
        )
    if g.win_loss:
        who = players[0]
        # a weak solve knows who wins but not how fast
        plies = "" if r.distance is None else f" in {plural(r.distance, 'ply', 'plies')}"
        if r.value > 0:
            end = f"{who} wins{plies}"
        elif r.value < 0:
            end = f"{who} loses{plies}: no move avoids it"
        else:
            end = "neither side can force a win: it is a draw"
        return f"{head} Best play {told}; {end}."
    banked = _banked(r)
    if banked is not None and g.value_meaning is None:
        mine, theirs = banked
        sums = f"{players[0]} takes {_sum_text(mine)}, {players[1]} {_sum_text(theirs)}: {sum(mine) - sum(theirs):+d}"
        return f"{head} Best play {told}; {sums}, the value."
    return f"{head} Best play {told}; the value is {r.value:+d}."


#: Plies of the principal variation told in words.
MAX_LINE = 20


def _other(g: Scored[Any], r: Result) -> str:
    if r.pv:
        who = g.to_move(r.pv[0].position)
        if who is not None:
            return who
    return "the opponent"


def _sum_text(values: list[int]) -> str:
    if not values:
        return "nothing (0)"
    if len(values) == 1:
        return str(values[0])
    shown = values if len(values) <= MAX_LINE // 2 else [*values[: MAX_LINE // 2]]
    more = " + …" if len(shown) < len(values) else ""
    return " + ".join(map(str, shown)) + f"{more} = {sum(values)}"


def _banked(r: Result) -> tuple[list[int], list[int]] | None:
    """What each side banks along the whole principal variation, if it adds up to the value."""
    g = r.game
    if not g.gains:
        return None
    sides: tuple[list[int], list[int]] = ([], [])
    position = r.position
    for i, m in enumerate(r.pv):
        sides[i % 2].append(g.gain(position, m))
        position = m.position
    end = g.payoff(position)
    if end is None or end != 0:
        return None
    if sum(sides[0]) - sum(sides[1]) != r.value:
        return None
    return sides


def child_target(game: Scored[Any], v: int, gain: int) -> int:
    """The child value c whose backed-up value (negated, gain added, one ply on) is ``v``."""
    return gain - (unshrink(v) if game.win_loss else v)
