"""CGSuite's methods of a map (``{3 => 9, 4 => 16}``): ``.Keys``, ``.Values``, ``.Entries``,
``.ContainsKey(k)``, ``.Reversed``, ``.Updated(k, v)`` / ``.Updated(map)``, ``.Size``,
``.IsEmpty``, and ``map(key)`` (its value, ``Nothing`` if the key is not there), as CGSuite's
``Map`` class has them.  A map is immutable: ``Updated`` makes another.

>>> from zermelo.cgsuite import evaluate
>>> evaluate("m := {3 => 9, 4 => 16}; [m.Keys, m.Values, m.Size, m(4), m(5), m.ContainsKey(3)]")
'[{3,4},{9,16},2,16,Nothing,true]'
>>> evaluate("{3 => 9, 4 => 16}.Updated(5, 25).Reversed")
'{9 => 3, 16 => 4, 25 => 5}'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..values.surreal import surreal
from .errors import CGSuiteError
from .named import NOTHING, CGMap

__all__ = ["MapEntry", "lookup", "map_method"]


@dataclass(frozen=True)
class MapEntry:
    """One entry of a map, ``3 => 9`` (the elements of ``.Entries``)."""

    key: Any
    value: Any

    def cgsuite_text(self, _printer: Any = None) -> str:
        from .printer import cgsuite_text

        return f"{cgsuite_text(self.key)} => {cgsuite_text(self.value)}"


def _last(m: CGMap) -> dict[Any, Any]:
    """Each key once, with its last value (a key written twice keeps its last)."""
    return dict(m)


def _element(v: Any) -> Any:
    """A value as a set holds it (a list as a tuple, as the evaluator keeps a set's lists)."""
    return tuple(v) if isinstance(v, list) else v


def lookup(m: CGMap, key: Any) -> Any:
    """``map(key)``: the key's value, ``Nothing`` when the map has no such key (CGSuite's)."""
    return _last(m).get(_element(key), NOTHING)


def _no_args(name: str, args: list[Any] | None) -> None:
    if args:
        raise CGSuiteError(f"`{name}` of a map takes no arguments")


def map_method(m: CGMap, name: str, args: list[Any] | None) -> Any:
    """``m.Name`` or ``m.Name(args)``; CGSuite's error for a name a map does not have."""
    last = _last(m)
    if name in ("Keys", "Values", "Entries", "Reversed", "Size", "IsEmpty"):
        _no_args(name, args)
        if name == "Keys":
            return frozenset(last)
        if name == "Values":
            return frozenset(_element(v) for v in last.values())
        if name == "Entries":
            return frozenset(MapEntry(k, v) for k, v in last.items())
        if name == "Reversed":
            return CGMap(tuple((_element(v), k) for k, v in last.items()))
        if name == "Size":
            return surreal(len(last))
        return not last
    if name == "ContainsKey":
        if args is None or len(args) != 1:
            raise CGSuiteError("ContainsKey takes one key")
        return _element(args[0]) in last
    if name == "Updated":
        if args is not None and len(args) == 2:
            return CGMap((*m.entries, (_element(args[0]), args[1])))
        if args is not None and len(args) == 1 and isinstance(args[0], CGMap):
            return CGMap((*m.entries, *args[0].entries))
        raise CGSuiteError("Updated takes a key and a value, or a map of new entries")
    if name == "Eval" and args is not None and len(args) == 1:
        return lookup(m, args[0])
    raise CGSuiteError(f"Not a method or member variable: `{name}` (in object of class `cgsuite.lang.Map`)")
