"""zermelo: solve, analyse and play combinatorial games.

>>> import zermelo as z
>>> a = z.solve(z.games.Nim(), (3, 4, 5))
>>> str(a.outcome), a.grundy, a.winner
('N', 2, 'first')
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ._lazy import lazy

if TYPE_CHECKING:  # for type checkers and readers; at run time each name loads on first use
    from . import games, heaps
    from .analysis import Analysis, grundy, outcome, partisan_outcome, remoteness, solve, winning_moves
    from .batch import negamax_many, solve_many, value_many
    from .cache import clear_caches
    from .define import impartial, partisan, scored
    from .engine import Engine, engine_for
    from .errors import InvalidArgument, InvalidGame, InvalidPosition, SearchLimitExceeded, Unsupported, ZermeloError
    from .heaps.census import census
    from .heaps.sequence import HeapSequence, sequence
    from .limits import Limits, Progress
    from .minimax import move_values, negamax
    from .misere.api import misere_quotient
    from .misere.genus import genera, genus
    from .registry import make_game
    from .rules import Impartial, Move, Outcome, Partisan, PartisanSum, Scored, Sum
    from .sprague_grundy import Loopy, mex, nim_sum
    from .traversal import fold
    from .values.canonical import canonical_form
    from .values.game import Game
    from .values.notation import parse_value

#: Where each public name lives: ``import zermelo`` loads none of them (so ``import zermelo.rules``
#: loads no game, and the CLI only what its command needs); ``zermelo.solve`` loads its module.
__getattr__, __dir__ = lazy(
    __name__,
    {
        "games": None,
        "heaps": None,
        "Analysis": ".analysis",
        "grundy": ".analysis",
        "outcome": ".analysis",
        "partisan_outcome": ".analysis",
        "remoteness": ".analysis",
        "solve": ".analysis",
        "winning_moves": ".analysis",
        "negamax_many": ".batch",
        "solve_many": ".batch",
        "value_many": ".batch",
        "clear_caches": ".cache",
        "Engine": ".engine",
        "engine_for": ".engine",
        "InvalidArgument": ".errors",
        "InvalidGame": ".errors",
        "InvalidPosition": ".errors",
        "SearchLimitExceeded": ".errors",
        "Unsupported": ".errors",
        "ZermeloError": ".errors",
        "fold": ".traversal",
        "census": ".heaps.census",
        "HeapSequence": ".heaps.sequence",
        "sequence": ".heaps.sequence",
        "Limits": ".limits",
        "Progress": ".limits",
        "move_values": ".minimax",
        "negamax": ".minimax",
        "misere_quotient": ".misere.api",
        "genera": ".misere.genus",
        "genus": ".misere.genus",
        "make_game": ".registry",
        "impartial": ".define",
        "partisan": ".define",
        "scored": ".define",
        "Impartial": ".rules",
        "Move": ".rules",
        "Outcome": ".rules",
        "Partisan": ".rules",
        "PartisanSum": ".rules",
        "Scored": ".rules",
        "Sum": ".rules",
        "Loopy": ".sprague_grundy",
        "mex": ".sprague_grundy",
        "nim_sum": ".sprague_grundy",
        "canonical_form": ".values.canonical",
        "Game": ".values.game",
        "parse_value": ".values.notation",
    },
)

__version__ = "0.1.0"

__all__ = [
    "Analysis",
    "Engine",
    "Game",
    "HeapSequence",
    "Impartial",
    "InvalidArgument",
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
    "clear_caches",
    "engine_for",
    "fold",
    "games",
    "genera",
    "genus",
    "grundy",
    "heaps",
    "impartial",
    "make_game",
    "mex",
    "misere_quotient",
    "move_values",
    "negamax",
    "negamax_many",
    "nim_sum",
    "outcome",
    "parse_value",
    "partisan",
    "partisan_outcome",
    "remoteness",
    "scored",
    "sequence",
    "solve",
    "solve_many",
    "value_many",
    "winning_moves",
]
