"""The web explorer: a Starlette app serving one page and a JSON API that mirrors the CLI.

Endpoints (all ``GET``, all answering JSON; bad input is a 4xx with ``{"error": "..."}``):

* ``/api/games`` — every registered game (as ``zermelo games --json``, plus the example split
  into ``spec`` and ``position``).
* ``/api/solve?game=..&position=..&misere=..`` — exactly the object of ``zermelo solve --json``
  (impartial games) or ``zermelo negamax --json`` (scored games).
* ``/api/moves?game=..&position=..&misere=..`` — the position's value for the player to move and
  every legal move classified win / draw / lose with its remoteness (:func:`zermelo.play.classify`).
* ``/api/play?game=..&position=..&misere=..&skill=..&seed=..`` — the computer's move and the
  classified position after it.
* Partisan games (Domineering, Clobber, Toads and Frogs, …) add ``turn=left|right`` to both, the
  side to move; each move then carries ``game_value`` (the canonical form of the position it
  leaves, CGSuite notation), its ``outcome`` class and ``why``, and the answer its ``turn``.
* ``/api/trace?game=..&position=..&plies=..`` — a scored game's alpha-beta search tree, as
  ``zermelo negamax --trace --json`` gives it, and its drawing (``svg``).
* ``/api/value?game=..&position=..`` — the position's value and its facts: exactly the object of
  ``zermelo value GAME POSITION --json``.  Impartial positions are nimbers.
* ``/api/thermograph.png?game=..&position=..`` — the thermograph picture (PNG).
* ``/api/table?game=..&rows=..&cols=..&grundy=..&format=png|json`` — the game's table, from
  :mod:`zermelo.analyses.tables` (imported lazily: 501 when it is not installed).

The analyses (:mod:`zermelo.web.api`) run in a bounded pool of worker processes
(:mod:`zermelo.web.pool`): a class can use the explorer at once, and a request that reaches its
cap (:data:`CAP` seconds) is stopped by replacing its worker.
"""

from __future__ import annotations

import asyncio
import re
import shlex
import sys
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager
from functools import cache
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from ..core.errors import ZermeloError
from ..core.limits import Limits
from ..games.registry import entries, make_game
from .api import LIMITS, MAX_NIMBER, MAX_TABLE_CELLS
from .guard import HEADERS, Guard
from .params import MAX_QUERY, MAX_TEXT, BadRequest
from .pool import MEMORY, WorkerPool, default_size

__all__ = ["CAP", "LIMITS", "MAX_NIMBER", "MAX_TABLE_CELLS", "MAX_TEXT", "BadRequest", "create_app", "games_json"]

#: Seconds after which a request's worker is killed and replaced, whatever it is doing: the
#: searches stop themselves at ``LIMITS.max_seconds``, but value arithmetic polls no clock.
CAP = 2 * (LIMITS.max_seconds or 5.0)

STATIC = Path(__file__).parent / "static"


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
        syntax, examples, cells = _syntax(spec)
        out.append(
            {
                **e.describe(),
                "spec": spec,
                "position": " ".join(rest),
                "table": e.table,
                "help": _help(spec),
                "syntax": syntax,
                "examples": examples,
                "cell_symbols": cells,
            }
        )
    return out


@cache
def _syntax(spec: str) -> tuple[str, list[str], str]:
    """How a position of the game is written, examples, and a grid's cell characters (the board
    editor's): its rules class's own words."""
    try:
        rules = make_game(spec)
    except ZermeloError:
        return "", [], ""
    return rules.syntax, list(rules.examples), rules.cell_symbols


@cache
def _help(spec: str) -> str:
    """A short paragraph on the game's rules: the first paragraph of its module's docstring."""
    try:
        rules = make_game(spec)
    except ZermeloError:
        return ""
    module = sys.modules[type(rules).__module__].__doc__ or ""
    doc = type(rules).__doc__ or "" if ":class:" in module else module  # a module of many games: the class's own
    first = re.sub(r":\w+:`~?([^`]+)`", r"\1", doc.strip().split("\n\n")[0])
    return " ".join(first.replace("``", "").split())


