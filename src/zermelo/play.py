"""Playing a game: every move classified, hints, the computer's choice, undo, the value history.

One module serves every front end (``zermelo play`` in the terminal, the web explorer, notebooks).
Following GAMESMAN, each legal move is shown with its value *for the player who makes it*:

* ``win`` — the move leaves the opponent in a lost position,
* ``draw`` — neither side can then force a win (loopy games),
* ``lose`` — the opponent can then force a win,

with the remoteness of the position it leads to (moves left until the end under "win quickly,
lose slowly") and, for impartial games under normal play, that position's Grundy value.

Everything comes from the one engine: an :class:`Evaluator` turns ``Engine.statuses`` of the
position and all its options (one search) into :class:`MoveInfo` records.  The impartial evaluator
is here; a scored-game evaluator (minimax values) plugs in through :func:`evaluator_for`.
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

import importlib
import random
import re
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field, replace
from itertools import islice
from typing import Any

from .analysis import grundy as grundy_of
from .analysis import outcome as outcome_of
from .boards import cell_name, heap_sizes, norm, rows
from .engine import DRAW, LOSE, WIN, Limits, engine_for
from .errors import InvalidPosition, SearchLimitExceeded, Unsupported, ZermeloError
from .rules import Impartial, Move, Outcome, Partisan, Rules, Scored

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
    "other_side",
    "outcome_words",
    "partisan_moves",
    "register_evaluator",
]

#: A position with more legal moves than this is refused for play (the list would be useless).
MAX_MOVES = 5_000
#: The longest typed move read (a longer line is refused before any parsing).
MAX_TYPED = 1_000

#: Value words, for the player who moves (a move) or is to move (a position).
WIN_, DRAW_, LOSE_ = "win", "draw", "lose"
_WORD = {WIN: WIN_, LOSE: LOSE_, DRAW: DRAW_}

#: The two players of a partisan game.
LEFT, RIGHT = "left", "right"
SIDES = (LEFT, RIGHT)
#: What a partisan position's outcome class says (normal play, the value from Left's side).
_OUTCOME_WORDS = {
    "L": "> 0, Left wins whoever moves next",
    "R": "< 0, Right wins whoever moves next",
    "P": "= 0, whoever moves next loses",
    "N": "|| 0 (fuzzy), whoever moves next wins",
}


@dataclass(frozen=True)
class MoveInfo:
    """A legal move with its value for the player who makes it.

    ``remoteness`` is that of the position the move leads to (``None`` for a draw, or when only
    a closed form was affordable); ``grundy`` is that position's Grundy value (impartial games,
    normal play, finite values; else ``None``).  ``number`` is the move's place in the list,
    from 1, as the terminal shows it.
    """

    number: int
    move: Move[Any]
    text: str
    value: str
    remoteness: int | None
    grundy: int | None = None
    score: int | None = None  # scored games: the minimax value for the mover
    #: Partisan games: the canonical form (CGSuite notation) of the position the move leads to,
    #: and its outcome class (L, R, P, N).  ``cg`` is that value as a
    #: :class:`~zermelo.values.game.Game`, for comparisons.
    game_value: str | None = None
    outcome: str | None = None
    cg: Any = field(default=None, compare=False, repr=False)

    @property
    def label(self) -> str:
        """What a person would say: ``take 3 from heap 2 (5 -> 2)``."""
        return self.move.label

    @property
    def position(self) -> Any:
        """The position the move leads to."""
        return self.move.position

    def describe(self) -> str:
        """The value in words, GAMESMAN style: ``win in 3``, ``lose in 4``, ``draw``.

        The count is plies until the game ends, this move included.  Partisan games: the word and
        the value of the position the move leads to, ``win, value {2|-1/2}``.
        """
        if self.game_value is not None:
            count = "" if self.remoteness is None else f" in {self.remoteness + 1}"
            return f"{self.value}{count}, value {self.game_value}"
        if self.value == DRAW_:
            return "draw"
        if self.remoteness is None:
            return self.value
        return f"{self.value} in {self.remoteness + 1}"

    def to_json(self) -> dict[str, Any]:
        """The move as the web API sends it."""
        return {
            "number": self.number,
            "move": self.label,
            "position": self.text,
            "value": self.value,
            "remoteness": self.remoteness,
            "grundy": self.grundy,
            "score": self.score,
            "describe": self.describe(),
            "game_value": self.game_value,
            "outcome": self.outcome,
            "why": self.why(),
        }

    def why(self) -> str | None:
        """Partisan games: why the move wins or loses, from the value it leaves (else ``None``).

        The value is always from Left's side (positive: good for Left); after the move the
        opponent is to move, so a mover wins exactly when the value favours them or is 0.
        """
        if self.game_value is None or self.outcome is None:
            return None
        return f"it leaves {outcome_words(self.game_value, self.outcome)}"


def outcome_words(game_value: str, outcome: str) -> str:
    """A partisan value with what it says about the winner: ``±1 || 0 (fuzzy), whoever moves next wins``.

    >>> outcome_words("1/2", "L")
    '1/2 > 0: Left wins whoever moves next'
    >>> outcome_words("0", "P")
    '0: whoever moves next loses'
    """
    relation, _, rest = _OUTCOME_WORDS[outcome].partition(", ")
    if outcome == "P":  # the canonical form of a second-player win is 0 itself
        return f"{game_value}: {rest}"
    return f"{game_value} {relation}: {rest}"


@dataclass(frozen=True)
class PositionValue:
    """A position with its value for the player to move and every move classified."""

    value: str
    remoteness: int | None
    grundy: int | None
    moves: list[MoveInfo]
    exact: bool = True  # False: remoteness unknown, values from a closed form only
    score: int | None = None  # scored games: the minimax value for the player to move
    #: Partisan games: the side to move (``left`` / ``right``), the position's canonical form
    #: and outcome class; ``cg`` is the value as a :class:`~zermelo.values.game.Game`.
    turn: str | None = None
    game_value: str | None = None
    outcome: str | None = None
    cg: Any = field(default=None, compare=False, repr=False)

    @property
    def over(self) -> bool:
        """No legal move: the game has ended."""
        return not self.moves


class Evaluator:
    """Classifies a position and its moves for play.  One per kind of game.

    Subclasses implement :meth:`evaluate`; :func:`register_evaluator` ties one to a rules class.
    A scored-game evaluator returns ``score`` per move and win/draw/lose by its sign.
    """

    def evaluate(self, game: Rules[Any], position: Any, misere: bool, limits: Limits) -> PositionValue:
        """The position's value and every legal move's value."""
        raise NotImplementedError


def _list_moves(game: Any, position: Any) -> list[Move[Any]]:
    moves = list(islice(game.moves(position), MAX_MOVES + 1))
    if len(moves) > MAX_MOVES:
        raise Unsupported(
            f"{game.spec()}: more than {MAX_MOVES:,} legal moves from {game.format(position)}; too many to play"
        )
    return moves


class ImpartialEvaluator(Evaluator):
    """Impartial games: ``Engine.statuses`` of the position and all its options, one search.

    When that search is beyond the budget (Nim or Wythoff with big heaps), the game's closed
    forms (``outcome`` per option) still classify the moves, without remoteness.
    """

    def evaluate(self, game: Rules[Any], position: Any, misere: bool, limits: Limits) -> PositionValue:
        assert isinstance(game, Impartial)
        moves = _list_moves(game, position)
        hint = game.size_hint(position)
        if hint is not None and limits.max_positions is not None and hint > limits.max_positions:
            # Beyond the budget for sure: do not even queue the search (a failed search leaves its
            # frontier in the shared engine, and the next small question would pay for it).
            return self._by_formula(game, position, moves, misere, limits)
        try:
            sts = engine_for(game).statuses([position, *(m.position for m in moves)], misere, limits)
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
        infos: list[MoveInfo] = []
        grundies = self._grundies(game, [m.position for m in moves], misere, limits)
        for i, (m, g) in enumerate(zip(moves, grundies, strict=True)):
            o = outcome_of(game, m.position, misere=misere, limits=limits)
            value = DRAW_ if o is Outcome.DRAW else (WIN_ if o is Outcome.P else LOSE_)
            infos.append(MoveInfo(i + 1, m, game.format(m.position), value, None, g))
        own_value = DRAW_ if own is Outcome.DRAW else (WIN_ if own is Outcome.N else LOSE_)
        own_g = self._grundies(game, [position], misere, limits)[0]
        return PositionValue(own_value, None, own_g, infos, exact=False)


def _flip(status: int) -> int:
    """The mover's value of a move from the status of the position it leads to."""
    return {WIN: LOSE, LOSE: WIN, DRAW: DRAW}[status]


