"""The web explorer: a Starlette app serving one page and a JSON API that mirrors the CLI.

Endpoints (all ``GET``, all answering JSON; bad input is a 4xx with ``{"error": "..."}``):

* ``/api/games`` — every registered game (as ``zermelo games --json``, plus the example split
  into ``spec`` and ``position``).
* ``/api/solve?game=..&position=..&misere=..`` — exactly the object of ``zermelo solve --json``.
* ``/api/moves?game=..&position=..&misere=..`` — the position's value for the player to move and
  every legal move classified win / draw / lose with its remoteness (:func:`zermelo.play.classify`).
* ``/api/play?game=..&position=..&misere=..&skill=..&seed=..`` — the computer's move and the
  classified position after it.
* Partisan games (Domineering, Clobber, Toads and Frogs, …) add ``turn=left|right`` to both, the
  side to move; each move then carries ``game_value`` (the canonical form of the position it
  leaves, CGSuite notation), its ``outcome`` class and ``why``, and the answer its ``turn``.
* ``/api/value?game=..&position=..`` — the position's value and its facts: exactly the object of
  ``zermelo value GAME POSITION --json`` (canonical form, outcome, stops, mean, temperature,
  birthday, reduced form, atomic weight, thermograph).  Impartial positions are nimbers.
* ``/api/thermograph.png?game=..&position=..`` — the thermograph picture (PNG), drawn as
  ``zermelo value --thermograph FILE.png`` draws it.
* ``/api/table?game=..&rows=..&cols=..&grundy=..&format=png|json`` — the game's table, from
  :mod:`zermelo.tables` (imported lazily: 501 when it is not installed).

Every request is capped (:data:`LIMITS`, text lengths, table sizes): the explorer is meant for a
person at a browser, so a request that would search for minutes is refused with a clear message.
Value arithmetic polls no clock (and :func:`~zermelo.values.budget.value_budget` watches only the
main thread), so every request also runs under :data:`BACKSTOP`: past it, the worker thread is
interrupted (422) and the server's caches of searched games are dropped.
"""

from __future__ import annotations

import ctypes
import importlib
import random
import shlex
import sys
import tempfile
import threading
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from ..analysis import grundy, solve
from ..commands.value import describe
from ..engine import Limits
from ..errors import InvalidGame, InvalidPosition, SearchLimitExceeded, Unsupported, ZermeloError
from ..play import SIDES, PositionValue, choose_move, classify, grid, heaps, other_side
from ..registry import entries, entry, make_game
from ..rules import Impartial, Partisan, Rules, recursion_room
from ..values import Game
from ..values.budget import _repair
from ..values.canonical import canonical_form
from ..values.game import star

__all__ = ["BACKSTOP", "LIMITS", "MAX_NIMBER", "MAX_TABLE_CELLS", "MAX_TEXT", "BadRequest", "create_app"]

#: The search budget of one request.
LIMITS = Limits(max_positions=300_000, max_seconds=5.0)
#: The longest game spec or position text accepted.
MAX_TEXT = 2_000
#: The largest table drawn (rows × columns).
MAX_TABLE_CELLS = 10_000
#: Seconds after which any request is interrupted, whatever it is doing (see :func:`_backstop`).
BACKSTOP = 2 * (LIMITS.max_seconds or 5.0)
#: The largest nimber *n whose facts are computed (*n has n options: its facts cost about n² steps).
MAX_NIMBER = 512

STATIC = Path(__file__).parent / "static"


class BadRequest(ZermeloError, ValueError):
    """A missing or malformed query parameter."""


# --------------------------------------------------------------------------- parameters
def _text(request: Request, name: str, required: bool = True) -> str:
    value = request.query_params.get(name)
    if value is None or not value.strip():
        if required:
            raise BadRequest(f"missing parameter {name!r}")
        return ""
    if len(value) > MAX_TEXT:
        raise BadRequest(f"parameter {name!r} is too long ({len(value):,} characters; at most {MAX_TEXT:,})")
    return value.strip()


def _flag(request: Request, name: str) -> bool:
    value = request.query_params.get(name, "").strip().lower()
    if value in ("", "0", "false", "no", "off"):
        return False
    if value in ("1", "true", "yes", "on"):
        return True
    raise BadRequest(f"parameter {name!r} must be true or false, got {value!r}")


