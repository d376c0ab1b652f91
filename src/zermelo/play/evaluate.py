"""Evaluation for play: a position's value for the player to move and every legal move's value.

One :class:`Evaluator` per kind of game, all with one signature
``classify(game, position, *, misere, limits, turn)``: impartial games by the engine's search
(``Engine.outcomes`` of the position and all its options), scored games by
:mod:`zermelo.search.minimax`, partisan games by canonical forms (the value each move leaves) with the
engine's (position, side) search for how soon.  :func:`classify` picks the evaluator;
:func:`best_move` and :func:`choose_move` are the perfect and the imperfect player.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from itertools import islice
from typing import Any

from ..analyses.analysis import grundy as grundy_of
from ..analyses.analysis import outcome as outcome_of
from ..analyses.analysis import partisan_remoteness
from ..core.errors import InvalidPosition, SearchLimitExceeded, Unsupported
from ..core.limits import Limits
from ..rules import Impartial, Move, Outcome, Partisan, Rules, Scored
from ..search.engine import DRAW, NEXT_WINS, PREVIOUS_WINS, engine_for
from .notation import partisan_moves
from .values import DRAWING, LEFT, LOSING, MAX_MOVES, SIDES, WINNING, MoveInfo, PositionValue, other_side

__all__ = [
    "Evaluator",
    "ImpartialEvaluator",
    "PartisanEvaluator",
    "ScoredEvaluator",
    "best_move",
    "choose_move",
    "classify",
    "evaluator_for",
    "judge_move",
    "register_evaluator",
]

_WORD = {NEXT_WINS: WINNING, PREVIOUS_WINS: LOSING, DRAW: DRAWING}


class Evaluator:
    """Classifies a position and its moves for play.  One per kind of game.

    Subclasses implement :meth:`classify`; :func:`register_evaluator` ties one to a rules class.
    A scored-game evaluator returns ``score`` per move and win/draw/lose by its sign.
    """

    def classify(
        self, game: Rules[Any], position: Any, *, misere: bool, limits: Limits, turn: str | None = None
    ) -> PositionValue:
        """The position's value and every legal move's value; ``turn`` is the side to move of a
        partisan game (``left`` / ``right``), ``None`` for the others."""
        raise NotImplementedError


def _list_moves(game: Any, position: Any) -> list[Move[Any]]:
    moves: list[Move[Any]] = []
    counted = game.count_moves(position, MAX_MOVES)  # too many are refused before any is built
    if counted is None or counted <= MAX_MOVES:
        moves = list(islice(game.moves(position), MAX_MOVES + 1))
        counted = len(moves)
    if counted > MAX_MOVES:
        raise Unsupported(
            f"{game.spec()}: more than {MAX_MOVES:,} legal moves from {game.format(position)}; too many to play"
        )
    return moves


class ImpartialEvaluator(Evaluator):
    """Impartial games: ``Engine.outcomes`` of the position and all its options, one search.

    When that search is beyond the budget (Nim or Wythoff with big heaps), the game's closed
    forms (``outcome`` per option) still classify the moves, without remoteness.
    """

    def classify(
        self, game: Rules[Any], position: Any, *, misere: bool, limits: Limits, turn: str | None = None
    ) -> PositionValue:
        assert isinstance(game, Impartial)
        try:
            moves = _list_moves(game, position)
        except (SearchLimitExceeded, Unsupported):
            # Too many to list (a heap of 10^60): the game's few moves stand for all, the closed
            # forms judge them, and any other is typed (notation.find_move with judge_move).
            few = game.few_moves(position, misere)
            if few is None:
                raise
            return replace(self._by_formula(game, position, few, misere, limits), listed=False)
        hint = game.size_hint(position)
        if hint is not None and limits.max_positions is not None and hint > limits.max_positions:
            # Beyond the budget for sure: do not even queue the search (a failed search leaves its
            # frontier in the shared engine, and the next small question would pay for it).
            return self._by_formula(game, position, moves, misere, limits)
        try:
            sts = engine_for(game).outcomes([position, *(m.position for m in moves)], misere, limits)
        except SearchLimitExceeded:
            return self._by_formula(game, position, moves, misere, limits)
        (s, r), children = sts[0], sts[1:]
        grundies = self._grundies(game, [m.position for m in moves], misere, limits)
        own = self._grundies(game, [position], misere, limits)[0]
        infos = [
            MoveInfo(i + 1, m, game.format(m.position), _WORD[_flip(cs)], cr, g)
            for i, (m, (cs, cr), g) in enumerate(zip(moves, children, grundies, strict=True))
        ]
        return PositionValue(_WORD[s], r, own, infos)

    @staticmethod
    def _grundies(game: Impartial[Any], positions: Sequence[Any], misere: bool, limits: Limits) -> list[int | None]:
        """Normal-play Grundy values (closed form first), ``None`` where unknown or not finite."""
        if misere:
            return [None] * len(positions)
        out: list[int | None] = []
        try:
            for p in positions:
                g = grundy_of(game, p, limits=limits)
                out.append(g if isinstance(g, int) else None)
        except (SearchLimitExceeded, Unsupported):
            return [None] * len(positions)
        return out

    def _by_formula(
        self, game: Impartial[Any], position: Any, moves: list[Move[Any]], misere: bool, limits: Limits
    ) -> PositionValue:
        # outcome() uses the game's closed form; a game without one re-raises the budget error.
        own = outcome_of(game, position, misere=misere, limits=limits)
        infos = [judge_move(game, m, misere, limits, i + 1) for i, m in enumerate(moves)]
        own_value = DRAWING if own is Outcome.DRAW else (WINNING if own is Outcome.N else LOSING)
        own_g = self._grundies(game, [position], misere, limits)[0]
        rem = game.remoteness_formula(position, misere)
        return PositionValue(own_value, rem, own_g, infos, exact=False)


def judge_move(game: Impartial[Any], m: Move[Any], misere: bool, limits: Limits, number: int = 0) -> MoveInfo:
    """One move judged by the game's closed forms (outcome, remoteness, Grundy value): a move of a
    position too big to search, listed or typed (``number`` 0: not in the list).

    >>> from zermelo.games import Nim
    >>> judge_move(Nim(), Nim().heap_move((10**60,), 0, (0,)), False, Limits()).describe()
    'win in 1'
    """
    o = outcome_of(game, m.position, misere=misere, limits=limits)
    value = DRAWING if o is Outcome.DRAW else (WINNING if o is Outcome.P else LOSING)
    g = ImpartialEvaluator._grundies(game, [m.position], misere, limits)[0]
    return MoveInfo(number, m, game.format(m.position), value, game.remoteness_formula(m.position, misere), g)


def _flip(status: int) -> int:
    """The mover's value of a move from the status of the position it leads to."""
    return {NEXT_WINS: PREVIOUS_WINS, PREVIOUS_WINS: NEXT_WINS, DRAW: DRAW}[status]