class ScoredEvaluator(Evaluator):
    """Scored games (tic-tac-toe, Connect Four): ``zermelo.minimax.move_values``, imported lazily.

    ``move_values`` gives each move's value for its mover (a score; its sign says win / draw /
    loss) and ``distance``, the plies to the end with this move included.
    """

    def evaluate(self, game: Rules[Any], position: Any, misere: bool, limits: Limits) -> PositionValue:
        assert isinstance(game, Scored)
        if misere:
            raise Unsupported(f"{game.spec()}: misère play is for impartial games")
        try:
            move_values = importlib.import_module("zermelo.minimax").move_values
        except (ImportError, AttributeError):
            raise Unsupported(f"{game.spec()}: playing scored games needs zermelo.minimax") from None
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
            return PositionValue(DRAW_, 0, None, [], score=0)
        same = [m for m in infos if m.score == best.score]
        rems = [m.remoteness for m in same if m.remoteness is not None]
        rem = None
        if rems:
            rem = 1 + (min(rems) if best.value == WIN_ else max(rems))
        return PositionValue(best.value, rem, None, infos, score=best.score)


class PartisanEvaluator:
    """Partisan games: every move's value is the canonical form of the position it leads to.

    The values come from :func:`zermelo.values.canonical.canonical_form`, which keeps them in the
    rules' shared :func:`~zermelo.values.canonical.value_cache`: the position's own value values
    all its options on the way, and every later move of the game is mostly cache hits.  Normal
    play: Left wins a position G with Right to move exactly when G >= 0, so Left's move to G is
    ``win`` when G is positive or 0; Right's when G is negative or 0.  The side to move wins when
    G favours them or is fuzzy (first player wins).

    A value says who wins, not how soon.  How soon comes from the engine's search of the
    (position, side to move) graph (:func:`zermelo.analysis.partisan_remoteness`), which does not
    split a board into regions, so it is asked only within :data:`REMOTENESS_POSITIONS`; past
    that the moves have values without a count.
    """

    def evaluate(self, game: Partisan[Any], position: Any, turn: str, misere: bool, limits: Limits) -> PositionValue:
        from .values.canonical import canonical_form

        if misere:
            raise Unsupported(f"{game.spec()}: misère play is for impartial games (partisan games play normal play)")
        moves = partisan_moves(game, position, turn)
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
                WIN_ if _favours(v.outcome, turn, after_move=True) else LOSE_,
                r,
                game_value=str(v),
                outcome=str(v.outcome),
                cg=v,
            )
            for i, (m, v, r) in enumerate(zip(moves, values, rems, strict=True))
        ]
        word = WIN_ if _favours(own.outcome, turn, after_move=False) else LOSE_
        return PositionValue(
            word, own_rem, None, infos, turn=turn, game_value=str(own), outcome=str(own.outcome), cg=own
        )


