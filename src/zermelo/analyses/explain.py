"""The "why" of an analysis, in the words of the lecture notes.

A game with a theory says its own "why" beside its rules, in its
:meth:`~zermelo.rules.Rules.explain` hook: Nim (Bouton's binary columns and the highest bit of the
nim-sum), Wythoff (the Beatty pairs (⌊kφ⌋, ⌊kφ²⌋) and which winning family applies), the notes'
games.  This module holds only what is generic, used when the game has nothing to say, in this
order:

* a sum of independent games (:class:`~zermelo.rules.Sum`, or a position a game splits into
  ``components``): the nim-sum of the components' Grundy values (Sprague–Grundy);
* an impartial position: the mex of its options' Grundy values;
* misère play and games with cycles: backward induction (P/N) and generalized Grundy values ∞(K).

Explanations stay bounded on huge positions: no explainer enumerates more than :data:`MAX_MOVES`
moves, and one whose position is too big to list says what it knows from the formula instead.

>>> from zermelo.analyses.analysis import solve
>>> class Take12(Impartial[int]):
...     def options(self, n: int) -> list[int]:
...         return [n - k for k in (1, 2) if k <= n]
>>> print(solve(Take12(), 3).explanation)  # doctest: +NORMALIZE_WHITESPACE
The 2 moves lead to positions of Grundy values {1, 2}; the mex (least value not among them) is 0,
so the Grundy value is 0: no move reaches a P-position (value 0), so the player to move loses
(a P-position): every move leads to an N-position.
"""

from __future__ import annotations

from itertools import islice
from typing import TYPE_CHECKING, Any

from ..core.errors import ZermeloError
from ..core.limits import Limits
from ..core.reasons import ClosedForm, NimSum, Reason, Why
from ..core.reasons import Loopy as LoopyValue
from ..core.sprague_grundy import GValue, Loopy, nim_sum
from ..rules import Impartial, Move, Outcome, summands
from ..rules.wording import (
    MAX_LISTED,
    MAX_MOVES,
    move_and_result,
    num,
    plural,
    some_winning_move,
    too_big,
    values_text,
    verdict,
)
from ..search.engine import engine_for

if TYPE_CHECKING:
    from .analysis import Analysis

__all__ = ["MAX_MOVES", "explain", "generic"]

#: Searches an explanation starts itself (options' values, components' values) stay this small: a budget
#: of positions, never a clock (the analysis' own deadline still applies: `deadline_scope`).
EXPLAIN_LIMITS = Limits(1_000_000)


def explain(game: Impartial[Any], position: Any, analysis: Analysis) -> Why:
    """A short explanation of why the position has its outcome, in words and typed reasons.

    The game's own "why" (its :meth:`~zermelo.rules.Rules.explain` hook) if it gives one, else
    the nim-sum of a sum's components, else the generic reasons (mex rule, misère or loopy
    backward induction).  The reasons: the hook's, then what the analysis itself shows (a loopy
    value, a sum's nim-sum, the proven periods of its parts: :meth:`~zermelo.rules.Rules.reasons`).
    """
    said = game.explain(position, analysis)
    own = said.reasons if isinstance(said, Why) else ()
    parts = summands(game, position)
    text = said.text if isinstance(said, Why) else said
    if text is None:
        text = _sum(game, position, analysis, parts)
    if text is None:
        text = generic(game, position, analysis)
    return Why(text, own + _reasons(parts, analysis))


def _reasons(parts: list[tuple[Impartial[Any], Any]], a: Analysis) -> tuple[Reason, ...]:
    """What the analysis shows whatever the game says: a loopy value, a sum, its parts' grounds."""
    found: list[Reason] = []
    if isinstance(a.grundy, Loopy) or a.outcome is Outcome.DRAW:
        found.append(LoopyValue(str(a.grundy) if a.grundy is not None else "draw"))
    if len(parts) > 1 and not a.misere:
        found.append(NimSum(len(parts)))
    if not a.misere:
        for rules, part in parts[:MAX_LISTED]:
            found += [r for r in rules.reasons(part) if r not in found]
    return tuple(found)


