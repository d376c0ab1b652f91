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

from collections.abc import Hashable, Sequence
from contextlib import nullcontext
from dataclasses import dataclass, field
from itertools import islice
from typing import Any

from .cache import RulesCache
from .checks import game_argument
from .engine import DRAW, NEXT_WINS, PREVIOUS_WINS, engine_for, plain_kernels
from .errors import InvalidArgument, SearchLimitExceeded, Unsupported
from .explain import explain
from .limits import Limits, check_clock, deadline_scope, over_budget, too_big
from .rules import Impartial, Move, Outcome, Partisan, Sum, short
from .sprague_grundy import GValue, Loopy

__all__ = [
    "Analysis",
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
EXTRA_SECONDS = None


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
    notes: list[str] = field(default_factory=list)
    #: False when the position was too big to list every winning move (a note says why).
    winning_moves_listed: bool = True
    #: The remoteness of the position each winning move leaves (``winning_moves`` is sorted by it,
    #: fastest win first; ``None`` where the search was over the budget).
    winning_remoteness: list[int | None] = field(default_factory=list)
    #: A P-position's moves that lose slowest (largest remoteness), and the remoteness each leaves.
    best_defence: list[Move[Any]] = field(default_factory=list)
    defence_remoteness: list[int | None] = field(default_factory=list)

    @property
    def winner(self) -> str:
        """``first``, ``second`` or ``draw``."""
        return self.outcome.winner

    def grundy_of(self, rules: Impartial[Any], position: Any) -> GValue:
        """The (normal-play) Grundy value of another position — a part of this one, say — by the
        same analyses (closed form first, else the engine): for a game's ``explain`` hook, which
        speaks of its parts' values but never searches itself."""
        return grundy(rules, position)

    def to_json(self, rules: Impartial[Any] | None = None) -> dict[str, Any]:
        """The CLI's JSON object: the design's fields, then ``winning_moves_listed`` and ``notes``."""
        fmt = rules.format if rules is not None else str
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
            "notes": list(self.notes),
            # Win quickly, lose slowly: a lost position's slowest moves (empty for an N-position).
            "best_defence": [
                {"move": m.label, "position": fmt(m.position), "remoteness": r}
                for m, r in zip(self.best_defence, self.defence_remoteness, strict=True)
            ],
        }


def _boundary(call: str, game: object, kind: type, position: Any, limits: object) -> None:
    """The public functions' check of their arguments: a game object of ``kind``, numbers a
    message can show, limits that are :class:`Limits` (:class:`InvalidArgument` otherwise)."""
    game_argument(call, game, kind, position)
    if limits is not None and not isinstance(limits, Limits):
        raise InvalidArgument(f"{call}: limits must be a zermelo.Limits, got {short(repr(limits))}")


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
) -> tuple[Outcome, bool, int | None]:
    """(outcome, whether a closed form or the split graph settled it, the Grundy formula's value).

    :func:`solve` uses the last two so it asks each closed form once: a take-and-break game's
    ``grundy_formula`` may run a compiled kernel.
    """
    f = game.outcome_formula(position, misere)
    if f is not None:
        return f, True, None
    eng = engine_for(game)
    if not misere:
        gf = _closed_grundy(game, position, limits)
        if gf is not None:
            return (Outcome.P if gf == 0 else Outcome.N), True, gf
        if eng.splits:
            return _gvalue_outcome(eng.grundy(position, limits)), True, None
    return _status_outcome(eng.outcome(position, misere, limits)[0]), False, None


