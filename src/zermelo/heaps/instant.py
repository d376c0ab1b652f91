"""Instant answers from a proven period: Grundy values, winning moves and the "why" of any heap.

A heap game whose Grundy sequence is proven (arithmetic-)periodic — a subtraction game, an all-but
game, an octal code that leaves at most two heaps — gets its values from
:func:`~zermelo.heaps.period_cache.proven_period` (computed once, kept on disk).  This module turns
that into what ``solve`` prints, without a search: the winning moves of a position of any size
(counted per residue class when there are very many, the first ones listed) and the "why" that cites
the proof.  The games call it from their hooks; the tests compare it with plain search.

>>> from zermelo.games import Subtraction
>>> [m.label for m in winning_moves(Subtraction({1, 2, 3}), 10**12 + 1).moves]
['take 1 (1000000000001 -> 1000000000000)']
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..core.reasons import Period, Reason
from ..rules import Move
from ..rules.wording import MAX_LISTED, num, plural, verdict, xor_text
from .heap import HeapGame, Heaps, heap_tuple
from .period_cache import ProvenPeriod, proven_period

if TYPE_CHECKING:
    from ..analyses.analysis import Analysis

__all__ = [
    "FROM",
    "MAX_WINS",
    "Wins",
    "applies",
    "cited",
    "explain",
    "grounds",
    "grundy",
    "reasons",
    "residue",
    "winning_moves",
]

#: Positions with a heap this big take their values (and winning moves) from the proven period.
FROM = 500
#: Winning moves listed at most; beyond, ``solve`` names one and the "why" gives the count.
MAX_WINS = 1_000


@dataclass
class Wins:
    """The winning moves found from the period: the first :data:`MAX_WINS` and how many in all."""

    moves: list[Move[Heaps]] = field(default_factory=list)
    count: int = 0


def period_of(game: HeapGame) -> ProvenPeriod | None:
    """The game's proven period, if a theorem proves one (for codes: at most two heaps left)."""
    code = getattr(game, "code", None)
    if code is not None and (code.max_heaps > 2 or code.repeat or any(code.unequal)):
        return None  # the three-heap kernel is quadratic: no proof attempt at 2^18 heaps
    return proven_period(game)


def applies(game: HeapGame, position: Heaps) -> ProvenPeriod | None:
    """The proven period when the position has a heap of :data:`FROM` or more (smaller ones: search)."""
    if max(heap_tuple(position), default=0) < FROM:
        return None
    return period_of(game)


def cited(game: HeapGame, position: Heaps) -> ProvenPeriod | None:
    """The proven period a "why" cites: at every heap size for a subtraction or all-but game, whose
    period is proven in a moment (the notes' own small examples: ``S = {1, 2, 3}`` at 21 is the
    period 4); for other codes only where :func:`applies` (their proofs can take seconds).  The
    values of small heaps still come from the search; the period only explains them."""
    pp = applies(game, position)
    if pp is None and (game.subtraction_set is not None or game.excluded is not None):
        pp = period_of(game)
    return pp


def grundy(game: HeapGame, position: Heaps) -> int | None:
    """The nim-sum of the heaps' values from the proven period, or ``None`` (no big heap, no proof)."""
    pp = applies(game, position)
    if pp is None:
        return None
    x = 0
    for h in heap_tuple(position):
        x ^= pp.value(h)
    return x


def winning_moves(game: HeapGame, position: Heaps) -> Wins | None:
    """Every move to nim-sum 0, found per heap from the period; ``None`` where no rule is known."""
    pp = applies(game, position)
    if pp is None:
        return None
    heaps = heap_tuple(position)
    values = [pp.value(h) for h in heaps]
    total = 0
    for v in values:
        total ^= v
    wins = Wins()
    if total == 0:
        return wins
    for i, v in enumerate(values):
        found = _heap_moves(game, pp, heaps, i, v ^ total, MAX_WINS - len(wins.moves))
        if found is None:
            return None
        count, moves = found
        wins.count += count
        wins.moves.extend(moves)
    return wins


def _heap_moves(
    game: HeapGame, pp: ProvenPeriod, heaps: tuple[int, ...], i: int, t: int, room: int
) -> tuple[int, list[Move[Heaps]]] | None:
    """(how many moves turn heap ``i`` into heaps of value ``t``, the first ``room`` of them)."""
    h = heaps[i]
    if game.subtraction_set is not None:
        left = [h - k for k in game.subtraction_set if k <= h and pp.value(h - k) == t]
        return len(left), [game.heap_move(heaps, i, (n,)) for n in left[: max(room, 0)]]
    if game.excluded is not None:
        # Any smaller heap whose difference is not excluded: count the heaps of value t below h,
        # then drop the few reached by an excluded number.
        count, first = pp.heaps_of_value(t, h, room + len(game.excluded))
        banned = {h - k for k in game.excluded if k <= h and pp.value(h - k) == t}
        count -= len(banned)
        left = [n for n in first if n not in banned][: max(room, 0)]
        return count, [game.heap_move(heaps, i, (n,)) for n in left]
    code = getattr(game, "code", None)
    if code is None or code.repeat:
        return None
    count, moves = 0, list[Move[Heaps]]()
    for k in range(min(len(code.digits), h + 1)):  # as TakeAndBreak.heap_options reads the code
        d = code.digit(k)
        rest = h - k
        if d & 1 and rest == 0 and t == 0:
            count += 1
            if len(moves) < room:
                moves.append(game.heap_move(heaps, i, (0,)))
        if d & 2 and rest >= 1 and pp.value(rest) == t:
            count += 1
            if len(moves) < room:
                moves.append(game.heap_move(heaps, i, (rest,)))
        if d & 4 and rest >= 2:
            n, first = _splits(pp, rest, t, max(room - len(moves), 0))
            count += n
            moves.extend(game.heap_move(heaps, i, (a, rest - a)) for a in first)
    return count, moves


