"""Playing a game: every move classified, hints, the computer's choice, undo, the value history.

One module serves every front end (``zermelo play`` in the terminal, the web explorer, notebooks).
Following GAMESMAN, each legal move is shown with its value *for the player who makes it*:

* ``win`` — the move leaves the opponent in a lost position,
* ``draw`` — neither side can then force a win (loopy games),
* ``lose`` — the opponent can then force a win,

with the remoteness of the position it leads to (moves left until the end under "win quickly,
lose slowly") and, for impartial games under normal play, that position's Grundy value.

Everything comes from the one engine: an :class:`Evaluator` turns ``Engine.outcomes`` of the
position and all its options (one search) into :class:`MoveInfo` records.  One module per
concern: :mod:`.values` (what a move and a position are worth, in words), :mod:`.evaluate` (the
evaluators of impartial, scored and partisan games, one signature; the perfect player),
:mod:`.notation` (moves typed and labelled), :mod:`.drawing` (heaps and grids from the game's
board hook) and :mod:`.session` (a game in progress).  This package re-exports their names.
Partisan games (:class:`PartisanEvaluator`) are played with a side to move (``turn``, ``left`` or
``right``); each move is judged by the canonical form of the position it leaves, from the rules'
shared value cache, and that value is shown as the reason.

The computer plays perfectly: from a winning position the fastest win, from a losing one the
slowest loss, from a draw a move that keeps the draw.  With ``skill < 1`` it sometimes errs
(a uniformly random move with probability ``1 - skill``), from a seeded random generator.

>>> from zermelo.games import Nim
>>> s = Session(Nim(), (1, 2))
>>> for m in s.moves():
...     print(m.number, m.label, m.value, m.remoteness)
1 take 1 from heap 1 (1 -> 0) lose 1
2 take 2 from heap 2 (2 -> 0) lose 1
3 take 1 from heap 2 (2 -> 1) win 2
>>> s.hint().label
'take 1 from heap 2 (2 -> 1)'
"""

from __future__ import annotations

from ..rules.boards import cell_name
from .drawing import grid, heaps
from .evaluate import (
    Evaluator,
    ImpartialEvaluator,
    PartisanEvaluator,
    ScoredEvaluator,
    best_move,
    choose_move,
    classify,
    evaluator_for,
    judge_move,
    register_evaluator,
)
from .notation import find_move, partisan_moves
from .session import Session, Turn
from .values import LEFT, MAX_MOVES, MAX_TYPED, RIGHT, SIDES, MoveInfo, PositionValue, other_side, outcome_words

__all__ = [
    "LEFT",
    "MAX_MOVES",
    "MAX_TYPED",
    "RIGHT",
    "SIDES",
    "Evaluator",
    "ImpartialEvaluator",
    "MoveInfo",
    "PartisanEvaluator",
    "PositionValue",
    "ScoredEvaluator",
    "Session",
    "Turn",
    "best_move",
    "cell_name",
    "choose_move",
    "classify",
    "evaluator_for",
    "find_move",
    "grid",
    "heaps",
    "judge_move",
    "other_side",
    "outcome_words",
    "partisan_moves",
    "register_evaluator",
]