def grundy(game: Impartial[Any], position: Any, *, limits: Limits | None = None) -> GValue:
    """The Sprague–Grundy value under normal play: the mex of the options' values.

    In a loopy game the generalized value: finite, or ∞(K) (:class:`~zermelo.engine.Loopy`).

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
    gf = game.grundy_formula(position)
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
    notes: list[str] = []
    out, formula_settled, formula_grundy = _outcome(game, position, misere, lim)
    wins: list[Move[Any]] = []
    one: Move[Any] | None = None
    listed = True
    # The winning moves first: the extras below must not use up the deadline they need.
    if out is Outcome.N:  # a P-position or a draw has no move to a P-position: nothing to look at
        try:
            wins = winning_moves(game, position, misere=misere, limits=lim)
        except SearchLimitExceeded as exc:
            if not formula_settled:
                raise
            one = game.some_winning_move(position, misere)
            also = f"; one winning move: {one.label}" if one is not None else ""
            notes.append(f"winning moves not listed: {exc}{also}")
            listed = False
    extras = _extras_limits(lim) if formula_settled else lim
    with plain_kernels() if formula_settled else nullcontext():  # a closed form's extras: no numba
        return _with_extras(
            game, position, misere, lim, extras, out, formula_settled, formula_grundy, wins, one, notes, listed
        )


def _with_extras(
    game: Impartial[Any],
    position: Any,
    misere: bool,
    lim: Limits,
    extras: Limits,
    out: Outcome,
    formula_settled: bool,
    formula_grundy: GValue | None,
    wins: list[Move[Any]],
    one: Move[Any] | None,
    notes: list[str],
    listed: bool,
) -> Analysis:
    """:func:`solve` after the outcome and winning moves: Grundy value, remoteness, explanation."""
    g: GValue | None = None
    if formula_grundy is not None:
        g = formula_grundy
    elif not misere:
        try:
            g = grundy(game, position, limits=extras)
        except (SearchLimitExceeded, Unsupported) as exc:
            if not formula_settled:
                raise
            notes.append(f"Grundy value not computed: {exc}")
    if g is None and out is Outcome.P and not misere:
        g = 0  # the outcome settles it: a P-position has Grundy value 0 (the mex of N-positions' values)
    rem: int | None = None
    try:
        rem = remoteness(game, position, misere=misere, limits=extras)
    except SearchLimitExceeded as exc:
        if not formula_settled:
            raise
        notes.append(f"remoteness not computed: {exc}")
    wins, win_rems, defence, defence_rems = _ranked(game, position, out, wins, rem, misere, extras)
    analysis = Analysis(
        game=game.spec(),
        position=game.format(position),
        outcome=out,
        grundy=g,
        remoteness=rem,
        winning_moves=wins,
        explanation="",
        misere=misere,
        notes=notes,
        winning_moves_listed=listed,
        winning_remoteness=win_rems,
        best_defence=defence,
        defence_remoteness=defence_rems,
    )
    try:
        with deadline_scope(lim.deadline):  # the explanation's own searches keep to the same deadline
            text = explain(game, position, analysis)
    except SearchLimitExceeded:
        text = "No explanation: the time budget ran out before it was found (raise it with --timeout)."
    if one is not None and one.label not in text:
        text += f" A winning move: {one.label}."
    text = _with_pace(game, position, text, analysis)
    return Analysis(**{**analysis.__dict__, "explanation": text})


def _ranked(
    game: Impartial[Any],
    position: Any,
    out: Outcome,
    wins: list[Move[Any]],
    rem: int | None,
    misere: bool,
    limits: Limits,
) -> tuple[list[Move[Any]], list[int | None], list[Move[Any]], list[int | None]]:
    """Win quickly, lose slowly (:mod:`zermelo.ranking`): the winning moves fastest first and a
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

    if a.outcome is Outcome.N:
        extra = pace(game, a.winning_moves, a.winning_remoteness, True)
    elif a.best_defence and len(a.best_defence) < sum(1 for _ in islice(game.moves(position), len(a.best_defence) + 1)):
        extra = pace(game, a.best_defence, a.defence_remoteness, False)
    else:
        extra = ""  # every move lasts as long: no choice to teach
    return f"{text}\n{extra}" if extra else text


def _extras_limits(lim: Limits) -> Limits:
    """Budgets for the extras of a position whose outcome a closed form gave.

    By default they stop early (:data:`EXTRA_POSITIONS`), so a huge Nim answers at once; an explicit
    budget (any other than the default) is honoured as given, so "raise it with --budget" is true.
    """
    if lim.max_positions != Limits().max_positions:
        return lim
    return lim.tighter(EXTRA_POSITIONS, EXTRA_SECONDS, EXTRA_OPTIONS)


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


#: The (position, side to move) graph of each partisan rules object (the last few: :mod:`zermelo.cache`).
TURNS: RulesCache[_Turns] = RulesCache(_Turns)


def partisan_outcome(game: Partisan[Any], position: Any, *, limits: Limits | None = None) -> Outcome:
    """Outcome class of a partisan position under normal play: L, R, P (second player) or N.

    >>> from zermelo.rules import Partisan
    >>> class Dominoes(Partisan[int]):   # Left and Right both take 1; Left may also take 2
    ...     def left_options(self, n): return [n - k for k in (1, 2) if k <= n]
    ...     def right_options(self, n): return [n - 1] if n else []
    >>> [str(partisan_outcome(Dominoes(), n)) for n in range(4)]
    ['P', 'N', 'L', 'L']
    """
    _boundary("partisan_outcome", game, Partisan, position, limits)
    game.validate(position)
    (left_first, _), (right_first, _) = _turn_outcomes(game, [(position, "L"), (position, "R")], limits)
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
    game: Partisan[Any], nodes: Sequence[tuple[Any, str]], limits: Limits | None
) -> list[tuple[int, int | None]]:
    """(status, remoteness) of (position, side to move "L"/"R") nodes, from one search of the
    game's (position, side) graph (kept per rules object, so later questions reuse it)."""
    return engine_for(TURNS.get(game)).outcomes(list(nodes), False, limits)


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