def _splits(pp: ProvenPeriod, rest: int, t: int, room: int) -> tuple[int, list[int]]:
    """Splits of ``rest`` into heaps ``a <= rest - a`` (``a >= 1``) with ``G(a) ⊕ G(rest - a) = t``:
    how many, and the ``room`` smallest ``a``.  Small ``a`` one by one; from ``n0`` on (then
    ``rest - a >= n0`` too) the pair's values depend only on ``a``'s residue class."""
    n0, p = pp.preperiod, pp.period
    top = rest // 2
    direct_to = min(top, n0 + 2 * p if rest > 4 * (n0 + p) else top)
    count, first = 0, list[int]()
    for a in range(1, direct_to + 1):
        if pp.value(a) ^ pp.value(rest - a) == t:
            count += 1
            if len(first) < room:
                first.append(a)
    if direct_to == top:
        return count, first
    lo = direct_to + 1  # >= n0, and rest - a >= n0 for every a <= top
    for a0 in range(lo, lo + p):
        if pp.value(a0) ^ pp.value(rest - a0) == t and a0 <= top:
            count += (top - a0) // p + 1
    if len(first) < room:
        more: list[int] = []
        for a0 in range(lo, lo + p):
            if pp.value(a0) ^ pp.value(rest - a0) == t:
                a = a0
                while a <= top and len(more) < room:
                    more.append(a)
                    a += p
        first.extend(sorted(more)[: room - len(first)])
    return count, first


def explain(game: HeapGame, position: Heaps, analysis: Analysis, rule: str = "") -> str | None:
    """The "why" from the proof: the period and its theorem, each heap's residue, the nim-sum, the
    winning moves (counted).  ``rule`` is the game's own first sentence (``S = {1, 2, 3}``)."""
    a = analysis
    pp = None if a.misere else cited(game, position)
    if pp is None:
        return None
    heaps = heap_tuple(position)
    head = f"{rule}: the" if rule else "The"
    lines = [f"{head} Grundy values have {pp.describe()} ({pp.proof})."]
    values = [pp.value(h) for h in heaps[:MAX_LISTED]]
    lines += [f"  {residue(pp, h)}" for h in heaps[:MAX_LISTED]]
    if len(heaps) > 1:
        lines.append(f"  nim-sum: {xor_text(values)}" + (" (first heaps only)" if len(heaps) > MAX_LISTED else ""))
    end = f"The Grundy value is {num(a.grundy) if isinstance(a.grundy, int) else a.grundy}, {verdict(a)}."
    wins = (winning_moves(game, position) or _listed(a)) if a.grundy else None
    if wins is not None and wins.count:
        first = wins.moves[0].label
        more = "" if wins.count == 1 else f" (one of {plural(wins.count, 'winning move')})"
        end += f" Move to a position of value 0: {first}{more}."
    lines.append(end)
    return "\n".join(lines)


def _listed(a: Analysis) -> Wins | None:
    """The winning moves the search listed (a small heap's), as :class:`Wins`."""
    return Wins(list(a.winning_moves), len(a.winning_moves)) if a.winning_moves_listed else None


def residue(pp: ProvenPeriod, h: int) -> str:
    """How the period gives heap ``h``'s value: ``13 ≡ 1 (mod 4), so G(13) = G(1) = 1``."""
    r, v = pp.reduced(h), pp.value(h)
    if r == h:
        return f"G({h}) = {v}"
    if pp.saltus:
        k = (h - r) // pp.period
        return f"{num(h)} = {r} + {num(k)}·{pp.period}, so G({num(h)}) = G({r}) + {num(k)}·{pp.saltus} = {num(v)}"
    mod = f"mod {pp.period}" if pp.preperiod == 0 else f"mod {pp.period}, past the preperiod"
    return f"{num(h)} ≡ {r} ({mod}), so G({num(h)}) = G({r}) = {v}"


def grounds(game: HeapGame, position: Heaps) -> str | None:
    """Where the value of a position with a big heap comes from, in a clause (a sum's "why" cites it
    beside this part's value): the proven period and each heap's residue; ``None`` without one.

    >>> from zermelo.heaps.subtraction import Subtraction
    >>> grounds(Subtraction({1, 2, 3}), 1001)
    'period 4 from 0, proven: G(n) = G(n mod 4); 1001 ≡ 1 (mod 4), so G(1001) = G(1) = 1'
    """
    pp = cited(game, position)
    if pp is None:
        return None
    heaps = heap_tuple(position)
    more = "; …" if len(heaps) > MAX_LISTED else ""
    return f"{pp.describe()}; " + "; ".join(residue(pp, h) for h in heaps[:MAX_LISTED]) + more


def reasons(game: HeapGame, position: Heaps) -> tuple[Reason, ...]:
    """The proven period behind a big heap's value, as data (:func:`grounds` in words).

    >>> from zermelo.heaps.subtraction import Subtraction
    >>> reasons(Subtraction({1, 2, 3}), 1001)
    (Period(preperiod=0, period=4, saltus=0),)
    >>> reasons(Subtraction({1, 2, 3}), 21)  # the notes' own numbers cite it too
    (Period(preperiod=0, period=4, saltus=0),)
    """
    pp = cited(game, position)
    return () if pp is None else (Period(pp.preperiod, pp.period, pp.saltus),)


def some_winning_move(game: HeapGame, position: Heaps) -> Move[Any] | None:
    """One winning move from the period (``solve`` names it when the list is too long)."""
    wins = winning_moves(game, position)
    return wins.moves[0] if wins is not None and wins.moves else None