class ScoredEvaluator(Evaluator):
    """Scored games (tic-tac-toe, Connect Four): ``zermelo.search.minimax.move_values``, imported lazily.

    ``move_values`` gives each move's value for its mover (a score; its sign says win / draw /
    loss) and ``distance``, the plies to the end with this move included.
    """

    def classify(
        self, game: Rules[Any], position: Any, *, misere: bool, limits: Limits, turn: str | None = None
    ) -> PositionValue:
        assert isinstance(game, Scored)
        if misere:
            raise Unsupported(f"{game.spec()}: misère play is for impartial games")
        try:
            move_values = importlib.import_module("zermelo.search.minimax").move_values
        except (ImportError, AttributeError):
            raise Unsupported(f"{game.spec()}: playing scored games needs zermelo.search.minimax") from None
        payoff = game.payoff(position)
        if payoff is not None:
            return PositionValue(_sign_word(payoff), 0, None, [], score=payoff)
        values = list(islice(move_values(game, position, limits=limits), MAX_MOVES + 1))
        if len(values) > MAX_MOVES:
            raise Unsupported(f"{game.spec()}: more than {MAX_MOVES:,} legal moves; too many to play")
        infos = [
            MoveInfo(
                i + 1,
                mv.move,
                game.format(mv.move.position),
                _sign_word(mv.value),
                None if mv.distance is None else mv.distance - 1,
                None,
                mv.value,
            )
            for i, mv in enumerate(values)
        ]
        best = max(infos, key=lambda m: m.score or 0) if infos else None
        if best is None:
            return PositionValue(DRAWING, 0, None, [], score=0)
        same = [m for m in infos if m.score == best.score]
        rems = [m.remoteness for m in same if m.remoteness is not None]
        rem = None
        if rems:
            rem = 1 + (min(rems) if best.value == WINNING else max(rems))
        return PositionValue(best.value, rem, None, infos, score=best.score)