def _number(request: Request, name: str, kind: type, default: Any, low: float, high: float) -> Any:
    raw = request.query_params.get(name, "").strip()
    if not raw:
        return default
    try:
        value = kind(raw)
    except ValueError:
        what = "whole number" if kind is int else "number"
        raise BadRequest(f"parameter {name!r} must be a {what}, got {raw[:40]!r}") from None
    if not low <= value <= high:
        # Whole-number bounds in full (a seed's 2**63 is not 9.22337e+18).
        lo, hi = (f"{low:,}", f"{high:,}") if kind is int else (f"{low:g}", f"{high:g}")
        raise BadRequest(f"parameter {name!r} must be between {lo} and {hi}, got {raw[:40]}")
    return value


_GAMES: OrderedDict[str, Rules[Any]] = OrderedDict()
_LOCK = threading.Lock()  # the engines' memo tables are not thread-safe: one search at a time


def _game(spec: str) -> Rules[Any]:
    """The rules of a spec, kept (a few dozen) so later requests reuse the searched graph."""
    hit = _GAMES.get(spec)
    if hit is None:
        name, _, params = spec.partition(":")
        if entry(name).graph_argument and (params.strip().startswith("@") or not any(c in params for c in "-> ,")):
            # The CLI may read a graph from a file; a web request must never make the server read one.
            raise BadRequest(f"{name}: give the graph inline, like {name}:a->b, b->c")
        hit = make_game(spec)
        _GAMES[spec] = hit
        while len(_GAMES) > 32:
            _GAMES.popitem(last=False)
    else:
        _GAMES.move_to_end(spec)
    return hit


def _forget(game: Rules[Any]) -> None:
    """Drop a game whose search met the budget: its engine keeps the unfinished frontier, which
    the next small question would otherwise pay to expand.  A fresh rules object gets a fresh engine."""
    for spec, g in list(_GAMES.items()):
        if g is game:
            del _GAMES[spec]


def _game_position(request: Request) -> tuple[Rules[Any], Any]:
    game = _game(_text(request, "game"))
    if request.query_params.get("position") is None:
        raise BadRequest("missing parameter 'position'")
    # An empty position text is the game's to judge (some games start from "").
    return game, game.parse(_text(request, "position", required=False))


def _turn(request: Request, game: Rules[Any]) -> str | None:
    """The side to move of a partisan game (required there, refused elsewhere)."""
    value = request.query_params.get("turn", "").strip().lower()
    if not isinstance(game, Partisan):
        if value:
            raise BadRequest(f"parameter 'turn' is for partisan games; {game.spec()} is not one")
        return None
    if value not in SIDES:
        got = f", got {value[:20]!r}" if value else ""
        raise BadRequest(f"{game.spec()} is a partisan game: parameter 'turn' must be left or right{got}")
    return value


def _classify(game: Rules[Any], position: Any, misere: bool, turn: str | None = None) -> PositionValue:
    try:
        pv = classify(game, position, misere=misere, limits=LIMITS, turn=turn)
    except SearchLimitExceeded:
        # A partisan value search leaves only finished values in the rules' value cache: the
        # rules (and that cache) are worth keeping.
        if turn is None:
            _forget(game)
        raise
    if not pv.exact:
        _forget(game)
    return pv


def _moves_json(game: Rules[Any], position: Any, pv: PositionValue) -> dict[str, Any]:
    return {
        "game": game.spec(),
        "position": game.format(position),
        "value": pv.value,
        "remoteness": pv.remoteness,
        "grundy": pv.grundy,
        "exact": pv.exact,
        "over": pv.over,
        "heaps": heaps(game, position),
        "grid": grid(game, position),
        "moves": [m.to_json() for m in pv.moves],
        "partisan": pv.turn is not None,
        "turn": pv.turn,
        "game_value": pv.game_value,
        "outcome": pv.outcome,
    }


# --------------------------------------------------------------------------- endpoints
def games_json() -> list[dict[str, Any]]:
    """Every registered game, with its example split into a spec and a position."""
    out = []
    for e in entries():
        words = shlex.split(e.example)
        names = {e.name, *e.aliases}
        # Examples of non-impartial games start with their command (``negamax tictactoe ...``).
        while len(words) > 1 and words[0].partition(":")[0] not in names:
            words.pop(0)
        spec, rest = words[0], words[1:]
        if e.graph_argument and rest and ":" not in spec:
            spec = f"{spec}:{rest.pop(0)}"
        out.append({**e.describe(), "spec": spec, "position": " ".join(rest), "table": e.table})
    return out


def api_solve(request: Request) -> dict[str, Any]:
    game, position = _game_position(request)
    misere = _flag(request, "misere")
    if not isinstance(game, Impartial):
        raise Unsupported(f"{game.spec()} is not an impartial game; /api/moves classifies its moves")
    try:
        a = solve(game, position, misere=misere, limits=LIMITS)
    except SearchLimitExceeded:
        _forget(game)
        raise
    if a.notes:  # an extra (remoteness, Grundy value) met the budget
        _forget(game)
    return a.to_json(game)


