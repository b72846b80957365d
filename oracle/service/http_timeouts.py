"""The HTTP door's read timeouts: a connection must send a request's head (the request line and
its headers) within ``head_seconds`` of opening, or of the previous answer, and its body within
``body_seconds`` of the head; past either it is answered 408 (a Connect error,
``deadline_exceeded``) and closed. The timer is not reset by each byte, so a client that trickles
a header line every few seconds is cut off like a silent one, and a slow client costs one idle
connection for a bounded time, never a worker. Between requests uvicorn's own keep-alive
timeout closes an idle connection sooner.

uvicorn's HTTP/1.1 protocol (h11) has no such timeouts (only the keep-alive one): this module adds
them to it (docs/http.md, "Timeouts").

>>> protocol = timed_protocol(head_seconds=10, body_seconds=30)
>>> protocol.head_seconds, issubclass(protocol, H11Protocol)
(10, True)
"""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

log = logging.getLogger(__name__)

HEAD_SECONDS = 10.0
"""How long a request's line and headers may take to arrive (nginx's ``client_header_timeout``
is 60 s; every question here fits in one packet)."""

BODY_SECONDS = 30.0
"""How long a request's body may take to arrive after its head (4 MiB at 1 Mbit/s)."""


def timeout_answer(what: str, seconds: float) -> bytes:
    """The 408 written to a connection whose request did not arrive in time.

    >>> timeout_answer("head", 1.5).split(b"\\r\\n")[0]
    b'HTTP/1.1 408 Request Timeout'
    """
    body = json.dumps(
        {
            "code": "deadline_exceeded",
            "message": f"the request's {what} did not arrive within {seconds:g} s",
        }
    ).encode()
    head = (
        "HTTP/1.1 408 Request Timeout\r\ncontent-type: application/json\r\n"
        f"content-length: {len(body)}\r\nconnection: close\r\n\r\n"
    )
    return head.encode() + body


class TimedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol with the head and body timeouts of the module's text."""

    head_seconds: float = HEAD_SECONDS
    body_seconds: float = BODY_SECONDS

    _timer: asyncio.TimerHandle | None = None
    _phase: tuple[str, int] | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._watch()

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        self._watch()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._watch()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def _watch(self) -> None:
        """Arm the timer of the phase the connection is in (once per phase), or disarm it."""
        if self.transport.is_closing():
            self._disarm()
            return
        state = self.conn.their_state
        if state is h11.IDLE:
            phase, seconds = ("head", id(self.cycle)), self.head_seconds
        elif state is h11.SEND_BODY:
            phase, seconds = ("body", id(self.cycle)), self.body_seconds
        else:  # the request is in: its answer has the call's own deadline
            self._disarm()
            return
        if phase != self._phase:
            self._disarm()
            self._phase = phase
            self._timer = self.loop.call_later(seconds, self._expire, phase[0], seconds)

    def _disarm(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
        self._timer, self._phase = None, None

    def _expire(self, what: str, seconds: float) -> None:
        self._timer = None
        if self.transport.is_closing():
            return
        log.debug("http: closed %s, its request's %s not in within %g s", self.client, what, seconds)
        cycle: Any = self.cycle  # None before the first request, whatever uvicorn's annotation says
        answered = cycle is not None and bool(cycle.response_started)
        if what == "head" or not answered:
            self.transport.write(timeout_answer(what, seconds))
        self.transport.close()


def timed_protocol(head_seconds: float, body_seconds: float) -> type[TimedH11Protocol]:
    """:class:`TimedH11Protocol` with these timeouts, for one server's configuration."""
    attributes: dict[str, Any] = {"head_seconds": head_seconds, "body_seconds": body_seconds}
    return type("TimedH11Protocol", (TimedH11Protocol,), attributes)
