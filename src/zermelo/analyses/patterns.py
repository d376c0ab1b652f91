"""Pattern tools: periods of computed sequences, and P-set conjectures checked the notes' way.

* :func:`find_period` — the preperiod and period of a finite sequence (Grundy values, P/N).
  This is *detection on a finite prefix*, not a proof: the sequence may change after the
  prefix.  (Proofs of periodicity for heap games live with the heap games.)
* :func:`predicate` — a small, safe expression language over positions (``n % 7 in (0, 2)``,
  ``a ^ b == 0``), read with :mod:`ast` against a whitelist and evaluated by a tree of closures:
  no ``eval``, no attribute access, no calls except ``abs``, ``min``, ``max``, ``len``, ``sum``
  and ``nim_sum``.
* :func:`check_pset` — a conjectured set of P-positions checked as the notes prove one, on every
  position of the game's table up to a bound: (1) every terminal position is in the set, (2) no
  move leads from the set into the set, (3) every position outside the set has a move into it.
  If all three hold on positions that no move leaves, induction proves that the set is exactly
  the P-positions there.  Otherwise the first counterexample and the failing condition.
* :func:`guess_pset` — a conjecture ``n % p in (...)`` read off the detected period of a row.

>>> find_period([0, 1, 0, 1, 2, 3, 2] * 4)
Period(preperiod=0, period=7, length=28)
>>> p = predicate("n % 7 in (0, 2)")
>>> [n for n in range(16) if p(n)]
[0, 2, 7, 9, 14]
>>> check_pset("subtraction:1,3,4", "n % 7 in (0, 2)", 100).holds
True
>>> print(check_pset("subtraction:1,3,4", "n % 7 == 0", 100).counterexample)
2 is not in the set, yet its only move does not lead into the set (take 1 (2 -> 1)): condition 3 fails
"""

from __future__ import annotations

import itertools
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..core.budget import Budget
from ..core.checks import is_digits
from ..core.errors import InvalidGame, InvalidPosition, Remedy, SearchLimitExceeded, Unsupported, ZermeloError
from ..games.registry import make_game, table_template
from ..rules import Impartial, Move, Outcome, Rules
from ..rules.predicates import PART_NAMES, Env, InvalidPredicate, Predicate, predicate, value_text
from ..search.engine import Limits
from ..search.periodicity import simplest
from .analysis import outcome
from .tables import MAX_CELLS, cell_values, layout

__all__ = [
    "CONDITIONS",
    "ConjectureReport",
    "Counterexample",
    "InvalidPredicate",
    "Period",
    "Predicate",
    "check_pset",
    "find_period",
    "guess_pset",
    "predicate",
]


# ---------------------------------------------------------------------- periods
@dataclass(frozen=True)
class Period:
    """``values[i] == values[i + period]`` for every ``i >= preperiod`` in the first ``length`` values."""

    preperiod: int
    period: int
    length: int

    @property
    def repeats(self) -> float:
        """How many times the period was seen after the preperiod (the evidence, not a proof)."""
        return (self.length - self.preperiod) / self.period


def find_period(values: Sequence[Hashable], *, min_repeats: float = 2.0) -> Period | None:
    """The preperiod and period of a finite sequence, or ``None`` if it shows none.

    Among the periods q whose tail ``values[p:]`` repeats at least ``min_repeats`` times, the one
    with the smallest ``p + q`` (then the smallest ``q``): a short period with a short preperiod
    is the simplest explanation of the prefix.  Detection on a finite prefix only — not a proof.
    The search is :func:`zermelo.search.periodicity.simplest`, run on the values numbered in order
    of first appearance (so any hashable values work: Grundy values, ``Outcome``, "P"/"N").

    >>> find_period("PNNNPNNNPNNNPNNN")
    Period(preperiod=0, period=4, length=16)
    >>> find_period([0, 0, 5, 1, 2, 1, 2, 1, 2, 1, 2])
    Period(preperiod=3, period=2, length=11)
    >>> find_period([3, 1, 4, 1, 5, 9, 2, 6]) is None
    True
    """
    codes: dict[Hashable, int] = {}
    v = np.fromiter((codes.setdefault(x, len(codes)) for x in values), dtype=np.int64, count=len(values))
    found = simplest(v, min_repeats=min_repeats)  # the heaps' compiled detection, on codes of the values
    return None if found is None else Period(found.preperiod, found.period, len(v))


