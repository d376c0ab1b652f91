"""A game from the user's own file: ``FILE.py:NAME`` (and ``FILE.py:NAME:3`` for parameters).

Only the command line loads a file, and only one it was given: :func:`prepare` imports it once and
registers the game under the file's name, so every command (and ``+`` sums) finds it through the
registry like a built-in game.  The web explorer never loads a file a request names; ``zermelo
serve --game FILE.py:NAME`` loads it here, at start-up.

NAME may be a decorated function, a class (decorated or with ``options``, ``left_options`` /
``right_options`` or ``moves`` / ``payoff``), or an instance; a plain function is read as
``options``.  An exception in the user's code is the user's: :func:`user_report` words it with
their file, line and position, and the CLI exits 2.
"""

from __future__ import annotations

import argparse
import importlib.util
import inspect
import sys
import traceback
from itertools import pairwise
from pathlib import Path
from types import ModuleType
from typing import Any

from ..core.checks import shown
from ..core.errors import InvalidGame
from . import Impartial, Partisan, Rules, Scored
from .catalogue import GameEntry, register, registered
from .define import Defined, impartial, partisan, scored

__all__ = ["LOADED", "is_file_spec", "load", "prepare", "user_report"]

#: The user's files loaded so far (resolved paths), whose frames :func:`user_report` shows.
LOADED: dict[str, ModuleType] = {}


def is_file_spec(spec: str) -> bool:
    """Whether a GAME argument names a file: ``divisors.py:game``, ``./g.py``.

    >>> is_file_spec("divisors.py:game"), is_file_spec("nim"), is_file_spec("subtraction:1,2")
    (True, False, False)
    """
    return spec.strip().partition(":")[0].endswith(".py")


def prepare(args: argparse.Namespace) -> None:
    """Load the file a command's GAME (or ``serve --game``) names, before the command runs."""
    for attr in ("game", "user_game"):
        spec = vars(args).get(attr)
        if isinstance(spec, str) and is_file_spec(spec):
            load(spec)
    for words in vars(args).values():  # a sum's later summands: ``... + other.py:game 3``
        if isinstance(words, list):
            for before, word in pairwise(words):
                if before == "+" and isinstance(word, str) and is_file_spec(word):
                    load(word)


def _module(path_text: str) -> ModuleType:
    path = Path(path_text).expanduser()
    if not path.is_file():
        raise InvalidGame(f"no file {path_text!r}" + ("" if path.parent.is_dir() else " (no such folder)"))
    key = str(path.resolve())
    if key in LOADED:
        return LOADED[key]
    name = "zermelo_user_" + "".join(c if c.isalnum() else "_" for c in path.stem)
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise InvalidGame(f"cannot import {path_text!r} as Python")
    module = importlib.util.module_from_spec(spec)
    LOADED[key] = module
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except SyntaxError as exc:
        del LOADED[key]
        raise InvalidGame(f"{path_text}, line {exc.lineno}: SyntaxError: {exc.msg}") from None
    except ImportError as exc:
        del LOADED[key]
        raise InvalidGame(f"{path_text} does not import: {type(exc).__name__}: {exc}") from None
    return module


def _games_in(module: ModuleType) -> list[str]:
    return [k for k, v in vars(module).items() if not k.startswith("_") and _is_game(v, module)]


def _is_game(v: Any, module: ModuleType) -> bool:
    return isinstance(v, Rules) or (isinstance(v, type) and issubclass(v, Defined) and v.__module__ == module.__name__)


def _params(text: str) -> list[Any]:
    out: list[Any] = []
    for word in text.split(","):
        w = word.strip()
        try:
            out.append(int(w))
        except ValueError:
            out.append(w)
    return out


def _as_game(obj: Any, label: str) -> Any:
    """A class or function that is not a game yet: decorated by what it defines."""
    if isinstance(obj, Rules) or (isinstance(obj, type) and issubclass(obj, Rules)):
        return obj
    if isinstance(obj, type):
        names = set(dir(obj))
        if "left_options" in names and "right_options" in names:
            return partisan(obj)
        if "moves" in names and "payoff" in names:
            return scored(obj)
        if "options" in names:
            return impartial(obj)
        raise InvalidGame(f"{label} is a class without options, left_options/right_options or moves/payoff")
    if inspect.isfunction(obj):
        return impartial(obj)
    what = type(obj).__name__
    raise InvalidGame(f"{label} is not a game (a {what}); decorate an options function with @zermelo.impartial")