#: Partisan play counts plies to the end (remoteness) only while the search of (position, side)
#: stays within this many nodes; beyond, moves carry their values alone.
REMOTENESS_POSITIONS = 20_000


def _partisan_counts(
    game: Partisan[Any], position: Any, after: list[Any], turn: str, limits: Limits
) -> tuple[list[int | None], int | None]:
    """Remoteness of each position a move leads to (the opponent to move) and of the position
    itself, or all ``None`` when the search would pass :data:`REMOTENESS_POSITIONS`."""
    from .analysis import partisan_remoteness

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


def other_side(side: str) -> str:
    """``left`` <-> ``right``."""
    return RIGHT if side == LEFT else LEFT


def partisan_moves(game: Partisan[Any], position: Any, side: str) -> list[Move[Any]]:
    """The labelled moves of ``side`` (``left`` / ``right``).

    The rules' :meth:`~zermelo.rules.Partisan.left_moves` / ``right_moves``: by default, on a
    grid board, the cells the move changes, ``a1-a2`` (columns a, b, … from the left, rows 1, 2,
    … from the top; a cell that was emptied comes first, so Clobber's ``b1-a1`` moves from b1 to
    a1), or the one cell it used up (Col); else ``to`` and the position it leads to.

    >>> from zermelo.games.domineering import Domineering
    >>> d = Domineering()
    >>> [m.label for m in partisan_moves(d, d.parse("..|.."), "left")]
    ['a1-a2', 'b1-b2']
    >>> [m.label for m in partisan_moves(d, d.parse("..|.."), "right")]
    ['a1-b1', 'a2-b2']
    """
    if side not in SIDES:
        raise InvalidPosition(f"the side to move is left or right, got {side!r}")
    labelled = game.left_moves(position) if side == LEFT else game.right_moves(position)
    moves: list[Move[Any]] = list(islice(labelled, MAX_MOVES + 1))
    if len(moves) > MAX_MOVES:
        raise Unsupported(
            f"{game.spec()}: more than {MAX_MOVES:,} legal moves from {game.format(position)}; too many to play"
        )
    return moves


