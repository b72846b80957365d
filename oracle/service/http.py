"""HTTP beside gRPC: the oracle's RPCs over the Connect protocol (JSON or binary, and gRPC-Web
for browsers, by the ``connectrpc`` library's ASGI application, :mod:`oracle.service.http_calls`)
and the rule explorer's page (:mod:`oracle.service.http_static`), on one port, served by uvicorn
(docs/http.md says what the door promises: timeouts, limits, CORS, gRPC-Web text mode
(:mod:`oracle.service.http_grpc_web_text`), the size of an answer). A request is the proto's JSON
mapping, posted to
``/shengji.oracle.v1.OracleService/<Method>``::

    curl -H 'Content-Type: application/json' -d '{"variantId": "qq-two-deck"}' \\
        localhost:50052/shengji.oracle.v1.OracleService/GetVariant

:func:`start_http` starts it in a thread of the calling process, on an event loop of its own,
and returns once it listens; :meth:`RunningHttp.stop` is its part of the shutdown sequence.

>>> running = start_http(port=0, host="127.0.0.1")
>>> import json, urllib.request
>>> request = urllib.request.Request(
...     f"http://127.0.0.1:{running.port}/shengji.oracle.v1.OracleService/GetVariant",
...     data=b'{"variantId": "qq-one-deck"}', headers={"Content-Type": "application/json"})
>>> json.load(urllib.request.urlopen(request))["variant"]["deal"]["decks"]
1
>>> running.stop()
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import socket
import threading
import time
from dataclasses import dataclass
from typing import Any

import uvicorn

from oracle.service.http_calls import OracleCalls, connect_application
from oracle.service.http_cors import ANY_ORIGIN, CorsPolicy
from oracle.service.http_grpc_web_text import is_text, serve_text
from oracle.service.http_static import ExplorerFiles
from oracle.service.http_timeouts import BODY_SECONDS, HEAD_SECONDS, timed_protocol
from oracle.service.limits import MAX_ANSWER_BYTES, MAX_MESSAGE_BYTES
from oracle.service.servicer import SERVICE_NAME, OracleService
from oracle.service.workers import WorkerPool

log = logging.getLogger(__name__)

DEFAULT_HTTP_PORT = 50052
"""The HTTP port with the default gRPC port (50051): one above it."""

HTTP_PORT_ENV = "SHENGJI_ORACLE_HTTP_PORT"


def http_port_from_env() -> int | None:
    """``SHENGJI_ORACLE_HTTP_PORT``, or ``None`` when it is not set (the port then follows the
    gRPC port: see :func:`http_port`).

    >>> os.environ[HTTP_PORT_ENV] = "8080"; http_port_from_env()
    8080
    >>> del os.environ[HTTP_PORT_ENV]; http_port_from_env() is None
    True
    """
    value = os.environ.get(HTTP_PORT_ENV, "")
    try:
        return int(value) if value else None
    except ValueError:
        raise SystemExit(f"shengji-oracle: {HTTP_PORT_ENV}={value!r} is not a port number") from None


def http_port(chosen: int | None, grpc_port: int) -> int | None:
    """The HTTP port: the one chosen (-1: no HTTP, ``None``); else one above the gRPC port,
    or any free port when the gRPC port was left to the system (``--port 0``).

    >>> http_port(None, 50051), http_port(None, 0), http_port(8080, 50051), http_port(-1, 50051)
    (50052, 0, 8080, None)
    """
    if chosen is None:
        return grpc_port + 1 if grpc_port else 0
    return None if chosen < 0 else chosen


KEEP_ALIVE_SECONDS = 5
"""How long a connection may sit idle between two requests (uvicorn's ``timeout_keep_alive``)."""

QUEUED_PER_WORKER = 4
"""Calls that may wait for a worker, per worker, before one more is refused (503)."""

MAX_HEAD_BYTES = 16 * 1024
"""The most bytes of a request head (line and headers) held while it is incomplete; past them
the request is refused with 400 (h11's ``max_incomplete_event_size``)."""

BACKLOG = 2048
"""Connections the system may hold for the door before it accepts them."""

STOP_SECONDS = 2.0
"""How long the server may take to close once its calls are answered or abandoned."""

_GRPC = ("application/grpc", "application/grpc+")


@dataclass(frozen=True)
class HttpLimits:
    """The door's timeouts and limits (docs/http.md); the defaults are the server's."""

    head_seconds: float = HEAD_SECONDS
    body_seconds: float = BODY_SECONDS
    keep_alive_seconds: int = KEEP_ALIVE_SECONDS
    max_message_bytes: int = MAX_MESSAGE_BYTES
    answer_bytes: int = MAX_ANSWER_BYTES
    queued_per_worker: int = QUEUED_PER_WORKER


DEFAULT_LIMITS = HttpLimits()


class HttpDoor:
    """The ASGI application of the port: the RPCs under ``/shengji.oracle.v1.OracleService/``
    (with the CORS policy's headers, preflights answered here), the explorer's files elsewhere."""

    prefix = f"/{SERVICE_NAME}/"

    def __init__(self, calls: OracleCalls, cors: CorsPolicy, max_message_bytes: int) -> None:
        self.calls = calls
        self.cors = cors
        self.connect = connect_application(calls, max_message_bytes)
        self.max_message_bytes = max_message_bytes
        self.files = ExplorerFiles()

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            return  # lifespan is off, websockets are not served
        if not scope["path"].startswith(self.prefix):
            await _respond(send, *self.files.answer(scope["method"], scope["path"]))
            return
        headers = {key.decode("latin-1"): value.decode("latin-1") for key, value in scope["headers"]}
        cors = self.cors.headers(headers.get("origin"))
        if scope["method"] == "OPTIONS":
            preflight = self.cors.preflight_headers(headers.get("origin"))
            await _respond(send, 204, [*preflight, (b"allow", b"GET, POST, OPTIONS")], b"")
            return
        content_type = headers.get("content-type", "").lower()
        if content_type == _GRPC[0] or content_type.startswith(_GRPC[1]):
            await _respond(send, *_connect_error(
                415, "unimplemented", "gRPC is served on the gRPC port (HTTP/2), not on this one; "
                "here: Connect (application/json, application/proto) and gRPC-Web", cors))
            return

        async def send_with_cors(message: Any) -> None:
            if message["type"] == "http.response.start" and cors:
                message = {**message, "headers": [*message.get("headers", ()), *cors]}
            await send(message)

        if is_text(content_type):
            await serve_text(self.connect, scope, receive, send_with_cors, self.max_message_bytes)
            return
        await self.connect(scope, receive, send_with_cors)


def _connect_error(
    status: int, code: str, message: str, headers: list[tuple[bytes, bytes]]
) -> tuple[int, list[tuple[bytes, bytes]], bytes]:
    body = json.dumps({"code": code, "message": message}).encode()
    return status, [(b"content-type", b"application/json"), *headers], body


async def _respond(send: Any, status: int, headers: list[tuple[bytes, bytes]], body: bytes) -> None:
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body, "more_body": False})


