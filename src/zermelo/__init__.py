"""zermelo: solve, analyse and play combinatorial games.

>>> import zermelo as z
>>> a = z.solve(z.games.Nim(), (3, 4, 5))
>>> str(a.outcome), a.grundy, a.winner
('N', 2, 'first')
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .core import openblas
from .core._lazy import lazy

openblas.quiet()  # before any numpy import: zermelo calls no BLAS, whose idle workers spin 0.1 s

if TYPE_CHECKING:  # for type checkers and readers; at run time each name loads on first use
    from . import games, heaps
    from .analyses.analysis import Analysis, grundy, outcome, partisan_outcome, remoteness, solve, winning_moves
    from .analyses.batch import negamax_many, solve_many, value_many
    from .analyses.canonical import canonical_form
    from .analyses.genus import genera, genus
    from .core.cache import clear_caches
    from .core.errors import (
        InvalidArgument,
        InvalidGame,
        InvalidPosition,
        SearchLimitExceeded,
        Unsupported,
        ZermeloError,
    )
    from .core.limits import Limits, Progress
    from .core.sprague_grundy import Loopy, mex, nim_sum
    from .core.traversal import fold
    from .games.registry import make_game
    from .heaps.census import census
    from .heaps.sequence import HeapSequence, sequence
    from .misere.api import misere_quotient
    from .rules import Impartial, Move, Outcome, Partisan, PartisanSum, Scored, Sum
    from .rules.define import impartial, partisan, scored
    from .search.engine import Engine, engine_for
    from .search.minimax import move_values, negamax
    from .values.game import Game
    from .values.notation import parse_value

#: Where each public name lives: ``import zermelo`` loads none of them (so ``import zermelo.rules``
#: loads no game, and the CLI only what its command needs); ``zermelo.solve`` loads its module.
__getattr__, __dir__ = lazy(
    __name__,
    {
        "games": None,
        "heaps": None,
        "Analysis": ".analyses.analysis",
        "grundy": ".analyses.analysis",
        "outcome": ".analyses.analysis",
        "partisan_outcome": ".analyses.analysis",
        "remoteness": ".analyses.analysis",
        "solve": ".analyses.analysis",
        "winning_moves": ".analyses.analysis",
        "negamax_many": ".analyses.batch",
        "solve_many": ".analyses.batch",
        "value_many": ".analyses.batch",
        "clear_caches": ".core.cache",
        "Engine": ".search.engine",
        "engine_for": ".search.engine",
        "InvalidArgument": ".core.errors",
        "InvalidGame": ".core.errors",
        "InvalidPosition": ".core.errors",
        "SearchLimitExceeded": ".core.errors",
        "Unsupported": ".core.errors",
        "ZermeloError": ".core.errors",
        "fold": ".core.traversal",
        "census": ".heaps.census",
        "HeapSequence": ".heaps.sequence",
        "sequence": ".heaps.sequence",
        "Limits": ".core.limits",
        "Progress": ".core.limits",
        "move_values": ".search.minimax",
        "negamax": ".search.minimax",
        "misere_quotient": ".misere.api",
        "genera": ".analyses.genus",
        "genus": ".analyses.genus",
        "make_game": ".games.registry",
        "impartial": ".rules.define",
        "partisan": ".rules.define",
        "scored": ".rules.define",
        "Impartial": ".rules",
        "Move": ".rules",
        "Outcome": ".rules",
        "Partisan": ".rules",
        "PartisanSum": ".rules",
        "Scored": ".rules",
        "Sum": ".rules",
        "Loopy": ".core.sprague_grundy",
        "mex": ".core.sprague_grundy",
        "nim_sum": ".core.sprague_grundy",
        "canonical_form": ".analyses.canonical",
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