# ---------------------------------------------------------------------- P-set conjectures
#: The three conditions of the notes' proof that a set is the set of P-positions.
CONDITIONS = {
    1: "every terminal position is in the set",
    2: "no move leads from the set into the set",
    3: "every position outside the set has a move into the set",
}
MISERE_CONDITION_1 = "no terminal position is in the set (misère: whoever cannot move wins)"


@dataclass(frozen=True)
class Counterexample:
    """Where a conjecture fails: the position, the condition (1, 2 or 3) and the move involved."""

    position: str
    condition: int
    message: str
    move: str | None = None
    move_position: str | None = None
    #: The position's true outcome by search (P, N or DRAW), if it could be computed.
    search_outcome: str | None = None

    def __str__(self) -> str:
        return self.message


@dataclass(frozen=True)
class ConjectureReport:
    """The verdict of :func:`check_pset` on the positions of the game's table up to ``upto``."""

    game: str
    predicate: str
    upto: int
    misere: bool
    positions: int
    #: Positions examined before the first counterexample (all of them if none).
    checked: int
    in_set: int
    terminal: int
    moves: int
    holds: bool
    counterexample: Counterexample | None
    #: Moves that left the checked positions: then "holds" is evidence for them, not a proof.
    escaping_moves: int = 0
    notes: list[str] = field(default_factory=list)

    def condition_text(self, k: int) -> str:
        """The wording of condition ``k`` under this report's play convention."""
        return MISERE_CONDITION_1 if k == 1 and self.misere else CONDITIONS[k]

    def to_json(self) -> dict[str, Any]:
        """The JSON object of ``zermelo conjecture --json``."""
        ce = self.counterexample
        return {
            "game": self.game,
            "predicate": self.predicate,
            "upto": self.upto,
            "misere": self.misere,
            "positions": self.positions,
            "checked": self.checked,
            "in_set": self.in_set,
            "terminal": self.terminal,
            "moves": self.moves,
            "holds": self.holds,
            "proved": self.holds and self.escaping_moves == 0,
            "counterexample": None
            if ce is None
            else {
                "position": ce.position,
                "condition": ce.condition,
                "rule": self.condition_text(ce.condition),
                "message": ce.message,
                "move": ce.move,
                "move_position": ce.move_position,
                "search_outcome": ce.search_outcome,
            },
            "notes": self.notes,
        }


def _region(game: Impartial[Any], template: str, upto: int, tick: Budget | None = None) -> list[Any]:
    """The table's positions with coordinates up to ``upto``, smallest first (by coordinate sum)."""
    grid = "{n}" not in template
    side = upto + 1
    cells_wanted = side * side if grid else side
    if cells_wanted > MAX_CELLS:
        raise Unsupported(f"--upto {upto} gives too many positions (at most {MAX_CELLS:,})")

    def watch(read: int) -> None:
        if tick is not None:
            _look(tick, read, 0, f"{read:,} of {cells_wanted:,} positions listed", "listing the positions:")

    rl, cl, cells, _ = layout(game, template, side if grid else 1, side, watch)
    if not grid:
        return [p for p in cells[0] if p is not None]
    order = sorted(
        ((r + c, r, p) for r, row in zip(rl, cells, strict=True) for c, p in zip(cl, row, strict=True)),
        key=lambda t: (t[0], t[1]),
    )
    return [p for _, _, p in order if p is not None]


