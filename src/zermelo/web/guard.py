"""What every answer of the explorer passes through: the ``Host`` check and the security headers.

**Host.**  A server on 127.0.0.1 is reachable from any web page the user opens, through DNS
rebinding: ``evil.example`` first resolves to the attacker's machine, then to 127.0.0.1, and the
page's scripts read this server as their own origin.  The browser still sends ``Host:
evil.example``, so a request whose ``Host`` is not one of this server's names is refused (421,
Misdirected Request) before any route sees it.  The names are the loopback ones
(:data:`LOCAL_HOSTS`), the address the server is bound to, and those given with ``zermelo serve
--allow-host NAME`` for a real deployment.  A loopback name or the bound address must also carry
the port the request came in on (no port is port 80, as HTTP says): ``Host: 127.0.0.1:9999`` on a
server of port 8000 was meant for another server of this machine, and whatever forwarded it there
(a rebinding page's tunnel, a misconfigured proxy) is not answered.  An ``--allow-host`` name is
matched by name alone: the proxy in front of a deployment owns the port its clients see.

**Headers.**  Every answer carries :data:`HEADERS`: a Content-Security-Policy that lets the page
run only its own scripts and styles (no inline code, no other origin), reach only this server,
and be framed by no one; ``nosniff`` so a JSON error that quotes a request is never read as a page;
no referrer leaves the explorer.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from typing import Any

__all__ = ["ANY_HOST", "HEADERS", "LOCAL_HOSTS", "Guard", "host_name", "host_port"]

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

#: The names of this machine every server answers to.
LOCAL_HOSTS = ("127.0.0.1", "localhost", "[::1]")
#: ``--allow-host '*'``: answer any ``Host`` (behind a proxy that checks it itself).
ANY_HOST = "*"

#: The policy the page works under (tests/test_browser*.py run it): its own module scripts and
#: style sheet, pictures from the API (PNG) or drawn in the page (``blob:``), fetches to itself.
CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' blob:; connect-src 'self'; "
    "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
HEADERS = (
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
    (b"cross-origin-opener-policy", b"same-origin"),
)


def host_name(value: str) -> str:
    """The host of a ``Host`` header, lower case, without its port (``[::1]`` keeps its brackets).

    >>> host_name("LocalHost:8000"), host_name("[::1]:80"), host_name("127.0.0.1"), host_name("localhost.")
    ('localhost', '[::1]', '127.0.0.1', 'localhost')
    """
    v = value.strip().lower()
    if v.startswith("["):
        return v[: v.find("]") + 1] if "]" in v else v
    name, colon, port = v.rpartition(":")
    if colon and port.isascii() and port.isdigit():
        v = name
    return v[:-1] if v.endswith(".") else v


def host_port(value: str) -> int | None:
    """The port of a ``Host`` header, or ``None`` when it names none (HTTP's default: 80).

    >>> host_port("localhost:8000"), host_port("[::1]:80"), host_port("[::1]"), host_port("127.0.0.1")
    (8000, 80, None, None)
    """
    v = value.strip()
    rest = v[v.find("]") + 1 :] if v.startswith("[") else v
    _, colon, port = rest.rpartition(":")
    return int(port) if colon and port.isascii() and port.isdigit() and len(port) <= 5 else None


def _bracketed(host: str) -> str:
    """An address as a ``Host`` header spells it: IPv6 in brackets."""
    h = host.strip().lower()
    return f"[{h}]" if ":" in h and not h.startswith("[") else h


class Guard:
    """ASGI middleware: refuse a foreign ``Host``; add :data:`HEADERS` to every answer.

    ``hosts`` are the names answered besides :data:`LOCAL_HOSTS` (the bound address, the
    ``--allow-host`` names; :data:`ANY_HOST` turns the check off).
    """

    def __init__(self, app: ASGIApp, hosts: Iterable[str] = (), local: Iterable[str] = ()) -> None:
        self.app = app
        names = {_bracketed(h) for h in hosts if h.strip()}
        self.any_host = ANY_HOST in names
        self.local = frozenset({*LOCAL_HOSTS, *(_bracketed(h) for h in local if h.strip())})
        self.hosts = frozenset({*self.local, *names} - {ANY_HOST})

    def allows(self, header: str | None, port: int | None = None) -> bool:
        """Whether a request with this ``Host`` header (None: none sent) is answered, on a server
        listening on ``port`` (None: not known, the port is not checked).  ``hosts`` names are
        matched by name; a loopback name or ``local`` address must carry ``port`` too."""
        if self.any_host:
            return True
        if header is None:
            return False
        name = host_name(header)
        if name not in self.hosts:
            return False
        return port is None or name not in self.local or (host_port(header) or 80) == port

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_guarded(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), *HEADERS]}
            await send(message)

        header = next((v.decode("latin-1") for k, v in scope.get("headers", []) if k == b"host"), None)
        server = scope.get("server")  # (address, port) the request came in on
        if self.allows(header, server[1] if server and len(server) > 1 else None):
            await self.app(scope, receive, send_guarded)
            return
        # The refused name is not echoed back: a page that rebinds learns nothing from the answer.
        names = ", ".join(sorted(self.hosts))
        body = json.dumps({"error": f"this server answers only to the host names {names}"}).encode()
        head = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
        await send_guarded({"type": "http.response.start", "status": 421, "headers": head})
        await send({"type": "http.response.body", "body": body})
