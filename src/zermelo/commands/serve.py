"""``zermelo serve [--port N] [--host 127.0.0.1] [--workers N]``: the web explorer, on this machine only by default."""

from __future__ import annotations

import argparse
import math
import socket
import sys
from typing import Any
from urllib.parse import urlencode

from ..core.errors import InvalidPosition, ZermeloError
from . import SUMMARY


class ServeError(ZermeloError):
    """The server cannot start (a busy port, an unknown address)."""


def add(sub: Any) -> None:
    p = sub.add_parser("serve", help=SUMMARY["serve"])
    p.add_argument("--port", type=int, default=8000, metavar="N", help="the port (default 8000)")
    p.add_argument(
        "--host",
        default="127.0.0.1",
        help="the address to listen on (default 127.0.0.1: this machine; 0.0.0.0: every interface, with a warning)",
    )
    p.add_argument(
        "--allow-host",
        action="append",
        default=[],
        metavar="NAME",
        help="also answer requests for this host name (a real deployment's name; the loopback names and"
        " the --host address always are; '*' answers any, for a proxy that checks it)",
    )
    p.add_argument(
        "--workers",
        type=int,
        default=None,
        metavar="N",
        help="worker processes answering analyses at once (default: the cores + 4, at least 6)",
    )
    p.add_argument(
        "--head-timeout",
        type=float,
        default=None,
        metavar="SECONDS",
        help="close a connection whose request head has not arrived whole in this time (default 10)",
    )
    p.add_argument(
        "--game",
        dest="user_game",
        default=None,
        metavar="FILE.py:NAME",
        help="serve your own game too (a decorated options function, a class or an instance in FILE.py)",
    )
    p.set_defaults(run=run)


def _check_free(host: str, port: int) -> None:
    """A clear one-line error for a busy port or an unknown host, before uvicorn starts."""
    try:
        with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as s:
            s.bind((host, port))
    except OSError as exc:
        raise ServeError(f"cannot listen on {host}:{port}: {exc.strerror or exc} (try another --port)") from None


#: Addresses that listen on every interface.
EVERY_INTERFACE = ("0.0.0.0", "::", "[::]")


def _check_host(host: str) -> str:
    """The address to listen on; an empty one (uvicorn would bind every interface) is refused."""
    h = host.strip()
    if not h:
        raise ServeError("--host is empty: name an address (127.0.0.1, or 0.0.0.0 for every interface on purpose)")
    if h in EVERY_INTERFACE:
        print(
            f"zermelo: warning: listening on every interface ({h}): anyone who can reach this machine can use"
            " the explorer (it answers only the loopback names and --allow-host NAME)",
            file=sys.stderr,
        )
    return h.strip("[]") if h.startswith("[") else h


#: How long answers still running may take once the server is asked to stop.
STOP_SECONDS = 1


def run(args: argparse.Namespace) -> int:
    args.host = _check_host(args.host)
    if not 0 <= args.port <= 65535:
        raise InvalidPosition(f"--port must be between 0 and 65535, got {args.port}")
    if args.workers is not None and not 1 <= args.workers <= 64:
        raise InvalidPosition(f"--workers must be between 1 and 64, got {args.workers}")
    head_timeout = args.head_timeout
    if head_timeout is not None and not (math.isfinite(head_timeout) and 0 < head_timeout <= 3600):
        raise InvalidPosition(f"--head-timeout must be between 0 and 3600 seconds, got {head_timeout}")
    games: tuple[str, ...] = ()
    if args.user_game is not None:
        from ..rules.userfile import is_file_spec

        if not is_file_spec(args.user_game):  # the built-in games are served anyway
            raise InvalidPosition(f"--game takes your file's game, FILE.py:NAME, got {args.user_game!r}")
        games = (args.user_game.strip(),)  # loaded already, by the command line (cli.main)
    _check_free(args.host, args.port)
    import uvicorn

    from ..web.app import create_app
    from ..web.params import MAX_REQUEST_HEAD
    from ..web.protocol import HEAD_TIMEOUT, protocol

    head_timeout = HEAD_TIMEOUT if head_timeout is None else head_timeout
    at = f"?{urlencode({'game': games[0]})}" if games else ""
    print(f"zermelo explorer on http://{args.host}:{args.port}/{at}  (Ctrl-C stops it)", file=sys.stderr)
    uvicorn.run(
        create_app(
            workers=args.workers,
            hosts=args.allow_host,
            local=[] if args.host in EVERY_INTERFACE else [args.host],
            user_games=games,
        ),
        host=args.host,
        port=args.port,
        log_level="warning",
        h11_max_incomplete_event_size=MAX_REQUEST_HEAD,  # a long query reaches the app: a JSON 414
        http=protocol(head_timeout),  # JSON refusals (a head too long); a deadline on each request head
        # Ctrl-C or SIGTERM stops the server within seconds: answers still running (up to a request's
        # cap) get this long, then they are cancelled and their workers killed (uvicorn waits for
        # them without end otherwise: a stop took the 10 s cap, or longer with requests queued)
        timeout_graceful_shutdown=STOP_SECONDS,
    )
    return 0