def family(template: str) -> tuple[str, tuple[str, ...]]:
    """A family of positions like ``1 a b``: the text with ``{a}``-style holes and its letters.

    Words are whole numbers or single letters a..m (each letter a coordinate 0..upto).

    >>> family("1 a b")
    ('1 {a} {b}', ('a', 'b'))
    """
    words = template.replace(",", " ").split()
    if not words:
        raise InvalidPredicate("a family of positions is words like '1 a b': numbers and letters a..m")
    letters: list[str] = []
    out = []
    for w in words:
        if is_digits(w):
            out.append(w)
        elif w in PART_NAMES:
            if w not in letters:
                letters.append(w)
            out.append("{" + w + "}")
        else:
            raise InvalidPredicate(f"{template!r}: {w!r} is neither a whole number nor a letter a..m")
    if not letters:
        raise InvalidPredicate(f"{template!r} has no letter to vary (like '1 a b')")
    return " ".join(out), tuple(letters)


def _family_region(
    game: Impartial[Any], template: str, upto: int, tick: Budget | None = None
) -> tuple[list[Any], dict[Any, Env]]:
    """The positions of a family (every letter 0..upto, smallest sum first) and each one's letters."""
    text, letters = family(template)
    if (upto + 1) ** len(letters) > MAX_CELLS:
        raise Unsupported(f"--upto {upto} gives too many positions for {len(letters)} letters (at most {MAX_CELLS:,})")
    values = sorted(itertools.product(range(upto + 1), repeat=len(letters)), key=lambda v: (sum(v), v))
    region: list[Any] = []
    envs: dict[Any, Env] = {}
    for i, vs in enumerate(values):
        if tick is not None and i % 256 == 255:
            _look(tick, i + 1, 0, f"{i + 1:,} of {len(values):,} positions listed", "listing the positions:")
        filled = text
        for letter, v in zip(letters, vs, strict=True):
            filled = filled.replace("{" + letter + "}", str(v))
        try:
            p = game.parse(filled)
        except (InvalidPosition, InvalidGame):
            continue
        k = game.key(p)
        if k in envs:
            continue  # the same position again (heaps in another order)
        env: Env = dict(zip(letters, vs, strict=True))
        parts = p if isinstance(p, tuple) else (p,)
        env["heaps"] = parts
        envs[k] = env
        region.append(p)
    return region, envs


def _look(budget: Budget, done: int, moves: int, doing: str, phase: str) -> None:
    """The check's budget: its deadline, and a report saying which stage it is in."""
    budget.phase = phase
    budget.look(doing, positions=done, options=moves)


def _moves_text(game: Impartial[Any], moves: list[Move[Any]], limit: int = 6) -> str:
    shown = "; ".join(m.label for m in moves[:limit])
    return shown + ("; …" if len(moves) > limit else "")


def check_pset(
    game_or_spec: Rules[Any] | str,
    conjecture: str | Predicate,
    upto: int,
    *,
    misere: bool = False,
    template: str | None = None,
    max_moves: int | None = 50_000_000,
    limits: Limits | None = None,
    heaps: int | None = None,
    positions: str | None = None,
) -> ConjectureReport:
    """Check that a predicate describes the P-positions, the way the notes prove it.

    The positions checked are those of the game's table (``GameEntry.table``) with coordinates
    0..upto: a row ``0..upto``, or a grid ``0..upto`` × ``0..upto``.  For each, smallest first:
    (1) a terminal position must be in the set (under misère play: must not be), (2) a position in
    the set must have no move into the set, (3) a position outside the set must have one.  The
    first failure is reported with its condition; the true outcome there comes from a search.

    ``heaps=k`` checks the positions of k heaps instead of the table's (``a b c`` for k = 3);
    ``positions`` is a family like ``"1 a b"`` (the notes' positions (1, a, b)), whose letters the
    predicate reads.  Inside a family, an option outside it counts as in the set exactly when it
    is a P-position by search.  A predicate that reads a part the positions do not have (``c``
    of a two-heap table) is refused: it would be read as 0 and could pass silently.

    ``limits`` bounds the searches (an option outside a family, the outcome of a counterexample)
    and, with its deadline and progress callback, the whole check.
    """
    game = make_game(game_or_spec) if isinstance(game_or_spec, str) else game_or_spec
    if not isinstance(game, Impartial):
        raise Unsupported(f"{game.spec()} is not an impartial game: P-positions are for impartial games")
    pred = predicate(conjecture) if isinstance(conjecture, str) else conjecture
    template, positions = _what_to_check(game, upto, template, heaps, positions)
    budget = Budget(limits, counts=None)
    region, envs = _positions_to_check(game, pred, template, positions, upto, budget)
    member = _Membership(game, pred, envs, misere, limits)
    tally = _check_conditions(game, region, member, misere, max_moves, budget)
    budget.report(done=True)
    if envs is None and pred.parts_used() > member.most_parts:
        # Read as 0, a part no position has would let a wrong conjecture pass silently.
        raise InvalidPredicate(
            f"{pred.text!r} reads {pred.parts_used()} parts of a position, but the positions of {game.spec()} "
            f"checked ('{template}', and their options) have at most {member.most_parts} "
            f"({', '.join(PART_NAMES[: member.most_parts])}); choose the positions with --heaps {pred.parts_used()} "
            "or a family like --positions '1 a b'"
        )
    counter = tally.counter
    if counter is not None:
        counter = _with_search_outcome(game, counter, misere, limits)
    return ConjectureReport(
        game=game.spec(),
        predicate=pred.text,
        upto=upto,
        misere=misere,
        positions=len(region),
        checked=tally.checked,
        in_set=tally.in_set,
        terminal=tally.terminal,
        moves=tally.moves,
        holds=counter is None,
        counterexample=counter,
        escaping_moves=tally.escaping,
        notes=[] if counter is not None else [_proof_note(tally.escaping, envs is not None, positions, misere)],
    )