def _sign_word(score: int) -> str:
    return WIN_ if score > 0 else LOSE_ if score < 0 else DRAW_


_EVALUATORS: list[tuple[type, Callable[[], Evaluator]]] = [(Impartial, ImpartialEvaluator), (Scored, ScoredEvaluator)]


def register_evaluator(cls: type, factory: Callable[[], Evaluator]) -> None:
    """Use ``factory()`` to evaluate games of class ``cls`` (checked before earlier ones)."""
    _EVALUATORS.insert(0, (cls, factory))


def evaluator_for(game: Rules[Any]) -> Evaluator:
    """The evaluator of a game: impartial games by the engine, scored games by minimax."""
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
        return PartisanEvaluator().evaluate(game, position, turn, misere, limits or Limits())
    if turn is not None:
        raise InvalidPosition(f"{game.spec()}: the side to move (left or right) is for partisan games only")
    return evaluator_for(game).evaluate(game, position, misere, limits or Limits())


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
    for value in (WIN_, DRAW_, LOSE_):
        group = [m for m in candidates if m.value == value]
        if not group:
            continue
        if pv.turn is not None:
            # Partisan: the fastest win (slowest loss) when the counts are known, then the best value.
            rems = [m.remoteness for m in group]
            if None not in rems:
                sign = 1 if value == WIN_ else -1
                quickest = min(sign * r for r in rems if r is not None)
                group = [m for m in group if m.remoteness is not None and sign * m.remoteness == quickest]
            best = _best_values(group, pv.turn)
        elif value == DRAW_:
            best = group
        else:
            sign = 1 if value == WIN_ else -1
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


# ---------------------------------------------------------------------- reading typed moves
def find_move(game: Rules[Any], position: Any, text: str, moves: list[MoveInfo]) -> MoveInfo:
    """The move a person typed: a move number, a label, the game's notation, or the result.

    Raises :class:`InvalidPosition` with a short reason when no legal move matches.

    >>> from zermelo.games import Nim
    >>> ms = classify(Nim(), (3, 4, 5)).moves
    >>> for t in ("1 2", "heap 3 -> 1", "to 3 4 1", "#1", "take 1 from heap 2"):
    ...     print(find_move(Nim(), (3, 4, 5), t, ms).label)
    take 2 from heap 1 (3 -> 1)
    take 4 from heap 3 (5 -> 1)
    take 4 from heap 3 (5 -> 1)
    take 3 from heap 1 (3 -> 0)
    take 1 from heap 2 (4 -> 3)
    """
    t = norm(text)
    if not t:
        raise InvalidPosition("type a move (or `moves` to list them)")
    if len(t) > MAX_TYPED:
        raise InvalidPosition(f"a move is at most {MAX_TYPED:,} characters; got {len(t):,} (type `moves` to list them)")
    if not moves:
        raise InvalidPosition("the game is over: there is no legal move")
    bare = t.lstrip("#")
    if t.startswith("#") and bare.isdigit():
        return _by_number(int(bare), moves)
    for m in moves:
        if norm(m.label) == t:
            return m
    hit = game.parse_move(position, t, [m.move for m in moves])  # the game's own notation
    if hit is not None:
        return next(m for m in moves if m.move is hit)
    if t.isdigit():
        return _by_number(int(t), moves)
    ends = [m for m in moves if norm(m.label).endswith(" " + t)]
    if len(ends) == 1:  # the label without its first words: "b2" for "X b2"
        return ends[0]
    same = _by_tokens(t, moves)
    if same is not None:
        return same
    target = t[3:] if t.startswith("to ") else t[2:].strip() if t.startswith("->") else t
    try:
        p = game.parse(target)
    except (ZermeloError, ValueError):
        p = None
    if p is not None:
        key = game.key(p)
        for m in moves:
            if game.key(m.position) == key:
                return m
        raise InvalidPosition(f"no legal move leads to {game.format(p)} (type `moves` to list them)")
    raise InvalidPosition(f"cannot read the move {text.strip()!r} (type `moves` to list them, or a move number)")


