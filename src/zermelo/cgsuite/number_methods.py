"""CGSuite's methods of a number that is not (only) a short game: ``(6/23).Floor``,
``(1/3).Reciprocal``, ``omega.Sign``, ``(-omega).IsOrdinal``, ``3 Max 5``, ``(17/0).OutcomeClass``.

Numbers are :class:`~zermelo.values.surreal.Surreal`; a dyadic rational answers these too (and
every property of its canonical form through :mod:`.methods`).

>>> from zermelo.cgsuite import evaluate
>>> [evaluate(t) for t in ("(-3/16).Floor", "(6/23).Reciprocal", "(omega-5).IsOrdinal", "(-6/23).OutcomeClass")]
['-1', '23/6', 'false', 'R']
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from ..values.game import Game
from ..values.surreal import INF, Surreal, surreal
from .errors import CGSuiteError
from .values import as_number

__all__ = ["NUMBER_METHODS", "is_number_call", "number_call"]

Method = Callable[[Surreal, list[Any]], Any]


def _rational(x: Surreal, what: str) -> Surreal:
    if not x.is_rational():
        raise CGSuiteError(f"Not a method or member variable: `{what}` (that number is not rational: {x})")
    return x


def _rounded(round_: Callable[[Any], int], what: str) -> Method:
    def method(x: Surreal, _args: list[Any]) -> Surreal:
        if _rational(x, what).is_infinite():
            raise CGSuiteError("/ by zero")
        return surreal(round_(x.as_fraction()))

    return method


def _reciprocal(x: Surreal, _args: list[Any]) -> Surreal:
    if x.is_infinite():
        return surreal(0)
    if x.sign() == 0:
        return INF
    return Surreal.of(1, x)


def _other(args: list[Any], what: str) -> Surreal:
    if len(args) != 1 or as_number(args[0]) is None:
        raise CGSuiteError(f"{what} takes one number")
    y = as_number(args[0])
    assert y is not None
    return y


def _outcome(x: Surreal, _args: list[Any]) -> str:
    return "L" if x.sign() > 0 else "R" if x.sign() < 0 else "P"


NUMBER_METHODS: dict[str, Method] = {
    "Numerator": lambda x, _a: _rational(x, "Numerator").numerator,
    "IsDyadic": lambda x, _a: x.is_dyadic(),
    "Floor": _rounded(math.floor, "Floor"),
    "Ceiling": _rounded(math.ceil, "Ceiling"),
    "Reciprocal": lambda x, a: _reciprocal(_rational(x, "Reciprocal"), a),
    "Sign": lambda x, _a: surreal(x.sign()),
    "Max": lambda x, a: max(x, _other(a, "Max")),
    "Min": lambda x, a: min(x, _other(a, "Min")),
    "OutcomeClass": _outcome,
    "IsOrdinal": lambda x, _a: x.is_ordinal() and not x.is_infinite(),
}


def is_number_call(value: Any, name: str) -> bool:
    """``value.name`` is answered here: a number's own method (a dyadic's ``OutcomeClass`` and
    ``IsOrdinal`` stay with its canonical form, which agrees)."""
    x = as_number(value) if name in NUMBER_METHODS else None
    if x is None:
        return False
    return not (name in ("OutcomeClass", "IsOrdinal") and (isinstance(value, Game) or x.is_dyadic()))


def number_call(value: Any, name: str, args: list[Any] | None) -> Any:
    x = as_number(value)
    assert x is not None
    return NUMBER_METHODS[name](x, [] if args is None else args)
