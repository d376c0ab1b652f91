"""The registry: game names and parameters (``subtraction:1,3,4``) to rules objects.

Each game module registers itself with :func:`register`; the CLI and the web explorer look games
up here by the text form of the CLI grammar: ``name`` or ``name:params``.  Adding a game to every
front end is one ``register`` call beside its rules.

>>> g = make_game("subtraction:1,3,4")
>>> g.spec(), g.parse("21")
('subtraction:1,3,4', 21)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .errors import InvalidGame, InvalidPosition, Unsupported
from .rules import Impartial, Partisan, PartisanSum, Rules, Sum, split_on_plus

__all__ = ["GameEntry", "entries", "game_and_position", "make_game", "register"]


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


def game_and_position(spec: str, words: Sequence[str]) -> tuple[Rules[Any], Any]:
    """The rules named by ``spec`` and the position read from the POSITION words.

    A word ``+`` starts another summand, ``GAME POSITION...`` again: ``nim 3 4 + kayles 5`` is
    the sum of Nim (3, 4) and Kayles 5 — a :class:`~zermelo.rules.Sum` of impartial games, or a
    :class:`~zermelo.rules.PartisanSum` when any summand is partisan.
    """
    words = list(words)
    if "+" not in words:
        return _one_game(spec, words)
    chunks = split_on_plus(words)
    parts = [_one_game(spec, chunks[0])]
    for chunk in chunks[1:]:
        if not chunk:
            raise InvalidPosition("a '+' must be followed by a game and its position, like: nim 3 4 + kayles 5")
        try:
            parts.append(_one_game(chunk[0], chunk[1:]))
        except InvalidGame as exc:
            raise InvalidGame(f"after '+' comes a game and its position: {exc}") from None
    games = [g for g, _ in parts]
    position = tuple(p for _, p in parts)
    if all(isinstance(g, Impartial) for g in games):
        return Sum(*games), position  # type: ignore[arg-type]
    if all(isinstance(g, (Impartial, Partisan)) for g in games):
        return PartisanSum(*games), position
    scored = next(g for g in games if not isinstance(g, (Impartial, Partisan)))
    raise Unsupported(f"{scored.spec()} is a scored game: sums are of impartial and partisan games")


def _one_game(spec: str, words: Sequence[str]) -> tuple[Rules[Any], Any]:
    e = entry(spec.partition(":")[0])
    # Scored games' examples are whole commands ("zermelo negamax connect4:6x5 ''").
    like = e.example if e.example.startswith("zermelo ") else f"zermelo solve {e.example}"
    words = list(words)
    if e.graph_argument and ":" not in spec:
        if not words:
            raise InvalidGame(f"{e.name}: give the graph first, like: {like}")
        spec = f"{spec}:{words.pop(0)}"
    game = make_game(spec)
    text = " ".join(words)
    # A scored game's empty text is its start (Connect Four's empty board, the whole row of
    # stones); its parse says so or rejects it.
    if not text.strip() and e.kind != "scored":
        raise InvalidPosition(f"{e.name}: give a position, like: {like}")
    return game, game.parse(text)