# ---------------------------------------------------------------------- generic reasons
def generic(game: Impartial[Any], position: Any, a: Analysis) -> str:
    """The backward-induction reasons: the mex rule, or the P/N rule under misère play or with cycles."""
    closed = any(isinstance(r, ClosedForm) for r in a.reasons)
    if too_big(game, position) and closed:
        if a.grundy is not None:
            return f"The Grundy value is {a.grundy} (from the game's closed form), {verdict(a)}."
        return f"By the game's closed form, {verdict(a)[3:]}."
    # No closed form settled it: the engine searched, and its options' values (cached by that search)
    # give the mex — however large the position's graph, as long as its moves can be listed.
    moves = list(islice(game.moves(position), MAX_MOVES + 1))
    if len(moves) > MAX_MOVES:
        return _searched(a)
    if not moves:
        if a.misere:
            return "No move is possible: under misère play the player who cannot move wins, so the player to move wins."
        return "No move is possible: under normal play the player who cannot move loses (a P-position; Grundy value 0)."
    if a.misere:
        return _misere(game, moves, a)
    if isinstance(a.grundy, Loopy) or a.outcome is Outcome.DRAW:
        return _loopy(game, moves, a)
    if a.grundy is None:
        return _backward(game, moves, a, "")
    return _mex(game, moves, a)


def _mex(game: Impartial[Any], moves: list[Move[Any]], a: Analysis) -> str:
    try:
        values = engine_for(game).grundies([m.position for m in moves], EXPLAIN_LIMITS)
    except ZermeloError:
        return _searched(a)
    finite = sorted({v for v in values if isinstance(v, int)})
    loopy = any(isinstance(v, Loopy) for v in values)
    g = a.grundy
    head = (
        f"The {plural(len(moves), 'move')} lead{'s' if len(moves) == 1 else ''} to positions of Grundy values "
        f"{values_text(finite)}; "
        f"the mex (least value not among them) is {g}"
    )
    if loopy:
        head += ", and every option of value ∞ can be answered by a move back to a position of value " + str(g)
    if g == 0:
        return (
            f"{head}, so the Grundy value is 0: no move reaches a P-position (value 0), "
            f"{verdict(a)}: every move leads to an N-position."
        )
    reply = ""
    if a.winning_moves:
        m = a.winning_moves[0]
        reply = f" Move to a position of value 0: {move_and_result(m, game)}."
    return f"{head}, so the Grundy value is {g}, not 0, {verdict(a)}.{reply}"


def _searched(a: Analysis) -> str:
    """What the engine's search found, when its steps are too many to show: no closed form is claimed."""
    if a.grundy is None:
        return f"The engine's search of the game graph (backward induction) finds that {verdict(a)[3:]}."
    return (
        f"The engine's search of the game graph (the mex rule, from the end positions back) finds the Grundy "
        f"value {a.grundy}, {verdict(a)}."
    )


def _backward(game: Impartial[Any], moves: list[Move[Any]], a: Analysis, prefix: str) -> str:
    if a.outcome is Outcome.N:
        win = some_winning_move(a, game)
        return f"{prefix}Some move leads to a position where the opponent loses, {verdict(a)}.{win}"
    if a.outcome is Outcome.P:
        return (
            f"{prefix}{'The only move leads' if len(moves) == 1 else f'Every one of the {len(moves):,} moves leads'}"
            f" to a position where the opponent wins (an N-position), {verdict(a)}."
        )
    return f"{prefix}No move leads to a lost position, but some move avoids losing for ever, {verdict(a)}."


def _misere(game: Impartial[Any], moves: list[Move[Any]], a: Analysis) -> str:
    prefix = (
        "Misère play: the player who cannot move wins, so the Sprague–Grundy values do not decide the game; "
        "backward induction does (a terminal position is an N-position). "
    )
    return _backward(game, moves, a, prefix)