def api_moves(request: Request) -> dict[str, Any]:
    game, position = _game_position(request)
    pv = _classify(game, position, _flag(request, "misere"), _turn(request, game))
    return _moves_json(game, position, pv)


def api_play(request: Request) -> dict[str, Any]:
    game, position = _game_position(request)
    misere = _flag(request, "misere")
    skill = _number(request, "skill", float, 1.0, 0.0, 1.0)
    seed = _number(request, "seed", int, None, 0, 2**63)
    turn = _turn(request, game)
    pv = _classify(game, position, misere, turn)
    m = choose_move(game, pv, skill, random.Random(seed))
    if m is None:
        raise InvalidPosition(f"the game is over: {game.format(position)} has no legal move")
    after = _classify(game, m.position, misere, None if turn is None else other_side(turn))
    return {"move": m.to_json(), "after": _moves_json(game, m.position, after)}


def _value(request: Request) -> tuple[Rules[Any], Any, Game]:
    """The game, the position and its value (canonical form), within the request's caps."""
    game, position = _game_position(request)
    if isinstance(game, Impartial):
        # Sprague–Grundy: the value is the nimber of the Grundy value, from the engine (which
        # knows the closed forms and keeps to the budget); canonical_form would build every option.
        try:
            n = grundy(game, position, limits=LIMITS)
        except SearchLimitExceeded:
            _forget(game)
            raise
        if not isinstance(n, int):
            raise Unsupported("this analysis needs a game without cycles")
        if n > MAX_NIMBER:
            raise SearchLimitExceeded(f"the value is *{n}: nimbers beyond *{MAX_NIMBER} are too big to describe here")
        return game, position, star(n)
    if not isinstance(game, Partisan):
        raise Unsupported(f"{game.spec()} has no game value (it is a scored game); /api/moves classifies its moves")
    # A partisan value search leaves only finished values in the rules' value cache: keep the rules.
    return game, position, canonical_form(game, position, limits=LIMITS)


def api_value(request: Request) -> dict[str, Any]:
    """Exactly the object of ``zermelo value GAME POSITION --json``."""
    game, position, g = _value(request)
    return {"game": game.spec(), "position": game.format(position), **describe(g)}


def api_thermograph(request: Request) -> Response:
    """The thermograph as a PNG, titled as ``zermelo value --thermograph`` titles it."""
    from ..values.plot import save_thermograph, thermograph_title

    game, position, g = _value(request)
    title = thermograph_title(f"{game.spec()} {game.format(position)}", g)
    with tempfile.TemporaryDirectory() as tmp:
        path = save_thermograph(g, Path(tmp) / "thermograph.png", title=title)
        return Response(path.read_bytes(), media_type="image/png")


def api_table(request: Request) -> Response:
    """The game's table as a picture (PNG) or JSON.  Integration point with :mod:`zermelo.tables`."""
    spec = _text(request, "game")
    e = entry(spec.partition(":")[0])
    if e.table is None:
        raise Unsupported(f"{e.name} has no table layout")
    grid = "{n}" not in e.table
    rows = _number(request, "rows", int, 16 if grid else 1, 1, 1000)
    cols = _number(request, "cols", int, 16 if grid else 60, 1, MAX_TABLE_CELLS)
    if rows * cols > MAX_TABLE_CELLS:
        raise BadRequest(f"a table of {rows} x {cols} is too big (at most {MAX_TABLE_CELLS:,} cells)")
    grundy = _flag(request, "grundy")
    misere = _flag(request, "misere")
    fmt = request.query_params.get("format", "png")
    if fmt not in ("png", "json"):
        raise BadRequest(f"parameter 'format' must be png or json, got {fmt[:20]!r}")
    try:
        # Lazily, and typed loosely: the web explorer works (501 here) without zermelo.tables.
        tables: Any = importlib.import_module("zermelo.tables")
    except ImportError:
        return JSONResponse({"error": "tables are not available in this installation (zermelo.tables)"}, 501)
    t = tables.table(_game(spec), (rows, cols) if grid else cols, grundy=grundy, misere=misere, limits=LIMITS)
    if fmt == "json":
        return JSONResponse(t.to_json())
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "table.png"
        tables.render_png(t, str(path))
        return Response(path.read_bytes(), media_type="image/png")


# --------------------------------------------------------------------------- plumbing
_STATUS = {
    BadRequest: 400,
    InvalidGame: 400,
    InvalidPosition: 400,
    Unsupported: 400,
    SearchLimitExceeded: 422,
}


