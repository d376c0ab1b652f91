"""The registry: game names and parameters (``subtraction:1,3,4``) to rules objects.

Each game module registers itself with :func:`register`; the CLI and the web explorer look games
up here by the text form of the CLI grammar: ``name`` or ``name:params``.  Adding a game to every
front end is one ``register`` call beside its rules.

>>> g = make_game("subtraction:1,3,4")
>>> g.spec(), g.parse("21")
('subtraction:1,3,4', 21)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .errors import InvalidGame
from .rules import Rules

__all__ = ["GameEntry", "entries", "make_game", "register"]


@dataclass(frozen=True)
class GameEntry:
    """One registered game.

    ``factory(params)`` builds the rules from the text after the colon (``None`` if there is
    none).  ``kind`` is ``impartial``, ``partisan`` or ``scored``.  ``example`` is a whole CLI
    tail (``"subtraction:1,3,4 21"``).  ``table`` is the cell template of ``zermelo table``.
    With ``graph_argument`` the first POSITION word is a game
    parameter (``digraph "a->b, b->c" a``).
    """

    name: str
    factory: Callable[[str | None], Rules[Any]]
    summary: str
    params: str
    example: str
    kind: str = "impartial"
    graph_argument: bool = False
    aliases: tuple[str, ...] = ()
    #: How ``zermelo table`` lays out the game: the position text of a cell, with ``{n}`` for a
    #: row (``"{n}"``, ``"1x{n}"``) or ``{r}`` and ``{c}`` for a grid (``"{r} {c}"``); None: no table.
    table: str | None = None

    def describe(self) -> dict[str, Any]:
        """The entry as the JSON of ``zermelo games --json`` and the web API's ``/api/games``."""
        return {
            "name": self.name,
            "kind": self.kind,
            "summary": self.summary,
            "params": self.params,
            "example": self.example,
            "aliases": list(self.aliases),
        }


_REGISTRY: dict[str, GameEntry] = {}


def register(entry: GameEntry) -> GameEntry:
    """Add a game (and its aliases) to the registry."""
    for name in (entry.name, *entry.aliases):
        if name in _REGISTRY and _REGISTRY[name] is not entry:
            raise ValueError(f"game name {name!r} registered twice")
        _REGISTRY[name] = entry
    return entry


def entries() -> list[GameEntry]:
    """Every registered game once, by name."""
    _load()
    return sorted({id(e): e for e in _REGISTRY.values()}.values(), key=lambda e: e.name)


def entry(name: str) -> GameEntry:
    """The entry of a game name (no parameters); :class:`InvalidGame` if unknown."""
    _load()
    hit = _REGISTRY.get(name.strip().lower())
    if hit is None:
        raise InvalidGame(f"unknown game {name.strip()!r}; `zermelo games` lists them")
    return hit


def make_game(spec: str) -> Rules[Any]:
    """Rules from a game spec ``name`` or ``name:params``."""
    name, sep, params = spec.partition(":")
    e = entry(name)
    rules = e.factory(params if sep else None)
    if sep and not params.strip():  # a factory that needs parameters said which; the others accept none
        raise InvalidGame(f"{name}: nothing after ':'; write {name} alone or {name}:PARAMETERS")
    return rules


def no_params(cls: Callable[[], Rules[Any]], name: str) -> Callable[[str | None], Rules[Any]]:
    """A factory for a game without parameters that rejects any given."""

    def factory(params: str | None) -> Rules[Any]:
        if params:
            raise InvalidGame(f"{name} takes no parameters, got {name}:{params}")
        return cls()

    return factory


def needs_params(
    build: Callable[[str], Rules[Any]], name: str, what: str, example: str
) -> Callable[[str | None], Rules[Any]]:
    """A factory for a game that needs its parameters (``name:params``); a one-line error without.

    >>> needs_params(str, "octal", "the code", "0.137")(None)  # doctest: +IGNORE_EXCEPTION_DETAIL
    Traceback (most recent call last):
    zermelo.errors.InvalidGame: octal: give the code, like octal:0.137
    """

    def factory(params: str | None) -> Rules[Any]:
        if not params:
            raise InvalidGame(f"{name}: give {what}, like {name}:{example}")
        return build(params)

    return factory


_LOADED: list[bool] = []


def _load() -> None:
    if _LOADED:
        return
    from . import games
    from .heaps import _register  # noqa: F401  (importing a game module registers its games)

    games.modules()
    _LOADED.append(True)