class PartisanEvaluator(Evaluator):
    """Partisan games: every move's value is the canonical form of the position it leads to.

    The values come from :func:`zermelo.analyses.canonical.canonical_form`, which keeps them in the
    rules' shared :func:`~zermelo.analyses.canonical.value_cache` (or as ids of the compiled forms,
    ``ID_VALUES``, in a large search): the position's own value values
    all its options on the way, and every later move of the game is mostly cache hits.  Normal
    play: Left wins a position G with Right to move exactly when G >= 0, so Left's move to G is
    ``win`` when G is positive or 0; Right's when G is negative or 0.  The side to move wins when
    G favours them or is fuzzy (first player wins).

    A value says who wins, not how soon.  How soon comes from the engine's search of the
    (position, side to move) graph (:func:`zermelo.analyses.analysis.partisan_remoteness`), which does not
    split a board into regions, so it is asked only within :data:`REMOTENESS_POSITIONS`; past
    that the moves have values without a count.
    """

    def classify(
        self, game: Rules[Any], position: Any, *, misere: bool, limits: Limits, turn: str | None = None
    ) -> PositionValue:
        from ..analyses.canonical import canonical_form  # lazily: play of impartial games never loads values

        moves = _normal_play_moves(game, position, misere, turn)
        assert isinstance(game, Partisan) and turn in SIDES
        try:
            own = canonical_form(game, position, limits=limits)  # values every option on the way
            values = [canonical_form(game, m.position, limits=limits) for m in moves]
        except RecursionError:  # pragma: no cover  (canonical_form is iterative; a guard, not a path)
            raise SearchLimitExceeded(f"{game.spec()}: the position is too deep to value") from None
        rems, own_rem = _partisan_counts(game, position, [m.position for m in moves], turn, limits)
        infos = [
            MoveInfo(
                i + 1,
                m,
                game.format(m.position),
                WINNING if _favours(v.outcome, turn, after_move=True) else LOSING,
                r,
                game_value=str(v),
                outcome=str(v.outcome),
                cg=v,
            )
            for i, (m, v, r) in enumerate(zip(moves, values, rems, strict=True))
        ]
        word = WINNING if _favours(own.outcome, turn, after_move=False) else LOSING
        return PositionValue(
            word, own_rem, None, infos, turn=turn, game_value=str(own), outcome=str(own.outcome), cg=own
        )


def _normal_play_moves(game: Rules[Any], position: Any, misere: bool, turn: str | None) -> list[Move[Any]]:
    """The labelled moves of ``turn`` in a partisan game; misère play refused (it is for
    impartial games)."""
    assert isinstance(game, Partisan) and turn in SIDES
    if misere:
        raise Unsupported(f"{game.spec()}: misère play is for impartial games (partisan games play normal play)")
    return partisan_moves(game, position, turn)