def _loopy(game: Impartial[Any], moves: list[Move[Any]], a: Analysis) -> str:
    g = a.grundy
    head = "This game has cycles, so positions get generalized Sprague–Grundy values (Smith; Fraenkel). "
    if isinstance(g, Loopy):
        k = sorted(g.finite)
        head += f"This position has value {g}: its options' finite values are {values_text(k)}"
        if 0 in g.finite:
            return (
                head + ", and 0 is among them: moving to a position of value 0 wins, "
                f"{verdict(a)}.{some_winning_move(a, game)}"
            )
        return (
            head + ", and 0 is not among them: the player to move cannot reach a P-position, but can always move "
            f"to a position of value ∞ and never be forced to lose, {verdict(a)}."
        )
    return head + _backward(game, moves, a, "")


# ---------------------------------------------------------------------- sums
def _sum(game: Impartial[Any], position: Any, a: Analysis, parts: list[tuple[Impartial[Any], Any]]) -> str | None:
    """The Sprague–Grundy explanation of a sum: XOR the components' values; None if not a sum."""
    if a.misere:
        return None
    if len(parts) < 2:
        return None
    values: list[GValue] = []
    try:
        for rules, part in parts:
            f = rules.grundy_formula(part)
            values.append(f if f is not None else engine_for(rules).grundy(part, EXPLAIN_LIMITS))
    except ZermeloError:
        return None
    if any(isinstance(v, Loopy) for v in values):
        return None  # ∞ values do not simply XOR: the generic reasons explain it
    ints = [int(v) for v in values if isinstance(v, int)]
    total = nim_sum(*ints)
    lines = [
        f"The position is a sum of {len(parts)} independent games; by the Sprague–Grundy theorem its "
        "Grundy value is the nim-sum (XOR) of theirs."
    ]
    for i, ((rules, part), v) in enumerate(zip(parts, ints, strict=True)):
        if i == MAX_LISTED:
            lines.append(f"  … and {len(parts) - MAX_LISTED} more")
            break
        grounds = rules.grundy_grounds(part)  # a proven period, say: why the part has that value
        cite = f" ({grounds})" if grounds else ""
        lines.append(f"  {rules.spec()} {rules.format(part)}: Grundy value {num(v)}{cite}")
    xor = " ⊕ ".join(num(v) for v in ints[:MAX_LISTED]) + (" ⊕ …" if len(ints) > MAX_LISTED else "")
    lines.append(f"  {xor} = {num(total)}")
    if total == 0:
        lines.append(
            f"The nim-sum is 0, {verdict(a)}: a move changes one component's value, which makes the nim-sum non-zero."
        )
    else:
        hot = [i for i, v in enumerate(ints) if v ^ total < v]
        i = hot[0]
        rules, part = parts[i]
        target = ints[i] ^ total
        how = _move_to_value(rules, part, target)
        lines.append(
            f"The nim-sum is {num(total)}, not 0, {verdict(a)}: move in {rules.spec()} {rules.format(part)} "
            f"(value {num(ints[i])}) to a position of value {num(ints[i])} ⊕ {num(total)} = {num(target)}"
            + (f" ({how})" if how else "")
            + ", which makes the nim-sum 0."
        )
    return "\n".join(lines)


def _move_to_value(rules: Impartial[Any], part: Any, target: int) -> str | None:
    """A move of one summand to a position of Grundy value ``target``, in words, if cheaply found."""
    if too_big(rules, part):
        return None
    moves = list(islice(rules.moves(part), MAX_MOVES + 1))
    if not moves or len(moves) > MAX_MOVES:
        return None
    try:
        values = engine_for(rules).grundies([m.position for m in moves], EXPLAIN_LIMITS)
    except ZermeloError:
        return None
    for m, v in zip(moves, values, strict=True):
        if v == target:
            return move_and_result(m, rules)
    return None
