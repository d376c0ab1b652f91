"""The HTTP protocol ``zermelo serve`` runs: uvicorn's h11 protocol, answering in JSON what it
refuses before the app sees it.

uvicorn answers a request h11 cannot parse (a request head over the limit, a malformed request
line or header, bytes that are not HTTP) with a plain-text ``400 Invalid HTTP request received.``,
and a request target that is not ASCII ends in an exception inside the protocol (the connection
closes with no answer).  Here each gets a JSON ``{"error": ...}`` with the status h11 suggests
(431 for a head over :data:`~zermelo.web.params.MAX_REQUEST_HEAD`, else 400) — the contract of
every other answer of the API.
"""

from __future__ import annotations

import json
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from .params import MAX_QUERY, MAX_REQUEST_HEAD

__all__ = ["JSONErrorsProtocol", "refusal"]

_REASONS = {400: b"Bad Request", 431: b"Request Header Fields Too Large"}


def refusal(exc: Exception | None) -> tuple[int, str]:
    """The status and message of a request refused before the app: ``exc`` is what h11 raised.

    >>> refusal(h11.RemoteProtocolError("Receive buffer too long", error_status_hint=431))[0]
    431
    >>> refusal(UnicodeDecodeError("ascii", b"\\xff", 0, 1, "ordinal not in range(128)"))
    (400, 'bad HTTP request: the request target is not ASCII (percent-encode it)')
    """
    if isinstance(exc, h11.RemoteProtocolError) and exc.error_status_hint == 431:
        return 431, (
            f"the request head is too long (more than {MAX_REQUEST_HEAD // 2**20} MiB;"
            f" a query may have at most {MAX_QUERY:,} bytes)"
        )
    if isinstance(exc, UnicodeError):
        return 400, "bad HTTP request: the request target is not ASCII (percent-encode it)"
    why = str(exc) if isinstance(exc, h11.RemoteProtocolError) and str(exc) else "it is not HTTP/1.1"
    return 400, f"bad HTTP request: {why if len(why) <= 160 else why[:159] + '…'}"


class JSONErrorsProtocol(H11Protocol):
    """uvicorn's h11 protocol whose refusals are JSON (pass it as ``uvicorn.run(http=...)``)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._refused: Exception | None = None
        real = self.conn.next_event

        def next_event() -> Any:  # keep what h11 raised: uvicorn's handler drops it
            try:
                return real()
            except h11.RemoteProtocolError as exc:
                self._refused = exc
                raise

        self.conn.next_event = next_event  # type: ignore[method-assign]

    def handle_events(self) -> None:
        try:
            super().handle_events()
        except UnicodeError as exc:  # uvicorn decodes the target as ASCII: h11 lets other bytes by
            self._refused = exc
            self.send_400_response("")

    def send_400_response(self, msg: str) -> None:
        status, message = refusal(self._refused)
        body = json.dumps({"error": message}).encode()
        if self.conn.our_state not in (h11.IDLE, h11.SEND_RESPONSE):
            self.transport.close()  # an answer is already under way: nothing else can be sent
            return
        head = [(b"content-type", b"application/json"), (b"connection", b"close")]
        for event in (h11.Response(status_code=status, headers=head, reason=_REASONS[status]), h11.Data(data=body)):
            self.transport.write(self.conn.send(event) or b"")
        self.transport.write(self.conn.send(h11.EndOfMessage()) or b"")
        self.transport.close()
