"""The "why" of an analysis, in the words of the lecture notes.

Each explainer gets the rules, the position and the finished :class:`~zermelo.analysis.Analysis`
and returns a few sentences.  Games with a theory (Nim: Bouton's binary columns; Wythoff: the
Beatty pairs) get their own; every impartial game gets the mex rule; every sum the XOR.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import islice
from typing import TYPE_CHECKING, Any

from .engine import Loopy, engine_for
from .rules import Impartial, Outcome

if TYPE_CHECKING:
    from .analysis import Analysis

__all__ = ["explain", "explainer"]

#: Explanations that list options look at no more than this many moves.
MAX_MOVES = 100_000

Explainer = Callable[[Impartial[Any], Any, "Analysis"], str]
_EXPLAINERS: dict[type, Explainer] = {}


def explainer(cls: type) -> Callable[[Explainer], Explainer]:
    """Register the explainer of a game class (used for its subclasses too)."""

    def deco(fn: Explainer) -> Explainer:
        _EXPLAINERS[cls] = fn
        return fn

    return deco


def explain(game: Impartial[Any], position: Any, analysis: Analysis) -> str:
    """A short explanation of why the position has its outcome."""
    for cls in type(game).__mro__:
        fn = _EXPLAINERS.get(cls)
        if fn is not None:
            return fn(game, position, analysis)
    return generic(game, position, analysis)


def _verdict(a: Analysis) -> str:
    if a.outcome is Outcome.P:
        return "so the player to move loses (a P-position)"
    if a.outcome is Outcome.N:
        return "so the player to move wins (an N-position)"
    return "so neither player can force a win: with best play the game goes on for ever (a draw)"


def generic(game: Impartial[Any], position: Any, a: Analysis) -> str:
    """The backward-induction reasons: the mex rule, or the P/N rule under misère play."""
    moves = list(islice(game.moves(position), MAX_MOVES + 1))
    if len(moves) > MAX_MOVES:
        return f"The Grundy value is {a.grundy}, {_verdict(a)}." if a.grundy is not None else f"{_verdict(a)}."
    if not moves:
        who = "wins" if a.misere else "loses"
        return f"No move is possible: under {'misère' if a.misere else 'normal'} play the player to move {who}."
    if a.misere or a.grundy is None or isinstance(a.grundy, Loopy):
        if a.outcome is Outcome.N:
            return f"Some move leads to a position where the opponent loses, {_verdict(a)}."
        if a.outcome is Outcome.P:
            return f"Every one of the {len(moves)} moves leads to a position where the opponent wins, {_verdict(a)}."
        return f"No move leads to a lost position, but some move avoids losing for ever, {_verdict(a)}."
    eng = engine_for(game)
    try:
        values = sorted({int(v) for v in eng.grundies([m.position for m in moves]) if isinstance(v, int)})
    except Exception:
        return f"The Grundy value is {a.grundy}, {_verdict(a)}."
    shown = ", ".join(map(str, values[:12])) + (", …" if len(values) > 12 else "")
    return (
        f"The options have Grundy values {{{shown}}}; the mex (least value not among them) is "
        f"{a.grundy}, {_verdict(a)}."
    )