def _pool_endpoint(pool: WorkerPool, name: str) -> Callable[[Request], Awaitable[Response]]:
    """A route answered by a worker of the pool."""

    async def endpoint(request: Request) -> Response:
        query = request.scope.get("query_string", b"")
        if len(query) > MAX_QUERY:
            return JSONResponse({"error": f"the query is too long ({len(query):,} bytes; at most {MAX_QUERY:,})"}, 414)
        client = request.client.host if request.client else None
        try:
            reply = await pool.run(name, dict(request.query_params), client)  # a fair share per address
        except asyncio.CancelledError:
            # The server is stopping (Ctrl-C or SIGTERM) and this answer ran past the grace the stop
            # gives (``serve``'s STOP_SECONDS): its worker is killed, and the page is told why in
            # JSON, not uvicorn's plain-text 500.
            return JSONResponse({"error": "the server is stopping: ask again once it is back"}, 503)
        return Response(reply.body, reply.status, headers=dict(reply.headers), media_type=reply.media_type)

    return endpoint


async def _index(request: Request) -> Response:
    return FileResponse(STATIC / "index.html", media_type="text/html")


async def _favicon(request: Request) -> Response:
    return FileResponse(STATIC / "favicon.svg", media_type="image/svg+xml")


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    if request.url.path.startswith("/api/"):
        return JSONResponse({"error": exc.detail}, exc.status_code)
    return Response(exc.detail, exc.status_code, media_type="text/plain")


async def _server_error(request: Request, exc: Exception) -> Response:
    # A bug, never user input: still a JSON answer with no traceback.  Starlette sends it from
    # outside every middleware (the Guard too), so it carries the security headers itself.
    headers = {k.decode(): v.decode() for k, v in HEADERS}
    return JSONResponse({"error": f"internal error: {type(exc).__name__}"}, 500, headers=headers)


def create_app(
    workers: int | None = None,
    cap: float = CAP,
    memory: int = MEMORY,
    limits: Limits | None = None,
    hosts: Sequence[str] = (),
    user_games: tuple[str, ...] = (),
    local: Sequence[str] = (),
) -> Starlette:
    """The ASGI application (``uvicorn zermelo.web.app:create_app --factory``).

    ``workers`` processes answer the analyses (default :func:`~zermelo.web.pool.default_size`),
    each request within ``cap`` seconds and each worker within ``memory`` bytes of address space;
    ``limits`` replaces the search budget :data:`LIMITS` of every request.  Requests are answered
    for the loopback host names and the bound address ``local`` (on the port they came in on) and
    for the ``hosts`` names (:class:`~zermelo.web.guard.Guard`).  ``user_games`` are
    the user's ``FILE.py:NAME`` of ``zermelo serve --game``, loaded in this process by the command
    line; each worker loads them at its start (a request never names a file to load).
    """
    pool = WorkerPool(workers or default_size(), cap, memory, limits, user_games)

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await pool.start()
        try:
            yield
        finally:
            await pool.close()

    async def games(request: Request) -> Response:
        return JSONResponse(games_json())

    api = {
        "/api/solve": "solve",
        "/api/moves": "moves",
        "/api/play": "play",
        "/api/find": "find",
        "/api/trace": "trace",
        "/api/value": "value",
        "/api/thermograph.png": "thermograph",
        "/api/table": "table",
    }
    routes = [
        Route("/", _index),
        Route("/favicon.ico", _favicon),
        Route("/api/games", games),
        *(Route(path, _pool_endpoint(pool, name)) for path, name in api.items()),
        Mount("/static", app=StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(
        routes=routes,
        lifespan=lifespan,
        exception_handlers={HTTPException: _http_error, Exception: _server_error},
        middleware=[Middleware(Guard, hosts=hosts, local=local)],
    )
    app.state.pool = pool
    return app
