"""``G : x`` in the evaluator, CGSuite's ordinal sum: bounded (G : x walks x's form, one level a
day of x's birthday; x : y of numbers joins their sign expansions), kept as written when its
value depends on a form as written, a loopy ordinal sum when either side is loopy, else the value
engine's.

>>> from zermelo.cgsuite import evaluate
>>> evaluate("^ : 1"), evaluate("1 : 1/2")
('^[2]', '3/2')
"""

from __future__ import annotations

from typing import Any

from ..values.ordinal import ordinal_sum
from ..values.surreal import Surreal
from .errors import CGSuiteError
from .loopy import is_loopy, loopy_ordinal
from .printer import cgsuite_text
from .rulesets import Position
from .values import Compound, Explicit, as_game, is_written

__all__ = ["ordinal_sum_of"]

_MAX_ORDINAL_DAYS = 1000  # G : x, x a number: ^ : 1000 is ^[1001], printed in seconds
_MAX_STALK = 1_000_000  # x : y of numbers: the signs of a stalk


def _ordinal_bounds(a: Any, b: Any) -> None:
    """G : x walks x's form, one level a day of x's birthday; x : y of numbers joins their sign
    expansions: both bounded, said in one line (a day count past them would exhaust memory)."""
    x, y = (_days(v) for v in (a, b))
    if y is None:
        return
    most = _MAX_ORDINAL_DAYS if x is None else _MAX_STALK
    if y + (x or 0) > most:
        raise CGSuiteError(f"ordinal sums up to {most:,} days deep only, not {_short_text(a)} : {_short_text(b)}")


def _short_text(v: Any) -> str:
    text = cgsuite_text(v)
    return text if len(text) <= 24 else text[:21] + "..."


def _days(v: Any) -> int | None:
    """About the birthday of a short number (its integer part and binary places), else None."""
    if not isinstance(v, Surreal) or not v.is_dyadic():
        return None
    f = v.as_fraction()
    return abs(f.numerator) // f.denominator + f.denominator.bit_length() - 1


def ordinal_sum_of(a: Any, b: Any) -> Any:
    """``a : b``."""
    _ordinal_bounds(a, b)
    if isinstance(a, Explicit) and is_loopy(b):  # kept as written: its .GameValue is the loopy value
        return Compound(":", a, b)
    if is_loopy(a) or is_loopy(b):  # 1:off, over:1 (G by its canonical form)
        return loopy_ordinal(a if is_loopy(a) else as_game(a), b if is_loopy(b) else as_game(b))
    if is_written(a) or is_written(b) or _kept(a) or _kept(b):  # kept as written; its value depends on the form of G
        return Compound(":", a, b)
    return ordinal_sum(as_game(a), as_game(b))


def _kept(v: Any) -> bool:
    """A ruleset's position that CGSuite's ``:`` keeps in its compound (:meth:`Position.kept`)."""
    return isinstance(v, Position) and v.kept()
