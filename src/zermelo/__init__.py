"""zermelo: solve, analyse and play combinatorial games.

>>> import zermelo as z
>>> a = z.solve(z.games.Nim(), (3, 4, 5))
>>> str(a.outcome), a.grundy, a.winner
('N', 2, 'first')
"""

from __future__ import annotations

from . import games, heaps
from .analysis import Analysis, grundy, outcome, partisan_outcome, remoteness, solve, winning_moves
from .census import census
from .engine import Engine, Limits, Loopy, Progress, engine_for, fold, mex, nim_sum
from .errors import InvalidGame, InvalidPosition, SearchLimitExceeded, Unsupported, ZermeloError
from .heaps import HeapSequence, sequence
from .minimax import move_values, negamax
from .registry import make_game
from .rules import Impartial, Move, Outcome, Partisan, PartisanSum, Scored, Sum
from .values import Game, parse_value
from .values.canonical import canonical_form

__version__ = "0.1.0"

__all__ = [
    "Analysis",
    "Engine",
    "Game",
    "HeapSequence",
    "Impartial",
    "InvalidGame",
    "InvalidPosition",
    "Limits",
    "Loopy",
    "Move",
    "Outcome",
    "Partisan",
    "PartisanSum",
    "Progress",
    "Scored",
    "SearchLimitExceeded",
    "Sum",
    "Unsupported",
    "ZermeloError",
    "canonical_form",
    "census",
    "engine_for",
    "fold",
    "games",
    "grundy",
    "heaps",
    "make_game",
    "mex",
    "move_values",
    "negamax",
    "nim_sum",
    "outcome",
    "parse_value",
    "partisan_outcome",
    "remoteness",
    "sequence",
    "solve",
    "winning_moves",
]
