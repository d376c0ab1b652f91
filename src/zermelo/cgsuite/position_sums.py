"""CGSuite's sums, differences and negatives of a ruleset's positions, kept as CGSuite keeps them.

A ruleset's position is no canonical form, so CGSuite's ``+`` (its ``Ops.Plus``) does not add it
up: it builds a compound, printed as written and valued by ``.CanonicalForm``.

* ``G + H``: the integer 0 on either side gives the other; two impartial games (positions of
  impartial rulesets, nimbers, sums of them) make a ``game.CompoundImpartialGame``; anything else
  a ``game.CompoundGame`` (``game.grid.Domineering("..") + 1``).
* ``-G``: an impartial game is its own negative (``-game.heap.Nim(3)`` is ``game.heap.Nim(3)``); a
  partizan position's is a ``game.NegativeGame``; a sum's is the sum of the negatives, a plain
  ``game.CompoundGame``; an impartial sum's is itself.
* ``G - H`` is ``G + -H`` built by CGSuite's ``Game`` itself, so always a plain
  ``game.CompoundGame``, impartial parts or not: ``game.heap.Nim(3) - game.heap.Nim(2)`` prints
  ``game.heap.Nim(3) + game.heap.Nim(2)`` (a nim heap is its own negative).

Their options, sensible options and followers come from the parts' own options, as CGSuite's
compounds build them (:mod:`.kept_options`).  A loopy ruleset's position, a twisted variant's and a
scored game's are added by their values, as before.  The classes are :mod:`.instances`'s.

>>> from zermelo.cgsuite import evaluate
>>> evaluate("game.heap.Nim(3) + game.heap.Kayles(4)"), evaluate("(game.heap.Nim(3) + game.heap.Kayles(4)).NimValue")
('game.heap.Nim(3) + game.heap.Kayles(4)', '2')
>>> evaluate('game.grid.Domineering("..") - game.grid.Domineering("...")')
'game.grid.Domineering("..") + -game.grid.Domineering("...")'
"""

from __future__ import annotations

from typing import Any

from ..values.game import ZERO
from ..values.misere import MisereGame
from . import misere_sums  # noqa: F401  (registers the misère forms of the sums kept here)
from .errors import CGSuiteError
from .rulesets import Position, as_value
from .values import Compound, Explicit, Negative, arith, as_game, is_written, negate

__all__ = ["holds_position", "negative_of", "sum_of"]


def holds_position(v: Any) -> bool:
    """Whether v is a kept position (:meth:`Position.kept`), or a negative or compound of one."""
    if isinstance(v, Position):
        return v.kept()
    if isinstance(v, Compound):
        return holds_position(v.a) or holds_position(v.b)
    return isinstance(v, Negative)


def sum_of(op: str, a: Any, b: Any) -> Any:
    """``a + b`` (op ``+``) or ``a - b`` (op ``-``), as CGSuite's operators (the module's note)."""
    if not (holds_position(a) or holds_position(b)) or not (_short(a) and _short(b)):
        return arith(op, as_value(a), as_value(b))
    if _zero(b):
        return a
    if _zero(a):
        return b if op == "+" else negate(b)
    return Compound("+", a, b) if op == "+" else Compound("+", a, negate(b), plain=True)


def negative_of(v: Any) -> Any:
    """``-v``: a kept position's negative as CGSuite's (the module's note), any other its value's."""
    return negate(v if holds_position(v) else as_value(v))


def _short(v: Any) -> bool:
    """Whether v is a short game that CGSuite's ``+`` makes a compound with."""
    if holds_position(v) or isinstance(v, Explicit | Compound | MisereGame):  # a misère form: an ImpartialGame
        return True
    if is_written(v) or isinstance(v, Position):  # a loopy position: its own sums
        return False
    try:
        as_game(v)
    except CGSuiteError:
        return False
    return True


def _zero(v: Any) -> bool:
    """Whether v is CGSuite's integer 0 (a canonical zero, not a position or a form worth 0)."""
    return not is_written(v) and not isinstance(v, Position) and as_game(v) is ZERO