def _what_to_check(
    game: Impartial[Any], upto: int, template: str | None, heaps: int | None, positions: str | None
) -> tuple[str, str | None]:
    """Stage 1 of :func:`check_pset`: the other arguments checked, the table's template, ``heaps`` as a family."""
    if upto < 0:
        raise InvalidPredicate(f"--upto must be a whole number >= 0, got {upto}")
    if template is None:
        template = table_template(game)
        if template is None:
            raise Unsupported(f"{game.spec()} has no table layout, so there are no positions to check in order")
    if heaps is not None:
        if positions is not None:  # one would be ignored: the answer would be to another question
            raise InvalidPredicate("give --heaps or --positions, not both")
        if not 1 <= heaps <= len(PART_NAMES):
            raise InvalidPredicate(f"--heaps takes 1 to {len(PART_NAMES)}, got {heaps}")
        positions = " ".join(PART_NAMES[:heaps])
    return template, positions


def _positions_to_check(
    game: Impartial[Any], pred: Predicate, template: str, positions: str | None, upto: int, budget: Budget
) -> tuple[list[Any], dict[Any, Env] | None]:
    """Stage 2: the positions, smallest first, and (for a family) each one's letters."""
    if positions is None:
        return _region(game, template, upto, budget), None
    # The letters first: a predicate reading one the family lacks is refused before listing it.
    letters = family(positions)[1]
    unknown = sorted(pred.used - set(letters) - {"heaps"})
    if unknown:
        raise InvalidPredicate(
            f"{pred.text!r} uses {', '.join(unknown)}, which the positions {positions!r} do not give "
            f"(their letters: {', '.join(letters)})"
        )
    return _family_region(game, positions, upto, budget)


class _Membership:
    """Whether a position is in the conjectured set: the predicate, or (an option outside a
    family) whether a search says it is a P-position.  Options repeat across positions (every
    cell of a grid is an option of many): each is evaluated once."""

    def __init__(
        self, game: Impartial[Any], pred: Predicate, envs: dict[Any, Env] | None, misere: bool, limits: Limits | None
    ) -> None:
        self.game, self.pred, self.envs, self.misere, self.limits = game, pred, envs, misere, limits
        self.memo: dict[Any, bool] = {}
        self.most_parts = 0  # the most parts of a position the predicate read

    def __call__(self, position: Any) -> bool:
        hit = self.memo.get(position)
        if hit is None:
            if self.envs is None:
                self.most_parts = max(self.most_parts, len(position) if isinstance(position, tuple) else 1)
                hit = self.pred(position)
            else:
                env = self.envs.get(self.game.key(position))
                hit = self.pred.evaluate(env, position) if env is not None else self.outside(position)
            self.memo[position] = hit
        return hit

    def outside(self, position: Any) -> bool:
        limits = self.limits or Limits(1_000_000, 10.0)
        return outcome(self.game, position, misere=self.misere, limits=limits) is Outcome.P


