"""The registry: game names and parameters (``subtraction:1,3,4``) to rules objects.

Each game module registers itself with :func:`~zermelo.rules.catalogue.register` (in
:mod:`zermelo.rules.catalogue`, below the games); this module, above them, loads every game module and
looks games up by the text form of the CLI grammar: ``name`` or ``name:params``.  The CLI, the web
explorer and the terminal player all use it.  Adding a game to every front end is one
``register`` call beside its rules.

>>> g = make_game("subtraction:1,3,4")
>>> g.spec(), g.parse("21")
('subtraction:1,3,4', 21)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..core.cache import KeyedCache
from ..core.checks import shown
from ..core.errors import InvalidArgument, InvalidGame, InvalidPosition, Remedy, Unsupported
from ..rules import Impartial, Partisan, PartisanSum, Rules, Sum, split_on_plus
from ..rules.catalogue import GameEntry, needs_params, no_params, register, registered

if TYPE_CHECKING:
    from pathlib import Path

__all__ = [
    "GameEntry",
    "entries",
    "entry",
    "game_and_position",
    "make_game",
    "needs_params",
    "no_params",
    "position_words",
    "register",
    "table_template",
]


def entries() -> list[GameEntry]:
    """Every registered game once, by name."""
    _load()
    return sorted({id(e): e for e in registered().values()}.values(), key=lambda e: e.name)


def entry(name: str) -> GameEntry:
    """The entry of a game name (no parameters); :class:`InvalidGame` if unknown."""
    key = name.strip()
    key = key if key.endswith(".py") else key.lower()  # a user's file keeps its case: A.py is not a.py
    hit = registered().get(key)
    if hit is None:
        _load(key)
        hit = registered().get(key)
    if hit is None:
        raise InvalidGame(f"unknown game {name.strip()!r}", remedies=(Remedy.LIST_GAMES,))
    return hit


def table_template(game: Rules[Any]) -> str | None:
    """The cell template of ``game``'s table: its own (:meth:`~zermelo.rules.Rules.table_template`,
    a decorated game's), else its registry entry's, else ``None`` (no table).

    >>> table_template(make_game("wythoff"))
    '{r} {c}'
    """
    own = game.table_template()
    if own is not None:
        return own
    hit = registered().get(game.spec().partition(":")[0]) or registered().get(game.name)
    if hit is None and game.name != "game" and game.name.isidentifier():
        _load(game.name)
        hit = registered().get(game.name)
    return None if hit is None else hit.table


def make_game(spec: str, *, files: bool = False) -> Rules[Any]:
    """Rules from a game spec ``name`` or ``name:params``.

    With ``files=True`` (the CLI's, for a trusted user at a terminal) parameters that name a file
    — ``@graph.txt``, or a bare word that is a file's name — are read from it by the game's
    ``from_file``.  Without, nothing is opened whatever the text: parameters are only text (the
    web explorer builds every game so).

    >>> make_game("digraph:/etc/passwd")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    zermelo.core.errors.InvalidGame: digraph: cannot read edge '/etc/passwd' (write a->b; ...)
    """
    if not isinstance(spec, str):
        raise InvalidArgument(f"make_game takes a game's name, like 'nim' or 'subtraction:1,3,4', got {shown(spec)}")
    name, sep, params = spec.partition(":")
    e = entry(name)
    path = _named_file(params) if files and sep and e.from_file is not None else None
    if path is not None:
        assert e.from_file is not None
        return e.from_file(path)
    rules = e.factory(params if sep else None)
    if sep and not params.strip():  # a factory that needs parameters said which; the others accept none
        raise InvalidGame(f"{name}: nothing after ':'; write {name} alone or {name}:PARAMETERS")
    return rules


def _named_file(params: str) -> Path | None:
    """The file that parameters name: ``@NAME``, or one word with no edge in it that is a file's name."""
    from pathlib import Path  # here: a short run names no file (pathlib: 5-12 ms, issue 31)

    t = params.strip()
    if t.startswith("@"):
        return Path(t[1:])
    if any(c in t for c in ("->", " ", ",")):
        return None
    try:
        return Path(t) if t and Path(t).is_file() else None
    except (OSError, ValueError):  # text no file can have (too long, a NUL byte)
        return None


_LOADED: list[bool] = []

#: Where a game name is registered when it is not in a module of its own name (start-up: a
#: command loads the modules of its game, not all of them).
_LIKELY = ("zermelo.heaps.games", "zermelo.heaps.subtraction")


def _load(name: str | None = None) -> None:
    """Import the game modules (their imports register the games): the likely homes of ``name``
    first, then, if it is still unknown, every one."""
    if _LOADED:
        return
    if name is not None and name.isidentifier():
        import importlib
        import importlib.util

        for module in (f"zermelo.games.{name}", *_LIKELY):
            if importlib.util.find_spec(module) is not None:
                importlib.import_module(module)
            if name in registered():
                return
    from .. import games
    from ..heaps import games as _take_and_break  # noqa: F401  (the take-and-break games register there)
    from ..heaps import subtraction as _subtraction  # noqa: F401  (and the subtraction games)

    games.modules()
    _LOADED.append(True)


def game_and_position(
    spec: str, words: Sequence[str], *, files: bool = False, made: KeyedCache[str, Rules[Any]] | None = None
) -> tuple[Rules[Any], Any]:
    """The rules named by ``spec`` and the position read from the POSITION words (``files``: as
    :func:`make_game`'s, for every summand).

    A word ``+`` starts another summand, ``GAME POSITION...`` again: ``nim 3 4 + kayles 5`` is
    the sum of Nim (3, 4) and Kayles 5 — a :class:`~zermelo.rules.Sum` of impartial games, or a
    :class:`~zermelo.rules.PartisanSum` when any summand is partisan.  ``made`` keeps the rules
    made so far by spec, so that many positions of one game share one rules object and its caches
    (``--batch``).
    """
    words = list(words)
    if "+" not in words:
        return _one_game(spec, words, files, made)
    chunks = split_on_plus(words)
    parts = [_one_game(spec, chunks[0], files, made)]
    for chunk in chunks[1:]:
        if not chunk:
            raise InvalidPosition("a '+' must be followed by a game and its position, like: nim 3 4 + kayles 5")
        try:
            parts.append(_one_game(chunk[0], chunk[1:], files, made))
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


def position_words(game: Rules[Any], position: Any) -> str:
    """The position as :func:`game_and_position` reads it back after the first summand's spec: a
    sum's later summands name their games (the inverse of the ``+`` words).

    >>> g, p = game_and_position("nim", ["3", "4", "+", "kayles", "5"])
    >>> g.format(p), position_words(g, p)
    ('3 4 + 5', '3 4 + kayles 5')
    >>> game_and_position("nim", position_words(g, p).split())[1] == p
    True
    """
    if not isinstance(game, (Sum, PartisanSum)):
        return game.format(position)
    (first, at), *rest = zip(game.games, position, strict=True)
    # A spec is one word there (a graph's "a->b, b->c" without its spaces).
    return " + ".join([first.format(at), *("".join(g.spec().split()) + " " + g.format(p) for g, p in rest)])


def _one_game(
    spec: str, words: Sequence[str], files: bool, made: KeyedCache[str, Rules[Any]] | None = None
) -> tuple[Rules[Any], Any]:
    e = entry(spec.partition(":")[0])
    # Scored games' examples are whole commands ("zermelo negamax connect4:6x5 ''").
    like = e.example if e.example.startswith("zermelo ") else f"zermelo solve {e.example}"
    words = list(words)
    if e.graph_argument and ":" not in spec:
        if not words:
            raise InvalidGame(f"{e.name}: give the graph first, like: {like}")
        spec = f"{spec}:{words.pop(0)}"
    game = None if made is None else made.get(spec)
    if game is None:
        game = make_game(spec, files=files)
        if made is not None:
            made[spec] = game
    text = " ".join(words)
    # A scored game's empty text is its start (Connect Four's empty board, the whole row of
    # stones); its parse says so or rejects it.
    if not text.strip() and e.kind != "scored":
        raise InvalidPosition(f"{e.name}: give a position, like: {like}")
    return game, game.parse(text)
