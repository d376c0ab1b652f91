"""The catalogue of games: one :class:`GameEntry` per game, added by the game's own module.

A game module ends with ``register(GameEntry(...))`` beside its rules: its name in the CLI
grammar (``subtraction:1,3,4``), how to build the rules from the parameters, a summary and an
example.  This module sits below the games (it imports only :mod:`zermelo.rules` and
:mod:`zermelo.core.errors`); :mod:`zermelo.games.registry`, above them, loads every game module and looks
names up.  Its records are named tuples, not dataclasses: every game's import makes them, and
:mod:`zermelo.core.frozen` says what importing :mod:`dataclasses` costs a short command.

>>> from zermelo.rules import Impartial
>>> e = GameEntry("race", no_params(Impartial, "race"), "a toy", "", "race 3", Impartial)
>>> e.describe()["example"], e.kind
('race 3', 'impartial')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

from ..core.errors import InvalidGame
from . import Partisan, Rules, Scored

if TYPE_CHECKING:
    from pathlib import Path

__all__ = [
    "CGSuiteName",
    "GameEntry",
    "cgsuite_pieces",
    "cgsuite_string",
    "needs_params",
    "no_params",
    "plain_entry",
    "register",
    "registered",
]


class CGSuiteName(NamedTuple):
    """A game's name in CGSuite's library of rulesets (``game.grid.Domineering``), read by the
    CGSuite evaluator (:mod:`zermelo.cgsuite.rulesets`).

    ``family``: CGSuite's ruleset takes parameters first, ``game.heap.TakeAndBreak("0.77")(5)``;
    they become the game's parameters (a list ``[1,2,3]`` is ``1,2,3``), through ``code`` when
    CGSuite writes them otherwise (its take-and-break codes).  ``text`` turns
    CGSuite's position text into the game's own (identity when ``None``); ``params`` are fixed
    parameters of the game (CGSuite's ``Cram`` is zermelo's ``cram``, its ``AntiClobber`` a
    ``genclobber:anti``).  ``separator`` joins a family's several parameters (CGSuite's
    ``PartizanSubtraction([1,2],[2,3])`` is ``partizansubtraction:1,2/2,3``).  ``shown`` is
    ``text`` the other way: the game's position text as CGSuite writes it, one argument per
    summand (Toads and Frogs' ``T.F`` is ``["\"t.f\""]``); ``coordinates``: the game's whole numbers
    are pairs, CGSuite's coordinates (``Wythoff((3,5))``), not heaps.  ``options(rules, position,
    left)``: a position's options as CGSuite's ruleset lists them (its order, repeats kept, nothing
    merged by symmetry), where the game knows that order; ``.Options`` is then CGSuite's list.
    ``parameters``: the names of CGSuite's constructor parameters, in order, for a family that
    takes them by name too (``GenToadsAndFrogs(maxJump => 2)``); ``bind`` turns those given (each
    as text: ``2``, ``true``, ``inf``, a map ``Left=2;Right=1``, a ruleset by its ``spec``) into
    the game's parameters, CGSuite's defaults standing for the others.  ``of_ruleset``: a family
    whose one parameter is another ruleset (CGSuite's ``Turning(game.heap.Kayles)``) built from that
    ruleset's rules themselves, so one that no spec can rebuild (a procedure's
    ``HeapRuleset(n -> …)``) is taken too.  ``statics``: the family's static constructors, each
    (CGSuite's name, its parameters' names in order, the game's parameters from those given as text
    by name): ``TakeAndBreak.FromSubtractionSet([2,3], "3", allbut => true)``.  ``strip``: CGSuite's
    position is its strip, kept as typed where the game's own text drops some of it (a toppled
    Toppling Dominoes strip keeps its empty squares): the strip CGSuite prints, or None for a
    position typed otherwise; ``options(rules, strip, left)`` then lists CGSuite's strips.
    """

    name: str
    family: bool = False
    text: Callable[[str], str] | None = None
    params: str | None = None
    code: Callable[[str], str] | None = None
    separator: str = ","
    shown: Callable[[str], list[str]] | None = None
    coordinates: bool = False
    options: Callable[[Any, Any, bool], list[Any]] | None = None
    parameters: tuple[str, ...] = ()
    bind: Callable[[dict[str, str]], str] | None = None
    of_ruleset: Callable[[Any], Any] | None = None
    statics: tuple[tuple[str, tuple[str, ...], Callable[[dict[str, str]], str]], ...] = ()
    strip: Callable[[str], str | None] | None = None


def cgsuite_string(table: dict[str, str]) -> Callable[[str], list[str]]:
    """A ``shown`` for a game CGSuite writes as one string of other characters (its ``CharMap``):
    Toads and Frogs' ``TT.F`` is ``"tt.f"``; a character mapped to ``""`` is dropped.

    >>> cgsuite_string({"T": "t", "F": "f"})("TT.F")
    ['"tt.f"']
    """
    trans = str.maketrans(table)
    return lambda text: ['"' + text.translate(trans) + '"']


def cgsuite_pieces(text: str) -> list[str]:
    """A ``shown`` for cakes ``RxC``: each piece a summand at CGSuite's coordinates ``(R,C)``.

    >>> cgsuite_pieces("2x1 3x4"), cgsuite_pieces("0")
    (['(2,1)', '(3,4)'], [])
    """
    return [f"({w.replace('x', ',')})" for w in text.split() if "x" in w]


class GameEntry(NamedTuple):
    """One registered game.

    ``factory(params)`` builds the rules from the text after the colon (``None`` if there is
    none); ``rules`` is the class it builds (or their common base), and ``kind`` follows from it:
    ``impartial``, ``partisan`` or ``scored``.  ``example`` is a whole CLI
    tail (``"subtraction:1,3,4 21"``).  ``table`` is the cell template of ``zermelo table``.
    With ``graph_argument`` the first POSITION word is a game
    parameter (``digraph "a->b, b->c" a``).  ``from_file`` builds the rules from a file the
    parameters name (an edge list); only a caller that may read files (the CLI, never the web)
    gets there, through :func:`zermelo.games.registry.make_game`'s ``files=True`` — ``factory`` itself
    reads text only.
    """

    name: str
    factory: Callable[[str | None], Rules[Any]]
    summary: str
    params: str
    example: str
    rules: type[Rules[Any]]
    graph_argument: bool = False
    aliases: tuple[str, ...] = ()
    #: How ``zermelo table`` lays out the game: the position text of a cell, with ``{n}`` for a
    #: row (``"{n}"``, ``"1x{n}"``) or ``{r}`` and ``{c}`` for a grid (``"{r} {c}"``); None: no table.
    table: str | None = None
    from_file: Callable[[Path], Rules[Any]] | None = None
    #: The game's names in CGSuite's library, if it has any (the CGSuite evaluator's constructors).
    cgsuite: tuple[CGSuiteName, ...] = ()

    @property
    def kind(self) -> str:
        """``scored``, ``partisan`` or ``impartial``: what the class of the rules is."""
        return (
            "scored"
            if issubclass(self.rules, Scored)
            else "partisan"
            if issubclass(self.rules, Partisan)
            else "impartial"
        )

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


def registered() -> dict[str, GameEntry]:
    """Every game name (and alias) registered so far, with its entry."""
    return _REGISTRY


def no_params(cls: Callable[[], Rules[Any]], name: str) -> Callable[[str | None], Rules[Any]]:
    """A factory for a game without parameters that rejects any given."""

    def factory(params: str | None) -> Rules[Any]:
        if params:
            raise InvalidGame(f"{name} takes no parameters, got {name}:{params}")
        return cls()

    return factory


def plain_entry(
    cls: Any,
    summary: str,
    example: str,
    *,
    aliases: tuple[str, ...] = (),
    table: str | None = "{n}",
    cgsuite: tuple[CGSuiteName, ...] = (),
) -> GameEntry:
    """The entry of a game without parameters named by its class's ``name`` (a heap game's
    table, ``{n}``, by default): ``register(plain_entry(Kayles, "Kayles: …", "kayles 5 7"))``."""
    return GameEntry(
        cls.name, no_params(cls, cls.name), summary, "", example, cls, table=table, aliases=aliases, cgsuite=cgsuite
    )


def needs_params(
    build: Callable[[str], Rules[Any]], name: str, what: str, example: str
) -> Callable[[str | None], Rules[Any]]:
    """A factory for a game that needs its parameters (``name:params``); a one-line error without.

    >>> needs_params(str, "octal", "the code", "0.137")(None)  # doctest: +IGNORE_EXCEPTION_DETAIL
    Traceback (most recent call last):
    zermelo.core.errors.InvalidGame: octal: give the code, like octal:0.137
    """

    def factory(params: str | None) -> Rules[Any]:
        if not params:
            raise InvalidGame(f"{name}: give {what}, like {name}:{example}")
        return build(params)

    return factory