def _game(module: ModuleType, path_text: str, name: str, params: str | None) -> Rules[Any]:
    if not name:
        found = _games_in(module)
        if len(found) != 1:
            which = f"it defines {', '.join(found)}" if found else "it defines no decorated game"
            raise InvalidGame(f"{path_text}: say which game, like {path_text}:NAME ({which})")
        name = found[0]
    if name not in vars(module):
        found = _games_in(module)
        more = f"; its games: {', '.join(found)}" if found else ""
        raise InvalidGame(f"{path_text} has no {name!r}{more}")
    label = f"{path_text}:{name}"
    obj = _as_game(vars(module)[name], label)
    args = _params(params) if params else []
    if isinstance(obj, type):
        try:
            inspect.signature(obj).bind(*args)
        except TypeError as exc:
            raise InvalidGame(f"{label}: {exc}; parameters go after the name, like {label}:3") from None
        game = obj(*args)
    elif isinstance(obj, Defined) and obj.needs:
        if len(args) != obj.needs:
            raise InvalidGame(f"{label} takes {obj.needs} parameter(s), like {label}:{','.join(['3'] * obj.needs)}")
        game = obj(*args)
    elif args:
        raise InvalidGame(f"{label} takes no parameters, got {label}:{params}")
    else:
        game = obj
    if not isinstance(game, (Impartial, Partisan, Scored)):
        raise InvalidGame(f"{label} is not an impartial, partisan or scored game")
    if isinstance(game, Defined):
        game.loaded_as = label if not params else f"{label}:{params}"
    return game


def load(spec: str) -> Rules[Any]:
    """Import the file ``spec`` names, register its game under the file's name and return it."""
    path_text, _, rest = spec.strip().partition(":")
    module = _module(path_text)
    name, _, params = rest.partition(":")
    game = _game(module, path_text, name.strip(), params.strip() or None)
    key = path_text  # as typed: the registry keeps a file's case (Game.py and game.py are two files)
    if key not in registered():

        def factory(text: str | None) -> Rules[Any]:
            n, _, p = (text or "").partition(":")
            return _game(module, path_text, n.strip(), p.strip() or None)

        doc = (inspect.getdoc(game) or "").strip().splitlines()
        register(
            GameEntry(
                key,
                factory,
                doc[0] if doc else f"a game of {path_text}",
                "the game's name in the file",
                f"{spec} {_example(game)}".strip(),
                type(game),
                table=game.table_template(),
            )
        )
    return game


def _example(game: Rules[Any]) -> str:
    """A position to start from, for the web page's example: a cell of the game's table."""
    template = game.table_template()
    if template is None:
        return ""
    text = template.replace("{n}", "10").replace("{r}", "2").replace("{c}", "3")
    try:
        game.validate(game.parse(text))
    except ValueError:  # InvalidPosition: no such position in this game
        return ""
    return text


def user_report(exc: BaseException) -> str | None:
    """The user's bug, worded: the exception and the user's frames only (file, line, the position
    their function was given), or ``None`` when no frame of a loaded file is in the traceback."""
    files = {str(Path(getattr(m, "__file__", "") or "").resolve()) for m in LOADED.values()}
    frames = [(f, line) for f, line in traceback.walk_tb(exc.__traceback__) if _in(f.f_code.co_filename, files)]
    if not frames:
        return None
    lines = [f"error in your game: {type(exc).__name__}: {exc}".rstrip(": ")]
    # a comprehension's own frame repeats its function's line: shown once
    frames = [f for i, f in enumerate(frames) if i == 0 or (f[0].f_code.co_filename, f[1]) != _at(frames[i - 1])]
    for frame, lineno in frames[-3:]:
        code = frame.f_code
        args = [a for a in code.co_varnames[: code.co_argcount] if a != "self" and not a.startswith(".")]
        at = f" ({args[0]} = {shown(frame.f_locals.get(args[0]))})" if args and args[0] in frame.f_locals else ""
        lines.append(f"  {Path(code.co_filename).name}, line {lineno}, in {code.co_name}{at}")
        source = _source(code.co_filename, lineno)
        if source:
            lines.append(f"    {source}")
    return "\n".join(lines)


def _at(frame: tuple[Any, int]) -> tuple[str, int]:
    return frame[0].f_code.co_filename, frame[1]


def _in(filename: str, files: set[str]) -> bool:
    try:
        return str(Path(filename).resolve()) in files
    except (OSError, ValueError):
        return False


def _source(filename: str, lineno: int) -> str:
    import linecache

    return linecache.getline(filename, lineno).strip()
