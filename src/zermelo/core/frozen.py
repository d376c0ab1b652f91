"""Frozen records without :mod:`dataclasses`, for the classes every process imports.

Bottom floor: imports nothing of zermelo.  ``import dataclasses`` brings :mod:`inspect` (and with
it ``dis``, ``tokenize``, ``linecache``): 10-20 ms of CPU in a process of about 90 ms (issue 31's
``zermelo value domineering 3x3``, whole processes against pycgt), and each ``@dataclass`` class
execs generated code when it is defined.  The few records on the path of every command
(``Limits``, ``Move``, ``Loopy``) are written with :class:`Frozen` instead; the records that need no
code of their own (``Progress``, the catalogue's ``GameEntry`` and ``CGSuiteName``) are
:class:`typing.NamedTuple`.  Modules off that path keep using dataclasses.

A :class:`Frozen` subclass names its fields, in order, in ``__match_args__`` (as a dataclass's
are, for ``match``), makes them its ``__slots__`` (``__slots__ = __match_args__``: a literal
``__slots__`` is sorted by ruff's RUF023 fix, and the order is the constructor's) and sets them in
``__init__`` with :meth:`Frozen._fill`; it is then compared, hashed, shown and pickled by
those fields, in that order, as a frozen dataclass is, and refuses any later assignment.

>>> class Point(Frozen):
...     __match_args__ = ("x", "y")
...     __slots__ = __match_args__
...     x: int
...     y: int
...
...     def __init__(self, x: int, y: int = 0) -> None:
...         self._fill(x, y)
>>> p = Point(1, 2)
>>> p, p == Point(1, 2), p == Point(2, 1), hash(p) == hash(Point(1, 2))
(Point(x=1, y=2), True, False, True)
>>> p.replace(y=5)
Point(x=1, y=5)
>>> p.x = 3
Traceback (most recent call last):
AttributeError: Point is frozen: cannot assign to x
"""

from __future__ import annotations

from typing import Any, TypeVar

__all__ = ["Frozen"]

F = TypeVar("F", bound="Frozen")


class Frozen:
    """A record whose fields are its ``__match_args__`` (and slots): equal, hashed, shown and
    pickled by them, frozen."""

    __match_args__: tuple[str, ...] = ()
    __slots__ = ()

    def names(self) -> tuple[str, ...]:
        """The names of the fields, in order: the class's ``__match_args__``."""
        return type(self).__match_args__

    def _fill(self, *values: Any) -> None:
        """Set the fields, in order (for ``__init__``: assignment is refused afterwards)."""
        for name, value in zip(self.names(), values, strict=True):
            object.__setattr__(self, name, value)

    def fields(self) -> tuple[Any, ...]:
        """The values of the fields, in order."""
        return tuple(getattr(self, name) for name in self.names())

    def replace(self: F, **changes: Any) -> F:
        """A copy with some fields changed (as :func:`dataclasses.replace`): built by ``__init__``,
        so its checks run again."""
        values = {name: getattr(self, name) for name in self.names()}
        unknown = set(changes) - set(values)
        if unknown:
            raise TypeError(f"{type(self).__name__} has no field {sorted(unknown)[0]!r}")
        values.update(changes)
        return type(self)(**values)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} is frozen: cannot assign to {name}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__} is frozen: cannot delete {name}")

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Frozen)
        return self.fields() == other.fields()

    def __hash__(self) -> int:
        return hash(self.fields())

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.names())
        return f"{type(self).__qualname__}({shown})"

    def __reduce__(self) -> tuple[Any, ...]:
        # pickled as the call that makes it (the default would set the slots one by one: refused)
        return type(self), self.fields()
