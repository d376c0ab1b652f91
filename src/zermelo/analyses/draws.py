"""Outcome classes of partisan games whose play may go on for ever, from the one engine's search.

A partisan position is searched as the (position, side to move) graph that
:func:`zermelo.analyses.analysis.partisan_outcome` uses (:data:`zermelo.analyses.analysis.TURNS`); where neither
player can force the other out of moves the play is infinite, a draw.  The class is named as
CGSuite names loopy outcome classes.
"""

from __future__ import annotations

from typing import Any

from ..core.checks import game_argument
from ..core.limits import Limits
from ..rules import Partisan
from ..search.engine import DRAW, NEXT_WINS, engine_for
from .analysis import TURNS

__all__ = ["LOOPY_OUTCOMES", "loopy_outcome", "turn_outcomes"]

#: CGSuite's loopy outcome classes by (Left moving first, Right moving first): who wins, or D a draw.
LOOPY_OUTCOMES = {
    ("L", "L"): "L",
    ("R", "R"): "R",
    ("R", "L"): "P",
    ("L", "R"): "N",
    ("D", "D"): "D",
    ("L", "D"): "NHat",
    ("R", "D"): "PCheck",
    ("D", "L"): "PHat",
    ("D", "R"): "NCheck",
}


def loopy_outcome(game: Partisan[Any], position: Any, *, limits: Limits | None = None) -> str:
    """CGSuite's outcome class of a partisan position: ``L``, ``R``, ``P``, ``N``, ``D`` (a draw
    whoever starts), ``PHat`` / ``PCheck`` (Left / Right wins moving second, a draw moving
    first), ``NHat`` / ``NCheck`` (Left / Right wins moving first, a draw moving second).
    One search of the (position, side to move) graph.

    >>> from zermelo.rules import Partisan
    >>> class Dud(Partisan[int]):   # both players may always pass: play never ends
    ...     def left_options(self, n): return [n]
    ...     def right_options(self, n): return [n]
    >>> loopy_outcome(Dud(), 0)
    'D'
    """
    game_argument("loopy_outcome", game, Partisan, position)
    game.validate(position)
    (left_first, _), (right_first, _) = turn_outcomes(game, [(position, "L"), (position, "R")], limits)
    first = "D" if left_first == DRAW else "L" if left_first == NEXT_WINS else "R"
    second = "D" if right_first == DRAW else "R" if right_first == NEXT_WINS else "L"
    return LOOPY_OUTCOMES[(first, second)]


def turn_outcomes(
    game: Partisan[Any], nodes: list[tuple[Any, str]], limits: Limits | None = None
) -> list[tuple[int, int | None]]:
    """(NEXT_WINS / PREVIOUS_WINS / DRAW, remoteness) of (position, side to move "L"/"R") nodes,
    from one search of the game's (position, side) graph."""
    return engine_for(TURNS.get(game)).outcomes(nodes, False, limits)