_TOKEN = re.compile(r"[^\W\d_]+|\d+")


def _by_tokens(t: str, moves: list[MoveInfo]) -> MoveInfo | None:
    """The one move whose label has the typed words and numbers, punctuation aside ("eat 2 3" or
    "(2,3)" for "eat (2, 3)"); when only numbers were typed, the label's numbers ("2 3"); else the
    one label that starts with the typed words ("take 2" for "take 2 (20 -> 18)")."""
    typed = _TOKEN.findall(t)
    if not typed:
        return None
    numbers_only = all(w.isdigit() for w in typed)
    labels = [_TOKEN.findall(norm(m.label)) for m in moves]

    def exact(label: list[str]) -> bool:
        return label == typed or (numbers_only and [w for w in label if w.isdigit()] == typed)

    def prefix(label: list[str]) -> bool:
        return not numbers_only and label[: len(typed)] == typed

    for same in (exact, prefix):
        hits = [m for m, label in zip(moves, labels, strict=True) if same(label)]
        if len(hits) == 1:
            return hits[0]
        if hits:
            return None  # ambiguous: say so through the caller's "cannot read"
    return None


def _by_number(k: int, moves: list[MoveInfo]) -> MoveInfo:
    if not 1 <= k <= len(moves):
        raise InvalidPosition(f"there is no move number {k}: the moves are numbered 1 to {len(moves)}")
    return moves[k - 1]


def heaps(game: Rules[Any], position: Any) -> list[int] | None:
    """The heap sizes of a heap game's position (Nim, subtraction games, Wythoff), else ``None``:
    its :meth:`~zermelo.rules.Rules.board` when that is heaps.

    Front ends draw these as rows of counters.

    >>> from zermelo.games import Nim, Wythoff
    >>> heaps(Nim(), (3, 0, 5)), heaps(Nim(), 4), heaps(Wythoff(), (2, 7))
    ([3, 0, 5], [4], [2, 7])
    """
    return heap_sizes(game.board(position))


def grid(game: Rules[Any], position: Any) -> list[str] | None:
    """The rows of a board game's position, top row first, or ``None`` for other games: its
    :meth:`~zermelo.rules.Rules.board` when that is a grid.  Front ends draw it as a grid.

    >>> from zermelo.games import TicTacToe
    >>> grid(TicTacToe(), "XO.....OX")
    ['XO.', '...', '.OX']

    >>> from zermelo.games.domineering import Domineering
    >>> grid(Domineering(), Domineering().parse("..#|..."))
    ['..#', '...']
    """
    return rows(game.board(position))


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
        if pv.value == DRAW_:
            return "draw"
        return self.to_move if pv.value == WIN_ else self._other(self.to_move)

    def _other(self, who: str) -> str:
        return {"human": "computer", "computer": "human", "first": "second", "second": "first"}[who]

    def _value(self, position: Any, turn: str | None) -> PositionValue:
        key = (self.game.key(position), turn)
        hit = self._cache.get(key)
        if hit is None:
            hit = self._cache[key] = classify(self.game, position, misere=self.misere, limits=self.limits, turn=turn)
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
        m = find_move(self.game, self.position, move, pv.moves) if isinstance(move, str) else move
        if m not in pv.moves:
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
