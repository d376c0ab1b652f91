"""The analyses: outcome, Grundy value, remoteness, winning moves — all from the one engine.

Normal play: the player who cannot move loses.  Misère play: the player who cannot move wins.

* ``outcome`` — P (the player to move loses), N (the player to move wins) or DRAW.
* ``grundy`` — the Sprague–Grundy value by the mex rule (normal play; ∞(K) in loopy games).
* ``remoteness`` — "win quickly, lose slowly": 0 at a terminal position; a winning position is
  1 + the smallest remoteness among its losing options; a losing one is 1 + the largest
  remoteness among all its options; a draw has none.
* ``winning_moves`` — every move to a position the opponent loses.
* ``solve`` — all of them as one :class:`Analysis`, with an explanation.

A game's closed form (``outcome_formula``, ``grundy_formula``, ``winning_moves_formula``) is used
when present; the tests check every one against the search.

>>> from zermelo.games import Nim
>>> a = solve(Nim(), (3, 4, 5))
>>> a.outcome, a.grundy, a.remoteness
(<Outcome.N: 'N'>, 2, 11)
>>> [m.label for m in a.winning_moves]
['take 2 from heap 1 (3 -> 1)']
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from contextlib import nullcontext
from dataclasses import dataclass, field, replace
from itertools import islice
from typing import Any

from ..core.cache import RulesCache
from ..core.checks import game_argument
from ..core.errors import Remedy, SearchLimitExceeded, Unsupported, ZermeloError
from ..core.limits import Limits, check_clock, deadline_scope, keeping_to, limits_argument, over_budget, too_big
from ..core.reasons import ClosedForm, Reason, reason_json
from ..core.sprague_grundy import GValue, Loopy
from ..games.registry import position_words
from ..rules import Impartial, Move, Outcome, Partisan, Sum, short
from ..search.engine import DRAW, NEXT_WINS, PREVIOUS_WINS, engine_for, plain_kernels
from .explain import explain

__all__ = [
    "Analysis",
    "Stopped",
    "grundy",
    "outcome",
    "outcomes",
    "partisan_outcome",
    "partisan_remoteness",
    "remoteness",
    "solve",
    "winning_moves",
]

#: Extras (remoteness of a position whose outcome a formula settled) are searched only this far.
#: Budgets of positions and options, not seconds, so the answer does not depend on the machine's load.
EXTRA_POSITIONS = 1_000_000
EXTRA_OPTIONS = 40_000_000


@dataclass(frozen=True)
class Stopped:
    """A part of an analysis its budget stopped: ``part`` (``"winning moves"``, ``"Grundy value"``,
    ``"remoteness"``, ``"explanation"``) and the error that stopped it (which limit, how far)."""

    part: str
    error: ZermeloError

    def worded(self, remedy_words: Mapping[Remedy, str]) -> str:
        """The note a front end prints, its remedies in ``remedy_words`` (the CLI's flags)."""
        done = "listed" if self.part == "winning moves" else "found" if self.part == "explanation" else "computed"
        return f"{self.part} not {done}: {self.error.worded(remedy_words)}"

    def to_json(self) -> dict[str, Any]:
        """The stop as data: the part, then the error's limit, budget and how far it got."""
        facts = self.error.to_json() if isinstance(self.error, SearchLimitExceeded) else {}
        return {"part": self.part, **facts, "message": self.error.message}


@dataclass(frozen=True)
class Analysis:
    """Everything :func:`solve` knows about one position."""

    game: str
    position: str
    outcome: Outcome
    grundy: GValue | None
    remoteness: int | None
    winning_moves: list[Move[Any]]
    explanation: str
    misere: bool = False
    #: The parts of the analysis its budget stopped (each front end words them as notes).
    stopped: list[Stopped] = field(default_factory=list)
    #: False when the position was too big to list every winning move (``stopped`` says why):
    #: ``winning_moves`` then holds the moves known all the same (a closed form's one move).
    winning_moves_listed: bool = True
    #: The remoteness of the position each winning move leaves (``winning_moves`` is sorted by it,
    #: fastest win first; ``None`` where the search was over the budget).
    winning_remoteness: list[int | None] = field(default_factory=list)
    #: A P-position's moves that lose slowest (largest remoteness), and the remoteness each leaves.
    best_defence: list[Move[Any]] = field(default_factory=list)
    defence_remoteness: list[int | None] = field(default_factory=list)
    #: Why, as typed parts (a proven period, a mirror strategy, strategy stealing, a loopy value...).
    reasons: tuple[Reason, ...] = ()

    @property
    def notes(self) -> list[str]:
        """What stopped, in plain words (no front end's remedies): :meth:`notes_in` words them."""
        return self.notes_in({})

    def notes_in(self, remedy_words: Mapping[Remedy, str]) -> list[str]:
        """The notes, the remedies in a front end's words (the CLI's ``--budget``)."""
        return [s.worded(remedy_words) for s in self.stopped]

    @property
    def winner(self) -> str:
        """``first``, ``second`` or ``draw``."""
        return self.outcome.winner

    def grundy_of(self, rules: Impartial[Any], position: Any) -> GValue:
        """The (normal-play) Grundy value of another position — a part of this one, say — by the
        same analyses (closed form first, else the engine): for a game's ``explain`` hook, which
        speaks of its parts' values but never searches itself."""
        return grundy(rules, position)

    def to_json(
        self, rules: Impartial[Any] | None = None, remedy_words: Mapping[Remedy, str] | None = None
    ) -> dict[str, Any]:
        """The CLI's JSON object: the design's fields, then ``winning_moves_listed``, ``notes``
        (worded with ``remedy_words``), ``best_defence``, and the facts as data: ``stopped`` and
        ``reasons``."""
        # A sum's positions as they read back (``0 4 + kayles 5``): the one printing of a position.
        fmt = (lambda p: position_words(rules, p)) if rules is not None else str
        return {
            "game": self.game,
            "position": self.position,
            "outcome": self.outcome.value if self.outcome is not Outcome.DRAW else "DRAW",
            "winner": self.winner,
            "grundy": self.grundy if isinstance(self.grundy, int) else None,
            "remoteness": self.remoteness,
            "winning_moves": [
                {"move": m.label, "position": fmt(m.position), "remoteness": r}
                for m, r in zip(self.winning_moves, _padded(self.winning_remoteness, self.winning_moves), strict=True)
            ],
            "explanation": self.explanation,
            # Beyond the design's fields: an empty list above means "no winning move" only when
            # this is true; when the list was too long to build, the notes say why.
            "winning_moves_listed": self.winning_moves_listed,
            "notes": self.notes_in(remedy_words or {}),
            # Win quickly, lose slowly: a lost position's slowest moves (empty for an N-position).
            "best_defence": [
                {"move": m.label, "position": fmt(m.position), "remoteness": r}
                for m, r in zip(self.best_defence, self.defence_remoteness, strict=True)
            ],
            "stopped": [s.to_json() for s in self.stopped],
            "reasons": [reason_json(r) for r in self.reasons],
        }


def _boundary(call: str, game: object, kind: type, position: Any, limits: object) -> None:
    """The public functions' check of their arguments: a game object of ``kind``, numbers a
    message can show, limits that are :class:`Limits` (:class:`InvalidArgument` otherwise)."""
    game_argument(call, game, kind, position)
    limits_argument(call, limits)


def _padded(rems: list[int | None], moves: list[Move[Any]]) -> list[int | None]:
    return rems if len(rems) == len(moves) else [None] * len(moves)


def _status_outcome(status: int) -> Outcome:
    return {NEXT_WINS: Outcome.N, PREVIOUS_WINS: Outcome.P, DRAW: Outcome.DRAW}[status]


def _gvalue_outcome(g: GValue) -> Outcome:
    if isinstance(g, Loopy):
        return Outcome.N if 0 in g.finite else Outcome.DRAW
    return Outcome.P if g == 0 else Outcome.N


def outcome(game: Impartial[Any], position: Any, *, misere: bool = False, limits: Limits | None = None) -> Outcome:
    """The outcome class: P, N or DRAW.

    >>> from zermelo.games import Subtraction
    >>> [str(outcome(Subtraction({1, 2, 3}), n)) for n in range(6)]
    ['P', 'N', 'N', 'N', 'P', 'N']
    """
    _boundary("outcome", game, Impartial, position, limits)
    game.validate(position)
    return _outcome(game, position, misere, limits)[0]


def _outcome(
    game: Impartial[Any], position: Any, misere: bool, limits: Limits | None
) -> tuple[Outcome, bool, int | None, str | None]:
    """(outcome, whether a closed form or the split graph settled it, the Grundy formula's value,
    which closed form settled it: ``"outcome"``, ``"Grundy value"`` or ``None``).

    :func:`solve` uses the last three so it asks each closed form once: a take-and-break game's
    ``grundy_formula`` may run a compiled kernel.
    """
    f = game.outcome_formula(position, misere)
    if f is not None:
        return f, True, None, "outcome"
    eng = engine_for(game)
    if not misere:
        gf = _closed_grundy(game, position, limits)
        if gf is not None:
            return (Outcome.P if gf == 0 else Outcome.N), True, gf, "Grundy value"
        if eng.splits:
            return _gvalue_outcome(eng.grundy(position, limits)), True, None, None
    return _status_outcome(eng.outcome(position, misere, limits)[0]), False, None, None


def grundy(game: Impartial[Any], position: Any, *, limits: Limits | None = None) -> GValue:
    """The Sprague–Grundy value under normal play: the mex of the options' values.

    In a loopy game the generalized value: finite, or ∞(K) (:class:`~zermelo.search.engine.Loopy`).

    >>> from zermelo.games import Square
    >>> [grundy(Square(), n) for n in range(10)]
    [0, 1, 0, 1, 2, 0, 1, 0, 1, 2]
    """
    _boundary("grundy", game, Impartial, position, limits)
    game.validate(position)
    gf = _closed_grundy(game, position, limits)
    if gf is not None:
        return gf
    return engine_for(game).grundy(position, limits)


def _closed_grundy(game: Impartial[Any], position: Any, limits: Limits | None) -> int | None:
    """The game's closed form for the Grundy value; for a sum, the nim-sum of its parts' values when
    some part has a closed form (a heap of 10^12 with a proven period) — the other parts by search.

    >>> from zermelo.games import Nim, Subtraction
    >>> _closed_grundy(Sum(Subtraction({1, 2, 3}), Nim()), (10**12 + 1, 5), None)
    4
    """
    gf = keeping_to(limits, game.grundy_formula, position)  # it may run a compiled kernel
    if gf is not None or not isinstance(game, Sum):
        return gf
    closed = [_closed_grundy(g, p, limits) for g, p in zip(game.games, position, strict=True)]
    if all(v is None for v in closed):
        return None
    total = 0
    for g, p, v in zip(game.games, position, closed, strict=True):
        if v is None:
            searched = engine_for(g).grundy(p, limits)
            if not isinstance(searched, int):
                return None  # a loopy part: ∞ values do not simply add
            v = searched
        total ^= v
    return total


def remoteness(
    game: Impartial[Any], position: Any, *, misere: bool = False, limits: Limits | None = None
) -> int | None:
    """Moves to the end under "win quickly, lose slowly"; ``None`` for a draw.

    >>> from zermelo.games import Square
    >>> [remoteness(Square(), n) for n in range(8)]
    [0, 1, 2, 3, 1, 2, 3, 4]
    """
    _boundary("remoteness", game, Impartial, position, limits)
    game.validate(position)
    closed = game.remoteness_formula(position, misere)
    if closed is not None:
        return closed
    return engine_for(game).outcome(position, misere, limits)[1]


def winning_moves(
    game: Impartial[Any], position: Any, *, misere: bool = False, limits: Limits | None = None
) -> list[Move[Any]]:
    """Every move to a position from which the opponent loses, labelled, in the game's order.

    >>> from zermelo.games import Nim
    >>> [m.label for m in winning_moves(Nim(), (7, 5, 3))]
    ['take 1 from heap 1 (7 -> 6)', 'take 1 from heap 2 (5 -> 4)', 'take 1 from heap 3 (3 -> 2)']
    """
    _boundary("winning_moves", game, Impartial, position, limits)
    game.validate(position)
    f = game.winning_moves_formula(position, misere)
    if f is not None:
        return f
    if game.outcome_formula(position, misere) is Outcome.P:
        return []  # no move leads to a P-position: no need to look at the options
    lim = (limits or Limits()).started()
    cap = lim.max_positions
    hint = game.size_hint(position)
    if cap is not None and hint is not None and hint > cap and not isinstance(game, Sum):
        # Listing would sieve, build and judge more moves than the budget allows (Prime-power 10^10).
        # A sum's hint multiplies its parts' positions, but its moves only add up: listed below.
        raise too_big(short(game.format(position)), hint, cap, "moves and positions")
    moves: list[Move[Any]] = []
    for m in game.moves(position):
        moves.append(m)
        if not len(moves) & 1023:
            if cap is not None and len(moves) > cap:
                raise over_budget(cap, "moves to examine")
            check_clock(lim, lim.deadline, "listing the winning moves")
    if cap is not None and len(moves) > cap:
        raise over_budget(cap, "moves to examine")
    if not moves:
        return []
    outs = outcomes(game, [m.position for m in moves], misere=misere, limits=lim)
    return [m for m, o in zip(moves, outs, strict=True) if o is Outcome.P]


def outcomes(
    game: Impartial[Any], positions: Sequence[Any], *, misere: bool = False, limits: Limits | None = None
) -> list[Outcome]:
    """:func:`outcome` of many positions, with closed forms where the game has them and one search
    for all the rest (every option of a position, a table).

    >>> from zermelo.games import Square
    >>> [str(o) for o in outcomes(Square(), range(8))]
    ['P', 'N', 'P', 'N', 'N', 'P', 'N', 'P']
    """
    positions = list(positions)
    _boundary("outcomes", game, Impartial, positions, limits)
    lim = (limits or Limits()).started()
    found: list[Outcome | None] = [None] * len(positions)
    if type(game).outcome_formula is not Impartial.outcome_formula:
        for i, p in enumerate(positions):
            found[i] = game.outcome_formula(p, misere)
            if not i & 1023:  # a million formulas (every option of Kayles 10^6) take seconds
                check_clock(lim, lim.deadline, "judging the moves")
    if not misere and (type(game).grundy_formula is not Impartial.grundy_formula or isinstance(game, Sum)):
        for i, p in enumerate(positions):
            if not i & 1023:
                check_clock(lim, lim.deadline, "judging the moves")
            if found[i] is None:
                g = _closed_grundy(game, p, lim)
                if g is not None:
                    found[i] = Outcome.P if g == 0 else Outcome.N
    rest = [i for i, o in enumerate(found) if o is None]
    if rest:
        eng = engine_for(game)
        todo = [positions[i] for i in rest]
        if not misere and eng.splits:
            searched = [_gvalue_outcome(v) for v in eng.grundies(todo, lim)]
        else:
            searched = [_status_outcome(st) for st, _ in eng.outcomes(todo, misere, lim)]
        for i, o in zip(rest, searched, strict=True):
            found[i] = o
    return [o for o in found if o is not None]


def solve(game: Impartial[Any], position: Any, *, misere: bool = False, limits: Limits | None = None) -> Analysis:
    """Outcome, Grundy value, remoteness, winning moves and an explanation, at once.

    >>> from zermelo.games import Subtraction
    >>> a = solve(Subtraction({1, 3, 4}), 22)
    >>> a.outcome, a.grundy, [m.label for m in a.winning_moves]
    (<Outcome.N: 'N'>, 1, ['take 1 (22 -> 21)'])
    """
    _boundary("solve", game, Impartial, position, limits)
    game.validate(position)
    # One deadline for the whole analysis: outcome, Grundy value, remoteness and winning moves share it.
    lim = (limits or Limits()).started()
    out, settled, formula_grundy, closed = _outcome(game, position, misere, lim)
    s = _Solving(game, position, misere, lim, _extras_limits(lim) if settled else lim, out, settled)
    if closed is not None:
        s.reasons.append(ClosedForm(closed))
    # The winning moves first: the extras below must not use up the deadline they need.
    wins, listed = s.winning()
    with plain_kernels() if settled else nullcontext():  # a closed form's extras: no numba
        g = formula_grundy if formula_grundy is not None else s.grundy()
        rem = s.remoteness()
        wins, win_rems, defence, defence_rems = _ranked(game, position, out, wins, rem, misere, s.extras)
        analysis = Analysis(
            game=game.spec(),
            position=position_words(game, position),
            outcome=out,
            grundy=g,
            remoteness=rem,
            winning_moves=wins,
            explanation="",
            misere=misere,
            stopped=s.stopped,
            winning_moves_listed=listed,
            winning_remoteness=win_rems,
            best_defence=defence,
            defence_remoteness=defence_rems,
            reasons=tuple(s.reasons),  # whether a closed form settled it: the explanation must not guess
        )
        return s.explained(analysis)


@dataclass
class _Solving:
    """One :func:`solve` under way: the position, its budgets, its outcome and what stopped so far.

    ``extras`` are the budgets of what a closed form did not give (Grundy value, remoteness);
    ``settled`` says a closed form (or the split graph) settled the outcome, so a part the budget
    stops is a note, not a failure of the whole analysis.
    """

    game: Impartial[Any]
    position: Any
    misere: bool
    lim: Limits
    extras: Limits
    outcome: Outcome
    settled: bool
    stopped: list[Stopped] = field(default_factory=list)
    reasons: list[Reason] = field(default_factory=list)

    def stop(self, part: str, exc: ZermeloError) -> None:
        """Note that the budget stopped ``part``: only when a closed form settled the outcome."""
        if not self.settled:
            raise exc
        self.stopped.append(Stopped(part, exc))

    def winning(self) -> tuple[list[Move[Any]], bool]:
        """The winning moves and whether they are all listed; past the budget, the moves known all
        the same (a closed form's one move)."""
        if self.outcome is not Outcome.N:  # no move of a P-position or a draw leads to a P-position
            return [], True
        try:
            return winning_moves(self.game, self.position, misere=self.misere, limits=self.lim), True
        except SearchLimitExceeded as exc:
            self.stop("winning moves", exc)
            one = self.game.some_winning_move(self.position, self.misere)
            return ([one] if one is not None else []), False

    def grundy(self) -> GValue | None:
        """The Grundy value (normal play); a P-position's is 0 even when its search is over budget."""
        g: GValue | None = None
        if not self.misere:
            try:
                g = grundy(self.game, self.position, limits=self.extras)
            except (SearchLimitExceeded, Unsupported) as exc:
                self.stop("Grundy value", exc)
        if g is None and self.outcome is Outcome.P and not self.misere:
            g = 0  # the outcome settles it: a P-position has Grundy value 0 (the mex of N-positions' values)
        return g

    def remoteness(self) -> int | None:
        try:
            return remoteness(self.game, self.position, misere=self.misere, limits=self.extras)
        except SearchLimitExceeded as exc:
            self.stop("remoteness", exc)
            return None

    def explained(self, analysis: Analysis) -> Analysis:
        """The analysis with its "why": the words, the typed reasons, then the pace of the best move."""
        game, position = self.game, self.position
        try:
            with deadline_scope(self.lim.deadline):  # the explanation's own searches keep to the same deadline
                why = explain(game, position, analysis)
            text = why.text
            self.reasons += [r for r in why.reasons if r not in self.reasons]
        except SearchLimitExceeded as exc:
            self.stopped.append(Stopped("explanation", exc))
            text = "No explanation: the time budget ran out before it was found."
        if not analysis.winning_moves_listed and analysis.winning_moves:
            one = analysis.winning_moves[0]
            if one.label not in text:
                text += f" A winning move: {one.label}."
        text = _with_pace(game, position, text, analysis)
        return replace(analysis, explanation=text, reasons=tuple(self.reasons), stopped=self.stopped)


def _ranked(
    game: Impartial[Any],
    position: Any,
    out: Outcome,
    wins: list[Move[Any]],
    rem: int | None,
    misere: bool,
    limits: Limits,
) -> tuple[list[Move[Any]], list[int | None], list[Move[Any]], list[int | None]]:
    """Win quickly, lose slowly (:mod:`zermelo.analyses.ranking`): the winning moves fastest first and a
    lost position's best defence, when the position's own remoteness was found (else unranked)."""
    from .ranking import best_defence, fastest_first

    if rem is None:
        return wins, [None] * len(wins), [], []
    if out is Outcome.N and wins:
        ranked, rems = fastest_first(game, wins, misere, limits)
        return ranked, rems, [], []
    if out is Outcome.P and rem > 0:
        defence, drems = best_defence(game, position, misere, limits)
        return wins, [], defence, drems
    return wins, [], [], []


def _with_pace(game: Impartial[Any], position: Any, text: str, a: Analysis) -> str:
    """The explanation, then which move wins fastest (or loses slowest) when the ranking found it."""
    from .ranking import pace

    if a.outcome is Outcome.N and a.winning_moves_listed:
        extra = pace(game, a.winning_moves, a.winning_remoteness, True)
    elif a.best_defence and len(a.best_defence) < sum(1 for _ in islice(game.moves(position), len(a.best_defence) + 1)):
        extra = pace(game, a.best_defence, a.defence_remoteness, False)
    else:
        extra = ""  # every move lasts as long: no choice to teach
    return f"{text}\n{extra}" if extra else text


def _extras_limits(lim: Limits) -> Limits:
    """Budgets for the extras of a position whose outcome a closed form gave.

    By default they stop early (:data:`EXTRA_POSITIONS`), so a huge Nim answers at once; an explicit
    budget (any other than the default) is honoured as given, so a larger budget is a true remedy.
    """
    if lim.max_positions != Limits().max_positions:
        return lim
    return lim.tighter(EXTRA_POSITIONS, None, EXTRA_OPTIONS)


# ---------------------------------------------------------------------- partisan outcome
class _Turns(Impartial[tuple[Any, str]]):
    """A partisan game seen as an impartial graph of (position, side to move) nodes."""

    def __init__(self, game: Partisan[Any]) -> None:
        self.game = game

    def options(self, node: tuple[Any, str]) -> list[tuple[Any, str]]:
        position, side = node
        if side == "L":
            return [(c, "R") for c in self.game.left_options(position)]
        return [(c, "L") for c in self.game.right_options(position)]

    def key(self, node: tuple[Any, str]) -> Hashable:
        return (self.game.key(node[0]), node[1])


#: The (position, side to move) graph of each partisan rules object (the last few: :mod:`zermelo.core.cache`).
TURNS: RulesCache[_Turns] = RulesCache(_Turns)


def partisan_outcome(
    game: Partisan[Any], position: Any, *, misere: bool = False, limits: Limits | None = None
) -> Outcome:
    """Outcome class of a partisan position: L, R, P (second player) or N; under misère play
    (``misere=True``: a player who cannot move wins) from the same search of (position, side to move).

    >>> from zermelo.rules import Partisan
    >>> class Dominoes(Partisan[int]):   # Left and Right both take 1; Left may also take 2
    ...     def left_options(self, n): return [n - k for k in (1, 2) if k <= n]
    ...     def right_options(self, n): return [n - 1] if n else []
    >>> [str(partisan_outcome(Dominoes(), n)) for n in range(4)]
    ['P', 'N', 'L', 'L']
    >>> [str(partisan_outcome(Dominoes(), n, misere=True)) for n in range(4)]
    ['N', 'P', 'N', 'L']
    """
    _boundary("partisan_outcome", game, Partisan, position, limits)
    game.validate(position)
    nodes = [(position, "L"), (position, "R")]
    (left_first, _), (right_first, _) = _turn_outcomes(game, nodes, limits, misere)
    if DRAW in (left_first, right_first):
        return Outcome.DRAW
    lw, rw = left_first == NEXT_WINS, right_first == NEXT_WINS
    if lw and rw:
        return Outcome.N
    if lw:
        return Outcome.L
    if rw:
        return Outcome.R
    return Outcome.P


def _turn_outcomes(
    game: Partisan[Any], nodes: Sequence[tuple[Any, str]], limits: Limits | None, misere: bool = False
) -> list[tuple[int, int | None]]:
    """(status, remoteness) of (position, side to move "L"/"R") nodes, from one search of the
    game's (position, side) graph (kept per rules object, so later questions reuse it)."""
    return engine_for(TURNS.get(game)).outcomes(list(nodes), misere, limits)


def partisan_remoteness(
    game: Partisan[Any], positions: Sequence[Any], to_move: str, *, limits: Limits | None = None
) -> list[int | None]:
    """Remoteness of partisan positions with ``to_move`` (``"left"`` or ``"right"``) to move.

    Plies until the game ends when the winner hurries and the loser holds out (the notes'
    remoteness, on the graph of (position, side to move)); ``None`` for a draw, which a short
    game never is.  One search for all the positions.  It searches the whole position — a value
    (``canonical_form``) splits a board into regions, this does not — so budget it.

    >>> from zermelo.games import Domineering
    >>> d = Domineering()
    >>> partisan_remoteness(d, [d.parse("...|..."), d.parse("....|....")], "left")
    [1, 4]
    """
    _boundary("partisan_remoteness", game, Partisan, list(positions), limits)
    side = {"left": "L", "right": "R"}.get(to_move)
    if side is None:
        raise ValueError(f"to_move is 'left' or 'right', not {to_move!r}")
    for p in positions:
        game.validate(p)
    found = _turn_outcomes(game, [(p, side) for p in positions], limits)
    return [None if status == DRAW else rem for status, rem in found]