def _status(exc: ZermeloError) -> int:
    for cls, code in _STATUS.items():
        if isinstance(exc, cls):
            return code
    return 400


class Overtime(SearchLimitExceeded):
    """Raised into a request's thread past :data:`BACKSTOP` (it is built with no arguments)."""

    def __init__(self) -> None:
        super().__init__(f"time budget exceeded: the request ran past {BACKSTOP:g} s", seconds=BACKSTOP)


def _raise_in(thread_id: int, exc: type[BaseException] | None) -> None:
    """Make ``exc`` be raised in another thread at its next bytecode (None: withdraw one not yet raised)."""
    ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(thread_id), ctypes.py_object(exc) if exc else None)


@contextmanager
def _backstop(seconds: float) -> Iterator[None]:
    """Interrupt the block with :class:`Overtime` once it has run ``seconds``.

    The searches keep to :data:`LIMITS` themselves, but the value arithmetic (sums, comparisons,
    nimbers, thermographs of long Hackenbush stalks) polls no clock, and a request holds the one
    lock.  As :func:`~zermelo.values.budget.value_budget` does with ``SIGALRM`` in the CLI, a
    watchdog raises into the computation — again every tick until it leaves, in case some code
    swallowed it — and never once the block has ended.
    """
    me = threading.get_ident()
    guard = threading.Lock()
    ended = threading.Event()
    state = {"inside": True, "fired": False}

    def watch() -> None:
        if ended.wait(seconds):
            return
        while True:
            with guard:
                if not state["inside"]:
                    return
                state["fired"] = True
                _raise_in(me, Overtime)
            if ended.wait(0.05):
                return

    def disarm() -> None:
        with guard:
            state["inside"] = False
            _raise_in(me, None)

    watchdog = threading.Thread(target=watch, name="zermelo-backstop", daemon=True)
    watchdog.start()
    try:
        yield
    finally:
        while True:  # an Overtime may land here too: retry until disarmed (then none can come)
            try:
                disarm()
                break
            except Overtime:
                continue
        ended.set()
        if state["fired"]:
            _after_overtime()


def _after_overtime() -> None:
    """Clean up after an interrupted request: it may have stopped anywhere."""
    _repair()  # a number interned half-built
    _GAMES.clear()  # an engine's memo tables mid-update
    pyplot = sys.modules.get("matplotlib.pyplot")
    if pyplot is not None:
        pyplot.close("all")  # a figure being drawn


def _json_endpoint(fn: Callable[[Request], Any]) -> Callable[[Request], Awaitable[Response]]:
    """Run ``fn`` off the event loop, one search at a time; user errors become 4xx JSON."""

    def locked(request: Request) -> Any:
        with _LOCK, _backstop(BACKSTOP), recursion_room():
            return fn(request)

    async def endpoint(request: Request) -> Response:
        try:
            result = await run_in_threadpool(locked, request)
        except ZermeloError as exc:
            return JSONResponse({"error": str(exc)}, _status(exc))
        except RecursionError:
            return JSONResponse({"error": "the position is too deep for this analysis"}, 422)
        return result if isinstance(result, Response) else JSONResponse(result)

    return endpoint


async def _games(request: Request) -> Response:
    return JSONResponse(games_json())


async def _index(request: Request) -> Response:
    return FileResponse(STATIC / "index.html", media_type="text/html")


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    if request.url.path.startswith("/api/"):
        return JSONResponse({"error": exc.detail}, exc.status_code)
    return Response(exc.detail, exc.status_code, media_type="text/plain")


async def _server_error(request: Request, exc: Exception) -> Response:
    # A bug, never user input: still a JSON answer with no traceback.
    return JSONResponse({"error": f"internal error: {type(exc).__name__}"}, 500)


def create_app() -> Starlette:
    """The ASGI application (``uvicorn zermelo.web.app:create_app --factory``)."""
    routes = [
        Route("/", _index),
        Route("/api/games", _games),
        Route("/api/solve", _json_endpoint(api_solve)),
        Route("/api/moves", _json_endpoint(api_moves)),
        Route("/api/play", _json_endpoint(api_play)),
        Route("/api/value", _json_endpoint(api_value)),
        Route("/api/thermograph.png", _json_endpoint(api_thermograph)),
        Route("/api/table", _json_endpoint(api_table)),
        Mount("/static", app=StaticFiles(directory=STATIC), name="static"),
    ]
    return Starlette(routes=routes, exception_handlers={HTTPException: _http_error, Exception: _server_error})