@dataclass
class _Tally:
    """What stage 3 counted, and the first failure (``None``: the three conditions hold)."""

    checked: int = 0
    in_set: int = 0
    terminal: int = 0
    moves: int = 0
    escaping: int = 0
    counter: Counterexample | None = None


def _check_conditions(
    game: Impartial[Any],
    region: list[Any],
    member: _Membership,
    misere: bool,
    max_moves: int | None,
    budget: Budget,
) -> _Tally:
    """Stage 3: the three conditions at every position, smallest first, up to the first failure."""
    raw = set(region)
    keys = {game.key(p) for p in region}
    t = _Tally()
    for p in region:
        t.checked += 1
        if t.checked % 256 == 0:
            doing = f"{t.checked - 1:,} of {len(region):,} positions checked, {t.moves:,} moves"
            _look(budget, t.checked, t.moves, doing, "checking the three conditions:")
        inside = member(p)
        t.in_set += inside
        ms = list(game.moves(p))
        t.moves += len(ms)
        if max_moves is not None and t.moves > max_moves:
            raise SearchLimitExceeded(
                f"more than {max_moves:,} moves to check",
                limit="moves to check",
                budget=max_moves,
                positions=t.checked,
                remedies=(Remedy.SMALLER_RANGE, Remedy.MORE_POSITIONS),
            )
        t.escaping += sum(1 for m in ms if m.position not in raw and game.key(m.position) not in keys)
        t.terminal += not ms
        t.counter = _failure(game, p, ms, inside, member, misere)
        if t.counter is not None:
            break
    budget.positions, budget.options = t.checked, t.moves
    return t


def _failure(
    game: Impartial[Any], p: Any, ms: list[Move[Any]], inside: bool, member: _Membership, misere: bool
) -> Counterexample | None:
    """The condition position ``p`` breaks (1: a terminal position, 2: in the set with a move into
    it, 3: outside with none), or ``None``."""
    fmt = game.format
    if not ms:
        if inside != misere:
            return None
        rule = "is in the set" if misere else "is not in the set"
        return Counterexample(fmt(p), 1, f"{fmt(p)} is terminal but {rule}: condition 1 fails")
    if inside:
        bad = next((m for m in ms if member(m.position)), None)
        if bad is None:
            return None
        return Counterexample(
            fmt(p),
            2,
            f"{fmt(p)} is in the set, and so is {fmt(bad.position)}, reached by the move "
            f"{bad.label}: condition 2 fails",
            bad.label,
            fmt(bad.position),
        )
    if any(member(m.position) for m in ms):
        return None
    return Counterexample(
        fmt(p),
        3,
        f"{fmt(p)} is not in the set, yet "
        + ("its only move does not lead" if len(ms) == 1 else f"none of its {len(ms)} moves leads")
        + f" into the set ({_moves_text(game, ms)}): condition 3 fails",
    )


def _with_search_outcome(
    game: Impartial[Any], counter: Counterexample, misere: bool, limits: Limits | None
) -> Counterexample:
    """Stage 4: the counterexample with its true outcome from a search (as it was, if that fails)."""
    try:
        o = outcome(game, game.parse(counter.position), misere=misere, limits=limits or Limits(1_000_000, 5.0))
    except (ZermeloError, ValueError):
        return counter
    return Counterexample(**{**counter.__dict__, "search_outcome": str(o)})