class LoopyPartisanEvaluator(Evaluator):
    """Partisan games whose positions repeat (``loopy``): a value may be infinite play, so each
    move is classified by the engine's search of the (position, side to move) graph, with draws
    (:func:`zermelo.analyses.draws.turn_outcomes`): win, draw or lose for the player who makes it."""

    def classify(
        self, game: Rules[Any], position: Any, *, misere: bool, limits: Limits, turn: str | None = None
    ) -> PositionValue:
        from ..analyses.draws import turn_outcomes

        moves = _normal_play_moves(game, position, misere, turn)
        assert isinstance(game, Partisan) and turn in SIDES
        me, them = ("L", "R") if turn == LEFT else ("R", "L")
        found = turn_outcomes(game, [(position, me)] + [(m.position, them) for m in moves], limits)
        word = {NEXT_WINS: WINNING, DRAW: DRAWING, PREVIOUS_WINS: LOSING}
        after = {PREVIOUS_WINS: WINNING, DRAW: DRAWING, NEXT_WINS: LOSING}  # the opponent is to move there
        infos = [
            MoveInfo(i + 1, m, game.format(m.position), after[s], r)
            for i, (m, (s, r)) in enumerate(zip(moves, found[1:], strict=True))
        ]
        return PositionValue(word[found[0][0]], found[0][1], None, infos, turn=turn)


#: Partisan play counts plies to the end (remoteness) only while the search of (position, side)
#: stays within this many nodes; beyond, moves carry their values alone.
REMOTENESS_POSITIONS = 20_000


def _partisan_counts(
    game: Partisan[Any], position: Any, after: list[Any], turn: str, limits: Limits
) -> tuple[list[int | None], int | None]:
    """Remoteness of each position a move leads to (the opponent to move) and of the position
    itself, or all ``None`` when the search would pass :data:`REMOTENESS_POSITIONS`."""
    try:
        small = limits.tighter(REMOTENESS_POSITIONS)
        own = partisan_remoteness(game, [position], turn, limits=small)[0]
        return partisan_remoteness(game, after, other_side(turn), limits=small), own
    except SearchLimitExceeded:
        return [None] * len(after), None


def _favours(outcome: Outcome, side: str, *, after_move: bool) -> bool:
    """Whether ``side`` wins a position of this outcome class: one it just moved to (the
    opponent is to move: L/R for its own side, or P) or one where it is to move (L/R, or N)."""
    mine = Outcome.L if side == LEFT else Outcome.R
    return outcome is mine or outcome is (Outcome.P if after_move else Outcome.N)


def _sign_word(score: int) -> str:
    return WINNING if score > 0 else LOSING if score < 0 else DRAWING


_EVALUATORS: list[tuple[type, Callable[[], Evaluator]]] = [
    (Impartial, ImpartialEvaluator),
    (Scored, ScoredEvaluator),
    (Partisan, PartisanEvaluator),
]


def register_evaluator(cls: type, factory: Callable[[], Evaluator]) -> None:
    """Use ``factory()`` to evaluate games of class ``cls`` (checked before earlier ones)."""
    _EVALUATORS.insert(0, (cls, factory))


def evaluator_for(game: Rules[Any]) -> Evaluator:
    """The evaluator of a game: impartial games by the engine, scored games by minimax."""
    if isinstance(game, Partisan) and game.loopy:
        return LoopyPartisanEvaluator()
    for cls, factory in _EVALUATORS:
        if isinstance(game, cls):
            return factory()
    raise Unsupported(f"{game.spec()}: playing this kind of game is not supported")


def classify(
    game: Rules[Any],
    position: Any,
    *,
    misere: bool = False,
    limits: Limits | None = None,
    turn: str | None = None,
) -> PositionValue:
    """The value of ``position`` for the player to move, and every legal move's value.

    Partisan games need ``turn``, the side to move (``left`` or ``right``); each move then
    carries the canonical form of the position it leads to.

    >>> from zermelo.games import Subtraction
    >>> pv = classify(Subtraction({1, 2}), 4)
    >>> pv.value, [(m.label, m.describe()) for m in pv.moves]
    ('win', [('take 1 (4 -> 3)', 'win in 3'), ('take 2 (4 -> 2)', 'lose in 2')])
    >>> from zermelo.games.domineering import Domineering
    >>> d = Domineering()
    >>> pv = classify(d, d.parse("...|..."), turn="left")
    >>> pv.value, pv.game_value
    ('win', '{2|-1/2}')
    >>> [(m.label, m.describe()) for m in pv.moves]
    [('a1-a2', 'lose in 2, value ±1'), ('b1-b2', 'win in 1, value 2'), ('c1-c2', 'lose in 2, value ±1')]
    """
    if isinstance(game, Partisan):
        if turn not in SIDES:
            raise InvalidPosition(f"{game.spec()} is a partisan game: say who is to move, left or right (got {turn!r})")
    elif turn is not None:
        raise InvalidPosition(f"{game.spec()}: the side to move (left or right) is for partisan games only")
    return evaluator_for(game).classify(game, position, misere=misere, limits=limits or Limits(), turn=turn)


