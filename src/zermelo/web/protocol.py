"""The HTTP protocol ``zermelo serve`` runs: uvicorn's h11 protocol, answering in JSON what it
refuses before the app sees it.

uvicorn answers a request h11 cannot parse (a request head over the limit, a malformed request
line or header, bytes that are not HTTP) with a plain-text ``400 Invalid HTTP request received.``,
and a request target that is not ASCII ends in an exception inside the protocol (the connection
closes with no answer).  Here each gets a JSON ``{"error": ...}`` with the status h11 suggests
(431 for a head over :data:`~zermelo.web.params.MAX_REQUEST_HEAD`, else 400) — the contract of
every other answer of the API.

It also bounds what a connection may hold (slow-loris): a request head must arrive whole within
``head_timeout`` seconds of the connection's start or of the previous answer (:data:`HEAD_TIMEOUT`;
uvicorn has no such timeout, and 200 connections trickling a header byte now and then were held
for good), else a JSON 408 and the connection is closed; a head is at most
:data:`~zermelo.web.params.MAX_REQUEST_HEAD` bytes; one client address holds at most
:data:`MAX_CONNECTIONS_PER_CLIENT` connections and the server :data:`MAX_CONNECTIONS` (more are
closed as they open).  Its answers carry the security headers every answer of the app carries
(:data:`~zermelo.web.guard.HEADERS`).
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from .guard import HEADERS
from .params import MAX_QUERY, MAX_REQUEST_HEAD

__all__ = ["HEAD_TIMEOUT", "MAX_CONNECTIONS", "MAX_CONNECTIONS_PER_CLIENT", "JSONErrorsProtocol", "protocol", "refusal"]

_REASONS = {400: b"Bad Request", 408: b"Request Timeout", 431: b"Request Header Fields Too Large"}
#: Seconds a connection has to send a whole request head.
HEAD_TIMEOUT = 10.0
#: Connections one client address may hold at once (a browser opens six per server).
MAX_CONNECTIONS_PER_CLIENT = 64
#: Connections the server holds at once.
MAX_CONNECTIONS = 1024


def refusal(exc: Exception | None) -> tuple[int, str]:
    """The status and message of a request refused before the app: ``exc`` is what h11 raised.

    >>> refusal(h11.RemoteProtocolError("Receive buffer too long", error_status_hint=431))[0]
    431
    >>> refusal(UnicodeDecodeError("ascii", b"\\xff", 0, 1, "ordinal not in range(128)"))
    (400, 'bad HTTP request: the request target is not ASCII (percent-encode it)')
    """
    if isinstance(exc, h11.RemoteProtocolError) and exc.error_status_hint == 431:
        return 431, (
            f"the request head is too long (more than {MAX_REQUEST_HEAD // 1024} KiB;"
            f" a query may have at most {MAX_QUERY:,} bytes)"
        )
    if isinstance(exc, TimeoutError):
        return 408, str(exc)
    if isinstance(exc, UnicodeError):
        return 400, "bad HTTP request: the request target is not ASCII (percent-encode it)"
    why = str(exc) if isinstance(exc, h11.RemoteProtocolError) and str(exc) else "it is not HTTP/1.1"
    return 400, f"bad HTTP request: {why if len(why) <= 160 else why[:159] + '…'}"


class JSONErrorsProtocol(H11Protocol):
    """uvicorn's h11 protocol whose refusals are JSON, with a deadline on each request head (pass
    it, or :func:`protocol`'s, as ``uvicorn.run(http=...)``)."""

    head_timeout: float = HEAD_TIMEOUT

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._refused: Exception | None = None
        self._head_timer: asyncio.TimerHandle | None = None
        real = self.conn.next_event

        def next_event() -> Any:  # keep what h11 raised: uvicorn's handler drops it
            try:
                return real()
            except h11.RemoteProtocolError as exc:
                self._refused = exc
                raise

        self.conn.next_event = next_event  # type: ignore[method-assign]

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        host = self.client[0] if self.client else None
        mine = sum(_host_of(c) == host for c in self.connections) if host else 0
        if len(self.connections) > MAX_CONNECTIONS or mine > MAX_CONNECTIONS_PER_CLIENT:
            transport.close()  # nothing read yet, nothing held
            return
        self._await_head()

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_timer()
        super().connection_lost(exc)

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing():
            self._await_head()  # the next request's head has the same deadline

    def _await_head(self) -> None:
        """Start the deadline of the next request head (unless one has already arrived, pipelined)."""
        self._stop_timer()
        if self.conn.their_state is h11.IDLE:
            self._head_timer = self.loop.call_later(self.head_timeout, self._head_too_slow)

    def _stop_timer(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None

    def _head_too_slow(self) -> None:
        self._head_timer = None
        if self.transport.is_closing() or self.conn.their_state is not h11.IDLE:
            return
        if not self.conn.trailing_data[0]:  # nothing of a request arrived: closed as an idle keep-alive
            self.transport.close()
            return
        self._refused = TimeoutError(f"the request head did not arrive within {self.head_timeout:g} s")
        self.send_400_response("")

    def handle_events(self) -> None:
        try:
            super().handle_events()
        except UnicodeError as exc:  # uvicorn decodes the target as ASCII: h11 lets other bytes by
            self._refused = exc
            self.send_400_response("")
        if self.conn.their_state is not h11.IDLE:
            self._stop_timer()  # a whole head arrived (or the connection is done)

    def send_400_response(self, msg: str) -> None:
        status, message = refusal(self._refused)
        body = json.dumps({"error": message}).encode()
        if self.conn.our_state not in (h11.IDLE, h11.SEND_RESPONSE):
            self.transport.close()  # an answer is already under way: nothing else can be sent
            return
        head = [(b"content-type", b"application/json"), (b"connection", b"close"), *HEADERS]
        for event in (h11.Response(status_code=status, headers=head, reason=_REASONS[status]), h11.Data(data=body)):
            self.transport.write(self.conn.send(event) or b"")
        self.transport.write(self.conn.send(h11.EndOfMessage()) or b"")
        self.transport.close()


def _host_of(connection: Any) -> str | None:
    """The client address of a connection (None before it is known)."""
    client = getattr(connection, "client", None)
    return str(client[0]) if client else None


def protocol(head_timeout: float = HEAD_TIMEOUT) -> type[JSONErrorsProtocol]:
    """:class:`JSONErrorsProtocol` with another deadline on request heads."""
    return type("JSONErrorsProtocol", (JSONErrorsProtocol,), {"head_timeout": head_timeout})
