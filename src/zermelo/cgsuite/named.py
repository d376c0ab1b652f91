"""CGSuite's named parameters and maps: ``GenToadsAndFrogs(maxJump => 2)``,
``GenClobber(clobbered => {Left => {0}, Right => {0}})``, and the ``Coordinates`` constants the
rulesets take (``Coordinates.Compass``).

A call's arguments are ordinary ones first, then named ones (``name => value``); :func:`bind` reads
them against a constructor's parameter names with CGSuite's rules and wording.  Braces without
bars holding ``key => value`` entries are a :class:`CGMap`.

>>> bind([3, Named("maxJump", 2)], ("minSlide", "maxSlide", "maxJump"), "game.strip.GenToadsAndFrogs")
{'minSlide': 3, 'maxJump': 2}
>>> bind([Named("a", 1), 2], ("a", "b"), "f")
Traceback (most recent call last):
...
zermelo.cgsuite.errors.CGSuiteError: Named parameter `a` appears in earlier position than an ordinary argument
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from ..values.surreal import surreal
from .errors import CGSuiteError
from .printer import Coordinates

__all__ = ["COLORS", "COORDINATES", "NOTHING", "CGMap", "Named", "Symbol", "bind", "plain"]


@dataclass(frozen=True)
class Named:
    """``name => value`` as a call's argument."""

    name: str
    value: Any

    def cgsuite_text(self, printer: Any = None) -> str:
        from .printer import cgsuite_text

        return f"{self.name} => {cgsuite_text(self.value)}"


@dataclass(frozen=True)
class CGMap:
    """CGSuite's map ``{Left => {2}, Right => {1}}``: its entries in the order written (a key
    written twice keeps its last value); printed in CGSuite's order of its keys."""

    entries: tuple[tuple[Any, Any], ...]

    def __iter__(self) -> Iterator[tuple[Any, Any]]:
        return iter(self.entries)

    def get(self, key: Any) -> Any:
        for k, v in reversed(self.entries):
            if k == key:
                return v
        raise CGSuiteError(f"Key not found: {_text(key)}")

    def cgsuite_text(self, _printer: Any = None) -> str:
        """As CGSuite prints a map: each key once (its last value), in CGSuite's order of keys."""
        from .printer import item_key

        last = {k: v for k, v in self}
        if not last:
            return "{=>}"
        return "{" + ", ".join(f"{_text(k)} => {_text(last[k])}" for k in sorted(last, key=item_key)) + "}"


@dataclass(frozen=True)
class Symbol:
    """A constant a ruleset takes as a parameter: ``Nothing``, ``Color.Blue`` (GenCol's and
    GenHackenbush's); printed as written, handed to the ruleset by its ``word``."""

    text: str
    word: str

    def cgsuite_text(self, _printer: Any = None) -> str:
        return self.text


#: ``Nothing``, CGSuite's null value (GenCol's lists of permitted neighbours hold it).
NOTHING = Symbol("Nothing", "Nothing")
#: ``Color.Blue``, ``Color.Red``, ``Color.Green``: the colours of Hackenbush's edges.
COLORS = {name: Symbol(f"Color.{name}", name) for name in ("Blue", "Red", "Green")}


def _text(v: Any) -> str:
    from .printer import cgsuite_text

    return cgsuite_text(v)


def _direction(row: int, col: int) -> Coordinates:
    return Coordinates((surreal(row), surreal(col)))


_N, _NE, _E, _SE = _direction(-1, 0), _direction(-1, 1), _direction(0, 1), _direction(1, 1)
_S, _SW, _W, _NW = _direction(1, 0), _direction(1, -1), _direction(0, -1), _direction(-1, -1)

#: ``Coordinates.Orthogonal`` and the other lists of directions of CGSuite's ``Coordinates``.
COORDINATES: dict[str, Any] = {
    "North": _N,
    "Northeast": _NE,
    "East": _E,
    "Southeast": _SE,
    "South": _S,
    "Southwest": _SW,
    "West": _W,
    "Northwest": _NW,
    "Orthogonal": [_N, _E, _S, _W],
    "Diagonal": [_NE, _SE, _SW, _NW],
    "Compass": [_N, _NE, _E, _SE, _S, _SW, _W, _NW],
    "Hexagonal": [_N, _NE, _E, _S, _SW, _W],
    "KnightsMove": [
        _direction(r, c) for r, c in ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))
    ],
}


def bind(args: Sequence[Any], names: Sequence[str], where: str) -> dict[str, Any]:
    """The arguments of a call to ``where`` by parameter name: ordinary ones in the order of
    ``names``, then named ones; CGSuite's errors for a named one before an ordinary one, a name
    given twice or unknown, too many arguments."""
    out: dict[str, Any] = {}
    named: list[str] = []
    at = f"in call to `{where}` constructor"
    for i, a in enumerate(args):
        if isinstance(a, Named):
            if a.name in named:
                raise CGSuiteError(f"Duplicate named parameter: `{a.name}`")
            if a.name not in names:
                raise CGSuiteError(f"Invalid parameter name ({at}): `{a.name}`")
            if a.name in out:
                raise CGSuiteError(f"Named parameter shadows an earlier ordinary argument ({at}): `{a.name}`")
            named.append(a.name)
            out[a.name] = a.value
            continue
        if named:
            raise CGSuiteError(f"Named parameter `{named[-1]}` appears in earlier position than an ordinary argument")
        if i >= len(names):
            raise CGSuiteError(f"Too many arguments ({at}): {len(args)} (expecting at most {len(names)})")
        out[names[i]] = a
    return out


def plain(args: Sequence[Any] | None, where: str = "in function call") -> None:
    """Refuse named parameters where zermelo takes none (CGSuite's wording)."""
    for a in args or ():
        if isinstance(a, Named):
            raise CGSuiteError(f"Invalid parameter name ({where}): `{a.name}`")
