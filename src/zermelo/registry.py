"""The registry: game names and parameters (``subtraction:1,3,4``) to rules objects.

Each game module registers itself with :func:`~zermelo.catalogue.register` (in
:mod:`zermelo.catalogue`, below the games); this module, above them, loads every game module and
looks games up by the text form of the CLI grammar: ``name`` or ``name:params``.  The CLI, the web
explorer and the terminal player all use it.  Adding a game to every front end is one
``register`` call beside its rules.

>>> g = make_game("subtraction:1,3,4")
>>> g.spec(), g.parse("21")
('subtraction:1,3,4', 21)
"""

from __future__ import annotations

from typing import Any

from .catalogue import GameEntry, needs_params, no_params, register, registered
from .errors import InvalidGame
from .rules import Rules

__all__ = ["GameEntry", "entries", "entry", "make_game", "needs_params", "no_params", "register"]


def entries() -> list[GameEntry]:
    """Every registered game once, by name."""
    _load()
    return sorted({id(e): e for e in registered().values()}.values(), key=lambda e: e.name)


def entry(name: str) -> GameEntry:
    """The entry of a game name (no parameters); :class:`InvalidGame` if unknown."""
    _load()
    hit = registered().get(name.strip().lower())
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


_LOADED: list[bool] = []


def _load() -> None:
    """Import every game module once (each registers its games); lazily, so that importing
    this module loads no game (a downward import: the registry sits above the games)."""
    if _LOADED:
        return
    from . import games
    from .heaps import games as _take_and_break  # noqa: F401  (the take-and-break games register there)

    games.modules()
    _LOADED.append(True)