@dataclass
class RunningHttp:
    """A started HTTP door: its uvicorn server, port, thread, event loop and calls."""

    server: uvicorn.Server
    port: int
    thread: threading.Thread
    loop: asyncio.AbstractEventLoop
    calls: OracleCalls

    @property
    def abandoned(self) -> int:
        """Calls still running when :meth:`stop`'s grace period ended."""
        return self.calls.abandoned

    def stop(self, grace: float | None = 0.0) -> None:
        """The door's part of the shutdown sequence: no new connection; idle ones closed; calls
        in flight given at most ``grace`` seconds (``None``: none), then answered
        ``unavailable`` and their work told to stop (:attr:`abandoned` counts them)."""
        self.server.should_exit = True
        self.thread.join((grace or 0.0) + 0.2)  # the server looks at should_exit every 0.1 s
        if self.thread.is_alive():
            try:
                self.loop.call_soon_threadsafe(self.calls.abandon)
            except RuntimeError:  # the loop closed since the join: the server is done, none left
                pass
            self.thread.join(STOP_SECONDS)
        if self.thread.is_alive():  # a connection still sending its body, say
            self.server.force_exit = True
            self.thread.join(STOP_SECONDS)
        self.calls.pool.shutdown(wait=False, cancel_futures=True)


def start_http(
    port: int = DEFAULT_HTTP_PORT,
    host: str = "localhost",
    *,
    workers: int = 8,
    service: OracleService | None = None,
    reuse_port: bool = False,
    cors: CorsPolicy = ANY_ORIGIN,
    limits: HttpLimits = DEFAULT_LIMITS,
) -> RunningHttp:
    """Serve :class:`HttpDoor` on ``host:port`` (0: a free port), its calls answered on
    ``workers`` threads of its own; ``reuse_port`` lets several processes serve one port
    (SO_REUSEPORT). Raises ``OSError`` when the address cannot be bound."""
    sock = _listen(host, port, reuse_port)
    _quiet_uvicorn()
    pool = WorkerPool(workers, name="oracle-http")
    calls = OracleCalls(
        service or OracleService(),
        pool,
        max_calls=workers * (1 + limits.queued_per_worker),
        answer_bytes=limits.answer_bytes,
    )
    config = uvicorn.Config(
        HttpDoor(calls, cors, limits.max_message_bytes),
        http=timed_protocol(limits.head_seconds, limits.body_seconds),
        ws="none",
        lifespan="off",
        interface="asgi3",
        log_config=None,
        access_log=False,
        server_header=False,
        proxy_headers=False,
        timeout_keep_alive=limits.keep_alive_seconds,
        h11_max_incomplete_event_size=MAX_HEAD_BYTES,
        backlog=BACKLOG,
    )
    server = uvicorn.Server(config)
    loop = asyncio.new_event_loop()
    thread = threading.Thread(
        target=_serve, args=(loop, server, sock), name="oracle-http", daemon=True
    )
    thread.start()
    while not server.started and thread.is_alive():
        time.sleep(0.01)
    if not server.started:
        pool.shutdown(wait=False)
        raise OSError(f"the HTTP server did not start on {host}:{port}")
    return RunningHttp(server, int(sock.getsockname()[1]), thread, loop, calls)