def _proof_note(escaping: int, in_family: bool, positions: str | None, misere: bool) -> str:
    """Stage 5: what the three conditions holding proves, given the moves that leave the positions."""
    if escaping and in_family:
        return (
            f"{escaping:,} moves leave the family {positions!r}; each position they reach counted as in the set "
            "exactly when a search says it is a P-position, so within the family the conditions prove the set "
            "is exactly the P-positions there"
        )
    if escaping:
        return (
            f"{escaping:,} moves leave the checked positions, so the conditions are evidence, not a proof "
            "(the game can grow, or the template does not cover its positions)"
        )
    return (
        "the three conditions hold on positions that no move leaves: by induction the set is exactly "
        "the P-positions among them" + (" (for a game without cycles)" if not misere else " under misère play")
    )


def guess_pset(
    game_or_spec: Rules[Any] | str,
    upto: int,
    *,
    misere: bool = False,
    limits: Limits | None = None,
    template: str | None = None,
) -> str | None:
    """A conjectured P-set of a row game, read off the P/N sequence of positions 0..upto.

    ``"n % q in (r, …)"`` from the detected period (with the preperiod's P-positions listed
    separately), or the list of P-positions if no period shows; ``None`` if there are none to
    describe.  A guess fits 0..upto by construction: check it further with :func:`check_pset`.

    >>> guess_pset("subtraction:1,3,4", 60)
    'n % 7 in (0, 2)'
    >>> guess_pset("subtraction:2,3", 60)
    'n % 5 in (0, 1)'
    """
    game = make_game(game_or_spec) if isinstance(game_or_spec, str) else game_or_spec
    if not isinstance(game, Impartial):
        raise Unsupported(f"{game.spec()} is not an impartial game")
    if template is None:
        template = table_template(game)
    if template is None or "{n}" not in template:
        raise Unsupported(f"{game.spec()}: guessing works for games whose table is a row; give a predicate")
    if upto + 1 > MAX_CELLS:
        raise Unsupported(f"--upto {upto} gives too many positions (at most {MAX_CELLS:,})")
    _, cl, cells, _ = layout(game, template, 1, upto + 1)
    labelled = [(n, p) for n, p in zip(cl, cells[0], strict=True) if p is not None]
    if template != "{n}":
        raise Unsupported(f"{game.spec()}: guessing needs positions that are the number n itself; give a predicate")
    for _, p in labelled:
        if type(p) is not int:
            raise Unsupported(
                f"{game.spec()}: a guess reads positions that are one number n, and {game.format(p)} is stored as "
                f"{value_text(p)}; give a predicate in a, b, … instead"
            )
        sums = next((q for q in game.options(p) if type(q) is not int), None)
        if sums is not None:
            raise Unsupported(
                f"{game.spec()}: moves from {game.format(p)} reach {game.format(sums)}, a sum of several parts, "
                f"which a set described by n alone cannot cover; read the Grundy row instead "
                f"(zermelo table {game.spec()} --grundy)"
            )
    values = cell_values(game, [p for _, p in labelled], False, misere, limits)
    if any(v is Outcome.DRAW for v in values):
        raise Unsupported(f"{game.spec()} has draws: its positions are not just P and N")
    ps = [n for (n, _), v in zip(labelled, values, strict=True) if v is Outcome.P]
    if not ps:
        return None
    period = find_period([v is Outcome.P for v in values], min_repeats=3)
    if period is not None and period.preperiod > len(values) // 2:
        period = None  # a "period" seen only at the end of the prefix is no evidence
    if period is None:
        return _member("n", ps) if len(ps) <= 40 else None
    start, q = period.preperiod, period.period
    residues = sorted({n % q for n in ps if n >= start})
    early = [n for n in ps if n < start]
    parts = []
    if early:
        parts.append(_member("n", early))
    if residues:
        tail = _member(f"n % {q}", residues)
        parts.append(f"n >= {start} and {tail}" if start else tail)
    return " or ".join(parts) if parts else None


def _member(expr: str, values: list[int]) -> str:
    """``expr == v`` for one value, ``expr in (a, b, …)`` for several: how a person writes a guess.

    >>> _member("n % 6", [0]), _member("n", [0, 2])
    ('n % 6 == 0', 'n in (0, 2)')
    """
    if len(values) == 1:
        return f"{expr} == {values[0]}"
    return f"{expr} in ({', '.join(map(str, values))})"