def _size(game: Rules[Any], position: Any) -> int:
    hint = game.size_hint(position) if isinstance(game, Impartial) else None
    return hint if hint is not None else 0


def best_move(game: Rules[Any], pv: PositionValue, rng: random.Random | None = None) -> MoveInfo | None:
    """The perfect player's move: the fastest win, else a draw, else the slowest loss.

    Ties are broken by ``rng`` (the first such move without one).  Without remoteness (a closed
    form only), a win that leaves the fewest positions, a loss that leaves the most.

    Partisan games: among the winning moves (else the losing ones) the fastest win (slowest
    loss) when the remoteness is known, then one that leaves the best value for the mover —
    for Left a value no other such move's value exceeds, for Right one no other undercuts
    (values compare as games: ``>``; incomparable ones are all kept) — then ``rng`` among those.
    """
    if not pv.moves:
        return None
    candidates = pv.moves
    scores = [m.score for m in candidates if m.score is not None]
    if scores:  # scored games: the best score first, then quick wins and slow losses
        candidates = [m for m in candidates if m.score == max(scores)]
    for value in (WINNING, DRAWING, LOSING):
        group = [m for m in candidates if m.value == value]
        if not group:
            continue
        if pv.turn is not None:
            # Partisan: the fastest win (slowest loss) when the counts are known, then the best value.
            rems = [m.remoteness for m in group]
            if None not in rems:
                sign = 1 if value == WINNING else -1
                quickest = min(sign * r for r in rems if r is not None)
                group = [m for m in group if m.remoteness is not None and sign * m.remoteness == quickest]
            best = _best_values(group, pv.turn) if all(m.cg is not None for m in group) else group
        elif value == DRAWING:
            best = group
        else:
            sign = 1 if value == WINNING else -1
            costs = [sign * (m.remoteness if m.remoteness is not None else _size(game, m.position)) for m in group]
            best = [m for m, c in zip(group, costs, strict=True) if c == min(costs)]
        return rng.choice(best) if rng is not None else best[0]
    return None  # pragma: no cover  (every move has one of the three values)


def _best_values(group: list[MoveInfo], side: str) -> list[MoveInfo]:
    """The moves whose value no other move's value beats for ``side`` (each distinct value compared once)."""
    values = list({id(m.cg): m.cg for m in group}.values())

    def beats(a: Any, b: Any) -> bool:
        return bool(a > b) if side == LEFT else bool(a < b)

    best = {id(v) for v in values if not any(beats(w, v) for w in values)}
    return [m for m in group if id(m.cg) in best]


def choose_move(
    game: Rules[Any], pv: PositionValue, skill: float = 1.0, rng: random.Random | None = None
) -> MoveInfo | None:
    """The computer's move: perfect, except that with probability ``1 - skill`` a random one.

    >>> from zermelo.games import Nim
    >>> pv = classify(Nim(), (3, 4, 5))
    >>> choose_move(Nim(), pv).label
    'take 2 from heap 1 (3 -> 1)'
    """
    if not 0.0 <= skill <= 1.0:
        raise InvalidPosition(f"skill must be between 0 and 1, got {skill}")
    if not pv.moves:
        return None
    rng = rng or random.Random()
    if skill < 1.0 and rng.random() >= skill:
        return rng.choice(pv.moves)
    return best_move(game, pv, rng)