def _quiet_uvicorn() -> None:
    """uvicorn's own log at ERROR unless the server's is at DEBUG: its lines on starting and
    stopping repeat the server's, and its warning for each malformed request is a client's to
    log, not the server's (the client has its 400)."""
    own = logging.getLogger("uvicorn.error")
    if own.level == logging.NOTSET and not log.isEnabledFor(logging.DEBUG):
        own.setLevel(logging.ERROR)


def _serve(loop: asyncio.AbstractEventLoop, server: uvicorn.Server, sock: socket.socket) -> None:
    asyncio.set_event_loop(loop)
    try:
        loop.run_until_complete(server.serve(sockets=[sock]))
    finally:
        with contextlib.suppress(Exception):
            loop.run_until_complete(loop.shutdown_asyncgens())
        loop.close()
        sock.close()


def _listen(host: str, port: int, reuse_port: bool) -> socket.socket:
    """A socket bound to ``host:port``: IPv6 for an IPv6 address, else IPv4 (``localhost`` is
    127.0.0.1); SO_REUSEADDR (a port in TIME_WAIT, never a second listener)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    # IPPROTO_TCP named, so that asyncio sets TCP_NODELAY on the accepted connections (it looks
    # at their protocol): a head and a body written apart would otherwise wait 40 ms for an ack
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        if reuse_port:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
        sock.bind((host.strip("[]"), port))
        sock.listen(BACKLOG)
    except BaseException:
        sock.close()
        raise
    sock.setblocking(False)
    return sock
