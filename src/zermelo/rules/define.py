"""A game in a few lines: ``@impartial``, ``@partisan`` and ``@scored`` turn a function (or a class
with only the rules) into a game every analysis, command and the web explorer take.

The decorator only describes rules: it adds the text form, ``parse``, ``key``, labelled moves and
a table layout for positions that are ints, tuples of ints or strings, and never searches.

>>> @impartial
... def divisors(n):
...     '''Subtract a proper divisor of n.'''
...     return [n - d for d in range(1, n) if n % d == 0]
>>> sorted(divisors.options(12)), divisors.parse("12"), divisors.format(12)
([6, 8, 9, 10, 11], 12, '12')
>>> [m.label for m in divisors.moves(4)]
['4 -> 3', '4 -> 2']

A function with more parameters than the position is a family; calling it binds them:

>>> @impartial
... def bachet(n, k):
...     return [n - t for t in range(1, min(n, k) + 1)]
>>> bachet(3).options(5), bachet(3).spec()
([4, 3, 2], 'bachet:3')

Hooks (closed forms, components, a board, the "why") are keyword arguments of the decorator, or
methods of a decorated class, as for a game written in full (docs/architecture.md's hook table).
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Hashable, Iterable, Iterator
from typing import Any, ClassVar, TypeVar

from ..core.checks import is_digits, shown
from ..core.errors import InvalidPosition
from . import Impartial, Move, Partisan, Rules, Scored, validate_by_text

__all__ = ["POSITION_KINDS", "Defined", "impartial", "partisan", "scored"]

#: What a position may be by default: a whole number, a tuple of them, or a string.  ``None``
#: (the default) reads text of whole numbers as a number or a tuple, any other text as a string.
POSITION_KINDS = ("int", "tuple", "str")

T = TypeVar("T")


def _number(word: str) -> int | None:
    body = word[1:] if word[:1] in "+-" else word
    if not is_digits(body) or len(body) > 4000:
        return None
    return int(word)


class Defined(Rules[Any]):
    """What a decorated game gets by default: the text form of ints, tuples of ints and strings,
    keys, labels, parameters bound by a call, and the spec it was loaded by."""

    #: ``"int"``, ``"tuple"``, ``"str"`` or ``None`` (guessed from the text): see :data:`POSITION_KINDS`.
    positions: ClassVar[str | None] = None
    #: The table's cell template (``"{n}"``, ``"{r} {c}"``); ``None``: from the kind of positions.
    table: ClassVar[str | None] = None
    #: How many parameters the rules take after the position (a family like ``bachet(n, k)``).
    needs: ClassVar[int] = 0

    #: The parameters bound after the position (a decorated class sets its own in ``__init__``).
    params: tuple[Any, ...] = ()
    #: The spec the game was loaded by (``divisors.py:game``), set by the command line.
    loaded_as: str | None = None

    def __init__(self, *params: Any) -> None:
        self.params = params

    def __call__(self, *params: Any) -> Any:
        """The game with its parameters bound (``bachet(3)``)."""
        if len(params) != self.needs:
            raise InvalidPosition(f"{self.name} takes {self.needs} parameter(s) after the position, got {len(params)}")
        return type(self)(*params)

    def spec(self) -> str:
        if self.loaded_as is not None:
            return self.loaded_as
        return ":".join([self.name, ",".join(str(p) for p in self.params)]) if self.params else self.name

    def table_template(self) -> str | None:
        if self.table is not None:
            return self.table
        return {"int": "{n}", None: "{n}", "tuple": "{r} {c}"}.get(self.positions)

    def parse(self, text: str) -> Any:
        kind = self.positions
        if kind == "str":
            return text.strip()
        words = text.replace(",", " ").split()
        numbers = [_number(w) for w in words]
        if kind is None and words and None in numbers:
            return " ".join(words)  # a string position
        if not words:
            raise InvalidPosition(f"{self.name}: give a position, like '10'")
        if None in numbers:
            bad = words[numbers.index(None)]
            raise InvalidPosition(f"{self.name}: a position is whole numbers here, got {shown(bad)}")
        ints: list[int] = [n for n in numbers if n is not None]
        if kind == "tuple" or (kind is None and len(ints) > 1):
            return tuple(ints)
        if len(ints) != 1:
            raise InvalidPosition(f"{self.name}: a position is one whole number, got {shown(text.strip())}")
        return ints[0]

    def format(self, position: Any) -> str:
        if isinstance(position, tuple):
            return " ".join(str(p) for p in position)
        return str(position)

    def validate(self, position: Any) -> Any:
        ok = (
            isinstance(position, str)
            or (type(position) is int)
            or (isinstance(position, tuple) and all(type(p) is int for p in position))
        )
        if not ok:
            raise InvalidPosition(
                f"{self.name}: a position is a whole number, a tuple of them or a string, got {shown(position)}"
            )
        return validate_by_text(self, position)

    def key(self, position: Any) -> Hashable:
        return position  # type: ignore[no-any-return]

    def label(self, position: Any, option: Any) -> str:
        """The default label of a move: ``21 -> 18``."""
        return f"{self.format(position)} -> {self.format(option)}"


def _arity(fn: Callable[..., Any]) -> int:
    """How many required positional parameters ``fn`` takes."""
    try:
        sig = inspect.signature(fn)
    except (TypeError, ValueError):
        return 1
    kinds = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
    return sum(1 for p in sig.parameters.values() if p.kind in kinds and p.default is inspect.Parameter.empty)


#: The hooks a decorator takes as keyword arguments (functions of the position, without ``self``).
_HOOKS = {
    "impartial": (
        "moves", "components", "key", "grundy_formula", "grundy_grounds", "outcome_formula",
        "winning_moves_formula", "size_hint", "parse", "format", "validate", "explain", "parse_move",
        "board", "board_parts", "board_clicks",
    ),
    "partisan": ("components", "key", "parse", "format", "validate", "explain", "parse_move", "board",
                 "left_moves", "right_moves", "value_key", "negative"),
    "scored": ("payoff", "key", "parse", "format", "validate", "explain", "parse_move", "board", "to_move",
               "evaluate", "order"),
}  # fmt: skip
#: The method holding a class's rules, whose annotation may name the kind of positions.
_RULES = {"impartial": "options", "partisan": "left_options", "scored": "moves"}
_FLAGS = ("positions", "table", "loopy", "subtraction_set", "name", "win_loss")


def _annotated_kind(fn: Any) -> str | None:
    """The kind of positions the rule's annotation names (``def f(w: str)``: ``"str"``), else None.

    Only an annotation decides: text of digits is otherwise read as a number, so a game on strings
    whose positions may be digits says ``w: str`` (or ``positions="str"``).

    >>> def f(w: str): ...
    >>> def g(p: "tuple[int, int]"): ...
    >>> def h(n, k: int): ...
    >>> _annotated_kind(f), _annotated_kind(g), _annotated_kind(h)
    ('str', 'tuple', None)
    """
    if fn is None:
        return None
    try:
        params = [p for p in inspect.signature(fn).parameters.values() if p.name != "self"]
    except (TypeError, ValueError):
        return None
    if not params:
        return None
    note = params[0].annotation
    text = note if isinstance(note, str) else getattr(note, "__name__", None) if isinstance(note, type) else str(note)
    if not isinstance(text, str):
        return None
    head = text.strip("\"'").replace("typing.", "").replace(" ", "").partition("[")[0]
    return {"str": "str", "int": "int", "tuple": "tuple", "Tuple": "tuple"}.get(head)


def _static(fn: Callable[..., Any]) -> Callable[..., Any]:
    def method(self: Any, *args: Any, **kwargs: Any) -> Any:
        return fn(*args, **kwargs)

    method.__name__ = getattr(fn, "__name__", "hook")
    method.__doc__ = getattr(fn, "__doc__", None)
    return method


def _build(kind: str, base: type, target: Any, flags: dict[str, Any], hooks: dict[str, Callable[..., Any]]) -> Any:
    unknown = sorted(set(hooks) - set(_HOOKS[kind]))
    if unknown:
        raise TypeError(f"@{kind} does not know {', '.join(unknown)}; its hooks: {', '.join(_HOOKS[kind])}")
    if flags.get("positions") not in (None, *POSITION_KINDS):
        raise TypeError(f"positions= is one of {', '.join(POSITION_KINDS)}, got {flags['positions']!r}")
    body: dict[str, Any] = {name: _static(f) for name, f in hooks.items()}
    body.update({k: v for k, v in flags.items() if k != "name" and v is not None})
    own = target if isinstance(target, type) else None
    if "positions" not in body and not (own is not None and "positions" in vars(own)):
        inferred = _annotated_kind(getattr(own, _RULES[kind], None) if own is not None else target)
        if inferred is not None:
            body["positions"] = inferred
    if isinstance(target, type):  # a class with the rules: the defaults go under its methods
        body["name"] = flags.get("name") or target.__name__
        body["__module__"] = target.__module__
        body["__doc__"] = target.__doc__
        if kind == "scored" and "moves" in vars(target):  # its moves may be bare positions: labelled here
            body["successors"] = vars(target)["moves"]
            body["moves"] = DefinedScored.moves
        return type(target.__name__, (target, base), body)
    rules: str = vars(base)["RULE"]  # the method the function is
    body["name"] = flags.get("name") or target.__name__
    body["needs"] = max(_arity(target) - 1, 0)
    body["__module__"] = target.__module__
    body["__doc__"] = target.__doc__

    def rule(self: Any, position: Any) -> Any:
        return target(position, *self.params)

    rule.__name__ = rules
    body[rules] = rule
    cls = type(target.__name__, (base,), body)
    return cls()


def _decorator(kind: str, base: type, target: Any, flags: dict[str, Any], hooks: dict[str, Any]) -> Any:
    if target is None:
        return lambda t: _build(kind, base, t, flags, hooks)
    return _build(kind, base, target, flags, hooks)


class DefinedImpartial(Defined, Impartial[Any]):
    """An impartial game from its options: labelled moves ``21 -> 18``."""

    RULE: ClassVar[str] = "options"

    def moves(self, position: Any) -> Iterable[Move[Any]]:
        for option in self.options(position):
            yield Move(self.label(position, option), option)


class DefinedPartisan(Defined, Partisan[Any]):
    """A partisan game from ``left_options`` / ``right_options`` (or one function giving both)."""

    RULE: ClassVar[str] = "both"

    def both(self, position: Any) -> tuple[Iterable[Any], Iterable[Any]]:
        """Left's and Right's options at once (a decorated function's result)."""
        raise NotImplementedError

    def left_options(self, position: Any) -> Iterable[Any]:
        return self.both(position)[0]

    def right_options(self, position: Any) -> Iterable[Any]:
        return self.both(position)[1]

    def negative(self, position: Any) -> Any:
        """The position with Left and Right swapped, when the game declares it (``None``: not
        declared); ``zermelo check`` then verifies G(-p) = -G(p)."""
        return None

    def _labelled(self, position: Any, options: Iterable[Any]) -> Iterator[Move[Any]]:
        if self.board(position) is not None:
            yield from super()._labelled(position, options)
            return
        for option in options:
            yield Move(self.label(position, option), option)


class DefinedScored(Defined, Scored[Any]):
    """A scored game from ``moves`` (options or labelled moves) and ``payoff``."""

    RULE: ClassVar[str] = "successors"

    def successors(self, position: Any) -> Iterable[Any]:
        """A decorated function's moves: positions, or :class:`~zermelo.rules.Move` s."""
        raise NotImplementedError

    def moves(self, position: Any) -> Iterable[Move[Any]]:
        for m in self.successors(position):
            yield m if isinstance(m, Move) else Move(self.label(position, m), m)


def impartial(target: Any = None, /, **options: Any) -> Any:
    """An impartial game from ``options(position)`` (a function, or a class whose ``options``
    method it is).  Keyword arguments: ``positions`` (``"int"``, ``"tuple"``, ``"str"``),
    ``table`` (a cell template), ``loopy`` (positions may repeat), ``subtraction_set`` (the
    options of n are n - s: ``zermelo sequence`` then proves the period), ``name``, and hooks."""
    flags = {k: options.pop(k) for k in _FLAGS if k in options}
    return _decorator("impartial", DefinedImpartial, target, flags, options)


def partisan(target: Any = None, /, **options: Any) -> Any:
    """A partisan game: a class with ``left_options`` and ``right_options``, or a function giving
    ``(left options, right options)``.  Keyword arguments as :func:`impartial`, and the hook
    ``negative(position)`` (the position with the players swapped)."""
    flags = {k: options.pop(k) for k in _FLAGS if k in options}
    return _decorator("partisan", DefinedPartisan, target, flags, options)


def scored(target: Any = None, /, *, payoff: Callable[[Any], int | None] | None = None, **options: Any) -> Any:
    """A scored game: a class with ``moves`` and ``payoff``, or a function giving the moves (the
    positions they lead to, or labelled moves) with ``payoff=`` the value of a finished position
    for the player to move (``None`` while the game goes on).  ``win_loss=True`` for -1 / 0 / 1."""
    flags = {k: options.pop(k) for k in _FLAGS if k in options}
    if payoff is not None:
        options["payoff"] = payoff
    return _decorator("scored", DefinedScored, target, flags, options)
