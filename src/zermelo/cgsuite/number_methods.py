"""CGSuite's methods of a number that is not (only) a short game: ``(6/23).Floor``,
``(1/3).Reciprocal``, ``omega.Sign``, ``(-omega).IsOrdinal``, ``3 Max 5``, ``(17/0).OutcomeClass``;
an integer's ``17.Div(4)``, ``Lb``, ``Isqrt``, ``IsEvil``, ``IsOdious``, ``IsTwoPower``, ``IsSmallInteger``.

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


def _whole(x: Surreal, what: str) -> int:
    if not x.is_integer():
        raise CGSuiteError(f"Not a method or member variable: `{what}` (that number is not an integer: {x})")
    return int(x.as_fraction())


def _natural(x: Surreal, what: str) -> int:
    n = _whole(x, what)
    if n < 0:
        raise CGSuiteError(f"{what} applies only to nonnegative integers.")
    return n


def _div(x: Surreal, args: list[Any]) -> Surreal:
    """a.Div(b): a / b rounded toward zero (the floor of a/b when a/b >= 0, else its ceiling)."""
    a, b = _whole(x, "Div"), _whole(_other(args, "Div"), "Div")
    if b == 0:
        raise CGSuiteError("/ by zero")
    q = abs(a) // abs(b)
    return surreal(q if (a < 0) == (b < 0) else -q)


def _lb(x: Surreal, _args: list[Any]) -> Surreal:
    n = _whole(x, "Lb")
    if n <= 0:
        raise CGSuiteError(f"Argument to Lb is not strictly positive: {n}")
    return surreal(n.bit_length() - 1)


def _isqrt(x: Surreal, _args: list[Any]) -> Surreal:
    n = _whole(x, "Isqrt")
    if n < 0:
        raise CGSuiteError(f"Argument to Isqrt is negative: {n}")
    return surreal(math.isqrt(n))


NUMBER_METHODS: dict[str, Method] = {
    "Div": _div,
    "Lb": _lb,
    "Isqrt": _isqrt,
    "IsEvil": lambda x, _a: _natural(x, "IsEvil").bit_count() % 2 == 0,
    "IsOdious": lambda x, _a: _natural(x, "IsOdious").bit_count() % 2 == 1,
    "IsTwoPower": lambda x, _a: (n := _whole(x, "IsTwoPower")) > 0 and n & (n - 1) == 0,
    "IsSmallInteger": lambda x, _a: -(2**31) <= _whole(x, "IsSmallInteger") < 2**31,
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
